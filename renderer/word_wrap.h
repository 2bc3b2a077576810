// Paragraph wrapping and rules as upstream's terminal output does them.
#ifndef PLANVIEW_RENDERER_WORD_WRAP_H_
#define PLANVIEW_RENDERER_WORD_WRAP_H_

#include <string>
#include <string_view>

#include "change/colorize.h"

namespace planview::renderer {

// Wraps one paragraph at white space so lines stay within `limit` runes where possible
// (go-wordwrap 1.0.1's WrapString: a word longer than the limit stays whole, line breaks
// in the text are kept, non-breaking spaces do not break).
std::string WrapString(std::string_view text, size_t limit);

// Upstream's format.WordWrap: wraps each line of `text` at `width - 1` columns, except
// lines that start with a space, which are left alone. Widths of 1 or less change nothing.
std::string WordWrap(std::string_view text, int width);

// A newline then a rule of `width - 1` box-drawing characters, dark grey when colour is
// on ("\n" alone for widths of 1 or less).
std::string HorizontalRule(const change::Colorize& colorize, int width);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_WORD_WRAP_H_
