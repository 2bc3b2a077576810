// Hostile inputs and upstream corner cases the conformance cases do not cover. Diffs are
// checked through their tree dump (change/diff_dump.h).
#include "differ/differ.h"
#include "differ/schema_mismatch.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "change/colorize.h"
#include "change/diff_dump.h"
#include "change/testing/json_values.h"
#include "differ/internal/path.h"
#include "differ/internal/walk.h"
#include "structured/json_parse.h"

namespace planview::differ {
namespace {

using change::testing::Json;
using structured::Value;

class DifferTest : public ::testing::Test {
 protected:
  structured::Change Update(std::string before, std::string after) {
    structured::Change change;
    change.before = Json(std::move(before));
    change.after = Json(std::move(after));
    change.unknown = structured::FalseValue();
    change.before_sensitive = structured::FalseValue();
    change.after_sensitive = structured::FalseValue();
    change.replace_paths = structured::PathMatcher::Empty(false);
    change.relevant_attributes = structured::PathMatcher::Always();
    return change;
  }

  std::shared_ptr<const structured::Block> Block(std::string json) {
    auto block = structured::ParseBlock(Json(std::move(json)), "$");
    if (!block) throw std::runtime_error(block.error().message);
    return *block;
  }

  structured::Type Type(std::string json) {
    auto type = structured::ParseType(Json(std::move(json)));
    if (!type) throw std::runtime_error(type.error().message);
    return *type;
  }

  // The diff's tree dump, for comparison with an expected JSON value.
  bool TreeIs(const change::Diff& diff, std::string expected) {
    Value ours = Json(change::DumpDiff(diff));
    Value want = Json(std::move(expected));
    if (ours.Equals(want)) return true;
    ADD_FAILURE() << "tree: " << change::DumpDiff(diff);
    return false;
  }

  // The error's path and message ("" when the diff succeeded).
  std::pair<std::string, std::string> ErrorOf(const base::Expected<change::Diff>& result) {
    if (result) return {"", ""};
    return {result.error().path, result.error().message};
  }

  // The diff, which must have succeeded.
  change::Diff Ok(base::Expected<change::Diff> result) {
    if (result) return *std::move(result);
    ADD_FAILURE() << "the differ failed: " << result.error().message;
    return {};
  }
};

constexpr const char* kTagsAndRules = R"({
  "attributes": {"tags": {"type": ["map", "string"], "optional": true}},
  "block_types": {"rule": {"nesting_mode": "list", "block": {
    "attributes": {"port": {"type": "string", "optional": true}}}}}
})";

TEST_F(DifferTest, MapValueOfTheWrongTypeNamesTheKey) {
  auto block = Block(kTagsAndRules);
  auto [path, message] = ErrorOf(ComputeDiffForBlock(Update(R"({"tags": {"Name": "a"}})", R"({"tags": {"Name": 5}})"), *block));
  EXPECT_EQ(path, R"(.tags["Name"])");
  EXPECT_EQ(message, R"(.tags["Name"]: the after value is a number, but the schema expects a string)");
}

TEST_F(DifferTest, NestedBlockElementNamesItsIndex) {
  auto block = Block(kTagsAndRules);
  auto [path, message] = ErrorOf(ComputeDiffForBlock(Update(R"({"rule": [{"port": "1"}, {"port": "2"}, {"port": "3"}]})",
                               R"({"rule": [{"port": "1"}, {"port": "2"}, {"port": {"x": 1}}]})"),
                        *block));
  EXPECT_EQ(path, ".rule[2].port");
  EXPECT_EQ(message, ".rule[2].port: the after value is an object, but the schema expects a string");
}

TEST_F(DifferTest, StringWhereTheSchemaSaysList) {
  auto block = Block(R"({"attributes": {"names": {"type": ["list", "string"], "optional": true}}})");
  auto [path, message] = ErrorOf(ComputeDiffForBlock(Update(R"({"names": "a,b"})", R"({"names": []})"), *block));
  EXPECT_EQ(path, ".names");
  EXPECT_EQ(message, ".names: the before value is a string, but the schema expects a list (an array)");
}

