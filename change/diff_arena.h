// Memory for diff trees: while the differ builds a tree, its nodes (renderers) and keyed
// child tables (FlatMap storage) are carved from 64 KiB chunks kept per thread instead of
// one heap block each, and a dropped tree gives its memory back without a heap free per
// node.
//
// Contract: ArenaAllocator (and MakeInArena) made while a DiffArenaScope lives on the
// thread take their blocks from the chunk of the thread that allocates; made elsewhere they
// use the heap, so trees built outside the differ (render-time diffs, dumps, tests) are
// unchanged. Blocks larger than a quarter chunk always come from the heap. A chunk counts
// its live blocks and returns to the heap once the last is freed (on any thread) and its
// thread has moved on to a newer chunk, so trees built one after another share chunks,
// any node may outlive the scope, and ownership (std::shared_ptr) is unchanged.
#ifndef PLANVIEW_CHANGE_DIFF_ARENA_H_
#define PLANVIEW_CHANGE_DIFF_ARENA_H_

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace planview::change {

// Diff-tree memory comes from the arena on this thread while one lives (scopes nest).
class DiffArenaScope {
 public:
  DiffArenaScope();
  ~DiffArenaScope();
  DiffArenaScope(const DiffArenaScope&) = delete;
  DiffArenaScope& operator=(const DiffArenaScope&) = delete;

  static bool active();  // on this thread
};

namespace internal {
inline constexpr size_t kArenaChunkBytes = size_t{64} << 10;
inline constexpr size_t kLargestArenaBlock = kArenaChunkBytes / 4;
// A block from this thread's chunk (`align` at most alignof(std::max_align_t)).
void* ArenaAllocate(size_t bytes, size_t align);
// Gives back a block ArenaAllocate returned, from any thread.
void ArenaRelease(void* block) noexcept;
}  // namespace internal

// A standard allocator: arena blocks when made inside a DiffArenaScope, else the heap.
template <typename T>
class ArenaAllocator {
 public:
  using value_type = T;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;

  ArenaAllocator() noexcept : in_arena_(DiffArenaScope::active()) {}
  template <typename U>
  ArenaAllocator(const ArenaAllocator<U>& other) noexcept : in_arena_(other.in_arena()) {}  // NOLINT

  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    if (in_arena_ && bytes <= internal::kLargestArenaBlock && n <= internal::kLargestArenaBlock) {
      return static_cast<T*>(internal::ArenaAllocate(bytes, alignof(T)));
    }
    return static_cast<T*>(::operator new(bytes));
  }
  void deallocate(T* p, size_t n) noexcept {
    if (in_arena_ && n * sizeof(T) <= internal::kLargestArenaBlock && n <= internal::kLargestArenaBlock) {
      internal::ArenaRelease(p);
    } else {
      ::operator delete(p);
    }
  }
  // A copied container takes memory as its copier's thread does.
  ArenaAllocator select_on_container_copy_construction() const { return ArenaAllocator(); }

  bool in_arena() const { return in_arena_; }
  template <typename U>
  bool operator==(const ArenaAllocator<U>& other) const {
    return in_arena_ == other.in_arena();
  }

 private:
  bool in_arena_;
};

// std::make_shared<T>(args...), in the arena inside a DiffArenaScope.
template <typename T, typename... Args>
std::shared_ptr<T> MakeInArena(Args&&... args) {
  return std::allocate_shared<T>(ArenaAllocator<T>(), std::forward<Args>(args)...);
}

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_DIFF_ARENA_H_
