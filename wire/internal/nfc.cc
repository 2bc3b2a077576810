#include "wire/internal/nfc.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "structured/json_text.h"
#include "wire/internal/unicode_props.h"

namespace planview::wire::nfc {
namespace {

using unicode::CharRecord;
using unicode::Lookup;

const unsigned char* Bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());
}

// Below U+0300 every character is NFC_Quick_Check=Yes, combining class 0 and has a
// boundary before it (the generator checks): ASCII and two-byte sequences with a lead
// byte below 0xCC.
bool IsPlainByte(unsigned char b) { return b < 0x80; }
bool IsPlainLead(unsigned char b) { return b >= 0xC2 && b < 0xCC; }

void AppendDecomposition(char32_t c, std::vector<char32_t>& out) {
  using namespace unicode;
  if (c >= kHangulBase && c < kHangulBase + kHangulCount) {
    char32_t s = c - kHangulBase;
    out.push_back(kJamoLBase + s / (kJamoVCount * kJamoTCount));
    out.push_back(kJamoVBase + (s % (kJamoVCount * kJamoTCount)) / kJamoTCount);
    if (s % kJamoTCount != 0) out.push_back(kJamoTBase + s % kJamoTCount);
    return;
  }
  if ((Lookup(c).nfc & kDecomposes) == 0) {
    out.push_back(c);
    return;
  }
  const uint32_t* begin = std::begin(kDecompositionCodePoints);
  const uint32_t* end = std::end(kDecompositionCodePoints);
  const uint32_t* at = std::lower_bound(begin, end, static_cast<uint32_t>(c));
  size_t k = static_cast<size_t>(at - begin);
  out.insert(out.end(), kDecompositionData + kDecompositionStarts[k],
             kDecompositionData + kDecompositionStarts[k + 1]);
}

// The primary composite of a + b, or 0 when there is none.
char32_t Compose(char32_t a, char32_t b) {
  using namespace unicode;
  if (a >= kJamoLBase && a < kJamoLBase + kJamoLCount && b >= kJamoVBase &&
      b < kJamoVBase + kJamoVCount) {
    return kHangulBase + ((a - kJamoLBase) * kJamoVCount + (b - kJamoVBase)) * kJamoTCount;
  }
  bool lv = a >= kHangulBase && a < kHangulBase + kHangulCount &&
            (a - kHangulBase) % kJamoTCount == 0;
  if (lv && b > kJamoTBase && b < kJamoTBase + kJamoTCount) {
    return a + (b - kJamoTBase);
  }
  if ((Lookup(a).nfc & kCombinesForward) == 0) return 0;
  uint64_t key = (static_cast<uint64_t>(a) << 21) | b;
  const uint64_t* begin = std::begin(kCompositionKeys);
  const uint64_t* end = std::end(kCompositionKeys);
  const uint64_t* at = std::lower_bound(begin, end, key);
  if (at == end || *at != key) return 0;
  return kCompositionValues[at - begin];
}

// NFC of a valid UTF-8 segment: full canonical decomposition, canonical ordering (a
// stable sort of each run of non-starters by combining class, n log n on hostile runs),
// then canonical composition.
void NormalizeSegment(std::string_view segment, std::string& out,
                      std::vector<char32_t>& chars) {
  chars.clear();
  const unsigned char* p = Bytes(segment);
  for (size_t i = 0; i < segment.size();) {
    unicode::Utf8Char ch = unicode::DecodeUtf8(p + i, segment.size() - i);
    AppendDecomposition(ch.cp, chars);
    i += ch.size;
  }
  auto ccc = [](char32_t c) { return Lookup(c).ccc; };
  for (size_t i = 0; i < chars.size();) {
    if (ccc(chars[i]) == 0) {
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < chars.size() && ccc(chars[j]) != 0) ++j;
    if (j - i > 1) {
      std::stable_sort(chars.begin() + static_cast<std::ptrdiff_t>(i),
                       chars.begin() + static_cast<std::ptrdiff_t>(j),
                       [&](char32_t a, char32_t b) { return ccc(a) < ccc(b); });
    }
    i = j;
  }
  // Composition in place: w is the output length, starter the output index of the last
  // starter, last_cc the class of the last character kept after it.
  size_t w = 0;
  size_t starter = SIZE_MAX;
  unsigned last_cc = 0;
  for (size_t r = 0; r < chars.size(); ++r) {
    char32_t c = chars[r];
    unsigned cc = ccc(c);
    if (starter != SIZE_MAX && (w == starter + 1 || last_cc < cc)) {
      if (char32_t composite = Compose(chars[starter], c)) {
        chars[starter] = composite;
        continue;
      }
    }
    if (cc == 0) starter = w;
    last_cc = cc;
    chars[w++] = c;
  }
  for (size_t i = 0; i < w; ++i) structured::AppendUtf8(out, chars[i]);
}

