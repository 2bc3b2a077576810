// MessagePack at the byte level for the wire decoders: a bounds-checked reader (a read past
// the end records a Failure naming the offset; the reader keeps its first failure, and
// every read after one reads nothing), the number forms cty accepts, and unknown values
// with their refinements. Callers check failed() after the reads that can fail and return
// at once.
#ifndef PLANVIEW_WIRE_INTERNAL_MSGPACK_READER_H_
#define PLANVIEW_WIRE_INTERNAL_MSGPACK_READER_H_

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "wire/internal/decode_failure.h"
#include "wire/internal/type_plan.h"
#include "wire/refinements.h"

namespace planview::wire::internal {

inline bool IsExtCode(uint8_t c) { return (c >= 0xd4 && c <= 0xd8) || (c >= 0xc7 && c <= 0xc9); }
inline bool IsStrOrBin(uint8_t c) { return (c >= 0xa0 && c <= 0xbf) || (c >= 0xd9 && c <= 0xdb) || (c >= 0xc4 && c <= 0xc6); }
inline bool IsArrayCode(uint8_t c) { return (c >= 0x90 && c <= 0x9f) || c == 0xdc || c == 0xdd; }
inline bool IsMapCode(uint8_t c) { return (c >= 0x80 && c <= 0x8f) || c == 0xde || c == 0xdf; }
inline bool IsIntCode(uint8_t c) { return c <= 0x7f || c >= 0xe0 || (c >= 0xcc && c <= 0xd3); }

// True when `s`, a string inside `input`, has at most 16 bytes, all ASCII (and so NFC):
// two overlapping 8-byte loads, or one masked load when `input` goes on for 8 bytes.
__attribute__((always_inline)) inline bool ShortAscii(std::string_view s, std::string_view input) {
  size_t n = s.size();
  if (n > 16) return false;
  uint64_t a = 0;
  uint64_t b = 0;
  if (n >= 8) {
    std::memcpy(&a, s.data(), 8);
    std::memcpy(&b, s.data() + n - 8, 8);
  } else if (static_cast<size_t>(input.data() + input.size() - s.data()) >= 8) {
    std::memcpy(&a, s.data(), 8);
    a &= n == 0 ? 0 : ~uint64_t{0} >> (64 - 8 * n);
  } else {
    for (size_t i = 0; i < n; ++i) a |= static_cast<uint64_t>(static_cast<uint8_t>(s[i])) << (8 * i);
  }
  return ((a | b) & 0x8080808080808080ull) == 0;
}

class Reader {
 public:
  Reader(std::string_view data, size_t begin, size_t end) : data_(data), pos_(begin), end_(end) {}

  size_t pos() const { return pos_; }
  bool at_end() const { return pos_ >= end_; }
  size_t left() const { return end_ - pos_; }
  // Without bounds checks: the caller has checked left().
  uint8_t PeekUnchecked() const { return static_cast<uint8_t>(data_[pos_]); }
  uint32_t ByteAt(size_t i) const { return static_cast<uint8_t>(data_[pos_ + i]); }
  void Advance(size_t n) { pos_ += n; }

  // The first failure, kept; after it the reader is at its end (reads fail, loops over
  // counts read from the input stop at their first element).
  bool failed() const { return __builtin_expect(failed_, false); }
  const Failure& failure() const { return failure_; }
  // Records a failure at `offset` unless there is one already; false, for `return Fail(...)`.
  __attribute__((cold)) bool Fail(size_t offset, std::string_view message);
  bool Fail(const Failure& f) { return Fail(f.offset, f.message); }

  // The reads below return 0 (and read nothing) when they fail.
  uint8_t Peek() {
    if (pos_ >= end_) return FailedAtEnd();
    return static_cast<uint8_t>(data_[pos_]);
  }
  uint8_t Byte() {
    if (pos_ >= end_) return FailedAtEnd();
    return static_cast<uint8_t>(data_[pos_++]);
  }
  uint64_t BigEndian(size_t n) {
    if (!Need(n)) return 0;
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v = (v << 8) | static_cast<uint8_t>(data_[pos_ + i]);
    pos_ += n;
    return v;
  }
  // `n` bytes as an offset into the data.
  size_t Take(size_t n) {
    if (!Need(n)) return pos_;
    size_t at = pos_;
    pos_ += n;
    return at;
  }
  std::string_view data() const { return data_; }

  // After the code byte: the length of a str/bin, array or map header.
  __attribute__((always_inline)) uint64_t LengthAfter(uint8_t c) {
    if (c >= 0xa0 && c <= 0xbf) return c & 0x1f;
    if (c >= 0x90 && c <= 0x9f) return c & 0x0f;
    if (c >= 0x80 && c <= 0x8f) return c & 0x0f;
    switch (c) {
      case 0xd9: case 0xc4: return BigEndian(1);
      case 0xda: case 0xc5: case 0xdc: case 0xde: return BigEndian(2);
      default: return BigEndian(4);  // db, c6, dd, df
    }
  }

