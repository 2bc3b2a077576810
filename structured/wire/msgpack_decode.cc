// The MessagePack side of decode.h: a bounds-checked byte reader and the type-directed
// walk that fills a tape (internal/tape.h).
#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <algorithm>
#include <memory>
#include <unordered_map>
#include <utility>

#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "structured/wire/decode.h"
#include "structured/wire/internal/tape.h"
#include "structured/wire/number.h"
#include "structured/wire/unicode.h"

namespace planview::structured::wire {
namespace {

using internal::Node;
using internal::Tag;
using internal::Tape;

// Refinement payloads larger than this are refused, as go-cty does.
constexpr size_t kMaxRefinementPayload = 1024;
// A not-null list refined to an exact length becomes that many unknowns; refuse absurd ones.
constexpr int64_t kMaxExpandedLength = 1 << 20;

struct Failure {
  size_t offset;
  std::string message;
};

[[noreturn]] void Fail(size_t offset, std::string message) { throw Failure{offset, std::move(message)}; }

bool IsExtCode(uint8_t c) { return (c >= 0xd4 && c <= 0xd8) || (c >= 0xc7 && c <= 0xc9); }
bool IsStrOrBin(uint8_t c) { return (c >= 0xa0 && c <= 0xbf) || (c >= 0xd9 && c <= 0xdb) || (c >= 0xc4 && c <= 0xc6); }
bool IsArrayCode(uint8_t c) { return (c >= 0x90 && c <= 0x9f) || c == 0xdc || c == 0xdd; }
bool IsMapCode(uint8_t c) { return (c >= 0x80 && c <= 0x8f) || c == 0xde || c == 0xdf; }
bool IsIntCode(uint8_t c) { return c <= 0x7f || c >= 0xe0 || (c >= 0xcc && c <= 0xd3); }

class Reader {
 public:
  Reader(std::string_view data, size_t begin, size_t end) : data_(data), pos_(begin), end_(end) {}

  size_t pos() const { return pos_; }
  bool at_end() const { return pos_ >= end_; }
  uint8_t Peek() const {
    if (pos_ >= end_) Fail(pos_, "unexpected end of input");
    return static_cast<uint8_t>(data_[pos_]);
  }
  uint8_t Byte() {
    uint8_t b = Peek();
    ++pos_;
    return b;
  }
  uint64_t BigEndian(size_t n) {
    Need(n);
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v = (v << 8) | static_cast<uint8_t>(data_[pos_ + i]);
    pos_ += n;
    return v;
  }
  // `n` bytes as an offset into the data.
  size_t Take(size_t n) {
    Need(n);
    size_t at = pos_;
    pos_ += n;
    return at;
  }
  std::string_view data() const { return data_; }

  // After the code byte: the length of a str/bin, array or map header.
  uint64_t LengthAfter(uint8_t c) {
    if (c >= 0xa0 && c <= 0xbf) return c & 0x1f;
    if (c >= 0x90 && c <= 0x9f) return c & 0x0f;
    if (c >= 0x80 && c <= 0x8f) return c & 0x0f;
    switch (c) {
      case 0xd9: case 0xc4: return BigEndian(1);
      case 0xda: case 0xc5: case 0xdc: case 0xde: return BigEndian(2);
      default: return BigEndian(4);  // db, c6, dd, df
    }
  }

