// prior_state (from the tfstate member), checks (from the plan's check results) and
// applyable/complete as `terraform show -json` writes them, on plan files written here:
// with and without schemas, every member the state can give, and hostile states.
#include <string>

#include <nlohmann/json.hpp>

#include "gtest/gtest.h"
#include "planfile/plan_file.h"
#include "planfile/testing/plan_file_writer.h"
#include "planproto/planfile.pb.h"
#include "structured/json_parse.h"

namespace planview::planfile {
namespace {

using nlohmann::json;

constexpr char kSchemas[] = R"({"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/t":{
  "resource_schemas":{"t_thing":{"version":2,"block":{
    "attributes":{"id":{"type":"string","computed":true},"secret":{"type":"string","optional":true,"sensitive":true},
      "dyn":{"type":"dynamic","optional":true},"tags":{"type":["map","string"],"optional":true},
      "note":{"type":"string","optional":true}},
    "block_types":{"rule":{"nesting_mode":"list","block":{"attributes":{"token":{"type":"string","optional":true,
      "sensitive":true}}}}}}}},
  "data_source_schemas":{"t_thing":{"version":0,"block":{"attributes":{"id":{"type":"string","computed":true}}}}}}}})";

// Three resources: one in a nested module instance (with schema-sensitive and dynamic
// attributes, and a state-marked map element), one with int keys (tainted, deposed), a
// data source; two outputs.
constexpr char kState[] = R"({"version":4,"terraform_version":"1.9.6","serial":3,"lineage":"l",
 "outputs":{"b":{"value":[1.50,"x"],"type":["tuple",["number","string"]]},"a":{"value":"s","type":"string","sensitive":true}},
 "resources":[
  {"module":"module.m[\"k.1\"].module.n","mode":"managed","type":"t_thing","name":"x",
   "provider":"module.m.provider[\"registry.terraform.io/hashicorp/t\"].west","instances":[{"schema_version":2,
   "attributes":{"id":"1","secret":"s","dyn":{"value":{"a":1},"type":["object",{"a":"number"}]},"tags":{"k":"v","j":"w"},
   "rule":[{"token":"t"}]},
   "sensitive_attributes":[[{"type":"get_attr","value":"tags"},{"type":"index","value":{"value":"k","type":"string"}}]]}]},
  {"mode":"managed","type":"t_thing","name":"y","each":"list","provider":"provider[\"registry.terraform.io/hashicorp/t\"]",
   "instances":[
    {"index_key":1,"schema_version":2,"attributes":{"id":"y1","secret":null,"dyn":null,"tags":null,"note":null,"rule":[]},
     "status":"tainted","dependencies":["data.t_thing.z"]},
    {"index_key":1,"deposed":"00aa","schema_version":2,"attributes":{"id":"old","secret":null,"dyn":null,"tags":null,
     "note":null,"rule":[]}},
    {"index_key":0,"schema_version":2,"attributes":{"id":"y0","secret":null,"dyn":null,"tags":null,"note":null,"rule":[]},
     "sensitive_attributes":[[{"type":"get_attr","value":"note"}]]}]},
  {"mode":"data","type":"t_thing","name":"z","provider":"provider[\"registry.terraform.io/hashicorp/t\"]",
   "instances":[{"schema_version":0,"attributes":{"id":"z"}}]}]})";

