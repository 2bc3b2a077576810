// The tfplan member's protobuf message (planproto::Plan), parsed with its resource changes
// spread over the executor's threads: in a big plan nearly all of the message is its
// `resource_changes` and `resource_drift`, and each change is a message of its own.
#ifndef PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_
#define PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_

#include <string_view>

#include <google/protobuf/arena.h>

#include "base/executor.h"
#include "planproto/planfile.pb.h"

namespace planview::planfile::internal {

// Parses `bytes` into a message on `arena` (which owns it). The result is the message and
// the verdict protobuf's own parse of the whole would give: null exactly when
// `ParseFromArray(bytes)` fails. The top-level fields are read first; the changes are
// then parsed one message each on the executor's threads (null: this thread) and appended
// in order. A message this reading does not follow (groups, a field cut short) is parsed
// whole, on this thread.
planproto::Plan* ParsePlanMessage(std::string_view bytes, base::Executor* executor, google::protobuf::Arena& arena);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_
