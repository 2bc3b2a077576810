#include "cmd/ordered_work.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <utility>

namespace planview::cmd {

namespace {

struct Job {
  std::function<void()> work;
  std::function<void()> then;
  bool worked = false;  // its work has run (under State::mu)
  std::exception_ptr error;

  // Off the lock.
  void Work() {
    try {
      work();
    } catch (...) {
      error = std::current_exception();
    }
    work = nullptr;
  }
};

}  // namespace

struct OrderedWork::State {
  explicit State(size_t window) : window(window < 1 ? 1 : window) {}

  const size_t window;
  std::mutex mu;
  std::condition_variable queued;  // helpers wait on it: a job to take, or stopping
  std::condition_variable worked;  // the calling thread waits on it: a job's work done
  std::deque<std::unique_ptr<Job>> jobs;  // unfinished, oldest first
  size_t first_queued = 0;  // jobs[first_queued...] are not taken by any thread yet
  bool stopping = false;

  // Takes the oldest queued job and does its work off the lock (there must be one).
  void WorkOldestQueued(std::unique_lock<std::mutex>& lock) {
    Job* job = jobs[first_queued++].get();
    lock.unlock();
    job->Work();
    lock.lock();
    job->worked = true;
  }

  // A helper's loop: the oldest queued job, one after another, until stopping.
  void Loop() {
    std::unique_lock<std::mutex> lock(mu);
    for (;;) {
      queued.wait(lock, [&] { return stopping || first_queued < jobs.size(); });
      if (stopping) return;
      WorkOldestQueued(lock);
      worked.notify_one();
    }
  }

  // One step towards finishing the oldest job, on the calling thread: finish it when its
  // work is done; else run the oldest queued work here; else wait for a helper.
  void Step(std::unique_lock<std::mutex>& lock) {
    if (jobs.front()->worked) {
      std::unique_ptr<Job> job = std::move(jobs.front());
      jobs.pop_front();
      --first_queued;  // the oldest job was taken
      lock.unlock();
      if (job->error) std::rethrow_exception(job->error);
      job->then();
      job.reset();
      lock.lock();
      return;
    }
    if (first_queued < jobs.size()) {
      WorkOldestQueued(lock);
      return;
    }
    worked.wait(lock);
  }

  // Finishes the oldest jobs while their work is done.
  void FinishWorked(std::unique_lock<std::mutex>& lock) {
    while (!jobs.empty() && jobs.front()->worked) Step(lock);
  }
};

OrderedWork::OrderedWork(base::Executor* executor, size_t window) : state_(std::make_shared<State>(window)) {
  if (executor == nullptr) return;
  for (int i = 0; i < executor->helpers(); ++i) {
    loops_.push_back(executor->Start([state = state_] { state->Loop(); }));
  }
}

OrderedWork::~OrderedWork() {
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->stopping = true;
  }
  state_->queued.notify_all();
  loops_.clear();  // each Task waits for its loop to return (or runs it, to return at once)
}

void OrderedWork::Add(std::function<void()> work, std::function<void()> then) {
  if (loops_.empty()) {
    work();
    then();
    return;
  }
  auto job = std::make_unique<Job>();
  job->work = std::move(work);
  job->then = std::move(then);
  std::unique_lock<std::mutex> lock(state_->mu);
  state_->jobs.push_back(std::move(job));
  state_->queued.notify_one();
  while (state_->jobs.size() > state_->window) state_->Step(lock);
  state_->FinishWorked(lock);
}

void OrderedWork::FinishReady() {
  std::unique_lock<std::mutex> lock(state_->mu);
  state_->FinishWorked(lock);
}

void OrderedWork::Finish() {
  std::unique_lock<std::mutex> lock(state_->mu);
  while (!state_->jobs.empty()) state_->Step(lock);
}

size_t OrderedWork::unfinished() const {
  std::lock_guard<std::mutex> lock(state_->mu);
  return state_->jobs.size();
}

}  // namespace planview::cmd
