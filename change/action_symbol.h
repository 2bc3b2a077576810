// The action symbol every renderer writes before a line (upstream's DiffActionSymbol):
// three printable columns of colour markup, such as "  [green]+[reset]" or
// "[red]-[reset]/[green]+[reset]". Only Forget differs between the products.
#ifndef PLANVIEW_CHANGE_ACTION_SYMBOL_H_
#define PLANVIEW_CHANGE_ACTION_SYMBOL_H_

#include <string_view>

#include "change/profile.h"
#include "structured/action.h"

namespace planview::change {

std::string_view DiffActionSymbol(Action action, const Profile& profile = OpenTofuProfile());

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_ACTION_SYMBOL_H_
