// What every SIMD kernel computes: bit masks over the next 32 or 64 bytes of text, bit i
// for byte i. The parser (structured/internal/json_parser.h) and the container skipper
// (structured/internal/skip_container.h) are templates over a kernel type K providing:
//
//   static StringMasks K::StringStops(const char* p);   // 32 bytes
//   static uint32_t K::Backslashes(const char* p);      // 32 bytes: bit i when p[i] == '\\'
//   static BlockMasks K::Classify(const char* p);       // 64 bytes
//   static uint64_t K::PrefixParity(uint64_t bits);     // bit i: parity of bits 0..i
//
// Each kernel answers exactly the same bits; only the instructions differ.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_KERNELS_MASKS_H_
#define PLANVIEW_STRUCTURED_INTERNAL_KERNELS_MASKS_H_

#include <cstdint>

namespace planview::structured::internal {

// For 32 bytes: `stops` where a byte is '"', '\\' or a control character (< 0x20),
// `quotes` where it is '"', `high` where it is not ASCII (>= 0x80).
struct StringMasks {
  uint32_t stops;
  uint32_t quotes;
  uint32_t high;
};

// For 64 bytes: quotes, backslashes, opening brackets ('{' '['), closing ones ('}' ']').
struct BlockMasks {
  uint64_t quote = 0;
  uint64_t backslash = 0;
  uint64_t open = 0;
  uint64_t close = 0;
};

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_KERNELS_MASKS_H_
