#include "structured/action.h"

#include <array>

namespace planview {
namespace {
// In the enum's order.
constexpr std::array<ActionInfo, 10> kActions = {{
    // action, name, slug, symbol, to_add, to_change, to_destroy, to_forget, forgets
    {Action::kNoOp, "NoOp", "no-op", " ", 0, 0, 0, 0, false},
    {Action::kCreate, "Create", "create", "+", 1, 0, 0, 0, false},
    {Action::kRead, "Read", "read", "<=", 0, 0, 0, 0, false},
    {Action::kUpdate, "Update", "update", "~", 0, 1, 0, 0, false},
    {Action::kDeleteThenCreate, "DeleteThenCreate", "delete-then-create", "-/+", 1, 0, 1, 0, false},
    {Action::kCreateThenDelete, "CreateThenDelete", "create-then-delete", "+/-", 1, 0, 1, 0, false},
    {Action::kDelete, "Delete", "delete", "-", 0, 0, 1, 0, false},
    {Action::kForget, "Forget", "forget", ".", 0, 0, 0, 1, true},
    {Action::kForgetThenCreate, "ForgetThenCreate", "forget-then-create", "+/.", 1, 0, 0, 1, true},
    {Action::kCreateThenForget, "CreateThenForget", "create-then-forget", "+/.", 1, 0, 0, 0, true},
}};

constexpr bool InEnumOrder() {
  for (size_t i = 0; i < kActions.size(); ++i) {
    if (static_cast<size_t>(kActions[i].action) != i) return false;
  }
  return true;
}
static_assert(InEnumOrder());
}  // namespace

const ActionInfo& InfoOf(Action a) {
  auto i = static_cast<size_t>(a);
  return kActions[i < kActions.size() ? i : 0];
}

std::string_view ActionName(Action a) { return InfoOf(a).name; }

std::optional<Action> ActionFromName(std::string_view name) {
  for (const ActionInfo& info : kActions) {
    if (info.name == name) return info.action;
  }
  return std::nullopt;
}

}  // namespace planview
