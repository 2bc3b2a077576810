#include "bench/plan_generator.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "bench/fake_value.h"
#include "bench/resource_catalog.h"
#include "bench/rng.h"
#include "bench/value_synth.h"

namespace planview::bench {
namespace {

// Streams of randomness, one per kind of decision.
enum Stream : uint64_t { kBlockStream = 1, kActionStream, kValueStream, kEditStream, kOutputStream, kDriftStream };

constexpr std::string_view kTimestamp = "2024-06-01T12:00:00Z";
constexpr std::string_view kTofuVersion = "1.8.5";
constexpr std::string_view kRegions[] = {"us-east-1", "eu-west-1", "eu-central-1", "ap-southeast-2", "us-west-2"};
constexpr std::string_view kNames[] = {"web",   "api",     "worker", "cache",  "db",    "logs",  "assets",
                                       "queue", "metrics", "edge",   "auth",   "batch", "media", "search"};
constexpr std::string_view kForEachKeys[] = {"blue", "green", "primary", "replica", "eu", "us", "canary"};

// Modules, depth first; resource blocks are split between them in these proportions.
struct ModuleInfo {
  std::string_view address;
  std::string_view call;  // name in the parent's module_calls
  int parent;
  double share;
};
constexpr std::array<ModuleInfo, 6> kModules = {{
    {"", "", -1, 0.40},
    {"module.network", "network", 0, 0.12},
    {"module.compute", "compute", 0, 0.15},
    {"module.compute.module.disks", "disks", 2, 0.08},
    {"module.storage", "storage", 0, 0.13},
    {"module.iam", "iam", 0, 0.12},
}};

enum class Repetition { kNone, kCount, kForEach };

struct BlockInfo {
  const ResourceSpec* spec = nullptr;
  std::string name;
  size_t module = 0;
  Repetition repetition = Repetition::kNone;
  int instances = 1;
  std::string region;
};

struct InstanceInfo {
  std::string address;
  std::string index_json;  // "3" or "\"blue\"", empty without count/for_each
  std::string key;         // the instance key as text, for names
  std::vector<std::string_view> actions;
  std::string_view action_reason;
  std::string previous_address;
  bool drift = false;
};

struct InstanceValues {
  FakeValue before;
  FakeValue after;
  std::vector<std::string> replace_paths;  // single-step paths
  FakeValue drift_before;                  // resource_drift: the state before the refresh
  std::string drift_attribute;
};

class Generator {
 public:
  Generator(const PlanGeneratorOptions& options, size_t blocks)
      : seed_(options.seed), state_(options.state), blocks_(blocks), outputs_(std::max<size_t>(3, blocks / 25)) {
    size_t start = 0;
    double cumulative = 0;
    for (size_t m = 0; m < kModules.size(); ++m) {
      module_start_[m] = start;
      cumulative += kModules[m].share;
      start = m + 1 == kModules.size() ? blocks : static_cast<size_t>(cumulative * static_cast<double>(blocks));
    }
    module_start_[kModules.size()] = blocks;
    for (const ResourceSpec& r : ResourceCatalog()) total_weight_ += r.weight;
  }

  PlanStats Write(JsonWriter& out) {
    if (state_) {
      WritePriorState(out);
      out.Flush();
      stats_.bytes = out.bytes();
      stats_.resource_blocks = blocks_;
      stats_.outputs = outputs_;
      return stats_;
    }
    out.BeginObject();
    out.Key("format_version");
    out.String("1.2");
    out.Key("terraform_version");
    out.String(kTofuVersion);
    out.Key("variables");
    WriteVariables(out);
    out.Key("planned_values");
    WritePlannedValues(out);
    if (HasDrift()) {
      out.Key("resource_drift");
      WriteResourceChanges(out, /*drift=*/true);
    }
    out.Key("resource_changes");
    WriteResourceChanges(out, /*drift=*/false);
    out.Key("output_changes");
    WriteOutputChanges(out);
    out.Key("prior_state");
    WritePriorState(out);
    out.Key("configuration");
    WriteConfiguration(out);
    if (HasDrift()) {
      out.Key("relevant_attributes");
      WriteRelevantAttributes(out);
    }
    out.Key("timestamp");
    out.String(kTimestamp);
    out.Key("errored");
    out.Bool(false);
    out.EndObject();
    out.Flush();
    stats_.bytes = out.bytes();
    stats_.resource_blocks = blocks_;
    stats_.outputs = outputs_;
    return stats_;
  }

