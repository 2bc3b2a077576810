// The action a change performs, as OpenTofu's and Terraform's plans.Action name them.
#ifndef PLANVIEW_STRUCTURED_ACTION_H_
#define PLANVIEW_STRUCTURED_ACTION_H_

#include <optional>
#include <string_view>

namespace planview {

enum class Action {
  kNoOp,
  kCreate,
  kRead,
  kUpdate,
  kDeleteThenCreate,
  kCreateThenDelete,
  kDelete,
  kForget,
  kForgetThenCreate,
  // Terraform only (`["create", "forget"]`): replaced, the old object left unmanaged.
  kCreateThenForget,
};

inline bool IsReplace(Action a) { return a == Action::kDeleteThenCreate || a == Action::kCreateThenDelete; }

// "NoOp", "Create", ... (the names Go's plans.Action String() uses).
std::string_view ActionName(Action a);
std::optional<Action> ActionFromName(std::string_view name);

}  // namespace planview

#endif  // PLANVIEW_STRUCTURED_ACTION_H_
