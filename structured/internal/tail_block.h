// A kernel's block read at the very end of a text that has no padding after it: the last
// bytes, copied into a zeroed block, are read there instead (nothing past the end is
// read). Out of line, so that the common case stays one inlined block read. Like
// skip_container.h, included only by the kernel translation units.
#ifndef PLANVIEW_STRUCTURED_INTERNAL_TAIL_BLOCK_H_
#define PLANVIEW_STRUCTURED_INTERNAL_TAIL_BLOCK_H_

#include "structured/internal/json_parser_includes.h"

namespace planview::structured::internal {
namespace {

// The last bytes of a text, [p, end) (fewer than N), followed by zeros: what a block read
// there finds when the text has no padding after it (nothing past `end` is read).
template <size_t N>
struct TailBlock {
  alignas(32) char bytes[N] = {};
  TailBlock(const char* p, const char* end) { std::memcpy(bytes, p, static_cast<size_t>(end - p)); }
};

// K::Classify of the last bytes, [p, end) (fewer than 64), followed by zeros.
template <class K>
__attribute__((noinline)) BlockMasks ClassifyTail(const char* p, const char* end) {
  return K::Classify(TailBlock<64>(p, end).bytes);
}

// K::Backslashes of the last bytes, [p, end) (fewer than 32), followed by zeros.
template <class K>
__attribute__((noinline)) uint32_t BackslashesTail(const char* p, const char* end) {
  return K::Backslashes(TailBlock<32>(p, end).bytes);
}

// K::StringStops of the last bytes, [p, end) (fewer than 32), followed by zeros.
template <class K>
__attribute__((noinline)) StringMasks StringStopsTail(const char* p, const char* end) {
  return K::StringStops(TailBlock<32>(p, end).bytes);
}

}  // namespace
}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_TAIL_BLOCK_H_
