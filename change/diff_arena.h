// Memory for diff trees: the differ builds each tree's nodes (renderers) and their keyed
// child tables (FlatMap storage) in one bump arena instead of one heap block each, and a
// dropped tree gives its memory back in a few chunks instead of one free per node.
//
// Contract: while a DiffArenaScope lives on a thread, ArenaAllocator (and MakeRenderer)
// take memory on that thread from the scope's arena; elsewhere they use the heap, so trees
// built outside the differ (render-time diffs, dumps, tests) are unchanged. An arena counts
// its live blocks (plus one while its scope lives) and frees itself when the count drops
// to zero, so a node or table may outlive the scope and may be freed on any thread, like
// any heap block; ownership of the nodes (std::shared_ptr) is unchanged.
#ifndef PLANVIEW_CHANGE_DIFF_ARENA_H_
#define PLANVIEW_CHANGE_DIFF_ARENA_H_

#include <atomic>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace planview::change {

class DiffArena {
 public:
  DiffArena(const DiffArena&) = delete;
  DiffArena& operator=(const DiffArena&) = delete;

  // The arena of the innermost DiffArenaScope on this thread, or null.
  static DiffArena* Current();

  // A block of `bytes` aligned to `align` (at most alignof(max_align_t)); counts as live
  // until Release.
  void* Allocate(size_t bytes, size_t align);
  void Release() noexcept;

 private:
  friend class DiffArenaScope;
  DiffArena() = default;
  ~DiffArena();
  void* AllocateSlow(size_t bytes);
  void* AllocateStray(size_t bytes);

  struct Chunk;
  Chunk* chunks_ = nullptr;        // the scope's thread only
  Chunk* stray_chunks_ = nullptr;  // under a lock
  char* next_ = nullptr;
  char* end_ = nullptr;
  size_t next_chunk_size_ = 0;
  std::atomic<size_t> live_{1};  // blocks given out, plus one for the scope
};

// Makes the thread's allocations of diff-tree memory come from one new arena while it
// lives (a scope inside another shares the outer one's arena).
class DiffArenaScope {
 public:
  DiffArenaScope();
  ~DiffArenaScope();
  DiffArenaScope(const DiffArenaScope&) = delete;
  DiffArenaScope& operator=(const DiffArenaScope&) = delete;

 private:
  DiffArena* arena_ = nullptr;  // null when an outer scope owns the thread's arena
};

// A standard allocator over the thread's current arena (the heap when there is none). It
// remembers the arena it was made with, so memory goes back where it came from.
template <typename T>
class ArenaAllocator {
 public:
  using value_type = T;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;

  ArenaAllocator() noexcept : arena_(DiffArena::Current()) {}
  template <typename U>
  ArenaAllocator(const ArenaAllocator<U>& other) noexcept : arena_(other.arena()) {}  // NOLINT

  T* allocate(size_t n) {
    if (arena_ == nullptr) return static_cast<T*>(::operator new(n * sizeof(T)));
    return static_cast<T*>(arena_->Allocate(n * sizeof(T), alignof(T)));
  }
  void deallocate(T* p, size_t /*n*/) noexcept {
    if (arena_ == nullptr) {
      ::operator delete(p);
    } else {
      arena_->Release();
    }
  }
  // A copied container takes the memory of the thread that copies it.
  ArenaAllocator select_on_container_copy_construction() const { return ArenaAllocator(); }

  DiffArena* arena() const { return arena_; }
  template <typename U>
  bool operator==(const ArenaAllocator<U>& other) const {
    return arena_ == other.arena();
  }

 private:
  DiffArena* arena_;
};

// std::make_shared<T>(args...), in the thread's arena when there is one.
template <typename T, typename... Args>
std::shared_ptr<T> MakeInArena(Args&&... args) {
  return std::allocate_shared<T>(ArenaAllocator<T>(), std::forward<Args>(args)...);
}

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_DIFF_ARENA_H_
