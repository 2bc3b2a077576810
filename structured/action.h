// The action a change performs, as OpenTofu's and Terraform's plans.Action name them, and
// the one table of what each action is called and counts toward.
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

// One row of the action table.
struct ActionInfo {
  Action action;
  std::string_view name;    // Go's plans.Action String(): "CreateThenDelete"
  std::string_view slug;    // planview's JSON format: "create-then-delete"
  std::string_view symbol;  // the plain symbol (Markdown): "+/-"
  // What the action adds to the "Plan: N to add, N to change, N to destroy, N to forget"
  // counts (0 or 1 each).
  int to_add, to_change, to_destroy, to_forget;
  // The prior object leaves the state without being destroyed (what `--action forget`
  // selects; CreateThenForget does so without counting toward "to forget").
  bool forgets;
};

// The row of `a`; an out-of-range value gets NoOp's.
const ActionInfo& InfoOf(Action a);

// "NoOp", "Create", ... (the names Go's plans.Action String() uses).
std::string_view ActionName(Action a);
std::optional<Action> ActionFromName(std::string_view name);

}  // namespace planview

#endif  // PLANVIEW_STRUCTURED_ACTION_H_
