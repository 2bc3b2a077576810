// The scalar kernel: plain C++ on 8-byte words (SWAR), for any CPU. See masks.h.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_KERNELS_SCALAR_H_
#define PLANVIEW_STRUCTURED_INTERNAL_KERNELS_SCALAR_H_

#include <cstdint>
#include <cstring>

#include "structured/internal/kernels/masks.h"

namespace planview::structured::internal {

struct ScalarKernel {
  static constexpr uint64_t kOnes = 0x0101010101010101;
  static constexpr uint64_t kHigh = 0x8080808080808080;
  static constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7F;

  static uint64_t Load(const char* p) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    if constexpr (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) w = __builtin_bswap64(w);
    return w;
  }
  // The high bit of each byte of `x` that is zero (exact: no carries between bytes).
  static uint64_t ZeroBytes(uint64_t x) { return ~(((x & kLow7) + kLow7) | x) & kHigh; }
  static uint64_t Equal(uint64_t w, char c) { return ZeroBytes(w ^ (kOnes * static_cast<unsigned char>(c))); }
  // The high bits of the 8 bytes as 8 bits.
  static uint64_t Pack(uint64_t high_bits) { return ((high_bits >> 7) * 0x0102040810204080) >> 56; }

  // Inlined into the string scan (json_parser.h) whatever the inliner thinks of its size.
  __attribute__((always_inline)) static StringMasks StringStops(const char* p) {
    StringMasks out{0, 0, 0};
    for (int i = 0; i < 4; ++i) {
      uint64_t w = Load(p + 8 * i);
      uint64_t quote = Equal(w, '"');
      uint64_t control = ZeroBytes(w & (kOnes * 0xE0));
      out.stops |= static_cast<uint32_t>(Pack(quote | Equal(w, '\\') | control) << (8 * i));
      out.quotes |= static_cast<uint32_t>(Pack(quote) << (8 * i));
      out.high |= static_cast<uint32_t>(Pack(w & kHigh) << (8 * i));
    }
    return out;
  }

  static uint32_t Backslashes(const char* p) {
    uint32_t mask = 0;
    for (int i = 0; i < 4; ++i) mask |= static_cast<uint32_t>(Pack(Equal(Load(p + 8 * i), '\\')) << (8 * i));
    return mask;
  }

  static BlockMasks Classify(const char* p) {
    BlockMasks m;
    for (int i = 0; i < 8; ++i) {
      uint64_t w = Load(p + 8 * i);
      // '{' is 0x7B and '[' 0x5B, '}' 0x7D and ']' 0x5D: they differ only in bit 5.
      uint64_t folded = w | (kOnes * 0x20);
      m.quote |= Pack(Equal(w, '"')) << (8 * i);
      m.backslash |= Pack(Equal(w, '\\')) << (8 * i);
      m.open |= Pack(Equal(folded, '{')) << (8 * i);
      m.close |= Pack(Equal(folded, '}')) << (8 * i);
    }
    return m;
  }

  static uint64_t PrefixParity(uint64_t bits) {
    for (int shift = 1; shift < 64; shift <<= 1) bits ^= bits << shift;
    return bits;
  }
};

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_KERNELS_SCALAR_H_
