#include "change/value_hash.h"

#include <set>
#include <string>

#include "change/testing/json_values.h"
#include "gtest/gtest.h"

namespace planview::change {
namespace {

using testing::Json;
using testing::JsonString;

TEST(HashValue, EqualValuesHashAlike) {
  EXPECT_EQ(HashValue(Json(R"({"a":1,"b":[true,"x"]})")), HashValue(Json(R"({"b":[true,"x"],"a":1})")));
  EXPECT_EQ(HashValue(Json(R"({"a":1,"a":2})")), HashValue(Json(R"({"a":2})")));
  EXPECT_EQ(HashValue(Json("null")), HashValue(structured::Value()));
  EXPECT_EQ(HashValue(Json(R"("a\u0062c")")), HashValue(Json(R"("abc")")));
}

TEST(HashValue, EveryByteOfAStringCounts) {
  // Strings around the 8-byte steps, differing in one byte or in length only (NUL bytes).
  std::set<uint64_t> seen;
  size_t count = 0;
  for (size_t length : {0, 1, 7, 8, 9, 15, 16, 17, 31}) {
    std::string base(length, 'a');
    seen.insert(HashValue(JsonString(base)));
    seen.insert(HashValue(Json("\"" + base + "\\u0000\"")));
    count += 2;
    for (size_t at = 0; at < length; ++at) {
      std::string other = base;
      other[at] = 'b';
      seen.insert(HashValue(JsonString(other)));
      ++count;
    }
  }
  EXPECT_EQ(seen.size(), count);
  // Kinds apart: the same text as a number and as a string.
  EXPECT_NE(HashValue(Json("12")), HashValue(Json(R"("12")")));
  EXPECT_NE(HashValue(Json(R"({"a":"b"})")), HashValue(Json(R"({"b":"a"})")));
}

}  // namespace
}  // namespace planview::change
