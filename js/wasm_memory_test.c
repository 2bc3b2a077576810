// js/wasm_memory.c's functions against byte-by-byte definitions: every length to 100
// at every alignment, overlapping moves both ways, a match or difference at every
// position (bytes above 0x7F included). Run in Node by wasm_memory_test.sh; exits 1 on
// the first difference, printing it.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMax = 100, kSpan = 3 * kMax };

static unsigned char a[kSpan], b[kSpan], want[kSpan];
static long checks = 0;

static void Fill(unsigned char* p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; ++i) p[i] = (unsigned char)(seed * 131 + i * 37 + (i >> 3));
}

static void Expect(int ok, const char* what, size_t n, size_t x, size_t y) {
  ++checks;
  if (!ok) {
    printf("FAIL %s: n=%zu at %zu, %zu\n", what, n, x, y);
    exit(1);
  }
}

static int Sign(int v) { return (v > 0) - (v < 0); }

int main(void) {
  for (size_t n = 0; n <= kMax; ++n) {
    for (size_t dst = 0; dst < 16; ++dst) {
      for (size_t src = 0; src < 16; ++src) {
        // memcpy between distinct arrays; the bytes around the destination stay.
        Fill(a, kSpan, (unsigned)(n + src));
        Fill(b, kSpan, 7);
        Fill(want, kSpan, 7);
        for (size_t i = 0; i < n; ++i) want[kMax + dst + i] = a[kMax + src + i];
        Expect(memcpy(b + kMax + dst, a + kMax + src, n) == b + kMax + dst, "memcpy result", n, dst, src);
        for (size_t i = 0; i < kSpan; ++i) Expect(b[i] == want[i], "memcpy", n, dst, i);

        // memmove within one array: the destination up to 15 bytes before or after.
        for (int dir = -1; dir <= 1; dir += 2) {
          size_t from = kMax + src, to = kMax + src + (size_t)(dir * (int)dst);
          Fill(a, kSpan, (unsigned)n);
          Fill(want, kSpan, (unsigned)n);
          Fill(b, kSpan, (unsigned)n);  // the bytes before the move
          for (size_t i = 0; i < n; ++i) want[to + i] = b[from + i];
          Expect(memmove(a + to, a + from, n) == a + to, "memmove result", n, to, from);
          for (size_t i = 0; i < kSpan; ++i) Expect(a[i] == want[i], "memmove", n, to, i);
        }
      }
      // memset: the value's low byte, only the n bytes.
      Fill(a, kSpan, 3);
      Fill(want, kSpan, 3);
      for (size_t i = 0; i < n; ++i) want[kMax + dst + i] = 0xA5;
      Expect(memset(a + kMax + dst, 0x7A5, n) == a + kMax + dst, "memset result", n, dst, 0);
      for (size_t i = 0; i < kSpan; ++i) Expect(a[i] == want[i], "memset", n, dst, i);

      // memchr: no match, then a match at every position (and a later one), the byte
      // given as an int with other bits set.
      const unsigned char* s = a + kMax + dst;
      for (size_t i = 0; i < kSpan; ++i) a[i] = (unsigned char)(i % 7);
      a[kMax + dst - 1] = 0xC8;  // just before and after: never to be found
      a[kMax + dst + n] = 0xC8;
      Expect(memchr(s, 0xC8, n) == NULL, "memchr absent", n, dst, 0);
      for (size_t at = 0; at < n; ++at) {
        a[kMax + dst + at] = 0xC8;
        if (at + 5 < n) a[kMax + dst + at + 5] = 0xC8;
        Expect(memchr(s, 0x1C8, n) == s + at, "memchr", n, dst, at);
        a[kMax + dst + at] = 1;
        if (at + 5 < n) a[kMax + dst + at + 5] = 1;
      }

      // memcmp: equal, then one byte different at every position, both ways, with a
      // difference after it that must not count.
      Fill(a, kSpan, 5);
      Fill(b, kSpan, 5);
      b[kMax + dst + n] ^= 1;
      Expect(memcmp(a + kMax + dst, b + kMax + dst, n) == 0, "memcmp equal", n, dst, 0);
      for (size_t at = 0; at < n; ++at) {
        for (int k = 0; k < 2; ++k) {
          unsigned char x = k ? 0x10 : 0x90, y = k ? 0xF0 : 0x0F;
          a[kMax + dst + at] = x;
          b[kMax + dst + at] = y;
          if (at + 1 < n) b[kMax + dst + at + 1] = (unsigned char)(a[kMax + dst + at + 1] + 1);
          int got = memcmp(a + kMax + dst, b + kMax + dst, n);
          Expect(Sign(got) == Sign((int)x - (int)y), "memcmp order", n, dst, at);
          Expect(Sign(memcmp(b + kMax + dst, a + kMax + dst, n)) == -Sign(got), "memcmp reversed", n, dst, at);
          for (size_t i = 0; i < kSpan; ++i) b[i] = a[i];
          b[kMax + dst + n] ^= 1;
        }
      }
    }
  }
  printf("ok: %ld checks\n", checks);
  return 0;
}
