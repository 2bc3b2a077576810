#include "change/diff_dump.h"

#include "structured/compact_json.h"
#include "structured/json_text.h"

namespace planview::change {

namespace dump {

void AppendJsonValue(std::string& out, const structured::Value& value) {
  structured::AppendCompactJson(out, value, {.go_strings = false, .sorted_keys = true});
}

void AppendKey(std::string& out, std::string_view key, bool first) {
  if (!first) out.push_back(',');
  structured::AppendJsonString(out, key);
  out.push_back(':');
}

void AppendDiffArray(std::string& out, const std::vector<Diff>& diffs, const Redaction& redaction) {
  if (diffs.empty()) {
    out.append("null");
    return;
  }
  out.push_back('[');
  for (size_t i = 0; i < diffs.size(); ++i) {
    if (i > 0) out.push_back(',');
    AppendDiffDump(out, diffs[i], redaction);
  }
  out.push_back(']');
}

}  // namespace dump

void AppendDiffDump(std::string& out, const Diff& diff, const Redaction& redaction) {
  out.append("{\"action\":");
  structured::AppendJsonString(out, ActionName(diff.action()));
  out.append(",\"replace\":");
  out.append(diff.replace() ? "true" : "false");
  out.append(",\"renderer\":");
  if (diff.renderer() == nullptr) {
    out.append("null");
  } else {
    diff.renderer()->Dump(out, redaction);
  }
  out.push_back('}');
}

std::string DumpDiff(const Diff& diff, const Redaction& redaction) {
  std::string out;
  AppendDiffDump(out, diff, redaction);
  return out;
}

}  // namespace planview::change
