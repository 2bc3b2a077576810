// The plan-file reader on plan files we write ourselves: every real `tofu` capture of
// testdata/conformance/equivalence encoded with its schemas (wire's encoder and
// planproto) reads back, with the same schemas, to the same resource changes and renders
// what `tofu show` printed; schema-sensitive attributes are hidden with schemas even when
// the plan file does not mark them; hostile archives give one exact line.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/executor.h"
#include "gtest/gtest.h"
#include "planfile/plan_file.h"
#include "planfile/testing/plan_file_writer.h"
#include "planproto/planfile.pb.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"

namespace planview::planfile {
namespace {

using nlohmann::json;
using testing::PlanFileFromJson;
using testing::TfplanFromJson;
using testing::ZipArchiveOf;

struct Schemas {
  std::shared_ptr<const structured::Document> document;
  std::optional<structured::ProviderSchemas> schemas;
};

Schemas LoadSchemas(const std::string& path) {
  Schemas out;
  structured::ParseResult parsed = structured::ParseJson(renderer::testing::ReadFile(path));
  EXPECT_TRUE(parsed.ok());
  out.document = parsed.value();
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  EXPECT_TRUE(schemas) << (schemas ? "" : schemas.error().message);
  if (schemas) out.schemas = std::move(*schemas);
  return out;
}

std::string ReadError(const std::string& bytes, uint64_t cap = kDefaultMaxInflatedBytes) {
  ReadOptions options;
  options.max_inflated_bytes = cap;
  base::Expected<PlanFile> r = ReadPlanFile(bytes, options);
  EXPECT_FALSE(r);
  if (r) return "(read)";
  EXPECT_EQ(r.error().message.find('\n'), std::string::npos) << r.error().message;
  return r.error().message;
}

renderer::DocumentRequest RenderRequest(const structured::ProviderSchemas* schemas, renderer::PlanMode mode) {
  renderer::DocumentRequest request;
  request.schemas = schemas;
  request.mode = mode;
  request.options.color = false;
  return request;
}

std::string Render(const std::string& json_text, const structured::ProviderSchemas* schemas, renderer::PlanMode mode) {
  renderer::DocumentResult r = renderer::RenderDocument(json_text, "plan", RenderRequest(schemas, mode));
  EXPECT_TRUE(r.ok) << r.error;
  return r.output;
}

// The plan file's document as built (what `planview PLANFILE` renders).
std::string RenderBuilt(const PlanFile& plan, const structured::ProviderSchemas* schemas, renderer::PlanMode mode) {
  renderer::DocumentResult r = renderer::RenderParsedDocument(plan.document, "plan", RenderRequest(schemas, mode));
  EXPECT_TRUE(r.ok) << r.error;
  return r.output;
}

renderer::PlanMode ModeOf(const std::string& dir) {
  bool ok = false;
  std::string mode = renderer::testing::ReadFile(dir + "/mode", &ok);
  if (mode.starts_with("destroy")) return renderer::PlanMode::kDestroy;
  if (mode.starts_with("refresh-only")) return renderer::PlanMode::kRefreshOnly;
  return renderer::PlanMode::kNormal;
}

// Each real `tofu` plan of the equivalence corpus (its directory and plan JSON); the count.
int ForEachEquivalencePlan(const std::function<void(const std::string& dir, const std::string& plan_json)>& fn) {
  int plans = 0;
  for (const std::string& dir : renderer::testing::ListDirs("testdata/conformance/equivalence")) {
    bool ok = false;
    std::string plan_json = renderer::testing::ReadFile(dir + "/plan.json", &ok);
    if (!ok || plan_json.empty()) continue;
    SCOPED_TRACE(dir);
    fn(dir, plan_json);
    ++plans;
  }
  return plans;
}

// Real `tofu` plans, written as plan files with their schemas and read back with them.
TEST(PlanFile, EquivalencePlansRoundTripWithSchemas) {
  int rendered = 0;
  int plans = ForEachEquivalencePlan([&](const std::string& dir, const std::string& plan_json) {
    Schemas schemas = LoadSchemas(dir + "/schemas.json");
    const renderer::PlanMode mode = ModeOf(dir);
    const UiMode ui_mode = mode == renderer::PlanMode::kDestroy       ? UiMode::kDestroy
                           : mode == renderer::PlanMode::kRefreshOnly ? UiMode::kRefreshOnly
                                                                      : UiMode::kNormal;
    base::Expected<std::string> file = PlanFileFromJson(plan_json, &*schemas.schemas, ui_mode);
    ASSERT_TRUE(file) << file.error().message;
    ReadOptions options;
    options.schemas = &*schemas.schemas;
    base::Expected<PlanFile> read = ReadPlanFile(*file, options);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(read->sensitivity_notice, "");
    // The document as built is what its own text parses to.
    structured::ParseResult reparsed = structured::ParseJson(read->Json());
    ASSERT_TRUE(reparsed.ok());
    EXPECT_TRUE(reparsed.value()->root().Equals(read->document->root()));
    json want = json::parse(plan_json);
    json got = json::parse(read->Json());
    for (const char* section : {"resource_changes", "resource_drift"}) {
      std::map<std::string, json> by_key;
      for (const json& rc : got.value(section, json::array())) {
        by_key[rc["address"].get<std::string>() + rc.value("deposed", "")] = rc;
      }
      for (const json& w : want.value(section, json::array())) {
        if (w["mode"] == "data" && w["change"]["actions"] == json::array({"delete"})) continue;
        if (std::string(section) == "resource_drift" && w["change"]["actions"] == json::array({"no-op"}) &&
            mode != renderer::PlanMode::kRefreshOnly) {
          continue;
        }
        const std::string key = w["address"].get<std::string>() + w.value("deposed", "");
        ASSERT_TRUE(by_key.count(key)) << key;
        const json& h = by_key[key];
        for (const char* f : {"address", "previous_address", "module_address", "mode", "type", "name", "index",
                              "provider_name", "deposed", "action_reason"}) {
          EXPECT_EQ(w.value(f, json()), h.value(f, json())) << key << " " << f;
        }
        for (const char* f : {"actions", "before", "after", "after_unknown", "before_sensitive", "after_sensitive"}) {
          EXPECT_EQ(w["change"].value(f, json()), h["change"].value(f, json())) << key << " " << f;
        }
      }
    }
    EXPECT_EQ(want.value("output_changes", json::object()), got.value("output_changes", json::object()));
    bool ok = false;
    std::string expected_text = renderer::testing::ReadFile(dir + "/plan.txt", &ok);
    if (ok) {
      const std::string from_json = Render(plan_json, &*schemas.schemas, mode);
      EXPECT_EQ(Render(read->Json(), &*schemas.schemas, mode), from_json);
      EXPECT_EQ(RenderBuilt(*read, &*schemas.schemas, mode), from_json);
      // Without the members no renderer reads, as `planview PLANFILE` reads it.
      options.unrendered_members = false;
      base::Expected<PlanFile> lean = ReadPlanFile(*file, options);
      ASSERT_TRUE(lean) << lean.error().message;
      EXPECT_EQ(RenderBuilt(*lean, &*schemas.schemas, mode), from_json);
      ++rendered;
    }
  });
  EXPECT_GE(plans, 40);
  std::printf("equivalence plans written as plan files and read back with schemas: %d (%d rendered)\n", plans,
              rendered);
}

// Without schemas (values decoded untyped) the document as built is its text too, and
// renders as its text does.
TEST(PlanFile, EquivalencePlansUntypedDocumentIsItsText) {
  int plans = ForEachEquivalencePlan([](const std::string& dir, const std::string& plan_json) {
    Schemas schemas = LoadSchemas(dir + "/schemas.json");
    base::Expected<std::string> file = PlanFileFromJson(plan_json, &*schemas.schemas);
    ASSERT_TRUE(file) << file.error().message;
    base::Expected<PlanFile> read = ReadPlanFile(*file, ReadOptions{});
    ASSERT_TRUE(read) << read.error().message;
    const std::string text = read->Json();
    structured::ParseResult reparsed = structured::ParseJson(text);
    ASSERT_TRUE(reparsed.ok());
    EXPECT_TRUE(reparsed.value()->root().Equals(read->document->root()));
    EXPECT_EQ(RenderBuilt(*read, nullptr, renderer::PlanMode::kNormal),
              Render(text, nullptr, renderer::PlanMode::kNormal));
  });
  EXPECT_GE(plans, 40);
}

constexpr char kSecretPlan[] = R"({
  "format_version": "1.2", "terraform_version": "1.9.0",
  "resource_changes": [{
    "address": "example_server.this", "mode": "managed", "type": "example_server", "name": "this",
    "provider_name": "registry.opentofu.org/hashicorp/example",
    "change": {"actions": ["create"], "before": null,
               "after": {"name": "web", "password": "hunter2", "tags": {"a": "b"}},
               "after_unknown": {"id": true, "tags": {}}, "before_sensitive": false,
               "after_sensitive": {"tags": {}}}
  }]
})";

