// Facts about where the output goes: is standard output a terminal, how wide is it, does
// the environment ask for no colour (NO_COLOR), and is this automation (TF_IN_AUTOMATION,
// which makes upstream leave out the commands it would suggest).
#ifndef PLANVIEW_CMD_TERMINAL_H_
#define PLANVIEW_CMD_TERMINAL_H_

namespace planview::cmd {

struct Terminal {
  bool stdout_is_terminal = false;
  int columns = 0;         // 0 when unknown
  bool no_color = false;   // NO_COLOR is set to a non-empty value
  bool in_automation = false;  // TF_IN_AUTOMATION is set to a non-empty value
  bool stdin_is_terminal = true;  // false: a pipe or a file, read when no FILE is given
};

Terminal DetectTerminal();

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_TERMINAL_H_
