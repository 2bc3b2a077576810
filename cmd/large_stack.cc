#include "cmd/large_stack.h"

#include <pthread.h>

namespace planview::cmd {

namespace {

struct Job {
  const std::function<int()>* work;
  int result = 0;
};

void* RunJob(void* arg) {
  auto* job = static_cast<Job*>(arg);
  job->result = (*job->work)();
  return nullptr;
}

}  // namespace

int RunWithLargeStack(const std::function<int()>& work, size_t stack_bytes) {
  Job job{&work};
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return work();
  pthread_t thread;
  bool started = pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
                 pthread_create(&thread, &attr, &RunJob, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) return work();
  pthread_join(thread, nullptr);
  return job.result;
}

}  // namespace planview::cmd
