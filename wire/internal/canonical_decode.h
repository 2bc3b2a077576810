// DecodeMsgpack's fast path, for values already in cty's canonical form (what go-cty
// writes): object attributes in the type's order, map keys in order without duplicates,
// set elements known and in cty's order without duplicates, NFC strings, and no `dynamic`
// inside a list, set or map. Such a value needs none of ValueWriter's fix-ups, so both
// documents are written in place: MessagePack gives every container's size before its
// children, and each child goes straight into its slot (DocumentBuilder::Reserve*/Put*).
//
// On anything else -- another form, an error, a value too large -- it gives up (nullopt),
// and the caller runs the general decoder on the same bytes: results and error messages
// are always the general decoder's. The WireValue it returns equals the general
// decoder's (same documents and side tables; only node numbering may differ).
#ifndef PLANVIEW_WIRE_INTERNAL_CANONICAL_DECODE_H_
#define PLANVIEW_WIRE_INTERNAL_CANONICAL_DECODE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "base/executor.h"
#include "structured/cty_type.h"
#include "wire/decode.h"
#include "wire/wire_value.h"

namespace planview::wire::internal {

using structured::Type;

// `data` stays alive as long as `owner` (strings of the value point into it). A list of
// blocks found with at least `share_min_bytes` of input left (and at least 64 elements)
// may be decoded by this thread and a helper of `executor` (null, or SIZE_MAX: this
// thread only); `shared`, when given, counts the elements the helper decoded.
inline constexpr size_t kShareMinBytes = size_t{1} << 20;
std::optional<WireValue> DecodeCanonicalMsgpack(std::string_view data, std::shared_ptr<const void> owner,
                                                const Type& type, base::Executor* executor = nullptr,
                                                size_t share_min_bytes = kShareMinBytes, uint64_t* shared = nullptr);

// The general decoder alone (msgpack_decode.cc; DecodeMsgpack tries the fast path first),
// for tests that compare the two.
DecodeResult DecodeMsgpackGeneral(std::shared_ptr<const std::string> bytes, const Type& type);

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_CANONICAL_DECODE_H_
