// The WebAssembly module's memcpy, memmove, memset, memchr and memcmp: js/BUILD links
// this object into the module, so the libc archive's members for these names, pulled only
// for symbols still undefined, never are.
//
// Emscripten's prebuilt libc copies and fills with word loops and hands copies of 512
// bytes or more to JavaScript (HEAPU8.set); its memchr and memcmp read 4-byte words at
// best. Here copies and fills are the bulk-memory instructions memory.copy and
// memory.fill (which the engine runs as its own memmove and memset), and memchr and
// memcmp read 16 bytes at a time with SIMD128. Compiled with -mbulk-memory, -msimd128
// (js/BUILD) and -fno-builtin (no loop below may become a call of itself).
#if !defined(__wasm__) || !defined(__wasm_bulk_memory__) || !defined(__wasm_simd128__)
#error "js/wasm_memory.c is for WebAssembly with bulk memory and SIMD128 only"
#endif

#include <stddef.h>
#include <stdint.h>
#include <wasm_simd128.h>

static inline uint32_t Load32(const unsigned char* p) {
  uint32_t v;
  __builtin_memcpy(&v, p, 4);
  return v;
}
static inline uint64_t Load64(const unsigned char* p) {
  uint64_t v;
  __builtin_memcpy(&v, p, 8);
  return v;
}

// Copies n <= 32 bytes: every byte is loaded before any is stored (two loads that may
// overlap, then two stores), so the ranges may overlap too.
static inline void CopySmall(unsigned char* d, const unsigned char* s, size_t n) {
  if (n >= 16) {
    v128_t head = wasm_v128_load(s), tail = wasm_v128_load(s + n - 16);
    wasm_v128_store(d, head);
    wasm_v128_store(d + n - 16, tail);
  } else if (n >= 8) {
    uint64_t head = Load64(s), tail = Load64(s + n - 8);
    __builtin_memcpy(d, &head, 8);
    __builtin_memcpy(d + n - 8, &tail, 8);
  } else if (n >= 4) {
    uint32_t head = Load32(s), tail = Load32(s + n - 4);
    __builtin_memcpy(d, &head, 4);
    __builtin_memcpy(d + n - 4, &tail, 4);
  } else if (n > 0) {
    unsigned char first = s[0], middle = s[n / 2], last = s[n - 1];
    d[0] = first;
    d[n / 2] = middle;
    d[n - 1] = last;
  }
}

// Short copies stay in WebAssembly (the engine's memory.copy is a call out of the
// generated code); the rest is memory.copy, correct for overlapping ranges too. Clang
// lowers __builtin_memmove of a length it does not know to memory.copy when bulk memory
// is enabled: no call, so no recursion.
void* memmove(void* dest, const void* src, size_t n) {
  if (n <= 32) {
    CopySmall(dest, src, n);
  } else {
    __builtin_memmove(dest, src, n);
  }
  return dest;
}

void* memcpy(void* restrict dest, const void* restrict src, size_t n) { return memmove(dest, src, n); }

void* memset(void* dest, int c, size_t n) {
  unsigned char* d = dest;
  if (n <= 32) {
    const v128_t v = wasm_u8x16_splat((unsigned char)c);
    if (n >= 16) {
      wasm_v128_store(d, v);
      wasm_v128_store(d + n - 16, v);
    } else if (n >= 8) {
      const uint64_t w = wasm_u64x2_extract_lane(v, 0);
      __builtin_memcpy(d, &w, 8);
      __builtin_memcpy(d + n - 8, &w, 8);
    } else {
      for (size_t i = 0; i < n; ++i) d[i] = (unsigned char)c;
    }
  } else {
    __builtin_memset(dest, c, n);
  }
  return dest;
}

// The first of the 16 bytes at s equal to `wanted` (splat), or NULL.
static inline const unsigned char* Find16(const unsigned char* s, v128_t splat) {
  uint32_t mask = wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(s), splat));
  return mask == 0 ? NULL : s + __builtin_ctz(mask);
}

// Loads only bytes inside [src, src + n): whole 16-byte blocks, the last one overlapping
// the one before (whose bytes did not match).
void* memchr(const void* src, int c, size_t n) {
  const unsigned char* s = src;
  const unsigned char wanted = (unsigned char)c;
  if (n < 16) {
    for (; n > 0; ++s, --n) {
      if (*s == wanted) return (void*)s;
    }
    return NULL;
  }
  const v128_t splat = wasm_u8x16_splat(wanted);
  const unsigned char* last = s + n - 16;
  for (; s < last; s += 16) {
    const unsigned char* found = Find16(s, splat);
    if (found != NULL) return (void*)found;
  }
  return (void*)Find16(last, splat);
}

// The order of the first differing byte of two words (little-endian: the lowest one).
static inline int Order64(uint64_t a, uint64_t b) {
  int shift = __builtin_ctzll(a ^ b) & ~7;
  return (int)((a >> shift) & 0xFF) - (int)((b >> shift) & 0xFF);
}

// Whole 16-byte blocks, the last overlapping the one before (equal up to there); below
// 16 bytes, two overlapping words.
int memcmp(const void* left, const void* right, size_t n) {
  const unsigned char* l = left;
  const unsigned char* r = right;
  if (n >= 16) {
    for (size_t at = 0;; at += 16) {
      if (at > n - 16) at = n - 16;
      uint32_t same = wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(l + at), wasm_v128_load(r + at)));
      if (same != 0xFFFF) {
        size_t i = at + (size_t)__builtin_ctz(~same);
        return l[i] - r[i];
      }
      if (at == n - 16) return 0;
    }
  }
  if (n >= 8) {
    uint64_t a = Load64(l), b = Load64(r);
    if (a != b) return Order64(a, b);
    a = Load64(l + n - 8), b = Load64(r + n - 8);
    return a == b ? 0 : Order64(a, b);
  }
  if (n >= 4) {
    uint64_t a = Load32(l), b = Load32(r);
    if (a != b) return Order64(a, b);
    a = Load32(l + n - 4), b = Load32(r + n - 4);
    return a == b ? 0 : Order64(a, b);
  }
  for (; n > 0; ++l, ++r, --n) {
    if (*l != *r) return *l - *r;
  }
  return 0;
}
