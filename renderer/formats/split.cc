#include "renderer/formats/split.h"

#include <algorithm>

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

// Fills parts of at most `capacity` bytes each (titles not counted), in print order. It
// runs twice: first counting the parts (`out` null: of each part only its size and its
// last two bytes, all a heading looks at, are kept), then writing them, each titled
// "part i of N" (N from the count), each section's body let go once it is in a part: the
// comment is held about once, not as bodies and parts both.
class Packer {
 public:
  Packer(Comment& c, size_t capacity, std::vector<std::string>* out, size_t total)
      : c_(c), capacity_(capacity), out_(out), total_(total) {
    StartPart();
  }

  void Add(std::string_view text) { Add(text, text.size()); }

  // `size` bytes ending as `text` ends: `text` itself when the parts are written.
  void Add(std::string_view text, size_t size) {
    if (size == 0) return;
    used_ += size;
    if (out_ != nullptr) text_ += text;
    if (text.size() >= 2) {
      tail_[0] = text[text.size() - 2];
      tail_[1] = text.back();
      tail_size_ = 2;
    } else {
      tail_[0] = tail_[1];
      tail_[1] = text[0];
      tail_size_ = std::min<size_t>(tail_size_ + 1, 2);
    }
  }

  void Section(markdown_sections::Section& s) {
    PackSection(s);
    if (out_ != nullptr) std::string().swap(s.body);  // in a part now
  }

  // The parts counted or written; `last` goes at the end of the last.
  size_t Finish(std::string_view last) {
    Add(last);
    EndPart();
    return count_;
  }

 private:
  void PackSection(const markdown_sections::Section& s) {
    const size_t whole = markdown_sections::FullSize(s);
    if (Fits(Heading(s.group).size() + whole)) return PutWhole(s, whole);
    if (used_ > 0) {
      NewPart();
      if (Fits(Heading(s.group).size() + whole)) return PutWhole(s, whole);
    }
    // Larger than a part: its diff in pieces.
    std::string_view rest = s.body;
    bool continued = false;
    while (true) {
      size_t frame = Heading(s.group).size() + markdown_sections::PieceText(s, {{}, continued, kContinuesMidLine}).size();
      const size_t min_piece = capacity_ / 8;
      if (used_ > 0 && used_ + frame + min_piece > capacity_) {
        NewPart();
        continue;
      }
      size_t room = capacity_ > used_ + frame ? capacity_ - used_ - frame : 1;  // 1: a comment too small to hold anything
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

  bool Fits(size_t bytes) const { return used_ + bytes <= capacity_; }

  // The heading `group` needs in the current part.
  std::string Heading(Group group) const {
    if (has_group_ && group == group_) return {};
    bool seen = started_[static_cast<size_t>(group)];
    return markdown_sections::GroupHeading(c_, group, seen, std::string_view(tail_ + 2 - tail_size_, tail_size_));
  }

  void PutWhole(const markdown_sections::Section& s, size_t size) {
    if (out_ != nullptr) return Put(s.group, markdown_sections::FullText(s), size);
    // Counted: the text without its body ends as the whole does.
    Put(s.group, s.line_only ? markdown_sections::ListedLine(s) : markdown_sections::PieceText(s, {}), size);
  }

  void Put(Group group, std::string_view text) { Put(group, text, text.size()); }
  void Put(Group group, std::string_view text, size_t size) {
    Add(Heading(group));
    has_group_ = true;
    group_ = group;
    started_[static_cast<size_t>(group)] = true;
    Add(text, size);
  }

  void StartPart() {
    ++count_;
    used_ = 0;
    tail_size_ = 0;
    has_group_ = false;
    if (out_ != nullptr) {
      text_ = markdown_sections::Title(c_, fmt::format("part {} of {}", count_, total_));
    }
  }

  void EndPart() {
    if (out_ != nullptr) out_->emplace_back(text_);  // a copy the part's size, not the buffer's capacity
  }

  void NewPart() {
    EndPart();
    StartPart();
  }

  Comment& c_;
  const size_t capacity_;
  std::vector<std::string>* const out_;
  const size_t total_;
  size_t count_ = 0;
  size_t used_ = 0;      // the current part's bytes, its title left out
  std::string text_;     // the current part's text, when written
  char tail_[2] = {};    // its last bytes (tail_size_ of them)
  size_t tail_size_ = 0;
  bool has_group_ = false;
  Group group_ = Group::kDrift;
  bool started_[4] = {};
};

// Packs the comment into parts whose titles' numbers have `digits` digits: counts them
// (`out` null) or writes them, titled "part i of `total`", into `out`.
size_t Pack(Comment& c, size_t max_bytes, size_t digits, std::vector<std::string>* out, size_t total) {
  std::string widest(digits, '9');
  size_t title = markdown_sections::Title(c, fmt::format("part {} of {}", widest, widest)).size();
  size_t tail = c.filter_note.empty() ? 0 : c.filter_note.size() + 1;  // in the last part only; kept free in all
  size_t capacity = max_bytes > title + tail ? max_bytes - title - tail : 0;
  Packer packer(c, capacity, out, total);
  packer.Add(c.status);
  if (c.tables.size() <= capacity / 2) {
    packer.Add(c.tables);
  } else {
    packer.Add(markdown_sections::NoteParagraph("the summary tables are left out: over the budget.") + "\n");
  }
  for (Section& s : c.sections) packer.Section(s);
  return packer.Finish(c.filter_note.empty() ? std::string() : '\n' + c.filter_note);
}

}  // namespace

std::vector<std::string> RenderMarkdownParts(const PlanContext& plan, const FormatOptions& format) {
  Options options = plan.options;
  options.color = false;
  options.show_sensitive = false;  // a comment is public
  Comment comment = markdown_sections::Collect(plan, options);
  const size_t max_bytes = format.max_bytes;
  // The comment holds every body, so it is over max_bytes when they are.
  size_t bodies = 0;
  for (const Section& s : comment.sections) bodies += s.line_only ? 0 : s.body_size;
  if (bodies <= max_bytes) {
    std::string whole = markdown_sections::Assemble(comment, {}, max_bytes);
    if (whole.size() <= max_bytes) return {std::move(whole)};
  }
  markdown_sections::CapTitles(comment, max_bytes / 8);
  size_t digits = 1;
  size_t total = Pack(comment, max_bytes, digits, nullptr, 0);
  while (Digits(total) > digits) total = Pack(comment, max_bytes, ++digits, nullptr, 0);
  std::vector<std::string> parts;
  parts.reserve(total);
  Pack(comment, max_bytes, digits, &parts, total);
  return parts;
}

}  // namespace planview::renderer::formats
