#include "renderer/document_kind.h"

#include <string>
#include <vector>

#include "renderer/log_renderer.h"
#include "structured/json_parse.h"

namespace planview::renderer {

std::optional<DocumentKind> DocumentKindFromName(std::string_view name) {
  if (name == "plan") return DocumentKind::kPlan;
  if (name == "state") return DocumentKind::kState;
  if (name == "log") return DocumentKind::kLog;
  return std::nullopt;
}

std::string_view DocumentKindName(DocumentKind kind) {
  switch (kind) {
    case DocumentKind::kPlan: return "plan";
    case DocumentKind::kState: return "state";
    case DocumentKind::kLog: return "log";
  }
  return "plan";
}

namespace {

bool IsBlank(std::string_view s) {
  for (char c : s) {
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
  }
  return true;
}

// Whether one of a text's first non-blank lines makes it a log: the first (`first`) by
// being a whole JSON object, any by being an object with "@message" or "@level".
bool LineSaysLog(std::string_view line, bool first) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  if (line.empty() || line.front() != '{') return false;
  // A line too long to render says nothing (and would cost a copy of it to parse).
  if (line.size() > kMaxLogLineBytes) return false;
  // A pretty-printed document's lines are unfinished objects; a log line is whole.
  structured::ParseResult parsed = structured::ParseJson(std::string(line));
  if (!parsed.ok() || !parsed.value()->root().is_object()) return false;
  if (first) return true;
  structured::Value root = parsed.value()->root();
  return !root.find("@message").absent() || !root.find("@level").absent();
}

}  // namespace

bool LooksLikeLog(std::string_view text) { return *LooksLikeLogWithin(text, text.size()); }

std::optional<bool> LooksLikeLogWithin(std::string_view text, size_t budget) {
  // The first few non-blank lines; a log has more than one.
  constexpr size_t kLinesToLook = 10;
  const std::string_view seen = text.substr(0, budget);
  std::vector<std::string_view> lines;
  size_t start = 0;
  bool more = false;
  while (start < text.size()) {
    size_t end = seen.find('\n', start);
    if (end == std::string_view::npos) {
      end = text.size();
      if (seen.size() < text.size()) {
        // The line goes on past the budget: only a line after the ten is settled by its
        // start (it counts when it is not blank).
        if (lines.size() < kLinesToLook || IsBlank(seen.substr(start))) return std::nullopt;
        more = true;
        break;
      }
    }
    std::string_view line = text.substr(start, end - start);
    start = end == text.size() ? text.size() : end + 1;
    if (IsBlank(line)) continue;
    if (lines.size() == kLinesToLook) {
      more = true;
      break;
    }
    lines.push_back(line);
  }
  if (lines.size() < 2 && !more) return false;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (LineSaysLog(lines[i], i == 0)) return true;
  }
  return false;
}

std::optional<bool> LooksLikeLogSoFar(std::string_view start, bool at_end) {
  if (at_end) return LooksLikeLog(start);
  constexpr size_t kLinesToLook = 10;
  size_t seen = 0;  // non-blank whole lines
  size_t from = 0;
  size_t end;
  while (seen < kLinesToLook && (end = start.find('\n', from)) != std::string_view::npos) {
    std::string_view line = start.substr(from, end - from);
    from = end + 1;
    if (IsBlank(line)) continue;
    if (LineSaysLog(line, seen == 0)) {
      // The first line settles it only when another non-blank line follows.
      if (seen > 0 || !IsBlank(start.substr(from))) return true;
      return std::nullopt;
    }
    ++seen;
  }
  if (seen == kLinesToLook) return false;
  return std::nullopt;
}

std::optional<DocumentKind> KindOfDocument(structured::Value root) {
  if (!root.is_object()) return std::nullopt;
  if (!root.find("@message").absent() || !root.find("@level").absent()) return DocumentKind::kLog;
  static constexpr std::string_view kPlanKeys[] = {
      "resource_changes", "planned_values", "output_changes", "resource_drift", "prior_state", "configuration",
      "relevant_attributes", "plan_format_version", "provider_schemas", "applyable", "errored", "variables",
      "complete"};
  for (std::string_view key : kPlanKeys) {
    if (!root.find(key).absent()) return DocumentKind::kPlan;
  }
  if (!root.find("values").absent()) return DocumentKind::kState;
  for (size_t i = 0; i < root.size(); ++i) {
    std::string_view key = root.member(i).key;
    if (key != "format_version" && key != "terraform_version" && key != "checks") return std::nullopt;
  }
  return DocumentKind::kState;
}

}  // namespace planview::renderer
