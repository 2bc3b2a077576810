// What `planview browse` shows, without the terminal: the resources of a PlanTree in the
// chosen order and filter, which of them are expanded and which blocks folded, the rows
// that makes, the cursor, and search hits. The curses screen draws rows and feeds keys in;
// tests drive this directly.
#ifndef PLANVIEW_CMD_BROWSE_BROWSE_VIEW_H_
#define PLANVIEW_CMD_BROWSE_BROWSE_VIEW_H_

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "renderer/formats/filter.h"
#include "renderer/tree/plan_tree.h"

namespace planview::cmd::browse {

// A byte of a row's text drawn in colour: a character of an action symbol, in the colour
// its markup gives it ("green", "red", "yellow", "cyan").
struct ColoredByte {
  size_t byte = 0;
  std::string_view color;

  friend bool operator==(const ColoredByte&, const ColoredByte&) = default;
};

struct Row {
  int entry = 0;   // index into PlanTree::entries()
  int line = -1;   // -1: the resource's own row; else a line of its block
  bool folded = false;  // a block's first line whose children are hidden

  friend bool operator==(const Row&, const Row&) = default;
};

class BrowseView {
 public:
  explicit BrowseView(renderer::tree::PlanTree& tree);

  const std::vector<Row>& rows() const { return rows_; }
  int cursor() const { return cursor_; }
  void MoveCursor(int delta);   // clamped
  void SetCursor(int row);      // clamped

  // The text of a row: `  ~ address` for a resource (with `# drift`, `# moved from`,
  // `# import` notes), a block's line as the text renderer prints it, a folded line with
  // ` ... ` and its closing text.
  std::string RowText(const Row& row) {
    std::string storage;
    return std::string(RowText(row, storage));
  }
  // The same without a copy: a view of the block's line (valid until the tree changes), or
  // of `storage` where the text is composed. A screen draws a 100 MB line from this view.
  std::string_view RowText(const Row& row, std::string& storage);
  // The coloured bytes of RowText(row), in order: the characters of each action symbol the
  // renderer wrote on the line (the outline it recorded; nothing is read from the text).
  std::vector<ColoredByte> RowColors(const Row& row);
  bool IsExpanded(int entry) const { return expanded_[entry]; }

  // Enter: expands or collapses a resource, folds or unfolds the block a line opens or closes.
  void Activate();
  void ExpandAll(bool expand);

  // `o`: destroy and replace first (the default) or plan order.
  void ToggleOrder();
  bool risky_first() const { return risky_first_; }
  // `u`: unchanged attributes and blocks shown or hidden.
  void ToggleUnchanged();
  bool show_unchanged() const { return show_unchanged_; }
  // `a`: all, then each category the plan has, then all again.
  void CycleFilter();
  std::optional<renderer::formats::ActionCategory> filter() const { return filter_; }
  int visible_entries() const { return static_cast<int>(order_.size()); }

  // `]` / `[`: the next (previous) destroy or replace after (before) the cursor's resource.
  bool JumpRisky(bool forward);

  // `/`: finds `query` (ASCII case-insensitive) in addresses and, with their blocks rendered
  // as shown (unchanged attributes per the toggle), in every line of the visible resources.
  // Moves to the first hit at or after the cursor. Returns the number of hits.
  int Search(std::string_view query);
  // `n` / `N`: the next (previous) hit, wrapping around; expands and unfolds to show it.
  bool NextHit(bool forward);
  const std::string& query() const { return query_; }
  int hit_count() const { return static_cast<int>(hits_.size()); }
  int current_hit() const { return current_hit_; }  // index into the hits, -1 when none

  renderer::tree::PlanTree& tree() { return tree_; }

 private:
  struct Hit {
    int position;  // index into order_
    int line;      // -1: the address
  };
  void Rebuild(std::optional<std::pair<int, int>> keep = std::nullopt);
  std::set<int>& Folded(int entry);
  void Reveal(int entry, int line);  // expand, unfold ancestors, put the cursor there
  int PositionOf(int entry) const;
  void FindHits();

  renderer::tree::PlanTree& tree_;
  std::vector<int> order_;        // visible entries in display order
  std::vector<int> position_;     // entry -> index into order_, -1 when filtered out
  std::vector<Row> rows_;
  std::vector<bool> expanded_;
  std::vector<std::set<int>> folded_[2];  // per entry, per unchanged toggle: folded nodes
  int cursor_ = 0;
  bool risky_first_ = true;
  bool show_unchanged_ = false;
  std::optional<renderer::formats::ActionCategory> filter_;
  std::string query_;
  std::vector<Hit> hits_;
  int current_hit_ = -1;
};

// Lower-cased ASCII substring search.
bool ContainsIgnoringCase(std::string_view text, std::string_view query);

}  // namespace planview::cmd::browse

#endif  // PLANVIEW_CMD_BROWSE_BROWSE_VIEW_H_