constexpr char kSecretSchemas[] = R"({
  "format_version": "1.0",
  "provider_schemas": {"registry.opentofu.org/hashicorp/example": {"resource_schemas": {"example_server": {
    "version": 0, "block": {"attributes": {
      "id": {"type": "string", "computed": true},
      "name": {"type": "string", "required": true},
      "password": {"type": "string", "optional": true, "sensitive": true},
      "tags": {"type": ["map", "string"], "optional": true}}}}}}}
})";

// A value the schema marks sensitive but the plan file does not (older versions) is
// hidden with schemas; without, only the plan's own marks are known, and the notice says so.
TEST(PlanFile, SchemaSensitiveAttributesAreHiddenWithSchemas) {
  structured::ParseResult parsed = structured::ParseJson(kSecretSchemas);
  ASSERT_TRUE(parsed.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  ASSERT_TRUE(schemas) << schemas.error().message;
  base::Expected<std::string> file = PlanFileFromJson(kSecretPlan, &*schemas);
  ASSERT_TRUE(file) << file.error().message;

  ReadOptions with;
  with.schemas = &*schemas;
  base::Expected<PlanFile> typed = ReadPlanFile(*file, with);
  ASSERT_TRUE(typed) << typed.error().message;
  json change = json::parse(typed->Json())["resource_changes"][0]["change"];
  EXPECT_EQ(change["after_sensitive"], json::parse(R"({"password": true, "tags": {}})"));
  EXPECT_EQ(change["after_unknown"], json::parse(R"({"id": true, "tags": {}})"));
  std::string text = Render(typed->Json(), &*schemas, renderer::PlanMode::kNormal);
  EXPECT_NE(text.find("password = (sensitive value)"), std::string::npos) << text;
  EXPECT_EQ(text.find("hunter2"), std::string::npos) << text;

  base::Expected<PlanFile> untyped = ReadPlanFile(*file, ReadOptions{});
  ASSERT_TRUE(untyped) << untyped.error().message;
  EXPECT_EQ(json::parse(untyped->Json())["resource_changes"][0]["change"]["after_sensitive"],
            json::parse(R"({"tags": {}})"));
  EXPECT_EQ(untyped->sensitivity_notice,
            "no provider schemas: resource values are decoded from msgpack alone and only the plan file's own "
            "sensitivity marks are known (attributes the provider schemas mark sensitive are hidden only with "
            "--schemas)");
}

std::string Tfplan(const std::string& plan_json) {
  base::Expected<std::string> tfplan = TfplanFromJson(plan_json, nullptr);
  EXPECT_TRUE(tfplan) << tfplan.error().message;
  return tfplan ? *tfplan : "";
}

TEST(PlanFile, HostileArchives) {
  EXPECT_EQ(ReadError("{\"format_version\":\"1.2\"}"), "not a saved plan file (not a ZIP archive)");
  std::string good = ZipArchiveOf({{"tfplan", Tfplan(kSecretPlan)}});
  ASSERT_TRUE(ReadPlanFile(good, ReadOptions{}).ok());
  // Cut short at several places: the central directory is gone.
  for (size_t keep : {size_t{4}, size_t{30}, good.size() / 2, good.size() - 1}) {
    EXPECT_TRUE(ReadError(good.substr(0, keep)).starts_with("not a readable ZIP archive (")) << keep;
  }
  EXPECT_EQ(ReadError(ZipArchiveOf({{"plan.json", "{}"}})),
            "not a saved plan file (the ZIP archive has no tfplan member)");
  // A member whose bytes were damaged after compression.
  std::string damaged = ZipArchiveOf({{"tfplan", std::string(100000, 'x')}});
  damaged[60] ^= 0x55;
  damaged[61] ^= 0x55;
  std::string damaged_error = ReadError(damaged);
  EXPECT_TRUE(damaged_error.starts_with("ZIP member tfplan is damaged (") ||
              damaged_error.starts_with("not a readable ZIP archive ("))
      << damaged_error;
}

TEST(PlanFile, ZipBombStopsAtTheCap) {
  // 4 MiB of zeros deflate to a few KiB; honest sizes are refused before inflating.
  std::string bomb = ZipArchiveOf({{"tfplan", std::string(4 << 20, '\0')}});
  EXPECT_LT(bomb.size(), 20000u);
  EXPECT_EQ(ReadError(bomb, 1 << 20),
            "ZIP member tfplan inflates to more than the 1048576 bytes planview reads from a plan file");
  // Lying sizes (local header and central directory say 100 bytes) stop while inflating.
  std::string liar = bomb;
  auto patch = [&](size_t at) {
    liar[at] = 100;
    liar[at + 1] = liar[at + 2] = liar[at + 3] = 0;
  };
  patch(22);  // local header: uncompressed size
  size_t central = liar.find(std::string("PK\x01\x02", 4));
  ASSERT_NE(central, std::string::npos);
  patch(central + 24);
  std::string error = ReadError(liar, 1 << 20);
  EXPECT_TRUE(error.starts_with("ZIP member tfplan")) << error;
}

TEST(PlanFile, TfplanThatIsNotThePlanMessage) {
  EXPECT_EQ(ReadError(ZipArchiveOf({{"tfplan", "\xff\xff\xff\xff this is not protobuf"}})),
            "tfplan: not a plan (the member is not the plan protobuf message: at byte 0: tag overflows 32 bits)");
  EXPECT_EQ(ReadError(ZipArchiveOf({{"tfplan", "\x0a\x05" "abc"}})),
            "tfplan: not a plan (the member is not the plan protobuf message: at byte 1: length 5 past the end of "
            "the message)");
  planproto::Plan plan;
  plan.set_version(2);
  plan.set_terraform_version("0.11.14");
  EXPECT_EQ(ReadError(ZipArchiveOf({{"tfplan", plan.SerializeAsString()}})),
            "tfplan: plan format version 2 is not supported (planview reads version 3: Terraform 0.12 to 1.15, "
            "OpenTofu 1.6 on)");
  plan.set_version(3);
  plan.set_terraform_version("banana");
  EXPECT_EQ(ReadError(ZipArchiveOf({{"tfplan", plan.SerializeAsString()}})),
            "tfplan: terraform_version \"banana\" is not a version planview reads (0.12 on)");
}

// One resource change, made by `edit` from a valid one.
std::string WithChange(const std::function<void(planproto::Plan&, planproto::ResourceInstanceChange&)>& edit) {
  planproto::Plan plan;
  plan.set_version(3);
  plan.set_terraform_version("1.9.0");
  planproto::ResourceInstanceChange* rc = plan.add_resource_changes();
  rc->set_addr("example_server.this");
  rc->set_provider("provider[\"registry.opentofu.org/hashicorp/example\"]");
  rc->mutable_change()->set_action(planproto::CREATE);
  rc->mutable_change()->add_values()->set_msgpack("\x80");
  edit(plan, *rc);
  return ZipArchiveOf({{"tfplan", plan.SerializeAsString()}});
}

// A plan message around one resource change whose after value is `msgpack`.
std::string WithAfter(const std::string& msgpack, planproto::Action action = planproto::CREATE) {
  return WithChange([&](planproto::Plan&, planproto::ResourceInstanceChange& rc) {
    rc.mutable_change()->set_action(action);
    rc.mutable_change()->mutable_values(0)->set_msgpack(msgpack);
  });
}

TEST(PlanFile, BadMsgpackValues) {
  const std::string where = "tfplan: resource_changes[0] (example_server.this): after value: ";
  EXPECT_EQ(ReadError(WithAfter(std::string("\x82\xa1" "a\x01", 4))),
            where + "at the value (byte 4): unexpected end of msgpack data");
  EXPECT_EQ(ReadError(WithAfter(std::string("\x81\x01\x02", 3))), where + "at the value (byte 1): map key is not a string");
  EXPECT_EQ(ReadError(WithAfter(std::string("\xdd\x7f\xff\xff\xff", 5))),
            where + "at the value (byte 5): 2147483647 values announced but only 0 bytes left");
  EXPECT_EQ(ReadError(WithAfter(std::string("\x81\xa1" "a\xa2\xff\xfe", 6))),
            where + "at [\"a\"] (byte 4): string is not valid UTF-8");
  EXPECT_EQ(ReadError(WithAfter(std::string("\xc1", 1))), where + "at the value (byte 0): 0xc1 is not a msgpack value");
  EXPECT_EQ(ReadError(WithAfter(std::string("\x92\xc4\x03\x22x\x22\x01", 7))).substr(0, where.size()), where);
  EXPECT_EQ(ReadError(WithAfter("")), "tfplan: resource_changes[0] (example_server.this): after value: empty value");
  std::string deep(300, '\x91');
  deep += '\x01';
  EXPECT_EQ(ReadError(WithAfter(deep)).substr(where.size()).find("nesting deeper than 256 levels") != std::string::npos,
            true);
  EXPECT_EQ(ReadError(WithAfter("\x80", planproto::UPDATE)),
            "tfplan: resource_changes[0] (example_server.this): 1 values for a update change");
  EXPECT_EQ(ReadError(WithAfter("\x80", static_cast<planproto::Action>(42))),
            "tfplan: resource_changes[0] (example_server.this): unknown change action 42");
}

// A failure deep in a value is the first one, with its path; nothing after it is read
// (a hostile count inside a value stops at once).
TEST(PlanFile, BadMsgpackValuesInsideValues) {
  const std::string where = "tfplan: resource_changes[0] (example_server.this): after value: ";
  auto error = [&](std::string_view msgpack) { return ReadError(WithAfter(std::string(msgpack))); };
  EXPECT_EQ(error({"\x92\x01\x81\x01\x02", 5}), where + "at [1] (byte 3): map key is not a string");
  EXPECT_EQ(error({"\x92\xc1\xc1", 3}), where + "at [0] (byte 1): 0xc1 is not a msgpack value");
  EXPECT_EQ(error({"\x91\xdd\xff\xff\xff\xff", 6}),
            where + "at [0] (byte 6): 4294967295 values announced but only 0 bytes left");
  EXPECT_EQ(error({"\x81\xa1" "a\xdf\xff\xff\xff\xff\x01", 9}),
            where + "at [\"a\"] (byte 8): 4294967295 values announced but only 1 bytes left");
  EXPECT_EQ(error({"\x81\xa1" "a\x92\x01\xcb\x7f\xf8\x00\x00\x00\x00\x00\x00", 14}),
            where + "at [\"a\"][1] (byte 5): NaN is not a number");
  EXPECT_EQ(error({"\xca\x7f\x80\x00\x00", 5}), where + "at the value (byte 0): cannot serialize infinity as JSON");
  EXPECT_EQ(error({"\x81\xa1" "a\xc4\x01x", 6}), where + "at [\"a\"] (byte 3): binary data outside a dynamic value");
  EXPECT_EQ(error({"\x82\xa1" "a\x01\xa1" "a\x02", 7}), where + "at the value (byte 7): map key \"a\" appears twice");
  EXPECT_EQ(error({"\x81\xd9", 2}), where + "at the value (byte 2): unexpected end of msgpack data");
  EXPECT_EQ(error({"\x91\xc7\x05", 3}), where + "at [0] (byte 3): unexpected end of msgpack data");
  // A dynamic value ([type JSON, value]) is decoded typed; its failures keep their path.
  EXPECT_EQ(error({"\x81\xa1" "a\x92\xc4\x08\"string\"\x01", 15}),
            where + "at [\"a\"] (byte 14): string is required");
  EXPECT_EQ(error({"\x92\xc4\x03\"x\"\xdd\xff\xff\xff\xff", 11}),
            where + "at the value (byte 11): 4294967295 values announced but only 0 bytes left");
}

TEST(PlanFile, BadChangesAreOneExactLine) {
  using Plan = planproto::Plan;
  using Change = planproto::ResourceInstanceChange;
  const std::string where = "tfplan: resource_changes[0] (example_server.this): ";
  EXPECT_EQ(ReadError(WithChange([](Plan&, Change& rc) { rc.set_action_reason(static_cast<planproto::ResourceInstanceActionReason>(99)); })),
            where + "unknown action reason 99");
  EXPECT_EQ(ReadError(WithChange([](Plan&, Change& rc) { rc.clear_change(); })), where + "no change");
  EXPECT_EQ(ReadError(WithChange([](Plan&, Change& rc) { rc.clear_addr(); })),
            "tfplan: resource_changes[0]: the change has no resource address");
  EXPECT_EQ(ReadError(WithChange([](Plan&, Change& rc) { rc.set_addr("example_server"); })),
            "tfplan: resource_changes[0]: resource address \"example_server\": expected a resource type and '.' at offset 14");
  EXPECT_EQ(ReadError(WithChange([](Plan&, Change& rc) {
              rc.mutable_change()->add_after_sensitive_paths()->add_steps()->mutable_element_key()->set_msgpack("\xc3");
            })),
            where + "after_sensitive_paths[0]: step 0: an index key must be a string or a number");
  EXPECT_EQ(ReadError(WithChange([](Plan&, Change& rc) {
              planproto::Path* path = rc.add_required_replace();
              path->add_steps()->set_attribute_name("a");
              path->add_steps()->mutable_element_key()->set_msgpack("\xc1");
            })),
            where + "required_replace[0]: step 1: at the value (byte 0): 0xc1 is not a msgpack value");
  EXPECT_EQ(ReadError(WithChange([](Plan&, Change& rc) { rc.mutable_change()->mutable_importing()->mutable_identity(); })),
            where + "importing identity: empty value");
  EXPECT_EQ(ReadError(WithChange([](Plan& plan, Change&) {
              for (int i = 0; i < 2; ++i) {
                planproto::OutputChange* out = plan.add_output_changes();
                out->set_name("o");
                out->mutable_change()->set_action(planproto::CREATE);
                out->mutable_change()->add_values()->set_msgpack("\xc0");
              }
            })),
            "tfplan: output_changes: output \"o\" appears twice");
  EXPECT_EQ(ReadError(WithChange([](Plan& plan, Change&) { plan.add_field_15("\xff"); })),
            "tfplan: relevant_attributes[0]: not a resource attribute");
  // Without an executor and with one, the error is the lowest failing change's.
  const std::string many = WithChange([](Plan& plan, Change&) {
    for (int i = 1; i < 200; ++i) {
      Change* rc = plan.add_resource_changes();
      rc->set_addr("example_server.n" + std::to_string(i));
      rc->mutable_change()->set_action(i == 77 || i == 150 ? planproto::UPDATE : planproto::CREATE);
      rc->mutable_change()->add_values()->set_msgpack("\x80");
    }
  });
  base::Executor executor(4);
  for (base::Executor* on : {static_cast<base::Executor*>(nullptr), &executor}) {
    ReadOptions options;
    options.executor = on;
    base::Expected<PlanFile> r = ReadPlanFile(many, options);
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "tfplan: resource_changes[77] (example_server.n77): 1 values for a update change");
  }
}

