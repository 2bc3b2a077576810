#include "base/executor.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace planview::base {
namespace {

// The stack of the program's thread and of every helper: the differ and the renderers
// recurse with the nesting of the input.
constexpr size_t kStackBytes = size_t{512} << 20;

// Starts `body(arg)` on a new thread with the large stack; false when it cannot.
bool StartThread(void* (*body)(void*), void* arg, pthread_t& thread) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return false;
  bool started = pthread_attr_setstacksize(&attr, kStackBytes) == 0 && pthread_create(&thread, &attr, body, arg) == 0;
  pthread_attr_destroy(&attr);
  return started;
}

// One ParallelFor: indices are taken one at a time by whoever works on it.
struct Loop {
  const std::function<void(size_t)>* fn = nullptr;
  size_t n = 0;
  std::atomic<size_t> next{0};
  std::atomic<size_t> left{0};  // calls not finished yet
  std::mutex mu;
  std::condition_variable finished;
  std::exception_ptr error;

  void Work() {
    for (size_t i = next.fetch_add(1, std::memory_order_relaxed); i < n;
         i = next.fetch_add(1, std::memory_order_relaxed)) {
      try {
        (*fn)(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mu);
        if (!error) error = std::current_exception();
      }
      if (left.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mu);
        finished.notify_all();
      }
    }
  }
};

}  // namespace

struct Executor::Task::State {
  std::function<void()> fn;
  std::atomic<bool> taken{false};
  std::mutex mu;
  std::condition_variable finished;
  bool done = false;
  std::exception_ptr error;

  // Runs the task unless someone already has: false then.
  bool TryRun() {
    if (taken.exchange(true, std::memory_order_acq_rel)) return false;
    try {
      fn();
    } catch (...) {
      error = std::current_exception();
    }
    fn = nullptr;
    std::lock_guard<std::mutex> lock(mu);
    done = true;
    finished.notify_all();
    return true;
  }
  void Wait() {
    if (TryRun()) return;
    std::unique_lock<std::mutex> lock(mu);
    finished.wait(lock, [&] { return done; });
  }
};

struct Executor::Shared {
  std::mutex mu;
  std::condition_variable wake;
  std::deque<std::function<void()>> jobs;
  bool stopping = false;
  std::vector<pthread_t> threads;

  void Post(const std::function<void()>& job, size_t copies) {
    {
      std::lock_guard<std::mutex> lock(mu);
      for (size_t i = 0; i < copies; ++i) jobs.push_back(job);
    }
    if (copies == 1) {
      wake.notify_one();
    } else {
      wake.notify_all();
    }
  }

  void HelperLoop() {
    std::unique_lock<std::mutex> lock(mu);
    for (;;) {
      wake.wait(lock, [&] { return stopping || !jobs.empty(); });
      if (jobs.empty()) return;  // stopping, and nothing left
      std::function<void()> job = std::move(jobs.front());
      jobs.pop_front();
      lock.unlock();
      job();
      job = nullptr;
      lock.lock();
    }
  }

  static void* Helper(void* arg) {
    static_cast<Shared*>(arg)->HelperLoop();
    return nullptr;
  }
};

Executor::Executor(int threads) : shared_(std::make_unique<Shared>()) {
  int helpers = threads - 1;
  if (threads <= 0) {
    unsigned hardware = std::thread::hardware_concurrency();
    helpers = hardware > 1 ? static_cast<int>(std::min(hardware - 1, 7u)) : 0;
  }
  for (int i = 0; i < helpers; ++i) {
    pthread_t thread;
    if (!StartThread(&Shared::Helper, shared_.get(), thread)) break;
    shared_->threads.push_back(thread);
  }
}

Executor::~Executor() {
  {
    std::lock_guard<std::mutex> lock(shared_->mu);
    shared_->stopping = true;
  }
  shared_->wake.notify_all();
  for (pthread_t thread : shared_->threads) pthread_join(thread, nullptr);
}

int Executor::helpers() const { return static_cast<int>(shared_->threads.size()); }

int Executor::RunOnLargeStack(const std::function<int()>& work) {
  struct Job {
    const std::function<int()>* work;
    int result = 0;
  } job{&work};
  auto body = [](void* arg) -> void* {
    auto* j = static_cast<Job*>(arg);
    j->result = (*j->work)();
    return nullptr;
  };
  pthread_t thread;
  if (!StartThread(body, &job, thread)) return work();
  pthread_join(thread, nullptr);
  return job.result;
}

void Executor::ParallelFor(size_t n, const std::function<void(size_t)>& fn) {
  if (n == 0) return;
  if (shared_->threads.empty() || n == 1) {
    for (size_t i = 0; i < n; ++i) fn(i);
    return;
  }
  auto loop = std::make_shared<Loop>();
  loop->fn = &fn;
  loop->n = n;
  loop->left.store(n, std::memory_order_relaxed);
  // A helper that takes its copy after the loop is over finds no index left.
  shared_->Post([loop] { loop->Work(); }, std::min(shared_->threads.size(), n - 1));
  loop->Work();
  std::unique_lock<std::mutex> lock(loop->mu);
  loop->finished.wait(lock, [&] { return loop->left.load(std::memory_order_acquire) == 0; });
  if (loop->error) std::rethrow_exception(loop->error);
}

void Executor::ParallelRuns(size_t n, size_t chunk, const std::function<void(size_t, size_t)>& fn) {
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

Executor::Task Executor::Start(std::function<void()> fn) {
  Task task;
  task.state_ = std::make_shared<Task::State>();
  task.state_->fn = std::move(fn);
  if (!shared_->threads.empty()) {
    std::shared_ptr<Task::State> state = task.state_;
    shared_->Post([state] { state->TryRun(); }, 1);
  }
  return task;
}

void Executor::Task::Wait() {
  if (!state_) return;
  std::shared_ptr<State> state = std::move(state_);
  state->Wait();
  if (state->error) std::rethrow_exception(state->error);
}

Executor::Task::~Task() {
  if (state_) state_->Wait();
}

void ParallelRunsOn(Executor* executor, size_t n, size_t chunk, const std::function<void(size_t, size_t)>& fn) {
  if (executor != nullptr) {
    executor->ParallelRuns(n, chunk, fn);
  } else if (n > 0) {
    fn(0, n);
  }
}

Expected<void> ParallelUntilErrorOn(Executor* executor, size_t n, size_t chunk,
                                    const std::function<Expected<void>(size_t i)>& fn) {
  if (chunk == 0) chunk = 1;
  // One slot per run, so no lock: each run writes only its own.
  std::vector<std::optional<Error>> errors((n + chunk - 1) / chunk);
  std::atomic<size_t> lowest_failed_run = errors.size();
  ParallelRunsOn(executor, n, chunk, [&](size_t begin, size_t end) {
    const size_t run = begin / chunk;
    for (size_t i = begin; i < end; ++i) {
      if (lowest_failed_run.load(std::memory_order_relaxed) < run) return;  // cannot come first
      Expected<void> tried = fn(i);
      if (tried) continue;
      errors[i / chunk] = std::move(tried).error();
      size_t seen = lowest_failed_run.load(std::memory_order_relaxed);
      while (i / chunk < seen && !lowest_failed_run.compare_exchange_weak(seen, i / chunk)) {
      }
      return;
    }
  });
  for (std::optional<Error>& error : errors) {
    if (error) return std::move(*error);
  }
  return {};
}

}  // namespace planview::base
