// Helpers for the golden (conformance) tests of the renderer and the binary: case files,
// JSON text of sub-values, byte-exact comparison and the per-suite summary lines
// ("SUITE: N passed, M failed") the test log shows.
#ifndef PLANVIEW_RENDERER_TESTING_GOLDEN_H_
#define PLANVIEW_RENDERER_TESTING_GOLDEN_H_

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "structured/json_value.h"

namespace planview::renderer::testing {

// Files under `dir` (relative to the runfiles root) whose names end in `suffix`, sorted.
std::vector<std::string> ListFiles(const std::string& dir, std::string_view suffix);
// Sub-directories of `dir`, sorted by name.
std::vector<std::string> ListDirs(const std::string& dir);

// The whole file, or "" with `ok` false.
std::string ReadFile(const std::string& path, bool* ok = nullptr);
// The lines of `text`, without their '\n' (a last line without one included).
std::vector<std::string> SplitLines(std::string_view text);

struct Json {
  std::shared_ptr<const structured::Document> document;
  structured::Value root;
};
// Parses a file; fails the current test (and returns an empty root) on error.
Json LoadJson(const std::string& path);

// `value` as compact JSON text (exact number text), to feed a sub-document to a parser.
std::string JsonText(structured::Value value);
std::string StringAt(structured::Value object, std::string_view key);

// "" when equal, else where the texts first differ and both texts.
std::string Mismatch(std::string_view expected, std::string_view actual);

// Counts passes and failures per suite and prints the summary lines at exit.
class Tally {
 public:
  static Tally& Get();
  void Record(const std::string& suite, bool passed);
  int failed(const std::string& suite) const;
  void Print() const;

 private:
  std::map<std::string, std::pair<int, int>> counts_;
};

}  // namespace planview::renderer::testing

#endif  // PLANVIEW_RENDERER_TESTING_GOLDEN_H_
