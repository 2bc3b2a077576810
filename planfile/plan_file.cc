#include "planfile/plan_file.h"

#include <algorithm>
#include <charconv>
#include <memory>
#include <mutex>

#include <google/protobuf/stubs/logging.h>

#include <fmt/format.h>

#include "base/executor.h"
#include "base/expected.h"
#include "planfile/internal/change_json.h"
#include "planfile/internal/checks.h"
#include "planfile/internal/prior_state.h"
#include "planfile/internal/zip_archive.h"
#include "planproto/planfile.pb.h"
#include "structured/json_text.h"

namespace planview::planfile {

namespace {

// The one plan-file format version every Terraform from 0.12 and every OpenTofu writes.
constexpr uint64_t kFormatVersion = 3;

struct Version {
  int major = 0;
  int minor = 0;
};

std::optional<Version> ParseVersion(std::string_view text) {
  Version v;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  auto [after_major, ec1] = std::from_chars(p, end, v.major);
  if (ec1 != std::errc() || after_major == end || *after_major != '.') return std::nullopt;
  auto [after_minor, ec2] = std::from_chars(after_major + 1, end, v.minor);
  if (ec2 != std::errc()) return std::nullopt;
  return v;
}

bool AtLeast(const Version& v, int major, int minor) {
  return v.major > major || (v.major == major && v.minor >= minor);
}

using structured::AppendGoJsonString;

// Resource changes are decoded in runs of this many on the executor's threads.
constexpr size_t kChangesPerRun = 32;

// resource_changes or resource_drift, sorted by address and deposed key as `show -json`.
base::Expected<void> AppendResourceChanges(
    const google::protobuf::RepeatedPtrField<planproto::ResourceInstanceChange>& changes, std::string_view member,
    bool drift, bool refresh_only, const structured::ProviderSchemas* schemas, base::Executor* executor,
    std::string& out) {
  // Outside refresh-only mode a drifted object that only moved is shown among the planned
  // changes instead.
  std::vector<int> shown;
  for (int i = 0; i < changes.size(); ++i) {
    if (drift && !refresh_only && changes[i].has_change() && changes[i].change().action() == planproto::NOOP) continue;
    shown.push_back(i);
  }
  // Schemas are looked up here, in order; the values are decoded on the executor's threads
  // (the error is the lowest failing change's, as on one thread).
  std::vector<const structured::Schema*> schema_of(shown.size());
  for (size_t k = 0; k < shown.size(); ++k) {
    base::Expected<const structured::Schema*> schema =
        internal::FindSchema(changes[shown[k]], schemas, fmt::format("{}[{}]", member, shown[k]));
    if (!schema) return schema.error();
    schema_of[k] = *schema;
  }
  std::vector<internal::ResourceChangeJson> converted(shown.size());
  // Each run stops at its first failure; the lowest run's failure is the error.
  std::vector<std::optional<base::Error>> run_errors((shown.size() + kChangesPerRun - 1) / kChangesPerRun);
  base::ParallelRunsOn(executor, shown.size(), kChangesPerRun, [&](size_t begin, size_t end) {
    for (size_t k = begin; k < end; ++k) {
      base::Expected<internal::ResourceChangeJson> json =
          internal::ResourceChangeToJson(changes[shown[k]], schema_of[k], fmt::format("{}[{}]", member, shown[k]));
      if (!json) {
        run_errors[begin / kChangesPerRun] = std::move(json.error());
        return;
      }
      converted[k] = std::move(*json);
    }
  });
  for (std::optional<base::Error>& error : run_errors) {
    if (error) return std::move(*error);
  }
  std::vector<internal::ResourceChangeJson> written;
  written.reserve(converted.size());
  for (internal::ResourceChangeJson& rc : converted) {
    if (!rc.skip) written.push_back(std::move(rc));
  }
  if (written.empty()) return {};
  std::stable_sort(written.begin(), written.end(), [](const auto& a, const auto& b) {
    return a.address != b.address ? a.address < b.address : a.deposed < b.deposed;
  });
  out += fmt::format(",\"{}\":[", member);
  for (size_t i = 0; i < written.size(); ++i) {
    if (i > 0) out += ',';
    out += written[i].json;
  }
  out += ']';
  return {};
}

base::Expected<void> AppendOutputChanges(const planproto::Plan& plan, std::string& out) {
  if (plan.output_changes_size() == 0) return {};
  std::vector<int> order(static_cast<size_t>(plan.output_changes_size()));
  for (int i = 0; i < plan.output_changes_size(); ++i) order[static_cast<size_t>(i)] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return plan.output_changes(a).name() < plan.output_changes(b).name(); });
  out += ",\"output_changes\":{";
  for (size_t i = 0; i < order.size(); ++i) {
    if (i > 0 && plan.output_changes(order[i]).name() == plan.output_changes(order[i - 1]).name()) {
      return base::Error(
          fmt::format("output_changes: output {:?} appears twice", plan.output_changes(order[i]).name()));
    }
    if (i > 0) out += ',';
    base::Expected<void> appended = internal::AppendOutputChangeJson(
        plan.output_changes(order[i]), fmt::format("output_changes[{}]", order[i]), out);
    if (!appended) return appended;
  }
  out += '}';
  return {};
}

