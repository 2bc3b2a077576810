#include "wire/plugin_proto.h"

#include <random>
#include <string>

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

// Damaged Schema and DynamicValue messages: refused exactly when libprotobuf's parse (the
// reference, tests only) refuses them.
TEST(Schema, DamagedMessagesAsProtobufReadsThem) {
  tfplugin5::Schema s;
  s.set_version(1);
  tfplugin5::Schema::Block* block = s.mutable_block();
  for (int i = 0; i < 6; ++i) {
    auto* a = block->add_attributes();
    a->set_name("attr_" + std::to_string(i));
    a->set_type(i % 2 ? "\"string\"" : R"(["list","number"])");
    a->set_description("d\xc3\xa9");
    a->set_optional(true);
    auto* nested = block->add_block_types();
    nested->set_type_name("nested_" + std::to_string(i));
    nested->set_nesting(tfplugin5::Schema::NestedBlock::SET);
    nested->set_max_items(3);
    nested->mutable_block()->add_attributes()->set_name("x");
    nested->mutable_block()->mutable_attributes(0)->set_type("\"bool\"");
  }
  const std::string schema = s.SerializeAsString();
  const std::string value = DynamicValueMessage(std::string("\x81\xa1" "a\xa1x", 5)) + std::string("\x12\x02{}", 4);
  std::mt19937 rng(20261205);
  int refused = 0;
  for (int round = 0; round < 1500; ++round) {
    const bool is_schema = round % 2 == 0;
    std::string bytes = is_schema ? schema : value;
    const size_t at = rng() % bytes.size();
    switch (rng() % 3) {
      case 0: bytes[at] = static_cast<char>(rng()); break;
      case 1: bytes.resize(at); break;
      case 2: bytes.insert(at, bytes.substr(at, 1 + rng() % 8)); break;
    }
    if (is_schema) {
      tfplugin5::Schema reference;
      const bool parses = reference.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
      base::Expected<Schema> ours = SchemaFromProto(bytes);
      const bool refused_here = !ours && ours.error().message == "not a protobuf Schema message";
      EXPECT_EQ(refused_here, !parses) << "round " << round;
      refused += refused_here;
    } else {
      tfplugin5::DynamicValue reference;
      const bool parses = reference.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
      DecodeResult ours = DecodeDynamicValue(bytes, Type::Object({{"a", Type::String()}}));
      const bool refused_here = !ours.ok() && ours.error->message == "not a protobuf DynamicValue message";
      EXPECT_EQ(refused_here, !parses) << "round " << round;
      refused += refused_here;
    }
  }
  EXPECT_GT(refused, 150);
  EXPECT_LT(refused, 1350);
}

}  // namespace
}  // namespace planview::wire