 private:
  // ---- what exists ----

  BlockInfo Block(size_t b) const {
    Rng rng = Rng::For(seed_, kBlockStream, b);
    BlockInfo info;
    int pick = static_cast<int>(rng.Below(static_cast<uint64_t>(total_weight_)));
    for (const ResourceSpec& r : ResourceCatalog()) {
      if (pick < r.weight) {
        info.spec = &r;
        break;
      }
      pick -= r.weight;
    }
    info.name = fmt::format("{}_{}", kNames[rng.Below(std::size(kNames))], b);
    info.module = static_cast<size_t>(std::upper_bound(module_start_.begin(), module_start_.end(), b) -
                                      module_start_.begin()) - 1;
    uint64_t roll = rng.Below(100);
    if (roll < 12 && !info.spec->data) {
      info.repetition = Repetition::kCount;
      info.instances = static_cast<int>(rng.Range(2, 6));
    } else if (roll < 20 && !info.spec->data) {
      info.repetition = Repetition::kForEach;
      info.instances = static_cast<int>(rng.Range(2, 4));
    }
    info.region = std::string(kRegions[rng.Below(std::size(kRegions))]);
    return info;
  }

  static std::string ModulePrefix(const BlockInfo& block) {
    std::string_view m = kModules[block.module].address;
    return m.empty() ? std::string() : std::string(m) + ".";
  }

  static std::string BlockAddress(const BlockInfo& block) {
    return fmt::format("{}{}{}.{}", ModulePrefix(block), block.spec->data ? "data." : "", block.spec->type, block.name);
  }

  InstanceInfo Instance(const BlockInfo& block, size_t b, int i) const {
    InstanceInfo info;
    switch (block.repetition) {
      case Repetition::kNone: break;
      case Repetition::kCount:
        info.index_json = std::to_string(i);
        info.key = info.index_json;
        break;
      case Repetition::kForEach:
        info.key = std::string(kForEachKeys[(b + static_cast<size_t>(i)) % std::size(kForEachKeys)]);
        if (i >= static_cast<int>(std::size(kForEachKeys))) info.key += std::to_string(i);
        info.index_json = "\"" + info.key + "\"";
        break;
    }
    std::string base = BlockAddress(block);
    info.address = info.index_json.empty() ? base : fmt::format("{}[{}]", base, info.index_json);
    Rng rng = Rng::For(seed_, kActionStream, b, static_cast<uint64_t>(i));
    if (block.spec->data) {
      info.actions = {"read"};
      info.action_reason = "read_because_config_unknown";
      return info;
    }
    uint64_t roll = rng.Below(100);
    if (roll < 34) {
      info.actions = {"no-op"};
    } else if (roll < 62) {
      info.actions = {"update"};
    } else if (roll < 80) {
      info.actions = {"create"};
    } else if (roll < 87) {
      info.actions = {"delete"};
      if (rng.Percent(50)) info.action_reason = "delete_because_no_resource_config";
    } else if (roll < 94) {
      info.actions = {"delete", "create"};
      info.action_reason = "replace_because_cannot_update";
    } else if (roll < 96) {
      info.actions = {"create", "delete"};
      info.action_reason = "replace_because_cannot_update";
    } else {
      // Moved from an older address, possibly changed as well.
      info.actions = {rng.Percent(50) ? "no-op" : "update"};
      info.previous_address = fmt::format("{}{}.{}_old", ModulePrefix(block), block.spec->type, block.name) +
                              (info.index_json.empty() ? "" : "[" + info.index_json + "]");
    }
    bool before_exists = info.actions[0] != "create";
    info.drift = before_exists && info.actions.size() == 1 && info.actions[0] != "delete" && rng.Percent(6);
    return info;
  }

