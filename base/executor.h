// The one way planview runs work in parallel: an Executor, made once by the program (cmd/)
// and passed down by pointer to whatever can use more threads (reading a file, checking the
// plan's skipped JSON, reading and diffing resources). A null Executor* means "this thread
// only"; results never depend on the number of threads.
//
// Contract:
// - `RunOnLargeStack(work)` runs the program's work on a thread with a large stack, so deep
//   (but legal) plan values never overflow it while the differ and renderers recurse;
//   helper threads have the same stack.
// - `ParallelFor(n, fn)` calls fn(i) exactly once for every i in [0, n), on the calling
//   thread and any idle helpers (indices are handed out one at a time, so uneven items
//   balance), and returns when all calls are done. The first exception thrown is rethrown
//   on the calling thread (the rest of the loop still runs).
// - `ParallelRuns(n, chunk, fn)` calls fn(begin, end) once per run of `chunk` indices; when
//   calls throw, the exception of the lowest run that threw is rethrown (independent of
//   timing).
// - `ParallelUntilErrorOn(executor, n, chunk, fn)` tries fn(i) for every i in [0, n) in
//   runs of `chunk` and gives the error of the lowest i that failed: the error a loop on
//   one thread would stop at, whatever the timing.
// - `Start(task)` hands one task to a helper and returns at once; `Task::Wait()` returns
//   when it has run (running it on the waiting thread if no helper has taken it yet, so
//   waiting never deadlocks, with or without helpers) and rethrows what it threw.
// All of these may be called from any thread, helpers included.
#ifndef PLANVIEW_BASE_EXECUTOR_H_
#define PLANVIEW_BASE_EXECUTOR_H_

#include <cstddef>
#include <functional>
#include <memory>

#include "base/expected.h"

namespace planview::base {

class Executor {
 public:
  // `threads`: how many threads may run work at once, the calling one included (1: no
  // helpers; 0: as many as the machine has, at most 8).
  explicit Executor(int threads = 0);
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;
  ~Executor();

  // Helper threads actually running (0 when none could be started).
  int helpers() const;

  int RunOnLargeStack(const std::function<int()>& work);

  void ParallelFor(size_t n, const std::function<void(size_t)>& fn);
  void ParallelRuns(size_t n, size_t chunk, const std::function<void(size_t begin, size_t end)>& fn);

  class Task {
   public:
    Task() = default;
    Task(Task&&) noexcept = default;
    Task& operator=(Task&&) noexcept = default;
    ~Task();  // waits, without rethrowing
    void Wait();

   private:
    friend class Executor;
    struct State;
    std::shared_ptr<State> state_;
  };
  Task Start(std::function<void()> task);

 private:
  struct Shared;
  std::unique_ptr<Shared> shared_;
};

// `executor->ParallelRuns(n, chunk, fn)`, or fn(0, n) on this thread when there is none.
void ParallelRunsOn(Executor* executor, size_t n, size_t chunk, const std::function<void(size_t, size_t)>& fn);

// fn(i) for i in [0, n), in runs of `chunk` as ParallelRunsOn makes them: a run stops at
// its first failure, or before its next item once a lower run has failed. The error of
// the lowest failing i, or success. Every i below it has been tried; those above may have
// been or not.
Expected<void> ParallelUntilErrorOn(Executor* executor, size_t n, size_t chunk,
                                    const std::function<Expected<void>(size_t i)>& fn);

}  // namespace planview::base

#endif  // PLANVIEW_BASE_EXECUTOR_H_
