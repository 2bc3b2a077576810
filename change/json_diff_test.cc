#include "change/json_diff.h"

#include <random>
#include <string>
#include <string_view>

#include "change/diff_dump.h"
#include "change/testing/json_values.h"
#include "change/testing/render.h"
#include "gtest/gtest.h"
#include "structured/change.h"
#include "structured/path_matcher.h"

namespace planview::change {
namespace {

using testing::Json;
using testing::Render;

structured::Change Between(const char* before, const char* after) {
  structured::Change c;
  if (before != nullptr) c.before = Json(before);
  if (after != nullptr) c.after = Json(after);
  c.before_explicit = before != nullptr;
  c.after_explicit = after != nullptr;
  c.replace_paths = structured::PathMatcher::Empty(false);
  c.relevant_attributes = structured::PathMatcher::Always();
  return c;
}

TEST(ParseJsonString, FollowsGoDecoder) {
  EXPECT_NE(ParseJsonString("{\"a\": [1, 2]}"), nullptr);
  EXPECT_NE(ParseJsonString("[1] and more"), nullptr);
  EXPECT_NE(ParseJsonString("[\"]\", \"\\\"]\"]"), nullptr);
  EXPECT_EQ(ParseJsonString("[1"), nullptr);
  EXPECT_EQ(ParseJsonString("{]"), nullptr);
  EXPECT_EQ(ParseJsonString("{'a': 1}"), nullptr);
  EXPECT_EQ(ParseJsonString(" [1]"), nullptr);  // must start with the bracket
  EXPECT_EQ(ParseJsonString("1"), nullptr);
  EXPECT_EQ(ParseJsonString(""), nullptr);
  EXPECT_EQ(ParseJsonString(std::string(600, '[') + std::string(600, ']')), nullptr);
}

// The bracket matcher as first written: one character at a time, a backslash skipping the
// next one inside strings.
size_t PlainFirstContainerLength(std::string_view text) {
  size_t depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
      }
      if (i >= text.size()) return 0;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (depth == 0) return 0;
      if (--depth == 0) return i + 1;
    }
  }
  return 0;
}

