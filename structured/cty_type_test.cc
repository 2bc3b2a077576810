#include "structured/cty_type.h"

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::structured {
namespace {

base::Expected<Type> TypeOf(std::string json) {
  ParseResult r = ParseJson(std::move(json));
  EXPECT_TRUE(r.ok());
  static std::vector<std::shared_ptr<const Document>> keep;
  keep.push_back(r.value());
  return ParseType(r.value()->root());
}

TEST(CtyType, RoundTripsTypeJson) {
  for (std::string json : {R"("string")", R"("number")", R"("bool")", R"("dynamic")", R"(["list","string"])",
                           R"(["set",["map","number"]])", R"(["object",{"a":"string","b":["list","bool"]}])",
                           R"(["object",{"a":"string","b":"number"},["b"]])", R"(["tuple",["string","number"]])",
                           R"(["tuple",[]])", R"(["object",{}])"}) {
    base::Expected<Type> t = TypeOf(json);
    ASSERT_TRUE(t.ok()) << json << ": " << t.error().message;
    EXPECT_EQ(t->ToJson(), json);
  }
}

TEST(CtyType, ObjectAttributesAreSortedAndLookedUp) {
  base::Expected<Type> t = TypeOf(R"(["object",{"z":"string","a":"number"},["z"]])");
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
  auto error_of = [](std::string json) {
    base::Expected<Type> t = TypeOf(std::move(json));
    return t.ok() ? std::string("parsed") : t.error().message;
  };
  EXPECT_EQ(error_of(R"("integer")"), "unknown type \"integer\"");
  EXPECT_EQ(error_of(R"(["object",{"ports":["list","int"]}])"), "[1].ports[1]: unknown type \"int\"");
  EXPECT_EQ(TypeOf(R"(["object",{"ports":["list","int"]}])").error().path, "[1].ports[1]");
  EXPECT_EQ(error_of(R"(["list"])"), "a list type needs exactly one element type");
  EXPECT_EQ(error_of(R"(["object",{"a":"string"},["b"]])"), "optional attribute \"b\" is not an attribute of the object");
  EXPECT_EQ(error_of("42"), "a type must be a string or an array starting with a kind, not number");
  EXPECT_NE(error_of(R"(["tuple","string"])"), "parsed");
  EXPECT_EQ(error_of(R"(["enum","string"])"), "unknown type kind \"enum\"");
}

TEST(CtyType, DeepTypesAreRefused) {
  std::string json;
  for (int i = 0; i < 400; ++i) json += "[\"list\",";
  json += "\"string\"";
  for (int i = 0; i < 400; ++i) json += "]";
  base::Expected<Type> t = TypeOf(json);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().message.find("type nested too deeply"), std::string::npos);
}

}  // namespace
}  // namespace planview::structured
