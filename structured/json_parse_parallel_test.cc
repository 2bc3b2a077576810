// The two-thread parse (skipped top-level members checked on a second thread) must give
// exactly what the one-thread parse gives: the same document, or the same error. So must
// the parse of borrowed text (no padding) that ends where an unreadable page begins.
#include <algorithm>
#include <filesystem>
#include <memory>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "base/executor.h"
#include "structured/internal/parse_threshold.h"
#include "structured/json_parse.h"
#include "structured/testing/guarded_bytes.h"

namespace planview::structured {
namespace {

ParseOptions Serial() {
  ParseOptions options;
  options.skip_top_level_keys = {"planned_values", "prior_state", "configuration", "variables", "checks"};
  return options;
}

// The parse with the skipped members checked on helper threads, whatever the size; with
// `split`, the building thread also waits for the scout to choose where it takes over a
// kept array, so that the back part of one is built there and grafted whenever the walk
// goes through (`splits` counts those).
// Two threads whatever the size, a kept array split wherever it can be, and (with
// `split`) the building thread waiting for the scout's choice.
internal::ParallelParse AnySize(bool split, size_t* splits = nullptr) {
  internal::ParallelParse parallel;
  parallel.min_bytes = 0;
  parallel.min_split_bytes = 0;
  parallel.min_split_element_bytes = 0;
  parallel.await_split = split;
  parallel.splits = splits;
  return parallel;
}

ParseResult ParseParallel(InputText text, bool split = false, size_t* splits = nullptr) {
  static base::Executor executor(3);
  ParseOptions options = Serial();
  options.executor = &executor;
  return internal::ParseJsonParallel(std::move(text), options, AnySize(split, splits));
}

ParseResult ParseParallel(const std::string& text, bool split = false, size_t* splits = nullptr) {
  return ParseParallel(InputText(text), split, splits);
}

// `text` copied to end where an unreadable page begins, borrowed (no padding). One
// mapping serves every call: what a call returned is gone at the next.
InputText Guarded(const std::string& text) {
  static std::unique_ptr<testing::GuardedBytes> guard;
  if (guard == nullptr || guard->capacity() < text.size()) {
    guard = std::make_unique<testing::GuardedBytes>(std::max<size_t>(text.size() * 2, 1 << 16));
  }
  return InputText::Borrowed(guard->Place(text));
}

// Empty when the parses agree (one thread; two as they come; two with a split kept
// array; the text borrowed, unpadded, on one thread and on two), else what differs.
std::string Disagreement(const std::string& text) {
  ParseResult one = ParseJson(text, Serial());
  for (int how_index = 0; how_index < 4; ++how_index) {
    const bool split = how_index == 1;
    ParseResult two = how_index == 2   ? ParseJson(Guarded(text), Serial())
                      : how_index == 3 ? ParseParallel(Guarded(text))
                                       : ParseParallel(text, split);
    const char* const kHow[] = {"two threads: ", "two threads, split: ", "borrowed: ", "borrowed, two threads: "};
    const std::string how = kHow[how_index];
    if (one.ok() != two.ok()) {
      return "one thread: " + (one.ok() ? std::string("ok") : one.error().ToString("f")) + "; " + how +
             (two.ok() ? std::string("ok") : two.error().ToString("f"));
    }
    if (one.ok()) {
      if (!one.value()->root().Equals(two.value()->root())) return how + "documents differ";
      continue;
    }
    std::string a = one.error().ToString("f");
    std::string b = two.error().ToString("f");
    if (a != b) return how + "errors differ: " + a + " vs " + b;
  }
  return "";
}

// Every prefix of `text`, and `text` with each byte replaced by each of a set of bytes
// that break JSON (and `extra`), parse alike on one thread and on two.
void ExpectAgreementOnEveryCutAndMutation(const std::string& text, const std::string& extra) {
  for (size_t cut = 0; cut < text.size(); ++cut) {
    ASSERT_EQ(Disagreement(text.substr(0, cut)), "") << "cut at " << cut;
  }
  const std::string kBytes[] = {"\"", "\\", "{", "}", "[", "]", ",", ":", "\xff", std::string(1, '\0'), " ", extra};
  for (size_t at = 0; at < text.size(); ++at) {
    for (const std::string& byte : kBytes) {
      std::string mutated = text;
      mutated.replace(at, 1, byte);
      ASSERT_EQ(Disagreement(mutated), "") << "byte " << static_cast<int>(byte[0]) << " at " << at;
    }
  }
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
  ExpectAgreementOnEveryCutAndMutation(text, "\xc3");
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

// A kept top-level array's back part is built by the scout and grafted: the same document,
// with escaped strings and keys (arena text) and big objects (key indexes) on both sides
// of the split, and in every kept array (the biggest is split).
TEST(ParallelParse, SplitKeptArraysGiveTheSameDocument) {
  std::string wide = "{";
  for (int i = 20; i > 0; --i) wide += (i < 20 ? "," : "") + std::string("\"k") + std::to_string(100 + i) + "\":" + std::to_string(i);
  wide += "}";
  auto elements = [&](int n) {
    std::string out = "[";
    for (int i = 0; i < n; ++i) {
      if (i) out += i % 7 == 0 ? ",\n " : ",";
      switch (i % 5) {
        case 0: out += R"({"address":"a.b[)" + std::to_string(i) + R"(]","change":{"actions":["update"],"before":{"s":"x\"y\u00e9"}}})"; break;
        case 1: out += wide; break;
        case 2: out += R"({"esc\"aped":[1,-2.5e3,true,false,null,[],{}],"t":"\\n"})"; break;
        case 3: out += "[[" + std::to_string(i) + R"(],{"deep":{"deeper":["]"]}}])"; break;
        default: out += i % 10 == 4 ? "\"scalar\"" : "{}"; break;
      }
    }
    return out + "]";
  };
  const std::string small = R"({"values":{"root_module":{}}})";
  for (int n : {1, 2, 3, 10, 101, 600}) {
    const std::string text = "{\"format_version\":\"1.2\",\"planned_values\":" + small + ",\"resource_drift\":" + elements(n / 3 + 1) +
                             ",\"resource_changes\":" + elements(n) + ",\"output_changes\":{},\"prior_state\":" + small +
                             ",\"relevant_attributes\":" + elements(2) + ",\"errored\":false}";
    size_t splits = 0;
    ParseResult split = ParseParallel(text, true, &splits);
    ASSERT_TRUE(split.ok()) << n << ": " << split.error().ToString("f");
    if (n >= 3) {  // two elements: the second starts before the middle, so no split
      EXPECT_EQ(splits, 1u) << n;
    }
    ParseResult one = ParseJson(text, Serial());
    ASSERT_TRUE(one.ok());
    EXPECT_TRUE(one.value()->root().Equals(split.value()->root())) << n;
    EXPECT_EQ(split.value()->root().find("resource_changes").size(), static_cast<size_t>(n)) << n;
    const Value last = split.value()->root().find("resource_changes").at(static_cast<size_t>(n - 1));
    EXPECT_TRUE(last.Equals(one.value()->root().find("resource_changes").at(static_cast<size_t>(n - 1)))) << n;
    EXPECT_EQ(Disagreement(text), "") << n;
  }
}

