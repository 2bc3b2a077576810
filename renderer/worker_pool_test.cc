#include "renderer/worker_pool.h"

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace planview::renderer {
namespace {

TEST(WorkerPool, ParallelRunsCoversEveryIndexOnce) {
  WorkerPool pool(1);
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

TEST(WorkerPool, ParallelRunsRethrowsTheLowestRunsError) {
  WorkerPool pool(1);
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

TEST(WorkerPool, ParallelRunsWithoutHelpersRunsInOrder) {
  WorkerPool pool(0);
  std::vector<size_t> begins;
  pool.ParallelRuns(25, 10, [&](size_t begin, size_t) { begins.push_back(begin); });
  EXPECT_EQ(begins, (std::vector<size_t>{0, 10, 20}));
}

TEST(WorkerPool, ParallelRunsOnWithoutAPoolIsOneRunHere) {
  std::vector<std::pair<size_t, size_t>> runs;
  ParallelRunsOn(nullptr, 25, 10, [&](size_t begin, size_t end) { runs.emplace_back(begin, end); });
  EXPECT_EQ(runs, (std::vector<std::pair<size_t, size_t>>{{0, 25}}));
  ParallelRunsOn(nullptr, 0, 10, [&](size_t begin, size_t end) { runs.emplace_back(begin, end); });
  EXPECT_EQ(runs.size(), 1u);
  WorkerPool pool(0);
  runs.clear();
  ParallelRunsOn(&pool, 25, 10, [&](size_t begin, size_t end) { runs.emplace_back(begin, end); });
  EXPECT_EQ(runs, (std::vector<std::pair<size_t, size_t>>{{0, 10}, {10, 20}, {20, 25}}));
}

}  // namespace
}  // namespace planview::renderer
