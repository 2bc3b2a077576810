#include "renderer/safe_terminal.h"

#include <array>

namespace planview::renderer {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void AppendByteEscape(std::string& out, unsigned char b) {
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 15];
}

// SGR parameters kept: reset, bold, dim, underline, reset bold, the foreground colours
// (normal and bright) and the default foreground. Not hidden, blink, invert or others.
bool IsColourCode(std::string_view code) {
  static constexpr std::array<std::string_view, 23> kKept = {
      "0",  "1",  "2",  "4",  "21", "30", "31", "32", "33", "34", "35", "36",
      "37", "39", "90", "91", "92", "93", "94", "95", "96", "97", "22"};
  for (std::string_view kept : kKept) {
    if (code == kept) return true;
  }
  return false;
}

enum class Match { kYes, kNo, kUnfinished };

// An ESC at text[0]: a kept colour sequence (its length in `size`), not one, or cut short.
Match ColourSequence(std::string_view text, size_t& size) {
  constexpr size_t kLongest = 5;  // ESC [ 9 7 m
  if (text.size() < 2) return Match::kUnfinished;
  if (text[1] != '[') return Match::kNo;
  size_t end = 2;
  while (end < text.size() && end < kLongest && text[end] >= '0' && text[end] <= '9') ++end;
  if (end == text.size()) return end < kLongest ? Match::kUnfinished : Match::kNo;
  if (text[end] != 'm' || !IsColourCode(text.substr(2, end - 2))) return Match::kNo;
  size = end + 1;
  return Match::kYes;
}

// The length of the UTF-8 sequence led by `lead`, or 0 for a byte that cannot lead one.
size_t SequenceLength(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// A valid UTF-8 sequence at text[0] (its length in `size`, its rune in `rune`), not one,
// or cut short by the end of `text`.
Match Utf8Sequence(std::string_view text, size_t& size, char32_t& rune) {
  auto lead = static_cast<unsigned char>(text[0]);
  size_t length = SequenceLength(lead);
  if (length == 0) return Match::kNo;
  rune = lead & (0xFF >> (length + 1));
  for (size_t i = 1; i < length; ++i) {
    if (i >= text.size()) return Match::kUnfinished;
    auto b = static_cast<unsigned char>(text[i]);
    if ((b & 0xC0) != 0x80) return Match::kNo;
    // The second byte's range rules out overlong forms, surrogates and runes past U+10FFFF.
    if (i == 1 && ((lead == 0xE0 && b < 0xA0) || (lead == 0xED && b > 0x9F) || (lead == 0xF0 && b < 0x90) ||
                   (lead == 0xF4 && b > 0x8F))) {
      return Match::kNo;
    }
    rune = (rune << 6) | (b & 0x3F);
  }
  size = length;
  return Match::kYes;
}

}  // namespace

size_t SafeTerminalText::Filter(std::string_view text, bool final, std::string& out) {
  size_t i = 0;
  while (i < text.size()) {
    size_t run = i;
    while (run < text.size()) {
      auto c = static_cast<unsigned char>(text[run]);
      if ((c < 0x20 && c != '\n' && c != '\t') || c >= 0x7F) break;
      ++run;
    }
    out.append(text.substr(i, run - i));
    i = run;
    if (i == text.size()) break;
    auto c = static_cast<unsigned char>(text[i]);
    size_t size = 1;
    if (c == 0x1B) {
      Match m = ColourSequence(text.substr(i), size);
      if (m == Match::kUnfinished && !final) return text.size() - i;
      if (m == Match::kYes) {
        out.append(text.substr(i, size));
        i += size;
        continue;
      }
      out += "\\x1b";
      ++i;
      continue;
    }
    if (c < 0x80) {
      switch (c) {
        case '\a': out += "\\a"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\r': out += "\\r"; break;
        case '\v': out += "\\v"; break;
        default: AppendByteEscape(out, c);
      }
      ++i;
      continue;
    }
    char32_t rune = 0;
    Match m = Utf8Sequence(text.substr(i), size, rune);
    if (m == Match::kUnfinished && !final) return text.size() - i;
    if (m != Match::kYes) {
      AppendByteEscape(out, c);
      ++i;
      continue;
    }
    if (rune >= 0x80 && rune <= 0x9F) {
      out += "\\u00";
      out += kHex[rune >> 4];
      out += kHex[rune & 15];
    } else {
      out.append(text.substr(i, size));
    }
    i += size;
  }
  return 0;
}

void SafeTerminalText::Append(std::string_view chunk, std::string& out) {
  if (held_.empty()) {
    size_t left = Filter(chunk, false, out);
    held_.assign(chunk.substr(chunk.size() - left));
    return;
  }
  std::string text = std::move(held_);
  text.append(chunk);
  size_t left = Filter(text, false, out);
  held_.assign(std::string_view(text).substr(text.size() - left));
}

void SafeTerminalText::Finish(std::string& out) {
  std::string text = std::move(held_);
  held_.clear();
  Filter(text, true, out);
}

std::string SafeTerminal(std::string_view text) {
  SafeTerminalText filter;
  std::string out;
  out.reserve(text.size());
  filter.Append(text, out);
  filter.Finish(out);
  return out;
}

}  // namespace planview::renderer
