#include "change/outline.h"
#include "change/profile.h"
#include "change/testing/json_values.h"
#include "change/testing/render.h"
#include "change/renderers/renderers.h"
#include "gtest/gtest.h"

namespace planview::change::renderers {
namespace {

using change::testing::Json;
using change::testing::JsonString;
using change::testing::Render;
using structured::Type;
using structured::Value;

Diff Prim(Value before, Value after, Type type, Action action, bool replace = false) {
  return Diff(Primitive(before, after, std::move(type)), action, replace);
}

TEST(Primitive, NumbersKeepTheirExactText) {
  EXPECT_EQ(Render(Prim(Json("1.50"), Json("123456789012345678901234567890"), Type::Number(), Action::kUpdate)),
            "1.50 -> 123456789012345678901234567890");
  EXPECT_EQ(Render(Prim(Value(), Json("1e3"), Type::Number(), Action::kCreate)), "1e3");
}

TEST(Primitive, BoolsNullsAndSuffixes) {
  EXPECT_EQ(Render(Prim(Json("true"), Value(), Type::Bool(), Action::kDelete)), "true -> null");
  EXPECT_EQ(Render(Prim(Json("false"), Json("false"), Type::Bool(), Action::kNoOp, true)),
            "false # forces replacement");
  EXPECT_EQ(Render(Prim(Value(), Json("true"), Type::Bool(), Action::kUpdate)), "null -> true");
  EXPECT_EQ(Render(Prim(Json("1"), Json("2"), Type::Number(), Action::kUpdate), {}, 0, true),
            "1 \033[33m->\033[0m\033[0m 2");
}

TEST(Primitive, StringsAreGoQuoted) {
  EXPECT_EQ(Render(Prim(JsonString("tab\there"), JsonString("caf\xc3\xa9 \"x\""), Type::String(), Action::kUpdate)),
            "\"tab\\there\" -> \"caf\xc3\xa9 \\\"x\\\"\"");
  EXPECT_EQ(Render(Prim(Json("\"\\u00a0\""), Value(), Type::String(), Action::kDelete)), "\"\\u00a0\" -> null");
  // Deleting a null string shows no "-> null".
  EXPECT_EQ(Render(Prim(Value(), Value(), Type::String(), Action::kDelete)), "null");
}

TEST(Primitive, MultilineStringsBecomeHeredocs) {
  // The text is trimmed; lines sit one level deeper than the heredoc markers.
  EXPECT_EQ(Render(Prim(Value(), JsonString("\n  one\ntwo\n\n"), Type::String(), Action::kCreate), {}, 1),
            "<<-EOT\n"
            "            one\n"
            "            two\n"
            "        EOT");
  EXPECT_EQ(Render(Prim(JsonString("a\nb\nc\nd"), JsonString("a\nB\nc\nd\ne"), Type::String(), Action::kUpdate)),
            "<<-EOT\n"
            "        a\n"
            "      - b\n"
            "      + B\n"
            "        c\n"
            "        d\n"
            "      + e\n"
            "    EOT");
  EXPECT_EQ(Render(Prim(JsonString("x\ny"), Value(), Type::String(), Action::kDelete, true)),
            "<<-EOT # forces replacement\n"
            "        x\n"
            "        y\n"
            "    EOT -> null");
}

TEST(Primitive, HiddenSymbolsDropTheirColumns) {
  RenderOpts opts;
  opts.hide_diff_action_symbols = true;
  EXPECT_EQ(Render(Prim(JsonString("a\nb"), JsonString("a\nc"), Type::String(), Action::kUpdate), opts),
            "<<-EOT\n"
            "    a\n"
            "    b\n"
            "    c\n"
            "EOT");
}

TEST(Primitive, JsonStringsGetAStructuralDiff) {
  EXPECT_EQ(Render(Prim(JsonString("{\"a\":1,\"b\":[1,2]}"), JsonString("{\"a\":2,\"b\":[1,2]}"), Type::String(),
                        Action::kUpdate)),
            "jsonencode(\n"
            "      ~ {\n"
            "          ~ a = 1 -> 2\n"
            "            # (1 unchanged attribute hidden)\n"
            "        }\n"
            "    )");
  // Whitespace-only changes say so and show everything.
  EXPECT_EQ(Render(Prim(JsonString("[1, 2]"), JsonString("[1,2]"), Type::String(), Action::kUpdate)),
            "jsonencode( # whitespace changes\n"
            "        [\n"
            "            1,\n"
            "            2,\n"
            "        ]\n"
            "    )");
  EXPECT_EQ(Render(Prim(Value(), JsonString("{}"), Type::String(), Action::kCreate)), "jsonencode({})");
}

TEST(Primitive, TextAfterTheFirstJsonValueIsIgnored) {
  // Go's json.Decoder reads only the first value.
  EXPECT_EQ(Render(Prim(Value(), JsonString("[1] trailing"), Type::String(), Action::kCreate)),
            "jsonencode(\n"
            "        [\n"
            "          + 1,\n"
            "        ]\n"
            "    )");
  // An unterminated container is just a string.
  EXPECT_EQ(Render(Prim(Value(), JsonString("[1, 2"), Type::String(), Action::kCreate)), "\"[1, 2\"");
}

TEST(Primitive, JsonOnOneSideIsATypeChange) {
  EXPECT_EQ(Render(Prim(JsonString("plain"), JsonString("[]"), Type::String(), Action::kUpdate)),
            "\"plain\" -> jsonencode([])");
}

TEST(Primitive, MalformedValuesRenderAsJsonText) {
  EXPECT_EQ(Render(Prim(Json("\"7\""), Json("[1]"), Type::Number(), Action::kUpdate)), "\"7\" -> [1]");
}

// An unchanged string holding JSON with every node shown (as in a state) is rendered
// straight from its value; that must be the text of the diff tree DiffJson builds of it
// (the path taken when an outline is recorded): for either product, colour on and off,
// symbols shown or hidden, at any indent, whatever the JSON holds.
TEST(Primitive, UnchangedJsonStringsRenderAsTheirDiffTree) {
  const char* kTexts[] = {
      R"({"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject","s3:*"],"Resource":"*"}]})",
      "{}", "[]", "[{}]", "[[]]", "{\"a\":{}}", "[null]", "{\"a\":null}",
      R"({"b":1,"a":2,"b":3,"c":[true,false,null,-0,1.50,1E-2,1e400,0.1e-7]})",  // unsorted, a repeated key
      R"({"a b":1,"ключ":"v","1x":2,"q\"k":3,"":4,"id":"i","name":"n","tags":{"x":"y"},"longer_name_here":5})",
      R"({"s":"line one\nline two\n","t":"  trimmed  \n","e":"","u":"caf\u00e9 \t \u0001"})",
      R"({"inner":"{\"x\":[1,{\"y\":\"{\\\"z\\\":null}\"}]}","list":"[1,2]","not":"{nope"})",
      R"([1,[2,[3,[4,{"deep":[{"deeper":{}}]}]]]])",
      R"( { "spaced" : [ 1 , 2 ] } )",
      "{\"a\":1} trailing",  // JSON for OpenTofu (its first value), not for Terraform (the whole text)
      R"(["x",{"k":"v"},["y"],"multi\nline",null,{"":[]}])",
  };
  for (const char* text : kTexts) {
    const Value value = JsonString(text);
    for (const Profile* profile : {&OpenTofuProfile(), &TerraformProfile()}) {
      for (bool color : {false, true}) {
        for (bool hide : {false, true}) {
          for (int indent : {0, 2}) {
            SCOPED_TRACE(::testing::Message() << text << " terraform=" << (profile == &TerraformProfile())
                                            << " color=" << color << " hide=" << hide << " indent=" << indent);
            RenderOpts opts;
            opts.profile = profile;
            opts.show_unchanged_children = true;
            opts.hide_diff_action_symbols = hide;
            const std::string direct = Render(Prim(value, value, Type::String(), Action::kNoOp), opts, indent, color);
            Outline outline;
            opts.outline = &outline;
            const std::string tree = Render(Prim(value, value, Type::String(), Action::kNoOp), opts, indent, color);
            EXPECT_EQ(direct, tree);
          }
        }
      }
    }
  }
  RenderOpts opts;
  opts.show_unchanged_children = true;
  opts.hide_diff_action_symbols = true;
  EXPECT_EQ(Render(Prim(JsonString(R"({"b":[1,null,"x\ny"],"a b":{}})"), JsonString(R"({"b":[1,null,"x\ny"],"a b":{}})"),
                        Type::String(), Action::kNoOp),
                   opts),
            "jsonencode(\n"
            "    {\n"
            "        \"a b\" = {}\n"
            "        b     = [\n"
            "            1,\n"
            "            null,\n"
            "            <<-EOT\n"
            "                x\n"
            "                y\n"
            "            EOT,\n"
            "        ]\n"
            "    }\n"
            ")");
}

}  // namespace
}  // namespace planview::change::renderers