  InstanceValues Values(const BlockInfo& block, const InstanceInfo& info, size_t b, int i) const {
    const BlockSpec& schema = block.spec->block;
    SynthContext ctx{block.spec, info.key.empty() ? block.name : block.name + "-" + info.key, block.region};
    Rng value_rng = Rng::For(seed_, kValueStream, b, static_cast<uint64_t>(i));
    FakeValue base = SynthesizeBlock(schema, value_rng, ctx);
    MarkSchemaSensitive(schema, base);
    if (value_rng.Percent(3)) {
      // A value that came from a sensitive variable.
      if (FakeValue* tags = base.Find("tags"); tags != nullptr && !tags->is_null()) tags->sensitive = true;
    }
    Rng rng = Rng::For(seed_, kEditStream, b, static_cast<uint64_t>(i));
    InstanceValues v;
    std::string_view first = info.actions[0];
    if (first == "read") {
      v.after = std::move(base);
      MakeComputedUnknown(schema, v.after, rng, 100);
    } else if (first == "create" && info.actions.size() == 1) {
      v.after = std::move(base);
      MakeComputedUnknown(schema, v.after, rng, 85);
    } else if (first == "delete" && info.actions.size() == 1) {
      v.before = std::move(base);
    } else if (info.actions.size() == 2) {
      v.before = base;
      v.after = std::move(base);
      std::vector<std::string> changed = MutateBlock(schema, v.after, rng, ctx, static_cast<int>(rng.Range(1, 2)));
      if (!changed.empty()) v.replace_paths.push_back(changed[0]);
      MakeComputedUnknown(schema, v.after, rng, 90);
    } else if (first == "update") {
      v.before = base;
      v.after = std::move(base);
      MutateBlock(schema, v.after, rng, ctx, static_cast<int>(rng.Range(1, 4)));
      MakeComputedUnknown(schema, v.after, rng, 10);
    } else {
      v.before = base;
      v.after = std::move(base);
    }
    if (info.drift) {
      Rng drift_rng = Rng::For(seed_, kDriftStream, b, static_cast<uint64_t>(i));
      v.drift_before = v.before;
      std::vector<std::string> changed = MutateBlock(schema, v.drift_before, drift_rng, ctx, 1);
      v.drift_attribute = changed.empty() ? "id" : changed[0];
    }
    return v;
  }

  bool HasDrift() const {
    for (size_t b = 0; b < blocks_; ++b) {
      BlockInfo block = Block(b);
      for (int i = 0; i < block.instances; ++i) {
        if (Instance(block, b, i).drift) return true;
      }
    }
    return false;
  }

  // ---- sections ----

  void WriteVariables(JsonWriter& out) {
    Rng rng = Rng::For(seed_, kOutputStream, 1u << 30);
    SynthContext ctx{nullptr, "shared", "eu-west-1"};
    FakeValue vars = FakeValue::Object();
    auto var = [&](std::string name, FakeValue value) {
      FakeValue v = FakeValue::Object();
      v.Set("value", std::move(value));
      vars.Set(std::move(name), std::move(v));
    };
    var("environment", FakeValue::String("prod"));
    var("region", FakeValue::String("eu-west-1"));
    var("instance_count", FakeValue::Number("3"));
    var("enable_monitoring", FakeValue::Bool(true));
    var("db_password", FakeValue::String(SynthesizeText(Flavor::kSecret, rng, ctx)));
    var("bootstrap_script", FakeValue::String(SynthesizeText(Flavor::kScript, rng, ctx)));
    var("service_policy", FakeValue::String(SynthesizeText(Flavor::kPolicy, rng, ctx)));
    FakeValue cidrs = FakeValue::Array();
    for (int k = 0; k < 6; ++k) cidrs.items.push_back(FakeValue::String(SynthesizeText(Flavor::kCidr, rng, ctx)));
    var("allowed_cidrs", cidrs);
    FakeValue tags = FakeValue::Object();
    for (std::string_view k : {"CostCenter", "Environment", "ManagedBy", "Owner", "Project"}) {
      tags.Set(std::string(k), FakeValue::String(SynthesizeText(Flavor::kWord, rng, ctx)));
    }
    var("default_tags", tags);
    FakeValue flags = FakeValue::Object();
    for (int k = 0; k < 12; ++k) flags.Set(fmt::format("feature_{}", k), FakeValue::Bool(rng.Percent(50)));
    var("feature_flags", flags);
    WriteKnownValue(out, vars);
  }

