#include "structured/go_text.h"

#include <algorithm>
#include <array>
#include <iterator>

namespace planview::structured {
namespace {

struct CodeRange {
  uint32_t first;
  uint32_t last;
};

#include "structured/unicode_tables.inc"

template <size_t N>
bool InRanges(const CodeRange (&ranges)[N], uint32_t rune) {
  auto it = std::upper_bound(std::begin(ranges), std::end(ranges), rune,
                             [](uint32_t r, const CodeRange& range) { return r < range.first; });
  if (it == std::begin(ranges)) return false;
  --it;
  return rune <= it->last;
}

constexpr uint32_t kInvalid = 0xFFFFFFFF;

// Decodes one rune at `text[i]` the way Go's utf8.DecodeRuneInString does: returns
// kInvalid with width 1 for anything malformed (overlong forms, surrogates, > U+10FFFF).
uint32_t DecodeRune(std::string_view text, size_t i, size_t& width) {
  const auto* s = reinterpret_cast<const unsigned char*>(text.data());
  size_t n = text.size();
  unsigned char c0 = s[i];
  width = 1;
  if (c0 < 0x80) return c0;
  auto cont = [&](size_t k) { return i + k < n && (s[i + k] & 0xC0) == 0x80; };
  if (c0 >= 0xC2 && c0 <= 0xDF) {
    if (!cont(1)) return kInvalid;
    width = 2;
    return ((c0 & 0x1Fu) << 6) | (s[i + 1] & 0x3Fu);
  }
  if (c0 >= 0xE0 && c0 <= 0xEF) {
    if (!cont(1) || !cont(2)) return kInvalid;
    uint32_t r = ((c0 & 0x0Fu) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3Fu);
    if (r < 0x800 || (r >= 0xD800 && r <= 0xDFFF)) return kInvalid;
    width = 3;
    return r;
  }
  if (c0 >= 0xF0 && c0 <= 0xF4) {
    if (!cont(1) || !cont(2) || !cont(3)) return kInvalid;
    uint32_t r = ((c0 & 0x07u) << 18) | ((s[i + 1] & 0x3Fu) << 12) | ((s[i + 2] & 0x3Fu) << 6) | (s[i + 3] & 0x3Fu);
    if (r < 0x10000 || r > 0x10FFFF) return kInvalid;
    width = 4;
    return r;
  }
  return kInvalid;
}

// unicode.IsSpace.
bool IsGoSpace(uint32_t r) {
  switch (r) {
    case '\t': case '\n': case '\v': case '\f': case '\r': case ' ': case 0x85: case 0xA0:
    case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000:
      return true;
    default:
      return r >= 0x2000 && r <= 0x200A;
  }
}

constexpr char kHex[] = "0123456789abcdef";

// What each byte is, for the ASCII fast paths: one table load per byte instead of a chain
// of comparisons.
enum ByteClass : uint8_t {
  kPlain = 1,      // printable ASCII that Go's %q writes as itself (not '"' or '\\')
  kIdStart = 2,    // an ASCII letter or '_': may start an HCL identifier
  kIdContinue = 4  // kIdStart, a digit or '-': may continue one
};
constexpr std::array<uint8_t, 256> kByteClass = [] {
  std::array<uint8_t, 256> table{};
  for (int c = 0x20; c < 0x7F; ++c) {
    if (c != '"' && c != '\\') table[c] |= kPlain;
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (alpha || c == '_') table[c] |= kIdStart | kIdContinue;
    if ((c >= '0' && c <= '9') || c == '-') table[c] |= kIdContinue;
  }
  return table;
}();

bool ByteIs(char c, ByteClass what) { return (kByteClass[static_cast<unsigned char>(c)] & what) != 0; }

void AppendHex(std::string& out, uint32_t value, int digits) {
  for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4) out.push_back(kHex[(value >> shift) & 0xF]);
}

}  // namespace

bool IsGoPrintable(uint32_t rune) {
  if (rune < 0x80) return rune >= 0x20 && rune < 0x7F;
  return InRanges(kPrintRanges, rune);
}

