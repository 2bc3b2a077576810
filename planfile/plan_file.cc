#include "planfile/plan_file.h"

#include <algorithm>
#include <charconv>
#include <memory>
#include <mutex>

#include <google/protobuf/stubs/logging.h>

#include <fmt/format.h>

#include "planfile/internal/change_json.h"
#include "planfile/internal/zip_archive.h"
#include "planproto/planfile.pb.h"
#include "structured/json_text.h"

namespace planview::planfile {

namespace {

using internal::ChangeError;

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

void AppendString(std::string& out, std::string_view text) { structured::AppendGoJsonString(out, text); }

// resource_changes or resource_drift, sorted by address and deposed key as `show -json`.
void AppendResourceChanges(const google::protobuf::RepeatedPtrField<planproto::ResourceInstanceChange>& changes,
                           std::string_view member, bool drift, bool refresh_only,
                           const structured::ProviderSchemas* schemas, std::string& out) {
  std::vector<internal::ResourceChangeJson> written;
  written.reserve(static_cast<size_t>(changes.size()));
  for (int i = 0; i < changes.size(); ++i) {
    // Outside refresh-only mode a drifted object that only moved is shown among the
    // planned changes instead.
    if (drift && !refresh_only && changes[i].has_change() && changes[i].change().action() == planproto::NOOP) continue;
    internal::ResourceChangeJson rc =
        internal::ResourceChangeToJson(changes[i], schemas, fmt::format("{}[{}]", member, i));
    if (!rc.skip) written.push_back(std::move(rc));
  }
  if (written.empty()) return;
  std::stable_sort(written.begin(), written.end(), [](const auto& a, const auto& b) {
    return a.address != b.address ? a.address < b.address : a.deposed < b.deposed;
  });
  out += fmt::format(",\"{}\":[", member);
  for (size_t i = 0; i < written.size(); ++i) {
    if (i > 0) out += ',';
    out += written[i].json;
  }
  out += ']';
}

void AppendOutputChanges(const planproto::Plan& plan, std::string& out) {
  if (plan.output_changes_size() == 0) return;
  std::vector<int> order(static_cast<size_t>(plan.output_changes_size()));
  for (int i = 0; i < plan.output_changes_size(); ++i) order[static_cast<size_t>(i)] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return plan.output_changes(a).name() < plan.output_changes(b).name(); });
  out += ",\"output_changes\":{";
  for (size_t i = 0; i < order.size(); ++i) {
    if (i > 0 && plan.output_changes(order[i]).name() == plan.output_changes(order[i - 1]).name()) {
      throw ChangeError(fmt::format("output_changes: output {:?} appears twice", plan.output_changes(order[i]).name()));
    }
    if (i > 0) out += ',';
    internal::AppendOutputChangeJson(plan.output_changes(order[i]), fmt::format("output_changes[{}]", order[i]), out);
  }
  out += '}';
}

void AppendVariables(const planproto::Plan& plan, std::string& out) {
  if (plan.variables().empty()) return;
  std::vector<std::string> names;
  for (const auto& [name, value] : plan.variables()) names.push_back(name);
  std::sort(names.begin(), names.end());
  out += ",\"variables\":{";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ',';
    AppendString(out, names[i]);
    out += ":{\"value\":";
    internal::AppendValueJson(internal::DecodeDynamic(plan.variables().at(names[i]), "variables." + names[i]), out);
    out += '}';
  }
  out += '}';
}

void AppendRelevantAttributes(const planproto::Plan& plan, std::string& out) {
  if (plan.field_15_size() == 0) return;
  out += ",\"relevant_attributes\":[";
  for (int i = 0; i < plan.field_15_size(); ++i) {
    planproto::ResourceAttr attr;
    const std::string where = fmt::format("relevant_attributes[{}]", i);
    if (!attr.ParseFromString(plan.field_15(i))) throw ChangeError(where + ": not a resource attribute");
    if (i > 0) out += ',';
    out += "{\"resource\":";
    AppendString(out, attr.resource());
    out += ",\"attribute\":";
    internal::ConvertPath(attr.attr(), where, nullptr, &out);
    out += '}';
  }
  out += ']';
}

}  // namespace