// Upstream reads a collection or object whose value is of another kind as an empty one
// that is set; with the same value on both sides planview renders it so, for every
// container type. Different sides, or a primitive of another kind, stay errors.
TEST_F(DifferTest, ContainerOfAnotherKindOnBothSidesReadsAsEmpty) {
  change::Colorize plain(false);
  change::RenderOpts opts;
  opts.colorize = &plain;
  const std::pair<const char*, const char*> kTypes[] = {
      {R"(["list", "string"])", "[]"},
      {R"(["set", "number"])", "[]"},
      {R"(["map", "string"])", "{}"},
      {R"(["object", {"a": "string"}])", "{}"},
      {R"(["tuple", ["string", "bool"]])", "[\n        # (2 unchanged elements hidden)\n    ]"},
  };
  for (const auto& [type_text, rendered] : kTypes) {
    auto type = Type(type_text);
    for (const char* value : {R"("text")", "5", "true", R"({"k": "v"})", R"(["x"])"}) {
      bool fits = (value[0] == '[' && (type_text[2] == 'l' || type_text[2] == 's' || type_text[2] == 't')) ||
                  (value[0] == '{' && (type_text[2] == 'm' || type_text[2] == 'o'));
      if (fits) continue;
      change::Diff diff = Ok(ComputeDiffForType(Update(value, value), type));
      EXPECT_EQ(diff.action(), Action::kNoOp) << type_text << " " << value;
      EXPECT_EQ(diff.RenderHuman(0, opts), rendered) << type_text << " " << value;
      auto [path, message] = ErrorOf(ComputeDiffForType(Update(value, "null"), type));
      EXPECT_NE(message, "") << type_text << " " << value;
    }
  }
  auto [path, message] = ErrorOf(ComputeDiffForType(Update("[1]", "[1]"), Type(R"("string")")));
  EXPECT_EQ(message, "the before value is an array, but the schema expects a string");
}

TEST_F(DifferTest, SetOfObjectsHoldingANumber) {
  auto type = Type(R"(["set", ["object", {"a": "string"}]])");
  auto [path, message] =
      ErrorOf(ComputeDiffForType(Update(R"([{"a": "x"}])", R"([{"a": "x"}, 7])"), type));
  EXPECT_EQ(path, "[1]");
  EXPECT_EQ(message, "[1]: the after value is a number, but the schema expects an object");
}

TEST_F(DifferTest, ListIndexFollowsTheSideInError) {
  // The bad after element sits at after index 2 but is paired with before index 1.
  auto type = Type(R"(["list", ["object", {"a": "string"}]])");
  auto [path, message] = ErrorOf(ComputeDiffForType(Update(R"([{"a": "x"}, {"a": "y"}])", R"([{"a": "x"}, {"a": "new"}, {"a": 1}])"), type));
  EXPECT_EQ(path, "[2].a");
}

TEST_F(DifferTest, BlockThatIsNotAnObjectHasNoAttributes) {
  // Upstream reads it leniently, as an empty block (a conformance case relies on it).
  auto block = Block(kTagsAndRules);
  EXPECT_TRUE(TreeIs(Ok(ComputeDiffForBlock(Update("null", "[1, 2]"), *block)), R"({"action": "Create", "replace": false,
    "renderer": {"type": "blockRenderer", "attributes": {}, "blocks": {"type": "Blocks", "SingleBlocks": {},
      "ListBlocks": {}, "SetBlocks": {}, "MapBlocks": {}, "ReplaceBlocks": {}, "BeforeSensitiveBlocks": {},
      "AfterSensitiveBlocks": {}}}})"));
}

