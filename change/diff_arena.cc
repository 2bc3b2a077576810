#include "change/diff_arena.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <new>

namespace planview::change {
namespace {

thread_local DiffArena* current_arena = nullptr;

constexpr size_t kFirstChunk = 4 << 10;
constexpr size_t kLargestChunk = 256 << 10;

uintptr_t AlignUp(uintptr_t at, size_t align) { return (at + align - 1) & ~static_cast<uintptr_t>(align - 1); }

std::mutex stray_mutex;

}  // namespace

// Chunks are one malloc each, the header first; `data` follows it, maximally aligned.
struct DiffArena::Chunk {
  Chunk* next;
  static constexpr size_t kHeader = alignof(std::max_align_t) > sizeof(Chunk*) ? alignof(std::max_align_t)
                                                                                 : sizeof(Chunk*);
  char* data() { return reinterpret_cast<char*>(this) + kHeader; }

  static Chunk* Make(size_t capacity, Chunk* next) {
    void* raw = std::malloc(kHeader + capacity);
    if (raw == nullptr) throw std::bad_alloc();
    Chunk* chunk = static_cast<Chunk*>(raw);
    chunk->next = next;
    return chunk;
  }
};

DiffArena* DiffArena::Current() { return current_arena; }

DiffArena::~DiffArena() {
  for (Chunk* list : {chunks_, stray_chunks_}) {
    for (Chunk* c = list; c != nullptr;) {
      Chunk* next = c->next;
      std::free(c);
      c = next;
    }
  }
}

void* DiffArena::Allocate(size_t bytes, size_t align) {
  if (current_arena != this) return AllocateStray(bytes);
  const uintptr_t at = AlignUp(reinterpret_cast<uintptr_t>(next_), align);
  if (next_ == nullptr || at + bytes > reinterpret_cast<uintptr_t>(end_)) return AllocateSlow(bytes);
  live_.fetch_add(1, std::memory_order_relaxed);
  next_ = reinterpret_cast<char*>(at + bytes);
  return reinterpret_cast<void*>(at);
}

void* DiffArena::AllocateSlow(size_t bytes) {
  live_.fetch_add(1, std::memory_order_relaxed);
  if (bytes > next_chunk_size_ / 2 && next_chunk_size_ >= kLargestChunk) {
    // A large block gets a chunk of its own; the current chunk keeps serving small ones.
    chunks_ = Chunk::Make(bytes, chunks_);
    return chunks_->data();
  }
  size_t capacity = std::max(next_chunk_size_ == 0 ? kFirstChunk : next_chunk_size_, bytes);
  next_chunk_size_ = std::min(std::max(capacity, kFirstChunk) * 2, kLargestChunk);
  chunks_ = Chunk::Make(capacity, chunks_);
  next_ = chunks_->data() + bytes;
  end_ = chunks_->data() + capacity;
  return chunks_->data();
}

void* DiffArena::AllocateStray(size_t bytes) {
  // Another thread, or after the scope: a chunk of its own, linked under the lock.
  live_.fetch_add(1, std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(stray_mutex);
  stray_chunks_ = Chunk::Make(bytes, stray_chunks_);
  return stray_chunks_->data();
}

void DiffArena::Release() noexcept {
  if (live_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
}

DiffArenaScope::DiffArenaScope() {
  if (current_arena != nullptr) return;
  arena_ = new DiffArena();
  current_arena = arena_;
}

DiffArenaScope::~DiffArenaScope() {
  if (arena_ == nullptr) return;
  current_arena = nullptr;
  arena_->Release();
}

}  // namespace planview::change
