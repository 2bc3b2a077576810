#include "wire/plugin_proto.h"

#include <gtest/gtest.h>

#include "proto/tfplugin5.pb.h"
#include "wire/implied_type.h"

namespace planview::wire {

using structured::Schema;
using structured::Type;

namespace {

TEST(DynamicValue, PrefersMsgpackAndFallsBackToJson) {
  tfplugin5::DynamicValue both;
  both.set_msgpack(std::string("\x81\xa1" "a\xa1x", 5));  // {"a": "x"}
  both.set_json(R"({"a":"from json"})");
  Type type = Type::Object({{"a", Type::String()}});
  DecodeResult r = DecodeDynamicValue(both.SerializeAsString(), type);
  ASSERT_TRUE(r.ok()) << r.error->ToString();
  EXPECT_EQ(r.value->root().find("a").text(), "x");

  tfplugin5::DynamicValue json_only;
  json_only.set_json(R"({"a":"from json"})");
  r = DecodeDynamicValue(json_only.SerializeAsString(), type);
  ASSERT_TRUE(r.ok()) << r.error->ToString();
  EXPECT_EQ(r.value->root().find("a").text(), "from json");

  r = DecodeDynamicValue(tfplugin5::DynamicValue().SerializeAsString(), type);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->message, "DynamicValue has neither msgpack nor json set");
  r = DecodeDynamicValue("\xff\xff\xff", type);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->message, "not a protobuf DynamicValue message");
}

TEST(DynamicValue, RoundTripsThroughTheMessage) {
  std::string message = DynamicValueMessage(std::string("\x92\x01\xd4\x00\x00", 5));
  DecodeResult r = DecodeDynamicValue(message, Type::List(Type::Number()));
  ASSERT_TRUE(r.ok()) << r.error->ToString();
  EXPECT_EQ(r.value->root().at(0).text(), "1");
  EXPECT_TRUE(r.value->unknown_root().at(1).is_true());
}

TEST(Schema, ConvertsBlocksAndNesting) {
  tfplugin5::Schema s;
  s.set_version(3);
  auto* id = s.mutable_block()->add_attributes();
  id->set_name("id");
  id->set_type("\"string\"");
  id->set_computed(true);
  auto* tags = s.mutable_block()->add_attributes();
  tags->set_name("tags");
  tags->set_type(R"(["map","string"])");
  tags->set_optional(true);
  auto* rule = s.mutable_block()->add_block_types();
  rule->set_type_name("rule");
  rule->set_nesting(tfplugin5::Schema::NestedBlock::LIST);
  rule->set_min_items(1);
  auto* port = rule->mutable_block()->add_attributes();
  port->set_name("port");
  port->set_type("\"number\"");
  port->set_required(true);

  base::Expected<Schema> schema = SchemaFromProto(s.SerializeAsString());
  ASSERT_TRUE(schema) << schema.error().message;
  EXPECT_EQ(schema->version, 3u);
  EXPECT_TRUE(schema->block->attributes.at("id").computed);
  EXPECT_EQ(schema->block->block_types.at("rule").min_items, 1u);
  EXPECT_EQ(ImpliedType(*schema->block).ToJson(),
            R"(["object",{"id":"string","rule":["list",["object",{"port":"number"}]],"tags":["map","string"]}])");

  port->set_type("\"integer\"");
  base::Expected<Schema> bad = SchemaFromProto(s.SerializeAsString());
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("block.rule.port: invalid type"), std::string::npos) << bad.error().message;
}

}  // namespace
}  // namespace planview::wire
