// Runs work on a thread with a large stack, so deep (but legal) plan values never
// overflow it while the renderers recurse.
#ifndef PLANVIEW_CMD_LARGE_STACK_H_
#define PLANVIEW_CMD_LARGE_STACK_H_

#include <cstddef>
#include <functional>

namespace planview::cmd {

inline constexpr size_t kRenderStackBytes = size_t{512} << 20;

// Runs `work` on a new thread with `stack_bytes` of stack and returns its result. Runs it
// on the calling thread if such a thread cannot be made.
int RunWithLargeStack(const std::function<int()>& work, size_t stack_bytes = kRenderStackBytes);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_LARGE_STACK_H_
