// Decoding a DynamicValue's payload into a WireValue, driven by a type constraint.
//
// MessagePack follows the wire-format spec (docs: wire-format-opentofu.md) and go-cty's
// decoder, except where go-cty contradicts the spec or crashes (see the conformance test):
// any extension code is an unknown value, unknown refinement keys are skipped with their
// values, non-string map keys, missing or duplicate object attributes, short tuples,
// inconsistent refinements and NaN are errors. Bytes after the value are ignored.
//
// JSON follows go-cty's JSON decoder: attributes may be omitted (null), `dynamic` is
// `{"type": T, "value": V}`, bools and numbers may be given as strings, strings as
// numbers or bools.
//
// Errors name the path inside the value and the byte offset; decoding never crashes on
// hostile input. A long list of blocks in a large MessagePack value may be decoded by this
// thread and a helper of `executor` (null: this thread only); the result is the same.
#ifndef PLANVIEW_WIRE_DECODE_H_
#define PLANVIEW_WIRE_DECODE_H_

#include <optional>
#include <string>

#include "structured/cty_type.h"
#include "wire/wire_error.h"
#include "wire/wire_value.h"

namespace planview::base {
class Executor;
}  // namespace planview::base

namespace planview::wire {

struct DecodeResult {
  std::optional<WireValue> value;
  std::optional<WireError> error;
  bool ok() const { return value.has_value(); }
};

DecodeResult DecodeMsgpack(std::string bytes, const structured::Type& type, base::Executor* executor = nullptr);
DecodeResult DecodeJson(std::string text, const structured::Type& type);

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_DECODE_H_
