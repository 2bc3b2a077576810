// Work done on the executor's threads and finished on the calling thread in the order it
// was given (a log's batches: rendered anywhere, written in order), with at most a bounded
// number of jobs given and not yet finished, so memory stays bounded however much comes.
//
// Contract:
// - `Add(work, then)` queues `work` for any thread (a helper, or this one) and returns
//   once no more than `window` jobs are unfinished; `then` runs on the calling thread,
//   after `work` and after every earlier job's `then`. While the window is full the
//   calling thread finishes what it can in order and runs the oldest queued work itself,
//   rather than wait for a helper to take it. Jobs are taken oldest first, so the next
//   to finish is the first to be worked on.
// - `FinishReady()` runs the `then` of the jobs whose turn it is and whose work is done,
//   without waiting; `Finish()` waits for all (running queued work itself) and finishes
//   them in order.
// - When a job's `work` throws, its `then` is not called: the exception is rethrown on
//   the calling thread (from Add, FinishReady or Finish) when the job's turn comes, after
//   every earlier job's `then`. After that the object may only be destroyed.
// - With no executor, or one without helpers, `work` runs on the calling thread when it is
//   added, then `then` (the same order, one thread).
// - The destructor stops the helpers' loops, waiting for work they are running; queued
//   work that no thread took is dropped unrun.
#ifndef PLANVIEW_CMD_ORDERED_WORK_H_
#define PLANVIEW_CMD_ORDERED_WORK_H_

#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "base/executor.h"

namespace planview::cmd {

class OrderedWork {
 public:
  OrderedWork(base::Executor* executor, size_t window);
  OrderedWork(const OrderedWork&) = delete;
  OrderedWork& operator=(const OrderedWork&) = delete;
  ~OrderedWork();

  void Add(std::function<void()> work, std::function<void()> then);
  void FinishReady();
  void Finish();

  // Jobs added and not finished yet.
  size_t unfinished() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
  std::vector<base::Executor::Task> loops_;
};

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_ORDERED_WORK_H_