// Only arrays of big elements are split: grafting costs about as much per element as
// building a tiny one, so an array of many small elements stays with the building thread.
TEST(ParallelParse, OnlyArraysOfBigElementsAreSplit) {
  auto plan = [](size_t elements, size_t element_bytes) {
    std::string array = "[";
    for (size_t i = 0; i < elements; ++i) {
      array += (i ? "," : "") + std::string(R"({"s":")") + std::string(element_bytes - 8, 'x') + "\"}";
    }
    return R"({"prior_state":{},"resource_changes":)" + array + "]}";
  };
  static base::Executor executor(3);
  ParseOptions options = Serial();
  options.executor = &executor;
  internal::ParallelParse parallel;  // the default element size, whatever the text's size
  parallel.min_bytes = 0;
  parallel.min_split_bytes = 0;
  parallel.await_split = true;
  for (auto [elements, bytes, split] : {std::tuple{size_t{2000}, size_t{16}, false}, std::tuple{size_t{400}, size_t{250}, false},
                                        std::tuple{size_t{400}, size_t{300}, true}, std::tuple{size_t{50}, size_t{4000}, true}}) {
    const std::string text = plan(elements, bytes);
    size_t splits = 0;
    parallel.splits = &splits;
    ParseResult parsed = internal::ParseJsonParallel(text, options, parallel);
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(splits, split ? 1u : 0u) << elements << " x " << bytes;
    EXPECT_EQ(parsed.value()->root().find("resource_changes").size(), elements);
    EXPECT_EQ(Disagreement(text), "");
  }
}