TEST(FirstContainerLength, MatchesTheCharacterByCharacterScan) {
  std::mt19937 rng(2024);
  constexpr std::string_view kAlphabet = "\"\\[]{}a";
  std::uniform_int_distribution<size_t> pick(0, kAlphabet.size() - 1);
  std::uniform_int_distribution<size_t> length(0, 24);
  for (int round = 0; round < 200000; ++round) {
    std::string text(1, round % 2 == 0 ? '[' : '{');
    for (size_t n = length(rng); n > 0; --n) text.push_back(kAlphabet[pick(rng)]);
    ASSERT_EQ(internal::FirstContainerLength(text), PlainFirstContainerLength(text)) << text;
  }
  EXPECT_EQ(internal::FirstContainerLength(R"(["a\\\"]"] x)"), 10u);  // escaped quote after an odd run
  EXPECT_EQ(internal::FirstContainerLength(R"(["a\\"] x)"), 7u);       // an even run ends the string
  EXPECT_EQ(internal::FirstContainerLength(R"(["a\)"), 0u);
}

TEST(DiffJson, ObjectsAndArrays) {
  Diff diff = DiffJson(Between(R"({"a": 1, "b": [1, 2, 3], "c": "x"})", R"({"a": 1, "b": [1, 3, 4], "d": null})"));
  EXPECT_EQ(diff.action(), Action::kUpdate);
  EXPECT_EQ(Render(diff),
            "{\n"
            "      ~ b = [\n"
            "            1,\n"
            "          - 2,\n"
            "            3,\n"
            "          + 4,\n"
            "        ]\n"
            "      - c = \"x\"\n"
            "      + d = null\n"
            "        # (1 unchanged attribute hidden)\n"
            "    }");
}

TEST(DiffJson, TypeChangesAndNulls) {
  EXPECT_EQ(Render(DiffJson(Between("[1]", R"({"a": true})"))),
            "[\n"
            "      - 1,\n"
            "    ] -> {\n"
            "      + a = true\n"
            "    }");
  EXPECT_EQ(DiffJson(Between("null", "null")).action(), Action::kNoOp);
  EXPECT_EQ(DiffJson(Between(nullptr, "1")).action(), Action::kCreate);
  EXPECT_EQ(DiffJson(Between("\"1\"", nullptr)).action(), Action::kDelete);
}

TEST(DiffJson, NumbersCompareByText) {
  EXPECT_EQ(DiffJson(Between("1.0", "1")).action(), Action::kUpdate);
  EXPECT_EQ(DiffJson(Between(R"({"a":1,"b":2})", R"({"b":2,"a":1})")).action(), Action::kNoOp);
}

TEST(DiffJson, ObjectsInArraysAreDiffedInPlace) {
  EXPECT_EQ(Render(DiffJson(Between(R"([{"a": 1, "b": 2}])", R"([{"a": 1, "b": 3}])"))),
            "[\n"
            "      ~ {\n"
            "          ~ b = 2 -> 3\n"
            "            # (1 unchanged attribute hidden)\n"
            "        },\n"
            "    ]");
}

TEST(DiffJson, MultilineStringsSharingALineAreDiffed) {
  EXPECT_TRUE(ShouldDiffMultilineStrings(Json("\"a\\nb\""), Json("\"a\\nc\"")));
  EXPECT_FALSE(ShouldDiffMultilineStrings(Json("\"a\\nb\""), Json("\"c\\nd\"")));
  EXPECT_FALSE(ShouldDiffMultilineStrings(Json("\"a\""), Json("\"a\"")));
  EXPECT_FALSE(ShouldDiffMultilineStrings(Json("\"a\\nb\""), Json("1")));
  EXPECT_EQ(Render(DiffJson(Between(R"(["x\ny"])", R"(["x\nz"])"))),
            "[\n"
            "      ~ <<-EOT\n"
            "            x\n"
            "          - y\n"
            "          + z\n"
            "        EOT,\n"
            "    ]");
}

// A change without markers takes a shorter walk (no marker lookups per member); it must
// build the same tree as the full walk, which a relevance matcher that is not `always`
// forces at every level.
TEST(DiffJson, PlainChangesDiffAsTheFullWalkDoes) {
  const char* sides[] = {
      nullptr,
      "null",
      "1",
      R"("x")",
      "[]",
      "{}",
      R"({"a": 1, "b": [1, 2, {"c": null}], "d": {"e": "f"}})",
      R"({"b": [2, 1, {"c": 3}], "a": "1", "z": [], "d": {"e": "f", "g": [true]}})",
      R"({"a": 1, "a": 2, "b": {"x": 1, "x": [3]}})",
      R"([{"a": 1}, [1, [2]], "s", null, {"a": 1}])",
      R"([[1, [2, 3]], {"a": 2}, "s", "t"])",
  };
  for (const char* before : sides) {
    for (const char* after : sides) {
      if (before == nullptr && after == nullptr) continue;
      structured::Change plain = Between(before, after);
      structured::Change full = plain;
      full.relevant_attributes = structured::PathMatcher::FromPaths(Json("[[]]"), true);
      SCOPED_TRACE(std::string(before ? before : "(none)") + " -> " + (after ? after : "(none)"));
      EXPECT_EQ(DumpDiff(DiffJson(plain)), DumpDiff(DiffJson(full)));
      EXPECT_EQ(Render(DiffJson(plain)), Render(DiffJson(full)));
    }
  }
}

TEST(DiffJson, SensitiveAndUnknownMarkers) {
  structured::Change c = Between("1", "2");
  c.after_sensitive = structured::TrueValue();
  Diff sensitive = DiffJson(c);
  EXPECT_EQ(Render(sensitive), "(sensitive value)");
  EXPECT_EQ(DumpDiff(sensitive),
            R"({"action":"Update","replace":false,"renderer":{"type":"sensitiveRenderer","beforeSensitive":false,)"
            R"("afterSensitive":true,"inner":{"action":"Update","replace":false,"renderer":{"type":)"
            R"("primitiveRenderer","before":1,"after":2,"ctype":"number"}}}})");

  structured::Change u = Between("\"old\"", nullptr);
  u.unknown = structured::TrueValue();
  EXPECT_EQ(Render(DiffJson(u)), "\"old\" -> (known after apply)");
  structured::Change created = Between(nullptr, nullptr);
  created.unknown = structured::TrueValue();
  EXPECT_EQ(Render(DiffJson(created)), "(known after apply)");
}

}  // namespace
}  // namespace planview::change
