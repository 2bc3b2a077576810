// Facts about where the output goes: is standard output a terminal, how wide is it, and
// does the environment ask for no colour (NO_COLOR).
#ifndef PLANVIEW_CMD_TERMINAL_H_
#define PLANVIEW_CMD_TERMINAL_H_

namespace planview::cmd {

struct Terminal {
  bool stdout_is_terminal = false;
  int columns = 0;         // 0 when unknown
  bool no_color = false;   // NO_COLOR is set to a non-empty value
};

Terminal DetectTerminal();

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_TERMINAL_H_
