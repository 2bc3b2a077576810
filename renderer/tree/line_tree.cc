#include "renderer/tree/line_tree.h"

namespace planview::renderer::tree {

namespace {

bool IsSymbolChar(char c) { return c == '+' || c == '-' || c == '~' || c == '/' || c == '<' || c == '=' || c == '.'; }

bool Blank(std::string_view line) { return line.find_first_not_of(' ') == std::string_view::npos; }

// A closing line: a bracket (`}`, `] -> null`, `),`) or a heredoc's end (`EOT`).
bool ClosesNode(std::string_view line) {
  size_t at = line.find_first_not_of(' ');
  if (at == std::string_view::npos) return false;
  const char c = line[at];
  return c == '}' || c == ']' || c == ')' || line.substr(at).starts_with("EOT");
}

}  // namespace

int Indentation(std::string_view line) {
  size_t n = line.find_first_not_of(' ');
  return static_cast<int>(n == std::string_view::npos ? line.size() : n);
}

int ContentColumn(std::string_view line) {
  size_t at = static_cast<size_t>(Indentation(line));
  size_t end = at;
  while (end < line.size() && IsSymbolChar(line[end])) ++end;
  // A symbol is a short run followed by one space; anything else is content.
  if (end > at && end - at <= 3 && end < line.size() && line[end] == ' ') return static_cast<int>(end + 1);
  return static_cast<int>(at);
}

LineTree::LineTree(std::string_view text) {
  size_t start = 0;
  while (true) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) {
      lines_.emplace_back(text.substr(start));
      break;
    }
    lines_.emplace_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  node_of_line_.assign(lines_.size(), -1);
  Build(0, static_cast<int>(lines_.size()), -1, roots_);
}

// Groups lines [begin, end) into sibling nodes under `parent`. A line opens a node when the
// lines after it are indented deeper than its content column (or blank) and the first line
// that is not starts exactly at that column with a bracket or `EOT`: that one closes it.
// An opener without lines under it must end in a bracket (`+ block {` then `}`).
int LineTree::Build(int begin, int end, int parent, std::vector<int>& out) {
  int i = begin;
  while (i < end) {
    const std::string& line = lines_[i];
    int node = static_cast<int>(nodes_.size());
    nodes_.push_back(LineNode{i, -1, {}, parent});
    node_of_line_[i] = node;
    out.push_back(node);
    int close = -1;
    if (!Blank(line)) {
      const int column = ContentColumn(line);
      int j = i + 1;
      bool deeper = false;  // non-blank lines under it
      while (j < end && (Blank(lines_[j]) || Indentation(lines_[j]) > column)) {
        deeper |= !Blank(lines_[j]);
        ++j;
      }
      const char last = line.back();
      if (j < end && Indentation(lines_[j]) == column && ClosesNode(lines_[j]) &&
          (deeper || last == '{' || last == '[' || last == '(')) {
        close = j;
      }
    }
    if (close < 0) {
      ++i;
      continue;
    }
    nodes_[node].close_line = close;
    node_of_line_[close] = node;
    std::vector<int> children;
    Build(i + 1, close, node, children);
    nodes_[node].children = std::move(children);
    i = close + 1;
  }
  return static_cast<int>(out.size());
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
