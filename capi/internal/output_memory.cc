#include "capi/internal/output_memory.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#if !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#include <unistd.h>

#include "base/huge_pages.h"
#endif

namespace planview::capi::internal {

namespace {

// At least `size`, and twice `capacity` (saturating).
size_t Doubled(size_t size, size_t capacity) {
  return std::max(size, capacity < SIZE_MAX / 2 ? capacity * 2 : SIZE_MAX);
}

}  // namespace

#if defined(__EMSCRIPTEN__)

// The first block: small, since the heap's memory is real memory, not address space.
constexpr size_t kFirstBlockBytes = size_t{64} << 10;

bool GrowOutputMemory(char*& data, size_t& capacity, size_t size, size_t /*reserve*/) {
  if (size <= capacity) return true;
  const size_t grown = std::max(Doubled(size, capacity), kFirstBlockBytes);
  void* bigger = std::realloc(data, grown);
  if (bigger == nullptr) return false;
  data = static_cast<char*>(bigger);
  capacity = grown;
  return true;
}

void FreeOutputMemory(char* data, size_t /*capacity*/) noexcept { std::free(data); }

#else

bool GrowOutputMemory(char*& data, size_t& capacity, size_t size, size_t reserve) {
  if (size <= capacity) return true;
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  size_t grown = std::max(Doubled(size, capacity), reserve);
  if (grown > SIZE_MAX - page) return false;
  grown = (grown + page - 1) / page * page;
  void* bigger = data == nullptr
                     ? mmap(nullptr, grown, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
                     : mremap(data, capacity, grown, MREMAP_MAYMOVE);
  if (bigger == MAP_FAILED) return false;
  data = static_cast<char*>(bigger);
  capacity = grown;
  base::AdviseHugePages(data, capacity);
  return true;
}

void FreeOutputMemory(char* data, size_t capacity) noexcept {
  if (data != nullptr) munmap(data, capacity);
}

#endif

}  // namespace planview::capi::internal
