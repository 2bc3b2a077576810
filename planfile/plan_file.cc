#include "planfile/plan_file.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include <fmt/format.h>

#include "base/executor.h"
#include "base/expected.h"
#include "planfile/internal/change_json.h"
#include "planfile/internal/checks.h"
#include "planfile/internal/document_out.h"
#include "planfile/internal/plan_message.h"
#include "planfile/internal/prior_state.h"
#include "planfile/internal/value_writer.h"
#include "planfile/internal/zip_archive.h"
#include "planfile/internal/plan_message.h"
#include "structured/compact_json.h"
#include "structured/document_builder.h"
#include "structured/json_parse.h"
#include "wire/implied_type.h"

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

namespace tfplan = internal::tfplan;
using internal::DocumentOut;
using internal::ObjectOut;

// Resource changes are decoded in runs of this many on the executor's threads.
constexpr size_t kChangesPerRun = 32;
// Their heads (addresses) are read in runs of this many.
constexpr size_t kHeadsPerRun = 256;

// resource_changes or resource_drift, sorted by address and deposed key as `show -json`.
base::Expected<void> PutResourceChanges(
    const std::vector<tfplan::ResourceInstanceChange>& changes, std::string_view member,
    bool drift, bool refresh_only, const structured::ProviderSchemas* schemas, base::Executor* executor,
    DocumentOut& out, ObjectOut& plan_object) {
  // Outside refresh-only mode a drifted object that only moved is shown among the planned
  // changes instead.
  std::vector<size_t> shown;
  for (size_t i = 0; i < changes.size(); ++i) {
    if (drift && !refresh_only && changes[i].has_change && changes[i].change.action == tfplan::NOOP) continue;
    shown.push_back(i);
  }
  auto where = [&](size_t k) { return fmt::format("{}[{}]", member, shown[k]); };
  // First what places each change, its address and whether it is listed, on the
  // executor's threads: the heads up to the first change that fails here (that error
  // fails the whole, unless one before it fails on its values).
  std::vector<internal::ChangeHead> heads(shown.size());
  std::vector<uint8_t> head_read(shown.size(), 0);
  base::Expected<void> read = base::ParallelUntilErrorOn(executor, shown.size(), kHeadsPerRun,
                                                         [&](size_t k) -> base::Expected<void> {
    base::Expected<internal::ChangeHead> head = internal::ReadChangeHead(changes[shown[k]], where(k));
    if (!head) return head.error();
    heads[k] = std::move(*head);
    head_read[k] = 1;
    return {};
  });
  // Every change before the first failing one was read.
  heads.resize(static_cast<size_t>(std::find(head_read.begin(), head_read.end(), 0) - head_read.begin()));
  std::optional<base::Error> head_error;
  if (!read) head_error = read.error();
  // Then the schemas (and the types they imply), in order, of every change: a change
  // without a head has its address read again, for the error it gives.
  std::vector<const structured::Schema*> schema_of(shown.size());
  std::vector<const structured::Type*> type_of(shown.size());
  std::map<const structured::Schema*, structured::Type> types;
  for (size_t k = 0; k < shown.size(); ++k) {
    base::Expected<const structured::Schema*> schema =
        k < heads.size() ? internal::FindSchema(changes[shown[k]], heads[k], schemas)
                         : internal::FindSchema(changes[shown[k]], schemas, where(k));
    if (!schema) return schema.error();
    schema_of[k] = *schema;
    if (*schema != nullptr && (*schema)->block) {
      auto [it, inserted] = types.try_emplace(*schema);
      if (inserted) it->second = wire::ImpliedType(*(*schema)->block);
      type_of[k] = &it->second;
    }
  }
  std::vector<size_t> listed;  // positions in `heads`, in document order
  for (size_t k = 0; k < heads.size(); ++k) {
    if (!heads[k].skip) listed.push_back(k);
  }
  std::stable_sort(listed.begin(), listed.end(), [&](size_t a, size_t b) {
    const std::string& address_a = heads[a].addr.address;
    const std::string& address_b = heads[b].addr.address;
    if (address_a != address_b) return address_a < address_b;
    return changes[shown[a]].deposed_key < changes[shown[b]].deposed_key;
  });

  // The values are decoded on the executor's threads, each change into a part of its own,
  // grafted into its slot of the document's array. The error is the lowest failing
  // change's, as on one thread.
  structured::DocumentBuilder& b = out.b();
  const size_t n = listed.size();
  const bool write = !head_error && n > 0;
  const uint32_t first = write ? b.ReserveArray(n) : 0;
  if (b.failed()) return base::Error(b.error());
  std::vector<uint32_t> slot_of(heads.size());
  for (size_t j = 0; j < n; ++j) slot_of[listed[j]] = first + 2 * static_cast<uint32_t>(j);
  std::mutex graft;
  base::Expected<void> put = base::ParallelUntilErrorOn(executor, heads.size(), kChangesPerRun,
                                                        [&](size_t k) -> base::Expected<void> {
    if (heads[k].skip) return {};
    structured::DocumentBuilder part(internal::PlanNames(), nullptr);
    DocumentOut part_out(part);
    const uint32_t slot = part.ReserveArray(1);
    base::Expected<void> written =
        internal::PutResourceChange(part_out, slot, changes[shown[k]], heads[k], schema_of[k], type_of[k]);
    if (!written) return written;
    if (part.failed()) return base::Error(part.error());
    if (!write) return {};
    std::lock_guard<std::mutex> lock(graft);
    b.Graft(part, 1, 0, 1, slot_of[k]);
    return {};
  });
  if (!put) return put;
  if (head_error) return std::move(*head_error);
  if (b.failed()) return base::Error(b.error());
  if (n > 0) b.PutArray(plan_object.Member(member), first, n);
  return {};
}