  // A str or bin item (the code is known to be one): offset and length of its bytes.
  std::pair<size_t, size_t> StrOrBin() {
    uint8_t c = Byte();
    size_t n = LengthAfter(c);
    return {Take(n), n};
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

  // Skips one complete item of any kind.
  void Skip(int depth = 0) {
    if (depth > 512) Fail(pos_, "nesting too deep");
    size_t at = pos_;
    uint8_t c = Byte();
    if (c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3) return;
    if (IsStrOrBin(c)) {
      Take(LengthAfter(c));
      return;
    }
    if (IsArrayCode(c) || IsMapCode(c)) {
      uint64_t n = LengthAfter(c);
      if (IsMapCode(c)) n *= 2;
      for (uint64_t i = 0; i < n; ++i) Skip(depth + 1);
      return;
    }
    switch (c) {
      case 0xcc: case 0xd0: Take(1); return;
      case 0xcd: case 0xd1: Take(2); return;
      case 0xce: case 0xd2: case 0xca: Take(4); return;
      case 0xcf: case 0xd3: case 0xcb: Take(8); return;
      case 0xd4: Take(2); return;
      case 0xd5: Take(3); return;
      case 0xd6: Take(5); return;
      case 0xd7: Take(9); return;
      case 0xd8: Take(17); return;
      case 0xc7: Take(1 + BigEndian(1)); return;
      case 0xc8: { size_t n = BigEndian(2); Take(1 + n); return; }
      case 0xc9: { size_t n = BigEndian(4); Take(1 + n); return; }
      default: Fail(at, fmt::format("invalid msgpack code 0x{:02x}", c));
    }
  }

 private:
  void Need(size_t n) const {
    if (end_ - pos_ < n) Fail(end_, "unexpected end of input");
  }

  std::string_view data_;
  size_t pos_;
  size_t end_;
};

std::string_view KindNoun(const Type& type) {
  switch (type.kind()) {
    case Type::Kind::kList: return "a list";
    case Type::Kind::kSet: return "a set";
    case Type::Kind::kMap: return "a map";
    case Type::Kind::kTuple: return "a tuple";
    case Type::Kind::kObject: return "an object";
    default: return "a value";
  }
}

bool IsValidUtf8(std::string_view s) { return structured::FindInvalidUtf8(s) == s.size(); }

class MsgpackDecoder {
 public:
  MsgpackDecoder(std::string_view data, Tape& tape) : data_(data), tape_(tape) {}

  std::vector<PathStep>& path() { return path_; }

  void DecodeTop(const Type& type) {
    Reader r(data_, 0, data_.size());
    Decode(r, type, 0);
  }

 private:
  uint32_t Push(Tag tag, uint64_t payload = 0, uint8_t flags = 0) {
    uint32_t index = static_cast<uint32_t>(tape_.nodes.size());
    Node n;
    n.tag = tag;
    n.flags = flags;
    n.payload = payload;
    n.end = index + 1;
    tape_.nodes.push_back(n);
    return index;
  }
  void Close(uint32_t index) {
    Node& n = tape_.nodes[index];
    n.end = static_cast<uint32_t>(tape_.nodes.size());
    // Mark containers holding unknowns (direct children tell, they are marked already).
    uint32_t c = index + 1;
    bool unknown = false;
    while (c < n.end) {
      const Node& child = tape_.nodes[c];
      if (child.tag == Tag::kUnknown || (child.flags & internal::kHasUnknown)) {
        unknown = true;
        break;
      }
      c = child.end;
    }
    if (unknown) tape_.nodes[index].flags |= internal::kHasUnknown;
  }
  uint32_t PushText(Tag tag, std::string_view text, size_t source_offset, bool in_source, uint8_t flags = 0) {
    if (in_source) return Push(tag, source_offset | (static_cast<uint64_t>(text.size()) << 32), flags);
    uint32_t offset = tape_.ArenaText(text);
    return Push(tag, offset | (static_cast<uint64_t>(text.size()) << 32), flags | internal::kInArena);
  }
  // A string from the input, NFC-normalised (kept in place when already normal).
  uint32_t PushString(size_t offset, size_t length) {
    std::string_view s = data_.substr(offset, length);
    if (IsNfc(s)) return PushText(Tag::kString, s, offset, true);
    std::string normalized = NormalizeNfc(s);
    return PushText(Tag::kString, normalized, 0, false);
  }