base::Expected<void> AppendVariables(const planproto::Plan& plan, std::string& out) {
  if (plan.variables().empty()) return {};
  std::vector<std::string> names;
  for (const auto& [name, value] : plan.variables()) names.push_back(name);
  std::sort(names.begin(), names.end());
  out += ",\"variables\":{";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ',';
    AppendGoJsonString(out, names[i]);
    out += ":{\"value\":";
    base::Expected<internal::Node> value =
        internal::DecodeDynamic(plan.variables().at(names[i]), fmt::format("variables[{:?}]", names[i]));
    if (!value) return value.error();
    internal::AppendValueJson(*value, out);
    out += '}';
  }
  out += '}';
  return {};
}

base::Expected<void> AppendRelevantAttributes(const planproto::Plan& plan, std::string& out) {
  if (plan.field_15_size() == 0) return {};
  out += ",\"relevant_attributes\":[";
  for (int i = 0; i < plan.field_15_size(); ++i) {
    planproto::ResourceAttr attr;
    const std::string where = fmt::format("relevant_attributes[{}]", i);
    if (!attr.ParseFromString(plan.field_15(i))) return base::Error(where + ": not a resource attribute");
    if (i > 0) out += ',';
    out += "{\"resource\":";
    AppendGoJsonString(out, attr.resource());
    out += ",\"attribute\":";
    base::Expected<void> converted = internal::ConvertPath(attr.attr(), where, nullptr, &out);
    if (!converted) return converted;
    out += '}';
  }
  out += ']';
  return {};
}

// True when a change's provider is in OpenTofu's registry (so OpenTofu wrote the plan).
bool NamesOpenTofuProvider(const planproto::Plan& plan) {
  constexpr std::string_view kRegistry = "registry.opentofu.org/";
  for (const auto* changes : {&plan.resource_changes(), &plan.resource_drift()}) {
    for (const planproto::ResourceInstanceChange& change : *changes) {
      if (change.provider().find(kRegistry) != std::string::npos) return true;
    }
  }
  return false;
}

// The error as one line: names and keys quoted from the plan file may hold control
// characters, which are written as escapes.
std::string OneLine(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  return out;
}

base::Expected<PlanFile> ReadTfplan(std::string_view bytes, const ReadOptions& options);

}  // namespace

bool LooksLikeZip(std::string_view bytes) {
  return bytes.starts_with(std::string_view("PK\x03\x04", 4)) || bytes.starts_with(std::string_view("PK\x05\x06", 4));
}

base::Expected<PlanFile> ReadPlanFile(std::string_view bytes, const ReadOptions& options) {
  // protobuf logs malformed input (invalid UTF-8 in a string field) on stderr; the failed
  // parse is reported here instead, in one line.
  static std::once_flag quiet;
  std::call_once(quiet, [] { google::protobuf::SetLogHandler(nullptr); });
  base::Expected<PlanFile> read = ReadTfplan(bytes, options);
  if (!read) return base::Error(OneLine(read.error().message));
  return read;
}

