#include "change/testing/conformance_case.h"

#include <algorithm>
#include <filesystem>

#include "fmt/format.h"
#include "structured/json_parse.h"

namespace planview::change::testing {

std::vector<CaseFile> ListCases(const std::string& dir) {
  std::vector<CaseFile> cases;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    cases.push_back({entry.path().stem().string(), entry.path().string()});
  }
  std::sort(cases.begin(), cases.end(), [](const CaseFile& a, const CaseFile& b) { return a.name < b.name; });
  return cases;
}

std::string TestName(const std::string& case_name) {
  std::string name = case_name;
  for (char& c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) c = '_';
  }
  return name;
}

LoadedCase LoadCase(const std::string& path) {
  LoadedCase loaded;
  std::string text;
  if (!structured::ReadInputFile(path, text, loaded.error)) return loaded;
  structured::ParseResult result = structured::ParseJson(std::move(text));
  if (!result.ok()) {
    loaded.error = result.error ? result.error->ToString(path) : "parse error in " + path;
    return loaded;
  }
  loaded.document = result.document;
  loaded.root = loaded.document->root();
  return loaded;
}

void ReadRenderOpts(const structured::Value& json, RenderOpts& opts) {
  opts.show_unchanged_children = json.find("show_unchanged_children").as_bool();
  opts.hide_diff_action_symbols = json.find("hide_diff_action_symbols").as_bool();
  opts.override_null_suffix = json.find("override_null_suffix").as_bool();
  opts.override_forces_replacement = json.find("override_forces_replacement").as_bool();
  opts.show_sensitive = json.find("show_sensitive").as_bool();
}

std::string StringAt(const structured::Value& object, std::string_view key, bool* found) {
  structured::Value v = object.find(key);
  if (found != nullptr) *found = v.is_string();
  return v.is_string() ? std::string(v.text()) : std::string();
}

std::string DescribeMismatch(const std::string& expected, const std::string& actual) {
  if (expected == actual) return "";
  size_t at = 0;
  while (at < expected.size() && at < actual.size() && expected[at] == actual[at]) ++at;
  return fmt::format("first difference at byte {}\n--- expected ---\n{}\n--- actual ---\n{}\n---", at, expected,
                     actual);
}

}  // namespace planview::change::testing
