// A fixed set of helper threads that share loops with the calling thread.
//
// Contract: `ParallelFor(n, fn)` calls fn(i) exactly once for every i in [0, n), on the
// calling thread and the helpers (indices are handed out one at a time, so uneven items
// balance), and returns when all calls are done. An exception thrown by fn is rethrown on
// the calling thread (the first one; the rest of the loop still runs). Helpers get a large
// stack, like the thread the renderer itself runs on, because diffs recurse with the
// nesting of the input. With zero helpers (or when a thread cannot be started) everything
// runs on the calling thread. One loop at a time; not reentrant.
#ifndef PLANVIEW_RENDERER_WORKER_POOL_H_
#define PLANVIEW_RENDERER_WORKER_POOL_H_

#include <cstddef>
#include <functional>
#include <memory>

namespace planview::renderer {

class WorkerPool {
 public:
  static constexpr size_t kHelperStackBytes = size_t{512} << 20;

  explicit WorkerPool(int helpers, size_t stack_bytes = kHelperStackBytes);
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool();

  // Helper threads actually running.
  int helpers() const;
  void ParallelFor(size_t n, const std::function<void(size_t)>& fn);
  // Calls fn(begin, end) once for each run of `chunk` consecutive indices of [0, n) (the
  // last one shorter), in parallel. When calls throw, the exception of the lowest run that
  // threw is rethrown: which error comes out does not depend on timing.
  void ParallelRuns(size_t n, size_t chunk, const std::function<void(size_t begin, size_t end)>& fn);

  // Helpers worth starting on this machine: one fewer than its hardware threads.
  static int DefaultHelpers();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// `pool->ParallelRuns(n, chunk, fn)`, or fn(0, n) on this thread when there is no pool.
void ParallelRunsOn(WorkerPool* pool, size_t n, size_t chunk, const std::function<void(size_t, size_t)>& fn);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_WORKER_POOL_H_