base::Expected<void> PutOutputChanges(const tfplan::Plan& plan, DocumentOut& out, ObjectOut& plan_object) {
  if (plan.output_changes.empty()) return {};
  std::vector<size_t> order(plan.output_changes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return plan.output_changes[a].name < plan.output_changes[b].name; });
  ObjectOut outputs(out);
  for (size_t i = 0; i < order.size(); ++i) {
    const tfplan::OutputChange& change = plan.output_changes[order[i]];
    if (i > 0 && change.name == plan.output_changes[order[i - 1]].name) {
      return base::Error(fmt::format("output_changes: output {:?} appears twice", change.name));
    }
    base::Expected<void> put = internal::PutOutputChange(out, outputs.MemberKey(change.name), change,
                                                         fmt::format("output_changes[{}]", order[i]));
    if (!put) return put;
  }
  outputs.End(plan_object.Member("output_changes"));
  return {};
}

base::Expected<void> PutVariables(const tfplan::Plan& plan, DocumentOut& out, ObjectOut& plan_object) {
  if (plan.variables.empty()) return {};
  // The map is in key order.
  ObjectOut variables(out);
  for (const auto& [name, value] : plan.variables) {
    const uint32_t at = variables.MemberKey(name);
    ObjectOut variable(out);
    base::Expected<void> put =
        internal::PutDynamic(out, variable.Member("value"), value, fmt::format("variables[{:?}]", name));
    if (!put) return put;
    variable.End(at);
  }
  variables.End(plan_object.Member("variables"));
  return {};
}

