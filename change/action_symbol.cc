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

std::vector<std::string_view> ActionSymbolColors(Action action, const Profile& profile) {
  std::vector<std::string_view> colors;
  std::string_view markup = DiffActionSymbol(action, profile);
  std::string_view color;
  for (size_t i = 0; i < markup.size(); ++i) {
    if (markup[i] == '[') {
      size_t close = markup.find(']', i);
      std::string_view tag = markup.substr(i + 1, close - i - 1);
      color = tag == "reset" ? std::string_view() : tag;
      i = close;
    } else if (markup[i] != ' ') {
      colors.push_back(color);
    }
  }
  return colors;
}

}  // namespace planview::change
