#include "structured/json_text.h"

#include <cstring>

namespace planview::structured {
namespace {
int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Reads \uXXXX at s[i] (pointing at 'u'); returns the code unit or -1.
int32_t ReadHex4(std::string_view s, size_t i) {
  if (i + 4 >= s.size()) return -1;
  int32_t v = 0;
  for (size_t k = 1; k <= 4; ++k) {
    int h = HexValue(s[i + k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

}  // namespace

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) cp = 0xFFFD;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool IsJsonSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

std::string_view TrimJsonSpaceRight(std::string_view token) {
  while (!token.empty() && IsJsonSpace(token.back())) token.remove_suffix(1);
  return token;
}

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool IsJsonNumber(std::string_view s) {
  size_t i = 0, n = s.size();
  auto digit = [&](size_t k) { return k < n && s[k] >= '0' && s[k] <= '9'; };
  if (i < n && s[i] == '-') ++i;
  if (!digit(i)) return false;
  if (s[i] == '0') {
    ++i;
  } else {
    while (digit(i)) ++i;
  }
  if (i < n && s[i] == '.') {
    ++i;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) ++i;
    if (!digit(i)) return false;
    while (digit(i)) ++i;
  }
  return i == n;
}





// Scans string content starting after the opening quote: finds the closing quote,
// rejects raw control characters and malformed escapes.
StringCheck CheckString(std::string_view s) {
  StringCheck scan;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == '"') {
      scan.end = i;
      return scan;
    }
    if (c < 0x20) {
      scan.error = "control character in string (must be escaped)";
      scan.error_at = i;
      return scan;
    }
    if (c == '\\') {
      scan.has_escapes = true;
      if (i + 1 >= s.size()) break;
      char e = s[i + 1];
      if (e == 'u') {
        if (ReadHex4(s, i + 1) < 0) {
          scan.error = "invalid \\u escape in string";
          scan.error_at = i;
          return scan;
        }
        i += 5;
      } else if (std::strchr("\"\\/bfnrt", e) != nullptr && e != '\0') {
        ++i;
      } else {
        scan.error = "invalid escape in string";
        scan.error_at = i;
        return scan;
      }
    }
  }
  scan.error = "unterminated string";
  scan.error_at = s.size();
  return scan;
}

// Unescapes validated string content (no quotes).
std::string UnescapeString(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c != '\\') {
      out += c;
      continue;
    }
    char e = s[++i];
    switch (e) {
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        uint32_t cp = static_cast<uint32_t>(ReadHex4(s, i));
        i += 4;
        if (cp >= 0xD800 && cp < 0xDC00) {
          // A high surrogate must be followed by \u low surrogate.
          if (i + 2 < s.size() && s[i + 1] == '\\' && s[i + 2] == 'u') {
            int32_t low = ReadHex4(s, i + 2);
            if (low >= 0xDC00 && low < 0xE000) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (static_cast<uint32_t>(low) - 0xDC00);
              i += 6;
              AppendUtf8(out, cp);
              break;
            }
          }
          AppendUtf8(out, 0xFFFD);
        } else if (cp >= 0xDC00 && cp < 0xE000) {
          AppendUtf8(out, 0xFFFD);
        } else {
          AppendUtf8(out, cp);
        }
        break;
      }
      default: out += e; break;  // " \ /
    }
  }
  return out;
}

// Offset of the first byte that is not valid UTF-8, or text.size().
size_t FindInvalidUtf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  size_t n = text.size(), i = 0;
  // ASCII eight bytes at a time (most text is ASCII).
  for (uint64_t word; i + 8 <= n; i += 8) {
    std::memcpy(&word, p + i, sizeof word);
    if ((word & 0x8080808080808080ull) != 0) break;
  }
  while (i < n) {
    unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    uint32_t min;
    if ((c & 0xE0) == 0xC0) {
      len = 2;
      min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3;
      min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4;
      min = 0x10000;
    } else {
      return i;
    }
    if (i + len > n) return i;
    uint32_t cp = c & (0x7F >> len);
    for (size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000)) return i;
    i += len;
  }
  return n;
}

namespace {

// The length of the UTF-8 sequence at text[i] (a byte >= 0x80), or 0 when the byte is not
// valid UTF-8 there: AppendGoJsonString and GoJsonText replace such a byte, one at a time.
size_t ValidSequenceAt(std::string_view text, size_t i) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  const size_t length = c >= 0xf0 ? 4 : (c >= 0xe0 ? 3 : 2);
  return FindInvalidUtf8(text.substr(i, 4)) < length ? 0 : length;
}

}  // namespace

std::string_view GoJsonText(std::string_view text, std::string& scratch) {
  size_t i = FindInvalidUtf8(text);
  if (i == text.size()) return text;
  scratch.assign(text.data(), i);
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      scratch += text[i++];
    } else if (size_t length = ValidSequenceAt(text, i)) {
      scratch.append(text.data() + i, length);
      i += length;
    } else {
      scratch += "\xef\xbf\xbd";
      ++i;
    }
  }
  return scratch;
}

namespace {

// The escape of one ASCII byte inside a JSON string; `go`: \b and \f as Go (1.22 on)
// writes them, else as \u0008 and \u000c.
void AppendEscape(std::string& out, unsigned char c, bool go) {
  static const char* kHex = "0123456789abcdef";
  switch (c) {
    case '\b':
      if (!go) break;
      out += "\\b";
      return;
    case '\f':
      if (!go) break;
      out += "\\f";
      return;
    case '"': out += "\\\""; return;
    case '\\': out += "\\\\"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    default: break;
  }
  out += "\\u00";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

}  // namespace

void AppendJsonString(std::string& out, std::string_view text) {
  out += '"';
  size_t run = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(text.data() + run, i - run);
    AppendEscape(out, c, false);
    run = i + 1;
  }
  out.append(text.data() + run, text.size() - run);
  out += '"';
}

void AppendGoJsonString(std::string& out, std::string_view text) {
  out += '"';
  size_t run = 0;
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&') {
        ++i;
        continue;
      }
      out.append(text.data() + run, i - run);
      AppendEscape(out, c, true);
      run = ++i;
      continue;
    }
    const size_t length = ValidSequenceAt(text, i);
    std::string_view sequence = text.substr(i, length);
    if (length == 0) {
      out.append(text.data() + run, i - run);
      out += "\\ufffd";
      run = ++i;
    } else if (sequence == "\xe2\x80\xa8" || sequence == "\xe2\x80\xa9") {
      out.append(text.data() + run, i - run);
      out += sequence[2] == '\xa8' ? "\\u2028" : "\\u2029";
      run = i += length;
    } else {
      i += length;
    }
  }
  out.append(text.data() + run, text.size() - run);
  out += '"';
}

}  // namespace planview::structured
