#include "renderer/formats/markdown_text.h"

#include <algorithm>

#include "renderer/formats/html_escape.h"
#include "renderer/text_escape.h"

namespace planview::renderer::formats::markdown_text {

namespace {

size_t LongestBacktickRun(std::string_view text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

std::string Html(std::string_view text) {
  std::string out;
  AppendHtmlEscaped(out, SingleLine(text));
  return out;
}

std::string Inline(std::string_view text) {
  std::string out;
  for (char c : Html(text)) {
    if (c == '|' || c == '`' || c == '*' || c == '_' || c == '[' || c == ']' || c == '\\' || c == '~') out += '\\';
    out += c;
  }
  return out;
}

std::string TableCode(std::string_view text) {
  std::string line = SingleLine(text);
  if (line.find('|') != std::string::npos) return "<code>" + Inline(line) + "</code>";
  std::string fence(LongestBacktickRun(line) + 1, '`');
  bool pad = !line.empty() && (line.front() == '`' || line.back() == '`' || (line.front() == ' ' && line.back() == ' '));
  std::string out = fence;
  if (pad) out += ' ';
  out += line;
  if (pad) out += ' ';
  out += fence;
  return out;
}

std::string Fence(std::string_view body) { return std::string(std::max<size_t>(3, LongestBacktickRun(body) + 1), '`'); }

}  // namespace planview::renderer::formats::markdown_text
