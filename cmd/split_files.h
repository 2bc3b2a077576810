// --split DIR: writing a Markdown comment's parts as DIR/comment-1.md ... comment-N.md.
// DIR is created (with its parents) when missing. An existing DIR is used as it is: its
// comment-<number>.md files from an earlier run are removed first (so that no stale part
// survives a shorter plan); no other file in it is touched.
#ifndef PLANVIEW_CMD_SPLIT_FILES_H_
#define PLANVIEW_CMD_SPLIT_FILES_H_

#include <string>
#include <vector>

#include "base/expected.h"

namespace planview::cmd {

// The paths written, in order; or the error (one line: "--split: cannot write
// DIR/comment-2.md: Permission denied") when the directory or a file cannot be made.
base::Expected<std::vector<std::string>> WriteSplitParts(const std::string& dir, const std::vector<std::string>& parts);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_SPLIT_FILES_H_