base::Expected<void> PutRelevantAttributes(const tfplan::Plan& plan, DocumentOut& out, ObjectOut& plan_object) {
  if (plan.field_15.empty()) return {};
  structured::DocumentBuilder& b = out.b();
  const size_t n = plan.field_15.size();
  const uint32_t first = b.ReserveArray(n);
  if (b.failed()) return base::Error(b.error());
  for (size_t i = 0; i < n; ++i) {
    const std::string where = fmt::format("relevant_attributes[{}]", i);
    base::Expected<tfplan::ResourceAttr> parsed = internal::ParseResourceAttr(plan.field_15[i]);
    if (!parsed) return base::Error(where + ": not a resource attribute");
    const tfplan::ResourceAttr& attr = *parsed;
    ObjectOut object(out);
    b.PutString(object.Member("resource"), attr.resource);
    base::Expected<std::vector<internal::PathStep>> steps = internal::ConvertPath(attr.attr, where);
    if (!steps) return steps.error();
    internal::PutPath(out, object.Member("attribute"), *steps);
    object.End(first + 2 * static_cast<uint32_t>(i));
  }
  b.PutArray(plan_object.Member("relevant_attributes"), first, n);
  return {};
}

// Members written as JSON text (`,"prior_state":{...}`: the prior state and the checks,
// which no renderer reads) copied into the document.
base::Expected<void> PutMembersText(std::string_view members, DocumentOut& out, ObjectOut& plan_object) {
  if (members.empty()) return {};
  std::string text = "{";
  text += members.substr(1);
  text += '}';
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) return base::Error(parsed.error().ToString("the plan's own JSON"));
  structured::Value object = parsed.value()->root();
  for (size_t i = 0; i < object.size(); ++i) {
    structured::Member m = object.member(i);
    internal::PutCopy(out, plan_object.MemberKey(m.key), m.value);
  }
  return {};
}

