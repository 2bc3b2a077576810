#include "renderer/text_escape.h"

#include "change/go_text.h"
#include "renderer/utf8.h"

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
      AppendJsonString(out, m.key);
      out += ": ";
      AppendIndented(out, m.value, prefix, indent, depth + 1);
    }
    AppendIndentLine(out, prefix, indent, depth);
    out += '}';
  } else {
    AppendCompactJson(out, value);
  }
}

}  // namespace

std::string EnsureValidAttributeName(std::string_view name) {
  return change::IsHclIdentifier(name) ? std::string(name) : change::GoQuote(name);
}

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
      AppendRune(out, 0x2400 + r);
    } else if (r == 0x7F) {
      AppendRune(out, 0x2421);
    } else {
      // Go's range loop turns invalid bytes into U+FFFD here, as WriteRune writes it.
      AppendRune(out, r);
    }
    i += d.size;
  }
  return out;
}

void AppendJsonString(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (size_t i = 0; i < text.size();) {
    auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      switch (b) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '<':
        case '>':
        case '&':
          out += "\\u00";
          out += kHex[b >> 4];
          out += kHex[b & 0xF];
          break;
        default:
          if (b < 0x20) {
            out += "\\u00";
            out += kHex[b >> 4];
            out += kHex[b & 0xF];
          } else {
            out += static_cast<char>(b);
          }
      }
      ++i;
      continue;
    }
    DecodedRune d = DecodeRune(text, i);
    if (d.rune == kReplacementChar && d.size == 1) {
      out += "\\ufffd";
    } else if (d.rune == 0x2028 || d.rune == 0x2029) {
      out += d.rune == 0x2028 ? "\\u2028" : "\\u2029";
    } else {
      out.append(text.substr(i, d.size));
    }
    i += d.size;
  }
  out += '"';
}

void AppendCompactJson(std::string& out, structured::Value value) {
  switch (value.kind()) {
    case structured::Kind::kNull:
      out += "null";
      break;
    case structured::Kind::kBool:
      out += value.as_bool() ? "true" : "false";
      break;
    case structured::Kind::kNumber:
      out += value.text();
      break;
    case structured::Kind::kString:
      AppendJsonString(out, value.text());
      break;
    case structured::Kind::kArray:
      out += '[';
      for (size_t i = 0; i < value.size(); ++i) {
        if (i > 0) out += ',';
        AppendCompactJson(out, value.at(i));
      }
      out += ']';
      break;
    case structured::Kind::kObject:
      out += '{';
      for (size_t i = 0; i < value.size(); ++i) {
        if (i > 0) out += ',';
        structured::Member m = value.member(i);
        AppendJsonString(out, m.key);
        out += ':';
        AppendCompactJson(out, m.value);
      }
      out += '}';
      break;
  }
}

void AppendIndentedJson(std::string& out, structured::Value value, std::string_view prefix, std::string_view indent) {
  AppendIndented(out, value, prefix, indent, 0);
}

}  // namespace planview::renderer