// End of the segment that holds the character at i: the offset of the next character with
// a boundary before it, of the next byte that is not valid UTF-8, or text.size().
size_t SegmentEnd(std::string_view text, size_t i) {
  const unsigned char* p = Bytes(text);
  unicode::Utf8Char ch = unicode::DecodeUtf8(p + i, text.size() - i);
  i += ch.size;
  while (i < text.size()) {
    if (IsPlainByte(p[i])) return i;
    ch = unicode::DecodeUtf8(p + i, text.size() - i);
    if (!ch.valid || (Lookup(ch.cp).nfc & unicode::kBoundaryBefore) != 0) return i;
    i += ch.size;
  }
  return i;
}

// The quick-check scan both entry points share. For each character that the quick check
// cannot pass (No, Maybe, or out of canonical order), calls on_segment(start, end) with the
// segment around it; on_segment returns false to stop the scan. Invalid bytes go to
// on_invalid(offset).
template <typename OnSegment, typename OnInvalid>
void Scan(std::string_view text, OnSegment on_segment, OnInvalid on_invalid) {
  const unsigned char* p = Bytes(text);
  const size_t n = text.size();
  size_t i = 0;
  size_t last_boundary = 0;  // offset of the last character with a boundary before it
  unsigned last_cc = 0;
  char32_t prev = 0;  // the character before i, when a Maybe starter might compose with it
  while (i < n) {
    // ASCII, eight bytes at a time.
    if (IsPlainByte(p[i])) {
      while (i + 8 <= n) {
        uint64_t word;
        std::memcpy(&word, p + i, sizeof word);
        if ((word & 0x8080808080808080ull) != 0) break;
        i += 8;
      }
      while (i < n && IsPlainByte(p[i])) ++i;
      last_boundary = i - 1;
      last_cc = 0;
      prev = p[i - 1];
      continue;
    }
    if (IsPlainLead(p[i]) && i + 1 < n && (p[i + 1] & 0xC0) == 0x80) {
      last_boundary = i;
      last_cc = 0;
      prev = static_cast<char32_t>(((p[i] & 0x1F) << 6) | (p[i + 1] & 0x3F));
      i += 2;
      continue;
    }
    unicode::Utf8Char ch = unicode::DecodeUtf8(p + i, n - i);
    if (!ch.valid) {
      on_invalid(i);
      i += 1;  // one byte at a time, as NormalizeNfc has always split them
      last_boundary = i;
      last_cc = 0;
      prev = 0;
      continue;
    }
    const CharRecord& r = Lookup(ch.cp);
    if (r.nfc & unicode::kBoundaryBefore) last_boundary = i;
    unsigned qc = r.nfc & unicode::kQuickCheckMask;
    // A Maybe starter (a vowel sign, a Hangul V or T) can only compose with the character
    // just before it: when it does not, it stays as it is.
    bool settled = qc == 0 || (qc == unicode::kQuickCheckMaybe && r.ccc == 0 &&
                               Compose(prev, ch.cp) == 0);
    if (settled && (r.ccc == 0 || last_cc <= r.ccc)) {
      last_cc = r.ccc;
      prev = ch.cp;
      i += ch.size;
      continue;
    }
    size_t end = SegmentEnd(text, i);
    if (!on_segment(last_boundary, end)) return;
    i = end;
    last_boundary = end;
    last_cc = 0;
    prev = 0;
  }
}

}  // namespace

bool IsNormalized(std::string_view text, bool& valid_utf8) {
  valid_utf8 = true;
  size_t invalid_at = std::string_view::npos;
  bool normalized = true;
  std::string scratch;
  std::vector<char32_t> chars;
  Scan(
      text,
      [&](size_t start, size_t end) {
        std::string_view segment = text.substr(start, end - start);
        scratch.clear();
        NormalizeSegment(segment, scratch, chars);
        if (scratch != segment) {
          normalized = false;
          return false;
        }
        return true;
      },
      [&](size_t at) {
        if (invalid_at == std::string_view::npos) invalid_at = at;
      });
  if (invalid_at != std::string_view::npos) {
    valid_utf8 = false;
  } else if (!normalized) {
    // The scan stopped early: the rest still has to be checked for validity.
    valid_utf8 = structured::FindInvalidUtf8(text) == text.size();
  }
  return normalized;
}

void AppendNormalized(std::string_view text, std::string& out) {
  size_t copied = 0;
  std::vector<char32_t> chars;
  Scan(
      text,
      [&](size_t start, size_t end) {
        out.append(text.substr(copied, start - copied));
        NormalizeSegment(text.substr(start, end - start), out, chars);
        copied = end;
        return true;
      },
      [](size_t) {});
  out.append(text.substr(copied));
}

bool HasBoundaryBefore(char32_t c) {
  return c < 0x110000 && (Lookup(c).nfc & unicode::kBoundaryBefore) != 0;
}

bool HasBoundaryAfter(char32_t c) {
  return c < 0x110000 && (Lookup(c).nfc & unicode::kBoundaryAfter) != 0;
}

}  // namespace planview::wire::nfc