void AppendGoQuoted(std::string& out, std::string_view text) {
  // Room for the plain case, grown as append grows it: `out` is often a whole list's text,
  // and reserving just the size asked for (libc++'s reserve, the WebAssembly build's)
  // would copy all of it again for every element.
  if (size_t needed = out.size() + text.size() + 2; needed > out.capacity()) {
    out.reserve(std::max(needed, 2 * out.capacity()));
  }
  out.push_back('"');
  size_t i = 0;
  while (i < text.size()) {
    // Fast path: a run of plain printable ASCII.
    size_t run = i;
    while (run < text.size() && ByteIs(text[run], kPlain)) ++run;
    if (run > i) {
      out.append(text.substr(i, run - i));
      i = run;
      continue;
    }
    size_t width = 1;
    uint32_t r = DecodeRune(text, i, width);
    if (r == kInvalid) {
      out.append("\\x");
      AppendHex(out, static_cast<unsigned char>(text[i]), 2);
      i += 1;
      continue;
    }
    if (r == '"' || r == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(r));
    } else if (IsGoPrintable(r)) {
      out.append(text.substr(i, width));
    } else {
      switch (r) {
        case '\a': out.append("\\a"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        case '\v': out.append("\\v"); break;
        default:
          if (r < ' ' || r == 0x7F) {
            out.append("\\x");
            AppendHex(out, r, 2);
          } else if (r < 0x10000) {
            out.append("\\u");
            AppendHex(out, r, 4);
          } else {
            out.append("\\U");
            AppendHex(out, r, 8);
          }
      }
    }
    i += width;
  }
  out.push_back('"');
}

std::string GoQuote(std::string_view text) {
  std::string out;
  AppendGoQuoted(out, text);
  return out;
}

std::string_view GoTrimSpace(std::string_view text) {
  size_t start = 0;
  while (start < text.size()) {
    size_t width = 1;
    uint32_t r = DecodeRune(text, start, width);
    if (r == kInvalid || !IsGoSpace(r)) break;
    start += width;
  }
  size_t end = text.size();
  while (end > start) {
    // Step back to the start of the last rune (at most 3 continuation bytes).
    size_t begin = end - 1;
    while (begin > start && end - begin < 4 && (static_cast<unsigned char>(text[begin]) & 0xC0) == 0x80) --begin;
    size_t width = 1;
    uint32_t r = DecodeRune(text, begin, width);
    if (r == kInvalid || begin + width != end) {
      // Go's DecodeLastRune then sees a single invalid byte, which is not space.
      break;
    }
    if (!IsGoSpace(r)) break;
    end = begin;
  }
  return text.substr(start, end - start);
}

size_t RuneCount(std::string_view text) {
  size_t count = 0;
  size_t i = 0;
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
    } else {
      size_t width = 1;
      DecodeRune(text, i, width);
      i += width;
    }
    ++count;
  }
  return count;
}

void AppendPaddedRight(std::string& out, std::string_view text, size_t width) {
  out.append(text);
  size_t runes = RuneCount(text);
  if (runes < width) out.append(width - runes, ' ');
}

bool IsHclIdentifier(std::string_view name) {
  if (name.empty()) return false;
  size_t i = 0;
  // Fast path: the ASCII prefix (normally the whole name).
  if (static_cast<unsigned char>(name[0]) < 0x80) {
    if (!ByteIs(name[0], kIdStart)) return false;
    for (i = 1; i < name.size(); ++i) {
      if (static_cast<unsigned char>(name[i]) >= 0x80) break;
      if (!ByteIs(name[i], kIdContinue)) return false;
    }
  }
  bool first = i == 0;
  while (i < name.size()) {
    size_t width = 1;
    uint32_t r = DecodeRune(name, i, width);
    if (r == kInvalid) return false;
    bool ok;
    if (r < 0x80) {
      bool alpha = (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z');
      ok = first ? (alpha || r == '_') : (alpha || r == '_' || r == '-' || (r >= '0' && r <= '9'));
    } else {
      ok = first ? InRanges(kIdStartRanges, r) : InRanges(kIdContinueRanges, r);
    }
    if (!ok) return false;
    first = false;
    i += width;
  }
  return true;
}

void AppendValidAttributeName(std::string& out, std::string_view name) {
  if (IsHclIdentifier(name)) {
    out.append(name);
  } else {
    AppendGoQuoted(out, name);
  }
}

std::string EnsureValidAttributeName(std::string_view name) {
  std::string out;
  AppendValidAttributeName(out, name);
  return out;
}

}  // namespace planview::structured