TEST_F(DifferTest, TypedObjectThatIsNotAnObject) {
  auto type = Type(R"(["object", {"a": "string"}])");
  auto [path, message] = ErrorOf(ComputeDiffForType(Update("null", "\"x\""), type));
  EXPECT_EQ(message, "the after value is a string, but the schema expects an object");
}

TEST_F(DifferTest, ListBlockThatIsAnObject) {
  auto block = Block(kTagsAndRules);
  auto [path, message] =
      ErrorOf(ComputeDiffForBlock(Update(R"({"rule": {"port": "1"}})", R"({"rule": []})"), *block));
  EXPECT_EQ(path, ".rule");
}

TEST_F(DifferTest, TheFirstErrorIsTheOneReported) {
  // Both attributes and both rules are wrong; the walk stops at the first (attributes in
  // name order, then nested blocks).
  auto block = Block(R"({"attributes": {"a": {"type": "string", "optional": true}, "b": {"type": "bool", "optional": true}},
    "block_types": {"rule": {"nesting_mode": "list", "block": {"attributes": {"port": {"type": "string", "optional": true}}}}}})");
  auto [path, message] =
      ErrorOf(ComputeDiffForBlock(Update(R"({"a": 1, "b": 2, "rule": [{"port": 3}, {"port": 4}]})", "null"), *block));
  EXPECT_EQ(message, ".a: the before value is a number, but the schema expects a string");
  std::tie(path, message) =
      ErrorOf(ComputeDiffForBlock(Update(R"({"rule": [{"port": "x"}, {"port": 3}, {"port": 4}]})", "null"), *block));
  EXPECT_EQ(message, ".rule[1].port: the before value is a number, but the schema expects a string");
}

TEST_F(DifferTest, MapWalksStopAtTheFirstError) {
  // "a" and "c" are wrong: the error is a's, and the walk returns at once with an empty
  // diff (no map of the keys it would have gone on to).
  structured::Change change = Update(R"({"a": 1, "b": "x", "c": 2})", R"({"a": "y", "b": "x", "c": "z"})");
  for (bool nested : {false, true}) {
    internal::Path path;
    change::Diff diff;
    if (nested) {
      auto attribute = structured::ParseAttribute(Json(R"({"nested_type": {"nesting_mode": "map",
          "attributes": {"v": {"type": "string", "optional": true}}}, "optional": true})"),
                                                  "$");
      ASSERT_TRUE(attribute) << attribute.error().message;
      change = Update(R"({"a": {"v": 1}, "c": {"v": 2}})", R"({"a": {"v": "y"}, "c": {"v": "z"}})");
      diff = internal::DiffNestedMap(change, attribute->nested_type->attributes, path);
    } else {
      diff = internal::DiffMap(change, Type(R"("string")"), path);
    }
    ASSERT_TRUE(path.failed()) << nested;
    EXPECT_EQ(path.error()->message, nested ? R"(["a"].v: the before value is a number, but the schema expects a string)"
                                            : R"(["a"]: the before value is a number, but the schema expects a string)");
    EXPECT_FALSE(diff.valid()) << nested;
  }
}

TEST_F(DifferTest, NestedAttributeKeysAreQuoted) {
  auto attribute = structured::ParseAttribute(Json(R"({"nested_type": {"nesting_mode": "map",
      "attributes": {"port": {"type": "number", "optional": true}}}, "optional": true})"),
                                              "$");
  ASSERT_TRUE(attribute) << attribute.error().message;
  auto [path, message] = ErrorOf(ComputeDiffForAttribute(Update(R"({"web server": {"port": 80}})", R"({"web server": {"port": "80"}})"),
                            *attribute, Action::kUpdate));
  EXPECT_EQ(path, R"(["web server"].port)");
}

TEST_F(DifferTest, AttributeWithoutAType) {
  structured::Attribute attribute;
  auto [path, message] = ErrorOf(ComputeDiffForAttribute(Update("1", "2"), attribute, Action::kUpdate));
  EXPECT_EQ(message, "the schema gives this attribute neither a type nor a nested type");
}

