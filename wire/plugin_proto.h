// The tfplugin5 messages that carry wire values, from their protobuf bytes
// (proto/tfplugin5.proto, read with base::ProtoReader):
// - DynamicValue: msgpack when that field is set, else JSON.
// - Schema: to the structured schema model.
#ifndef PLANVIEW_WIRE_PLUGIN_PROTO_H_
#define PLANVIEW_WIRE_PLUGIN_PROTO_H_

#include <string>
#include <string_view>

#include "base/expected.h"
#include "structured/cty_type.h"
#include "structured/schema.h"
#include "wire/decode.h"

namespace planview::wire {

// Decodes serialized DynamicValue bytes with `type` (msgpack with `executor`'s helpers,
// as DecodeMsgpack). A message that does not parse, or has neither field set, is an error.
DecodeResult DecodeDynamicValue(std::string_view message, const structured::Type& type,
                                base::Executor* executor = nullptr);

// Serialized DynamicValue bytes holding `msgpack`.
std::string DynamicValueMessage(std::string_view msgpack);

// Converts serialized Schema bytes; the error (naming the attribute or block path) when
// the message or a type in it is malformed.
base::Expected<structured::Schema> SchemaFromProto(std::string_view message);

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_PLUGIN_PROTO_H_
