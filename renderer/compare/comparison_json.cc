#include "renderer/compare/comparison_json.h"

#include <fmt/format.h>

#include "structured/compact_json.h"
#include "structured/json_text.h"

namespace planview::renderer::compare {
namespace {

void AppendString(std::string& out, std::string_view text) { structured::AppendJsonString(out, text); }

std::string_view DifferenceName(DifferenceKind kind) {
  switch (kind) {
    case DifferenceKind::kAdded: return "added";
    case DifferenceKind::kGone: return "gone";
    case DifferenceKind::kActionChanged: return "action_changed";
    case DifferenceKind::kAttributesDiffer: return "attributes_differ";
  }
  return "";
}

void AppendAction(std::string& out, const ProposedAction& action) {
  if (!action.present) {
    out += "null";
    return;
  }
  out += "{\"action\":";
  AppendString(out, InfoOf(action.action).slug);
  if (!action.previous_address.empty()) {
    out += ",\"previous_address\":";
    AppendString(out, action.previous_address);
  }
  if (action.importing) out += ",\"importing\":true";
  out += '}';
}

void AppendSide(std::string& out, const Side& side) {
  if (side.unknown) {
    out += "{\"unknown\":true}";
    return;
  }
  out += "{\"value\":";
  structured::AppendCompactJson(out, side.value, {.go_strings = false, .sorted_keys = true});
  out += '}';
}

void AppendChange(std::string& out, const AttributeChange& change) {
  out += fmt::format("{{\"changes\":{},\"before\":", change.changes);
  AppendSide(out, change.before);
  out += ",\"after\":";
  AppendSide(out, change.after);
  out += '}';
}

void AppendAttribute(std::string& out, const AttributeDifference& attribute) {
  out += "{\"path\":[";
  for (size_t i = 0; i < attribute.path.size(); ++i) {
    if (i > 0) out += ',';
    const PathStep& step = attribute.path[i];
    if (step.IsElement()) {
      out += "{\"element\":";
      structured::AppendCompactJson(out, step.element, {.go_strings = false, .sorted_keys = true});
      out += '}';
    } else if (step.index >= 0) {
      out += fmt::format("{}", step.index);
    } else {
      AppendString(out, step.key);
    }
  }
  out += ']';
  if (attribute.Sensitive()) {
    out += attribute.OnlySensitivityDiffers() ? ",\"sensitive\":\"sensitivity changed\"}"
                                              : ",\"sensitive\":\"value changed\"}";
    return;
  }
  out += ",\"old\":";
  AppendChange(out, attribute.old_change);
  out += ",\"new\":";
  AppendChange(out, attribute.new_change);
  out += '}';
}

void AppendEntries(std::string& out, std::string_view key, const std::vector<EntryDifference>& entries) {
  out += fmt::format(",\"{}\":[", key);
  for (size_t i = 0; i < entries.size(); ++i) {
    const EntryDifference& entry = entries[i];
    if (i > 0) out += ',';
    out += "{\"address\":";
    AppendString(out, entry.address);
    if (!entry.deposed.empty()) {
      out += ",\"deposed\":";
      AppendString(out, entry.deposed);
    }
    out += fmt::format(",\"difference\":\"{}\",\"old_action\":", DifferenceName(entry.kind));
    AppendAction(out, entry.old_action);
    out += ",\"new_action\":";
    AppendAction(out, entry.new_action);
    out += ",\"attributes\":[";
    for (size_t j = 0; j < entry.attributes.size(); ++j) {
      if (j > 0) out += ',';
      AppendAttribute(out, entry.attributes[j]);
    }
    out += "]}";
  }
  out += ']';
}

}  // namespace

void AppendComparisonJson(const PlanComparison& comparison, std::string_view old_name, std::string_view new_name,
                          std::string& out) {
  out += "{\"format_version\":\"1.0\",\"old_plan\":";
  AppendString(out, old_name);
  out += ",\"new_plan\":";
  AppendString(out, new_name);
  out += fmt::format(",\"same\":{}", comparison.Same());
  AppendEntries(out, "resource_changes", comparison.resources);
  AppendEntries(out, "output_changes", comparison.outputs);
  if (comparison.drift_compared) AppendEntries(out, "resource_drift", comparison.drift);
  out += "}\n";
}

}  // namespace planview::renderer::compare