  // Resources of one module for planned_values (after) or prior_state (before), then its
  // children.
  void WriteStateModule(JsonWriter& out, size_t m, bool planned) {
    out.BeginObject();
    bool any = false;
    for (size_t b = module_start_[m]; b < module_start_[m + 1]; ++b) {
      BlockInfo block = Block(b);
      for (int i = 0; i < block.instances; ++i) {
        InstanceInfo info = Instance(block, b, i);
        std::string_view first = info.actions[0];
        bool has_after = !(first == "delete" && info.actions.size() == 1);
        bool has_before = first != "create" && first != "read";
        if (planned ? !has_after : !has_before) continue;
        if (!any) {
          out.Key("resources");
          out.BeginArray();
          any = true;
        }
        InstanceValues v = Values(block, info, b, i);
        const FakeValue& value = planned ? v.after : v.before;
        if (!planned) ++stats_.state_resources;
        out.BeginObject();
        out.Key("address");
        out.String(info.address);
        out.Key("mode");
        out.String(block.spec->data ? "data" : "managed");
        out.Key("type");
        out.String(block.spec->type);
        out.Key("name");
        out.String(block.name);
        if (!info.index_json.empty()) {
          out.Key("index");
          out.Raw(info.index_json);
        }
        out.Key("provider_name");
        out.String(ProviderSource(block.spec->provider));
        out.Key("schema_version");
        out.Int(0);
        out.Key("values");
        WriteKnownValue(out, value);
        out.Key("sensitive_values");
        WriteSensitiveMask(out, value);
        out.EndObject();
      }
    }
    if (any) out.EndArray();
    if (m != 0) {
      out.Key("address");
      out.String(kModules[m].address);
    }
    bool children = false;
    for (size_t c = 0; c < kModules.size(); ++c) {
      if (kModules[c].parent != static_cast<int>(m)) continue;
      if (!children) {
        out.Key("child_modules");
        out.BeginArray();
        children = true;
      }
      WriteStateModule(out, c, planned);
    }
    if (children) out.EndArray();
    out.EndObject();
  }

  void WritePlannedValues(JsonWriter& out) {
    out.BeginObject();
    out.Key("outputs");
    WriteOutputValues(out, /*planned=*/true);
    out.Key("root_module");
    WriteStateModule(out, 0, /*planned=*/true);
    out.EndObject();
  }

  void WritePriorState(JsonWriter& out) {
    out.BeginObject();
    out.Key("format_version");
    out.String("1.0");
    out.Key("terraform_version");
    out.String(kTofuVersion);
    out.Key("values");
    out.BeginObject();
    out.Key("outputs");
    WriteOutputValues(out, /*planned=*/false);
    out.Key("root_module");
    WriteStateModule(out, 0, /*planned=*/false);
    out.EndObject();
    out.EndObject();
  }

