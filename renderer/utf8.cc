#include "renderer/utf8.h"

namespace planview::renderer {

DecodedRune DecodeRune(std::string_view text, size_t at) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char b0 = byte(at);
  if (b0 < 0x80) return {b0, 1};
  size_t need;
  char32_t min;
  char32_t rune;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1, min = 0x80, rune = b0 & 0x1F;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2, min = 0x800, rune = b0 & 0x0F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3, min = 0x10000, rune = b0 & 0x07;
  } else {
    return {kReplacementChar, 1};
  }
  if (at + need >= text.size()) return {kReplacementChar, 1};
  for (size_t i = 1; i <= need; ++i) {
    unsigned char b = byte(at + i);
    if ((b & 0xC0) != 0x80) return {kReplacementChar, 1};
    rune = (rune << 6) | (b & 0x3F);
  }
  if (rune < min || rune > 0x10FFFF || (rune >= 0xD800 && rune <= 0xDFFF)) return {kReplacementChar, 1};
  return {rune, need + 1};
}

bool IsUnicodeSpace(char32_t r) {
  switch (r) {
    case '\t':
    case '\n':
    case '\v':
    case '\f':
    case '\r':
    case ' ':
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
      return true;
    default:
      return r >= 0x2000 && r <= 0x200A;
  }
}

}  // namespace planview::renderer
