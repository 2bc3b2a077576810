// The encoders' errors: the first value that does not fit stops them, with its path.
#include "wire/encode.h"

#include <string>

#include <gtest/gtest.h>

#include "wire/decode.h"

namespace planview::wire {
namespace {

using structured::Type;

WireValue Decoded(const std::string& json, const Type& type) {
  DecodeResult r = DecodeJson(json, type);
  EXPECT_TRUE(r.ok()) << (r.error ? r.error->ToString() : "");
  return *r.value;
}

TEST(Encode, StopsAtTheFirstValueThatDoesNotFit) {
  WireValue numbers = Decoded(R"([1, 2])", Type::List(Type::Number()));
  EncodeResult r = EncodeMsgpack(numbers, Type::List(Type::String()));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->ToString(), "at [0]: string is required");
  r = EncodeJson(numbers, Type::Tuple({Type::Number(), Type::Bool()}));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.bytes, "");
  EXPECT_EQ(r.error->ToString(), "at [1]: bool is required");

  WireValue object = Decoded(R"({"a": {"b": "x"}})", Type::Object({{"a", Type::Map(Type::String())}}));
  r = EncodeMsgpack(object, Type::Object({{"a", Type::Object({{"c", Type::String()}})}}));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->ToString(), "at .a.b: unsupported attribute");
}

TEST(Encode, JsonCannotHoldInfinitiesOrUnknowns) {
  WireValue inf = Decoded(R"({"n": "+Inf"})", Type::Object({{"n", Type::Number()}}));
  EncodeResult r = EncodeJson(inf, Type::Object({{"n", Type::Number()}}));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->ToString(), "at .n: cannot serialize infinity as JSON");
  EXPECT_TRUE(EncodeMsgpack(inf, Type::Object({{"n", Type::Number()}})).ok());
}

}  // namespace
}  // namespace planview::wire
