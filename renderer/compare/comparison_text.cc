#include "renderer/compare/comparison_text.h"

#include <fmt/format.h>

#include "change/colorize.h"
#include "structured/go_text.h"
#include "renderer/color_format.h"
#include "renderer/safe_terminal.h"
#include "structured/compact_json.h"
#include "structured/json_text.h"

namespace planview::renderer::compare {
namespace {

// Text from the input (addresses, names, keys) as shown: Go-quoted when it holds a
// newline or tab, which would break the layout (SafeTerminal escapes the other controls).
std::string Shown(std::string_view text) {
  if (text.find_first_of("\n\t") == std::string_view::npos) return std::string(text);
  return structured::GoQuote(text);
}

bool IsIdentifier(std::string_view key) {
  if (key.empty()) return false;
  auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!letter(key[0])) return false;
  for (char c : key) {
    if (!letter(c) && !(c >= '0' && c <= '9') && c != '-') return false;
  }
  return true;
}

std::string ValueText(structured::Value value) {
  std::string text;
  structured::AppendCompactJson(text, value, {.go_strings = false, .sorted_keys = true});
  if (text.size() <= kMaxValueBytes) return text;
  size_t cut = kMaxValueBytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // whole characters
  return fmt::format("{}... ({} bytes)", std::string_view(text).substr(0, cut), text.size());
}

std::string SideText(const Side& side) {
  if (side.unknown) return "(known after apply)";
  return ValueText(side.value);
}

std::string ChangeText(const AttributeChange& change) {
  if (!change.changes) {
    if (change.before.value.is_null()) return "no change";
    return fmt::format("no change ({})", SideText(change.before));
  }
  return fmt::format("{} -> {}", SideText(change.before), SideText(change.after));
}

std::string ActionText(const ProposedAction& action, std::string_view plan) {
  if (!action.present) return fmt::format("(not in the {} plan)", plan);
  std::string text(InfoOf(action.action).slug);
  if (!action.previous_address.empty()) text += fmt::format(" (moved from {})", Shown(action.previous_address));
  if (action.importing) text += " (imported)";
  return text;
}

struct Marker {
  std::string_view symbol;  // with colour markup
  std::string_view counted_as;
};

Marker MarkerOf(DifferenceKind kind) {
  switch (kind) {
    case DifferenceKind::kAdded: return {"[green]+[reset]", "only in the new plan"};
    case DifferenceKind::kGone: return {"[red]-[reset]", "only in the old plan"};
    case DifferenceKind::kActionChanged: return {"[magenta]![reset]", "with another action"};
    case DifferenceKind::kAttributesDiffer: return {"[yellow]~[reset]", "with other attribute changes"};
  }
  return {"?", ""};
}

// What one plan does with a set element: its side is the element where the set has it.
std::string_view ElementText(const AttributeChange& change) {
  const bool before = !change.before.value.absent();
  const bool after = !change.after.value.absent();
  if (before != after) return after ? "adds it" : "removes it";
  return before ? "keeps it" : "does not have it";
}

void AppendAttribute(const AttributeDifference& attribute, std::string& out) {
  std::string path = attribute.path.empty() ? std::string("(value)") : PathText(attribute.path);
  if (!attribute.path.empty() && attribute.path.back().IsElement()) {
    out += fmt::format("    {}\n      old plan: {}\n      new plan: {}\n", path, ElementText(attribute.old_change),
                       ElementText(attribute.new_change));
    return;
  }
  if (attribute.Sensitive()) {
    out += fmt::format("    {}: {}\n", path,
                       attribute.OnlySensitivityDiffers() ? "(sensitivity changed)" : "(sensitive value changed)");
    return;
  }
  out += fmt::format("    {}\n      old plan: {}\n      new plan: {}\n", path, ChangeText(attribute.old_change),
                     ChangeText(attribute.new_change));
}

void AppendEntry(const EntryDifference& entry, const change::Colorize& colorize, std::string& out) {
  std::string name = Shown(entry.address);
  if (!entry.deposed.empty()) name += fmt::format(" (deposed object {})", Shown(entry.deposed));
  out += ColorFormat(colorize, fmt::format("{} [bold]\x01[reset]", MarkerOf(entry.kind).symbol), {name});
  out += '\n';
  if (entry.kind == DifferenceKind::kAttributesDiffer) {
    out += fmt::format("    action: {} in both plans\n", ActionText(entry.old_action, "old"));
  } else {
    out += fmt::format("    action: {} -> {}\n", ActionText(entry.old_action, "old"),
                       ActionText(entry.new_action, "new"));
  }
  for (const AttributeDifference& attribute : entry.attributes) AppendAttribute(attribute, out);
  out += '\n';
}

void AppendSection(std::string_view title, const std::vector<EntryDifference>& entries,
                   const change::Colorize& colorize, std::string& out) {
  if (entries.empty()) return;
  out += colorize.Color(fmt::format("[bold]{}[reset]", title));
  out += "\n\n";
  for (const EntryDifference& entry : entries) AppendEntry(entry, colorize, out);
}

std::string Counted(size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string SummaryLine(const PlanComparison& comparison) {
  std::vector<std::string> parts;
  auto count = [&](const std::vector<EntryDifference>& entries, std::string_view one, std::string_view many) {
    if (entries.empty()) return;
    std::vector<std::string> kinds;
    for (DifferenceKind kind : {DifferenceKind::kAdded, DifferenceKind::kGone, DifferenceKind::kActionChanged,
                                DifferenceKind::kAttributesDiffer}) {
      size_t n = 0;
      for (const EntryDifference& entry : entries) n += entry.kind == kind ? 1 : 0;
      if (n > 0) kinds.push_back(fmt::format("{} {}", n, MarkerOf(kind).counted_as));
    }
    parts.push_back(fmt::format("{} ({})", Counted(entries.size(), one, many), fmt::join(kinds, ", ")));
  };
  count(comparison.resources, "resource change", "resource changes");
  count(comparison.outputs, "output change", "output changes");
  count(comparison.drift, "drifted resource", "drifted resources");
  return fmt::format("The plans differ: {}.\n", fmt::join(parts, "; "));
}

}  // namespace

std::string PathText(const std::vector<PathStep>& path) {
  std::string text;
  for (const PathStep& step : path) {
    if (step.IsElement()) {
      text += fmt::format(" element {}", ValueText(step.element));
    } else if (step.index >= 0) {
      text += fmt::format("[{}]", step.index);
    } else if (IsIdentifier(step.key)) {
      if (!text.empty()) text += '.';
      text += step.key;
    } else {
      text += '[';
      structured::AppendJsonString(text, step.key);
      text += ']';
    }
  }
  return text;
}

void AppendComparisonText(const PlanComparison& comparison, const TextOptions& options, std::string& out) {
  change::Colorize colorize(options.color);
  std::string text = fmt::format("Old plan: {}\nNew plan: {}\n\n", options.old_name, options.new_name);
  if (comparison.Same()) {
    text += comparison.drift_compared ? "The plans propose the same changes and report the same drift.\n"
                                      : "The plans propose the same changes.\n";
  } else {
    AppendSection("Resource changes that differ:", comparison.resources, colorize, text);
    AppendSection("Output changes that differ:", comparison.outputs, colorize, text);
    AppendSection("Drift that differs (objects changed outside of the plan):", comparison.drift, colorize, text);
    text += SummaryLine(comparison);
  }
  // Values are compact JSON (C0 controls escaped); this catches DEL, C1 and bad UTF-8.
  out += SafeTerminal(text);
}

}  // namespace planview::renderer::compare