// Heads (addresses and actions) are read on the executor's threads and schemas in order
// after them: with or without threads, a schema error (or the address error met while
// looking one up) comes first, then the lowest change that fails on its head or on its
// values.
TEST(PlanFile, ErrorsAmongManyChangesComeInOrder) {
  using Plan = planproto::Plan;
  using Change = planproto::ResourceInstanceChange;
  structured::ParseResult parsed = structured::ParseJson(R"({"format_version": "1.0", "provider_schemas": {
    "registry.opentofu.org/hashicorp/example": {"resource_schemas": {
      "example_server": {"version": 0, "block": {}},
      "example_bad": {"version": 0, "block": {"attributes": {"a": {"type": 5}}}}}}}})");
  ASSERT_TRUE(parsed.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  ASSERT_TRUE(schemas) << schemas.error().message;
  // 600 changes (runs of heads on several threads); `edits` breaks some by position.
  using Edits = std::map<int, std::function<void(Change&)>>;
  auto many = [](const Edits& edits) {
    return WithChange([&](Plan& plan, Change&) {
      for (int i = 1; i < 600; ++i) {
        Change* rc = plan.add_resource_changes();
        rc->set_addr("example_server.n" + std::to_string(i));
        rc->set_provider("provider[\"registry.opentofu.org/hashicorp/example\"]");
        rc->mutable_change()->set_action(planproto::CREATE);
        rc->mutable_change()->add_values()->set_msgpack("\x80");
        if (auto it = edits.find(i); it != edits.end()) it->second(*rc);
      }
    });
  };
  const auto no_change = [](Change& rc) { rc.clear_change(); };
  const auto bad_address = [](Change& rc) { rc.set_addr("example_server"); };
  const auto bad_values = [](Change& rc) { rc.mutable_change()->set_action(planproto::UPDATE); };
  const auto bad_schema = [](Change& rc) { rc.set_addr("example_bad.x"); };
  const std::string no_change_400 = "tfplan: resource_changes[400] (example_server.n400): no change";
  const std::string address_300 =
      "tfplan: resource_changes[300]: resource address \"example_server\": expected a resource type and '.' at "
      "offset 14";
  const std::string values_100 = "tfplan: resource_changes[100] (example_server.n100): 1 values for a update change";
  const std::string schema_450 = "tfplan: resource_changes[450] (example_bad.x): schema: ";
  base::Executor executor(4);
  for (base::Executor* on : {static_cast<base::Executor*>(nullptr), &executor}) {
    for (bool typed : {false, true}) {
      SCOPED_TRACE(std::string(on != nullptr ? "with" : "without") + " executor, " + (typed ? "with" : "without") + " schemas");
      auto error = [&](const Edits& edits) {
        ReadOptions options;
        options.executor = on;
        options.schemas = typed ? &*schemas : nullptr;
        base::Expected<PlanFile> r = ReadPlanFile(many(edits), options);
        return r ? std::string("read") : r.error().message;
      };
      EXPECT_EQ(error({{400, no_change}, {300, bad_address}}), address_300);
      EXPECT_EQ(error({{400, no_change}, {100, bad_values}}), values_100);
      EXPECT_EQ(error({{100, no_change}, {400, bad_values}}), "tfplan: resource_changes[100] (example_server.n100): no change");
      EXPECT_EQ(error({{500, bad_values}, {400, no_change}}), no_change_400);
      if (typed) {
        // The schemas are looked up first, past the first change whose head fails.
        EXPECT_TRUE(error({{400, no_change}, {450, bad_schema}}).starts_with(schema_450));
        EXPECT_TRUE(error({{100, bad_values}, {450, bad_schema}}).starts_with(schema_450));
        EXPECT_EQ(error({{450, bad_schema}, {300, bad_address}}), address_300);
        EXPECT_TRUE(error({{400, no_change}, {500, bad_address}}).starts_with("tfplan: resource_changes[500]: "));
      } else {
        EXPECT_EQ(error({{400, no_change}, {450, bad_schema}}), no_change_400);
        EXPECT_EQ(error({{400, no_change}, {500, bad_address}}), no_change_400);
      }
    }
  }
}

