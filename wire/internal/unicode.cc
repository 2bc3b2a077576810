#include "wire/internal/unicode.h"

#include <unicode/brkiter.h>
#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "structured/json_text.h"

namespace planview::wire {
namespace {

const icu::Normalizer2& Nfc() {
  static const icu::Normalizer2* nfc = [] {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* n = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status) || n == nullptr) {
      // ICU without its data: a broken installation, not an input error.
      std::fputs("planview: ICU NFC normaliser unavailable\n", stderr);
      std::abort();
    }
    return n;
  }();
  return *nfc;
}

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

// Length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none.
size_t ValidSequenceAt(std::string_view s, size_t i) {
  int32_t pos = static_cast<int32_t>(i);
  UChar32 c;
  U8_NEXT(s.data(), pos, static_cast<int32_t>(s.size()), c);
  return c < 0 ? 0 : static_cast<size_t>(pos) - i;
}

void AppendNormalized(std::string_view run, std::string& out) {
  if (run.empty()) return;
  UErrorCode status = U_ZERO_ERROR;
  icu::StringPiece piece(run.data(), static_cast<int32_t>(run.size()));
  if (Nfc().isNormalizedUTF8(piece, status) && U_SUCCESS(status)) {
    out.append(run);
    return;
  }
  status = U_ZERO_ERROR;
  icu::StringByteSink<std::string> sink(&out);
  Nfc().normalizeUTF8(0, piece, sink, nullptr, status);
  if (U_FAILURE(status)) out.append(run);
}

// The last rune of s: its start and code point (negative when the bytes there are not a
// complete, valid sequence).
struct LastRune {
  size_t start = 0;
  UChar32 c = -1;
  size_t size = 0;
};

LastRune LastRuneOf(std::string_view s) {
  LastRune r;
  if (s.empty()) return r;
  size_t i = s.size() - 1;
  size_t floor = s.size() >= 4 ? s.size() - 4 : 0;
  while (i > floor && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  size_t n = ValidSequenceAt(s, i);
  if (n != 0 && i + n == s.size()) {
    int32_t pos = static_cast<int32_t>(i);
    U8_NEXT(s.data(), pos, static_cast<int32_t>(s.size()), r.c);
    r.start = i;
    r.size = n;
  } else {
    r.start = s.size() - 1;
    r.c = -1;
    r.size = 0;
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
  if (Nfc().hasBoundaryAfter(r.c)) return static_cast<long>(i);
  // Walk back over runes that may combine until one starts a new segment.
  for (int steps = 0; steps < 31; ++steps) {
    i = r.start;
    if (i == 0) return -1;
    r = LastRuneOf(s.substr(0, i));
    if (r.c < 0) return static_cast<long>(i);
    if (Nfc().hasBoundaryBefore(r.c)) return static_cast<long>(i);
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

// Start of the last grapheme cluster of s.
size_t LastClusterStart(std::string_view s) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> it(icu::BreakIterator::createCharacterInstance(icu::Locale::getRoot(), status));
  if (U_FAILURE(status)) return s.size();
  UText* text = utext_openUTF8(nullptr, s.data(), static_cast<int64_t>(s.size()), &status);
  if (U_FAILURE(status)) return s.size();
  it->setText(text, status);
  int32_t end = it->last();
  int32_t prev = it->previous();
  utext_close(text);
  if (U_FAILURE(status) || prev == icu::BreakIterator::DONE) return end == 0 ? 0 : 0;
  return static_cast<size_t>(prev);
}

}  // namespace

bool IsNfc(std::string_view text) {
  bool valid_utf8;
  return IsNfc(text, valid_utf8);
}

bool IsNfc(std::string_view text, bool& valid_utf8) {
  valid_utf8 = true;
  if (IsAscii(text)) return true;
  valid_utf8 = structured::FindInvalidUtf8(text) == text.size();
  std::string normalized = NormalizeNfc(text);
  return normalized == text;
}

std::string NormalizeNfc(std::string_view text) {
  if (IsAscii(text)) return std::string(text);
  std::string out;
  out.reserve(text.size());
  size_t run = 0;
  size_t i = 0;
  while (i < text.size()) {
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    size_t n = ValidSequenceAt(text, i);
    if (n == 0) {
      AppendNormalized(text.substr(run, i - run), out);
      out += text[i];
      ++i;
      run = i;
    } else {
      i += n;
    }
  }
  AppendNormalized(text.substr(run), out);
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
  size_t start = LastClusterStart(prefix);
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
