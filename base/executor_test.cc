#include "base/executor.h"

#include <atomic>
#include <cstdint>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace planview::base {
namespace {

TEST(Executor, ParallelRunsCoversEveryIndexOnce) {
  Executor pool(2);
  for (size_t n : {0u, 1u, 7u, 256u, 1000u, 1001u}) {
    std::vector<std::atomic<int>> seen(n);
    pool.ParallelRuns(n, 100, [&](size_t begin, size_t end) {
      EXPECT_LT(begin, end);
      EXPECT_LE(end - begin, 100u);
      for (size_t i = begin; i < end; ++i) ++seen[i];
    });
    for (size_t i = 0; i < n; ++i) EXPECT_EQ(seen[i].load(), 1) << "n " << n << " index " << i;
  }
}

TEST(Executor, ParallelRunsRethrowsTheLowestRunsError) {
  Executor pool(2);
  for (int round = 0; round < 20; ++round) {
    try {
      pool.ParallelRuns(40, 10, [](size_t begin, size_t) {
        // Run 1 throws last, after the later runs have thrown.
        if (begin == 10) std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (begin >= 10) throw std::runtime_error("run at " + std::to_string(begin));
      });
      FAIL() << "nothing thrown";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "run at 10");
    }
  }
}

TEST(Executor, ParallelRunsWithoutHelpersRunsInOrder) {
  Executor pool(1);
  std::vector<size_t> begins;
  pool.ParallelRuns(25, 10, [&](size_t begin, size_t) { begins.push_back(begin); });
  EXPECT_EQ(begins, (std::vector<size_t>{0, 10, 20}));
}

TEST(Executor, ParallelRunsOnWithoutAPoolIsOneRunHere) {
  std::vector<std::pair<size_t, size_t>> runs;
  ParallelRunsOn(nullptr, 25, 10, [&](size_t begin, size_t end) { runs.emplace_back(begin, end); });
  EXPECT_EQ(runs, (std::vector<std::pair<size_t, size_t>>{{0, 25}}));
  ParallelRunsOn(nullptr, 0, 10, [&](size_t begin, size_t end) { runs.emplace_back(begin, end); });
  EXPECT_EQ(runs.size(), 1u);
  Executor pool(1);
  runs.clear();
  ParallelRunsOn(&pool, 25, 10, [&](size_t begin, size_t end) { runs.emplace_back(begin, end); });
  EXPECT_EQ(runs, (std::vector<std::pair<size_t, size_t>>{{0, 10}, {10, 20}, {20, 25}}));
}

// The error is the lowest failing item's, with and without helpers and whatever the timing:
// here the runs above fail first while the lowest failing run is held back.
TEST(Executor, ParallelUntilErrorGivesTheLowestFailingItem) {
  for (int threads : {0, 1, 2}) {
    Executor pool(threads == 0 ? 1 : threads);
    Executor* executor = threads == 0 ? nullptr : &pool;
    for (int round = 0; round < 10; ++round) {
      std::vector<std::atomic<int>> tried(100);
      Expected<void> result = ParallelUntilErrorOn(executor, 100, 10, [&](size_t i) -> Expected<void> {
        ++tried[i];
        if (i == 23) std::this_thread::sleep_for(std::chrono::milliseconds(2));
        if (i == 23 || i == 27 || i >= 60) return Error("item " + std::to_string(i));
        return {};
      });
      ASSERT_FALSE(result);
      EXPECT_EQ(std::move(result).error().message, "item 23") << threads;
      for (size_t i = 0; i <= 23; ++i) EXPECT_EQ(tried[i].load(), 1) << threads << " item " << i;
      for (size_t i = 24; i < 30; ++i) EXPECT_EQ(tried[i].load(), 0) << "the run stops at its failure";
    }
  }
  Executor pool(2);
  std::vector<std::atomic<int>> tried(1001);
  EXPECT_TRUE(ParallelUntilErrorOn(&pool, 1001, 10, [&](size_t i) -> Expected<void> {
    ++tried[i];
    return {};
  }));
  for (size_t i = 0; i < tried.size(); ++i) EXPECT_EQ(tried[i].load(), 1) << i;
  EXPECT_TRUE(ParallelUntilErrorOn(&pool, 0, 10, [](size_t) -> Expected<void> { return Error("none"); }));
}

TEST(Executor, ParallelForFromHelpersAndTasksFinishes) {
  // Loops started inside loops and tasks, with helpers busy: the caller always works on
  // its own loop, so nothing waits for a helper that never comes.
  for (int threads : {1, 2, 3}) {
    Executor executor(threads);
    std::atomic<int> calls{0};
    executor.ParallelFor(8, [&](size_t) { executor.ParallelFor(8, [&](size_t) { ++calls; }); });
    EXPECT_EQ(calls.load(), 64) << threads;
  }
}

TEST(Executor, TaskRunsOnceAndWaitRethrows) {
  for (int threads : {1, 2}) {
    Executor executor(threads);
    std::atomic<int> runs{0};
    std::vector<Executor::Task> tasks;
    for (int i = 0; i < 50; ++i) tasks.push_back(executor.Start([&] { ++runs; }));
    for (Executor::Task& task : tasks) task.Wait();
    EXPECT_EQ(runs.load(), 50) << threads;
    Executor::Task failing = executor.Start([] { throw std::runtime_error("task failed"); });
    try {
      failing.Wait();
      FAIL() << "nothing thrown";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "task failed");
    }
  }
}

TEST(Executor, TaskRunsOnAHelperWhileTheCallerWorks) {
  Executor executor(2);
  ASSERT_EQ(executor.helpers(), 1);
  std::atomic<bool> started{false};
  std::atomic<bool> release{false};
  Executor::Task task = executor.Start([&] {
    started = true;
    while (!release) std::this_thread::yield();
  });
  // Only a helper can run it now: this thread has not waited yet.
  while (!started) std::this_thread::yield();
  release = true;
  task.Wait();
}

TEST(Executor, RunOnLargeStackGivesTheResultAndRoomToRecurse) {
  Executor executor(1);
  // 64 MiB of stack: more than a default thread has.
  std::function<int(int)> deep = [&](int depth) -> int {
    volatile char pad[4096];
    pad[0] = static_cast<char>(depth);
    return depth == 0 ? pad[0] : deep(depth - 1) + 1;
  };
  EXPECT_EQ(executor.RunOnLargeStack([&] { return deep(16 * 1024); }), 16 * 1024);
}

}  // namespace
}  // namespace planview::base
