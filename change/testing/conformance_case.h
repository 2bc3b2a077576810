// Test helpers for the conformance files: list a case directory, load a case, read its
// render options, and tally results for a one-line summary.
#ifndef PLANVIEW_CHANGE_TESTING_CONFORMANCE_CASE_H_
#define PLANVIEW_CHANGE_TESTING_CONFORMANCE_CASE_H_

#include <memory>
#include <string>
#include <vector>

#include "change/diff.h"
#include "structured/json_value.h"

namespace planview::change::testing {

struct CaseFile {
  std::string name;  // file name without ".json"
  std::string path;
};

// The *.json files in `dir` (relative to the test's working directory), sorted by name.
std::vector<CaseFile> ListCases(const std::string& dir);

// A parameter name gtest accepts: [A-Za-z0-9_] only.
std::string TestName(const std::string& case_name);

struct LoadedCase {
  std::shared_ptr<const structured::Document> document;
  structured::Value root;
  std::string error;  // set when the file could not be read or parsed
};
LoadedCase LoadCase(const std::string& path);

// Reads {"show_unchanged_children": ..., ...} into `opts` (colorize left as it is).
void ReadRenderOpts(const structured::Value& json, RenderOpts& opts);

// The JSON string at `key`, or "" (with *found false) when it is missing or not a string.
std::string StringAt(const structured::Value& object, std::string_view key, bool* found = nullptr);

// Byte-exact comparison with a readable failure message (first differing offset, both
// texts).
std::string DescribeMismatch(const std::string& expected, const std::string& actual);

}  // namespace planview::change::testing

#endif  // PLANVIEW_CHANGE_TESTING_CONFORMANCE_CASE_H_
