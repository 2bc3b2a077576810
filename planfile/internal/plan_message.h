// The tfplan member as the plan protobuf message, read on several threads: the plan's own
// fields are parsed at once, its resource changes and drift (nearly all of its bytes) one
// message each on the executor's threads. The result and the verdict on bad input are
// those of one `planproto::Plan::ParseFromString` of the whole member.
#ifndef PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_
#define PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_

#include <memory>
#include <string_view>
#include <vector>

#include "planproto/planfile.pb.h"

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::planfile::internal {

using Changes = std::vector<std::unique_ptr<planproto::ResourceInstanceChange>>;

struct PlanMessage {
  planproto::Plan plan;  // every field but resource_changes and resource_drift
  Changes changes;       // resource_changes, in order
  Changes drift;         // resource_drift, in order
};

// False when `bytes` is not the plan message. Null `executor`: this thread.
bool ParsePlanMessage(std::string_view bytes, base::Executor* executor, PlanMessage& out);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_PLAN_MESSAGE_H_
