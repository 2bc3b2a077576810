#include "renderer/text_escape.h"

#include "structured/go_text.h"
#include "renderer/utf8.h"
#include "structured/compact_json.h"
#include "structured/json_text.h"

namespace planview::renderer {

namespace {

void AppendIndentLine(std::string& out, std::string_view prefix, std::string_view indent, int depth) {
  out += '\n';
  out += prefix;
  for (int i = 0; i < depth; ++i) out += indent;
}

void AppendIndented(std::string& out, structured::Value value, std::string_view prefix, std::string_view indent,
                    int depth) {
  if (value.is_array() && !value.empty()) {
    out += '[';
    for (size_t i = 0; i < value.size(); ++i) {
      if (i > 0) out += ',';
      AppendIndentLine(out, prefix, indent, depth + 1);
      AppendIndented(out, value.at(i), prefix, indent, depth + 1);
    }
    AppendIndentLine(out, prefix, indent, depth);
    out += ']';
  } else if (value.is_object() && !value.empty()) {
    out += '{';
    for (size_t i = 0; i < value.size(); ++i) {
      if (i > 0) out += ',';
      AppendIndentLine(out, prefix, indent, depth + 1);
      structured::Member m = value.member(i);
      structured::AppendGoJsonString(out, m.key);
      out += ": ";
      AppendIndented(out, m.value, prefix, indent, depth + 1);
    }
    AppendIndentLine(out, prefix, indent, depth);
    out += '}';
  } else {
    structured::AppendCompactJson(out, value);
  }
}

}  // namespace

std::string SingleLine(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    auto b = static_cast<unsigned char>(c);
    if (b >= 0x20 && b != 0x7F) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  return out;
}

std::string ReplaceControlChars(std::string_view text) {
  bool any = false;
  for (char c : text) {
    auto b = static_cast<unsigned char>(c);
    if ((b < 0x20 && b != '\r' && b != '\n' && b != '\t') || b == 0x7F) {
      any = true;
      break;
    }
  }
  if (!any) return std::string(text);
  std::string out;
  out.reserve(text.size() + 16);
  for (size_t i = 0; i < text.size();) {
    DecodedRune d = DecodeRune(text, i);
    char32_t r = d.rune;
    if ((r < 0x20 && r != '\r' && r != '\n' && r != '\t')) {
      structured::AppendUtf8(out, 0x2400 + r);
    } else if (r == 0x7F) {
      structured::AppendUtf8(out, 0x2421);
    } else {
      // Go's range loop turns invalid bytes into U+FFFD here, as WriteRune writes it.
      structured::AppendUtf8(out, r);
    }
    i += d.size;
  }
  return out;
}

void AppendIndentedJson(std::string& out, structured::Value value, std::string_view prefix, std::string_view indent) {
  AppendIndented(out, value, prefix, indent, 0);
}

}  // namespace planview::renderer
