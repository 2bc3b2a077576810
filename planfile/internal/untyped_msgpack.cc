#include "planfile/internal/untyped_msgpack.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "structured/json_text.h"
#include "wire/decode.h"
#include "wire/number.h"
#include "wire/wire_error.h"

namespace planview::planfile::internal {

namespace {

// Reads one value into a tree. The first failure is kept (with where it happened) and every
// read after it fails at once, so each caller returns as soon as it sees !ok(): no loop over
// a count goes on after a failure.
class Decoder {
 public:
  explicit Decoder(std::string_view in) : in_(in) {}

  Node Decode(int depth) {
    Node node;
    if (depth > kMaxMsgpackDepth) {
      Fail(fmt::format("nesting deeper than {} levels", kMaxMsgpackDepth));
      return node;
    }
    const size_t start = pos_;
    const uint8_t b = Byte();
    if (failed_) return node;
    if (b <= 0x7f) return Number(wire::FormatInt64(b));
    if (b >= 0xe0) return Number(wire::FormatInt64(static_cast<int8_t>(b)));
    if (b >= 0x80 && b <= 0x8f) return Map(b & 0x0f, depth);
    if (b >= 0x90 && b <= 0x9f) return Array(b & 0x0f, start, depth);
    if (b >= 0xa0 && b <= 0xbf) return String(b & 0x1f);
    switch (b) {
      case 0xc0: return node;
      case 0xc2: case 0xc3:
        node.kind = Node::Kind::kBool;
        node.text = b == 0xc3 ? "true" : "false";
        return node;
      case 0xc4: case 0xc5: case 0xc6:
        pos_ = start;
        Fail("binary data outside a dynamic value");
        return node;
      case 0xc7: Skip(Uint(1) + 1); return Unknown();
      case 0xc8: Skip(Uint(2) + 1); return Unknown();
      case 0xc9: Skip(Uint(4) + 1); return Unknown();
      case 0xca: {
        uint32_t bits = static_cast<uint32_t>(Uint(4));
        float f;
        std::memcpy(&f, &bits, sizeof f);
        return Float(f, start);
      }
      case 0xcb: {
        uint64_t bits = Uint(8);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return Float(d, start);
      }
      case 0xcc: return Number(wire::FormatUint64(Uint(1)));
      case 0xcd: return Number(wire::FormatUint64(Uint(2)));
      case 0xce: return Number(wire::FormatUint64(Uint(4)));
      case 0xcf: return Number(wire::FormatUint64(Uint(8)));
      case 0xd0: return Number(wire::FormatInt64(static_cast<int8_t>(Uint(1))));
      case 0xd1: return Number(wire::FormatInt64(static_cast<int16_t>(Uint(2))));
      case 0xd2: return Number(wire::FormatInt64(static_cast<int32_t>(Uint(4))));
      case 0xd3: return Number(wire::FormatInt64(static_cast<int64_t>(Uint(8))));
      case 0xd4: Skip(2); return Unknown();
      case 0xd5: Skip(3); return Unknown();
      case 0xd6: Skip(5); return Unknown();
      case 0xd7: Skip(9); return Unknown();
      case 0xd8: Skip(17); return Unknown();
      case 0xd9: return String(Uint(1));
      case 0xda: return String(Uint(2));
      case 0xdb: return String(Uint(4));
      case 0xdc: return Array(Uint(2), start, depth);
      case 0xdd: return Array(Uint(4), start, depth);
      case 0xde: return Map(Uint(2), depth);
      case 0xdf: return Map(Uint(4), depth);
      default:
        pos_ = start;
        Fail(fmt::format("0x{:02x} is not a msgpack value", b));
        return node;
    }
  }

  bool ok() const { return !failed_; }
  // The first failure as `at PATH (byte N): MESSAGE`.
  const wire::WireError& error() const { return error_; }

 private:
  // Keeps the first failure, at the current position and path. (Callers then return the
  // node they were building, never another: a second return object would cost every
  // successful call a move, as the functions could no longer build their result in place.)
  void Fail(std::string message) { FailWithPath(std::move(message), path_); }
  void FailWithPath(std::string message, std::vector<wire::PathStep> path) {
    if (failed_) return;
    failed_ = true;
    error_.offset = pos_;
    error_.path = std::move(path);
    error_.message = std::move(message);
    pos_ = in_.size();  // every later read fails at once
  }

