#include "cmd/browse/curses_screen.h"

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <ncursesw/curses.h>

#include <langinfo.h>
#include <wchar.h>

#include <algorithm>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "renderer/formats/filter.h"
#include "structured/json_text.h"

namespace planview::cmd::browse {

namespace {

enum Pair : short { kGreen = 1, kRed, kYellow, kCyan };

struct Glyph {
  wchar_t ch;
  size_t byte;  // offset of its first byte in the text
};

// Decodes the UTF-8 glyph at `i`: its code point and byte length. Invalid bytes become
// U+FFFD and control characters '?', so that one glyph is what the terminal shows.
Glyph DecodeAt(std::string_view s, size_t i, size_t& length) {
  const auto b = static_cast<unsigned char>(s[i]);
  int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
  char32_t cp = 0xFFFD;
  if (len == 1) {
    cp = b;
  } else if (len > 1 && i + len <= s.size()) {
    cp = b & (0x7F >> len);
    for (int k = 1; k < len; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c & 0xC0) != 0x80) {
        cp = 0xFFFD;
        len = k;
        break;
      }
      cp = (cp << 6) | (c & 0x3F);
    }
  } else {
    len = 1;
  }
  if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) cp = '?';
  length = static_cast<size_t>(len);
  return Glyph{static_cast<wchar_t>(cp), i};
}

size_t GlyphCount(std::string_view s) {
  size_t count = 0;
  for (size_t i = 0, length = 1; i < s.size(); i += length, ++count) DecodeAt(s, i, length);
  return count;
}

int Width(wchar_t ch) {
  int w = wcwidth(ch);
  return w < 0 ? 1 : w;
}

void Put(wchar_t ch, attr_t attr, short pair) {
  wchar_t text[2] = {ch, 0};
  cchar_t cc;
  setcchar(&cc, text, attr, pair, nullptr);
  add_wch(&cc);
}

// The pair for a colour that action symbols' markup names.
short ColorPair(std::string_view color) {
  if (color == "green") return kGreen;
  if (color == "red") return kRed;
  if (color == "yellow") return kYellow;
  if (color == "cyan") return kCyan;
  return 0;
}

class Screen {
 public:
  Screen(BrowseView& view, const ScreenOptions& options) : view_(view), options_(options) {}

  void Run() {
    Draw();
    while (true) {
      wint_t key = 0;
      int kind = get_wch(&key);
      if (kind == ERR) continue;
      const bool fkey = kind == KEY_CODE_YES;
      message_.clear();
      if (!fkey && key == 'q') return;
      Handle(fkey, key);
      Draw();
    }
  }

 private:
  int ListHeight() const { return std::max(1, LINES - 2); }

  void Handle(bool fkey, wint_t key) {
    const int page = std::max(1, ListHeight() - 1);
    if (fkey) {
      switch (key) {
        case KEY_UP: view_.MoveCursor(-1); break;
        case KEY_DOWN: view_.MoveCursor(1); break;
        case KEY_PPAGE: view_.MoveCursor(-page); top_ -= page; break;
        case KEY_NPAGE: view_.MoveCursor(page); top_ += page; break;
        case KEY_HOME: view_.SetCursor(0); break;
        case KEY_END: view_.SetCursor(static_cast<int>(view_.rows().size()) - 1); break;
        case KEY_LEFT: left_ = std::max(0, left_ - 8); break;
        case KEY_RIGHT: left_ += 8; break;
        case KEY_ENTER: view_.Activate(); break;
        case KEY_RESIZE: break;
        default: break;
      }
      return;
    }
    switch (key) {
      case 'k': view_.MoveCursor(-1); break;
      case 'j': view_.MoveCursor(1); break;
      case 'g': view_.SetCursor(0); break;
      case 'G': view_.SetCursor(static_cast<int>(view_.rows().size()) - 1); break;
      case ' ': view_.MoveCursor(page); top_ += page; break;
      case 'b': view_.MoveCursor(-page); top_ -= page; break;
      case '\n':
      case '\r': view_.Activate(); break;
      case 'e': view_.ExpandAll(true); break;
      case 'c': view_.ExpandAll(false); break;
      case 'o':
        view_.ToggleOrder();
        message_ = view_.risky_first() ? "destroy and replace first" : "plan order";
        break;
      case 'u':
        view_.ToggleUnchanged();
        message_ = view_.show_unchanged() ? "unchanged attributes shown" : "unchanged attributes hidden";
        break;
      case 'a': view_.CycleFilter(); break;
      case ']':
        if (!view_.JumpRisky(true)) message_ = "no destroy or replace below";
        break;
      case '[':
        if (!view_.JumpRisky(false)) message_ = "no destroy or replace above";
        break;
      case '/': Prompt(); break;
      case 'n':
      case 'N':
        if (view_.query().empty()) {
          message_ = "no search yet: press /";
        } else if (!view_.NextHit(key == 'n')) {
          message_ = fmt::format("no match for \"{}\"", view_.query());
        } else {
          message_ = fmt::format("\"{}\": match {} of {}", view_.query(), view_.current_hit() + 1, view_.hit_count());
        }
        break;
      case '?': Help(); break;
      default: break;
    }
  }

