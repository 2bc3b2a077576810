// Protobuf's wire format written by hand, for tests that need bytes no generated code
// writes (unknown fields, damaged lengths, groups): a varint, a field's tag, and a
// length-delimited field.
#ifndef PLANVIEW_BASE_TESTING_PROTO_WIRE_H_
#define PLANVIEW_BASE_TESTING_PROTO_WIRE_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace planview::base::testing {

inline std::string Varint(uint64_t v) {
  std::string out;
  while (v >= 0x80) {
    out += static_cast<char>((v & 0x7f) | 0x80);
    v >>= 7;
  }
  out += static_cast<char>(v);
  return out;
}

inline std::string Tag(uint32_t number, uint32_t wire_type) { return Varint((uint64_t{number} << 3) | wire_type); }

inline std::string Bytes(uint32_t number, std::string_view value) {
  return Tag(number, 2) + Varint(value.size()) + std::string(value);
}

}  // namespace planview::base::testing

#endif  // PLANVIEW_BASE_TESTING_PROTO_WIRE_H_
