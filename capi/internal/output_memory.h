// The memory a call's captured output (and messages) is written into, which the result
// then owns: one block that grows as the output comes, handed to the caller without a
// second copy.
//
// On Linux it is an anonymous mapping: address space is reserved up front (pages come as
// they are written, in huge pages where the kernel gives them) and it grows by mremap,
// which moves pages instead of copying them. In WebAssembly there is no such mapping
// (emscripten's mmap is malloc and a memset of every byte), so it is a heap block that
// grows by doubling and realloc.
#ifndef PLANVIEW_CAPI_INTERNAL_OUTPUT_MEMORY_H_
#define PLANVIEW_CAPI_INTERNAL_OUTPUT_MEMORY_H_

#include <cstddef>

namespace planview::capi::internal {

// Grows the block at `data` (`capacity` bytes; nullptr and 0 for none yet) to hold at least
// `size` bytes, keeping its contents; at least doubles it. `reserve` is the room wanted at
// the first growth where reserving costs no memory (a mapping's address space). False
// when memory ran out: the block is then unchanged.
bool GrowOutputMemory(char*& data, size_t& capacity, size_t size, size_t reserve);

// Frees a block GrowOutputMemory made (nothing for nullptr).
void FreeOutputMemory(char* data, size_t capacity) noexcept;

}  // namespace planview::capi::internal

#endif  // PLANVIEW_CAPI_INTERNAL_OUTPUT_MEMORY_H_
