// The pieces of a Markdown plan comment, rendered once and then laid out: the head (title,
// plan line, tables), one section per change with its diff in `diff` syntax, the output
// changes, and the texts each piece takes in full, cut short, split across comments or
// listed by address. Shared by the budgeted comment (markdown.cc) and --split (split.cc).
#ifndef PLANVIEW_RENDERER_FORMATS_INTERNAL_MARKDOWN_SECTIONS_H_
#define PLANVIEW_RENDERER_FORMATS_INTERNAL_MARKDOWN_SECTIONS_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/formats/budget.h"
#include "renderer/formats/presenter.h"

namespace planview::renderer::formats::markdown_sections {

// The groups, in the order they are printed, each under its heading.
enum class Group : uint8_t { kDrift, kDestroy, kOther, kOutputs };

inline constexpr size_t kNoChange = static_cast<size_t>(-1);

struct Section {
  const ResourceDiff* drift = nullptr;  // a drift section's diff
  size_t change = kNoChange;            // a resource change's index in the plan's changes
  Group group = Group::kOther;
  budget::Risk risk = budget::Risk::kCreate;
  std::string symbol;  // the action's symbol; empty for the output changes
  std::string title;   // why it is there ("t.a will be destroyed"): untrusted text
  std::string body;    // the diff in `diff` syntax, when has_body (FetchBodies)
  size_t body_size = 0;   // its size, held or not
  bool has_body = false;
  std::string fence;   // the code fence that holds `body`
  bool line_only = false;  // --drift summary: always one list line, no diff
};

struct Comment {
  std::string product;      // "OpenTofu" or "Terraform"
  std::string status;       // after the title: the plan line or "No changes", maybe a warning
  std::string tables;       // the summary tables (may be left out when over the budget)
  std::string filter_note;  // what a filter hid, or empty
  std::string drift_title;  // the drift group's heading text
  bool have_destroys = false;
  std::vector<Section> sections;  // in print order
  Options options;                // what the bodies are rendered with
};

// Renders the plan's pieces (every diff once, with `options`). Bodies are held while their
// sizes add up to at most `keep_bytes` (the rest are measured and left out: a comment over
// its budget shows few of them, FetchBodies renders those again).
Comment Collect(const PlanContext& plan, const Options& options, size_t keep_bytes = SIZE_MAX);

// The diffs again with other options (the concise form of a --verbose comment).
void Rerender(Comment& comment, const PlanContext& plan, const Options& options, size_t keep_bytes = SIZE_MAX);

// Renders again the bodies left out of `sections` (indices into comment.sections).
void FetchBodies(Comment& comment, const PlanContext& plan, std::span<const size_t> sections);

// Whether every section that has a diff holds its body.
bool HasAllBodies(const Comment& comment);

// "## OpenTofu plan\n\n", or with ", part 2 of 5".
std::string Title(const Comment& comment, std::string_view part);

// The heading before the first section of `group` ("### Destroyed or replaced\n\n"); none
// for the output changes, whose text carries its own. `continued` marks a group taken up
// again in the next part. `before` is the text so far: a heading after a list line or the
// plan line gets a blank line first.
std::string GroupHeading(const Comment& comment, Group group, bool continued, std::string_view before);

// How a section is shown: whole, or a piece of its diff (`chunk`), maybe following a
// previous piece, and maybe with a note after the code (why it stops).
struct Piece {
  std::string_view chunk;
  bool continued = false;  // a piece after the first
  std::string_view note;   // after the code block, or empty
};
std::string PieceText(const Section& section, const Piece& piece);
// The section whole (its body must be held), and that text's size (held or not).
std::string FullText(const Section& section);
size_t FullSize(const Section& section);

// The section's line in the list of sections without their diffs (and a line_only
// section's whole text).
std::string ListedLine(const Section& section);

// The collapsed list around those lines.
std::string ListOpen(size_t count, size_t max_bytes);
inline constexpr std::string_view kListClose = "\n</details>\n\n";

// A planview note paragraph ("\n_planview: ..._\n").
std::string NoteParagraph(std::string_view text);

// How the comment is laid out: each section's form, the piece of the one diff cut short.
enum class Shown : uint8_t { kFull, kCut, kListed, kUnlisted };
struct Layout {
  std::vector<Shown> shown;  // empty: every section in full
  std::string_view cut;      // the kCut section's piece of its diff
  std::string_view cut_note; // after that piece
  bool tables = true;
  std::string note;  // the closing planview note, or empty
};

// The comment: title, status, tables, each shown section under its group's heading (the
// ones shown in full or cut must hold their bodies), then
// the listed ones in a collapsed list (`max_bytes` is the budget it names), the filter
// note and the closing note.
std::string Assemble(const Comment& c, const Layout& layout, size_t max_bytes);

// Cuts every title whose escaped text is longer than `max_bytes` bytes (on a character
// boundary, ending in "...").
void CapTitles(Comment& comment, size_t max_bytes);

}  // namespace planview::renderer::formats::markdown_sections

#endif  // PLANVIEW_RENDERER_FORMATS_INTERNAL_MARKDOWN_SECTIONS_H_
