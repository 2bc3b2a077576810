#include "renderer/formats/split.h"

#include <fmt/format.h>

#include "renderer/formats/budget.h"
#include "renderer/formats/internal/markdown_sections.h"

namespace planview::renderer::formats {

namespace {

using markdown_sections::Comment;
using markdown_sections::Group;
using markdown_sections::Section;

constexpr std::string_view kContinues = "the diff continues in the next part.";
constexpr std::string_view kContinuesMidLine = "the diff continues in the next part, from the middle of its last line.";

size_t Digits(size_t n) { return fmt::formatted_size("{}", n); }

// Fills parts of at most `capacity` bytes each (their titles come after), in print order.
class Packer {
 public:
  Packer(const Comment& c, size_t capacity) : c_(c), capacity_(capacity) { parts_.emplace_back(); }

  void Add(std::string_view text) { parts_.back() += text; }

  void Section(const markdown_sections::Section& s) {
    std::string whole = markdown_sections::FullText(s);
    if (Fits(Heading(s.group).size() + whole.size())) return Put(s.group, whole);
    if (Used() > 0) {
      NewPart();
      if (Fits(Heading(s.group).size() + whole.size())) return Put(s.group, whole);
    }
    // Larger than a part: its diff in pieces.
    std::string_view rest = s.body;
    bool continued = false;
    while (true) {
      size_t frame = Heading(s.group).size() + markdown_sections::PieceText(s, {{}, continued, kContinuesMidLine}).size();
      const size_t min_piece = capacity_ / 8;
      if (Used() > 0 && Used() + frame + min_piece > capacity_) {
        NewPart();
        continue;
      }
      size_t room = capacity_ > Used() + frame ? capacity_ - Used() - frame : 1;  // 1: a comment too small to hold anything
      // Whole lines unless one is longer than half the room.
      std::string_view chunk = budget::CutBody(rest, room, room / 2);
      bool last = chunk.size() == rest.size();
      bool at_break = !last && rest[chunk.size()] == '\n';
      std::string_view note = last ? std::string_view() : at_break ? kContinues : kContinuesMidLine;
      Put(s.group, markdown_sections::PieceText(s, {chunk, continued, note}));
      if (last) return;
      rest.remove_prefix(chunk.size() + (at_break ? 1 : 0));  // the line break the cut fell on
      continued = true;
      NewPart();
    }
  }

  std::vector<std::string> Take() { return std::move(parts_); }

 private:
  size_t Used() const { return parts_.back().size(); }
  bool Fits(size_t bytes) const { return Used() + bytes <= capacity_; }

  // The heading `group` needs in the current part.
  std::string Heading(Group group) const {
    if (has_group_ && group == group_) return {};
    bool seen = started_[static_cast<size_t>(group)];
    return markdown_sections::GroupHeading(c_, group, seen, parts_.back());
  }

  void Put(Group group, const std::string& text) {
    parts_.back() += Heading(group);
    has_group_ = true;
    group_ = group;
    started_[static_cast<size_t>(group)] = true;
    parts_.back() += text;
  }

  void NewPart() {
    parts_.emplace_back();
    has_group_ = false;
  }

  const Comment& c_;
  const size_t capacity_;
  std::vector<std::string> parts_;
  bool has_group_ = false;
  Group group_ = Group::kDrift;
  bool started_[4] = {};
};

std::vector<std::string> Pack(const Comment& c, size_t max_bytes, size_t digits) {
  std::string widest(digits, '9');
  size_t title = markdown_sections::Title(c, fmt::format("part {} of {}", widest, widest)).size();
  size_t tail = c.filter_note.empty() ? 0 : c.filter_note.size() + 1;  // in the last part only; kept free in all
  size_t capacity = max_bytes > title + tail ? max_bytes - title - tail : 0;
  Packer packer(c, capacity);
  packer.Add(c.status);
  if (c.tables.size() <= capacity / 2) {
    packer.Add(c.tables);
  } else {
    packer.Add(markdown_sections::NoteParagraph("the summary tables are left out: over the budget.") + "\n");
  }
  for (const Section& s : c.sections) packer.Section(s);
  std::vector<std::string> parts = packer.Take();
  if (!c.filter_note.empty()) parts.back() += '\n' + c.filter_note;
  return parts;
}

}  // namespace

std::vector<std::string> RenderMarkdownParts(const PlanContext& plan, const FormatOptions& format) {
  Options options = plan.options;
  options.color = false;
  options.show_sensitive = false;  // a comment is public
  Comment comment = markdown_sections::Collect(plan, options);
  const size_t max_bytes = format.max_bytes;
  std::string whole = markdown_sections::Assemble(comment, {}, max_bytes);
  if (whole.size() <= max_bytes) return {std::move(whole)};
  whole.clear();
  whole.shrink_to_fit();
  markdown_sections::CapTitles(comment, max_bytes / 8);
  std::vector<std::string> parts;
  for (size_t digits = 1;; ++digits) {
    parts = Pack(comment, max_bytes, digits);
    if (Digits(parts.size()) <= digits) break;
  }
  for (size_t i = 0; i < parts.size(); ++i) {
    parts[i].insert(0, markdown_sections::Title(comment, fmt::format("part {} of {}", i + 1, parts.size())));
  }
  return parts;
}

}  // namespace planview::renderer::formats
