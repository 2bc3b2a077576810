#include "renderer/word_wrap.h"

#include "renderer/utf8.h"
#include "structured/json_text.h"

namespace planview::renderer {

namespace {

constexpr char32_t kNoBreakSpace = 0xA0;

// A run of text collected rune by rune, with its length in runes.
struct Pending {
  std::string text;
  size_t runes = 0;
  void Add(char32_t rune) {
    structured::AppendUtf8(text, rune);
    ++runes;
  }
  void MoveTo(std::string& out) {
    out += text;
    Clear();
  }
  void Clear() {
    text.clear();
    runes = 0;
  }
  bool empty() const { return text.empty(); }
};

}  // namespace

std::string WrapString(std::string_view text, size_t limit) {
  std::string out;
  out.reserve(text.size());
  size_t current = 0;  // runes on the current output line
  Pending word;
  Pending space;
  for (size_t i = 0; i < text.size();) {
    DecodedRune d = DecodeRune(text, i);
    i += d.size;
    char32_t c = d.rune;
    if (c == '\n') {
      if (word.empty()) {
        if (current + space.runes <= limit) space.MoveTo(out);
        space.Clear();
      } else {
        space.MoveTo(out);
        word.MoveTo(out);
      }
      out += '\n';
      current = 0;
    } else if (IsUnicodeSpace(c) && c != kNoBreakSpace) {
      if (space.empty() || !word.empty()) {
        current += space.runes + word.runes;
        space.MoveTo(out);
        word.MoveTo(out);
      }
      space.Add(c);
    } else {
      word.Add(c);
      if (current + word.runes + space.runes > limit && word.runes < limit) {
        out += '\n';
        current = 0;
        space.Clear();
      }
    }
  }
  if (word.empty()) {
    if (current + space.runes <= limit) out += space.text;
  } else {
    out += space.text;
    out += word.text;
  }
  return out;
}

std::string WordWrap(std::string_view text, int width) {
  if (width <= 1) return std::string(text);
  std::string out;
  out.reserve(text.size() + text.size() / 32);
  size_t start = 0;
  while (true) {
    size_t end = text.find('\n', start);
    std::string_view line = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (start > 0) out += '\n';
    if (!line.empty() && line[0] == ' ') {
      out += line;
    } else {
      out += WrapString(line, static_cast<size_t>(width - 1));
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

std::string HorizontalRule(const change::Colorize& colorize, int width) {
  if (width <= 1) return "\n";
  std::string rule = "[dark_gray]\n";
  rule.reserve(rule.size() + 3 * static_cast<size_t>(width - 1));
  for (int i = 0; i < width - 1; ++i) rule += "\u2500";
  return colorize.Color(rule);
}

}  // namespace planview::renderer