TEST_F(DifferTest, SensitiveValuesAreNotShapeChecked) {
  // Upstream shows "(sensitive value)" whatever a sensitive value holds (Terraform
  // Cloud's redacted plans turn sensitive values into strings).
  auto block = Block(R"({"attributes": {
    "ports": {"type": ["list", "number"], "optional": true, "sensitive": true},
    "count": {"type": "number", "optional": true}}})");
  structured::Change change = Update(R"({"ports": "redacted", "count": 1})", R"({"ports": "redacted", "count": 1})");
  change.before_sensitive = Json(R"({"ports": true})");
  change.after_sensitive = Json(R"({"ports": true})");
  change::Diff diff = Ok(ComputeDiffForBlock(change, *block));
  EXPECT_EQ(diff.action(), Action::kNoOp);
  // Outside the sensitive value the check still applies.
  change = Update(R"({"ports": "redacted", "count": "1"})", R"({"ports": "redacted", "count": 1})");
  change.before_sensitive = Json(R"({"ports": true})");
  change.after_sensitive = Json(R"({"ports": true})");
  auto [path, message] = ErrorOf(ComputeDiffForBlock(change, *block));
  EXPECT_EQ(message, ".count: the before value is a string, but the schema expects a number");
}

TEST_F(DifferTest, MarkersOfTheWrongShapeAreIgnored) {
  // Upstream only honours `true` (and containers) in unknown and sensitivity markers.
  auto type = Type(R"(["list", "string"])");
  structured::Change change = Update(R"(["a"])", R"(["b"])");
  change.unknown = Json(R"("yes")");
  change.after_sensitive = Json(R"({"x": true})");
  EXPECT_TRUE(TreeIs(Ok(ComputeDiffForType(change, type)), R"({"action": "Update", "replace": false, "renderer": {
    "type": "listRenderer", "displayContext": true, "elements": [
      {"action": "Delete", "replace": false, "renderer": {"type": "primitiveRenderer", "before": "a", "after": null, "ctype": "string"}},
      {"action": "Create", "replace": false, "renderer": {"type": "primitiveRenderer", "before": null, "after": "b", "ctype": "string"}}]}})"));
}

TEST_F(DifferTest, SensitiveListBlockDoesNotMarkItsElements) {
  // Upstream: a block type sensitive as a whole is flagged on the block, and its
  // elements are diffed without any sensitivity of their own.
  auto block = Block(kTagsAndRules);
  structured::Change change = Update(R"({"rule": [{"port": "1"}]})", R"({"rule": [{"port": "1"}]})");
  change.before_sensitive = Json(R"({"rule": true})");
  change.after_sensitive = Json(R"({"rule": true})");
  EXPECT_TRUE(TreeIs(Ok(ComputeDiffForBlock(change, *block)), R"({"action": "NoOp", "replace": false, "renderer": {
    "type": "blockRenderer", "attributes": {}, "blocks": {"type": "Blocks",
      "SingleBlocks": {}, "SetBlocks": {}, "MapBlocks": {},
      "ListBlocks": {"rule": [{"action": "NoOp", "replace": false, "renderer": {"type": "blockRenderer",
        "attributes": {"port": {"action": "NoOp", "replace": false, "renderer": {"type": "primitiveRenderer", "before": "1", "after": "1", "ctype": "string"}}},
        "blocks": {"type": "Blocks", "SingleBlocks": {}, "ListBlocks": {}, "SetBlocks": {}, "MapBlocks": {},
          "ReplaceBlocks": {}, "BeforeSensitiveBlocks": {}, "AfterSensitiveBlocks": {}}}}]},
      "ReplaceBlocks": {"rule": false}, "BeforeSensitiveBlocks": {"rule": true}, "AfterSensitiveBlocks": {"rule": true}}}})"));
}

