// Test helpers for the conformance files: list a case directory, load a case, read its
// render options, compare renderings, and print a one-line summary of the results.
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

// Renders `diff` at `indent` with colour off and with colour on (`opts.colorize` is
// replaced) and compares each with the case's `oracle_output` / `oracle_output_color`;
// "" when both match.
std::string RenderingMismatch(const Diff& diff, int indent, RenderOpts opts, const structured::Value& expected);

// Runs every test, then prints "LABEL: N passed, M failed" for the test suite named
// `suite` (e.g. "Upstream/DifferConformance"). Returns RUN_ALL_TESTS()'s result.
int RunTestsWithSummary(int argc, char** argv, const std::string& label, const std::string& suite);
// The same with one summary line per {label, suite} pair.
struct SummaryLine {
  std::string label;
  std::string suite;
};
int RunTestsWithSummaries(int argc, char** argv, const std::vector<SummaryLine>& lines);

}  // namespace planview::change::testing

#endif  // PLANVIEW_CHANGE_TESTING_CONFORMANCE_CASE_H_