  void Prompt() {
    std::string query;
    while (true) {
      DrawStatus("/" + query, true);
      curs_set(1);
      refresh();
      wint_t key = 0;
      int kind = get_wch(&key);
      if (kind == ERR) continue;
      if (kind == KEY_CODE_YES) {
        if (key == KEY_BACKSPACE) {
          PopChar(query);
        } else if (key == KEY_ENTER) {
          break;
        } else if (key == KEY_RESIZE) {
          Draw();
        }
        continue;
      }
      if (key == 27) {  // Escape
        curs_set(0);
        return;
      }
      if (key == '\n' || key == '\r') break;
      if (key == 127 || key == 8) {
        PopChar(query);
        continue;
      }
      if (key < 0x20) continue;
      structured::AppendUtf8(query, static_cast<char32_t>(key));
    }
    curs_set(0);
    if (query.empty()) return;
    int hits = view_.Search(query);
    message_ = hits == 0 ? fmt::format("no match for \"{}\"", query)
                         : fmt::format("\"{}\": match {} of {}", query, view_.current_hit() + 1, hits);
  }

  static void PopChar(std::string& s) {
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80) s.pop_back();
    if (!s.empty()) s.pop_back();
  }

  void Help() {
    erase();
    std::string_view help = KeyHelp();
    int y = 0;
    size_t start = 0;
    while (start < help.size() && y < LINES) {
      size_t nl = help.find('\n', start);
      if (nl == std::string_view::npos) nl = help.size();
      DrawText(y++, 0, help.substr(start, nl - start), 0, COLS, A_NORMAL, {}, {});
      start = nl + 1;
    }
    refresh();
    wint_t key = 0;
    while (true) {
      int kind = get_wch(&key);
      if (kind == ERR) continue;
      if (kind == KEY_CODE_YES && key == KEY_RESIZE) {
        Help();
        return;
      }
      break;
    }
  }

  // Draws `text` from display column `skip` at row `y`, `width` columns wide, padded with
  // spaces. The bytes in `colors` (in order) are drawn in their colour; bytes matching the
  // search are underlined.
  // Draws the columns [skip, skip + width) of `text`. Only the glyphs up to the right edge
  // are decoded and only the bytes around the visible ones searched, so a line of 100 MB
  // (one long string value) costs what its visible part costs.
  void DrawText(int y, int x, std::string_view text, int skip, int width, attr_t attr,
                const std::vector<ColoredByte>& colors, std::string_view query) {
    move(y, x);
    // The glyphs that are drawn, found first: where the visible bytes begin and end.
    std::vector<Glyph> shown;
    std::vector<int> widths;
    int column = 0, used = 0, left_pad = 0;
    size_t i = 0;
    while (i < text.size()) {
      size_t length = 1;
      Glyph g = DecodeAt(text, i, length);
      i += length;
      int w = Width(g.ch);
      if (column < skip) {
        column += w;
        if (column > skip) left_pad = column - skip;  // a wide glyph cut by the left edge
        continue;
      }
      if (used + left_pad + w > width) break;
      shown.push_back(g);
      widths.push_back(w);
      used += w;
    }
    // Search hits that touch the visible bytes (a hit may begin left of them).
    std::vector<bool> match;
    size_t window_begin = shown.empty() ? 0 : shown.front().byte;
    size_t window_end = shown.empty() ? 0 : i;
    if (!query.empty() && !shown.empty()) {
      match.assign(window_end - window_begin, false);
      size_t from = window_begin >= query.size() ? window_begin - query.size() + 1 : 0;
      for (size_t at = from; at < window_end && at + query.size() <= text.size(); ++at) {
        if (!ContainsIgnoringCase(text.substr(at, query.size()), query)) continue;
        for (size_t k = std::max(at, window_begin); k < std::min(at + query.size(), window_end); ++k) {
          match[k - window_begin] = true;
        }
      }
    }
    int drawn = 0;
    for (; drawn < left_pad && drawn < width; ++drawn) Put(' ', attr, 0);
    size_t next_color = 0;
    for (size_t k = 0; k < shown.size(); ++k) {
      const Glyph& g = shown[k];
      attr_t a = attr;
      short pair = 0;
      while (next_color < colors.size() && colors[next_color].byte < g.byte) ++next_color;
      if (options_.color && next_color < colors.size() && colors[next_color].byte == g.byte) {
        pair = ColorPair(colors[next_color].color);
      }
      if (!match.empty() && match[g.byte - window_begin]) a |= A_UNDERLINE | A_BOLD;
      Put(g.ch, a, pair);
      drawn += widths[k];
    }
    for (; drawn < width; ++drawn) Put(' ', attr, 0);
  }

  std::string TopBar() const {
    renderer::tree::PlanTree& tree = view_.tree();
    std::string bar = fmt::format(" {} ", options_.file_name);
    for (renderer::formats::ActionCategory c : renderer::formats::kAllCategories) {
      int n = tree.counts()[static_cast<size_t>(c)];
      if (n > 0) bar += fmt::format(" {} {} ", renderer::formats::CategoryName(c), n);
    }
    int drift = 0;
    for (const renderer::tree::PlanEntry& e : tree.entries()) drift += e.cause == renderer::ChangeCause::kDrift;
    if (drift > 0) bar += fmt::format(" drift {} ", drift);
    if (tree.output_changes() > 0) bar += fmt::format(" outputs {} ", tree.output_changes());
    bar += fmt::format(" | Plan: {}.", tree.plan_line());
    return bar;
  }

  std::string StatusText() const {
    int position = 0;
    if (!view_.rows().empty()) {
      int entry = view_.rows()[view_.cursor()].entry;
      // The cursor's resource number in display order.
      for (const Row& r : view_.rows()) {
        if (r.line < 0) ++position;
        if (r.entry == entry) break;
      }
    }
    std::string filter = view_.filter() ? std::string(renderer::formats::CategoryName(*view_.filter())) : "all";
    std::string text = fmt::format(" {}/{} | {} | action: {} | unchanged: {} | ? keys  q quit", position,
                                   view_.visible_entries(), view_.risky_first() ? "destroy/replace first" : "plan order",
                                   filter, view_.show_unchanged() ? "shown" : "hidden");
    if (!message_.empty()) text = " " + message_ + " |" + text;
    return text;
  }

  void DrawStatus(const std::string& text, bool prompt) {
    DrawText(LINES - 1, 0, text, 0, COLS, prompt ? A_NORMAL : A_REVERSE, {}, {});
    if (prompt) move(LINES - 1, std::min(COLS - 1, static_cast<int>(GlyphCount(text))));
  }

  void Draw() {
    erase();
    const int height = ListHeight();
    const int rows = static_cast<int>(view_.rows().size());
    const int cursor = view_.cursor();
    top_ = std::clamp(top_, 0, std::max(0, rows - height));
    if (cursor < top_) top_ = cursor;
    if (cursor >= top_ + height) top_ = cursor - height + 1;
    DrawText(0, 0, TopBar(), 0, COLS, A_REVERSE | A_BOLD, {}, {});
    std::string row_text;  // storage for composed rows
    for (int i = 0; i < height; ++i) {
      const int r = top_ + i;
      if (r >= rows) break;
      const Row& row = view_.rows()[r];
      attr_t attr = row.line < 0 ? A_BOLD : A_NORMAL;
      if (r == cursor) attr |= A_REVERSE;
      DrawText(1 + i, 0, view_.RowText(row, row_text), left_, COLS, attr, view_.RowColors(row), view_.query());
    }
    if (rows == 0) DrawText(1, 0, "  (no resource changes to show)", 0, COLS, A_NORMAL, {}, {});
    DrawStatus(StatusText(), false);
    refresh();
  }

  BrowseView& view_;
  const ScreenOptions& options_;
  int top_ = 0;
  int left_ = 0;
  std::string message_;
};

