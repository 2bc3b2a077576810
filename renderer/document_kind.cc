#include "renderer/document_kind.h"

#include <string>

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

}  // namespace

bool LooksLikeLog(std::string_view text) {
  size_t start = 0;
  while (start < text.size() && (text[start] == ' ' || text[start] == '\t' || text[start] == '\r' || text[start] == '\n')) {
    ++start;
  }
  size_t end = text.find('\n', start);
  if (end == std::string_view::npos) return false;  // one line: decided by KindOfDocument
  if (IsBlank(text.substr(end))) return false;
  std::string_view first = text.substr(start, end - start);
  if (first.empty() || first[0] != '{') return false;
  // A pretty-printed document's first line is an unfinished object.
  structured::ParseResult parsed = structured::ParseJson(std::string(first));
  return parsed.ok() && parsed.document->root().is_object();
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
