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
  EXPECT_EQ(DiffArena::Current(), nullptr);
  Ints ints = {1, 2, 3};
  EXPECT_EQ(ints.get_allocator().arena(), nullptr);
  auto text = MakeInArena<std::string>("heap");
  EXPECT_EQ(*text, "heap");
}

TEST(DiffArena, OneArenaPerOutermostScope) {
  DiffArena* outer = nullptr;
  {
    DiffArenaScope scope;
    outer = DiffArena::Current();
    ASSERT_NE(outer, nullptr);
    {
      DiffArenaScope inner;
      EXPECT_EQ(DiffArena::Current(), outer);
    }
    EXPECT_EQ(DiffArena::Current(), outer);
  }
  EXPECT_EQ(DiffArena::Current(), nullptr);
  DiffArenaScope next;
  EXPECT_NE(DiffArena::Current(), nullptr);
}

TEST(DiffArena, BlocksAreAlignedAndDistinct) {
  DiffArenaScope scope;
  DiffArena* arena = DiffArena::Current();
  std::vector<char*> blocks;
  for (size_t size : {1, 3, 8, 17, 100, 5000, 70000, 300000, 2}) {
    char* p = static_cast<char*>(arena->Allocate(size, alignof(std::max_align_t)));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignof(std::max_align_t), 0u) << size;
    std::memset(p, static_cast<int>(size & 0xff), size);  // ASan checks the block is whole
    blocks.push_back(p);
  }
  for (size_t i = 0; i < blocks.size(); ++i) {
    for (size_t j = i + 1; j < blocks.size(); ++j) EXPECT_NE(blocks[i], blocks[j]);
  }
  for (size_t i = 0; i < blocks.size(); ++i) arena->Release();
}

// Nodes made in a scope outlive it, and the last one to go frees the arena, on any thread.
TEST(DiffArena, NodesOutliveTheScopeAndDieAnywhere) {
  std::vector<std::shared_ptr<Ints>> nodes;
  {
    DiffArenaScope scope;
    for (int64_t i = 0; i < 1000; ++i) {
      auto node = MakeInArena<Ints>();
      EXPECT_EQ(node->get_allocator().arena(), DiffArena::Current());
      for (int64_t j = 0; j <= i % 40; ++j) node->push_back(i * 100 + j);
      nodes.push_back(std::move(node));
    }
  }
  for (int64_t i = 0; i < 1000; ++i) {
    ASSERT_EQ(nodes[i]->size(), static_cast<size_t>(i % 40 + 1));
    EXPECT_EQ(nodes[i]->back(), i * 100 + i % 40);
  }
  // Grown after the scope (a stray block), then dropped on another thread.
  nodes[5]->resize(10000, 7);
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
  // A copy made outside any scope takes heap memory.
  std::thread other([&] {
    renderers::FlatMap<int> copy = map;
    EXPECT_EQ(copy.size(), 2u);
    EXPECT_EQ(copy.find("b")->second, 2);
  });
  other.join();
}

}  // namespace
}  // namespace planview::change
