// The WebAssembly module's memcpy, memmove, memset, memchr and memcmp: js/BUILD links
// this object into the module, so the libc archive's members for these names, pulled only
// for symbols still undefined, never are.
//
// Emscripten's prebuilt libc copies and fills with word loops and hands copies of 512
// bytes or more to JavaScript (HEAPU8.set); its memchr and memcmp read 4-byte words at
// best. Here copies and fills are the bulk-memory instructions memory.copy and
// memory.fill (which the engine runs as its own memmove and memset), and memchr and
// memcmp read 16 bytes at a time with SIMD128. Compiled with -mbulk-memory, -msimd128
// (js/wasm.bzl) and -fno-builtin (no loop below may become a call of itself).
#if !defined(__wasm__) || !defined(__wasm_bulk_memory__) || !defined(__wasm_simd128__)
#error "js/wasm_memory.c is for WebAssembly with bulk memory and SIMD128 only"
#endif

#include <stddef.h>
#include <stdint.h>
#include <wasm_simd128.h>

// Clang lowers these builtins, of a length it does not know, to memory.copy and
// memory.fill when bulk memory is enabled: no call, so no recursion.
void* memcpy(void* restrict dest, const void* restrict src, size_t n) {
  __builtin_memcpy(dest, src, n);
  return dest;
}

// memory.copy is correct for overlapping ranges.
void* memmove(void* dest, const void* src, size_t n) {
  __builtin_memmove(dest, src, n);
  return dest;
}

void* memset(void* dest, int c, size_t n) {
  __builtin_memset(dest, c, n);
  return dest;
}

// Loads only whole 16-byte blocks inside [src, src + n), then the rest byte by byte.
void* memchr(const void* src, int c, size_t n) {
  const unsigned char* s = src;
  const unsigned char wanted = (unsigned char)c;
  const v128_t splat = wasm_u8x16_splat(wanted);
  for (; n >= 16; s += 16, n -= 16) {
    uint32_t mask = wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(s), splat));
    if (mask != 0) return (void*)(s + __builtin_ctz(mask));
  }
  for (; n > 0; ++s, --n) {
    if (*s == wanted) return (void*)s;
  }
  return NULL;
}

int memcmp(const void* left, const void* right, size_t n) {
  const unsigned char* l = left;
  const unsigned char* r = right;
  for (; n >= 16; l += 16, r += 16, n -= 16) {
    uint32_t same = wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(l), wasm_v128_load(r)));
    if (same != 0xFFFF) {
      size_t i = (size_t)__builtin_ctz(~same);
      return l[i] - r[i];
    }
  }
  for (; n > 0; ++l, ++r, --n) {
    if (*l != *r) return *l - *r;
  }
  return 0;
}
