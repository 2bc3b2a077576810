#include "cmd/browse/browse_view.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "change/action_symbol.h"
#include "change/colorize.h"
#include "renderer/resource_change.h"

namespace planview::cmd::browse {

using renderer::formats::ActionCategory;
using renderer::tree::LineNode;
using renderer::tree::LineTree;
using renderer::tree::PlanEntry;

namespace {

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The text after the leading spaces of a closing line (`}`, `] -> null`).
std::string_view Trimmed(std::string_view line) {
  size_t at = line.find_first_not_of(' ');
  return at == std::string_view::npos ? std::string_view() : line.substr(at);
}

}  // namespace

bool ContainsIgnoringCase(std::string_view text, std::string_view query) {
  if (query.empty()) return true;
  if (query.size() > text.size()) return false;
  for (size_t i = 0; i + query.size() <= text.size(); ++i) {
    size_t k = 0;
    while (k < query.size() && Lower(text[i + k]) == Lower(query[k])) ++k;
    if (k == query.size()) return true;
  }
  return false;
}

BrowseView::BrowseView(renderer::tree::PlanTree& tree) : tree_(tree) {
  const size_t n = tree_.entries().size();
  expanded_.assign(n, false);
  folded_[0].resize(n);
  folded_[1].resize(n);
  Rebuild();
}

std::set<int>& BrowseView::Folded(int entry) { return folded_[show_unchanged_ ? 1 : 0][entry]; }

int BrowseView::PositionOf(int entry) const { return position_[entry]; }

void BrowseView::Rebuild(std::optional<std::pair<int, int>> keep) {
  if (!keep && cursor_ < static_cast<int>(rows_.size())) keep = std::pair(rows_[cursor_].entry, rows_[cursor_].line);
  const std::vector<PlanEntry>& entries = tree_.entries();
  order_.clear();
  position_.assign(entries.size(), -1);
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < entries.size(); ++i) {
      const PlanEntry& e = entries[i];
      if (filter_ && std::find(e.categories.begin(), e.categories.end(), *filter_) == e.categories.end()) continue;
      // With risky first: risky entries on the first pass, the rest on the second.
      bool take = risky_first_ ? (pass == 0) == e.Risky() : pass == 0;
      if (!take) continue;
      position_[i] = static_cast<int>(order_.size());
      order_.push_back(static_cast<int>(i));
    }
  }
  rows_.clear();
  rows_.reserve(order_.size());
  for (int entry : order_) {
    rows_.push_back(Row{entry, -1, false});
    if (!expanded_[entry]) continue;
    const LineTree& t = tree_.Subtree(entry, show_unchanged_);
    const std::set<int>& folded = Folded(entry);
    std::function<void(int)> emit = [&](int n) {
      const LineNode& node = t.nodes()[n];
      bool is_folded = node.foldable() && folded.count(n) > 0;
      rows_.push_back(Row{entry, node.line, is_folded});
      if (!node.foldable() || is_folded) return;
      for (int c : node.children) emit(c);
      rows_.push_back(Row{entry, node.close_line, false});
    };
    for (int r : t.roots()) emit(r);
  }
  int found = -1;
  if (keep) {
    for (size_t i = 0; i < rows_.size() && found < 0; ++i) {
      if (rows_[i].entry == keep->first && rows_[i].line == keep->second) found = static_cast<int>(i);
    }
    for (size_t i = 0; i < rows_.size() && found < 0; ++i) {
      if (rows_[i].entry == keep->first && rows_[i].line == -1) found = static_cast<int>(i);
    }
  }
  SetCursor(found >= 0 ? found : cursor_);
}

void BrowseView::MoveCursor(int delta) { SetCursor(cursor_ + delta); }

void BrowseView::SetCursor(int row) {
  cursor_ = std::clamp(row, 0, std::max(0, static_cast<int>(rows_.size()) - 1));
}

