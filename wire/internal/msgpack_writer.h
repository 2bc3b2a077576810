// MessagePack output into one growing buffer, in the forms go-cty's encoder (and
// msgpack-c's packer) pick: the shortest header for a length, integers in the shortest
// form (the unsigned family for non-negative values), doubles as float64, fixext where the
// payload length allows.
#ifndef PLANVIEW_WIRE_INTERNAL_MSGPACK_WRITER_H_
#define PLANVIEW_WIRE_INTERNAL_MSGPACK_WRITER_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace planview::wire::internal {

class MsgpackWriter {
 public:
  // `expected`: a guess at the output size, reserved up front.
  explicit MsgpackWriter(size_t expected) { out_.reserve(expected); }

  void Nil() { Byte(0xc0); }
  void Bool(bool v) { Byte(v ? 0xc3 : 0xc2); }
  void Int(int64_t v) {
    Ensure(9);
    if (v >= 0) {
      if (v < 128) {
        *p_++ = static_cast<char>(v);
      } else if (v < 256) {
        Header(0xcc, static_cast<uint64_t>(v), 1);
      } else if (v < 65536) {
        Header(0xcd, static_cast<uint64_t>(v), 2);
      } else if (v < (int64_t{1} << 32)) {
        Header(0xce, static_cast<uint64_t>(v), 4);
      } else {
        Header(0xcf, static_cast<uint64_t>(v), 8);
      }
    } else if (v >= -32) {
      *p_++ = static_cast<char>(v);
    } else if (v >= -128) {
      Header(0xd0, static_cast<uint64_t>(v), 1);
    } else if (v >= -32768) {
      Header(0xd1, static_cast<uint64_t>(v), 2);
    } else if (v >= INT32_MIN) {
      Header(0xd2, static_cast<uint64_t>(v), 4);
    } else {
      Header(0xd3, static_cast<uint64_t>(v), 8);
    }
  }
  void Double(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    Ensure(9);
    Header(0xcb, bits, 8);
  }
  void Str(std::string_view s) {
    Ensure(5 + s.size());
    size_t n = s.size();
    if (n < 32) {
      *p_++ = static_cast<char>(0xa0 | n);
    } else if (n < 256) {
      Header(0xd9, n, 1);
    } else if (n < 65536) {
      Header(0xda, n, 2);
    } else {
      Header(0xdb, n, 4);
    }
    std::memcpy(p_, s.data(), n);
    p_ += n;
  }
  void Bin(std::string_view s) {
    Ensure(5 + s.size());
    size_t n = s.size();
    if (n < 256) {
      Header(0xc4, n, 1);
    } else if (n < 65536) {
      Header(0xc5, n, 2);
    } else {
      Header(0xc6, n, 4);
    }
    std::memcpy(p_, s.data(), n);
    p_ += n;
  }
  void Array(size_t n) { Container(0x90, 0xdc, n); }
  void Map(size_t n) { Container(0x80, 0xde, n); }
  void Ext(int8_t type, std::string_view payload) {
    Ensure(6 + payload.size());
    size_t n = payload.size();
    switch (n) {
      case 1: *p_++ = static_cast<char>(0xd4); break;
      case 2: *p_++ = static_cast<char>(0xd5); break;
      case 4: *p_++ = static_cast<char>(0xd6); break;
      case 8: *p_++ = static_cast<char>(0xd7); break;
      case 16: *p_++ = static_cast<char>(0xd8); break;
      default:
        if (n < 256) {
          Header(0xc7, n, 1);
        } else if (n < 65536) {
          Header(0xc8, n, 2);
        } else {
          Header(0xc9, n, 4);
        }
    }
    *p_++ = static_cast<char>(type);
    std::memcpy(p_, payload.data(), n);
    p_ += n;
  }
  // Bytes already in MessagePack form.
  void Raw(std::string_view bytes) {
    Ensure(bytes.size());
    std::memcpy(p_, bytes.data(), bytes.size());
    p_ += bytes.size();
  }

  // The bytes written; the writer is empty afterwards.
  std::string Take() {
    out_.resize(static_cast<size_t>(p_ - out_.data()));
    p_ = end_ = nullptr;
    return std::move(out_);
  }

 private:
  void Byte(uint8_t b) {
    Ensure(1);
    *p_++ = static_cast<char>(b);
  }
  // A code byte and `width` big-endian bytes of `v`.
  void Header(uint8_t code, uint64_t v, int width) {
    *p_++ = static_cast<char>(code);
    for (int shift = 8 * (width - 1); shift >= 0; shift -= 8) *p_++ = static_cast<char>(v >> shift);
  }
  void Container(uint8_t fix, uint8_t code16, size_t n) {
    Ensure(5);
    if (n < 16) {
      *p_++ = static_cast<char>(fix | n);
    } else if (n < 65536) {
      Header(code16, n, 2);
    } else {
      Header(static_cast<uint8_t>(code16 + 1), n, 4);
    }
  }
  void Ensure(size_t n) {
    if (static_cast<size_t>(end_ - p_) >= n) return;
    Grow(n);
  }
  // Makes room in steps: the string's capacity is reserved, so growing its size within it
  // moves nothing.
  void Grow(size_t n) {
    size_t used = p_ == nullptr ? 0 : static_cast<size_t>(p_ - out_.data());
    size_t room = out_.capacity() > used + 64 ? out_.capacity() - used : 64;
    size_t step = room < kStep ? room : kStep;
    size_t want = used + (n > step ? n : step);
    if (want > out_.capacity()) out_.reserve(want > 2 * out_.capacity() ? want : 2 * out_.capacity());
    out_.resize(want);
    p_ = out_.data() + used;
    end_ = out_.data() + out_.size();
  }

  static constexpr size_t kStep = 1 << 16;
  std::string out_;
  char* p_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_MSGPACK_WRITER_H_