  void Decode(Reader& r, const Type& type, int depth) {
    if (depth > 1000) Fail(r.pos(), "value nested too deeply");
    size_t start = r.pos();
    uint8_t c = r.Peek();
    if (IsExtCode(c)) {
      DecodeUnknown(r, type);
      return;
    }
    if (type.kind() == Type::Kind::kDynamic) {
      DecodeDynamic(r, depth);
      return;
    }
    if (c == 0xc0) {
      r.Byte();
      Push(Tag::kNull);
      return;
    }
    switch (type.kind()) {
      case Type::Kind::kBool:
        if (c != 0xc2 && c != 0xc3) Fail(start, "bool is required");
        r.Byte();
        Push(c == 0xc3 ? Tag::kTrue : Tag::kFalse);
        return;
      case Type::Kind::kNumber: {
        std::string text;
        uint8_t flags = 0;
        int64_t iv = 0;
        bool big = false;
        int kind = ReadNumber(r, "number is required", text, flags, iv, big);
        if (kind == 0) {
          Push(big ? Tag::kUint : Tag::kInt, static_cast<uint64_t>(iv));
        } else {
          PushText(Tag::kNumber, text, 0, false, flags);
        }
        return;
      }
      case Type::Kind::kString: {
        if (!IsStrOrBin(c)) Fail(start, "string is required");
        auto [offset, length] = r.StrOrBin();
        PushString(offset, length);
        return;
      }
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: {
        if (!IsArrayCode(c)) Fail(start, fmt::format("{} is required", KindNoun(type)));
        r.Byte();
        uint64_t n = r.LengthAfter(c);
        if (type.kind() == Type::Kind::kTuple && n != type.elements().size()) {
          Fail(start, fmt::format("a tuple of length {} is required ({} given)", type.elements().size(), n));
        }
        uint32_t node = Push(Tag::kArray, n);
        for (uint64_t i = 0; i < n; ++i) {
          path_.push_back(PathStep{PathStep::Kind::kIndex, {}, static_cast<size_t>(i)});
          Decode(r, type.kind() == Type::Kind::kTuple ? type.elements()[i] : type.element(), depth + 1);
          path_.pop_back();
        }
        Close(node);
        if (type.kind() != Type::Kind::kTuple && HasDynamic(type.element())) Unify(node, type, start);
        return;
      }
      case Type::Kind::kMap: {
        if (!IsMapCode(c)) Fail(start, "a map is required");
        r.Byte();
        uint64_t n = r.LengthAfter(c);
        uint32_t node = Push(Tag::kObject, n);
        std::string previous;
        for (uint64_t i = 0; i < n; ++i) {
          size_t key_at = r.pos();
          if (!IsStrOrBin(r.Peek())) Fail(key_at, "map keys must be strings");
          auto [offset, length] = r.StrOrBin();
          uint32_t key = PushString(offset, length);
          std::string k(tape_.Text(tape_.nodes[key], data_));
          if (i > 0 && !(previous < k)) tape_.nodes[node].flags |= internal::kUnsorted;
          path_.push_back(PathStep{PathStep::Kind::kKey, k, 0});
          Decode(r, type.element(), depth + 1);
          path_.pop_back();
          previous = std::move(k);
        }
        Close(node);
        if (HasDynamic(type.element())) Unify(node, type, start);
        return;
      }
      case Type::Kind::kObject: {
        if (!IsMapCode(c)) Fail(start, "an object is required");
        r.Byte();
        uint64_t n = r.LengthAfter(c);
        const auto& attrs = type.attributes();
        if (n != attrs.size()) {
          Fail(start, fmt::format("an object with {} attributes is required ({} given)", attrs.size(), n));
        }
        uint32_t node = Push(Tag::kObject, n);
        std::vector<bool> seen(attrs.size(), false);
        size_t previous = 0;
        for (uint64_t i = 0; i < n; ++i) {
          size_t key_at = r.pos();
          if (!IsStrOrBin(r.Peek())) Fail(key_at, "all keys must be strings");
          auto [offset, length] = r.StrOrBin();
          std::string_view name = data_.substr(offset, length);
          auto it = std::lower_bound(attrs.begin(), attrs.end(), name,
                                     [](const auto& a, std::string_view k) { return a.first < k; });
          path_.push_back(PathStep{PathStep::Kind::kAttribute, std::string(name), 0});
          if (it == attrs.end() || it->first != name) Fail(key_at, "unsupported attribute");
          size_t index = static_cast<size_t>(it - attrs.begin());
          if (seen[index]) Fail(key_at, "duplicate attribute");
          seen[index] = true;
          if (i > 0 && index < previous) tape_.nodes[node].flags |= internal::kUnsorted;
          previous = index;
          uint32_t key = PushText(Tag::kString, name, offset, true);
          tape_.nodes[key].aux = static_cast<uint32_t>(index + 1);
          Decode(r, it->second, depth + 1);
          path_.pop_back();
        }
        Close(node);
        return;
      }
      default: Fail(start, "unsupported type");
    }
  }

