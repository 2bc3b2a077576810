// SkipContainer (structured/json_skip.h) for one kernel K (kernels/masks.h). Included only
// by the kernel translation units (structured/internal/kernels/*.cc); everything here is
// local to each of them, so code compiled for one instruction set never leaks into another.
//
// 64 bytes at a time: which bytes are quotes, backslashes and brackets; which quotes a
// backslash escapes; which bytes lie inside strings (a running parity of the real
// quotes); and the bracket depth, counted per block and walked bit by bit only in the
// block where it may reach zero.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_SKIP_CONTAINER_H_
#define PLANVIEW_STRUCTURED_INTERNAL_SKIP_CONTAINER_H_

#include "structured/internal/json_parser_includes.h"
#include "structured/internal/tail_block.h"

namespace planview::structured::internal {
namespace {

// The bytes escaped by a backslash: in each run of backslashes every second one escapes
// the byte after it, so the byte after a run is escaped when the run's length is odd.
// Adding a run's lowest bit carries past its end; whether that end is odd or even says
// the run's parity, given where it started. `carry` says whether the block's first byte
// is escaped, and is set for the next block.
inline uint64_t Escaped(uint64_t backslash, bool& carry) {
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

// One 64-byte block at `at`: its opening and closing brackets outside strings. `carry`
// and `inside` carry the escape and string state from block to block.
struct BlockBrackets {
  uint64_t open;
  uint64_t close;
};
template <class K>
inline BlockBrackets ClassifyBrackets(const char* text, size_t at, size_t size, bool& carry, uint64_t& inside) {
  // The last block is read from a copy (out of line): the text need not be padded.
  BlockMasks m = __builtin_expect(size - at >= 64, 1) ? K::Classify(text + at) : ClassifyTail<K>(text + at, text + size);
  // Bytes past the end hold nothing that matters.
  if (size - at < 64) {
    uint64_t valid = (uint64_t{1} << (size - at)) - 1;
    m.quote &= valid;
    m.backslash &= valid;
    m.open &= valid;
    m.close &= valid;
  }
  uint64_t quotes = m.quote;
  if (m.backslash != 0 || carry) quotes &= ~Escaped(m.backslash, carry);
  uint64_t in_string = K::PrefixParity(quotes) ^ inside;
  inside = static_cast<uint64_t>(static_cast<int64_t>(in_string) >> 63);
  return {m.open & ~in_string, m.close & ~in_string};
}

// The end of the container at `begin` (past its closing bracket), or kNoEnd. With kNote
// it is an array, the elements of it that are arrays or objects are counted (`count`),
// and noted where they begin (their opening brackets), each at least `note_every` bytes
// after the last noted.
template <class K, bool kNote>
size_t SkipBrackets(const char* text, size_t begin, size_t size, size_t note_every, std::vector<size_t>* noted,
                    size_t* count) {
  bool escape_carry = false;
  uint64_t inside = 0;  // all ones when the block starts inside a string
  int64_t depth = 0;
  size_t next_note = 0;
  for (size_t at = begin; at < size; at += 64) {
    auto [open, close] = ClassifyBrackets<K>(text, at, size, escape_carry, inside);
    int closes = __builtin_popcountll(close);
    // The depth stays above 0 all through the block (to note: inside one element).
    if (depth > closes + (kNote ? 1 : 0)) {
      depth += __builtin_popcountll(open) - closes;
      continue;
    }
    uint64_t brackets = open | close;
    while (brackets != 0) {
      uint64_t bit = brackets & (~brackets + 1);
      if (open & bit) {
        ++depth;
        if constexpr (kNote) {
          const size_t element = at + static_cast<size_t>(__builtin_ctzll(bit));
          if (depth == 2) {
            ++*count;
            if (element >= next_note) {
              noted->push_back(element);
              next_note = element + note_every;
            }
          }
        }
      } else if (--depth == 0) {
        return at + static_cast<size_t>(__builtin_ctzll(bit)) + 1;
      }
      brackets ^= bit;
    }
  }
  return kNoEnd;
}

template <class K>
size_t SkipContainerWith(const char* text, size_t begin, size_t size) {
  return SkipBrackets<K, false>(text, begin, size, 0, nullptr, nullptr);
}

template <class K>
size_t SkipArrayNotingWith(const char* text, size_t begin, size_t size, size_t note_every, std::vector<size_t>& noted,
                           size_t& count) {
  return SkipBrackets<K, true>(text, begin, size, note_every, &noted, &count);
}

}  // namespace
}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_SKIP_CONTAINER_H_
