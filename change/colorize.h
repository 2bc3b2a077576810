// Colour markup as upstream's colorstring uses it: "[green]", "[red]", "[yellow]",
// "[cyan]", "[dark_gray]", "[bold]", "[underline]", "[reset]", ... become ANSI escape
// sequences when enabled and disappear when disabled. Text in brackets that is not a
// known code is left alone.
#ifndef PLANVIEW_CHANGE_COLORIZE_H_
#define PLANVIEW_CHANGE_COLORIZE_H_

#include <string>
#include <string_view>

namespace planview::change {

class Colorize {
 public:
  explicit Colorize(bool enabled) : enabled_(enabled) {}
  bool enabled() const { return enabled_; }
  // Replaces the markup in `text`.
  std::string Color(std::string_view text) const;
  // Appends the colored form of `text` to `out`.
  void AppendColor(std::string& out, std::string_view text) const;

 private:
  bool enabled_;
};

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_COLORIZE_H_
