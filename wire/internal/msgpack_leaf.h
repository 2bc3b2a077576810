// The leaves most resource values are made of, read straight from the bytes: for a string,
// number or bool type, a fixstr or str8 that is already NFC, an integer of up to 32 bits
// (fixints, uint8/16/32), true/false, or nil. Both MessagePack decoders (the general one in
// msgpack_decode.cc and the canonical fast path) try it first for every child value, and
// take their general path when it reads nothing.
#ifndef PLANVIEW_WIRE_INTERNAL_MSGPACK_LEAF_H_
#define PLANVIEW_WIRE_INTERNAL_MSGPACK_LEAF_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "structured/cty_type.h"
#include "wire/internal/msgpack_reader.h"
#include "wire/internal/unicode.h"

namespace planview::wire::internal {

using structured::Type;

// Reads such a leaf of a value of type `kind` and hands it to `sink`: String(offset, length,
// valid_utf8) (bytes of r.data(), NFC; whether they are valid UTF-8), Int(int64_t),
// Bool(bool) or Null(). Returns false, having read
// nothing, for anything else (another type or form, a string that needs normalising, too
// few bytes left).
template <typename Sink>
__attribute__((always_inline)) inline bool ReadLeaf(Reader& r, Type::Kind kind, Sink&& sink) {
  if (r.at_end()) return false;
  uint8_t c = r.PeekUnchecked();
  switch (kind) {
    case Type::Kind::kString: {
      size_t length;
      size_t header;
      if (c >= 0xa0 && c <= 0xbf) {
        length = c & 0x1f;
        header = 1;
      } else if (c == 0xd9 && r.left() >= 2) {
        length = r.ByteAt(1);
        header = 2;
      } else {
        break;
      }
      if (r.left() < header + length) return false;
      size_t offset = r.pos() + header;
      std::string_view data = r.data();
      std::string_view s(data.data() + offset, length);
      bool valid_utf8 = true;
      if (!ShortAscii(s, data) && !IsNfc(s, valid_utf8)) return false;
      r.Advance(header + length);
      sink.String(offset, length, valid_utf8);
      return true;
    }
    case Type::Kind::kNumber:
      if (c <= 0x7f) {
        r.Advance(1);
        sink.Int(c);
        return true;
      }
      if (c >= 0xe0) {
        r.Advance(1);
        sink.Int(static_cast<int8_t>(c));
        return true;
      }
      if ((c == 0xcc || c == 0xcd) && r.left() >= (c == 0xcc ? 2u : 3u)) {
        int64_t v = c == 0xcc ? r.ByteAt(1) : (r.ByteAt(1) << 8 | r.ByteAt(2));
        r.Advance(c == 0xcc ? 2 : 3);
        sink.Int(v);
        return true;
      }
      if (c == 0xce && r.left() >= 5) {
        uint32_t v = r.ByteAt(1) << 24 | r.ByteAt(2) << 16 | r.ByteAt(3) << 8 | r.ByteAt(4);
        r.Advance(5);
        sink.Int(v);
        return true;
      }
      break;
    case Type::Kind::kBool:
      if (c == 0xc2 || c == 0xc3) {
        r.Advance(1);
        sink.Bool(c == 0xc3);
        return true;
      }
      break;
    default: return false;
  }
  if (c == 0xc0) {
    r.Advance(1);
    sink.Null();
    return true;
  }
  return false;
}

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_MSGPACK_LEAF_H_