  void WriteResourceChanges(JsonWriter& out, bool drift) {
    out.BeginArray();
    for (size_t b = 0; b < blocks_; ++b) {
      BlockInfo block = Block(b);
      for (int i = 0; i < block.instances; ++i) {
        InstanceInfo info = Instance(block, b, i);
        if (drift && !info.drift) continue;
        InstanceValues v = Values(block, info, b, i);
        if (drift) {
          ++stats_.drifted;
        } else {
          ++stats_.instances;
        }
        out.BeginObject();
        out.Key("address");
        out.String(info.address);
        if (!drift && !info.previous_address.empty()) {
          out.Key("previous_address");
          out.String(info.previous_address);
        }
        if (block.module != 0) {
          out.Key("module_address");
          out.String(kModules[block.module].address);
        }
        out.Key("mode");
        out.String(block.spec->data ? "data" : "managed");
        out.Key("type");
        out.String(block.spec->type);
        out.Key("name");
        out.String(block.name);
        if (!info.index_json.empty()) {
          out.Key("index");
          out.Raw(info.index_json);
        }
        out.Key("provider_name");
        out.String(ProviderSource(block.spec->provider));
        out.Key("change");
        out.BeginObject();
        out.Key("actions");
        out.BeginArray();
        if (drift) {
          out.String("update");
        } else {
          for (std::string_view a : info.actions) out.String(a);
        }
        out.EndArray();
        const FakeValue& before = drift ? v.drift_before : v.before;
        const FakeValue& after = drift ? v.before : v.after;
        out.Key("before");
        WriteKnownValue(out, before);
        out.Key("after");
        WriteKnownValue(out, after);
        out.Key("after_unknown");
        WriteUnknownMask(out, after);
        out.Key("before_sensitive");
        WriteSensitiveMask(out, before);
        out.Key("after_sensitive");
        WriteSensitiveMask(out, after);
        if (!drift && !v.replace_paths.empty()) {
          out.Key("replace_paths");
          out.BeginArray();
          for (const std::string& p : v.replace_paths) {
            out.BeginArray();
            out.String(p);
            out.EndArray();
          }
          out.EndArray();
        }
        out.EndObject();
        if (!drift && !info.action_reason.empty()) {
          out.Key("action_reason");
          out.String(info.action_reason);
        }
        out.EndObject();
      }
    }
    out.EndArray();
  }

  void WriteRelevantAttributes(JsonWriter& out) {
    out.BeginArray();
    for (size_t b = 0; b < blocks_; ++b) {
      BlockInfo block = Block(b);
      for (int i = 0; i < block.instances; ++i) {
        InstanceInfo info = Instance(block, b, i);
        if (!info.drift) continue;
        InstanceValues v = Values(block, info, b, i);
        out.BeginObject();
        out.Key("resource");
        out.String(info.address);
        out.Key("attribute");
        out.BeginArray();
        out.String(v.drift_attribute);
        out.EndArray();
        out.EndObject();
      }
    }
    out.EndArray();
  }

  // ---- outputs ----

  struct OutputInfo {
    std::string name;
    std::string_view action;
    bool sensitive = false;
    bool unknown = false;  // after is unknown
    FakeValue before, after;
    std::string type_json;
  };

  OutputInfo Output(size_t j) const {
    Rng rng = Rng::For(seed_, kOutputStream, j);
    OutputInfo o;
    o.name = fmt::format("{}_{}_{}", kNames[rng.Below(std::size(kNames))], rng.Pick({"arn", "ids", "endpoints", "config"}), j);
    uint64_t roll = rng.Below(100);
    o.action = roll < 50 ? "no-op" : roll < 70 ? "update" : roll < 90 ? "create" : "delete";
    o.sensitive = rng.Percent(10);
    o.unknown = (o.action == "create" || o.action == "update") && rng.Percent(25);
    SynthContext ctx{nullptr, o.name, "eu-west-1"};
    uint64_t kind = rng.Below(100);
    auto make = [&](Rng& r) {
      if (kind < 40) return FakeValue::String(SynthesizeText(Flavor::kArn, r, ctx));
      if (kind < 65) {
        FakeValue list = FakeValue::Array();
        int n = static_cast<int>(r.Range(1, 8));
        for (int k = 0; k < n; ++k) list.items.push_back(FakeValue::String(SynthesizeText(Flavor::kId, r, ctx)));
        return list;
      }
      FakeValue map = FakeValue::Object();
      int n = static_cast<int>(r.Range(1, 6));
      for (int k = 0; k < n; ++k) map.Set(fmt::format("{}_{}", SynthesizeText(Flavor::kWord, r, ctx), k), FakeValue::String(SynthesizeText(Flavor::kUrl, r, ctx)));
      return map;
    };
    o.type_json = kind < 40 ? "\"string\"" : kind < 65 ? "[\"list\",\"string\"]" : "[\"map\",\"string\"]";
    FakeValue value = make(rng);
    if (o.action != "create") o.before = value;
    if (o.action == "update") {
      Rng edit = Rng::For(seed_, kEditStream, 1u << 31, j);
      o.after = make(edit);
    } else if (o.action != "delete") {
      o.after = value;
    }
    if (o.unknown) o.after = FakeValue::Unknown();
    return o;
  }

