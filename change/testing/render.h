// Test helper: render a diff with colour off (or on) at an indent.
#ifndef PLANVIEW_CHANGE_TESTING_RENDER_H_
#define PLANVIEW_CHANGE_TESTING_RENDER_H_

#include <string>

#include "change/colorize.h"
#include "change/diff.h"

namespace planview::change::testing {

inline std::string Render(const Diff& diff, RenderOpts opts = {}, int indent = 0, bool color = false) {
  Colorize colorize(color);
  opts.colorize = &colorize;
  return diff.RenderHuman(indent, opts);
}

}  // namespace planview::change::testing

#endif  // PLANVIEW_CHANGE_TESTING_RENDER_H_
