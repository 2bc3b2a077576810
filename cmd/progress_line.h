// The status line `planview` keeps at the bottom of a terminal while a log streams in
// (--progress): what is being done, changes done of those planned, errors so far and
// the time since the start, e.g. "applying: 3/10 changes, 1 error, 42s". It is redrawn in
// place and erased (kErase) before each message's lines and at the end, so the
// terminal's scrollback holds exactly the rendered log.
#ifndef PLANVIEW_CMD_PROGRESS_LINE_H_
#define PLANVIEW_CMD_PROGRESS_LINE_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "structured/json_value.h"

namespace planview::cmd {

class ProgressLine {
 public:
  // Back to the line's start and clear it.
  static constexpr std::string_view kErase = "\r\x1b[K";

  // Follows one log message: planned_change counts a planned change, apply_complete a
  // change done, a diagnostic of severity "error" an error, change_summary sets the
  // planned (plan) or done (apply, destroy) count from its own; the operation is the
  // phase the last message belongs to.
  void Count(structured::Value message);

  // The status after `elapsed_seconds`, cut to `columns` - 1 so it never wraps
  // (columns <= 0: 80).
  std::string Text(int64_t elapsed_seconds, int columns) const;
  // kErase and Text: what redraws the line (no newline).
  std::string Draw(int64_t elapsed_seconds, int columns) const;

 private:
  std::string_view operation_ = "reading";
  uint64_t planned_ = 0;
  uint64_t done_ = 0;
  uint64_t errors_ = 0;
};

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_PROGRESS_LINE_H_
