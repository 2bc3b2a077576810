#include "change/diff_dump.h"

namespace planview::change {

namespace dump {

void AppendJsonString(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back('"');
  size_t copied = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(text.substr(copied, i - copied));
    copied = i + 1;
    switch (c) {
      case '"': out.append("\\\""); break;
      case '\\': out.append("\\\\"); break;
      case '\n': out.append("\\n"); break;
      case '\r': out.append("\\r"); break;
      case '\t': out.append("\\t"); break;
      default:
        out.append("\\u00");
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 0xF]);
    }
  }
  out.append(text.substr(copied));
  out.push_back('"');
}

void AppendJsonValue(std::string& out, const structured::Value& value) {
  if (value.is_null()) {
    out.append("null");
    return;
  }
  switch (value.kind()) {
    case structured::Kind::kNull:
      out.append("null");
      return;
    case structured::Kind::kBool:
      out.append(value.as_bool() ? "true" : "false");
      return;
    case structured::Kind::kNumber:
      out.append(value.text());
      return;
    case structured::Kind::kString:
      AppendJsonString(out, value.text());
      return;
    case structured::Kind::kArray: {
      out.push_back('[');
      for (size_t i = 0; i < value.size(); ++i) {
        if (i > 0) out.push_back(',');
        AppendJsonValue(out, value.at(i));
      }
      out.push_back(']');
      return;
    }
    case structured::Kind::kObject: {
      out.push_back('{');
      bool first = true;
      for (uint32_t i : value.SortedMemberIndices()) {
        structured::Member m = value.member(i);
        AppendKey(out, m.key, first);
        first = false;
        AppendJsonValue(out, m.value);
      }
      out.push_back('}');
      return;
    }
  }
}

void AppendKey(std::string& out, std::string_view key, bool first) {
  if (!first) out.push_back(',');
  AppendJsonString(out, key);
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
  dump::AppendJsonString(out, ActionName(diff.action()));
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