namespace {

base::Expected<PlanFile> ReadTfplan(std::string_view bytes, const ReadOptions& options) {
  if (!LooksLikeZip(bytes)) return base::Error("not a saved plan file (not a ZIP archive)");
  base::Expected<std::unique_ptr<internal::ZipArchive>> opened =
      internal::ZipArchive::Open(bytes, options.max_inflated_bytes);
  if (!opened) return opened.error();
  internal::ZipArchive& zip = **opened;
  if (!zip.Has("tfplan")) return base::Error("not a saved plan file (the ZIP archive has no tfplan member)");
  base::Expected<std::string> tfplan = zip.Read("tfplan");
  if (!tfplan) return tfplan.error();
  // The prior state (`tfstate`): plan files of every version hold it; one without is read
  // as an empty state.
  std::optional<std::string> tfstate;
  if (options.prior_state && zip.Has("tfstate")) {
    base::Expected<std::string> read = zip.Read("tfstate");
    if (!read) return read.error();
    tfstate = std::move(*read);
  }

  planproto::Plan plan;
  if (!plan.ParseFromString(*tfplan)) {
    return base::Error("tfplan: not a plan (the member is not the plan protobuf message)");
  }
  if (plan.version() != kFormatVersion) {
    return base::Error(fmt::format(
        "tfplan: plan format version {} is not supported (planview reads version {}: Terraform 0.12 to 1.15, "
        "OpenTofu 1.6 on)",
        plan.version(), kFormatVersion));
  }
  std::optional<Version> version = ParseVersion(plan.terraform_version());
  if (!version || !AtLeast(*version, 0, 12)) {
    return base::Error(fmt::format("tfplan: terraform_version {:?} is not a version planview reads (0.12 on)",
                                   plan.terraform_version()));
  }

  PlanFile out;
  out.terraform_version = plan.terraform_version();
  switch (plan.ui_mode()) {
    case planproto::NORMAL: out.mode = UiMode::kNormal; break;
    case planproto::DESTROY: out.mode = UiMode::kDestroy; break;
    case planproto::REFRESH_ONLY: out.mode = UiMode::kRefreshOnly; break;
    default:
      return base::Error(fmt::format("tfplan: unknown plan mode {}", static_cast<int>(plan.ui_mode())));
  }
  std::string& json = out.json;
  json.reserve(tfplan->size() * 2);
  json += "{\"format_version\":\"1.2\",\"terraform_version\":";
  AppendGoJsonString(json, plan.terraform_version());
  const bool refresh_only = out.mode == UiMode::kRefreshOnly;
  base::Expected<void> appended = AppendVariables(plan, json);
  if (appended) {
    appended = AppendResourceChanges(plan.resource_drift(), "resource_drift", true, refresh_only, options.schemas,
                                     options.executor, json);
  }
  if (appended) {
    appended = AppendResourceChanges(plan.resource_changes(), "resource_changes", false, refresh_only,
                                     options.schemas, options.executor, json);
  }
  if (appended) appended = AppendOutputChanges(plan, json);
  if (!appended) return base::Error(fmt::format("tfplan: {}", appended.error().message));
  // Seen in the pairs: 1.1.5 by address text, 1.6.6 data first; the switch is put at 1.2.
  const internal::ResourceOrder order =
      AtLeast(*version, 1, 2) ? internal::ResourceOrder::kDataFirst : internal::ResourceOrder::kByAddressText;
  if (tfstate) {
    base::Expected<void> state = internal::AppendPriorState(*tfstate, options.schemas, order, json);
    if (!state) return state.error();  // names tfstate itself
  }
  // Field 15 held provider plugin hashes before Terraform 1.1.
  if (AtLeast(*version, 1, 1)) appended = AppendRelevantAttributes(plan, json);
  // Field 19 held condition results, another message, in Terraform 1.2.
  if (appended && AtLeast(*version, 1, 3)) appended = internal::AppendChecks(plan, json);
  if (!appended) return base::Error(fmt::format("tfplan: {}", appended.error().message));
  if (!plan.timestamp().empty()) {
    json += ",\"timestamp\":";
    AppendGoJsonString(json, plan.timestamp());
  }
  // Terraform writes both from 1.8 on, true or false; OpenTofu (whose versions overlap
  // Terraform's) writes neither, and is known by its registry in provider addresses.
  if (AtLeast(*version, 1, 8) && !NamesOpenTofuProvider(plan)) {
    json += plan.applyable() ? ",\"applyable\":true" : ",\"applyable\":false";
    json += plan.complete() ? ",\"complete\":true" : ",\"complete\":false";
  }
  json += plan.errored() ? ",\"errored\":true}" : ",\"errored\":false}";

  if (options.schemas == nullptr && (plan.resource_changes_size() > 0 || plan.resource_drift_size() > 0)) {
    out.sensitivity_notice =
        "no provider schemas: resource values are decoded from msgpack alone and only the plan file's own "
        "sensitivity marks are known (attributes the provider schemas mark sensitive are hidden only with "
        "--schemas)";
  }
  out.omitted_notice =
      "configuration and planned_values are not written (they need the configuration and the provider "
      "schemas; planview reads the plan's changes and prior state)";
  return out;
}

}  // namespace

}  // namespace planview::planfile
