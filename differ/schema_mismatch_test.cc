// Each value/schema disagreement that the diff renders without an error (as upstream does)
// is named, with its path and side, and values that fit give nothing.
#include "differ/schema_mismatch.h"

#include <memory>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "change/testing/json_values.h"
#include "differ/differ.h"
#include "structured/schema.h"

namespace planview::differ {
namespace {

using change::testing::Json;

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

constexpr const char* kSchema = R"({
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

class SchemaMismatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    block_ = structured::ParseBlock(Json(kSchema), "$", error);
    ASSERT_NE(block_, nullptr) << error;
  }
  // The mismatch, after checking that the diff itself renders the change without error.
  std::optional<std::string> Find(std::string before, std::string after) {
    structured::Change change = Update(std::move(before), std::move(after));
    EXPECT_NO_THROW(ComputeDiffForBlock(change, *block_));
    return FindSchemaMismatch(change, *block_);
  }
  std::shared_ptr<const structured::Block> block_;
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

}  // namespace
}  // namespace planview::differ