  // Reads a number item. Returns 0 for an integer (iv, big), 1 for text.
  int ReadNumber(Reader& r, const char* error, std::string& text, uint8_t& flags, int64_t& iv, bool& big) {
    size_t start = r.pos();
    uint8_t c = r.Peek();
    if (IsIntCode(c)) {
      iv = r.Int(big);
      return 0;
    }
    if (c == 0xca || c == 0xcb) {
      r.Byte();
      double v;
      if (c == 0xca) {
        uint32_t bits = static_cast<uint32_t>(r.BigEndian(4));
        float f;
        std::memcpy(&f, &bits, sizeof f);
        v = f;
      } else {
        uint64_t bits = r.BigEndian(8);
        std::memcpy(&v, &bits, sizeof v);
      }
      if (std::isnan(v)) Fail(start, "NaN is not a number");
      text = FormatFloat64(v);
      flags = internal::kFloat64;
      return 1;
    }
    if (IsStrOrBin(c)) {
      auto [offset, length] = r.StrOrBin();
      std::optional<std::string> parsed = ParseNumberText(data_.substr(offset, length));
      if (!parsed) Fail(start, error);
      text = std::move(*parsed);
      return 1;
    }
    Fail(start, error);
  }

  void DecodeDynamic(Reader& r, int depth) {
    size_t start = r.pos();
    uint8_t c = r.Peek();
    if (c == 0xc0) {
      r.Byte();
      Push(Tag::kNull);
      return;
    }
    if (!IsArrayCode(c)) Fail(start, "a dynamic value must be a [type, value] array");
    r.Byte();
    if (r.LengthAfter(c) != 2) Fail(start, "dynamic value array must have exactly two elements");
    size_t header_at = r.pos();
    if (!IsStrOrBin(r.Peek())) Fail(header_at, "the type of a dynamic value must be JSON text");
    auto [offset, length] = r.StrOrBin();
    int32_t type_index = TypeFromJson(data_.substr(offset, length), header_at);
    Type type = tape_.types[static_cast<size_t>(type_index)];
    uint32_t node = static_cast<uint32_t>(tape_.nodes.size());
    Decode(r, type, depth + 1);
    if (type.kind() != Type::Kind::kDynamic) tape_.ExtraOf(tape_.nodes[node]).type = type_index;
  }

  int32_t TypeFromJson(std::string_view json, size_t at) {
    auto it = type_cache_.find(json);
    if (it != type_cache_.end()) return it->second;
    ParseResult parsed = ParseJson(std::string(json));
    if (!parsed.ok()) Fail(at, "invalid type JSON: " + parsed.error->message);
    std::string error;
    std::optional<Type> type = ParseType(parsed.document->root(), error);
    if (!type) Fail(at, "invalid type: " + error);
    tape_.types.push_back(WithoutOptionalAttributes(*type));
    int32_t index = static_cast<int32_t>(tape_.types.size() - 1);
    type_cache_.emplace(std::string(json), index);
    return index;
  }

  void DecodeUnknown(Reader& r, const Type& type) {
    size_t start = r.pos();
    uint8_t c = r.Byte();
    size_t length;
    switch (c) {
      case 0xd4: length = 1; break;
      case 0xd5: length = 2; break;
      case 0xd6: length = 4; break;
      case 0xd7: length = 8; break;
      case 0xd8: length = 16; break;
      case 0xc7: length = r.BigEndian(1); break;
      case 0xc8: length = r.BigEndian(2); break;
      default: length = r.BigEndian(4); break;
    }
    int8_t code = static_cast<int8_t>(r.Byte());
    size_t payload = r.Take(length);
    // Any extension is an unknown; only code 12 with more than one byte carries
    // refinements.
    if (length <= 1 || code != 12) {
      Push(Tag::kUnknown);
      return;
    }
    if (length > kMaxRefinementPayload) Fail(start, "oversize unknown value refinement");
    Reader p(data_, payload, payload + length);
    DecodeRefinements(p, type);
  }

