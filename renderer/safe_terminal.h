// Text made safe to print on a terminal (`planview --safe-terminal`): control characters
// that input carries into the output (heredoc lines, resource names and addresses, log
// `@message` values, lines of a log that are not JSON) are shown the way upstream shows
// them inside a quoted string (Go's %q) instead of reaching the terminal, where ESC]0;…BEL
// would set its title and ESC[2J clear it.
//
// Newline and tab pass; every other C0 control and DEL becomes \a \b \f \r \v or \xHH,
// C1 controls (U+0080-U+009F) \u0080-\u009f, and bytes that are not UTF-8 \xHH. The only
// escape sequences kept are colour: ESC[Nm for N reset, bold, dim, underline, the
// foreground colours and their resets (what planview's colouring writes); any other ESC is
// shown as \x1b with the rest of its sequence as text.
#ifndef PLANVIEW_RENDERER_SAFE_TERMINAL_H_
#define PLANVIEW_RENDERER_SAFE_TERMINAL_H_

#include <string>
#include <string_view>

namespace planview::renderer {

// A filter over text written in chunks: a UTF-8 sequence or colour sequence cut at the end
// of one chunk is completed by the next.
class SafeTerminalText {
 public:
  // Appends the safe form of `chunk` to `out` (holding back an unfinished sequence).
  void Append(std::string_view chunk, std::string& out);
  // Appends what is held back, as it is safe to show on its own.
  void Finish(std::string& out);

 private:
  // Appends `text`'s safe form; returns how many bytes at its end were left unprocessed
  // (an unfinished sequence) unless `final`.
  size_t Filter(std::string_view text, bool final, std::string& out);

  std::string held_;
};

// The whole text at once.
std::string SafeTerminal(std::string_view text);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_SAFE_TERMINAL_H_
