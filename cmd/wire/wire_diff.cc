#include "cmd/wire/wire_diff.h"

#include <memory>
#include <string>

#include "differ/differ.h"
#include "renderer/document_product.h"
#include "renderer/format_version.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/plan_renderer.h"
#include "renderer/resource_change.h"
#include "structured/change.h"
#include "structured/document_builder.h"
#include "structured/json_value.h"
#include "structured/path_matcher.h"

namespace planview::cmd {
namespace {

using structured::Value;
using wire::WireValue;

// Appends the sensitivity markers of `v`, a value of `block`: `true` for each sensitive
// attribute, and the markers of each nested block present.
void AppendSensitivity(structured::DocumentBuilder& b, Value v, const structured::Block& block) {
  b.BeginObject();
  for (const auto& [name, attribute] : block.attributes) {
    if (!attribute.sensitive) continue;
    b.Key(name);
    b.Bool(true);
  }
  for (const auto& [name, type] : block.block_types) {
    if (!type.block) continue;
    Value child = v.find(name);
    if (child.is_null()) continue;
    b.Key(name);
    if (child.is_array()) {
      b.BeginArray();
      for (size_t i = 0; i < child.size(); ++i) AppendSensitivity(b, child.at(i), *type.block);
      b.EndArray();
    } else if (child.is_object() && type.nesting_mode == structured::NestingMode::kMap) {
      b.BeginObject();
      for (size_t i = 0; i < child.size(); ++i) {
        structured::Member m = child.member(i);
        b.Key(m.key);
        AppendSensitivity(b, m.value, *type.block);
      }
      b.EndObject();
    } else {
      AppendSensitivity(b, child, *type.block);
    }
  }
  b.EndObject();
}

// Appends the known part of `v` (its unknown tree `marker`) as a plan holds a value: an
// unknown object attribute or map element left out, an unknown list element null.
void AppendKnown(structured::DocumentBuilder& b, Value v, Value marker) {
  if (marker.is_true() || v.is_null()) {
    b.Null();
  } else if (v.is_bool()) {
    b.Bool(v.as_bool());
  } else if (v.is_number()) {
    b.Number(v.text());  // as decoded: an infinity stays the number +Inf or -Inf
  } else if (v.is_string()) {
    b.String(v.text());
  } else if (v.is_array()) {
    b.BeginArray();
    for (size_t i = 0; i < v.size(); ++i) AppendKnown(b, v.at(i), wire::UnknownChild(marker, i));
    b.EndArray();
  } else {
    b.BeginObject();
    for (size_t i = 0; i < v.size(); ++i) {
      structured::Member m = v.member(i);
      Value child_marker = wire::UnknownChild(marker, m.key);
      if (child_marker.is_true()) continue;
      b.Key(m.key);
      AppendKnown(b, m.value, child_marker);
    }
    b.EndObject();
  }
}

std::shared_ptr<const structured::Document> Known(const WireValue& side) {
  structured::DocumentBuilder b;
  AppendKnown(b, side.root(), side.unknown_root());
  return b.Finish();
}

// A side's sensitivity markers: `false` for a null value, else the schema's.
std::shared_ptr<const structured::Document> Sensitivity(const WireValue& side, bool null,
                                                        const structured::Block& block) {
  structured::DocumentBuilder b;
  if (null) {
    b.Bool(false);
  } else {
    AppendSensitivity(b, side.root(), block);
  }
  return b.Finish();
}

bool IsNull(const WireValue& side) { return side.root().is_null() && !side.unknown_root().is_true(); }

Action ActionOf(const WireValue& prior, const WireValue& planned) {
  bool before_null = IsNull(prior);
  bool after_null = IsNull(planned);
  if (before_null && after_null) return Action::kNoOp;
  if (before_null) return Action::kCreate;
  if (after_null) return Action::kDelete;
  if (prior.root().Equals(planned.root()) && prior.unknown_root().Equals(planned.unknown_root())) {
    return Action::kNoOp;
  }
  return Action::kUpdate;
}

}  // namespace

base::Expected<std::string> RenderWireDiff(const WireDiffRequest& request, const WireValue& prior,
                                           const WireValue& planned) {
  const structured::Block& block = *request.schema->block;
  std::shared_ptr<const structured::Document> before_sensitive = Sensitivity(prior, IsNull(prior), block);
  std::shared_ptr<const structured::Document> after_sensitive = Sensitivity(planned, IsNull(planned), block);
  std::shared_ptr<const structured::Document> before = Known(prior);
  std::shared_ptr<const structured::Document> after = Known(planned);
  structured::Change change;
  change.before = before->root();
  change.after = after->root();
  change.unknown = planned.unknown_root();
  change.before_sensitive = before_sensitive->root();
  change.after_sensitive = after_sensitive->root();
  change.replace_paths = structured::PathMatcher::Empty(false);
  change.relevant_attributes = structured::PathMatcher::Always();

  renderer::Options options;
  options.product = renderer::ProductOfProviderAddress(request.provider).value_or(renderer::kDefaultProduct);

  const std::string address = std::string(request.resource_type) + ".this";
  renderer::Plan plan;
  plan.format_version = renderer::kPlanFormatVersion;
  renderer::ResourceChange& resource = plan.resource_changes.emplace_back();
  resource.path = "wire diff";
  resource.address = address;
  resource.mode_name = "managed";
  resource.mode = structured::ResourceMode::kManaged;
  resource.type = request.resource_type;
  resource.name = "this";
  resource.provider_name = request.provider;
  resource.action = ActionOf(prior, planned);

  renderer::PlanDiffs diffs;
  renderer::ResourceDiff& diff = diffs.changes.emplace_back();
  diff.resource = &resource;
  base::Expected<change::Diff> computed = differ::ComputeDiffForBlock(change, block, options.profile());
  if (!computed) return computed.error();
  diff.diff = *std::move(computed);

  std::string out;
  if (resource.action == Action::kNoOp) {
    renderer::RenderPlan(plan, diffs, renderer::PlanMode::kNormal,
                         renderer::QualityFromPlan(plan, renderer::PlanMode::kNormal), request.schemas_format_version,
                         options, out);
    return out;
  }
  out = renderer::RenderResourceDiff(diff, renderer::ChangeCause::kProposed, options);
  out += '\n';
  return out;
}

}  // namespace planview::cmd
