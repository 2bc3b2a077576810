#include "renderer/plan.h"

#include <fmt/format.h>

#include "renderer/json_fields.h"
#include "renderer/resource_order.h"
#include "base/executor.h"

namespace planview::renderer {

namespace {

std::vector<ResourceChange> ReadResourceChanges(structured::Value root, std::string_view key, base::Executor* pool) {
  structured::Value list = ArrayField(root, key, "$");
  std::string path = KeyPath("$", key);
  std::vector<ResourceChange> out(list.size());
  auto read = [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) out[i] = ResourceChange::FromJson(list.at(i), IndexPath(path, i));
  };
  base::ParallelRunsOn(pool, list.size(), 256, read);
  SortResourceChanges(out, pool);
  return out;
}

}  // namespace

Plan Plan::FromJson(structured::Value root, base::Executor* pool) {
  if (!root.is_object()) {
    throw InputError("$", fmt::format("a plan must be a JSON object, found {}", structured::KindName(root.kind())));
  }
  Plan plan;
  plan.redacted = !root.find("plan_format_version").absent() || !root.find("provider_schemas").absent();
  plan.format_version = StringField(root, plan.redacted ? "plan_format_version" : "format_version", "$");
  plan.provider_format_version = StringField(root, "provider_format_version", "$");
  plan.resource_changes = ReadResourceChanges(root, "resource_changes", pool);
  plan.resource_drift = ReadResourceChanges(root, "resource_drift", pool);

  structured::Value outputs = ObjectField(root, "output_changes", "$");
  std::string outputs_path = KeyPath("$", "output_changes");
  for (uint32_t i : outputs.SortedMemberIndices()) {
    structured::Member m = outputs.member(i);
    std::string path = KeyPath(outputs_path, m.key);
    RequireObject(m.value, path);
    OutputChange output{m.key, m.value, Action::kNoOp};
    structured::Value actions = m.value.find("actions");
    if (!actions.is_null()) output.action = ActionFromJson(actions, KeyPath(path, "actions"));
    plan.output_changes.push_back(output);
  }

  structured::Value attrs = ArrayField(root, "relevant_attributes", "$");
  std::string attrs_path = KeyPath("$", "relevant_attributes");
  for (size_t i = 0; i < attrs.size(); ++i) {
    std::string path = IndexPath(attrs_path, i);
    structured::Value a = attrs.at(i);
    RequireObject(a, path);
    structured::Value attribute = a.find("attribute");
    if (!attribute.is_null() && !attribute.is_array()) {
      throw InputError(KeyPath(path, "attribute"),
                       fmt::format("expected an array, found {}", structured::KindName(attribute.kind())));
    }
    plan.relevant_attributes.push_back({StringField(a, "resource", path), attribute});
  }

  structured::Value deferred = ArrayField(root, "deferred_changes", "$");
  std::string deferred_path = KeyPath("$", "deferred_changes");
  for (size_t i = 0; i < deferred.size(); ++i) {
    std::string path = IndexPath(deferred_path, i);
    RequireObject(deferred.at(i), path);
    std::string_view reason = StringField(deferred.at(i), "reason", path);
    plan.deferred_changes.push_back(
        {reason, ResourceChange::FromJson(deferred.at(i).find("resource_change"), KeyPath(path, "resource_change"))});
  }
  structured::Value invocations = ArrayField(root, "action_invocations", "$");
  std::string invocations_path = KeyPath("$", "action_invocations");
  for (size_t i = 0; i < invocations.size(); ++i) {
    plan.action_invocations.push_back(ActionInvocation::FromJson(invocations.at(i), IndexPath(invocations_path, i)));
  }

  plan.errored = BoolField(root, "errored", "$");
  structured::Value applyable = root.find("applyable");
  if (!applyable.is_null()) {
    if (!applyable.is_bool()) throw InputError("$.applyable", "expected a boolean");
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