// Broken anywhere (before, inside and after the part the scout builds), the split parse
// gives the one-thread parse's error; the building thread redoes a part that failed.
TEST(ParallelParse, SplitKeptArraysAgreeOnEveryMutation) {
  std::string changes = "[";
  for (int i = 0; i < 24; ++i) changes += (i ? "," : "") + std::string(R"({"a":")") + std::to_string(i) + R"(","v":[1,{"k":"\u0041"}]})";
  changes += "]";
  const std::string text = R"({"planned_values":{"x":[1,2]},"resource_changes":)" + changes +
                           R"(,"prior_state":{"y":"]"},"relevant_attributes":[{"r":1},{"r":2}]})";
  size_t splits = 0;
  ASSERT_TRUE(ParseParallel(text, true, &splits).ok());
  ASSERT_EQ(splits, 1u);
  ExpectAgreementOnEveryCutAndMutation(text, "1");
}

// The nesting limit holds across the split: an element too deep in the scout's part is
// the same error.
TEST(ParallelParse, SplitKeptArraysKeepTheNestingLimit) {
  for (size_t depth : {size_t{2}, size_t{3}, size_t{4}, size_t{6}}) {
    ParseOptions options = Serial();
    options.max_depth = depth;
    static base::Executor executor(3);
    std::string text = R"({"resource_changes":[{"a":1},{"b":2},{"c":[1]},{"d":[[1]]},{"e":{"f":{}}}],"prior_state":{}})";
    ParseResult one = ParseJson(text, options);
    options.executor = &executor;
    ParseResult two = internal::ParseJsonParallel(text, options, AnySize(true));
    ASSERT_EQ(one.ok(), two.ok()) << depth;
    if (!one.ok()) {
      EXPECT_EQ(one.error().ToString("f"), two.error().ToString("f")) << depth;
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
      // In the back part of a kept array (built by the scout when split) or around it.
      {"{\"resource_changes\":[{},{},{},{\"a\":\n1},{}],\"prior_state\":{}}", true},
      {"{\"resource_changes\":[{},{},{},{},{}\n],\"prior_state\":{}}", true},
      {"{\"resource_changes\":[{},{},\n{},{},{}],\"prior_state\":{}}", true},
      {"{\"resource_changes\":[{},{},{},{},{}],\"prior_state\":{}}", false},
  };
  for (const auto& [text, spans] : cases) {
    for (int threads : {1, 2, 3}) {  // 3: two, and a split kept array
      static base::Executor executor(3);
      ParseOptions options = Serial();
      if (threads > 1) options.executor = &executor;
      bool spans_lines = !spans;
      options.spans_lines = &spans_lines;
      ParseResult parsed = internal::ParseJsonParallel(text, options, AnySize(threads == 3));
      ASSERT_TRUE(parsed.ok()) << text;
      EXPECT_EQ(spans_lines, spans) << text << " on " << threads;
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

namespace planview::structured {
namespace {

// A top-level object member named in unbuilt_top_level_keys: an empty object stands in
// for it when it is an object (its text listed, checked all the same), and it is built as
// usual when it is anything else or its key is escaped; on one thread and on two.
TEST(ParallelParse, UnbuiltMembersStandInAsEmptyObjects) {
  const std::string text =
      R"({"a":1, "values" : {"x":[1,{"y":"z"}]}, "values":[2], "v\u0061lues":{"k":3},"values":{} ,"b":{"c":4}})";
  static base::Executor executor(3);
  for (bool threads : {false, true}) {
    std::vector<ParseOptions::Unbuilt> unbuilt;
    ParseOptions options;
    options.skip_top_level_keys = {"b"};
    options.unbuilt_top_level_keys = {"values"};
    options.unbuilt = &unbuilt;
    if (threads) options.executor = &executor;
    ParseResult parsed =
        threads ? internal::ParseJsonParallel(text, options, AnySize(false)) : ParseJson(text, options);
    ASSERT_TRUE(parsed.ok()) << parsed.error().ToString("f");
    Value root = parsed.value()->root();
    ASSERT_EQ(root.size(), 5u);  // "b" skipped
    EXPECT_EQ(root.member(1).key, "values");
    EXPECT_TRUE(root.member(1).value.is_object());
    EXPECT_EQ(root.member(1).value.size(), 0u);
    EXPECT_TRUE(root.member(2).value.is_array());  // not an object: built
    EXPECT_EQ(root.member(3).key, "values");       // escaped: built
    EXPECT_EQ(root.member(3).value.find("k").text(), "3");
    ASSERT_EQ(unbuilt.size(), 2u);
    std::string_view source = parsed.value()->source();
    EXPECT_EQ(unbuilt[0].member, 1u);
    EXPECT_EQ(source.substr(unbuilt[0].offset, unbuilt[0].length), R"({"x":[1,{"y":"z"}]})");
    EXPECT_EQ(unbuilt[1].member, 4u);
    EXPECT_EQ(source.substr(unbuilt[1].offset, unbuilt[1].length), "{}");
    EXPECT_EQ(root.find("values").index(), root.member(4).value.index());  // the last counts
  }
  // Checked though not built: an error inside is the parse's error, on one thread and two.
  const std::string bad = R"({"values":{"x":[1,}})";
  ParseOptions options;
  options.unbuilt_top_level_keys = {"values"};
  ParseResult one = ParseJson(bad, options);
  options.executor = &executor;
  ParseResult two = internal::ParseJsonParallel(bad, options, AnySize(false));
  ASSERT_FALSE(one.ok());
  ASSERT_FALSE(two.ok());
  EXPECT_EQ(one.error().ToString("f"), two.error().ToString("f"));
  EXPECT_EQ(one.error().ToString("f"), ParseJson(bad).error().ToString("f"));
}


// read_unbuilt is given each unbuilt value's begin in the source, on one thread (after the
// check) and on two (while the scout checks it); the end it gives is the value's, and an
// end that is not the checked one fails the two-thread parse (never a wrong document).
// On invalid text the parse's error is the same whatever the reader said.
TEST(ParallelParse, UnbuiltValuesAreReadWhileChecked) {
  const std::string text = R"({"a":1, "values" : {"x":[1,{"y":"z\"}"}]}, "b":{"c":4},"values":{"k":[]} })";
  static base::Executor executor(3);
  for (bool threads : {false, true}) {
    std::vector<std::string> read;
    ParseOptions options;
    options.skip_top_level_keys = {"b"};
    options.unbuilt_top_level_keys = {"values"};
    if (threads) options.executor = &executor;
    options.read_unbuilt = [&](std::string_view source, size_t begin) {
      const size_t end = source.find("]}", begin) + 2;
      read.emplace_back(source.substr(begin, end - begin));
      return end;
    };
    ParseResult parsed =
        threads ? internal::ParseJsonParallel(text, options, AnySize(false)) : ParseJson(text, options);
    ASSERT_TRUE(parsed.ok()) << parsed.error().ToString("f");
    EXPECT_EQ(read, (std::vector<std::string>{R"({"x":[1,{"y":"z\"}"}]})", R"({"k":[]})"}));
    // A reader whose end is wrong: two threads refuse the text (one thread only reads
    // after the check, and keeps the checked end).
    options.read_unbuilt = [](std::string_view, size_t begin) { return begin + 3; };
    ParseResult wrong =
        threads ? internal::ParseJsonParallel(text, options, AnySize(false)) : ParseJson(text, options);
    EXPECT_EQ(wrong.ok(), !threads);
    if (!threads) {
      EXPECT_EQ(wrong.value()->root().size(), 3u);
    }
  }
  const std::string bad = R"({"values":{"x":[1,}}, "z": 2})";
  ParseOptions options;
  options.unbuilt_top_level_keys = {"values"};
  options.read_unbuilt = [](std::string_view source, size_t) { return source.size(); };
  options.executor = &executor;
  ParseResult two = internal::ParseJsonParallel(bad, options, AnySize(false));
  ASSERT_FALSE(two.ok());
  EXPECT_EQ(two.error().ToString("f"), ParseJson(bad).error().ToString("f"));
}

}  // namespace
}  // namespace planview::structured