TEST_F(DifferTest, SetWithDuplicateElementsPairsLikeUpstream) {
  // Upstream claims every equal after element for the first before element; the second
  // "a" in before finds none left and shows as deleted.
  auto type = Type(R"(["set", "string"])");
  EXPECT_TRUE(TreeIs(Ok(ComputeDiffForType(Update(R"(["a", "a"])", R"(["a", "a"])"), type)), R"({"action": "Update", "replace": false, "renderer": {
    "type": "setRenderer", "overrideForcesReplacement": false, "elements": [
      {"action": "NoOp", "replace": false, "renderer": {"type": "primitiveRenderer", "before": "a", "after": "a", "ctype": "string"}},
      {"action": "Delete", "replace": false, "renderer": {"type": "primitiveRenderer", "before": "a", "after": null, "ctype": "string"}}]}})"));
}

// A state's values are one node on both sides: sets (of primitives, of objects, as blocks
// and nested attributes; duplicates, sensitive elements, nulls, nested sets) pair and diff
// as when each side is its own copy.
TEST_F(DifferTest, SetsOfOneNodeAsOfTwoCopies) {
  auto block = Block(R"({
    "attributes": {
      "names": {"type": ["set", "string"], "optional": true},
      "objs": {"type": ["set", ["object", {"a": "number", "b": ["set", "bool"]}]], "optional": true},
      "nested": {"nested_type": {"nesting_mode": "set", "attributes": {"k": {"type": "string", "optional": true}}},
                 "optional": true}},
    "block_types": {"rule": {"nesting_mode": "set", "block": {
      "attributes": {"port": {"type": "number", "optional": true}}}}}})");
  const std::pair<const char*, const char*> kCases[] = {
      {R"({"names": ["a", "a", "b", "a"], "objs": null, "nested": null, "rule": []})", "false"},
      {R"({"names": ["x", "y", "x"], "objs": [{"a": 1, "b": [true]}, {"a": 1.0, "b": [true]}, {"a": 1, "b": [true]}],
           "nested": [{"k": "1"}, {"k": "1"}, {"k": null}], "rule": [{"port": 1}, {"port": 1}, {"port": 2}]})",
       R"({"names": [true, false, true], "objs": [{}, {"b": [true]}, {}], "nested": [{"k": true}, {}, {}],
           "rule": [{}, {"port": true}, {}]})"},
      {R"({"names": ["s", "s"], "objs": [], "nested": [], "rule": [{"port": 3}, {"port": 3}]})",
       R"({"names": true, "rule": [{"port": true}, {}]})"},
  };
  for (const auto& [values, sensitive] : kCases) {
    SCOPED_TRACE(values);
    structured::Change copies = Update(values, values);
    copies.before_sensitive = Json(sensitive);
    copies.after_sensitive = Json(sensitive);
    structured::Change state = structured::Change::FromStateValues(copies.before, copies.before_sensitive);
    ASSERT_EQ(state.after.index(), state.before.index());
    const std::string one = change::DumpDiff(Ok(ComputeDiffForBlock(state, *block)));
    EXPECT_EQ(one, change::DumpDiff(Ok(ComputeDiffForBlock(copies, *block))));
    EXPECT_NE(one.find("Delete"), std::string::npos);  // a duplicate paired with nothing
  }
}

TEST_F(DifferTest, LongListWithOneChange) {
  std::string before = "[";
  std::string after = "[";
  for (int i = 0; i < 100000; ++i) {
    before += (i ? ",\"" : "\"") + std::to_string(i) + "\"";
    after += (i ? ",\"" : "\"") + (i == 777 ? std::string("new") : std::to_string(i)) + "\"";
  }
  auto type = Type(R"(["list", "string"])");
  structured::Change change = Update(before + "]", after + "]");
  auto start = std::chrono::steady_clock::now();
  change::Diff diff = Ok(ComputeDiffForType(change, type));
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(diff.action(), Action::kUpdate);
  std::printf("diffing a 100,000-element list with one change: %.1f ms\n", seconds * 1000);
  EXPECT_LT(seconds, 10.0);  // quadratic would take minutes
}

