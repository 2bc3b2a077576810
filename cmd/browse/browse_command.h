// `planview browse FILE [--schemas FILE] [--mode MODE] [--show-sensitive] [--product P]`:
// the plan in a full-screen terminal viewer (curses_screen.h). Input errors are the plain
// viewer's one-line messages (exit 1); usage errors and a standard output that is not a
// terminal exit 2, the latter pointing to `planview FILE`.
#ifndef PLANVIEW_CMD_BROWSE_BROWSE_COMMAND_H_
#define PLANVIEW_CMD_BROWSE_BROWSE_COMMAND_H_

#include <cstdio>
#include <span>
#include <string>

#include "base/executor.h"
#include "cmd/terminal.h"

namespace planview::cmd {

// `args` are the words after `browse`; `executor`: where parsing runs in parallel.
int RunBrowse(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err,
              base::Executor* executor = nullptr);

std::string BrowseUsageText();

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_BROWSE_BROWSE_COMMAND_H_
