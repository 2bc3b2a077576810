#include "wire/internal/grapheme.h"

#include "wire/internal/unicode_props.h"

namespace planview::wire::grapheme {
namespace {

using unicode::GraphemeBreak;

// The rules' state after the characters seen so far, and whether a boundary falls before
// the next one.
class Segmenter {
 public:
  // Feeds the next character; true when a cluster boundary falls before it.
  bool Next(uint8_t grapheme) {
    auto c = static_cast<GraphemeBreak>(grapheme & unicode::kGraphemeBreakMask);
    bool pict = (grapheme & unicode::kExtendedPictographic) != 0;
    bool boundary = first_ || Breaks(c, pict);
    first_ = false;
    // GB11 state: inside ExtPict Extend* (zwj_ready_ once a ZWJ ends that run).
    zwj_ready_ = c == GraphemeBreak::kZWJ && in_pict_;
    in_pict_ = pict || (in_pict_ && c == GraphemeBreak::kExtend);
    // GB12/GB13 state: regional indicators in a row just before the next character.
    ri_run_ = c == GraphemeBreak::kRegionalIndicator ? ri_run_ + 1 : 0;
    prev_ = c;
    return boundary;
  }

 private:
  bool Breaks(GraphemeBreak c, bool pict) const {
    using G = GraphemeBreak;
    G p = prev_;
    if (p == G::kCR && c == G::kLF) return false;                            // GB3
    if (p == G::kControl || p == G::kCR || p == G::kLF) return true;         // GB4
    if (c == G::kControl || c == G::kCR || c == G::kLF) return true;         // GB5
    if (p == G::kL && (c == G::kL || c == G::kV || c == G::kLV || c == G::kLVT))
      return false;                                                          // GB6
    if ((p == G::kLV || p == G::kV) && (c == G::kV || c == G::kT)) return false;  // GB7
    if ((p == G::kLVT || p == G::kT) && c == G::kT) return false;            // GB8
    if (c == G::kExtend || c == G::kZWJ) return false;                       // GB9
    if (c == G::kSpacingMark) return false;                                  // GB9a
    if (p == G::kPrepend) return false;                                      // GB9b
    if (zwj_ready_ && pict) return false;                                    // GB11
    if (p == G::kRegionalIndicator && c == G::kRegionalIndicator && ri_run_ % 2 == 1)
      return false;                                                          // GB12, GB13
    return true;                                                             // GB999
  }

  bool first_ = true;
  GraphemeBreak prev_ = GraphemeBreak::kOther;
  bool in_pict_ = false;
  bool zwj_ready_ = false;
  size_t ri_run_ = 0;
};

uint8_t GraphemeAt(std::string_view text, size_t i, size_t& size) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  unicode::Utf8Char ch = unicode::DecodeUtf8(p + i, text.size() - i);
  size = ch.size;
  return ch.valid ? unicode::Lookup(ch.cp).grapheme : 0;  // U+FFFD: Other
}

}  // namespace

std::vector<size_t> Boundaries(std::string_view text) {
  std::vector<size_t> out;
  Segmenter seg;
  size_t i = 0;
  while (i < text.size()) {
    size_t size;
    uint8_t g = GraphemeAt(text, i, size);
    if (seg.Next(g)) out.push_back(i);
    i += size;
  }
  out.push_back(text.size());
  return out;
}

size_t LastClusterStart(std::string_view text) {
  // Forward over the whole text: the rules for regional indicators and emoji sequences
  // depend on how far back a run goes.
  Segmenter seg;
  size_t last = 0;
  size_t i = 0;
  while (i < text.size()) {
    size_t size;
    uint8_t g = GraphemeAt(text, i, size);
    if (seg.Next(g)) last = i;
    i += size;
  }
  return last;
}

}  // namespace planview::wire::grapheme
