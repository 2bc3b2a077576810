#include "structured/schema.h"

#include <tuple>

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::structured {
namespace {

std::shared_ptr<const Document> Doc(std::string json) {
  ParseResult r = ParseJson(std::move(json));
  EXPECT_TRUE(r.ok());
  return r.value();
}

constexpr std::string_view kSchemas = R"({
  "format_version": "1.0",
  "provider_schemas": {
    "registry.opentofu.org/hashicorp/aws": {
      "provider": {"version": 0, "block": {}},
      "resource_schemas": {
        "aws_instance": {
          "version": 1,
          "block": {
            "attributes": {
              "ami": {"type": "string", "required": true},
              "tags": {"type": ["map", "string"], "optional": true},
              "password": {"type": "string", "optional": true, "sensitive": true, "write_only": true},
              "disks": {"nested_type": {"nesting_mode": "list", "attributes": {
                  "size": {"type": "number", "optional": true}}}, "optional": true}
            },
            "block_types": {
              "ebs": {"nesting_mode": "set", "min_items": 1, "max_items": 3, "block": {
                  "attributes": {"iops": {"type": "number", "computed": true}}}}
            }
          }
        },
        "aws_broken": {"block": {"attributes": {"x": {"type": ["list", "wat"]}}}}
      },
      "data_source_schemas": {"aws_ami": {"version": 0, "block": {"attributes": {"id": {"type": "string"}}}}}
    }
  }
})";

TEST(Schema, FindsAndConvertsResourceSchemas) {
  base::Expected<ProviderSchemas> schemas = ProviderSchemas::Parse(Doc(std::string(kSchemas)));
  ASSERT_TRUE(schemas) << schemas.error().message;
  const std::string aws = "registry.opentofu.org/hashicorp/aws";
  EXPECT_TRUE(schemas->HasProvider(aws));
  EXPECT_EQ(schemas->Providers(), std::vector<std::string>{aws});
  base::Expected<const Schema*> found = schemas->Find(aws, ResourceMode::kManaged, "aws_instance");
  ASSERT_TRUE(found) << found.error().message;
  const Schema* s = *found;
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->version, 1u);
  const Block& b = *s->block;
  ASSERT_EQ(b.attributes.size(), 4u);
  EXPECT_EQ(b.attributes.begin()->first, "ami");  // sorted
  EXPECT_TRUE(b.attributes.at("ami").required);
  EXPECT_EQ(*b.attributes.at("tags").type, Type::Map(Type::String()));
  EXPECT_TRUE(b.attributes.at("password").sensitive);
  EXPECT_TRUE(b.attributes.at("password").write_only);
  const Attribute& disks = b.attributes.at("disks");
  ASSERT_TRUE(disks.nested_type);
  EXPECT_FALSE(disks.type.has_value());
  EXPECT_EQ(disks.nested_type->nesting_mode, NestingMode::kList);
  EXPECT_EQ(*disks.nested_type->attributes.at("size").type, Type::Number());
  const BlockType& ebs = b.block_types.at("ebs");
  EXPECT_EQ(ebs.nesting_mode, NestingMode::kSet);
  EXPECT_EQ(ebs.min_items, 1u);
  EXPECT_EQ(ebs.max_items, 3u);
  EXPECT_TRUE(ebs.block->attributes.at("iops").computed);
  // The second lookup is served from the cache.
  EXPECT_EQ(*schemas->Find(aws, ResourceMode::kManaged, "aws_instance"), s);
  EXPECT_NE(*schemas->Find(aws, ResourceMode::kData, "aws_ami"), nullptr);
}

TEST(Schema, UnknownProvidersAndTypesAreNotErrors) {
  base::Expected<ProviderSchemas> schemas = ProviderSchemas::Parse(Doc(std::string(kSchemas)));
  ASSERT_TRUE(schemas);
  for (auto [provider, mode, type] : {std::tuple{"registry.opentofu.org/hashicorp/google", ResourceMode::kManaged, "x"},
                                      std::tuple{"registry.opentofu.org/hashicorp/aws", ResourceMode::kManaged, "aws_nope"},
                                      std::tuple{"registry.opentofu.org/hashicorp/aws", ResourceMode::kData, "aws_instance"}}) {
    base::Expected<const Schema*> found = schemas->Find(provider, mode, type);
    ASSERT_TRUE(found) << found.error().message;
    EXPECT_EQ(*found, nullptr) << type;
  }
}

TEST(Schema, MalformedSchemasNameTheirPath) {
  base::Expected<ProviderSchemas> schemas = ProviderSchemas::Parse(Doc(std::string(kSchemas)));
  ASSERT_TRUE(schemas);
  base::Expected<const Schema*> found =
      schemas->Find("registry.opentofu.org/hashicorp/aws", ResourceMode::kManaged, "aws_broken");
  ASSERT_FALSE(found);
  EXPECT_EQ(found.error().path, "$.provider_schemas[\"registry.opentofu.org/hashicorp/aws\"].resource_schemas.aws_broken");
  EXPECT_EQ(found.error().message,
            "$.provider_schemas[\"registry.opentofu.org/hashicorp/aws\"].resource_schemas.aws_broken.block"
            ".attributes.x.type: [1]: unknown type \"wat\"");
}

