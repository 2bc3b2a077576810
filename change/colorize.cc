#include "change/colorize.h"

#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <string_view>

namespace planview::change {
namespace {

struct ColorCode {
  std::string_view name;
  std::string_view code;
};

// colorstring's default table, sorted by name for binary search.
constexpr std::array<ColorCode, 43> kColors = {{
    {"_black_", "40"},
    {"_blue_", "44"},
    {"_cyan_", "46"},
    {"_dark_gray_", "100"},
    {"_default_", "49"},
    {"_green_", "42"},
    {"_light_blue_", "104"},
    {"_light_cyan_", "106"},
    {"_light_gray_", "47"},
    {"_light_green_", "102"},
    {"_light_magenta_", "105"},
    {"_light_red_", "101"},
    {"_light_yellow_", "103"},
    {"_magenta_", "45"},
    {"_red_", "41"},
    {"_white_", "107"},
    {"_yellow_", "43"},
    {"black", "30"},
    {"blink_fast", "6"},
    {"blink_slow", "5"},
    {"blue", "34"},
    {"bold", "1"},
    {"cyan", "36"},
    {"dark_gray", "90"},
    {"default", "39"},
    {"dim", "2"},
    {"green", "32"},
    {"hidden", "8"},
    {"invert", "7"},
    {"light_blue", "94"},
    {"light_cyan", "96"},
    {"light_gray", "37"},
    {"light_green", "92"},
    {"light_magenta", "95"},
    {"light_red", "91"},
    {"light_yellow", "93"},
    {"magenta", "35"},
    {"red", "31"},
    {"reset", "0"},
    {"reset_bold", "21"},
    {"underline", "4"},
    {"white", "97"},
    {"yellow", "33"},
}};

const ColorCode* FindColor(std::string_view name) {
  auto it = std::lower_bound(kColors.begin(), kColors.end(), name,
                             [](const ColorCode& c, std::string_view n) { return c.name < n; });
  if (it != kColors.end() && it->name == name) return &*it;
  return nullptr;
}

// colorstring's markup pattern, case-insensitively: `[` then [a-z0-9_-]+ then `]`.
bool IsMarkupChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

}  // namespace

std::string Colorize::Color(std::string_view text) const {
  // Renderers colour the same short pieces (a log's "[bold]\x01[reset]", a diagnostic's
  // rules) again and again: the last few results are kept per thread, in slots chosen by
  // the text's hash (a slot taken by another text is overwritten).
  constexpr size_t kMaxKept = 96;
  constexpr size_t kSlots = 64;
  struct Kept {
    bool enabled = false;
    std::string text;
    std::string colored;
  };
  if (text.size() > kMaxKept) {
    std::string out;
    AppendColor(out, text);
    return out;
  }
  thread_local std::array<Kept, kSlots> kept;
  Kept& slot = kept[(std::hash<std::string_view>()(text) + (enabled_ ? 1 : 0)) % kSlots];
  if (slot.enabled != enabled_ || slot.text != text) {
    slot.enabled = enabled_;
    slot.text.assign(text);
    slot.colored.clear();
    AppendColor(slot.colored, text);
  }
  return slot.colored;
}

void Colorize::AppendColor(std::string& out, std::string_view text) const {
  bool colored = false;
  size_t copied = 0;  // text before this offset is already in `out`
  size_t pos = text.find('[');
  while (pos != std::string_view::npos) {
    size_t end = pos + 1;
    while (end < text.size() && IsMarkupChar(text[end])) ++end;
    if (end == pos + 1 || end >= text.size() || text[end] != ']') {
      // No markup starts here; an inner `[` may still start one.
      pos = text.find('[', pos + 1);
      continue;
    }
    const ColorCode* color = FindColor(text.substr(pos + 1, end - pos - 1));
    if (color != nullptr) {
      out.append(text.substr(copied, pos - copied));
      colored = true;
      if (enabled_) {
        out.append("\033[");
        out.append(color->code);
        out.push_back('m');
      }
      copied = end + 1;
    }
    pos = text.find('[', end + 1);
  }
  out.append(text.substr(copied));
  if (colored && enabled_) out.append("\033[0m");
}

}  // namespace planview::change
