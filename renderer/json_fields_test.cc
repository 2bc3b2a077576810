// The sticky first-error field reader: zero values for missing fields, the first wrong
// one's path and message kept, later reads harmless.
#include "renderer/json_fields.h"

#include <gtest/gtest.h>

#include "structured/json_parse.h"

namespace planview::renderer {
namespace {

structured::Value Json(const char* text, std::shared_ptr<const structured::Document>& keep) {
  structured::ParseResult parsed = structured::ParseJson(text);
  EXPECT_TRUE(parsed.ok()) << text;
  keep = parsed.value();
  return keep->root();
}

TEST(FieldReader, MissingAndNullFieldsReadAsZeroValues) {
  std::shared_ptr<const structured::Document> doc;
  structured::Value v = Json(R"({"s": "x", "b": true, "n": 42, "z": null})", doc);
  FieldReader read;
  EXPECT_EQ(read.String(v, "s", "$"), "x");
  EXPECT_TRUE(read.Bool(v, "b", "$"));
  EXPECT_EQ(read.Int(v, "n", "$"), 42);
  EXPECT_EQ(read.String(v, "z", "$"), "");
  EXPECT_EQ(read.Int(v, "missing", "$", 7), 7);
  EXPECT_TRUE(read.Array(v, "z", "$").absent());
  EXPECT_FALSE(read.failed());
}

TEST(FieldReader, TheFirstErrorIsKept) {
  std::shared_ptr<const structured::Document> doc;
  structured::Value v = Json(R"({"n": 1.5, "s": 3, "o": []})", doc);
  FieldReader read;
  EXPECT_EQ(read.Int(v, "n", "$.x", 9), 9);
  EXPECT_EQ(read.String(v, "s", "$.x"), "");
  EXPECT_TRUE(read.Object(v, "o", "$.x").absent());
  ASSERT_TRUE(read.failed());
  EXPECT_EQ(read.error().message, "$.x.n: expected an integer, found 1.5");
  EXPECT_EQ(read.error().path, "$.x.n");
}

TEST(FieldReader, ANonObjectNamesItsOwnPath) {
  std::shared_ptr<const structured::Document> doc;
  structured::Value v = Json(R"([1])", doc);
  FieldReader read;
  EXPECT_FALSE(read.Bool(v, "b", "$.resource_changes[0]"));
  EXPECT_EQ(read.error().message, "$.resource_changes[0]: expected an object, found array");
}

TEST(InputError, IsOneLine) {
  EXPECT_EQ(InputError("$[\"a\\nb\"]", "expected a string\nfound\tnumber").message.find('\n'), std::string::npos);
  EXPECT_EQ(InputError("", "no path").message, "no path");
}

}  // namespace
}  // namespace planview::renderer
