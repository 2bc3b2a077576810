// How the decoders stop at the first error: Fail() throws a Failure (byte offset and
// message), which DecodeMsgpack/DecodeJson turn into a WireError with the current path.
#ifndef PLANVIEW_WIRE_INTERNAL_DECODE_FAILURE_H_
#define PLANVIEW_WIRE_INTERNAL_DECODE_FAILURE_H_

#include <cstddef>
#include <string>
#include <utility>

namespace planview::wire::internal {

struct Failure {
  size_t offset;
  std::string message;
};

[[noreturn]] inline void Fail(size_t offset, std::string message) { throw Failure{offset, std::move(message)}; }

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_DECODE_FAILURE_H_
