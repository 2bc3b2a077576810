// Plan-file values as `show -json` holds them, read through ReadPlanFile: strings and keys
// that are not valid UTF-8 (each bad byte U+FFFD, keys that then repeat or fall out of
// order sorted with the last kept), and infinities, which `show -json` cannot write.
#include "planfile/internal/value_writer.h"

#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "planfile/plan_file.h"
#include "planfile/testing/plan_file_writer.h"
#include "planproto/planfile.pb.h"
#include "structured/json_parse.h"

namespace planview::planfile::internal {
namespace {

using structured::Value;

// msgpack: a string of `text`, and a dynamic value ([type JSON as bin, value]).
std::string Str(std::string_view text) {
  std::string out;
  if (text.size() < 32) out += static_cast<char>(0xa0 | text.size());
  else out += {'\xd9', static_cast<char>(text.size())};
  out += text;
  return out;
}
std::string Dynamic(std::string_view type_json, std::string_view value) {
  std::string out = {'\x92', '\xc4', static_cast<char>(type_json.size())};
  out += type_json;
  out += value;
  return out;
}
const std::string kPlusInf("\xcb\x7f\xf0\x00\x00\x00\x00\x00\x00", 9);
const std::string kMinusInf("\xcb\xff\xf0\x00\x00\x00\x00\x00\x00", 9);
const std::string kUnknown("\xd4\x00\x00", 3);
// U+FFFD, which the document holds (and Json() writes) for each byte that is not UTF-8.
#define U_FFFD "\xef\xbf\xbd"

planproto::Plan EmptyPlan() {
  planproto::Plan plan;
  plan.set_version(3);
  plan.set_terraform_version("1.9.0");
  return plan;
}

planproto::Plan WithVariable(const std::string& msgpack) {
  planproto::Plan plan = EmptyPlan();
  (*plan.mutable_variables())["v"].set_msgpack(msgpack);
  return plan;
}

planproto::Plan WithOutput(const std::string& after) {
  planproto::Plan plan = EmptyPlan();
  planproto::OutputChange* output = plan.add_output_changes();
  output->set_name("o");
  output->mutable_change()->set_action(planproto::CREATE);
  output->mutable_change()->add_values()->set_msgpack(after);
  return plan;
}

// One example_server change; `values` are its before/after msgpack as the action has them.
planproto::Plan WithResource(planproto::Action action, const std::vector<std::string>& values) {
  planproto::Plan plan = EmptyPlan();
  planproto::ResourceInstanceChange* rc = plan.add_resource_changes();
  rc->set_addr("example_server.this");
  rc->set_provider("provider[\"registry.opentofu.org/hashicorp/example\"]");
  rc->mutable_change()->set_action(action);
  for (const std::string& v : values) rc->mutable_change()->add_values()->set_msgpack(v);
  return plan;
}

constexpr char kSchemas[] = R"({
  "format_version": "1.0",
  "provider_schemas": {"registry.opentofu.org/hashicorp/example": {"resource_schemas": {"example_server": {
    "version": 0, "block": {"attributes": {
      "n": {"type": "number", "optional": true},
      "tags": {"type": ["map", "string"], "optional": true}}}}}}}
})";

const structured::ProviderSchemas& Schemas() {
  static const structured::ProviderSchemas* schemas = [] {
    structured::ParseResult parsed = structured::ParseJson(kSchemas);
    EXPECT_TRUE(parsed.ok());
    base::Expected<structured::ProviderSchemas> s = structured::ProviderSchemas::Parse(parsed.value());
    EXPECT_TRUE(s) << s.error().message;
    return new structured::ProviderSchemas(std::move(*s));
  }();
  return *schemas;
}

base::Expected<PlanFile> Read(const planproto::Plan& plan, bool typed = false) {
  ReadOptions options;
  if (typed) options.schemas = &Schemas();
  return ReadPlanFile(testing::ZipArchiveOf({{"tfplan", plan.SerializeAsString()}}), options);
}

