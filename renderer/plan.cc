#include "renderer/plan.h"

#include <utility>

#include <fmt/format.h>

#include "renderer/json_fields.h"
#include "renderer/resource_order.h"
#include "base/executor.h"

namespace planview::renderer {

namespace {

// The entries of `root[key]`, sorted, or the error of the first bad one in the document
// (with a pool too: the lowest index that failed, whatever the timing).
base::Expected<std::vector<ResourceChange>> ReadResourceChanges(structured::Value root, std::string_view key,
                                                                base::Executor* pool) {
  FieldReader read;
  structured::Value list = read.Array(root, key, "$");
  if (read.failed()) return read.error();
  std::string path = KeyPath("$", key);
  std::vector<ResourceChange> out(list.size());
  base::Expected<void> read_all =
      base::ParallelUntilErrorOn(pool, list.size(), 256, [&](size_t i) -> base::Expected<void> {
        base::Expected<ResourceChange> entry = ResourceChange::FromJson(list.at(i), IndexPath(path, i));
        if (!entry) return std::move(entry).error();
        out[i] = *std::move(entry);
        return {};
      });
  if (!read_all) return std::move(read_all).error();
  SortResourceChanges(out, pool);
  return out;
}

}  // namespace

base::Expected<Plan> Plan::FromJson(structured::Value root, base::Executor* pool) {
  if (!root.is_object()) {
    return InputError("$", fmt::format("a plan must be a JSON object, found {}", structured::KindName(root.kind())));
  }
  FieldReader read;
  Plan plan;
  plan.redacted = !root.find("plan_format_version").absent() || !root.find("provider_schemas").absent();
  plan.format_version = read.String(root, plan.redacted ? "plan_format_version" : "format_version", "$");
  plan.provider_format_version = read.String(root, "provider_format_version", "$");
  if (read.failed()) return read.error();
  for (auto [key, entries] : {std::pair{"resource_changes", &plan.resource_changes},
                              std::pair{"resource_drift", &plan.resource_drift}}) {
    base::Expected<std::vector<ResourceChange>> read_entries = ReadResourceChanges(root, key, pool);
    if (!read_entries) return read_entries.error();
    *entries = *std::move(read_entries);
  }

  structured::Value outputs = read.Object(root, "output_changes", "$");
  std::string outputs_path = KeyPath("$", "output_changes");
  for (uint32_t i : outputs.SortedMemberIndices()) {
    structured::Member m = outputs.member(i);
    std::string path = KeyPath(outputs_path, m.key);
    if (!read.RequireObject(m.value, path)) return read.error();
    OutputChange output{m.key, m.value, Action::kNoOp};
    structured::Value actions = m.value.find("actions");
    if (!actions.is_null()) {
      base::Expected<Action> action = ActionFromJson(actions, KeyPath(path, "actions"));
      if (!action) return action.error();
      output.action = *action;
    }
    plan.output_changes.push_back(output);
  }
  if (read.failed()) return read.error();

  structured::Value attrs = read.Array(root, "relevant_attributes", "$");
  std::string attrs_path = KeyPath("$", "relevant_attributes");
  for (size_t i = 0; i < attrs.size() && !read.failed(); ++i) {
    std::string path = IndexPath(attrs_path, i);
    structured::Value a = attrs.at(i);
    structured::Value attribute = read.Array(a, "attribute", path);
    plan.relevant_attributes.push_back({read.String(a, "resource", path), attribute});
  }
  if (read.failed()) return read.error();

  structured::Value deferred = read.Array(root, "deferred_changes", "$");
  if (read.failed()) return read.error();
  std::string deferred_path = KeyPath("$", "deferred_changes");
  for (size_t i = 0; i < deferred.size(); ++i) {
    std::string path = IndexPath(deferred_path, i);
    read.RequireObject(deferred.at(i), path);
    std::string_view reason = read.String(deferred.at(i), "reason", path);
    if (read.failed()) return read.error();
    base::Expected<ResourceChange> resource =
        ResourceChange::FromJson(deferred.at(i).find("resource_change"), KeyPath(path, "resource_change"));
    if (!resource) return resource.error();
    plan.deferred_changes.push_back({reason, *std::move(resource)});
  }
  structured::Value invocations = read.Array(root, "action_invocations", "$");
  if (read.failed()) return read.error();
  std::string invocations_path = KeyPath("$", "action_invocations");
  for (size_t i = 0; i < invocations.size(); ++i) {
    base::Expected<ActionInvocation> invocation =
        ActionInvocation::FromJson(invocations.at(i), IndexPath(invocations_path, i));
    if (!invocation) return invocation.error();
    plan.action_invocations.push_back(*std::move(invocation));
  }

  plan.errored = read.Bool(root, "errored", "$");
  if (read.failed()) return read.error();
  structured::Value applyable = root.find("applyable");
  if (!applyable.is_null()) {
    if (!applyable.is_bool()) return InputError("$.applyable", "expected a boolean");
    plan.applyable = applyable.as_bool();
  }
  return plan;
}

PlanQuality QualityFromPlan(const Plan& plan, PlanMode mode) {
  PlanQuality q;
  q.errored = plan.errored;
  bool can_apply = false;
  if (plan.applyable) {
    can_apply = *plan.applyable;
  } else {
    for (const ResourceChange& r : plan.resource_changes) {
      if (r.action != Action::kNoOp || r.Moved() || r.Importing()) can_apply = true;
    }
    for (const OutputChange& o : plan.output_changes) {
      if (o.action != Action::kNoOp) can_apply = true;
    }
    if (!plan.action_invocations.empty()) can_apply = true;  // actions to invoke
    if (mode == PlanMode::kRefreshOnly) {
      for (const ResourceChange& r : plan.resource_drift) {
        if (r.mode == structured::ResourceMode::kManaged) can_apply = true;
      }
    }
  }
  q.no_changes = plan.errored || !can_apply;
  return q;
}

}  // namespace planview::renderer
