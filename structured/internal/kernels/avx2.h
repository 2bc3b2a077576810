// The AVX2 kernel (x86-64 with AVX2, BMI1 and PCLMULQDQ). See masks.h. Include it only
// where the AVX2 target is enabled (structured/internal/kernels/avx2.cc).
#ifndef PLANVIEW_STRUCTURED_INTERNAL_KERNELS_AVX2_H_
#define PLANVIEW_STRUCTURED_INTERNAL_KERNELS_AVX2_H_

#include <immintrin.h>

#include <cstdint>

#include "structured/internal/kernels/masks.h"

namespace planview::structured::internal {

struct Avx2Kernel {
  static uint32_t Mask(__m256i bytes) { return static_cast<uint32_t>(_mm256_movemask_epi8(bytes)); }

  // Inlined into the string scan (json_parser.h) whatever the inliner thinks of its size.
  __attribute__((always_inline)) static StringMasks StringStops(const char* p) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    __m256i quote = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'));
    __m256i slash = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'));
    __m256i control = _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(0x1F)), v);
    return {Mask(_mm256_or_si256(_mm256_or_si256(quote, slash), control)), Mask(quote), Mask(v)};
  }

  static uint32_t Backslashes(const char* p) {
    __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    return Mask(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')));
  }

  static uint64_t Equal(__m256i lo, __m256i hi, char c) {
    __m256i wanted = _mm256_set1_epi8(c);
    uint64_t low = Mask(_mm256_cmpeq_epi8(lo, wanted));
    uint64_t high = Mask(_mm256_cmpeq_epi8(hi, wanted));
    return low | (high << 32);
  }

  static BlockMasks Classify(const char* p) {
    __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
    // '{' is 0x7B and '[' 0x5B, '}' 0x7D and ']' 0x5D: they differ only in bit 5.
    __m256i fold = _mm256_set1_epi8(0x20);
    __m256i lo_folded = _mm256_or_si256(lo, fold);
    __m256i hi_folded = _mm256_or_si256(hi, fold);
    BlockMasks m;
    m.quote = Equal(lo, hi, '"');
    m.backslash = Equal(lo, hi, '\\');
    m.open = Equal(lo_folded, hi_folded, '{');
    m.close = Equal(lo_folded, hi_folded, '}');
    return m;
  }

  // A carry-less multiply by all ones.
  static uint64_t PrefixParity(uint64_t bits) {
    __m128i all_ones = _mm_set1_epi8(static_cast<char>(0xFF));
    __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<int64_t>(bits)), all_ones, 0);
    return static_cast<uint64_t>(_mm_cvtsi128_si64(product));
  }
};

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_KERNELS_AVX2_H_