  void WriteOutputValues(JsonWriter& out, bool planned) {
    out.BeginObject();
    for (size_t j = 0; j < outputs_; ++j) {
      OutputInfo o = Output(j);
      const FakeValue& v = planned ? o.after : o.before;
      if (planned ? o.action == "delete" : o.action == "create") continue;
      out.Key(o.name);
      out.BeginObject();
      out.Key("sensitive");
      out.Bool(o.sensitive);
      if (v.kind != FakeValue::Kind::kUnknown) {
        out.Key("type");
        out.Raw(o.type_json);
        out.Key("value");
        WriteKnownValue(out, v);
      }
      out.EndObject();
    }
    out.EndObject();
  }

  void WriteOutputChanges(JsonWriter& out) {
    out.BeginObject();
    for (size_t j = 0; j < outputs_; ++j) {
      OutputInfo o = Output(j);
      out.Key(o.name);
      out.BeginObject();
      out.Key("actions");
      out.BeginArray();
      out.String(o.action);
      out.EndArray();
      out.Key("before");
      WriteKnownValue(out, o.before);
      out.Key("after");
      WriteKnownValue(out, o.after);
      out.Key("after_unknown");
      WriteUnknownMask(out, o.after);
      out.Key("before_sensitive");
      out.Bool(o.sensitive);
      out.Key("after_sensitive");
      out.Bool(o.sensitive);
      out.EndObject();
    }
    out.EndObject();
  }

  // ---- configuration ----

  // Expressions for one block's values: constants or references, nested blocks as arrays.
  FakeValue Expressions(const BlockSpec& schema, const FakeValue& value, Rng& rng) const {
    FakeValue exprs = FakeValue::Object();
    for (const AttributeSpec& a : schema.attributes) {
      if (!a.required && !a.optional) continue;
      const FakeValue* v = value.Find(a.name);
      if (v == nullptr || v->is_null() || v->kind == FakeValue::Kind::kUnknown) continue;
      FakeValue e = FakeValue::Object();
      if (a.sensitive || v->sensitive || rng.Percent(25)) {
        FakeValue refs = FakeValue::Array();
        std::string var = fmt::format("var.{}", a.name);
        refs.items.push_back(FakeValue::String(var));
        if (rng.Percent(50)) {
          refs.items.push_back(FakeValue::String(fmt::format("local.{}_defaults", a.name)));
          refs.items.push_back(FakeValue::String("local"));
        }
        e.Set("references", std::move(refs));
      } else {
        FakeValue constant = *v;
        constant.sensitive = false;
        e.Set("constant_value", std::move(constant));
      }
      exprs.Set(a.name, std::move(e));
    }
    for (const BlockTypeSpec& t : schema.block_types) {
      const FakeValue* v = value.Find(t.name);
      if (v == nullptr || v->is_null()) continue;
      FakeValue list = FakeValue::Array();
      if (v->kind == FakeValue::Kind::kArray) {
        for (const FakeValue& item : v->items) list.items.push_back(Expressions(*t.block, item, rng));
      } else if (t.nesting != Nesting::kMap) {
        list.items.push_back(Expressions(*t.block, *v, rng));
      }
      if (!list.items.empty()) exprs.Set(t.name, std::move(list));
    }
    return exprs;
  }