// `show -json`'s prior_state for kState; `typed` when read with kSchemas.
json ExpectedPriorState(bool typed) {
  json x = {{"address", "module.m[\"k.1\"].module.n.t_thing.x"}, {"mode", "managed"}, {"type", "t_thing"},
            {"name", "x"}, {"provider_name", "registry.terraform.io/hashicorp/t"}, {"schema_version", 2}};
  if (typed) {
    x["values"] = json::parse(R"({"id":"1","secret":"s","dyn":{"a":1},"tags":{"k":"v","j":"w"},"note":null,
                                  "rule":[{"token":"t"}]})");
    x["sensitive_values"] = json::parse(R"({"secret":true,"dyn":{},"tags":{"k":true},"rule":[{"token":true}]})");
  } else {
    x["values"] = json::parse(R"({"id":"1","secret":"s","dyn":{"value":{"a":1},"type":["object",{"a":"number"}]},
                                  "tags":{"k":"v","j":"w"},"rule":[{"token":"t"}]})");
    x["sensitive_values"] = json::parse(R"({"dyn":{"value":{},"type":[false,{}]},"tags":{"k":true},"rule":[{}]})");
  }
  const json empty_values = json::parse(R"({"secret":null,"dyn":null,"tags":null,"note":null,"rule":[]})");
  auto y = [&](int index, const char* id) {
    json r = {{"address", "t_thing.y[" + std::to_string(index) + "]"}, {"mode", "managed"}, {"type", "t_thing"},
              {"name", "y"}, {"index", index}, {"provider_name", "registry.terraform.io/hashicorp/t"},
              {"schema_version", 2}, {"values", empty_values}, {"sensitive_values", {{"rule", json::array()}}}};
    r["values"]["id"] = id;
    // The schema marks an attribute sensitive even where it is null.
    if (typed) r["sensitive_values"]["secret"] = true;
    return r;
  };
  json y0 = y(0, "y0");
  y0["sensitive_values"]["note"] = true;
  json y1 = y(1, "y1");
  y1["depends_on"] = {"data.t_thing.z"};
  y1["tainted"] = true;
  json deposed = y(1, "old");
  deposed["schema_version"] = 0;  // show -json copies only the address fields to a deposed object
  deposed["deposed_key"] = "00aa";
  json z = {{"address", "data.t_thing.z"}, {"mode", "data"}, {"type", "t_thing"}, {"name", "z"},
            {"provider_name", "registry.terraform.io/hashicorp/t"}, {"schema_version", 0},
            {"values", {{"id", "z"}}}, {"sensitive_values", json::object()}};
  return {{"format_version", "1.0"},
          {"terraform_version", "1.9.6"},
          {"values",
           {{"outputs",
             {{"a", {{"sensitive", true}, {"value", "s"}, {"type", "string"}}},
              {"b", {{"sensitive", false}, {"value", json::parse("[1.50,\"x\"]")}, {"type", json::parse(R"(["tuple",["number","string"]])")}}}}},
            {"root_module",
             {{"resources", {z, y0, y1, deposed}},
              {"child_modules",
               {{{"address", "module.m[\"k.1\"]"},
                 {"child_modules", {{{"resources", {x}}, {"address", "module.m[\"k.1\"].module.n"}}}}}}}}}}}};
}

std::string Tfplan(const std::string& version, const std::string& provider = "registry.terraform.io/hashicorp/t") {
  base::Expected<std::string> tfplan = testing::TfplanFromJson(
      R"({"format_version":"1.2","terraform_version":")" + version + R"(","resource_changes":[{"address":"t_thing.q",
        "mode":"managed","type":"t_thing","name":"q","provider_name":")" + provider + R"(","change":{"actions":["no-op"],
        "before":{"id":"q","secret":null,"dyn":null,"tags":null,"note":null,"rule":[]},
        "after":{"id":"q","secret":null,"dyn":null,"tags":null,"note":null,"rule":[]},"after_unknown":{},"before_sensitive":{},"after_sensitive":{}}}]})",
      nullptr);
  EXPECT_TRUE(tfplan) << tfplan.error().message;
  return tfplan ? *tfplan : "";
}

// The error of a read that should fail.
std::string ErrorOf(const base::Expected<PlanFile>& read) { return read ? "(read)" : read.error().message; }

json Convert(const std::string& tfplan, const std::string& tfstate, const structured::ProviderSchemas* schemas) {
  ReadOptions options;
  options.schemas = schemas;
  base::Expected<PlanFile> read = ReadPlanFile(testing::ZipArchiveOf({{"tfplan", tfplan}, {"tfstate", tfstate}}), options);
  EXPECT_TRUE(read) << read.error().message;
  return read ? json::parse(read->Json()) : json();
}

TEST(PriorState, FromTheStateWithAndWithoutSchemas) {
  structured::ParseResult parsed = structured::ParseJson(kSchemas);
  ASSERT_TRUE(parsed.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  ASSERT_TRUE(schemas) << schemas.error().message;
  EXPECT_EQ(Convert(Tfplan("1.9.6"), kState, nullptr)["prior_state"], ExpectedPriorState(false));
  EXPECT_EQ(Convert(Tfplan("1.9.6"), kState, &*schemas)["prior_state"], ExpectedPriorState(true));
}

TEST(PriorState, EmptyStateIsLeftOut) {
  for (const char* state : {R"({"version":4,"terraform_version":"1.9.6","serial":1,"lineage":"l","outputs":{},
                                "resources":[],"check_results":null})",
                            R"({"version":4,"serial":0})"}) {
    json doc = Convert(Tfplan("1.9.6"), state, nullptr);
    EXPECT_FALSE(doc.contains("prior_state")) << doc.dump();
    EXPECT_TRUE(doc.contains("resource_changes"));
  }
}

