#include "renderer/testing/golden.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "gtest/gtest.h"
#include "structured/compact_json.h"
#include "structured/json_parse.h"

namespace planview::renderer::testing {

std::vector<std::string> ListFiles(const std::string& dir, std::string_view suffix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() >= suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
      out.push_back(entry.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> ListDirs(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.is_directory()) out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string ReadFile(const std::string& path, bool* ok) {
  std::ifstream in(path, std::ios::binary);
  if (ok != nullptr) *ok = static_cast<bool>(in);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

Json LoadJson(const std::string& path) {
  bool ok = false;
  std::string text = ReadFile(path, &ok);
  EXPECT_TRUE(ok) << "cannot read " << path;
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) {
    ADD_FAILURE() << parsed.error().ToString(path);
    return {};
  }
  return {parsed.value(), parsed.value()->root()};
}

std::string JsonText(structured::Value value) {
  std::string out;
  structured::AppendCompactJson(out, value);
  return out;
}

std::string StringAt(structured::Value object, std::string_view key) {
  structured::Value v = object.find(key);
  return v.is_string() ? std::string(v.text()) : std::string();
}

std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string Mismatch(std::string_view expected, std::string_view actual) {
  if (expected == actual) return "";
  size_t at = 0;
  while (at < expected.size() && at < actual.size() && expected[at] == actual[at]) ++at;
  return fmt::format("first difference at byte {}\n--- expected ---\n{}\n--- actual ---\n{}\n---", at, expected,
                     actual);
}

Tally& Tally::Get() {
  static Tally tally;
  static const bool registered = [] { return std::atexit([] { Tally::Get().Print(); }) == 0; }();
  (void)registered;
  return tally;
}

void Tally::Record(const std::string& suite, bool passed) {
  auto& c = counts_[suite];
  (passed ? c.first : c.second)++;
}

int Tally::failed(const std::string& suite) const {
  auto it = counts_.find(suite);
  return it == counts_.end() ? 0 : it->second.second;
}

void Tally::Print() const {
  for (const auto& [suite, c] : counts_) std::printf("%s: %d passed, %d failed\n", suite.c_str(), c.first, c.second);
  std::fflush(stdout);
}

}  // namespace planview::renderer::testing