std::string_view BrowseView::RowText(const Row& row, std::string& storage) {
  const PlanEntry& e = tree_.entries()[row.entry];
  if (row.line < 0) {
    const renderer::ResourceChange& r = *e.resource;
    std::string& text = storage;
    text = change::Colorize(false).Color(renderer::DiffActionSymbol(r.action));
    text += ' ';
    text += r.address;
    if (!r.deposed.empty()) text += fmt::format(" (deposed object {})", r.deposed);
    if (e.cause == renderer::ChangeCause::kDrift) text += "  # drift";
    if (r.Moved()) text += fmt::format("  # moved from {}", r.previous_address);
    if (r.Importing()) text += "  # import";
    return text;
  }
  const LineTree& t = tree_.Subtree(row.entry, show_unchanged_);
  if (!row.folded) return t.lines()[row.line];
  const LineNode& node = t.nodes()[t.NodeOfLine(row.line)];
  storage = t.lines()[row.line];
  storage += fmt::format(" ... {}", Trimmed(t.lines()[node.close_line]));
  return storage;
}

std::vector<ColoredByte> BrowseView::RowColors(const Row& row) {
  std::vector<ColoredByte> out;
  // The symbol of `action` written at [begin, end) of `text`: its printable characters
  // take the symbol's colours in order (the padding around it stays plain).
  auto add = [&out](std::string_view text, size_t begin, size_t end, Action action) {
    const std::vector<std::string_view> colors = change::ActionSymbolColors(action);
    size_t k = 0;
    for (size_t b = begin; b < end && b < text.size() && k < colors.size(); ++b) {
      if (text[b] == ' ') continue;
      if (!colors[k].empty()) out.push_back(ColoredByte{b, colors[k]});
      ++k;
    }
  };
  const PlanEntry& e = tree_.entries()[row.entry];
  if (row.line < 0) {
    // RowText starts with the resource's symbol.
    const std::string symbol = change::Colorize(false).Color(renderer::DiffActionSymbol(e.resource->action));
    add(symbol, 0, symbol.size(), e.resource->action);
    return out;
  }
  const LineTree& t = tree_.Subtree(row.entry, show_unchanged_);
  // A folded row starts with its first line, so the symbols keep their places.
  for (const renderer::tree::LineSymbol& s : t.SymbolsOn(row.line)) add(t.lines()[row.line], s.begin, s.end, s.action);
  return out;
}

void BrowseView::Activate() {
  if (rows_.empty()) return;
  const Row row = rows_[cursor_];
  if (row.line < 0) {
    expanded_[row.entry] = !expanded_[row.entry];
    Rebuild(std::pair(row.entry, -1));
    return;
  }
  const LineTree& t = tree_.Subtree(row.entry, show_unchanged_);
  int node = t.NodeOfLine(row.line);
  if (node < 0 || !t.nodes()[node].foldable()) return;
  std::set<int>& folded = Folded(row.entry);
  if (!folded.erase(node)) folded.insert(node);
  Rebuild(std::pair(row.entry, t.nodes()[node].line));
}

void BrowseView::ExpandAll(bool expand) {
  std::optional<std::pair<int, int>> keep;
  if (!rows_.empty()) keep = std::pair(rows_[cursor_].entry, expand ? rows_[cursor_].line : -1);
  for (int entry : order_) expanded_[entry] = expand;
  Rebuild(keep);
}

void BrowseView::ToggleOrder() {
  risky_first_ = !risky_first_;
  Rebuild();
  FindHits();
}

void BrowseView::ToggleUnchanged() {
  std::optional<std::pair<int, int>> keep;
  if (!rows_.empty()) keep = std::pair(rows_[cursor_].entry, -1);
  show_unchanged_ = !show_unchanged_;
  Rebuild(keep);
  FindHits();
}