TEST(Schema, TopLevelShapeIsChecked) {
  EXPECT_EQ(ProviderSchemas::Parse(Doc("[1]")).error().message, "$: provider schemas must be a JSON object");
  EXPECT_EQ(ProviderSchemas::Parse(Doc(R"({"provider_schemas": []})")).error().message,
            "$.provider_schemas: must be a JSON object");
  base::Expected<ProviderSchemas> bad = ProviderSchemas::Parse(Doc(R"({"provider_schemas": {"p": 3}})"));
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "$.provider_schemas.p: a provider schema must be a JSON object");
  EXPECT_EQ(bad.error().path, "$.provider_schemas.p");
  EXPECT_TRUE(ProviderSchemas::Parse(Doc(R"({"format_version": "1.0"})")));
}

TEST(Schema, BlockAndAttributeErrors) {
  auto error_of = [](std::string json) {
    auto doc = Doc(std::move(json));
    base::Expected<std::shared_ptr<const Block>> block = ParseBlock(doc->root(), "$");
    return block.ok() ? std::string("parsed") : block.error().message;
  };
  EXPECT_EQ(error_of(R"({"attributes": {"a": {"optional": "yes", "type": "string"}}})"),
            "$.attributes.a.optional: must be a boolean, not string");
  EXPECT_EQ(error_of(R"({"block_types": {"b": {"nesting_mode": "tree"}}})"),
            "$.block_types.b.nesting_mode: unknown or missing nesting mode");
  EXPECT_EQ(error_of(R"({"attributes": {"a": {"optional": true}}})"),
            "$.attributes.a: an attribute needs a type or a nested_type");
  EXPECT_EQ(error_of(R"({"block_types": {"b": {"nesting_mode": "list", "max_items": -1}}})"),
            "$.block_types.b.max_items: must be a non-negative integer");
  EXPECT_EQ(error_of(R"({"attributes": {"a": {"type": ["list", "int"]}}})"),
            "$.attributes.a.type: [1]: unknown type \"int\"");
  auto doc = Doc(R"({"attributes": {"a": {"computed": 1, "type": "string"}}})");
  base::Expected<std::shared_ptr<const Block>> bad = ParseBlock(doc->root(), "$");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().path, "$.attributes.a.computed");
  doc = Doc(R"({"attributes": {"a": {"type": "string"}}})");
  base::Expected<std::shared_ptr<const Block>> good = ParseBlock(doc->root(), "$");
  ASSERT_TRUE(good.ok());
  EXPECT_EQ((*good)->attributes.count("a"), 1u);
}

TEST(Schema, KnowsWhereSensitiveAttributesMayBe) {
  auto block_of = [](std::string json) {
    auto doc = Doc(std::move(json));
    base::Expected<std::shared_ptr<const Block>> block = ParseBlock(doc->root(), "$");
    EXPECT_TRUE(block.ok());
    return block.ok() ? *block : std::make_shared<const Block>();
  };
  auto plain = block_of(R"({"attributes": {"a": {"type": "string"}},
      "block_types": {"b": {"nesting_mode": "list"}, "c": {"nesting_mode": "single", "block": {}}}})");
  EXPECT_FALSE(plain->may_hold_sensitive);
  EXPECT_FALSE(plain->block_types.at("b").block->may_hold_sensitive);
  EXPECT_TRUE(block_of(R"({"attributes": {"a": {"type": "string", "sensitive": true}}})")->may_hold_sensitive);
  // In a nested attribute type, however deep.
  auto nested = block_of(R"({"attributes": {"n": {"nested_type": {"nesting_mode": "list", "attributes": {
      "m": {"nested_type": {"nesting_mode": "single", "attributes": {"s": {"type": "string", "sensitive": true}}}},
      "p": {"nested_type": {"nesting_mode": "single", "attributes": {"t": {"type": "string"}}}}}}}}})");
  EXPECT_TRUE(nested->may_hold_sensitive);
  const NestedType& n = *nested->attributes.at("n").nested_type;
  EXPECT_TRUE(n.may_hold_sensitive);
  EXPECT_TRUE(n.attributes.at("m").nested_type->may_hold_sensitive);
  EXPECT_FALSE(n.attributes.at("p").nested_type->may_hold_sensitive);
  // In a nested block, however deep.
  auto deep = block_of(R"({"block_types": {"b": {"nesting_mode": "set", "block": {"block_types": {
      "c": {"nesting_mode": "map", "block": {"attributes": {"s": {"type": "string", "sensitive": true}}}}}}}}})");
  EXPECT_TRUE(deep->may_hold_sensitive);
  EXPECT_TRUE(deep->block_types.at("b").block->may_hold_sensitive);
  // A block made by hand is walked.
  EXPECT_TRUE(Block().may_hold_sensitive);
  EXPECT_TRUE(NestedType().may_hold_sensitive);
}

}  // namespace
}  // namespace planview::structured
