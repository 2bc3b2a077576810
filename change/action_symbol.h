// The action symbol every renderer writes before a line (upstream's DiffActionSymbol):
// three printable columns of colour markup, such as "  [green]+[reset]" or
// "[red]-[reset]/[green]+[reset]". Only Forget differs between the products.
#ifndef PLANVIEW_CHANGE_ACTION_SYMBOL_H_
#define PLANVIEW_CHANGE_ACTION_SYMBOL_H_

#include <string_view>
#include <vector>

#include "change/profile.h"
#include "structured/action.h"

namespace planview::change {

std::string_view DiffActionSymbol(Action action, const Profile& profile = OpenTofuProfile());

// The colours of the symbol's printable characters, in order, as its markup names them:
// {"red", "", "green"} for "-/+" ("" where a character is not coloured).
std::vector<std::string_view> ActionSymbolColors(Action action, const Profile& profile = OpenTofuProfile());

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_ACTION_SYMBOL_H_
