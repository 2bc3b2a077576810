// Decoding a resource value's msgpack without its schema: msgpack itself says what is a
// map (an object), an array (a list, set or tuple), a string, a number, a bool, null or
// unknown (any extension). A `dynamic` position ([type JSON as bin, value]) carries its
// type and is decoded typed by the wire decoder. What cannot be known untyped: a number
// too big for float64 (cty writes it as a string) stays a string, and an unknown list or
// map is not told from an unknown string.
#ifndef PLANVIEW_PLANFILE_INTERNAL_UNTYPED_MSGPACK_H_
#define PLANVIEW_PLANFILE_INTERNAL_UNTYPED_MSGPACK_H_

#include <optional>
#include <string>
#include <string_view>

#include "planfile/internal/value_node.h"

namespace planview::planfile::internal {

// Nesting deeper than this is an error.
inline constexpr int kMaxMsgpackDepth = 256;

struct UntypedResult {
  std::optional<Node> node;
  std::string error;  // "at .tags (byte 12): map key is not a string"
};

UntypedResult DecodeUntypedMsgpack(std::string_view bytes);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_UNTYPED_MSGPACK_H_