TEST(PriorState, HostileStatesAreOneLine) {
  struct Case {
    const char* state;
    const char* error;
  };
  for (const Case& c : std::vector<Case>{
           {"{", "tfstate: tfstate:1:2: unexpected end of input: an object is not closed at $ (byte 1)"},
           {R"({"version":3})", "tfstate: $.version: state format version 4 expected"},
           {R"({"version":4,"resources":{}})", "tfstate: $.resources: not an array"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t"}]})",
            "tfstate: $.resources[0]: a resource needs mode, type, name and provider strings"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[
               {"attributes":{},"sensitive_attributes":[[{"type":"index","value":{"value":1e99,"type":"number"}}]]}]}]})",
            "tfstate: $.resources[0].instances[0].sensitive_attributes[0]: index 1e99 is not a whole number"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[
               {"attributes":{},"sensitive_attributes":[[{"type":"index","value":{"value":1.5,"type":"number"}}]]}]}]})",
            "tfstate: $.resources[0].instances[0].sensitive_attributes[0]: index 1.5 is not a whole number"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[
               {"attributes":{},"sensitive_attributes":[{"type":"get_attr","value":"a"}]}]}]})",
            "tfstate: $.resources[0].instances[0].sensitive_attributes[0]: a sensitive attribute path is not an array"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[
               {"attributes":{},"sensitive_attributes":[[{"type":"get_attr","value":1}]]}]}]})",
            "tfstate: $.resources[0].instances[0].sensitive_attributes[0]: a sensitive attribute path step is neither "
            "get_attr nor index"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[
               {"index_key":99999999999999999999,"attributes":{}}]}]})",
            "tfstate: $.resources[0].instances[0]: index_key is not a whole number"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[
               {"index_key":true,"attributes":{}}]}]})",
            "tfstate: $.resources[0].instances[0]: index_key is neither a number nor a string"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[
               {"attributes":[]}]}]})",
            "tfstate: $.resources[0].instances[0]: attributes is not an object"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p","instances":[7]}]})",
            "tfstate: $.resources[0].instances[0]: not an object"},
           {R"({"version":4,"resources":[{"mode":"managed","type":"t","name":"n","provider":"p"}]})",
            "tfstate: $.resources[0].instances: not an array"},
           {R"({"version":4,"outputs":[]})", "tfstate: $.outputs: not an object"},
           {R"({"version":4,"outputs":{"a":1}})", "tfstate: $.outputs: an output is not an object"},
           {"[]", "tfstate: $: not a state (not a JSON object)"},
       }) {
    base::Expected<PlanFile> read = ReadPlanFile(testing::ZipArchiveOf({{"tfplan", Tfplan("1.9.6")}, {"tfstate", c.state}}), {});
    EXPECT_EQ(ErrorOf(read), c.error) << c.state;
  }
}

