#include "base/proto_reader.h"

#include <climits>
#include <cstring>

namespace planview::base {

namespace {

uint64_t LoadLittleEndian(const char* p, int bytes) {
  uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = (value << 8) | static_cast<uint8_t>(p[i]);
  return value;
}

// protobuf refuses lengths this close to 2 GiB.
constexpr uint64_t kMaxLength = INT_MAX - 16;

}  // namespace

ProtoReader::ProtoReader(std::string_view message, int depth, const char* origin)
    : ProtoReader(message, depth, origin != nullptr ? origin : message.data(), nullptr) {}

ProtoReader::ProtoReader(std::string_view message, int depth, const char* origin, std::string* error)
    : p_(message.data()),
      end_(message.data() + message.size()),
      origin_(origin),
      depth_(depth),
      error_(error != nullptr ? error : &own_error_) {
  if (depth_ < 0) Fail(p_, "nested more than 100 levels deep");
}

bool ProtoReader::Fail(const char* at, std::string_view what) {
  if (error_->empty()) {
    *error_ = "at byte " + std::to_string(at - origin_) + ": ";
    error_->append(what);
  }
  p_ = end_;
  return false;
}

// A varint of at most `max_bytes` bytes (`what` names it in errors); the tenth byte of a
// 64-bit one may only hold the 64th bit.
bool ProtoReader::ReadBase128(int max_bytes, std::string_view what, uint64_t& out) {
  const char* const start = p_;
  uint64_t value = 0;
  for (int i = 0; i < max_bytes; ++i) {
    if (p_ == end_) return Fail(start, std::string(what) + " cut short");
    const auto byte = static_cast<uint8_t>(*p_++);
    if (i == 9 && byte > 1) return Fail(start, std::string(what) + " overflows 64 bits");
    value |= static_cast<uint64_t>(byte & 0x7f) << (7 * i);
    if (byte < 0x80) {
      out = value;
      return true;
    }
  }
  return Fail(start, std::string(what) + " longer than " + std::to_string(max_bytes) + " bytes");
}

bool ProtoReader::ReadVarint(uint64_t& out) { return ReadBase128(10, "varint", out); }

bool ProtoReader::ReadTag(uint32_t& out) {
  const char* const start = p_;
  uint64_t value = 0;
  if (!ReadBase128(5, "tag", value)) return false;
  if (value > UINT32_MAX) return Fail(start, "tag overflows 32 bits");
  if (value >> 3 == 0) return Fail(start, "field number 0");
  out = static_cast<uint32_t>(value);
  return true;
}

bool ProtoReader::ReadLength(size_t& out) {
  const char* const start = p_;
  uint64_t value = 0;
  if (!ReadBase128(5, "length", value)) return false;
  if (value > kMaxLength) return Fail(start, "length of 2 GiB or more");
  if (value > static_cast<uint64_t>(end_ - p_)) {
    return Fail(start, "length " + std::to_string(value) + " past the end of the message");
  }
  out = static_cast<size_t>(value);
  return true;
}

// After a start-group tag of `number`, up to and past its end-group tag. `depth`: the
// levels left inside the group.
bool ProtoReader::SkipGroup(uint32_t number, int depth) {
  const char* const start = p_;
  while (true) {
    if (p_ == end_) return Fail(start, "group " + std::to_string(number) + " without its end");
    const char* const at = p_;
    uint32_t tag = 0;
    if (!ReadTag(tag)) return false;
    const uint32_t wire_type = tag & 7;
    switch (wire_type) {
      case kVarint: {
        uint64_t ignored = 0;
        if (!ReadVarint(ignored)) return false;
        break;
      }
      case kFixed64:
      case kFixed32: {
        const size_t size = wire_type == kFixed64 ? 8 : 4;
        if (static_cast<size_t>(end_ - p_) < size) return Fail(at, "fixed-size value cut short");
        p_ += size;
        break;
      }
      case kLengthDelimited: {
        size_t length = 0;
        if (!ReadLength(length)) return false;
        p_ += length;
        break;
      }
      case kStartGroup:
        if (depth - 1 < 0) return Fail(at, "nested more than 100 levels deep");
        if (!SkipGroup(tag >> 3, depth - 1)) return false;
        break;
      case kEndGroup:
        if (tag >> 3 != number) {
          return Fail(at, "end of group " + std::to_string(tag >> 3) + " inside group " + std::to_string(number));
        }
        return true;
      default: return Fail(at, "wire type " + std::to_string(wire_type));
    }
  }
}

bool ProtoReader::Next(Field& field) {
  if (!ok()) return false;
  while (p_ != end_) {
    const char* const at = p_;
    uint32_t tag = 0;
    if (!ReadTag(tag)) return false;
    field.number = tag >> 3;
    field.wire_type = tag & 7;
    switch (field.wire_type) {
      case kVarint: return ReadVarint(field.value);
      case kFixed64:
      case kFixed32: {
        const int size = field.wire_type == kFixed64 ? 8 : 4;
        if (end_ - p_ < size) return Fail(at, "fixed-size value cut short");
        field.value = LoadLittleEndian(p_, size);
        p_ += size;
        return true;
      }
      case kLengthDelimited: {
        size_t length = 0;
        if (!ReadLength(length)) return false;
        field.bytes = std::string_view(p_, length);
        p_ += length;
        return true;
      }
      case kStartGroup:
        if (depth_ - 1 < 0) return Fail(at, "nested more than 100 levels deep");
        if (!SkipGroup(field.number, depth_ - 1)) return false;
        continue;
      case kEndGroup: return Fail(at, "end of group " + std::to_string(field.number) + " outside a group");
      default: return Fail(at, "wire type " + std::to_string(field.wire_type));
    }
  }
  return false;
}

ProtoReader ProtoReader::Nested(std::string_view bytes) {
  return ProtoReader(bytes, depth_ - 1, origin_, error_);
}

bool ProtoReader::String(const Field& field, std::string_view& out) {
  if (!IsValidUtf8(field.bytes)) return Fail(field.bytes.data(), "string field " + std::to_string(field.number) + " is not valid UTF-8");
  out = field.bytes;
  return true;
}

bool ProtoReader::PackedVarints(const Field& field, std::vector<uint64_t>& out) {
  ProtoReader values(field.bytes, depth_, origin_, error_);
  while (values.p_ != values.end_) {
    uint64_t value = 0;
    if (!values.ReadVarint(value)) return false;
    out.push_back(value);
  }
  return true;
}

bool ProtoReader::PackedFixed32(const Field& field, std::vector<uint32_t>& out) {
  if (field.bytes.size() % 4 != 0) return Fail(field.bytes.data(), "packed fixed32 values cut short");
  for (size_t i = 0; i < field.bytes.size(); i += 4) {
    out.push_back(static_cast<uint32_t>(LoadLittleEndian(field.bytes.data() + i, 4)));
  }
  return true;
}

bool ProtoReader::PackedFixed64(const Field& field, std::vector<uint64_t>& out) {
  if (field.bytes.size() % 8 != 0) return Fail(field.bytes.data(), "packed fixed64 values cut short");
  for (size_t i = 0; i < field.bytes.size(); i += 8) out.push_back(LoadLittleEndian(field.bytes.data() + i, 8));
  return true;
}

bool IsValidUtf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const unsigned char* const end = p + text.size();
  while (p < end) {
    // Eight ASCII bytes at a time.
    if (end - p >= 8) {
      uint64_t word = 0;
      std::memcpy(&word, p, 8);
      if ((word & 0x8080808080808080ull) == 0) {
        p += 8;
        continue;
      }
    }
    const unsigned char c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    int extra = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xbf;  // the second byte's range
    if (c >= 0xc2 && c <= 0xdf) {
      extra = 1;
    } else if (c >= 0xe0 && c <= 0xef) {
      extra = 2;
      if (c == 0xe0) low = 0xa0;   // overlong
      if (c == 0xed) high = 0x9f;  // surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      extra = 3;
      if (c == 0xf0) low = 0x90;   // overlong
      if (c == 0xf4) high = 0x8f;  // past U+10FFFF
    } else {
      return false;
    }
    if (end - p <= extra) return false;
    if (p[1] < low || p[1] > high) return false;
    for (int i = 2; i <= extra; ++i) {
      if ((p[i] & 0xc0) != 0x80) return false;
    }
    p += extra + 1;
  }
  return true;
}

}  // namespace planview::base
