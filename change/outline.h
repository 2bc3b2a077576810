// Where each diff node's text lies in a rendering, for viewers that fold it (planview
// browse): with RenderOpts::outline set, Diff::RenderHuman records each node it renders as
// the byte range it appended to the text, a parent before its children. Recording never
// changes the text.
#ifndef PLANVIEW_CHANGE_OUTLINE_H_
#define PLANVIEW_CHANGE_OUTLINE_H_

#include <cstddef>
#include <vector>

namespace planview::change {

class Outline {
 public:
  // One node's text: [begin, end) in the string it was rendered into.
  struct Span {
    size_t begin = 0;
    size_t end = 0;
  };

  // In the order the nodes were started (pre-order).
  const std::vector<Span>& spans() const { return spans_; }

  // A node starts at `begin`; returns its slot for End.
  size_t Begin(size_t begin) {
    spans_.push_back(Span{begin, begin});
    return spans_.size() - 1;
  }
  void End(size_t slot, size_t end) { spans_[slot].end = end; }

  // Adds the spans of `part`, recorded in a text that was then appended at offset `at`.
  void AppendShifted(const Outline& part, size_t at) {
    for (const Span& s : part.spans_) spans_.push_back(Span{s.begin + at, s.end + at});
  }

 private:
  std::vector<Span> spans_;
};

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_OUTLINE_H_