  // After an array (map) header's code byte `c`: its element (member) count in `n`; false,
  // with the failure recorded, when the count's bytes are cut off. A fix-size header reads
  // nothing more.
  __attribute__((always_inline)) bool ArrayCount(uint8_t c, uint64_t& n) { return HeaderCount(c, 0x9f, n); }
  __attribute__((always_inline)) bool MapCount(uint8_t c, uint64_t& n) { return HeaderCount(c, 0x8f, n); }

  // A str or bin item (the code is known to be one): offset and length of its bytes
  // (length 0 when it fails).
  std::pair<size_t, size_t> StrOrBin() {
    uint8_t c = Byte();
    size_t n = LengthAfter(c);
    size_t at = Take(n);
    return {at, failed_ ? 0 : n};
  }

  // An integer of any msgpack width (the code is known to be one). Unsigned values above
  // INT64_MAX set `big`.
  int64_t Int(bool& big) {
    uint8_t c = Byte();
    big = false;
    if (c <= 0x7f) return c;
    if (c >= 0xe0) return static_cast<int8_t>(c);
    switch (c) {
      case 0xcc: return static_cast<int64_t>(BigEndian(1));
      case 0xcd: return static_cast<int64_t>(BigEndian(2));
      case 0xce: return static_cast<int64_t>(BigEndian(4));
      case 0xcf: {
        uint64_t v = BigEndian(8);
        big = v > static_cast<uint64_t>(INT64_MAX);
        return static_cast<int64_t>(v);
      }
      case 0xd0: return static_cast<int8_t>(BigEndian(1));
      case 0xd1: return static_cast<int16_t>(BigEndian(2));
      case 0xd2: return static_cast<int32_t>(BigEndian(4));
      default: return static_cast<int64_t>(BigEndian(8));  // d3
    }
  }

  // Skips one complete item of any kind; false when it fails.
  bool Skip(int depth = 0) {
    if (depth > 512) return Fail(pos_, "nesting too deep");
    size_t at = pos_;
    uint8_t c = Byte();
    if (failed_) return false;
    if (c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3) return true;
    if (IsStrOrBin(c)) {
      Take(LengthAfter(c));
      return !failed_;
    }
    if (IsArrayCode(c) || IsMapCode(c)) {
      uint64_t n = LengthAfter(c);
      if (IsMapCode(c)) n *= 2;
      for (uint64_t i = 0; i < n; ++i) {
        if (!Skip(depth + 1)) return false;
      }
      return !failed_;
    }
    switch (c) {
      case 0xcc: case 0xd0: Take(1); break;
      case 0xcd: case 0xd1: Take(2); break;
      case 0xce: case 0xd2: case 0xca: Take(4); break;
      case 0xcf: case 0xd3: case 0xcb: Take(8); break;
      case 0xd4: Take(2); break;
      case 0xd5: Take(3); break;
      case 0xd6: Take(5); break;
      case 0xd7: Take(9); break;
      case 0xd8: Take(17); break;
      case 0xc7: { size_t n = BigEndian(1); if (!failed_) Take(1 + n); break; }
      case 0xc8: { size_t n = BigEndian(2); if (!failed_) Take(1 + n); break; }
      case 0xc9: { size_t n = BigEndian(4); if (!failed_) Take(1 + n); break; }
      default: return Fail(at, fmt::format("invalid msgpack code 0x{:02x}", c));
    }
    return !failed_;
  }

 private:
  // The count of a container header: a fix-size code (up to `last_fix`) holds it in its low
  // four bits, the others in the bytes after the code.
  __attribute__((always_inline)) bool HeaderCount(uint8_t c, uint8_t last_fix, uint64_t& n) {
    if (c <= last_fix) {
      n = c & 0x0f;
      return true;
    }
    n = LengthAfter(c);
    return !failed();
  }
  bool Need(size_t n) {
    if (end_ - pos_ < n) {
      Fail(end_, "unexpected end of input");
      return false;
    }
    return true;
  }
  __attribute__((cold)) uint8_t FailedAtEnd();

  std::string_view data_;
  size_t pos_;
  size_t end_;
  bool failed_ = false;
  Failure failure_{0, {}};
};

// Reads a number item (integer, float or decimal string). Returns 0 for an integer (`iv`;
// `big`: an unsigned value above INT64_MAX, held in iv's bits), 1 for canonical text
// (`float64`: it was a msgpack float). Anything else fails with `error`, and returns -1.
int ReadNumber(Reader& r, const char* error, std::string& text, bool& float64, int64_t& iv, bool& big);

// An unknown value (an extension item; `plan` is its declared type) and what its
// refinements make of it: still unknown (with the refinements, possibly none), null, a
// known number (inclusive bounds that meet), or a collection of a known length (that many
// unknown elements; maps are empty). Failures are r's (then the item is empty).
struct UnknownItem {
  enum class Kind : uint8_t { kUnknown, kNull, kNumber, kCollection };
  Kind kind = Kind::kUnknown;
  Refinements refinements;
  std::string number;
  bool float64 = false;
  int64_t length = 0;
};
UnknownItem ReadUnknown(Reader& r, const TypePlan& plan);

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_MSGPACK_READER_H_