TEST_F(DifferTest, HugeRewrittenListStillRenders) {
  // Both sides of a long list shuffled: too large for upstream's table, so the elements
  // show as deleted and created instead of failing.
  const int n = 20000;
  std::string before = "[";
  std::string after = "[";
  for (int i = 0; i < n; ++i) {
    before += fmt::format("{}{}", i ? "," : "", i);
    after += fmt::format("{}{}", i ? "," : "", (i * 7919 + 1) % n);
  }
  auto type = Type(R"(["list", "number"])");
  change::Diff diff = Ok(ComputeDiffForType(Update(before + "]", after + "]"), type));
  EXPECT_EQ(diff.action(), Action::kUpdate);
  change::Colorize plain(false);
  change::RenderOpts opts;
  opts.colorize = &plain;
  std::string rendered = diff.RenderHuman(0, opts);
  size_t deleted = 0;
  size_t created = 0;
  for (size_t at = rendered.find('\n'); at != std::string::npos; at = rendered.find('\n', at + 1)) {
    std::string_view line = std::string_view(rendered).substr(at + 1, 8);
    if (line == "      - ") ++deleted;
    if (line == "      + ") ++created;
  }
  EXPECT_EQ(deleted, static_cast<size_t>(n));
  EXPECT_EQ(created, static_cast<size_t>(n));
}

// ---- Values that disagree with the schema where the diff renders anyway
// (differ/schema_mismatch.h): each is named with its path and side; fitting values give nothing.

constexpr const char* kMismatchSchema = R"({
  "attributes": {
    "id": {"type": "string", "computed": true},
    "pair": {"type": ["tuple", ["string", "number", "bool"]], "optional": true},
    "tags": {"type": ["map", "string"], "optional": true},
    "rules": {"type": ["list", ["object", {"port": "number"}]], "optional": true},
    "empty": {"nested_type": {"nesting_mode": "single", "attributes": {}}, "optional": true},
    "nested": {"nested_type": {"nesting_mode": "list", "attributes": {"a": {"type": "string", "optional": true}}},
               "optional": true}
  },
  "block_types": {
    "disk": {"nesting_mode": "single", "block": {"attributes": {"size": {"type": "number", "optional": true}}}},
    "volume": {"nesting_mode": "set", "block": {"attributes": {"size": {"type": "number", "optional": true}}}}
  }
})";

class SchemaMismatchTest : public DifferTest {
 protected:
  // The mismatch, after checking that the diff itself renders the change without error.
  std::optional<std::string> Find(std::string before, std::string after) {
    auto block = Block(kMismatchSchema);
    structured::Change change = Update(std::move(before), std::move(after));
    base::Expected<change::Diff> diff = ComputeDiffForBlock(change, *block);
    EXPECT_TRUE(diff) << diff.error().message;
    return FindSchemaMismatch(change, *block);
  }
};

TEST_F(SchemaMismatchTest, ValuesThatFitGiveNothing) {
  EXPECT_EQ(Find(R"({"id": "a", "pair": ["x", 1, true], "tags": {"k": "v"}, "rules": [{"port": 1}],
                    "empty": {}, "nested": [{"a": "x"}], "disk": {"size": 1}, "volume": [{"size": 2}]})",
                 R"({"id": "a", "pair": null, "tags": null, "rules": [], "disk": null, "volume": []})"),
            std::nullopt);
  EXPECT_EQ(Find("null", R"({"id": "a"})"), std::nullopt);
}

