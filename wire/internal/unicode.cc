#include "wire/internal/unicode.h"

#include <cstring>

#include "wire/internal/grapheme.h"
#include "wire/internal/nfc.h"
#include "wire/internal/unicode_props.h"

namespace planview::wire {
namespace {

bool IsAscii(std::string_view text) {
  // Eight bytes at a time: any high bit set means a non-ASCII byte.
  const char* p = text.data();
  size_t n = text.size();
  uint64_t high = 0;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t word;
    std::memcpy(&word, p, sizeof word);
    high |= word;
  }
  if (n > 0 && text.size() >= 8) {
    // The last (partial) word: the eight bytes ending the text, overlapping ones seen.
    uint64_t word;
    std::memcpy(&word, text.data() + text.size() - 8, sizeof word);
    high |= word;
    n = 0;
  }
  for (; n > 0; ++p, --n) high |= static_cast<unsigned char>(*p);
  return (high & 0x8080808080808080ull) == 0;
}

// The character at i when it is a complete, valid UTF-8 sequence (size 0 otherwise).
unicode::Utf8Char ValidCharAt(std::string_view s, size_t i) {
  unicode::Utf8Char ch =
      unicode::DecodeUtf8(reinterpret_cast<const unsigned char*>(s.data()) + i, s.size() - i);
  if (!ch.valid) ch.size = 0;
  return ch;
}

// The last rune of s: its start and code point (negative when the bytes there are not a
// complete, valid sequence).
struct LastRune {
  size_t start = 0;
  long c = -1;
};

LastRune LastRuneOf(std::string_view s) {
  LastRune r;
  if (s.empty()) return r;
  size_t i = s.size() - 1;
  size_t floor = s.size() >= 4 ? s.size() - 4 : 0;
  while (i > floor && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  unicode::Utf8Char ch = ValidCharAt(s, i);
  if (ch.size != 0 && i + ch.size == s.size()) {
    r.start = i;
    r.c = static_cast<long>(ch.cp);
  } else {
    r.start = s.size() - 1;
    r.c = -1;
  }
  return r;
}

// Position of the last NFC boundary in s (Go's norm.Form.LastBoundary), -1 when none.
long LastNfcBoundary(std::string_view s) {
  if (s.empty()) return -1;
  size_t i = s.size();
  LastRune r = LastRuneOf(s);
  if (r.c < 0) {  // ends with an incomplete or invalid sequence
    if (r.start == 0) return -1;
    i = r.start;
    r = LastRuneOf(s.substr(0, i));
    if (r.c < 0) return static_cast<long>(i);
  }
  if (nfc::HasBoundaryAfter(static_cast<char32_t>(r.c))) return static_cast<long>(i);
  // Walk back over runes that may combine until one starts a new segment.
  for (int steps = 0; steps < 31; ++steps) {
    i = r.start;
    if (i == 0) return -1;
    r = LastRuneOf(s.substr(0, i));
    if (r.c < 0) return static_cast<long>(i);
    if (nfc::HasBoundaryBefore(static_cast<char32_t>(r.c))) return static_cast<long>(i);
  }
  return -1;
}

bool IsDelimiter(std::string_view cluster) {
  if (cluster.size() != 1) return false;
  switch (cluster[0]) {
    case '-': case '_': case ':': case ';': case '/': case '\\': case ',': case '.':
    case '(': case ')': case '{': case '}': case '[': case ']': case '|': case '?':
    case '!': case '~': case ' ': case '\t': case '@': case '#': case '$': case '%':
    case '^': case '&': case '*': case '+': case '"': case '\'':
      return true;
    default:
      return false;
  }
}

}  // namespace

bool IsNfc(std::string_view text) {
  bool valid_utf8;
  return IsNfc(text, valid_utf8);
}

bool IsNfc(std::string_view text, bool& valid_utf8) {
  valid_utf8 = true;
  if (IsAscii(text)) return true;
  return nfc::IsNormalized(text, valid_utf8);
}

std::string NormalizeNfc(std::string_view text) {
  if (IsAscii(text)) return std::string(text);
  std::string out;
  out.reserve(text.size());
  nfc::AppendNormalized(text, out);
  return out;
}

std::string SafeKnownPrefix(std::string_view prefix_in) {
  std::string prefix = NormalizeNfc(prefix_in);
  long boundary = LastNfcBoundary(prefix);
  if (boundary != -1 && static_cast<size_t>(boundary) != prefix.size()) {
    prefix.resize(static_cast<size_t>(boundary));
    return prefix;
  }
  if (prefix.empty()) return prefix;
  size_t start = grapheme::LastClusterStart(prefix);
  if (IsDelimiter(std::string_view(prefix).substr(start))) return prefix;
  prefix.resize(start);
  return prefix;
}

std::string EncodablePrefix(std::string_view prefix) {
  constexpr size_t kMaxPrefix = 256;
  if (prefix.size() <= kMaxPrefix) return std::string(prefix);
  return SafeKnownPrefix(prefix.substr(0, kMaxPrefix - 1));
}

}  // namespace planview::wire
