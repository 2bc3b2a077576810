// How the decoders stop at the first error: they record a Failure (byte offset and
// message) and every caller returns at once, leaving the path where the error happened;
// DecodeMsgpack/DecodeJson turn it into a WireError with that path.
#ifndef PLANVIEW_WIRE_INTERNAL_DECODE_FAILURE_H_
#define PLANVIEW_WIRE_INTERNAL_DECODE_FAILURE_H_

#include <cstddef>
#include <string>

namespace planview::wire::internal {

struct Failure {
  size_t offset;
  std::string message;
};

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_DECODE_FAILURE_H_
