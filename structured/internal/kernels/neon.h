// The NEON kernel (AArch64, where NEON is always there). See masks.h.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_KERNELS_NEON_H_
#define PLANVIEW_STRUCTURED_INTERNAL_KERNELS_NEON_H_

#include <arm_neon.h>

#include <cstdint>

#include "structured/internal/kernels/masks.h"
#include "structured/internal/kernels/scalar.h"

namespace planview::structured::internal {

struct NeonKernel {
  // Bit i of each 16-byte lane's comparison result, gathered by pairwise additions.
  static uint8x16_t Weights() {
    static constexpr uint8_t kWeights[16] = {1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128};
    return vld1q_u8(kWeights);
  }
  static uint32_t Mask32(uint8x16_t a, uint8x16_t b) {
    uint8x16_t w = Weights();
    uint8x16_t sum = vpaddq_u8(vandq_u8(a, w), vandq_u8(b, w));
    sum = vpaddq_u8(sum, sum);
    sum = vpaddq_u8(sum, sum);
    return vgetq_lane_u32(vreinterpretq_u32_u8(sum), 0);
  }
  static uint64_t Mask64(uint8x16_t a, uint8x16_t b, uint8x16_t c, uint8x16_t d) {
    uint8x16_t w = Weights();
    uint8x16_t ab = vpaddq_u8(vandq_u8(a, w), vandq_u8(b, w));
    uint8x16_t cd = vpaddq_u8(vandq_u8(c, w), vandq_u8(d, w));
    uint8x16_t sum = vpaddq_u8(ab, cd);
    sum = vpaddq_u8(sum, sum);
    return vgetq_lane_u64(vreinterpretq_u64_u8(sum), 0);
  }
  static uint8x16_t Load(const char* p) { return vld1q_u8(reinterpret_cast<const uint8_t*>(p)); }

  // Inlined into the string scan (json_parser.h) whatever the inliner thinks of its size.
  __attribute__((always_inline)) static StringMasks StringStops(const char* p) {
    uint8x16_t a = Load(p), b = Load(p + 16);
    uint8x16_t quote_a = vceqq_u8(a, vdupq_n_u8('"')), quote_b = vceqq_u8(b, vdupq_n_u8('"'));
    uint8x16_t stop_a = vorrq_u8(vorrq_u8(quote_a, vceqq_u8(a, vdupq_n_u8('\\'))), vcltq_u8(a, vdupq_n_u8(0x20)));
    uint8x16_t stop_b = vorrq_u8(vorrq_u8(quote_b, vceqq_u8(b, vdupq_n_u8('\\'))), vcltq_u8(b, vdupq_n_u8(0x20)));
    uint8x16_t high_a = vcgeq_u8(a, vdupq_n_u8(0x80)), high_b = vcgeq_u8(b, vdupq_n_u8(0x80));
    return {Mask32(stop_a, stop_b), Mask32(quote_a, quote_b), Mask32(high_a, high_b)};
  }

  static uint32_t Backslashes(const char* p) {
    return Mask32(vceqq_u8(Load(p), vdupq_n_u8('\\')), vceqq_u8(Load(p + 16), vdupq_n_u8('\\')));
  }

  static uint64_t Equal(const uint8x16_t (&v)[4], uint8_t c) {
    uint8x16_t wanted = vdupq_n_u8(c);
    return Mask64(vceqq_u8(v[0], wanted), vceqq_u8(v[1], wanted), vceqq_u8(v[2], wanted), vceqq_u8(v[3], wanted));
  }

  static BlockMasks Classify(const char* p) {
    uint8x16_t v[4] = {Load(p), Load(p + 16), Load(p + 32), Load(p + 48)};
    // '{' is 0x7B and '[' 0x5B, '}' 0x7D and ']' 0x5D: they differ only in bit 5.
    uint8x16_t fold = vdupq_n_u8(0x20);
    uint8x16_t folded[4] = {vorrq_u8(v[0], fold), vorrq_u8(v[1], fold), vorrq_u8(v[2], fold), vorrq_u8(v[3], fold)};
    BlockMasks m;
    m.quote = Equal(v, '"');
    m.backslash = Equal(v, '\\');
    m.open = Equal(folded, '{');
    m.close = Equal(folded, '}');
    return m;
  }

  // PMULL is an optional extension of ARMv8-A: the shifts are portable.
  static uint64_t PrefixParity(uint64_t bits) { return ScalarKernel::PrefixParity(bits); }
};

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_KERNELS_NEON_H_
