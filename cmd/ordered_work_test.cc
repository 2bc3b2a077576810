#include "cmd/ordered_work.h"

#include <atomic>
#include <chrono>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "base/executor.h"
#include "gtest/gtest.h"

namespace planview::cmd {
namespace {

// Jobs whose work takes random times (so helpers and the calling thread finish them in
// any order) are finished in the order they were added, each after its own work.
TEST(OrderedWork, FinishesInOrderWhateverOrderTheWorkEnds) {
  for (int threads : {1, 2, 4}) {
    base::Executor executor(threads);
    for (size_t window : {1u, 3u, 8u}) {
      SCOPED_TRACE("threads " + std::to_string(threads) + ", window " + std::to_string(window));
      std::mt19937 rng(39 + threads * 10 + static_cast<int>(window));
      constexpr int kJobs = 300;
      std::vector<std::atomic<bool>> worked(kJobs);
      std::vector<int> finished;
      std::atomic<int> work_on_helpers{0};
      const std::thread::id caller = std::this_thread::get_id();
      {
        OrderedWork work(&executor, window);
        for (int i = 0; i < kJobs; ++i) {
          const int sleep_us = static_cast<int>(rng() % 200);
          work.Add(
              [&, i, sleep_us] {
                std::this_thread::sleep_for(std::chrono::microseconds(sleep_us));
                if (std::this_thread::get_id() != caller) ++work_on_helpers;
                worked[i] = true;
              },
              [&, i] {
                EXPECT_EQ(std::this_thread::get_id(), caller);
                EXPECT_TRUE(worked[i].load()) << i;
                finished.push_back(i);
              });
          EXPECT_LE(work.unfinished(), window);
        }
        work.Finish();
        EXPECT_EQ(work.unfinished(), 0u);
      }
      ASSERT_EQ(finished.size(), static_cast<size_t>(kJobs));
      for (int i = 0; i < kJobs; ++i) EXPECT_EQ(finished[i], i);
      if (threads > 1) {
        EXPECT_GT(work_on_helpers.load(), 0);
      } else {
        EXPECT_EQ(work_on_helpers.load(), 0);
      }
    }
  }
}

// What the jobs hold (a log's batches) is bounded by the window, however many are added.
TEST(OrderedWork, HoldsNoMoreThanTheWindow) {
  base::Executor executor(3);
  constexpr size_t kWindow = 4;
  std::atomic<size_t> alive{0};
  size_t most = 0;
  std::atomic<size_t> most_working{0};
  std::atomic<size_t> working{0};
  OrderedWork work(&executor, kWindow);
  for (int i = 0; i < 2000; ++i) {
    ++alive;  // a batch filled, given to Add
    most = std::max(most, alive.load());
    work.Add(
        [&] {
          const size_t now = ++working;
          size_t seen = most_working.load();
          while (now > seen && !most_working.compare_exchange_weak(seen, now)) {
          }
          std::this_thread::sleep_for(std::chrono::microseconds(20));
          --working;
        },
        [&] { --alive; });
  }
  work.Finish();
  EXPECT_EQ(alive.load(), 0u);
  EXPECT_LE(most, kWindow + 1);  // the window, and the one being added
  EXPECT_LE(most_working.load(), 3u);  // no more threads than the executor has
}

// A job that throws: every earlier job is finished, its own `then` is not called, and the
// error reaches the calling thread; the object is then destroyed without waiting forever.
TEST(OrderedWork, AnErrorMidStreamComesInItsTurn) {
  for (int threads : {1, 2, 3}) {
    SCOPED_TRACE("threads " + std::to_string(threads));
    base::Executor executor(threads);
    std::vector<int> finished;
    std::string caught;
    {
      OrderedWork work(&executor, 3);
      try {
        for (int i = 0; i < 50; ++i) {
          work.Add(
              [i] {
                if (i == 17) throw std::runtime_error("batch 17 failed");
                std::this_thread::sleep_for(std::chrono::microseconds(i % 5 * 50));
              },
              [&, i] { finished.push_back(i); });
        }
        work.Finish();
      } catch (const std::runtime_error& e) {
        caught = e.what();
      }
    }
    EXPECT_EQ(caught, "batch 17 failed");
    ASSERT_EQ(finished.size(), 17u);
    for (int i = 0; i < 17; ++i) EXPECT_EQ(finished[i], i);
  }
}

TEST(OrderedWork, WithoutHelpersWorksAndFinishesAtOnce) {
  std::vector<std::string> events;
  OrderedWork work(nullptr, 4);
  for (int i = 0; i < 3; ++i) {
    work.Add([&, i] { events.push_back("work " + std::to_string(i)); },
             [&, i] { events.push_back("then " + std::to_string(i)); });
    EXPECT_EQ(work.unfinished(), 0u);
  }
  work.Finish();
  EXPECT_EQ(events, (std::vector<std::string>{"work 0", "then 0", "work 1", "then 1", "work 2", "then 2"}));
}

// FinishReady never waits: a job whose work is still running holds back its own `then`
// and every later one, until it ends.
TEST(OrderedWork, FinishReadyDoesNotWait) {
  base::Executor executor(2);
  std::atomic<bool> release{false};
  std::atomic<bool> started{false};
  std::vector<int> finished;
  OrderedWork work(&executor, 8);
  work.Add(
      [&] {
        started = true;
        while (!release) std::this_thread::sleep_for(std::chrono::microseconds(100));
      },
      [&] { finished.push_back(0); });
  // The helper has taken the first job; the second may be run by anyone.
  while (!started) std::this_thread::sleep_for(std::chrono::microseconds(100));
  work.Add([] {}, [&] { finished.push_back(1); });
  work.FinishReady();
  EXPECT_TRUE(finished.empty());
  EXPECT_EQ(work.unfinished(), 2u);
  release = true;
  work.Finish();
  EXPECT_EQ(finished, (std::vector<int>{0, 1}));
}

}  // namespace
}  // namespace planview::cmd