// Names quoted from the plan file stay on one line (the fuzzer found a variable name with a
// newline: testdata/fuzz/planfile_read_fuzzer/variable_name_with_newline).
TEST(PlanFile, ErrorsQuotingNamesAreOneLine) {
  planproto::Plan plan;
  plan.set_version(3);
  plan.set_terraform_version("1.9.0");
  (*plan.mutable_variables())["a\nb"].set_msgpack("");
  EXPECT_EQ(ReadError(ZipArchiveOf({{"tfplan", plan.SerializeAsString()}})),
            "tfplan: variables[\"a\\nb\"]: empty value");
  plan.clear_variables();
  planproto::OutputChange* out = plan.add_output_changes();
  out->set_name("x\ry");
  out->mutable_change()->set_action(planproto::CREATE);
  EXPECT_EQ(ReadError(ZipArchiveOf({{"tfplan", plan.SerializeAsString()}})),
            "tfplan: output_changes[0] (x\\ry): 0 values for a create change");
}

// For rendering, the members no renderer reads are neither written nor decoded: a damaged
// variable is then no error.
TEST(PlanFile, RenderingLeavesOutUnrenderedMembers) {
  planproto::Plan plan;
  plan.set_version(3);
  plan.set_terraform_version("1.5.0");
  (*plan.mutable_variables())["region"].set_msgpack("");
  const std::string file = ZipArchiveOf({{"tfplan", plan.SerializeAsString()}});
  EXPECT_EQ(ReadError(file), "tfplan: variables[\"region\"]: empty value");
  ReadOptions options;
  options.unrendered_members = false;
  base::Expected<PlanFile> lean = ReadPlanFile(file, options);
  ASSERT_TRUE(lean) << lean.error().message;
  EXPECT_EQ(lean->Json(), R"({"format_version":"1.2","terraform_version":"1.5.0","errored":false})");
  (*plan.mutable_variables())["region"].set_msgpack(std::string("\x92\xc4\x08\"string\"\xa1x", 13));  // ["string", "x"]
  base::Expected<PlanFile> full = ReadPlanFile(ZipArchiveOf({{"tfplan", plan.SerializeAsString()}}), ReadOptions());
  ASSERT_TRUE(full) << full.error().message;
  EXPECT_EQ(full->Json(),
            R"({"format_version":"1.2","terraform_version":"1.5.0","variables":{"region":{"value":"x"}},)"
            R"("errored":false})");
}