  void WriteConfigModule(JsonWriter& out, size_t m) {
    out.BeginObject();
    if (m == 0) {
      out.Key("outputs");
      out.BeginObject();
      for (size_t j = 0; j < outputs_; ++j) {
        OutputInfo o = Output(j);
        if (o.action == "delete") continue;
        out.Key(o.name);
        out.BeginObject();
        if (o.sensitive) {
          out.Key("sensitive");
          out.Bool(true);
        }
        out.Key("expression");
        out.BeginObject();
        out.Key("references");
        out.BeginArray();
        out.String(fmt::format("module.compute.{}", o.name));
        out.String("module.compute");
        out.EndArray();
        out.EndObject();
        out.EndObject();
      }
      out.EndObject();
    }
    if (module_start_[m] < module_start_[m + 1]) {
      out.Key("resources");
      out.BeginArray();
      for (size_t b = module_start_[m]; b < module_start_[m + 1]; ++b) {
        BlockInfo block = Block(b);
        InstanceInfo info = Instance(block, b, 0);
        InstanceValues v = Values(block, info, b, 0);
        const FakeValue& value = v.after.is_null() ? v.before : v.after;
        Rng rng = Rng::For(seed_, kEditStream, b, 1u << 20);
        std::string address = fmt::format("{}{}.{}", block.spec->data ? "data." : "", block.spec->type, block.name);
        out.BeginObject();
        out.Key("address");
        out.String(address);
        out.Key("mode");
        out.String(block.spec->data ? "data" : "managed");
        out.Key("type");
        out.String(block.spec->type);
        out.Key("name");
        out.String(block.name);
        out.Key("provider_config_key");
        out.String(block.spec->provider);
        out.Key("expressions");
        WriteKnownValue(out, Expressions(block.spec->block, value, rng));
        out.Key("schema_version");
        out.Int(0);
        if (block.repetition == Repetition::kCount) {
          out.Key("count_expression");
          out.BeginObject();
          out.Key("constant_value");
          out.Int(block.instances);
          out.EndObject();
        } else if (block.repetition == Repetition::kForEach) {
          out.Key("for_each_expression");
          out.BeginObject();
          out.Key("references");
          out.BeginArray();
          out.String("var.environments");
          out.EndArray();
          out.EndObject();
        }
        out.EndObject();
      }
      out.EndArray();
    }
    bool calls = false;
    for (size_t c = 0; c < kModules.size(); ++c) {
      if (kModules[c].parent != static_cast<int>(m)) continue;
      if (!calls) {
        out.Key("module_calls");
        out.BeginObject();
        calls = true;
      }
      out.Key(kModules[c].call);
      out.BeginObject();
      out.Key("source");
      out.String(fmt::format("./modules/{}", kModules[c].call));
      out.Key("module");
      WriteConfigModule(out, c);
      out.EndObject();
    }
    if (calls) out.EndObject();
    if (m == 0) {
      out.Key("variables");
      out.BeginObject();
      for (std::string_view name : {"allowed_cidrs", "bootstrap_script", "db_password", "default_tags", "enable_monitoring",
                                    "environment", "feature_flags", "instance_count", "region", "service_policy"}) {
        out.Key(name);
        out.BeginObject();
        if (name == "db_password") {
          out.Key("sensitive");
          out.Bool(true);
        }
        out.Key("description");
        out.String(fmt::format("The {} for this deployment.", name));
        out.EndObject();
      }
      out.EndObject();
    }
    out.EndObject();
  }

