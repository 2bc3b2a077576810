#include "cmd/terminal.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>

namespace planview::cmd {

Terminal DetectTerminal() {
  Terminal t;
  t.stdout_is_terminal = isatty(STDOUT_FILENO) == 1;
  t.stdin_is_terminal = isatty(STDIN_FILENO) == 1;
  if (t.stdout_is_terminal) {
    winsize size{};
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0) t.columns = size.ws_col;
  }
  const char* no_color = std::getenv("NO_COLOR");
  t.no_color = no_color != nullptr && no_color[0] != '\0';
  const char* automation = std::getenv("TF_IN_AUTOMATION");
  t.in_automation = automation != nullptr && automation[0] != '\0';
  return t;
}

}  // namespace planview::cmd
