#include "structured/cty_type.h"

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::structured {
namespace {

std::optional<Type> TypeOf(std::string json, std::string& error) {
  ParseResult r = ParseJson(std::move(json));
  EXPECT_TRUE(r.ok());
  static std::vector<std::shared_ptr<const Document>> keep;
  keep.push_back(r.document);
  return ParseType(r.document->root(), error);
}

TEST(CtyType, RoundTripsTypeJson) {
  for (std::string json : {R"("string")", R"("number")", R"("bool")", R"("dynamic")", R"(["list","string"])",
                           R"(["set",["map","number"]])", R"(["object",{"a":"string","b":["list","bool"]}])",
                           R"(["object",{"a":"string","b":"number"},["b"]])", R"(["tuple",["string","number"]])",
                           R"(["tuple",[]])", R"(["object",{}])"}) {
    std::string error;
    std::optional<Type> t = TypeOf(json, error);
    ASSERT_TRUE(t.has_value()) << json << ": " << error;
    EXPECT_EQ(t->ToJson(), json);
  }
}

TEST(CtyType, ObjectAttributesAreSortedAndLookedUp) {
  std::string error;
  std::optional<Type> t = TypeOf(R"(["object",{"z":"string","a":"number"},["z"]])", error);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->kind(), Type::Kind::kObject);
  EXPECT_EQ(t->attributes().front().first, "a");
  EXPECT_EQ(*t->attribute("z"), Type::String());
  EXPECT_EQ(t->attribute("missing"), nullptr);
  EXPECT_TRUE(t->is_optional("z"));
  EXPECT_FALSE(t->is_optional("a"));
  EXPECT_EQ(t->ToJson(), R"(["object",{"a":"number","z":"string"},["z"]])");
}

TEST(CtyType, EqualityAndNames) {
  EXPECT_EQ(Type::List(Type::String()), Type::List(Type::String()));
  EXPECT_NE(Type::List(Type::String()), Type::Set(Type::String()));
  EXPECT_NE(Type::Object({{"a", Type::String()}}), Type::Object({{"a", Type::String()}}, {"a"}));
  EXPECT_EQ(Type::Map(Type::Number()).FriendlyName(), "map of number");
  EXPECT_EQ(Type().kind(), Type::Kind::kDynamic);
  EXPECT_TRUE(Type::Bool().is_primitive());
  EXPECT_TRUE(Type::Set(Type::Bool()).is_collection());
  EXPECT_EQ(Type::Set(Type::Bool()).element(), Type::Bool());
}

TEST(CtyType, ErrorsNameThePathInsideTheType) {
  std::string error;
  EXPECT_FALSE(TypeOf(R"("integer")", error));
  EXPECT_EQ(error, "unknown type \"integer\"");
  EXPECT_FALSE(TypeOf(R"(["object",{"ports":["list","int"]}])", error));
  EXPECT_EQ(error, "[1].ports[1]: unknown type \"int\"");
  EXPECT_FALSE(TypeOf(R"(["list"])", error));
  EXPECT_EQ(error, "a list type needs exactly one element type");
  EXPECT_FALSE(TypeOf(R"(["object",{"a":"string"},["b"]])", error));
  EXPECT_EQ(error, "optional attribute \"b\" is not an attribute of the object");
  EXPECT_FALSE(TypeOf("42", error));
  EXPECT_EQ(error, "a type must be a string or an array starting with a kind, not number");
  EXPECT_FALSE(TypeOf(R"(["tuple","string"])", error));
  EXPECT_FALSE(TypeOf(R"(["enum","string"])", error));
  EXPECT_EQ(error, "unknown type kind \"enum\"");
}

TEST(CtyType, DeepTypesAreRefused) {
  std::string json;
  for (int i = 0; i < 400; ++i) json += "[\"list\",";
  json += "\"string\"";
  for (int i = 0; i < 400; ++i) json += "]";
  std::string error;
  EXPECT_FALSE(TypeOf(json, error));
  EXPECT_NE(error.find("type nested too deeply"), std::string::npos);
}

}  // namespace
}  // namespace planview::structured
