#include "structured/compact_json.h"

#include "structured/json_text.h"

namespace planview::structured {

namespace {

void AppendString(std::string& out, std::string_view text, const CompactJsonStyle& style) {
  std::string scratch;
  if (style.rewrite) text = style.rewrite(text, scratch);
  if (style.go_strings) {
    AppendGoJsonString(out, text);
  } else {
    AppendJsonString(out, text);
  }
}

void AppendMember(std::string& out, const Member& m, const CompactJsonStyle& style) {
  AppendString(out, m.key, style);
  out += ':';
  AppendCompactJson(out, m.value, style);
}

}  // namespace

void AppendCompactJson(std::string& out, const Value& value, const CompactJsonStyle& style) {
  if (value.absent()) {
    out += "null";
    return;
  }
  switch (value.kind()) {
    case Kind::kNull:
      out += "null";
      return;
    case Kind::kBool:
      out += value.as_bool() ? "true" : "false";
      return;
    case Kind::kNumber:
      if (style.quote_infinities && (value.text() == "+Inf" || value.text() == "-Inf")) {
        AppendJsonString(out, value.text());
      } else {
        out += value.text();
      }
      return;
    case Kind::kString:
      AppendString(out, value.text(), style);
      return;
    case Kind::kArray:
      out += '[';
      for (size_t i = 0; i < value.size(); ++i) {
        if (i > 0) out += ',';
        AppendCompactJson(out, value.at(i), style);
      }
      out += ']';
      return;
    case Kind::kObject:
      out += '{';
      if (style.sorted_keys) {
        bool first = true;
        for (uint32_t i : value.SortedMemberIndices()) {
          if (!first) out += ',';
          first = false;
          AppendMember(out, value.member(i), style);
        }
      } else {
        for (size_t i = 0; i < value.size(); ++i) {
          if (i > 0) out += ',';
          AppendMember(out, value.member(i), style);
        }
      }
      out += '}';
      return;
  }
}

}  // namespace planview::structured
