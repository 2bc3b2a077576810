#include "structured/json_skip.h"

#include <cstdint>

#if defined(__AVX2__) && defined(__PCLMUL__)
#include <immintrin.h>
#endif

// 64 bytes at a time: which bytes are quotes, backslashes and brackets; which quotes a
// backslash escapes; which bytes lie inside strings (a running parity of the real
// quotes); and the bracket depth, counted per block and walked bit by bit only in the
// block where it may reach zero.

namespace planview::structured::internal {
namespace {

struct BlockMasks {
  uint64_t quote = 0;
  uint64_t backslash = 0;
  uint64_t open = 0;
  uint64_t close = 0;
};

#if defined(__AVX2__) && defined(__PCLMUL__)
uint64_t Equal(__m256i lo, __m256i hi, char c) {
  __m256i wanted = _mm256_set1_epi8(c);
  uint64_t low = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(lo, wanted)));
  uint64_t high = static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(hi, wanted)));
  return low | (high << 32);
}

BlockMasks Classify(const char* p) {
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

// Bit i of the result: the parity of bits 0..i of `bits`.
uint64_t PrefixParity(uint64_t bits) {
  __m128i all_ones = _mm_set1_epi8(static_cast<char>(0xFF));
  __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<int64_t>(bits)), all_ones, 0);
  return static_cast<uint64_t>(_mm_cvtsi128_si64(product));
}
#else
BlockMasks Classify(const char* p) {
  BlockMasks m;
  for (int i = 0; i < 64; ++i) {
    uint64_t bit = uint64_t{1} << i;
    char c = p[i];
    if (c == '"') m.quote |= bit;
    if (c == '\\') m.backslash |= bit;
    if (c == '{' || c == '[') m.open |= bit;
    if (c == '}' || c == ']') m.close |= bit;
  }
  return m;
}

uint64_t PrefixParity(uint64_t bits) {
  for (int shift = 1; shift < 64; shift <<= 1) bits ^= bits << shift;
  return bits;
}
#endif

// The bytes escaped by a backslash: in each run of backslashes every second one escapes
// the byte after it, so the byte after a run is escaped when the run's length is odd.
// Adding a run's lowest bit carries past its end; whether that end is odd or even says
// the run's parity, given where it started. `carry` says whether the block's first byte
// is escaped, and is set for the next block.
uint64_t Escaped(uint64_t backslash, bool& carry) {
  constexpr uint64_t kEven = 0x5555555555555555;
  constexpr uint64_t kOdd = ~kEven;
  uint64_t first = carry ? 1 : 0;
  uint64_t runs = backslash & ~first;
  uint64_t starts = runs & ~(runs << 1);
  uint64_t after_even_starts = (runs + (starts & kEven)) & ~runs;
  uint64_t odd_sum;
  carry = __builtin_add_overflow(runs, starts & kOdd, &odd_sum);
  uint64_t after_odd_starts = odd_sum & ~runs;
  return (after_even_starts & kOdd) | (after_odd_starts & kEven) | first;
}

}  // namespace

size_t SkipContainer(const char* text, size_t begin, size_t size) {
  bool escape_carry = false;
  uint64_t inside = 0;  // all ones when the block starts inside a string
  int64_t depth = 0;
  for (size_t at = begin; at < size; at += 64) {
    BlockMasks m = Classify(text + at);
    // Bytes past the end are padding (zeros): they hold nothing that matters.
    if (size - at < 64) {
      uint64_t valid = (uint64_t{1} << (size - at)) - 1;
      m.quote &= valid;
      m.backslash &= valid;
      m.open &= valid;
      m.close &= valid;
    }
    uint64_t quotes = m.quote;
    if (m.backslash != 0 || escape_carry) quotes &= ~Escaped(m.backslash, escape_carry);
    uint64_t in_string = PrefixParity(quotes) ^ inside;
    inside = static_cast<uint64_t>(static_cast<int64_t>(in_string) >> 63);
    uint64_t open = m.open & ~in_string;
    uint64_t close = m.close & ~in_string;
    int closes = __builtin_popcountll(close);
    if (depth > closes) {
      depth += __builtin_popcountll(open) - closes;
      continue;
    }
    uint64_t brackets = open | close;
    while (brackets != 0) {
      uint64_t bit = brackets & (~brackets + 1);
      if (open & bit) {
        ++depth;
      } else if (--depth == 0) {
        return at + static_cast<size_t>(__builtin_ctzll(bit)) + 1;
      }
      brackets ^= bit;
    }
  }
  return kNoEnd;
}

}  // namespace planview::structured::internal