void BrowseView::CycleFilter() {
  std::vector<ActionCategory> used;
  for (ActionCategory c : renderer::formats::kAllCategories) {
    bool any = false;
    for (const PlanEntry& e : tree_.entries()) {
      if (std::find(e.categories.begin(), e.categories.end(), c) != e.categories.end()) {
        any = true;
        break;
      }
    }
    if (any) used.push_back(c);
  }
  if (!filter_) {
    if (!used.empty()) filter_ = used.front();
  } else {
    auto it = std::find(used.begin(), used.end(), *filter_);
    if (it == used.end() || ++it == used.end()) {
      filter_.reset();
    } else {
      filter_ = *it;
    }
  }
  Rebuild();
  FindHits();
}

bool BrowseView::JumpRisky(bool forward) {
  if (rows_.empty()) return false;
  const int here = PositionOf(rows_[cursor_].entry);
  const int n = static_cast<int>(order_.size());
  // Backwards from a resource's block, its own row comes first.
  if (!forward && rows_[cursor_].line >= 0 && tree_.entries()[order_[here]].Risky()) {
    Reveal(order_[here], -1);
    return true;
  }
  for (int p = forward ? here + 1 : here - 1; p >= 0 && p < n; p += forward ? 1 : -1) {
    if (tree_.entries()[order_[p]].Risky()) {
      Reveal(order_[p], -1);
      return true;
    }
  }
  return false;
}

void BrowseView::FindHits() {
  hits_.clear();
  current_hit_ = -1;
  if (query_.empty()) return;
  for (size_t p = 0; p < order_.size(); ++p) {
    const int entry = order_[p];
    if (ContainsIgnoringCase(tree_.entries()[entry].resource->address, query_)) {
      hits_.push_back(Hit{static_cast<int>(p), -1});
    }
    const LineTree& t = tree_.Subtree(entry, show_unchanged_);
    for (size_t l = 0; l < t.lines().size(); ++l) {
      if (ContainsIgnoringCase(t.lines()[l], query_)) hits_.push_back(Hit{static_cast<int>(p), static_cast<int>(l)});
    }
  }
}

int BrowseView::Search(std::string_view query) {
  query_ = std::string(query);
  FindHits();
  if (hits_.empty()) return 0;
  // The first hit at or after the cursor, else the first one.
  current_hit_ = 0;
  if (!rows_.empty()) {
    const Row& row = rows_[cursor_];
    const std::pair<int, int> here(PositionOf(row.entry), row.line);
    for (size_t i = 0; i < hits_.size(); ++i) {
      if (std::pair(hits_[i].position, hits_[i].line) >= here) {
        current_hit_ = static_cast<int>(i);
        break;
      }
    }
  }
  Reveal(order_[hits_[current_hit_].position], hits_[current_hit_].line);
  return static_cast<int>(hits_.size());
}

bool BrowseView::NextHit(bool forward) {
  if (hits_.empty()) return false;
  const Row& row = rows_[cursor_];
  const std::pair<int, int> here(PositionOf(row.entry), row.line);
  const int n = static_cast<int>(hits_.size());
  int next = -1;
  if (forward) {
    for (int i = 0; i < n && next < 0; ++i) {
      if (std::pair(hits_[i].position, hits_[i].line) > here) next = i;
    }
    if (next < 0) next = 0;
  } else {
    for (int i = n - 1; i >= 0 && next < 0; --i) {
      if (std::pair(hits_[i].position, hits_[i].line) < here) next = i;
    }
    if (next < 0) next = n - 1;
  }
  current_hit_ = next;
  Reveal(order_[hits_[next].position], hits_[next].line);
  return true;
}

void BrowseView::Reveal(int entry, int line) {
  if (line >= 0) {
    expanded_[entry] = true;
    const LineTree& t = tree_.Subtree(entry, show_unchanged_);
    std::set<int>& folded = Folded(entry);
    int node = t.NodeOfLine(line);
    // A closing line is shown only when its own node is unfolded too.
    if (node >= 0 && t.nodes()[node].line != line) folded.erase(node);
    for (int p = node >= 0 ? t.nodes()[node].parent : -1; p >= 0; p = t.nodes()[p].parent) folded.erase(p);
  }
  Rebuild(std::pair(entry, line));
}

}  // namespace planview::cmd::browse