  // After a failure these read nothing and return 0.
  uint8_t Byte() {
    if (pos_ >= in_.size()) {
      Fail("unexpected end of msgpack data");
      return 0;
    }
    return static_cast<uint8_t>(in_[pos_++]);
  }
  uint64_t Uint(int bytes) {
    if (in_.size() - pos_ < static_cast<size_t>(bytes)) {
      Fail("unexpected end of msgpack data");
      return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<uint8_t>(in_[pos_++]);
    return v;
  }
  void Skip(uint64_t n) {
    if (in_.size() - pos_ < n) {
      Fail("unexpected end of msgpack data");
      return;
    }
    pos_ += n;
  }
  // Moves past one value without decoding it (for the value part of a dynamic wrapper).
  void SkipValue(int depth) {
    if (depth > kMaxMsgpackDepth) {
      Fail(fmt::format("nesting deeper than {} levels", kMaxMsgpackDepth));
      return;
    }
    const uint8_t b = Byte();
    if (failed_) return;
    uint64_t items = 0;  // values that follow as children
    if (b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3) return;
    if (b >= 0x80 && b <= 0x8f) items = 2 * (b & 0x0f);
    else if (b >= 0x90 && b <= 0x9f) items = b & 0x0f;
    else if (b >= 0xa0 && b <= 0xbf) return Skip(b & 0x1f);
    else {
      switch (b) {
        case 0xc4: case 0xd9: return Skip(Uint(1));
        case 0xc5: case 0xda: return Skip(Uint(2));
        case 0xc6: case 0xdb: return Skip(Uint(4));
        case 0xc7: return Skip(Uint(1) + 1);
        case 0xc8: return Skip(Uint(2) + 1);
        case 0xc9: return Skip(Uint(4) + 1);
        case 0xca: case 0xce: case 0xd2: return Skip(4);
        case 0xcb: case 0xcf: case 0xd3: return Skip(8);
        case 0xcc: case 0xd0: return Skip(1);
        case 0xcd: case 0xd1: return Skip(2);
        case 0xd4: return Skip(2);
        case 0xd5: return Skip(3);
        case 0xd6: return Skip(5);
        case 0xd7: return Skip(9);
        case 0xd8: return Skip(17);
        case 0xdc: items = Uint(2); break;
        case 0xdd: items = Uint(4); break;
        case 0xde: items = 2 * Uint(2); break;
        case 0xdf: items = 2 * Uint(4); break;
        default:
          --pos_;
          Fail(fmt::format("0x{:02x} is not a msgpack value", b));
          return;
      }
    }
    if (!CheckCount(items)) return;
    for (uint64_t i = 0; i < items && !failed_; ++i) SkipValue(depth + 1);
  }
  // Every value takes at least one byte: a count beyond the bytes left is a lie (and fails
  // before any of them is read). False after a failure.
  bool CheckCount(uint64_t count) {
    if (failed_) return false;
    if (count > in_.size() - pos_) {
      Fail(fmt::format("{} values announced but only {} bytes left", count, in_.size() - pos_));
      return false;
    }
    return true;
  }

  static Node Number(std::string text) {
    Node node;
    node.kind = Node::Kind::kNumber;
    node.text = std::move(text);
    return node;
  }
  static Node Unknown() {
    Node node;
    node.kind = Node::Kind::kUnknown;
    return node;
  }
  Node Float(double d, size_t start) {
    if (failed_) return Node{};
    if (!std::isfinite(d)) {
      pos_ = start;
      Fail(std::isnan(d) ? "NaN is not a number" : "cannot serialize infinity as JSON");
      return Node{};
    }
    return Number(wire::FormatFloat64(d));
  }
  // The next `length` bytes, which must be UTF-8 (empty after a failure).
  std::string_view Text(uint64_t length) {
    if (failed_) return {};
    if (in_.size() - pos_ < length) {
      Fail("unexpected end of msgpack data");
      return {};
    }
    std::string_view text = in_.substr(pos_, length);
    size_t bad = structured::FindInvalidUtf8(text);
    if (bad != text.size()) {
      pos_ += bad;
      Fail("string is not valid UTF-8");
      return {};
    }
    pos_ += length;
    return text;
  }
  Node String(uint64_t length) {
    Node node;
    std::string_view text = Text(length);
    if (failed_) return node;
    node.kind = Node::Kind::kString;
    node.text = std::string(text);
    return node;
  }
  Node Array(uint64_t count, size_t start, int depth) {
    if (!CheckCount(count)) return Node{};
    if (count == 2 && pos_ < in_.size()) {
      const uint8_t next = static_cast<uint8_t>(in_[pos_]);
      if (next == 0xc4 || next == 0xc5 || next == 0xc6) return Dynamic(start, depth);
    }
    return Elements(count, depth);
  }
  Node Elements(uint64_t count, int depth) {
    Node node;
    node.kind = Node::Kind::kArray;
    node.children.reserve(count);
    // CheckCount bounded count by the input's size, so every index fits a size_t (wasm32).
    for (size_t i = 0; i < static_cast<size_t>(count); ++i) {
      path_.push_back(wire::PathStep{wire::PathStep::Kind::kIndex, {}, i});
      node.children.push_back(Decode(depth + 1));
      path_.pop_back();
      if (failed_) return node;
    }
    return node;
  }
  // [type JSON, value]: the value of a `dynamic` position, decoded with the type it names.
  Node Dynamic(size_t start, int depth) {
    SkipValue(depth + 1);
    SkipValue(depth + 1);
    if (failed_) return Node{};
    const size_t end = pos_;
    wire::DecodeResult decoded = wire::DecodeMsgpack(std::string(in_.substr(start, end - start)), structured::Type::Dynamic());
    if (!decoded.ok()) {
      pos_ = start + decoded.error->offset;
      std::vector<wire::PathStep> path = path_;
      path.insert(path.end(), decoded.error->path.begin(), decoded.error->path.end());
      FailWithPath(decoded.error->message, std::move(path));
      return Node{};
    }
    return FromWire(*decoded.value, structured::Type::Dynamic());
  }
  Node Map(uint64_t count, int depth) {
    Node node;
    if (!CheckCount(count)) return node;
    node.kind = Node::Kind::kObject;
    node.keys.reserve(count);
    node.children.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      const size_t key_at = pos_;
      const uint8_t b = Byte();
      uint64_t length;
      if (failed_) return node;
      if (b >= 0xa0 && b <= 0xbf) length = b & 0x1f;
      else if (b == 0xd9) length = Uint(1);
      else if (b == 0xda) length = Uint(2);
      else if (b == 0xdb) length = Uint(4);
      else {
        pos_ = key_at;
        Fail("map key is not a string");
        return node;
      }
      std::string key(Text(length));
      if (failed_) return node;
      path_.push_back(wire::PathStep{wire::PathStep::Kind::kKey, key, 0});
      Node child = Decode(depth + 1);
      path_.pop_back();
      if (failed_) return node;
      node.keys.push_back(std::move(key));
      node.children.push_back(std::move(child));
    }
    if (!std::is_sorted(node.keys.begin(), node.keys.end())) SortMembers(node);
    for (size_t i = 1; i < node.keys.size(); ++i) {
      if (node.keys[i - 1] == node.keys[i]) {
        Fail(fmt::format("map key {:?} appears twice", node.keys[i]));
        return node;
      }
    }
    return node;
  }

  // Orders an object's members by key (msgpack from cty is already in order).
  static void SortMembers(Node& node) {
    std::vector<size_t> order(node.keys.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return node.keys[a] < node.keys[b]; });
    std::vector<std::string> keys;
    std::vector<Node> children;
    keys.reserve(order.size());
    children.reserve(order.size());
    for (size_t i : order) {
      keys.push_back(std::move(node.keys[i]));
      children.push_back(std::move(node.children[i]));
    }
    node.keys = std::move(keys);
    node.children = std::move(children);
  }

  std::string_view in_;
  size_t pos_ = 0;
  std::vector<wire::PathStep> path_;
  bool failed_ = false;
  wire::WireError error_;
};

}  // namespace

UntypedResult DecodeUntypedMsgpack(std::string_view bytes) {
  UntypedResult result;
  Decoder decoder(bytes);
  Node node = decoder.Decode(0);
  if (decoder.ok()) result.node = std::move(node);
  else result.error = decoder.error().ToString();
  return result;
}

}  // namespace planview::planfile::internal
