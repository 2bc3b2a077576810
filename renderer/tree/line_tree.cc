#include "renderer/tree/line_tree.h"

#include <algorithm>

namespace planview::renderer::tree {

LineTree::LineTree(std::string_view text, const change::Outline& outline) {
  std::vector<size_t> starts;  // offset of each line
  size_t start = 0;
  while (true) {
    starts.push_back(start);
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      lines_.emplace_back(text.substr(start));
      break;
    }
    lines_.emplace_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  auto line_of = [&](size_t offset) {
    return static_cast<int>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin()) - 1;
  };

  // The nodes that span lines, nested: spans come parent first, so each one either lies
  // strictly inside the innermost open fold or after it.
  std::vector<int> close_of(lines_.size(), -1);
  struct Fold {
    int open, close;
  };
  std::vector<Fold> open;
  for (const change::Outline::Span& span : outline.spans()) {
    if (span.end <= span.begin || span.end > text.size()) continue;
    const Fold fold{line_of(span.begin), line_of(span.end - 1)};
    if (fold.close <= fold.open) continue;
    while (!open.empty() && open.back().close < fold.open) open.pop_back();
    if (!open.empty() && (fold.open <= open.back().open || fold.close >= open.back().close)) continue;
    if (close_of[fold.open] >= 0) continue;
    close_of[fold.open] = fold.close;
    open.push_back(fold);
  }
  node_of_line_.assign(lines_.size(), -1);
  Build(0, static_cast<int>(lines_.size()), -1, close_of, roots_);

  // Each symbol on the line it starts on (a symbol never spans lines).
  for (const change::Outline::Symbol& symbol : outline.symbols()) {
    if (symbol.end <= symbol.begin || symbol.end > text.size()) continue;
    const int line = line_of(symbol.begin);
    const size_t line_end = starts[line] + lines_[line].size();
    symbols_.push_back(LineSymbol{line, symbol.begin - starts[line], std::min(symbol.end, line_end) - starts[line],
                                  symbol.action});
  }
  std::stable_sort(symbols_.begin(), symbols_.end(), [](const LineSymbol& a, const LineSymbol& b) {
    return a.line != b.line ? a.line < b.line : a.begin < b.begin;
  });
}

std::span<const LineSymbol> LineTree::SymbolsOn(int line) const {
  auto first = std::lower_bound(symbols_.begin(), symbols_.end(), line,
                                [](const LineSymbol& s, int l) { return s.line < l; });
  auto last = first;
  while (last != symbols_.end() && last->line == line) ++last;
  return std::span<const LineSymbol>(first, last);
}

// Makes lines [begin, end) sibling nodes under `parent`; a line that opens a fold takes
// the lines up to its closing line as its children.
void LineTree::Build(int begin, int end, int parent, const std::vector<int>& close_of, std::vector<int>& out) {
  int i = begin;
  while (i < end) {
    int node = static_cast<int>(nodes_.size());
    nodes_.push_back(LineNode{i, -1, {}, parent});
    node_of_line_[i] = node;
    out.push_back(node);
    const int close = close_of[i];
    if (close < 0 || close >= end) {
      ++i;
      continue;
    }
    nodes_[node].close_line = close;
    node_of_line_[close] = node;
    std::vector<int> children;
    Build(i + 1, close, node, close_of, children);
    nodes_[node].children = std::move(children);
    i = close + 1;
  }
}

std::string LineTree::Flatten(const std::function<bool(int node)>& folded) const {
  std::string out;
  bool first = true;
  std::function<void(int)> emit = [&](int n) {
    const LineNode& node = nodes_[n];
    if (!first) out += '\n';
    first = false;
    out += lines_[node.line];
    if (!node.foldable() || (folded && folded(n))) return;
    for (int c : node.children) emit(c);
    out += '\n';
    out += lines_[node.close_line];
  };
  for (int r : roots_) emit(r);
  return out;
}

}  // namespace planview::renderer::tree
