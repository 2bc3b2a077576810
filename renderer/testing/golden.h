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
  int passed(const std::string& suite) const;
  int failed(const std::string& suite) const;
  void Print() const;

  // A suite still being brought up: its failing cases are printed, not test failures, and
  // the test fails only when fewer than `min_passed` cases pass (a ratchet).
  void Tolerate(const std::string& suite, int min_passed) { floors_[suite] = min_passed; }
  // The floor of a tolerated suite, or -1.
  int floor(const std::string& suite) const;

 private:
  std::map<std::string, std::pair<int, int>> counts_;
  std::map<std::string, int> floors_;
};

// Marks `suite` tolerated with `min_passed` (see Tally::Tolerate) while in scope, unless
// `min_passed` is negative; on leaving the scope the test fails if fewer cases passed.
class Ratchet {
 public:
  Ratchet(std::string suite, int min_passed);
  ~Ratchet();

 private:
  std::string suite_;
  int min_passed_;
};

}  // namespace planview::renderer::testing

#endif  // PLANVIEW_RENDERER_TESTING_GOLDEN_H_
