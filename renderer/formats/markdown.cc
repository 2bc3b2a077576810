#include "renderer/formats/markdown.h"

#include <fmt/format.h>

#include "renderer/formats/budget.h"
#include "renderer/formats/internal/markdown_sections.h"

namespace planview::renderer::formats {

namespace {

using markdown_sections::Comment;
using markdown_sections::Group;
using markdown_sections::Section;

using markdown_sections::Assemble;
using markdown_sections::Layout;
using markdown_sections::Shown;

constexpr std::string_view kCutNote = "the rest of this diff is over the budget.";

std::string BudgetNote(size_t max_bytes, bool collapsed, bool tables, size_t total, size_t listed, size_t cut,
                       size_t unlisted) {
  std::string note = fmt::format("the plan is over the {}-byte budget", max_bytes);
  std::string_view sep = ": ";
  auto add = [&](const std::string& part) {
    note += sep;
    note += part;
    sep = "; ";
  };
  if (collapsed) add("unchanged attributes collapsed");
  if (!tables) add("the summary tables left out");
  if (cut > 0) add("one diff cut short");
  if (listed > 0) add(fmt::format("{} of {} changes listed without their diffs", listed, total));
  if (unlisted > 0) add(fmt::format("{} of {} changes not even listed", unlisted, total));
  note += ". `--split DIR` writes every diff.";
  return note;
}

// The sections `layout` shows in full or cut.
std::vector<size_t> ShownInFull(const Layout& layout) {
  std::vector<size_t> out;
  for (size_t i = 0; i < layout.shown.size(); ++i) {
    if (layout.shown[i] == Shown::kFull || layout.shown[i] == Shown::kCut) out.push_back(i);
  }
  return out;
}

// Assemble, with the bodies it shows rendered again where they were left out.
std::string AssembleShown(Comment& c, const PlanContext& plan, const Layout& layout, size_t max_bytes) {
  markdown_sections::FetchBodies(c, plan, ShownInFull(layout));
  return Assemble(c, layout, max_bytes);
}

// The comment within `max_bytes`: every section measured once, the budget spent by risk
// (budget::Choose), then what is left filled with the start of the riskiest diff left out.
std::string FitWithinBudget(Comment& c, const PlanContext& plan, size_t max_bytes, bool collapsed) {
  const size_t n = c.sections.size();
  Layout layout;
  layout.tables = c.tables.size() <= max_bytes / 4;
  // An upper bound on everything but the sections: headings, the list's frame, the note.
  size_t fixed = markdown_sections::Title(c, {}).size() + c.status.size() + c.filter_note.size() + 1;
  if (layout.tables) fixed += c.tables.size();
  for (Group g : {Group::kDrift, Group::kDestroy, Group::kOther}) {
    fixed += markdown_sections::GroupHeading(c, g, false, "\n").size();
  }
  fixed += markdown_sections::ListOpen(n, max_bytes).size() + markdown_sections::kListClose.size();
  fixed += markdown_sections::NoteParagraph(BudgetNote(max_bytes, true, false, n, n, 1, n)).size();

  std::vector<budget::Item> items(n);
  for (size_t i = 0; i < n; ++i) {
    items[i] = {c.sections[i].risk, markdown_sections::FullSize(c.sections[i]),
                markdown_sections::ListedLine(c.sections[i]).size()};
  }
  auto note = [&](size_t cut) {
    size_t listed = 0, unlisted = 0;
    for (Shown s : layout.shown) {
      listed += s == Shown::kListed;
      unlisted += s == Shown::kUnlisted;
    }
    return BudgetNote(max_bytes, collapsed, layout.tables, n, listed, cut, unlisted);
  };
  size_t sections_size = 0;  // the sections' bytes in the forms chosen
  auto choose = [&](size_t room) {
    std::vector<budget::Form> form = budget::Choose(items, room);
    layout.shown.assign(n, Shown::kUnlisted);
    sections_size = 0;
    for (size_t i = 0; i < n; ++i) {
      if (form[i] == budget::Form::kFull) {
        layout.shown[i] = Shown::kFull;
        sections_size += items[i].full;
      } else if (form[i] == budget::Form::kListed) {
        layout.shown[i] = Shown::kListed;
        sections_size += items[i].listed;
      }
    }
    layout.note = note(0);
    return AssembleShown(c, plan, layout, max_bytes);
  };
  std::string text = choose(max_bytes > fixed ? max_bytes - fixed : 0);
  // `fixed` over-counts (headings of absent groups, the widest note): choose again with
  // what this layout spends besides its sections, and keep the result when it fits.
  // (A retry may show a group the first choice did not: the slack is for its heading.)
  Layout kept = layout;
  const size_t spent = text.size() - std::min(text.size(), sections_size);
  for (size_t slack : {size_t{0}, size_t{64}, size_t{256}}) {
    if (spent + slack >= max_bytes) break;
    std::string retry = choose(max_bytes - spent - slack);
    if (retry.size() <= max_bytes) {
      if (retry.size() > text.size()) {
        text = std::move(retry);
        kept = layout;
      }
      break;
    }
  }
  layout = kept;

  // The riskiest listed section (first in print order) shows as much of its diff as fits.
  size_t pick = n;
  for (size_t i = 0; i < n; ++i) {
    if (layout.shown[i] == Shown::kListed && !c.sections[i].line_only &&
        (pick == n || c.sections[i].risk < c.sections[pick].risk)) {
      pick = i;
    }
  }
  if (pick == n) return text;
  layout.shown[pick] = Shown::kCut;
  layout.cut_note = kCutNote;
  layout.note = note(1);
  size_t frame = AssembleShown(c, plan, layout, max_bytes).size();
  std::string_view piece =
      frame < max_bytes ? budget::CutBody(c.sections[pick].body, max_bytes - frame, max_bytes / 50) : std::string_view();
  if (piece.empty() || piece.size() == c.sections[pick].body.size()) return text;
  layout.cut = piece;
  return AssembleShown(c, plan, layout, max_bytes);
}

}  // namespace

std::string ToDiffSyntax(std::string_view human) {
  std::string out;
  out.reserve(human.size() + 16);
  size_t start = 0;
  while (start <= human.size()) {
    size_t end = human.find('\n', start);
    if (end == std::string_view::npos) end = human.size();
    std::string line(human.substr(start, end - start));
    size_t pos = line.find_first_not_of(' ');
    if (pos != std::string::npos && (line[pos] == '+' || line[pos] == '-' || line[pos] == '~')) {
      char mark = line[pos] == '~' ? '!' : line[pos];
      bool marker = pos + 1 == line.size() || line[pos + 1] == ' ' || line[pos + 1] == '/';
      if (marker) {
        if (pos > 0) {
          line[pos] = ' ';
          line[0] = mark;
        } else if (mark == '!') {
          line[0] = '!';
        }
      }
    }
    out += line;
    if (end == human.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

void RenderMarkdown(const PlanContext& plan, const FormatOptions& format, std::string& out) {
  Options options = plan.options;
  options.color = false;
  options.show_sensitive = false;  // a comment is public
  const size_t max_bytes = format.max_bytes;
  // A comment over its budget shows few bodies: the rest are measured, not held.
  Comment comment = markdown_sections::Collect(plan, options, max_bytes);
  if (markdown_sections::HasAllBodies(comment)) {  // otherwise they add up to more than max_bytes
    std::string text = Assemble(comment, {}, max_bytes);
    if (text.size() <= max_bytes) {
      out += text;
      return;
    }
  }
  // Over the budget: unchanged attributes collapsed first (when --verbose showed them).
  bool collapsed = false;
  if (options.verbose) {
    Options concise = options;
    concise.verbose = false;
    markdown_sections::Rerender(comment, plan, concise, max_bytes);
    collapsed = true;
    if (markdown_sections::HasAllBodies(comment)) {
      Layout whole;
      whole.note = BudgetNote(max_bytes, true, true, comment.sections.size(), 0, 0, 0);
      std::string text = Assemble(comment, whole, max_bytes);
      if (text.size() <= max_bytes) {
        out += text;
        return;
      }
    }
  }
  markdown_sections::CapTitles(comment, max_bytes / 8);
  out += FitWithinBudget(comment, plan, max_bytes, collapsed);
}

}  // namespace planview::renderer::formats
