// UTF-8 decoding the way Go's `for range` over a string does it: an invalid or truncated
// sequence yields U+FFFD and consumes one byte.
#ifndef PLANVIEW_RENDERER_UTF8_H_
#define PLANVIEW_RENDERER_UTF8_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace planview::renderer {

inline constexpr char32_t kReplacementChar = 0xFFFD;

struct DecodedRune {
  char32_t rune;
  size_t size;  // bytes consumed, at least 1
};

// Decodes the rune starting at `text[at]` (`at` < size).
DecodedRune DecodeRune(std::string_view text, size_t at);
// (Encoding is structured::AppendUtf8, structured/json_text.h.)
// Go's unicode.IsSpace.
bool IsUnicodeSpace(char32_t rune);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_UTF8_H_
