// The two-thread parse (skipped top-level members checked on a second thread) must give
// exactly what the one-thread parse gives: the same document, or the same error.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "base/executor.h"
#include "structured/internal/parse_threshold.h"
#include "structured/json_parse.h"

namespace planview::structured {
namespace {

ParseOptions Serial() {
  ParseOptions options;
  options.skip_top_level_keys = {"planned_values", "prior_state", "configuration", "variables", "checks"};
  return options;
}

// The parse with the skipped members checked on helper threads, whatever the size.
ParseResult ParseParallel(const std::string& text) {
  static base::Executor executor(3);
  ParseOptions options = Serial();
  options.executor = &executor;
  return internal::ParseJsonWithThreshold(text, options, 0);
}

// Empty when both parses agree, else what differs.
std::string Disagreement(const std::string& text) {
  ParseResult one = ParseJson(text, Serial());
  ParseResult two = ParseParallel(text);
  if (one.ok() != two.ok()) {
    return "one thread: " + (one.ok() ? std::string("ok") : one.error().ToString("f")) +
           "; two threads: " + (two.ok() ? std::string("ok") : two.error().ToString("f"));
  }
  if (one.ok()) return one.value()->root().Equals(two.value()->root()) ? "" : "documents differ";
  std::string a = one.error().ToString("f");
  std::string b = two.error().ToString("f");
  return a == b ? "" : "errors differ: " + a + " vs " + b;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<std::filesystem::path> JsonFiles(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  }
  return files;
}

TEST(ParallelParse, AgreesOnEveryCapturedPlanAndBadInput) {
  size_t count = 0;
  for (const char* dir : {"testdata/conformance/equivalence", "testdata/bad"}) {
    for (const auto& path : JsonFiles(dir)) {
      EXPECT_EQ(Disagreement(ReadFile(path)), "") << path;
      ++count;
    }
  }
  EXPECT_GT(count, 100u);
}

TEST(ParallelParse, AgreesOnEveryPrefixAndMutationOfAPlan) {
  std::string plan = ReadFile("testdata/bad/plan.json");
  ASSERT_GT(plan.size(), 500u);
  // Make the skipped members big enough to matter: strings, escapes and brackets inside.
  std::string filler = R"({"values":{"s":"a\"]}[{\\","n":[1,2.5,-3e2,null,true],"o":{"k":"\u00e9\ud83d\ude00"}}})";
  std::string text = "{\"planned_values\":" + filler + ",\"prior_state\":[" + filler + "," + filler +
                     "],\"checks\":\"x\"," + plan.substr(plan.find('{') + 1);
  ASSERT_EQ(Disagreement(text), "");
  ASSERT_TRUE(ParseParallel(text).ok());
  for (size_t cut = 0; cut < text.size(); ++cut) {
    ASSERT_EQ(Disagreement(text.substr(0, cut)), "") << "cut at " << cut;
  }
  const std::string kBytes[] = {"\"", "\\", "{", "}", "[", "]", ",", ":", "\xff", std::string(1, '\0'), " ", "\xc3"};
  for (size_t at = 0; at < text.size(); ++at) {
    for (const std::string& byte : kBytes) {
      std::string mutated = text;
      mutated.replace(at, 1, byte);
      ASSERT_EQ(Disagreement(mutated), "") << "byte " << static_cast<int>(byte[0]) << " at " << at;
    }
  }
}

TEST(ParallelParse, BigSkippedMembersWithAnErrorDeepInside) {
  std::string big = "[";
  for (int i = 0; i < 20000; ++i) big += R"({"id":"r-)" + std::to_string(i) + R"(","tags":{"a":"[{\"x\"}]"}},)";
  big += "{}]";
  std::string good = "{\"planned_values\":" + big + ",\"resource_changes\":" + big + ",\"prior_state\":" + big + "}";
  ParseResult parsed = ParseParallel(good);
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(parsed.value()->root().size(), 1u);
  EXPECT_EQ(parsed.value()->root().find("resource_changes").size(), 20001u);
  EXPECT_EQ(Disagreement(good), "");
  // Break it in each member, near its end.
  for (const char* key : {"\"resource_changes\"", "\"prior_state\"", "}"}) {
    std::string bad = good;
    size_t at = bad.find(key) - 20;
    bad[at] = '\xff';
    EXPECT_EQ(Disagreement(bad), "") << key;
    ParseResult result = ParseParallel(bad);
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().message, "invalid UTF-8");
    bad = good;
    bad[at] = ']';
    EXPECT_EQ(Disagreement(bad), "") << key;
  }
}