// The plan's `show -json` text; the document built is what that text parses to.
std::string JsonOf(const planproto::Plan& plan, bool typed = false) {
  base::Expected<PlanFile> read = Read(plan, typed);
  EXPECT_TRUE(read) << read.error().message;
  if (!read) return "";
  std::string json = read->Json();
  structured::ParseResult parsed = structured::ParseJson(json);
  EXPECT_TRUE(parsed.ok() && parsed.value()->root().Equals(read->document->root())) << json;
  return json;
}

std::string ErrorOf(const planproto::Plan& plan, bool typed = false) {
  base::Expected<PlanFile> read = Read(plan, typed);
  EXPECT_FALSE(read);
  return read ? "(read)" : read.error().message;
}

// The fuzzer's find (testdata/fuzz/planfile_read_fuzzer/variable_value_with_invalid_utf8).
TEST(ValueWriter, InvalidUtf8InStringsIsReplacedAsGoJsonDoes) {
  const planproto::Plan plan = WithVariable(Dynamic(R"("string")", Str("t3.\xc3(all\xe2\x80")));
  const std::string json = JsonOf(plan);
  EXPECT_NE(json.find(R"(,"variables":{"v":{"value":"t3.)" U_FFFD "(all" U_FFFD U_FFFD R"("}},)"), std::string::npos)
      << json;
  base::Expected<PlanFile> read = Read(plan);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->document->root().find("variables").find("v").find("value").text(), "t3." U_FFFD "(all" U_FFFD U_FFFD);
}

TEST(ValueWriter, KeysThatRepeatAfterReplacementKeepTheLastInKeyOrder) {
  // cty orders map keys by their bytes: a\x80 < a\x81 < aé < b. As `show -json` writes
  // them, the first two are both "a\ufffd" (Go keeps the last) and sort after "aé".
  const std::string map = "\x84" + Str("a\x80") + "\x01" + Str("a\x81") + "\x02" + Str("a\xc3\xa9") + "\x03" +
                          Str("b") + "\x04";
  const std::string json = JsonOf(WithVariable(Dynamic(R"(["map","number"])", map)));
  EXPECT_NE(json.find(R"("v":{"value":{"a)" "\xc3\xa9" R"(":3,"a)" U_FFFD R"(":2,"b":4}})"), std::string::npos) << json;

  // The same rule in each tree: an unknown member is left out of `after` before keys merge.
  const std::string outputs =
      JsonOf(WithOutput(Dynamic(R"(["map","string"])", "\x82" + Str("k\x80") + kUnknown + Str("k\x81") + Str("x"))));
  EXPECT_NE(outputs.find(R"("output_changes":{"o":{"actions":["create"],"before":null,"after":{"k)" U_FFFD R"(":"x"},)"
                         R"("after_unknown":{"k)" U_FFFD R"(":true},"before_sensitive":false,"after_sensitive":false}})"),
            std::string::npos)
      << outputs;
}

TEST(ValueWriter, LargeObjectsWithReplacedKeysStayIndexedByKey) {
  // Over 16 members the document indexes an object by key: "k\x80" becomes "k\ufffd",
  // which sorts after "ké" although its bytes sorted before.
  std::string map = {'\xde', '\x00', '\x16'};
  for (int i = 0; i < 20; ++i) map += Str("k" + std::string(i < 10 ? "0" : "") + std::to_string(i)) + static_cast<char>(i);
  map += Str("k\x80") + "\x64" + Str("k\xc3\xa9") + "\x65";
  const planproto::Plan plan = WithVariable(Dynamic(R"(["map","number"])", map));
  const std::string json = JsonOf(plan);
  EXPECT_NE(json.find(R"("k18":18,"k19":19,"k)" "\xc3\xa9" R"(":101,"k)" U_FFFD R"(":100}})"), std::string::npos) << json;
  base::Expected<PlanFile> read = Read(plan);
  ASSERT_TRUE(read);
  Value value = read->document->root().find("variables").find("v").find("value");
  ASSERT_EQ(value.size(), 22u);
  EXPECT_EQ(value.find("k" U_FFFD).text(), "100");
  EXPECT_EQ(value.find("k\xc3\xa9").text(), "101");
  EXPECT_EQ(value.find("k00").text(), "0");
  EXPECT_EQ(value.find("k19").text(), "19");
  EXPECT_TRUE(value.KeysIncrease());
}

