// Per-code-point Unicode properties for NFC (nfc.cc) and grapheme clusters (grapheme.cc):
// planview's own tables, generated from the Unicode Character Database by
// tools/unicode/gen_unicode_tables.py into unicode_tables.inc. Also the UTF-8 decoding
// both share.
#ifndef PLANVIEW_WIRE_INTERNAL_UNICODE_PROPS_H_
#define PLANVIEW_WIRE_INTERNAL_UNICODE_PROPS_H_

#include <cstddef>
#include <cstdint>

namespace planview::wire::unicode {

struct CharRecord {
  uint8_t ccc;       // canonical combining class
  uint8_t nfc;       // NfcFlag bits
  uint8_t grapheme;  // GraphemeBreak value | kExtendedPictographic
};

enum NfcFlag : uint8_t {
  kQuickCheckMask = 3,  // NFC_Quick_Check: 0 Yes, kQuickCheckMaybe, kQuickCheckNo
  kQuickCheckMaybe = 1,
  kQuickCheckNo = 2,
  kBoundaryBefore = 4,   // never interacts with what precedes it (UAX #15 section 9)
  kBoundaryAfter = 8,    // never interacts with what follows it
  kDecomposes = 16,      // has a canonical decomposition (Hangul syllables aside)
  kCombinesForward = 32  // first of a primary composite's pair (Hangul aside)
};

// Grapheme_Cluster_Break values (UAX #29), in the generator's order.
enum class GraphemeBreak : uint8_t {
  kOther, kCR, kLF, kControl, kExtend, kZWJ, kRegionalIndicator, kPrepend, kSpacingMark,
  kL, kV, kT, kLV, kLVT
};
inline constexpr uint8_t kGraphemeBreakMask = 15;
inline constexpr uint8_t kExtendedPictographic = 16;

#include "wire/internal/unicode_tables.inc"

// The record of code point c (c < 0x110000).
inline const CharRecord& Lookup(char32_t c) {
  constexpr unsigned kMask = (1u << kBlockShift) - 1;
  return kRecords[kStage2[(static_cast<size_t>(kStage1[c >> kBlockShift]) << kBlockShift) |
                          (c & kMask)]];
}

// Hangul syllables and the conjoining jamo that compose into them (UAX #15 / Unicode 3.12).
inline constexpr char32_t kHangulBase = 0xAC00, kJamoLBase = 0x1100, kJamoVBase = 0x1161,
                          kJamoTBase = 0x11A7;
inline constexpr char32_t kJamoLCount = 19, kJamoVCount = 21, kJamoTCount = 28;
inline constexpr char32_t kHangulCount = kJamoLCount * kJamoVCount * kJamoTCount;

// One decoded character: a valid scalar value and its length, or (valid == false) the
// length of the maximal ill-formed subsequence there (Unicode 3.9, U+FFFD substitution
// of maximal subparts).
struct Utf8Char {
  char32_t cp;
  uint32_t size;
  bool valid;
};

// Decodes at p (n >= 1 bytes available).
inline Utf8Char DecodeUtf8(const unsigned char* p, size_t n) {
  unsigned b0 = p[0];
  if (b0 < 0x80) return {b0, 1, true};
  unsigned need;
  char32_t cp;
  unsigned lo = 0x80, hi = 0xBF;  // range of the second byte
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
    cp = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    cp = b0 & 0x0F;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    cp = b0 & 0x07;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return {0xFFFD, 1, false};
  }
  uint32_t i = 1;
  for (; i <= need; ++i) {
    if (i >= n) return {0xFFFD, i, false};
    unsigned b = p[i];
    if (i == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return {0xFFFD, i, false};
    cp = (cp << 6) | (b & 0x3F);
  }
  return {cp, need + 1, true};
}

}  // namespace planview::wire::unicode

#endif  // PLANVIEW_WIRE_INTERNAL_UNICODE_PROPS_H_