  void DecodeRefinements(Reader& p, const Type& type) {
    size_t at = p.pos();
    uint8_t c = p.Peek();
    uint64_t count = 0;
    if (c == 0xc0) {
      p.Byte();
    } else if (IsMapCode(c)) {
      p.Byte();
      count = p.LengthAfter(c);
    } else {
      Fail(at, "refinements must be a map");
    }
    if (type.kind() == Type::Kind::kDynamic) {  // never refined
      Push(Tag::kUnknown);
      return;
    }
    Refinements rf;
    bool is_null = false;
    for (uint64_t i = 0; i < count; ++i) {
      size_t key_at = p.pos();
      int64_t key = LooseInt(p, "refinement keys must be integers");
      size_t value_at = p.pos();
      switch (key) {
        case 1: {
          uint8_t b = p.Byte();
          if (b != 0xc0 && b != 0xc2 && b != 0xc3) Fail(value_at, "null refinement is not a bool");
          if (b == 0xc3) {
            if (rf.not_null) Fail(value_at, "refined as both null and not null");
            is_null = true;
          } else {
            if (is_null) Fail(value_at, "refined as both null and not null");
            rf.not_null = true;
          }
          break;
        }
        case 2: {
          if (type.kind() != Type::Kind::kString) Fail(key_at, "string prefix refinement for non-string type");
          std::string prefix;
          uint8_t b = p.Peek();
          if (b == 0xc0) {
            p.Byte();
          } else if (IsStrOrBin(b)) {
            auto [offset, length] = p.StrOrBin();
            prefix.assign(data_.substr(offset, length));
          } else {
            Fail(value_at, "string prefix refinement is not a string");
          }
          if (!IsValidUtf8(prefix)) Fail(value_at, "string prefix refinement is not valid UTF-8");
          prefix = NormalizeNfc(prefix);
          if (!prefix.empty()) {
            if (auto err = rf.AddPrefix(std::move(prefix))) Fail(value_at, *err);
          }
          break;
        }
        case 3:
        case 4: {
          if (type.kind() != Type::Kind::kNumber) Fail(key_at, "numeric bound refinement for non-number type");
          NumberBound bound = ReadBound(p);
          auto err = key == 3 ? rf.AddNumberLower(std::move(bound)) : rf.AddNumberUpper(std::move(bound));
          if (err) Fail(value_at, *err);
          break;
        }
        case 5:
        case 6: {
          if (!type.is_collection()) Fail(key_at, "length bound refinement for non-collection type");
          int64_t bound = LooseInt(p, "length bound refinement must be an integer");
          auto err = key == 5 ? rf.AddLengthLower(bound) : rf.AddLengthUpper(bound);
          if (err) Fail(value_at, *err);
          break;
        }
        default:
          p.Skip();  // refinements this decoder does not know are ignored, value and all
          break;
      }
    }
    if (is_null) {
      Push(Tag::kNull);
      return;
    }
    if (rf.not_null) {
      if (type.kind() == Type::Kind::kNumber && rf.number_lower && rf.number_upper && rf.number_lower->inclusive &&
          rf.number_upper->inclusive && CompareNumbers(rf.number_lower->value, rf.number_upper->value) == 0) {
        PushText(Tag::kNumber, rf.number_lower->value, 0, false, rf.number_lower->float64 ? internal::kFloat64 : 0);
        return;
      }
      if (type.is_collection() && rf.length_upper && *rf.length_upper == rf.length_lower) {
        int64_t n = rf.length_lower;
        bool expand = n == 0 || type.kind() == Type::Kind::kList || (type.kind() == Type::Kind::kSet && n == 1);
        if (expand) {
          if (n > kMaxExpandedLength) Fail(p.pos(), "refined length too large");
          uint32_t node = Push(type.kind() == Type::Kind::kMap ? Tag::kObject : Tag::kArray, static_cast<uint64_t>(n));
          for (int64_t i = 0; i < n; ++i) Push(Tag::kUnknown);
          Close(node);
          return;
        }
      }
    }
    uint32_t node = Push(Tag::kUnknown);
    if (!rf.empty()) {
      tape_.refinements.push_back(std::move(rf));
      tape_.ExtraOf(tape_.nodes[node]).refinement = static_cast<int32_t>(tape_.refinements.size() - 1);
    }
  }

  // go-cty reads refinement keys and lengths leniently: nil is 0, any integer width.
  int64_t LooseInt(Reader& p, const char* error) {
    size_t at = p.pos();
    uint8_t c = p.Peek();
    if (c == 0xc0) {
      p.Byte();
      return 0;
    }
    if (!IsIntCode(c)) Fail(at, error);
    bool big = false;
    return p.Int(big);
  }

