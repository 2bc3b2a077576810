// Where each diff node's text lies in a rendering, for viewers that fold and colour it
// (planview browse): with RenderOpts::outline set, Diff::RenderHuman records each node it
// renders as the byte range it appended to the text, a parent before its children, and
// every action symbol written (`+`, `-/+`, the per-line symbols of a multi-line string, a
// resource's own symbol) as its byte range and the action it stands for: what a viewer
// colours. Recording never changes the text.
#ifndef PLANVIEW_CHANGE_OUTLINE_H_
#define PLANVIEW_CHANGE_OUTLINE_H_

#include <cstddef>
#include <vector>

#include "structured/action.h"

namespace planview::change {

class Outline {
 public:
  // One node's text: [begin, end) in the string it was rendered into.
  struct Span {
    size_t begin = 0;
    size_t end = 0;
  };
  // One action symbol (with the padding and space written around it): [begin, end).
  struct Symbol {
    size_t begin = 0;
    size_t end = 0;
    Action action = Action::kNoOp;
  };

  // In the order the nodes were started (pre-order).
  const std::vector<Span>& spans() const { return spans_; }
  // In the order they were written (by offset).
  const std::vector<Symbol>& symbols() const { return symbols_; }

  // A node starts at `begin`; returns its slot for End.
  size_t Begin(size_t begin) {
    spans_.push_back(Span{begin, begin});
    return spans_.size() - 1;
  }
  void End(size_t slot, size_t end) { spans_[slot].end = end; }

  // The symbol of `action` was written at [begin, end).
  void AddSymbol(size_t begin, size_t end, Action action) { symbols_.push_back(Symbol{begin, end, action}); }

  // Adds the spans and symbols of `part`, recorded in a text that was then appended at
  // offset `at`.
  void AppendShifted(const Outline& part, size_t at) {
    for (const Span& s : part.spans_) spans_.push_back(Span{s.begin + at, s.end + at});
    for (const Symbol& s : part.symbols_) symbols_.push_back(Symbol{s.begin + at, s.end + at, s.action});
  }

 private:
  std::vector<Span> spans_;
  std::vector<Symbol> symbols_;
};

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_OUTLINE_H_
