// The full-screen terminal UI of `planview browse` over a BrowseView (ncursesw): a top bar
// with the plan's counts per action, the resource rows, a status line; the keys in
// KeyHelp(). Needs a terminal on standard input and output.
#ifndef PLANVIEW_CMD_BROWSE_CURSES_SCREEN_H_
#define PLANVIEW_CMD_BROWSE_CURSES_SCREEN_H_

#include <string>
#include <string_view>

#include "base/expected.h"
#include "cmd/browse/browse_view.h"

namespace planview::cmd::browse {

struct ScreenOptions {
  std::string file_name;  // shown in the top bar
  bool color = true;      // false for NO_COLOR
};

// Runs until `q`. Fails (the one-line message) when the terminal cannot be used.
base::Expected<void> RunScreen(BrowseView& view, const ScreenOptions& options);

// The `?` screen: one key per line.
std::string_view KeyHelp();

}  // namespace planview::cmd::browse

#endif  // PLANVIEW_CMD_BROWSE_CURSES_SCREEN_H_