  NumberBound ReadBound(Reader& p) {
    constexpr const char* kShape = "number bound refinement must be a [number, bool] array";
    size_t at = p.pos();
    uint8_t c = p.Peek();
    if (!IsArrayCode(c)) Fail(at, kShape);
    p.Byte();
    if (p.LengthAfter(c) != 2) Fail(at, kShape);
    std::string text;
    uint8_t flags = 0;
    int64_t iv = 0;
    bool big = false;
    NumberBound bound;
    if (ReadNumber(p, kShape, text, flags, iv, big) == 0) {
      bound.value = big ? FormatUint64(static_cast<uint64_t>(iv)) : FormatInt64(iv);
    } else {
      bound.value = std::move(text);
      bound.float64 = (flags & internal::kFloat64) != 0;
    }
    uint8_t b = p.Peek();
    if (b != 0xc2 && b != 0xc3) Fail(p.pos(), kShape);
    p.Byte();
    bound.inclusive = b == 0xc3;
    return bound;
  }

  // The runtime types at dynamic positions of a child, by position relative to it (plus
  // untyped nulls and unknowns): children with equal signatures have equal types.
  void Signature(uint32_t c, std::vector<std::pair<uint32_t, int32_t>>& out) {
    out.clear();
    for (uint32_t i = c; i < tape_.nodes[c].end; ++i) {
      const Node& n = tape_.nodes[i];
      const internal::Extra* e = tape_.ExtraOf(n);
      if (e != nullptr && e->type >= 0) {
        out.emplace_back(i - c, e->type);
      } else if (n.tag == Tag::kNull || n.tag == Tag::kUnknown) {
        out.emplace_back(i - c, -1);
      }
    }
  }

  // Elements of a list, set or map with `dynamic` in their type must share one type;
  // untyped nulls and unknowns among them take that type. Types are only built for
  // children whose signature differs from the first one's.
  void Unify(uint32_t node, const Type& type, size_t at) {
    std::vector<uint32_t> children;
    const Node& n = tape_.nodes[node];
    bool map = n.tag == Tag::kObject;
    for (uint32_t c = node + 1; c < n.end;) {
      if (map) c = tape_.nodes[c].end;
      children.push_back(c);
      c = tape_.nodes[c].end;
    }
    if (children.empty()) return;
    Signature(children[0], first_sig_);
    std::vector<uint32_t> distinct;
    for (size_t k = 1; k < children.size(); ++k) {
      Signature(children[k], other_sig_);
      if (other_sig_ != first_sig_) distinct.push_back(children[k]);
    }
    if (distinct.empty()) return;
    Type first = internal::TapeRuntimeType(tape_, children[0], type.element());
    Type unified = first;
    for (uint32_t c : distinct) {
      Type t = internal::TapeRuntimeType(tape_, c, type.element());
      std::optional<Type> u = internal::UnifyTypes(unified, t);
      if (!u) {
        Fail(at, fmt::format("{} elements must all have the same type: {} and {}", KindNoun(type).substr(2),
                             unified.ToJson(), t.ToJson()));
      }
      unified = *u;
    }
    const std::vector<uint32_t>& retype = unified == first ? distinct : children;
    for (uint32_t c : retype) internal::RetypeDynamic(tape_, c, type.element(), unified);
  }

  std::string_view data_;
  Tape& tape_;
  std::vector<PathStep> path_;
  std::vector<std::pair<uint32_t, int32_t>> first_sig_;
  std::vector<std::pair<uint32_t, int32_t>> other_sig_;
  struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  std::unordered_map<std::string, int32_t, TextHash, std::equal_to<>> type_cache_;
};

}  // namespace

DecodeResult DecodeMsgpack(std::string bytes, const Type& type) {
  auto owner = std::make_shared<const std::string>(std::move(bytes));
  std::string_view data(*owner);
  Tape tape;
  tape.nodes.reserve(data.size() / 4 + 1);
  MsgpackDecoder decoder(data, tape);
  DecodeResult result;
  try {
    decoder.DecodeTop(type);
  } catch (const Failure& f) {
    result.error = WireError{decoder.path(), f.offset, true, f.message};
    return result;
  }
  result.value = internal::EmitTape(tape, type, data, owner);
  return result;
}

}  // namespace planview::structured::wire