// True when a change's provider is in OpenTofu's registry (so OpenTofu wrote the plan).
bool NamesOpenTofuProvider(const tfplan::Plan& plan) {
  constexpr std::string_view kRegistry = "registry.opentofu.org/";
  for (const auto* changes : {&plan.resource_changes, &plan.resource_drift}) {
    for (const tfplan::ResourceInstanceChange& change : *changes) {
      if (change.provider.find(kRegistry) != std::string_view::npos) return true;
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

std::string PlanFile::Json() const {
  std::string json;
  // About the document's size (address space: pages are touched only as they are written),
  // with room for convert's newline.
  if (document) json.reserve(document->MemoryUsage() + 1);
  structured::AppendCompactJson(json, document ? document->root() : structured::Value());
  return json;
}

bool LooksLikeZip(std::string_view bytes) {
  return bytes.starts_with(std::string_view("PK\x03\x04", 4)) || bytes.starts_with(std::string_view("PK\x05\x06", 4));
}

base::Expected<PlanFile> ReadPlanFile(std::string_view bytes, const ReadOptions& options) {
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
  base::Expected<internal::MemberBytes> tfplan_member = zip.Read("tfplan");
  if (!tfplan_member) return tfplan_member.error();
  // The prior state (`tfstate`): plan files of every version hold it; one without is read
  // as an empty state.
  std::optional<internal::MemberBytes> tfstate;
  if (options.unrendered_members && zip.Has("tfstate")) {
    base::Expected<internal::MemberBytes> read = zip.Read("tfstate");
    if (!read) return read.error();
    tfstate = std::move(*read);
  }

  // The message's strings and bytes are views into the member, kept until the document
  // is written.
  const size_t tfplan_size = tfplan_member->size();
  base::Expected<tfplan::Plan> parsed = internal::ParsePlanMessage(tfplan_member->view(), options.executor);
  if (!parsed) {
    return base::Error(
        fmt::format("tfplan: not a plan (the member is not the plan protobuf message: {})", parsed.error().message));
  }
  const tfplan::Plan& plan = *parsed;
  if (plan.version != kFormatVersion) {
    return base::Error(fmt::format(
        "tfplan: plan format version {} is not supported (planview reads version {}: Terraform 0.12 to 1.15, "
        "OpenTofu 1.6 on)",
        plan.version, kFormatVersion));
  }
  std::optional<Version> version = ParseVersion(plan.terraform_version);
  if (!version || !AtLeast(*version, 0, 12)) {
    return base::Error(fmt::format("tfplan: terraform_version {:?} is not a version planview reads (0.12 on)",
                                   plan.terraform_version));
  }

  PlanFile out;
  out.terraform_version = plan.terraform_version;
  switch (plan.ui_mode) {
    case tfplan::NORMAL: out.mode = UiMode::kNormal; break;
    case tfplan::DESTROY: out.mode = UiMode::kDestroy; break;
    case tfplan::REFRESH_ONLY: out.mode = UiMode::kRefreshOnly; break;
    default:
      return base::Error(fmt::format("tfplan: unknown plan mode {}", static_cast<int>(plan.ui_mode)));
  }
  structured::DocumentBuilder builder(internal::PlanNames(), nullptr);
  // Capacity hints (address space: pages are touched only as they are written): the
  // document takes about twice the tfplan's bytes: values (0.16 words a byte seen) and
  // text (1.2 to 1.3 bytes a byte seen; reserved with room to spare, as growing the text
  // copies it).
  builder.ReserveBigText(tfplan_size + tfplan_size / 2);
  builder.Reserve(tfplan_size / 4);
  DocumentOut doc(builder);
  const uint32_t root = builder.ReserveValue();
  ObjectOut top(doc);
  builder.PutString(top.Member("format_version"), "1.2");
  builder.PutString(top.Member("terraform_version"), plan.terraform_version);
  const bool refresh_only = out.mode == UiMode::kRefreshOnly;
  base::Expected<void> appended;
  if (options.unrendered_members) appended = PutVariables(plan, doc, top);
  if (appended) {
    appended = PutResourceChanges(plan.resource_drift, "resource_drift", true, refresh_only, options.schemas,
                                  options.executor, doc, top);
  }
  if (appended) {
    appended = PutResourceChanges(plan.resource_changes, "resource_changes", false, refresh_only, options.schemas,
                                  options.executor, doc, top);
  }
  if (appended) appended = PutOutputChanges(plan, doc, top);
  if (!appended) return base::Error(fmt::format("tfplan: {}", appended.error().message));
  // Seen in the pairs: 1.1.5 by address text, 1.6.6 data first; the switch is put at 1.2.
  const internal::ResourceOrder order =
      AtLeast(*version, 1, 2) ? internal::ResourceOrder::kDataFirst : internal::ResourceOrder::kByAddressText;
  if (tfstate) {
    std::string state;
    base::Expected<void> read_state = internal::AppendPriorState(tfstate->view(), options.schemas, order, state);
    if (!read_state) return read_state.error();  // names tfstate itself
    appended = PutMembersText(state, doc, top);
  }
  // Field 15 held provider plugin hashes before Terraform 1.1.
  if (appended && AtLeast(*version, 1, 1)) appended = PutRelevantAttributes(plan, doc, top);
  // Field 19 held condition results, another message, in Terraform 1.2.
  if (appended && options.unrendered_members && AtLeast(*version, 1, 3)) {
    std::string checks;
    appended = internal::AppendChecks(plan, checks);
    if (appended) appended = PutMembersText(checks, doc, top);
  }
  if (!appended) return base::Error(fmt::format("tfplan: {}", appended.error().message));
  if (!plan.timestamp.empty()) builder.PutString(top.Member("timestamp"), plan.timestamp);
  // Terraform writes both from 1.8 on, true or false; OpenTofu (whose versions overlap
  // Terraform's) writes neither, and is known by its registry in provider addresses.
  if (AtLeast(*version, 1, 8) && !NamesOpenTofuProvider(plan)) {
    builder.PutBool(top.Member("applyable"), plan.applyable);
    builder.PutBool(top.Member("complete"), plan.complete);
  }
  builder.PutBool(top.Member("errored"), plan.errored);
  top.End(root);
  out.document = builder.FinishAt(root);
  if (!out.document) return base::Error(fmt::format("tfplan: {}", builder.error()));

  if (options.schemas == nullptr && (!plan.resource_changes.empty() || !plan.resource_drift.empty())) {
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
