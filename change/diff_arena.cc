#include "change/diff_arena.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>
#include <vector>

namespace planview::change {
namespace internal {
namespace {

// A chunk starts with its count of live blocks; blocks follow. Chunks are aligned to their
// size, so a block finds its chunk by masking its address.
struct ChunkHeader {
  // Blocks given out and not yet freed, plus kOpen while the thread still carves from it.
  std::atomic<size_t> live;
};
constexpr size_t kOpen = SIZE_MAX / 2;
constexpr size_t kHeaderBytes = alignof(std::max_align_t) > sizeof(ChunkHeader) ? alignof(std::max_align_t)
                                                                               : sizeof(ChunkHeader);

// Free chunks kept for reuse (streamed rendering frees trees as fast as it builds them),
// so the steady state takes no heap calls and touches no fresh pages.
constexpr size_t kSpareChunks = 32;
std::mutex spare_mutex;
std::vector<void*>* spare_chunks = new std::vector<void*>();  // never destroyed: used at thread exit

void* NewChunk() {
  {
    std::lock_guard<std::mutex> lock(spare_mutex);
    if (!spare_chunks->empty()) {
      void* raw = spare_chunks->back();
      spare_chunks->pop_back();
      return raw;
    }
  }
  void* raw = std::aligned_alloc(kArenaChunkBytes, kArenaChunkBytes);
  if (raw == nullptr) throw std::bad_alloc();
  return raw;
}

void Release(ChunkHeader* chunk, size_t count) noexcept {
  if (chunk->live.fetch_sub(count, std::memory_order_acq_rel) != count) return;
  chunk->~ChunkHeader();
  {
    std::lock_guard<std::mutex> lock(spare_mutex);
    if (spare_chunks->size() < kSpareChunks) {
      spare_chunks->push_back(chunk);
      return;
    }
  }
  std::free(chunk);
}

// The chunk this thread carves from. Blocks given out are counted here and settled with
// the chunk's atomic count once, when the thread moves on (no atomic per allocation).
struct ThreadChunk {
  ChunkHeader* chunk = nullptr;
  char* next = nullptr;
  char* end = nullptr;
  size_t given = 0;

  void Close() noexcept {
    if (chunk == nullptr) return;
    Release(chunk, kOpen - given);
    chunk = nullptr;
  }
  ~ThreadChunk() { Close(); }
};

thread_local ThreadChunk thread_chunk;
thread_local int scope_depth = 0;

uintptr_t AlignUp(uintptr_t at, size_t align) { return (at + align - 1) & ~static_cast<uintptr_t>(align - 1); }

}  // namespace

void* ArenaAllocate(size_t bytes, size_t align) {
  ThreadChunk& t = thread_chunk;
  uintptr_t at = AlignUp(reinterpret_cast<uintptr_t>(t.next), align);
  if (t.chunk == nullptr || at + bytes > reinterpret_cast<uintptr_t>(t.end)) {
    void* raw = NewChunk();
    t.Close();
    t.chunk = new (raw) ChunkHeader{kOpen};
    t.next = static_cast<char*>(raw) + kHeaderBytes;
    t.end = static_cast<char*>(raw) + kArenaChunkBytes;
    t.given = 0;
    at = AlignUp(reinterpret_cast<uintptr_t>(t.next), align);
  }
  ++t.given;
  t.next = reinterpret_cast<char*>(at + bytes);
  return reinterpret_cast<void*>(at);
}

void ArenaRelease(void* block) noexcept {
  auto chunk = reinterpret_cast<ChunkHeader*>(reinterpret_cast<uintptr_t>(block) & ~(kArenaChunkBytes - 1));
  Release(chunk, 1);
}

}  // namespace internal

DiffArenaScope::DiffArenaScope() { ++internal::scope_depth; }
DiffArenaScope::~DiffArenaScope() { --internal::scope_depth; }
bool DiffArenaScope::active() { return internal::scope_depth > 0; }

}  // namespace planview::change
