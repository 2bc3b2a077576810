// The SIMD128 kernel (WebAssembly). See masks.h. Include it only where SIMD128 is
// enabled (structured/internal/kernels/simd128.cc).
#ifndef PLANVIEW_STRUCTURED_INTERNAL_KERNELS_SIMD128_H_
#define PLANVIEW_STRUCTURED_INTERNAL_KERNELS_SIMD128_H_

#include <wasm_simd128.h>

#include <cstdint>

#include "structured/internal/kernels/masks.h"
#include "structured/internal/kernels/scalar.h"

namespace planview::structured::internal {

struct Simd128Kernel {
  static v128_t Load(const char* p) { return wasm_v128_load(p); }
  // The high bits of the 16 bytes of a and of b, a's as bits 0..15.
  static uint32_t Mask32(v128_t a, v128_t b) { return wasm_i8x16_bitmask(a) | (wasm_i8x16_bitmask(b) << 16); }
  static uint64_t Mask64(v128_t a, v128_t b, v128_t c, v128_t d) {
    return static_cast<uint64_t>(Mask32(a, b)) | (static_cast<uint64_t>(Mask32(c, d)) << 32);
  }

  // Inlined into the string scan (json_parser.h) whatever the inliner thinks of its size.
  __attribute__((always_inline)) static StringMasks StringStops(const char* p) {
    v128_t a = Load(p), b = Load(p + 16);
    v128_t quote = wasm_i8x16_splat('"'), slash = wasm_i8x16_splat('\\'), space = wasm_i8x16_splat(0x20);
    v128_t quote_a = wasm_i8x16_eq(a, quote), quote_b = wasm_i8x16_eq(b, quote);
    v128_t stop_a = wasm_v128_or(wasm_v128_or(quote_a, wasm_i8x16_eq(a, slash)), wasm_u8x16_lt(a, space));
    v128_t stop_b = wasm_v128_or(wasm_v128_or(quote_b, wasm_i8x16_eq(b, slash)), wasm_u8x16_lt(b, space));
    // A byte's high bit is its own mask bit: set where it is not ASCII.
    return {Mask32(stop_a, stop_b), Mask32(quote_a, quote_b), Mask32(a, b)};
  }

  static uint32_t Backslashes(const char* p) {
    v128_t slash = wasm_i8x16_splat('\\');
    return Mask32(wasm_i8x16_eq(Load(p), slash), wasm_i8x16_eq(Load(p + 16), slash));
  }

  static uint64_t Equal(const v128_t (&v)[4], char c) {
    v128_t wanted = wasm_i8x16_splat(c);
    return Mask64(wasm_i8x16_eq(v[0], wanted), wasm_i8x16_eq(v[1], wanted), wasm_i8x16_eq(v[2], wanted),
                  wasm_i8x16_eq(v[3], wanted));
  }

  static BlockMasks Classify(const char* p) {
    v128_t v[4] = {Load(p), Load(p + 16), Load(p + 32), Load(p + 48)};
    // '{' is 0x7B and '[' 0x5B, '}' 0x7D and ']' 0x5D: they differ only in bit 5.
    v128_t fold = wasm_i8x16_splat(0x20);
    v128_t folded[4] = {wasm_v128_or(v[0], fold), wasm_v128_or(v[1], fold), wasm_v128_or(v[2], fold),
                        wasm_v128_or(v[3], fold)};
    BlockMasks m;
    m.quote = Equal(v, '"');
    m.backslash = Equal(v, '\\');
    m.open = Equal(folded, '{');
    m.close = Equal(folded, '}');
    return m;
  }

  // WebAssembly has no carry-less multiply: the shifts.
  static uint64_t PrefixParity(uint64_t bits) { return ScalarKernel::PrefixParity(bits); }
};

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_KERNELS_SIMD128_H_
