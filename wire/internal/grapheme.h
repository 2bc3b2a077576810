// Extended grapheme cluster boundaries (UAX #29, Unicode 15.0 rules GB1-GB999, the version
// go-cty's go-textseg/v15 implements: no GB9c Indic conjunct rule, which came in 15.1),
// with planview's own tables (unicode_props.h).
// Bytes that are not valid UTF-8 count as one U+FFFD (Grapheme_Cluster_Break=Other) per
// maximal ill-formed subsequence.
#ifndef PLANVIEW_WIRE_INTERNAL_GRAPHEME_H_
#define PLANVIEW_WIRE_INTERNAL_GRAPHEME_H_

#include <cstddef>
#include <string_view>
#include <vector>

namespace planview::wire::grapheme {

// Byte offsets of every cluster boundary of text, 0 and text.size() included (just {0}
// for empty text).
std::vector<size_t> Boundaries(std::string_view text);

// Start of the last cluster of text (0 for empty text).
size_t LastClusterStart(std::string_view text);

}  // namespace planview::wire::grapheme

#endif  // PLANVIEW_WIRE_INTERNAL_GRAPHEME_H_
