// What `planview wire decode` prints for a decoded value: the text form (HCL-like, unknowns
// as `(known after apply)` with their refinements as a comment) or the JSON form
// `{"value": ..., "unknown": ..., "refinements": {path: text}}`.
#ifndef PLANVIEW_CMD_WIRE_DECODE_OUTPUT_H_
#define PLANVIEW_CMD_WIRE_DECODE_OUTPUT_H_

#include <string>

#include "renderer/mask.h"
#include "structured/cty_type.h"
#include "wire/wire_value.h"

namespace planview::cmd {

enum class DecodeFormat { kText, kJson };

// `value` printed as `format`, for its declared type `type`; ends in a newline. Strings,
// keys and refinements are masked by `masks` (--mask, --mask-env).
std::string DecodeOutput(const wire::WireValue& value, const structured::Type& type, DecodeFormat format,
                         const renderer::Masks& masks = {});

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_WIRE_DECODE_OUTPUT_H_