  void WriteConfiguration(JsonWriter& out) {
    std::vector<std::string> providers;
    for (size_t b = 0; b < blocks_; ++b) {
      const std::string& p = Block(b).spec->provider;
      if (std::find(providers.begin(), providers.end(), p) == providers.end()) providers.push_back(p);
    }
    std::sort(providers.begin(), providers.end());
    out.BeginObject();
    out.Key("provider_config");
    out.BeginObject();
    for (const std::string& p : providers) {
      out.Key(p);
      out.BeginObject();
      out.Key("name");
      out.String(p);
      out.Key("full_name");
      out.String(ProviderSource(p));
      if (p == "aws") {
        out.Key("expressions");
        out.BeginObject();
        out.Key("region");
        out.BeginObject();
        out.Key("references");
        out.BeginArray();
        out.String("var.region");
        out.EndArray();
        out.EndObject();
        out.EndObject();
      }
      out.EndObject();
    }
    out.EndObject();
    out.Key("root_module");
    WriteConfigModule(out, 0);
    out.EndObject();
  }

  uint64_t seed_;
  bool state_;
  size_t blocks_;
  size_t outputs_;
  int total_weight_ = 0;
  std::array<size_t, kModules.size() + 1> module_start_{};
  PlanStats stats_;
};

uint64_t SizeFor(const PlanGeneratorOptions& options, size_t blocks) {
  uint64_t bytes = 0;
  JsonWriter out([&](std::string_view s) { bytes += s.size(); }, options.indent);
  Generator(options, blocks).Write(out);
  return bytes;
}

// Resource blocks for a plan of about options.target_bytes: size grows linearly with the
// block count, so two small samples give the slope. Small plans (where a few large
// resources make a big difference) are then corrected against their real size.
size_t BlocksFor(const PlanGeneratorOptions& options) {
  if (options.resource_blocks > 0) return options.resource_blocks;
  constexpr size_t kSmall = 40, kLarge = 200;
  uint64_t target = options.target_bytes;
  uint64_t small = SizeFor(options, kSmall);
  uint64_t large = SizeFor(options, kLarge);
  double per_block = static_cast<double>(large - small) / static_cast<double>(kLarge - kSmall);
  double fixed = static_cast<double>(small) - per_block * kSmall;
  size_t blocks = std::max<size_t>(1, static_cast<size_t>((static_cast<double>(target) - fixed) / per_block + 0.5));
  if (target > (uint64_t{32} << 20)) return blocks;
  auto miss = [&](size_t n) {
    uint64_t size = SizeFor(options, n);
    return size > target ? size - target : target - size;
  };
  size_t best = blocks;
  uint64_t best_miss = miss(blocks);
  for (int round = 0; round < 4 && best_miss > target / 50; ++round) {
    uint64_t size = SizeFor(options, best);
    size_t next = std::max<size_t>(1, static_cast<size_t>(static_cast<double>(best) * static_cast<double>(target) /
                                                          static_cast<double>(size) + 0.5));
    if (next == best) next = size < target ? best + 1 : std::max<size_t>(1, best - 1);
    uint64_t m = miss(next);
    if (m >= best_miss) break;
    best = next;
    best_miss = m;
  }
  return best;
}

}  // namespace

PlanStats GeneratePlan(const PlanGeneratorOptions& options, const Sink& sink) {
  JsonWriter out(sink, options.indent);
  return Generator(options, BlocksFor(options)).Write(out);
}

std::string GeneratePlanText(const PlanGeneratorOptions& options, PlanStats* stats, size_t extra_capacity) {
  std::string text;
  text.reserve(static_cast<size_t>(options.target_bytes + options.target_bytes / 8) + extra_capacity);
  PlanStats s = GeneratePlan(options, [&](std::string_view piece) { text.append(piece); });
  if (text.capacity() < text.size() + extra_capacity) text.reserve(text.size() + extra_capacity);
  if (stats != nullptr) *stats = s;
  return text;
}

std::string GenerateSchemasText(bool indent) {
  std::string text;
  JsonWriter out([&](std::string_view piece) { text.append(piece); }, indent);
  WriteProviderSchemas(out);
  out.Flush();
  return text;
}

}  // namespace planview::bench