TEST_F(SchemaMismatchTest, AttributeTheSchemaDoesNotDeclare) {
  EXPECT_EQ(Find(R"({"id": "a", "color": "red"})", R"({"id": "a", "color": "blue"})"),
            ".color: the before value is set, but the schema has no such attribute or block");
  EXPECT_EQ(Find(R"({"id": "a"})", R"({"id": "a", "volume": [{"size": 1, "iops": 3}]})"),
            ".volume[0].iops: the after value is set, but the schema has no such attribute or block");
  EXPECT_EQ(Find(R"({"rules": [{"port": 1}]})", R"({"rules": [{"port": 1, "proto": "tcp"}]})"),
            ".rules[0].proto: the after value is set, but the object type has no such attribute");
}

TEST_F(SchemaMismatchTest, MembersInAnyOrder) {
  // Objects not in key order, or with a key repeated, are checked member by member all the
  // same, and the first mismatch in member order is the one reported.
  EXPECT_EQ(Find(R"({"volume": [{"size": 2}], "tags": {}, "id": "a", "disk": {"size": 1}, "id": "b"})",
                 R"({"tags": {}, "pair": null, "id": "a", "empty": {}})"),
            std::nullopt);
  EXPECT_EQ(Find(R"({"tags": {}, "id": "a", "zone": 1, "color": "red"})", R"({"id": "a"})"),
            ".zone: the before value is set, but the schema has no such attribute or block");
  EXPECT_EQ(Find(R"({"id": "a"})", R"({"nested": [{"b": 1, "a": "x"}], "empty": {}, "disk": {"size": 1, "x": 2}})"),
            ".nested[0].b: the after value is set, but the schema has no such attribute");
}

TEST_F(SchemaMismatchTest, TupleOfAnotherLength) {
  EXPECT_EQ(Find(R"({"pair": ["x", 1, true]})", R"({"pair": ["x"]})"),
            ".pair: the after value has 1 elements, but the schema's tuple has 3");
}

TEST_F(SchemaMismatchTest, NestedTypeWithoutAttributes) {
  EXPECT_EQ(Find(R"({"empty": {"x": 1}})", R"({"empty": {"x": 2}})"),
            ".empty.x: the before value is set, but the schema has no such attribute");
  EXPECT_EQ(Find(R"({"nested": [{"a": "x"}]})", R"({"nested": [{"a": "x", "b": 1}]})"),
            ".nested[0].b: the after value is set, but the schema has no such attribute");
}

TEST_F(SchemaMismatchTest, ResourceValueThatIsNotAnObject) {
  EXPECT_EQ(Find(R"({"id": "a"})", R"("a string")"), "the after value is a string, but the schema expects an object");
  EXPECT_EQ(Find("[1, 2]", R"({"id": "a"})"), "the before value is an array, but the schema expects an object");
}

TEST_F(SchemaMismatchTest, SingleBlockGivenAnArray) {
  EXPECT_EQ(Find(R"({"disk": {"size": 1}})", R"({"disk": [1, 2]})"),
            ".disk: the after value is an array, but the schema expects an object");
}

// A state's values are one node on both sides: a mismatch is named once, as the before
// value's, and a value that fits gives nothing, as with two equal copies.
TEST_F(SchemaMismatchTest, OneNodeOnBothSides) {
  auto block = Block(kMismatchSchema);
  for (const char* values : {R"({"id": "a", "color": "red"})", R"({"pair": ["x"]})", R"({"id": "a", "tags": {}})"}) {
    SCOPED_TRACE(values);
    structured::Change copies = Update(values, values);
    structured::Change state = structured::Change::FromStateValues(copies.before, structured::FalseValue());
    EXPECT_EQ(state.after.index(), state.before.index());
    EXPECT_EQ(FindSchemaMismatch(state, *block), FindSchemaMismatch(copies, *block));
  }
  structured::Change state = structured::Change::FromStateValues(Json(R"({"disk": [1]})"), structured::FalseValue());
  EXPECT_EQ(FindSchemaMismatch(state, *block), ".disk: the before value is an array, but the schema expects an object");
}

}  // namespace
}  // namespace planview::differ
