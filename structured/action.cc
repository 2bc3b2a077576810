#include "structured/action.h"

#include <array>
#include <utility>

namespace planview {
namespace {
constexpr std::array<std::pair<Action, std::string_view>, 10> kNames = {{
    {Action::kNoOp, "NoOp"},
    {Action::kCreate, "Create"},
    {Action::kRead, "Read"},
    {Action::kUpdate, "Update"},
    {Action::kDeleteThenCreate, "DeleteThenCreate"},
    {Action::kCreateThenDelete, "CreateThenDelete"},
    {Action::kDelete, "Delete"},
    {Action::kForget, "Forget"},
    {Action::kForgetThenCreate, "ForgetThenCreate"},
    {Action::kCreateThenForget, "CreateThenForget"},
}};
}  // namespace

std::string_view ActionName(Action a) {
  for (const auto& [action, name] : kNames) {
    if (action == a) return name;
  }
  return "NoOp";
}

std::optional<Action> ActionFromName(std::string_view name) {
  for (const auto& [action, n] : kNames) {
    if (n == name) return action;
  }
  return std::nullopt;
}

}  // namespace planview
