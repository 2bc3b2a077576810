#include "change/action_symbol.h"

namespace planview::change {

std::string_view DiffActionSymbol(Action action, const Profile& profile) {
  switch (action) {
    case Action::kDeleteThenCreate: return "[red]-[reset]/[green]+[reset]";
    case Action::kCreateThenDelete: return "[green]+[reset]/[red]-[reset]";
    case Action::kForgetThenCreate: return "  [red].[reset]/[green]+[reset]";
    case Action::kCreate: return "  [green]+[reset]";
    case Action::kDelete: return "  [red]-[reset]";
    case Action::kRead: return " [cyan]<=[reset]";
    case Action::kUpdate: return "  [yellow]~[reset]";
    case Action::kNoOp: return "   ";
    case Action::kForget: return profile.opentofu_forget ? "  [red].[reset]" : " [red].[reset]";
    case Action::kCreateThenForget: return " [green]+[reset]/[red].[reset]";
  }
  return "  ?";
}

}  // namespace planview::change