// Curses needs a character set that can show the plan's text; fall back to C.UTF-8.
void UseUtf8Locale() {
  std::setlocale(LC_ALL, "");
  const char* codeset = nl_langinfo(CODESET);
  if (codeset == nullptr || std::strcmp(codeset, "UTF-8") != 0) std::setlocale(LC_CTYPE, "C.UTF-8");
}

}  // namespace

std::string_view KeyHelp() {
  return "planview browse: keys\n"
         "\n"
         "  Up Down j k       move               PgUp PgDn b Space  page\n"
         "  g G Home End      first, last        Left Right         scroll sideways\n"
         "  Enter             expand or collapse a resource; fold or unfold a block\n"
         "  e c               expand all, collapse all\n"
         "  u                 show or hide unchanged attributes and blocks\n"
         "  o                 order: destroy and replace first, or plan order\n"
         "  a                 action filter: all, then each action the plan has\n"
         "  ] [               next, previous destroy or replace\n"
         "  /                 search addresses and values (Enter to search, Esc to cancel)\n"
         "  n N               next, previous match\n"
         "  ?                 this help (any key closes it)\n"
         "  q                 quit\n";
}

base::Expected<void> RunScreen(BrowseView& view, const ScreenOptions& options) {
  UseUtf8Locale();
  SCREEN* screen = newterm(nullptr, stdout, stdin);
  if (screen == nullptr) {
    const char* term = std::getenv("TERM");
    return base::Error(fmt::format("cannot use the terminal (TERM={})", term == nullptr ? "" : term));
  }
  set_term(screen);
  cbreak();
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  // Wakes up now and then: the resize signal may reach another thread of the process, and
  // curses notices it (KEY_RESIZE) only when asked for a key.
  timeout(200);
  curs_set(0);
  if (options.color && has_colors()) {
    start_color();
    use_default_colors();
    init_pair(kGreen, COLOR_GREEN, -1);
    init_pair(kRed, COLOR_RED, -1);
    init_pair(kYellow, COLOR_YELLOW, -1);
    init_pair(kCyan, COLOR_CYAN, -1);
  }
  ScreenOptions effective = options;
  effective.color = options.color && has_colors();
  Screen(view, effective).Run();
  endwin();
  delscreen(screen);
  return {};
}

}  // namespace planview::cmd::browse