bool LooksLikeZip(std::string_view bytes) {
  return bytes.starts_with(std::string_view("PK\x03\x04", 4)) || bytes.starts_with(std::string_view("PK\x05\x06", 4));
}

ReadResult ReadPlanFile(std::string_view bytes, const ReadOptions& options) {
  // protobuf logs malformed input (invalid UTF-8 in a string field) on stderr; the failed
  // parse is reported here instead, in one line.
  static std::once_flag quiet;
  std::call_once(quiet, [] { google::protobuf::SetLogHandler(nullptr); });
  ReadResult result;
  if (!LooksLikeZip(bytes)) {
    result.error = "not a saved plan file (not a ZIP archive)";
    return result;
  }
  std::unique_ptr<internal::ZipArchive> zip = internal::ZipArchive::Open(bytes, options.max_inflated_bytes, result.error);
  if (!zip) return result;
  if (!zip->Has("tfplan")) {
    result.error = "not a saved plan file (the ZIP archive has no tfplan member)";
    return result;
  }
  std::optional<std::string> tfplan = zip->Read("tfplan", result.error);
  if (!tfplan) return result;

  planproto::Plan plan;
  if (!plan.ParseFromString(*tfplan)) {
    result.error = "tfplan: not a plan (the member is not the plan protobuf message)";
    return result;
  }
  if (plan.version() != kFormatVersion) {
    result.error = fmt::format(
        "tfplan: plan format version {} is not supported (planview reads version {}: Terraform 0.12 to 1.15, "
        "OpenTofu 1.6 on)",
        plan.version(), kFormatVersion);
    return result;
  }
  std::optional<Version> version = ParseVersion(plan.terraform_version());
  if (!version || !AtLeast(*version, 0, 12)) {
    result.error = fmt::format("tfplan: terraform_version {:?} is not a version planview reads (0.12 on)",
                               plan.terraform_version());
    return result;
  }

  PlanFile out;
  out.terraform_version = plan.terraform_version();
  switch (plan.ui_mode()) {
    case planproto::NORMAL: out.mode = UiMode::kNormal; break;
    case planproto::DESTROY: out.mode = UiMode::kDestroy; break;
    case planproto::REFRESH_ONLY: out.mode = UiMode::kRefreshOnly; break;
    default:
      result.error = fmt::format("tfplan: unknown plan mode {}", static_cast<int>(plan.ui_mode()));
      return result;
  }
  std::string& json = out.json;
  json.reserve(tfplan->size() * 2);
  json += "{\"format_version\":\"1.2\",\"terraform_version\":";
  AppendString(json, plan.terraform_version());
  try {
    AppendVariables(plan, json);
    const bool refresh_only = out.mode == UiMode::kRefreshOnly;
    AppendResourceChanges(plan.resource_drift(), "resource_drift", true, refresh_only, options.schemas, json);
    AppendResourceChanges(plan.resource_changes(), "resource_changes", false, refresh_only, options.schemas, json);
    AppendOutputChanges(plan, json);
    // Field 15 held provider plugin hashes before Terraform 1.1.
    if (AtLeast(*version, 1, 1)) AppendRelevantAttributes(plan, json);
  } catch (const ChangeError& e) {
    result.error = fmt::format("tfplan: {}", e.what());
    return result;
  }
  if (!plan.timestamp().empty()) {
    json += ",\"timestamp\":";
    AppendString(json, plan.timestamp());
  }
  if (plan.applyable()) json += ",\"applyable\":true";
  if (plan.complete()) json += ",\"complete\":true";
  json += plan.errored() ? ",\"errored\":true}" : ",\"errored\":false}";

  if (options.schemas == nullptr && (plan.resource_changes_size() > 0 || plan.resource_drift_size() > 0)) {
    out.sensitivity_notice =
        "no provider schemas: resource values are decoded from msgpack alone and only the plan file's own "
        "sensitivity marks are known (attributes the provider schemas mark sensitive are hidden only with "
        "--schemas)";
  }
  out.omitted_notice =
      "configuration, planned_values, prior_state and checks are not written (they need the configuration, the "
      "provider schemas and the state; planview reads the plan's changes)";
  result.plan = std::move(out);
  return result;
}

}  // namespace planview::planfile
