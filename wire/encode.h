// Encoding a value of the structured model back to the wire format, following go-cty's
// encoder so that decode -> encode reproduces go-cty's bytes: shortest integer forms
// (unsigned family for non-negative), float64 for non-integers exactly representable (or
// held as float64), decimal strings otherwise; attributes and map keys bytewise; unknowns
// as `d4 00 00` or an ext-12 refinement map; `dynamic` as [bin(type JSON), value].
//
// The input is a WireValue: its `value` and `unknown` trees may also come from a plan
// (omitted attributes are null; dynamic values without a recorded type get the type their
// JSON implies).
#ifndef PLANVIEW_WIRE_ENCODE_H_
#define PLANVIEW_WIRE_ENCODE_H_

#include <optional>
#include <string>

#include "structured/cty_type.h"
#include "wire/wire_error.h"
#include "wire/wire_value.h"

namespace planview::wire {

struct EncodeResult {
  std::string bytes;
  std::optional<WireError> error;  // the value does not fit the type, or JSON cannot hold it
  bool ok() const { return !error.has_value(); }
};

EncodeResult EncodeMsgpack(const WireValue& value, const structured::Type& type);
// go-cty's JSON encoding (HTML-escaped strings, dynamic as {"value":…,"type":…}). Unknown
// values and infinities cannot be written.
EncodeResult EncodeJson(const WireValue& value, const structured::Type& type);

// The type a JSON value implies (what go-cty infers for a dynamic value without a type).
structured::Type ImpliedType(structured::Value json);

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_ENCODE_H_
