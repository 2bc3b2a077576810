// The folding structure of one rendered resource block: its lines grouped into nodes (a
// line that opens a diff node rendered over several lines, the lines under it, and the
// line that closes it), so a viewer can fold any of them, and where on each line the
// renderer wrote an action symbol, so a viewer can colour it. Both come from the diff
// tree: the renderer records where it wrote each node and each symbol
// (change/outline.h), so flattening every node unfolded gives back the text byte for byte
// and nothing is read back from the text.
#ifndef PLANVIEW_RENDERER_TREE_LINE_TREE_H_
#define PLANVIEW_RENDERER_TREE_LINE_TREE_H_

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "change/outline.h"
#include "structured/action.h"

namespace planview::renderer::tree {

struct LineNode {
  int line = 0;            // index into LineTree::lines() of its first line
  int close_line = -1;     // its closing line (`}`, `] -> null`, `EOT`); -1 for a leaf
  std::vector<int> children;  // node indices, in line order
  int parent = -1;         // node index; -1 at the top level

  bool foldable() const { return close_line >= 0; }
};

// An action symbol the renderer wrote on a line: bytes [begin, end) of lines()[line] (with
// the padding and space around it), for `action`.
struct LineSymbol {
  int line = 0;
  size_t begin = 0;
  size_t end = 0;
  Action action = Action::kNoOp;
};

class LineTree {
 public:
  LineTree() = default;
  // Splits `text` (no final newline needed) into lines; `outline` is where its diff nodes
  // and symbols were rendered in `text`. Each node that spans lines becomes a foldable node,
  // unless it shares its first or last line with the node around it (a sensitive value and
  // the value it wraps, the sides of a type change): then the outer one stands for both.
  LineTree(std::string_view text, const change::Outline& outline);

  const std::vector<std::string>& lines() const { return lines_; }
  const std::vector<LineNode>& nodes() const { return nodes_; }
  const std::vector<int>& roots() const { return roots_; }
  // The node whose first or closing line is `line`.
  int NodeOfLine(int line) const { return node_of_line_[line]; }
  // The action symbols written on `line`, left to right (none on most closing lines,
  // comments and the lines of an unchanged text).
  std::span<const LineSymbol> SymbolsOn(int line) const;

  // The lines shown when the nodes for which `folded(node)` is true hide their children
  // and closing line, joined by newlines. With nothing folded this is the original text.
  std::string Flatten(const std::function<bool(int node)>& folded = {}) const;

 private:
  void Build(int begin, int end, int parent, const std::vector<int>& close_of, std::vector<int>& out);

  std::vector<std::string> lines_;
  std::vector<LineNode> nodes_;
  std::vector<int> roots_;
  std::vector<int> node_of_line_;
  std::vector<LineSymbol> symbols_;  // by line, then offset
};

}  // namespace planview::renderer::tree

#endif  // PLANVIEW_RENDERER_TREE_LINE_TREE_H_