// The members kept come first and are big, so the building thread reaches the skipped
// ones after the scout has found them and takes their ends from it.
TEST(ParallelParse, SkippedMembersAfterABigKeptOne) {
  std::string big = "[";
  for (int i = 0; i < 10000; ++i) big += R"({"id":"r-)" + std::to_string(i) + R"(","tags":{"a":"[{\"x\"}]"},"n":[1,2]},)";
  big += "{}]";
  std::string small = R"({"values":{"root_module":{"resources":[{"a":"]"}]}}})";
  std::string good = "{\"format_version\":\"1.2\",\"resource_changes\":" + big + ",\"output_changes\":{},\"prior_state\":" +
                     small + ",\"configuration\":" + big + ",\"checks\":[],\"variables\":\"scalar\",\"prior_state\":" + small +
                     ",\"timestamp\":\"t\"}";
  ParseResult parsed = ParseParallel(good);
  ASSERT_TRUE(parsed.ok()) << parsed.error().ToString("f");
  EXPECT_EQ(parsed.value()->root().size(), 4u);
  EXPECT_EQ(parsed.value()->root().find("resource_changes").size(), 10001u);
  EXPECT_EQ(Disagreement(good), "");
  // Break each skipped member after the big kept one, near its end and at its start.
  for (const char* key : {"\"checks\"", "\"variables\"", "\"timestamp\""}) {
    for (size_t back : {size_t{20}, size_t{3}}) {
      std::string bad = good;
      size_t at = bad.rfind(key) - back;
      for (char byte : {'\xff', ']', '"', '{'}) {
        bad[at] = byte;
        EXPECT_EQ(Disagreement(bad), "") << key << " " << back << " " << byte;
      }
      bad[at] = '\xff';
      ParseResult result = ParseParallel(bad);
      ASSERT_FALSE(result.ok()) << key << " " << back;
      EXPECT_EQ(result.error().message, "invalid UTF-8");
    }
  }
}

// spans_lines: a line break between two tokens of the value, wherever it is read (by the
// building thread or, in a skipped member, by a checker); not the white space around it.
TEST(ParallelParse, SpansLinesWhicheverThreadReadsTheBreak) {
  const std::pair<std::string, bool> cases[] = {
      {R"({"a":1})", false},
      {"\n {\"a\":1} \r\n\n", false},
      {R"({"a":"x\ny"})", false},
      {"{\"a\":\n1}", true},
      {"{\"a\":1\n}", true},
      {"[1,\n2]", true},
      {"{\"planned_values\":{\"x\":\n1},\"a\":1}", true},
      {"{\"a\":1,\"prior_state\":[1,\n2]}", true},
      {"{\"a\":1,\"checks\":\n\"s\"}", true},
      {R"({"a":1,"prior_state":[1,2],"planned_values":{"b":[]}})", false},
  };
  for (const auto& [text, spans] : cases) {
    for (bool parallel : {false, true}) {
      static base::Executor executor(3);
      ParseOptions options = Serial();
      if (parallel) options.executor = &executor;
      bool spans_lines = !spans;
      options.spans_lines = &spans_lines;
      ParseResult parsed = internal::ParseJsonWithThreshold(text, options, 0);
      ASSERT_TRUE(parsed.ok()) << text;
      EXPECT_EQ(spans_lines, spans) << text << (parallel ? " in parallel" : "");
    }
  }
}

TEST(ReadInputFile, BigFilesComeWhole) {
  // Big enough to be read in two halves on two threads; odd-sized, distinct bytes.
  std::string content;
  for (size_t i = 0; content.size() < (size_t{17} << 20) + 3; ++i) content += std::to_string(i * 2654435761u) + ",";
  std::filesystem::path path = std::filesystem::path(::testing::TempDir()) / "big.txt";
  {
    std::ofstream out(path, std::ios::binary);
    out << content;
  }
  for (int threads : {1, 2}) {
    base::Executor executor(threads);
    ReadOptions options;
    options.executor = &executor;
    base::Expected<std::string> read = ReadInputFile(path.string(), options);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_TRUE(*read == content);
    EXPECT_GE(read->capacity(), read->size() + kParsePadding);
  }
}

}  // namespace
}  // namespace planview::structured
