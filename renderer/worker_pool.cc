#include "renderer/worker_pool.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace planview::renderer {

struct WorkerPool::State {
  std::mutex mu;
  std::condition_variable wake;  // helpers wait for a new loop (or shutdown)
  std::condition_variable done;  // the caller waits for helpers to leave the loop
  uint64_t generation = 0;       // bumped for every loop
  bool stopping = false;
  int busy = 0;                  // helpers inside the current loop

  // The current loop.
  const std::function<void(size_t)>* fn = nullptr;
  size_t n = 0;
  std::atomic<size_t> next{0};
  std::exception_ptr error;

  std::vector<pthread_t> threads;

  // Takes indices until the loop is exhausted.
  void Work() {
    for (size_t i = next.fetch_add(1, std::memory_order_relaxed); i < n;
         i = next.fetch_add(1, std::memory_order_relaxed)) {
      try {
        (*fn)(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!error) error = std::current_exception();
      }
    }
  }

  void HelperLoop() {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mu);
    for (;;) {
      wake.wait(lock, [&] { return stopping || generation != seen; });
      if (stopping) return;
      seen = generation;
      ++busy;
      lock.unlock();
      Work();
      lock.lock();
      if (--busy == 0) done.notify_all();
    }
  }

  static void* Start(void* arg) {
    static_cast<State*>(arg)->HelperLoop();
    return nullptr;
  }
};

WorkerPool::WorkerPool(int helpers, size_t stack_bytes) : state_(std::make_unique<State>()) {
  for (int i = 0; i < helpers; ++i) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr) != 0) break;
    pthread_t thread;
    bool started = pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
                   pthread_create(&thread, &attr, &State::Start, state_.get()) == 0;
    pthread_attr_destroy(&attr);
    if (!started) break;
    state_->threads.push_back(thread);
  }
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->stopping = true;
  }
  state_->wake.notify_all();
  for (pthread_t thread : state_->threads) pthread_join(thread, nullptr);
}

int WorkerPool::helpers() const { return static_cast<int>(state_->threads.size()); }

int WorkerPool::DefaultHelpers() {
  unsigned hardware = std::thread::hardware_concurrency();
  return hardware > 1 ? static_cast<int>(std::min(hardware - 1, 7u)) : 0;
}

void WorkerPool::ParallelRuns(size_t n, size_t chunk, const std::function<void(size_t, size_t)>& fn) {
  if (n == 0) return;
  chunk = std::max<size_t>(chunk, 1);
  size_t runs = (n + chunk - 1) / chunk;
  std::vector<std::exception_ptr> errors(runs);
  ParallelFor(runs, [&](size_t run) {
    try {
      fn(run * chunk, std::min(n, (run + 1) * chunk));
    } catch (...) {
      errors[run] = std::current_exception();
    }
  });
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
}

void ParallelRunsOn(WorkerPool* pool, size_t n, size_t chunk, const std::function<void(size_t, size_t)>& fn) {
  if (pool != nullptr) {
    pool->ParallelRuns(n, chunk, fn);
  } else if (n > 0) {
    fn(0, n);
  }
}

void WorkerPool::ParallelFor(size_t n, const std::function<void(size_t)>& fn) {
  State& s = *state_;
  if (n == 0) return;
  if (s.threads.empty() || n == 1) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  {
    std::unique_lock<std::mutex> lock(s.mu);
    // A helper that woke up late for the previous loop may still be passing through it.
    s.done.wait(lock, [&] { return s.busy == 0; });
    s.fn = &fn;
    s.n = n;
    s.next.store(0, std::memory_order_relaxed);
    s.error = nullptr;
    ++s.generation;
  }
  s.wake.notify_all();
  s.Work();
  std::exception_ptr error;
  {
    std::unique_lock<std::mutex> lock(s.mu);
    // A helper that has not woken up yet for this loop finds nothing left to take, but it
    // must still pass through before the loop's state can be reused.
    s.done.wait(lock, [&] { return s.busy == 0; });
    error = s.error;
    s.fn = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace planview::renderer
