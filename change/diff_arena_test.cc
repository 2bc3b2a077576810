#include "change/diff_arena.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "change/renderers/flat_map.h"

namespace planview::change {
namespace {

using Ints = std::vector<int64_t, ArenaAllocator<int64_t>>;

TEST(DiffArena, HeapOutsideAScope) {
  EXPECT_FALSE(DiffArenaScope::active());
  Ints ints = {1, 2, 3};
  EXPECT_FALSE(ints.get_allocator().in_arena());
  auto text = MakeInArena<std::string>("heap");
  EXPECT_EQ(*text, "heap");
}

TEST(DiffArena, ScopesNest) {
  {
    DiffArenaScope scope;
    EXPECT_TRUE(DiffArenaScope::active());
    {
      DiffArenaScope inner;
      EXPECT_TRUE(DiffArenaScope::active());
    }
    EXPECT_TRUE(DiffArenaScope::active());
    EXPECT_TRUE(ArenaAllocator<int>().in_arena());
  }
  EXPECT_FALSE(DiffArenaScope::active());
  EXPECT_FALSE(ArenaAllocator<int>().in_arena());
}

TEST(DiffArena, BlocksAreAlignedAndDistinct) {
  std::vector<std::pair<char*, size_t>> blocks;
  for (int round = 0; round < 50; ++round) {
    for (size_t size : {1, 3, 8, 17, 100, 5000, 16384, 2}) {
      char* p = static_cast<char*>(internal::ArenaAllocate(size, alignof(std::max_align_t)));
      EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), 0u) << size;
      std::memset(p, static_cast<int>(size & 0xff), size);  // ASan checks the block is whole
      blocks.emplace_back(p, size);
    }
  }
  for (const auto& [p, size] : blocks) {
    for (size_t i = 0; i < size; ++i) ASSERT_EQ(p[i], static_cast<char>(size & 0xff)) << size;
  }
  for (const auto& [p, size] : blocks) internal::ArenaRelease(p);
}

// Nodes made in a scope outlive it, and may be freed on any thread.
TEST(DiffArena, NodesOutliveTheScopeAndDieAnywhere) {
  std::vector<std::shared_ptr<Ints>> nodes;
  {
    DiffArenaScope scope;
    for (int64_t i = 0; i < 3000; ++i) {
      auto node = MakeInArena<Ints>();
      EXPECT_TRUE(node->get_allocator().in_arena());
      for (int64_t j = 0; j <= i % 40; ++j) node->push_back(i * 100 + j);
      nodes.push_back(std::move(node));
    }
    nodes[7]->resize(100000, 7);  // larger than an arena block: from the heap
  }
  for (int64_t i = 0; i < 3000; ++i) {
    ASSERT_GE(nodes[i]->size(), static_cast<size_t>(i % 40 + 1));
    EXPECT_EQ((*nodes[i])[i % 40], i * 100 + i % 40);
  }
  // Grown after the scope, on another thread: that thread's chunk.
  std::thread grow([&] { nodes[5]->resize(1000, 7); });
  grow.join();
  std::thread other([moved = std::move(nodes)]() mutable { moved.clear(); });
  other.join();
}

TEST(DiffArena, FlatMapEntriesLiveInTheArena) {
  DiffArenaScope scope;
  renderers::FlatMap<int> map;
  map.reserve(3);
  map.emplace("b", 2);
  map.emplace("a", 1);
  map.emplace("a", 9);
  ASSERT_EQ(map.size(), 2u);
  EXPECT_EQ(map.begin()->first, "a");
  EXPECT_EQ(map.begin()->second, 1);
  std::thread other([&] {
    renderers::FlatMap<int> copy = map;  // outside any scope: heap memory
    EXPECT_EQ(copy.size(), 2u);
    EXPECT_EQ(copy.find("b")->second, 2);
  });
  other.join();
}

}  // namespace
}  // namespace planview::change