// Check results, sorted by their displayed address, each kind with its address members.
TEST(Checks, WrittenAsShowJsonWritesThem) {
  planproto::Plan plan;
  ASSERT_TRUE(plan.ParseFromString(Tfplan("1.9.6")));
  auto add = [&](planproto::CheckResults::ObjectKind kind, const std::string& config, planproto::CheckResults::Status status) {
    planproto::CheckResults* r = plan.add_check_results();
    r->set_kind(kind);
    r->set_config_addr(config);
    r->set_status(status);
    return r;
  };
  planproto::CheckResults* resource =
      add(planproto::CheckResults::RESOURCE, "module.m.data.t_thing.z", planproto::CheckResults::FAIL);
  for (const char* object : {"module.m[\"b\"].data.t_thing.z[1]", "module.m[\"a\"].data.t_thing.z[0]"}) {
    planproto::CheckResults::ObjectResult* o = resource->add_objects();
    o->set_object_addr(object);
    o->set_status(planproto::CheckResults::FAIL);
    o->add_failure_messages("zeta");
    o->add_failure_messages("alpha");
  }
  add(planproto::CheckResults::INPUT_VARIABLE, "var.v", planproto::CheckResults::PASS)->add_objects()->set_object_addr(
      "var.v");
  add(planproto::CheckResults::OUTPUT_VALUE, "output.o", planproto::CheckResults::UNKNOWN);
  planproto::CheckResults* check = add(planproto::CheckResults::CHECK, "check.health", planproto::CheckResults::ERROR);
  check->add_objects()->set_object_addr("check.health");
  check->mutable_objects(0)->set_status(planproto::CheckResults::ERROR);
  json doc = Convert(plan.SerializeAsString(), R"({"version":4})", nullptr);
  EXPECT_EQ(doc["checks"], json::parse(R"([
    {"address":{"kind":"check","name":"health","to_display":"check.health"},"status":"error",
     "instances":[{"address":{"to_display":"check.health"},"status":"error"}]},
    {"address":{"kind":"resource","mode":"data","module":"module.m","name":"z","to_display":"module.m.data.t_thing.z",
      "type":"t_thing"},"status":"fail",
     "instances":[
       {"address":{"instance_key":0,"module":"module.m[\"a\"]","to_display":"module.m[\"a\"].data.t_thing.z[0]"},
        "status":"fail","problems":[{"message":"alpha"},{"message":"zeta"}]},
       {"address":{"instance_key":1,"module":"module.m[\"b\"]","to_display":"module.m[\"b\"].data.t_thing.z[1]"},
        "status":"fail","problems":[{"message":"alpha"},{"message":"zeta"}]}]},
    {"address":{"kind":"output_value","name":"o","to_display":"output.o"},"status":"unknown"},
    {"address":{"kind":"var","name":"v","to_display":"var.v"},"status":"pass",
     "instances":[{"address":{"to_display":"var.v"},"status":"unknown"}]}])"));
  // A resource check whose address is not one is refused in one line.
  plan.mutable_check_results(0)->set_config_addr("module.m.");
  base::Expected<PlanFile> bad = ReadPlanFile(testing::ZipArchiveOf({{"tfplan", plan.SerializeAsString()}}), {});
  EXPECT_EQ(ErrorOf(bad), "tfplan: check_results[0]: \"module.m.\" is not a resource address");
  // And the other addresses that are not one.
  struct Case {
    int result;
    int object;  // -1: the configuration address
    const char* address;
    const char* error;
  };
  for (const Case& c : std::vector<Case>{
           {0, -1, "module.m.data.t_thing.z[0]", "check_results[0]: \"module.m.data.t_thing.z[0]\" is not a resource address"},
           {2, -1, "out.o", "check_results[2]: \"out.o\" is not a output address"},
           {0, 0, "module.m[", "check_results[0].objects[0]: \"module.m[\" is not a resource instance address"},
           {3, 0, "check.a.b", "check_results[3].objects[0]: \"check.a.b\" is not a check address"},
       }) {
    planproto::Plan edited;
    ASSERT_TRUE(edited.ParseFromString(plan.SerializeAsString()));
    edited.mutable_check_results(0)->set_config_addr("module.m.data.t_thing.z");
    if (c.object < 0) edited.mutable_check_results(c.result)->set_config_addr(c.address);
    else edited.mutable_check_results(c.result)->mutable_objects(c.object)->set_object_addr(c.address);
    base::Expected<PlanFile> read = ReadPlanFile(testing::ZipArchiveOf({{"tfplan", edited.SerializeAsString()}}), {});
    EXPECT_EQ(ErrorOf(read), std::string("tfplan: ") + c.error);
  }
}

// Terraform writes applyable and complete from 1.8 on, true or false; older versions and
// OpenTofu write neither.
TEST(Applyable, FollowsTheVersion) {
  const std::string state = R"({"version":4})";
  planproto::Plan plan;
  ASSERT_TRUE(plan.ParseFromString(Tfplan("1.8.0")));
  plan.set_complete(true);
  json terraform = Convert(plan.SerializeAsString(), state, nullptr);
  EXPECT_EQ(terraform["applyable"], false);
  EXPECT_EQ(terraform["complete"], true);
  json older = Convert(Tfplan("1.7.5"), state, nullptr);
  EXPECT_FALSE(older.contains("applyable"));
  EXPECT_FALSE(older.contains("complete"));
  json opentofu = Convert(Tfplan("1.9.0", "registry.opentofu.org/hashicorp/t"), state, nullptr);
  EXPECT_FALSE(opentofu.contains("applyable"));
  EXPECT_FALSE(opentofu.contains("complete"));
}

}  // namespace
}  // namespace planview::planfile