TEST(ValueWriter, InvalidUtf8InTypedAndUntypedResourceValues) {
  // With schemas: a map attribute's keys and strings.
  const std::string typed = "\x82" + Str("n") + "\x01" + Str("tags") + "\x81" + Str("\xff") + Str("\xfe");
  std::string json = JsonOf(WithResource(planproto::CREATE, {typed}), true);
  EXPECT_NE(json.find(R"("after":{"n":1,"tags":{")" U_FFFD R"(":")" U_FFFD R"("}})"), std::string::npos) << json;
  // Without, a dynamic value inside is decoded typed and written the same way.
  const std::string untyped = "\x81" + Str("a") + Dynamic(R"(["map","string"])", "\x81" + Str("\xff") + Str("\xfe"));
  json = JsonOf(WithResource(planproto::CREATE, {untyped}));
  EXPECT_NE(json.find(R"("after":{"a":{")" U_FFFD R"(":")" U_FFFD R"("}})"), std::string::npos) << json;
}

TEST(ValueWriter, ValidNonAsciiTextIsWrittenAsItIs) {
  // Typed by the schema: long and short strings and keys, wholly known (copied from the
  // decoded document) and beside an unknown (walked).
  const std::string text = "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 more than sixteen bytes";
  const std::string e = "\xc3\xa9";
  const std::string known = "\x82" + Str("n") + "\x01" + Str("tags") + "\x82" + Str(text) + Str(e) + Str(e) + Str(text);
  std::string json = JsonOf(WithResource(planproto::CREATE, {known}), true);
  EXPECT_NE(json.find(R"("after":{"n":1,"tags":{")" + text + R"(":")" + e + R"(",")" + e + R"(":")" + text + R"("}})"),
            std::string::npos)
      << json;
  const std::string partly = "\x82" + Str("n") + kUnknown + Str("tags") + "\x81" + Str(text) + Str(text);
  json = JsonOf(WithResource(planproto::CREATE, {partly}), true);
  EXPECT_NE(json.find(R"("after":{"tags":{")" + text + R"(":")" + text + R"("}})"), std::string::npos) << json;
}

TEST(ValueWriter, InfinityIsAnErrorNamingWhere) {
  EXPECT_EQ(ErrorOf(WithVariable(Dynamic(R"("number")", kPlusInf))),
            "tfplan: variables[\"v\"]: at the value: cannot serialize infinity as JSON");
  // Wholly known (copied from the decoded document) and not (walked with its unknowns).
  EXPECT_EQ(ErrorOf(WithVariable(Dynamic(R"(["map",["list","number"]])",
                                         "\x81" + Str("a") + "\x92\x01" + kMinusInf))),
            "tfplan: variables[\"v\"]: at [\"a\"][1]: cannot serialize infinity as JSON");
  EXPECT_EQ(ErrorOf(WithOutput(Dynamic(R"(["list","number"])", "\x92" + kUnknown + kPlusInf))),
            "tfplan: output_changes[0] (o): after value: at [1]: cannot serialize infinity as JSON");
  // A resource's before value, typed by its schema.
  const std::string inf = "\x82" + Str("n") + kPlusInf + Str("tags") + "\xc0";
  const std::string one = "\x82" + Str("n") + "\x01" + Str("tags") + "\xc0";
  EXPECT_EQ(ErrorOf(WithResource(planproto::UPDATE, {inf, one}), true),
            "tfplan: resource_changes[0] (example_server.this): before value: at [\"n\"]: cannot serialize infinity "
            "as JSON");
  // Untyped: a dynamic value inside (decoded typed), and a float the untyped decoder reads.
  EXPECT_EQ(ErrorOf(WithResource(planproto::CREATE, {"\x81" + Str("a") + Dynamic(R"("number")", kPlusInf)})),
            "tfplan: resource_changes[0] (example_server.this): after value: at [\"a\"]: cannot serialize infinity "
            "as JSON");
  EXPECT_EQ(ErrorOf(WithResource(planproto::CREATE, {"\x91" + kMinusInf})),
            "tfplan: resource_changes[0] (example_server.this): after value: at [0] (byte 1): cannot serialize "
            "infinity as JSON");
}

}  // namespace
}  // namespace planview::planfile::internal

#undef U_FFFD