TEST(PlanFile, LegacyAddressesInParts) {
  planproto::Plan plan;
  plan.set_version(3);
  plan.set_terraform_version("0.12.31");
  planproto::ResourceInstanceChange* rc = plan.add_resource_changes();
  rc->set_module_path("module.net");
  rc->set_mode(planproto::ResourceInstanceChange::data);
  rc->set_type("aws_ami");
  rc->set_name("this");
  rc->set_str("a\"b");
  rc->set_provider("module.net.provider.aws.west");
  rc->mutable_change()->set_action(planproto::READ);
  rc->mutable_change()->add_values()->set_msgpack("\xc0");
  rc->mutable_change()->add_values()->set_msgpack(std::string("\x81\xa2id\xd4\x00\x00", 7));
  // Field 15 held provider hashes before 1.1: not relevant attributes.
  plan.add_field_15(std::string("\x0a\x03" "aws\x12\x04\x0a\x02\x00\x01", 11));
  base::Expected<PlanFile> r = ReadPlanFile(ZipArchiveOf({{"tfplan", plan.SerializeAsString()}}), ReadOptions{});
  ASSERT_TRUE(r) << r.error().message;
  json doc = json::parse(r->Json());
  EXPECT_FALSE(doc.contains("relevant_attributes"));
  json rcj = doc["resource_changes"][0];
  EXPECT_EQ(rcj["address"], "module.net.data.aws_ami.this[\"a\\\"b\"]");
  EXPECT_EQ(rcj["module_address"], "module.net");
  EXPECT_EQ(rcj["mode"], "data");
  EXPECT_EQ(rcj["index"], "a\"b");
  EXPECT_EQ(rcj["provider_name"], "aws");
  EXPECT_EQ(rcj["change"]["after_unknown"], json::parse(R"({"id": true})"));
  EXPECT_EQ(rcj["change"]["after"], json::object());
}

}  // namespace
}  // namespace planview::planfile
