#include "bench/shape_plans.h"

#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <functional>

#include "bench/json_writer.h"

namespace planview::bench {
namespace {

constexpr std::string_view kProvider = "registry.opentofu.org/hashicorp/shape";

size_t Scaled(size_t count, double scale) {
  double n = std::round(static_cast<double>(count) * scale);
  return n < 3 ? 3 : static_cast<size_t>(n);
}

// Writes one side's value of `shape_thing.big`; `after` selects the changed side. Every
// attribute but the shape's own is small and the same on both sides.
using SideWriter = std::function<void(JsonWriter&, bool after)>;

void WriteCidrList(JsonWriter& out, size_t count, bool after) {
  out.BeginArray();
  for (size_t i = 0; i < count; ++i) {
    if (after && i == count / 2) {
      out.String("192.168.254.1/32");
    } else {
      out.String(fmt::format("10.{}.{}.{}/32", (i >> 16) & 255, (i >> 8) & 255, i & 255));
    }
  }
  out.EndArray();
}

std::string Script(size_t lines, bool after) {
  std::string text = "#!/bin/bash\nset -euo pipefail\n";
  for (size_t i = 0; i < lines; ++i) {
    if (after && i == lines / 2) {
      text += "echo 'this line was changed by the plan'\n";
      continue;
    }
    // Blocks of a few lines with repeated shapes, as real scripts have.
    switch (i % 4) {
      case 0: text += fmt::format("if [ -f /etc/app/conf.d/{:06}.conf ]; then\n", i); break;
      case 1: text += fmt::format("  install -m 0644 /srv/src/{:06}.conf /etc/app/conf.d/ --verbose\n", i); break;
      case 2: text += "fi\n"; break;
      default: text += "\n"; break;
    }
  }
  text += "exit 0\n";
  return text;
}

// A compact IAM policy document, as providers return it.
std::string Policy(size_t statements, bool after) {
  std::string text = R"({"Version":"2012-10-17","Statement":[)";
  for (size_t i = 0; i < statements; ++i) {
    if (i > 0) text += ',';
    std::string bucket = fmt::format("bucket-{:06}", i);
    if (after && i == statements / 2) bucket = "bucket-renamed";
    text += fmt::format(
        R"({{"Sid":"Stmt{:06}","Effect":"Allow","Action":["s3:GetObject","s3:PutObject","s3:ListBucket"],)"
        R"("Resource":["arn:aws:s3:::{}","arn:aws:s3:::{}/*"],)"
        R"("Condition":{{"StringEquals":{{"aws:SourceVpc":"vpc-{:06x}"}}}}}})",
        i, bucket, bucket, i * 7919);
  }
  text += "]}";
  return text;
}

void WriteRule(JsonWriter& out, size_t i, bool changed, bool block) {
  out.BeginObject();
  if (block) {
    out.Key("cidr_blocks");
    out.BeginArray();
    out.String(fmt::format("10.{}.{}.0/24", (i >> 8) & 255, i & 255));
    out.EndArray();
  } else {
    out.Key("cidr");
    out.String(fmt::format("10.{}.{}.0/24", (i >> 8) & 255, i & 255));
  }
  out.Key("description");
  out.String(changed ? std::string("changed rule") : fmt::format("rule {} for service {}", i, i % 97));
  out.Key("from_port");
  out.Int(static_cast<int64_t>(1000 + i));
  out.Key("protocol");
  out.String(i % 3 == 0 ? "udp" : "tcp");
  out.Key("to_port");
  out.Int(static_cast<int64_t>(1000 + i));
  out.EndObject();
}

constexpr size_t kReplacePathsListElements = 20000;
constexpr size_t kPathsMapKeys = 40000;
constexpr size_t kDriftEntries = 20000;

std::string TagKey(size_t i) { return fmt::format("tag-{:06}", i); }

void WriteTags(JsonWriter& out, size_t count, bool after) {
  out.BeginObject();
  for (size_t i = 0; i < count; ++i) {
    out.Key(TagKey(i));
    out.String(after && i == count / 2 ? std::string("changed") : fmt::format("value {}", i));
  }
  out.EndObject();
}

// `replace_paths` of the path shapes: one path per list element or map key.
void WriteReplacePaths(JsonWriter& out, std::string_view shape, double scale) {
  if (shape == "replace_paths_list") {
    out.Key("replace_paths");
    out.BeginArray();
    for (size_t i = 0; i < Scaled(kReplacePathsListElements, scale); ++i) {
      out.Raw(fmt::format(R"(["items",{}])", i));
    }
    out.EndArray();
  } else if (shape == "paths_map") {
    out.Key("replace_paths");
    out.BeginArray();
    for (size_t i = 0; i < Scaled(kPathsMapKeys, scale); ++i) out.Raw(fmt::format(R"(["tags","{}"])", TagKey(i)));
    out.EndArray();
  }
}

void WriteRules(JsonWriter& out, size_t count, bool after, bool block) {
  out.BeginArray();
  for (size_t i = 0; i < count; ++i) WriteRule(out, i, after && i == count / 2, block);
  out.EndArray();
}

// One side of the resource: members in sorted order, as Go writes cty objects.
void WriteSide(JsonWriter& out, std::string_view shape, double scale, bool after) {
  out.BeginObject();
  out.Key("id");
  out.String("thing-1");
  out.Key("ingress");
  if (shape == "block_set") {
    WriteRules(out, Scaled(50000, scale), after, true);
  } else {
    out.BeginArray();
    out.EndArray();
  }
  out.Key("items");
  if (shape == "long_list") {
    WriteCidrList(out, Scaled(100000, scale), after);
  } else if (shape == "replace_paths_list") {
    WriteCidrList(out, Scaled(kReplacePathsListElements, scale), after);
  } else if (shape == "drift_relevant" || shape == "drift_any") {
    WriteCidrList(out, 3, after);
  } else {
    out.Null();
  }
  out.Key("name");
  out.String("big");
  out.Key("policy");
  if (shape == "json_string") {
    // About 200 bytes per statement: 5 MB.
    out.String(Policy(Scaled(22000, scale), after));
  } else {
    out.Null();
  }
  out.Key("rules");
  if (shape == "object_set") {
    WriteRules(out, Scaled(50000, scale), after, false);
  } else {
    out.Null();
  }
  out.Key("script");
  if (shape == "multiline_string") {
    // About 29 bytes per line: 10 MB.
    out.String(Script(Scaled(345000, scale), after));
  } else {
    out.Null();
  }
  out.Key("tags");
  if (shape == "paths_map") {
    WriteTags(out, Scaled(kPathsMapKeys, scale), after);
  } else {
    out.Null();
  }
  out.EndObject();
}

void WriteAttribute(JsonWriter& out, std::string_view name, std::string_view type_json, bool computed = false) {
  out.Key(name);
  out.BeginObject();
  out.Key("type");
  out.Raw(type_json);
  out.Key(computed ? "computed" : "optional");
  out.Bool(true);
  out.EndObject();
}

// One entry of resource_changes or resource_drift: `address` is shape_thing.NAME.
void WriteResourceChange(JsonWriter& out, std::string_view name, std::string_view actions,
                         const std::function<void(bool after)>& side, const std::function<void()>& extra) {
  out.BeginObject();
  out.Key("address");
  out.String(fmt::format("shape_thing.{}", name));
  out.Key("mode");
  out.String("managed");
  out.Key("type");
  out.String("shape_thing");
  out.Key("name");
  out.String(name);
  out.Key("provider_name");
  out.String(kProvider);
  out.Key("change");
  out.BeginObject();
  out.Key("actions");
  out.Raw(actions);
  out.Key("before");
  side(false);
  out.Key("after");
  side(true);
  out.Key("after_unknown");
  out.Raw("{}");
  out.Key("before_sensitive");
  out.Raw("{}");
  out.Key("after_sensitive");
  out.Raw("{}");
  extra();
  out.EndObject();
  out.EndObject();
}

// A drifted resource whose `name` changed outside OpenTofu.
void WriteSmallSide(JsonWriter& out, size_t i, bool after) {
  out.BeginObject();
  out.Key("id");
  out.String(fmt::format("thing-{}", i));
  out.Key("name");
  out.String(after ? fmt::format("drifted-{}", i) : fmt::format("small-{}", i));
  out.EndObject();
}

}  // namespace

const std::vector<std::string_view>& ShapeNames() {
  static const std::vector<std::string_view> names = {"long_list", "multiline_string", "json_string", "object_set",
                                                      "block_set",
                                                      "replace_paths_list", "paths_map", "drift_relevant",
                                                      "drift_any"};
  return names;
}

std::optional<std::string> GenerateShapePlan(std::string_view name, double scale) {
  bool known = false;
  for (std::string_view n : ShapeNames()) known = known || n == name;
  if (!known) return std::nullopt;
  std::string text;
  JsonWriter out([&](std::string_view piece) { text.append(piece); }, false);
  out.BeginObject();
  out.Key("format_version");
  out.String("1.2");
  out.Key("terraform_version");
  out.String("1.8.5");
  out.Key("resource_changes");
  out.BeginArray();
  bool replace = name == "replace_paths_list" || name == "paths_map";
  WriteResourceChange(
      out, "big", replace ? R"(["delete","create"])" : R"(["update"])",
      [&](bool after) { WriteSide(out, name, scale, after); }, [&] { WriteReplacePaths(out, name, scale); });
  out.EndArray();
  bool drift = name == "drift_relevant" || name == "drift_any";
  if (drift || name == "paths_map") {
    out.Key("resource_drift");
    out.BeginArray();
    if (name == "paths_map") {
      WriteResourceChange(
          out, "big", R"(["update"])", [&](bool after) { WriteSide(out, name, scale, !after); }, [] {});
    } else {
      for (size_t i = 0; i < Scaled(kDriftEntries, scale); ++i) {
        WriteResourceChange(
            out, fmt::format("small_{}", i), R"(["update"])", [&](bool after) { WriteSmallSide(out, i, after); },
            [] {});
      }
    }
    out.EndArray();
    out.Key("relevant_attributes");
    out.BeginArray();
    if (name == "paths_map") {
      for (size_t i = 0; i < Scaled(kPathsMapKeys, scale); ++i) {
        out.Raw(fmt::format(R"({{"resource":"shape_thing.big","attribute":["tags","{}"]}})", TagKey(i)));
      }
    } else {
      for (size_t i = 0; i < Scaled(kDriftEntries, scale); ++i) {
        // drift_any: no resource named, so each attribute is relevant to every drifted one.
        out.Raw(name == "drift_any" ? std::string(R"({"resource":"","attribute":["name"]})")
                                    : fmt::format(R"({{"resource":"shape_thing.small_{}","attribute":["name"]}})", i));
      }
    }
    out.EndArray();
  }
  out.Key("timestamp");
  out.String("2024-06-01T12:00:00Z");
  out.Key("errored");
  out.Bool(false);
  out.EndObject();
  out.Flush();
  return text;
}

std::string ShapeSchemasText() {
  std::string text;
  JsonWriter out([&](std::string_view piece) { text.append(piece); }, false);
  out.BeginObject();
  out.Key("format_version");
  out.String("1.0");
  out.Key("provider_schemas");
  out.BeginObject();
  out.Key(kProvider);
  out.BeginObject();
  out.Key("provider");
  out.Raw(R"({"version":0,"block":{}})");
  out.Key("resource_schemas");
  out.BeginObject();
  out.Key("shape_thing");
  out.BeginObject();
  out.Key("version");
  out.Int(0);
  out.Key("block");
  out.BeginObject();
  out.Key("attributes");
  out.BeginObject();
  WriteAttribute(out, "id", R"("string")", true);
  WriteAttribute(out, "items", R"(["list","string"])");
  WriteAttribute(out, "name", R"("string")");
  WriteAttribute(out, "policy", R"("string")");
  WriteAttribute(out, "rules",
                 R"(["set",["object",{"cidr":"string","description":"string","from_port":"number",)"
                 R"("protocol":"string","to_port":"number"}]])");
  WriteAttribute(out, "script", R"("string")");
  WriteAttribute(out, "tags", R"(["map","string"])");
  out.EndObject();
  out.Key("block_types");
  out.BeginObject();
  out.Key("ingress");
  out.BeginObject();
  out.Key("nesting_mode");
  out.String("set");
  out.Key("block");
  out.BeginObject();
  out.Key("attributes");
  out.BeginObject();
  WriteAttribute(out, "cidr_blocks", R"(["list","string"])");
  WriteAttribute(out, "description", R"("string")");
  WriteAttribute(out, "from_port", R"("number")");
  WriteAttribute(out, "protocol", R"("string")");
  WriteAttribute(out, "to_port", R"("number")");
  out.EndObject();  // ingress attributes
  out.EndObject();  // ingress block
  out.EndObject();  // ingress
  out.EndObject();  // block_types
  out.EndObject();  // shape_thing block
  out.EndObject();  // shape_thing
  out.EndObject();  // resource_schemas
  out.EndObject();  // provider
  out.EndObject();  // provider_schemas
  out.EndObject();
  out.Flush();
  return text;
}

}  // namespace planview::bench
