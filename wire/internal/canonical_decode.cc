#include "wire/internal/canonical_decode.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "structured/json_value.h"
#include "wire/internal/decode_failure.h"
#include "wire/internal/msgpack_reader.h"
#include "wire/internal/set_order.h"
#include "wire/internal/type_plan.h"
#include "wire/internal/unicode.h"

namespace planview::structured::wire::internal {
namespace {

// Thrown when the value is not in the form this decoder handles.
struct NotCanonical {};
[[noreturn]] void GiveUp() { throw NotCanonical{}; }

using KeyId = DocumentBuilder::KeyId;

// Where a value's marker goes: an element slot of a marker array, or a member of the
// marker object being built (then only unknowns and containers are written, under `key`,
// or under the map key `map_key` stored on first use).
struct MarkerAt {
  uint32_t slot = 0;
  bool member = false;
  bool map_member = false;
  KeyId key{};
  std::string_view map_key;
};

// A set element's hash text (set_order.h) as it is written: the common pieces inline,
// the rest through set_order's functions.
class HashText {
 public:
  std::string_view view() const { return std::string_view(data_.get(), size_); }
  size_t size() const { return size_; }
  void Clear() { size_ = 0; }
  void Push(char c) {
    if (size_ == capacity_) Grow(1);
    data_[size_++] = c;
  }
  void Append(std::string_view s) {
    if (capacity_ - size_ < s.size()) Grow(s.size());
    std::memcpy(data_.get() + size_, s.data(), s.size());
    size_ += s.size();
  }
  // Go's strconv.Quote.
  void Quoted(std::string_view s) {
    if (!Plain(s)) {
      Slow([&](std::string& out) { AppendHashString(out, s); });
      return;
    }
    if (capacity_ - size_ < s.size() + 2) Grow(s.size() + 2);
    char* at = data_.get() + size_;
    at[0] = '"';
    std::memcpy(at + 1, s.data(), s.size());
    at[s.size() + 1] = '"';
    size_ += s.size() + 2;
  }
  // Printable ASCII without '"' and '\\': quoted as it is.
  static bool Plain(std::string_view s) {
    constexpr uint64_t kOnes = 0x0101010101010101ull;
    constexpr uint64_t kHigh = 0x8080808080808080ull;
    auto has_zero = [](uint64_t x) { return (x - kOnes) & ~x & kHigh; };
    size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      uint64_t x;
      std::memcpy(&x, s.data() + i, 8);
      // Bytes below 0x20 or from 0x7f up (0x7f + 0x01 sets the high bit), quotes, backslashes.
      uint64_t bad = ((x - 0x20 * kOnes) | (x + 0x01 * kOnes) | x) & kHigh;
      if (bad != 0 || has_zero(x ^ (0x22 * kOnes)) != 0 || has_zero(x ^ (0x5c * kOnes)) != 0) return false;
    }
    for (; i < s.size(); ++i) {
      unsigned char ch = static_cast<unsigned char>(s[i]);
      if (ch < 0x20 || ch >= 0x7f || ch == '"' || ch == '\\') return false;
    }
    return true;
  }
  void Int(int64_t v) {
    if (v >= 0 && v < 100000) {  // ports, counts, sizes: a few digits
      char digits[5];
      int n = 0;
      do {
        digits[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
      } while (v != 0);
      if (capacity_ - size_ < 5) Grow(5);
      while (n > 0) data_[size_++] = digits[--n];
      return;
    }
    if (v <= -10000000000 || v >= 10000000000) {  // %.10g differs from the digits
      Slow([&](std::string& out) { AppendHashInt(out, v); });
      return;
    }
    if (capacity_ - size_ < 24) Grow(24);
    auto res = std::to_chars(data_.get() + size_, data_.get() + size_ + 24, v);
    size_ = static_cast<size_t>(res.ptr - data_.get());
  }
  void Number(std::string_view canonical) {
    Slow([&](std::string& out) { AppendHashNumber(out, canonical); });
  }

 private:
  template <typename F>
  void Slow(F&& write) {
    scratch_.clear();
    write(scratch_);
    Append(scratch_);
  }
  void Grow(size_t more) {
    size_t capacity = std::max(size_ + more, 2 * capacity_ + 256);
    auto grown = std::make_unique<char[]>(capacity);
    if (size_ != 0) std::memcpy(grown.get(), data_.get(), size_);
    data_ = std::move(grown);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
  std::string scratch_;
};

// The last leaf written, for comparing the elements of sets of strings, numbers and bools.
enum class LeafKind : uint8_t { kNone, kNull, kUnknown, kFalse, kTrue, kInt, kOtherNumber, kString };

class CanonicalDecoder {
 public:
  // `share_min_bytes`: lists with at least this many bytes are shared with a second thread
  // (SIZE_MAX: never). `expected_bytes`: how much of `data` this decoder will read.
  CanonicalDecoder(std::string_view data, std::shared_ptr<const void> owner, size_t share_min_bytes,
                   size_t expected_bytes)
      : data_(data),
        owner_(owner),
        value_(data, std::move(owner)),
        plans_(value_, marker_),
        share_min_bytes_(share_min_bytes) {
    // As ValueWriter: each value takes at least one byte, most take several.
    size_t hint = expected_bytes / 6 + 1;
    value_.Reserve(hint);
    marker_.Reserve(hint);
  }

  // Elements of shared lists that the helper thread decoded.
  uint64_t shared_elements() const { return shared_elements_; }

  WireValue Run(const Type& type) {
    const TypePlan& plan = plans_.For(type);
    uint32_t root = value_.ReserveValue();
    uint32_t marker_root = marker_.ReserveValue();
    Reader r(data_, 0, data_.size());
    MarkerAt m;
    m.slot = marker_root;
    Decode(r, plan, root, m, 0);
    WireValue wv;
    wv.value = value_.FinishAt(root);
    wv.unknown = marker_.FinishAt(marker_root);
    // Entries were added in input order, which is node order unless a container's later
    // leaves follow a nested container (whose slots come after the parent's); the tables
    // are sorted by node.
    auto by_node = [](const auto& a, const auto& b) { return a.first < b.first; };
    auto sort = [](auto& table, auto less) {
      if (!std::is_sorted(table.begin(), table.end(), less)) std::sort(table.begin(), table.end(), less);
    };
    sort(refinements_, by_node);
    sort(dynamic_types_, by_node);
    sort(float64_numbers_, std::less<uint32_t>());
    wv.refinements = std::move(refinements_);
    wv.dynamic_types = std::move(dynamic_types_);
    wv.float64_numbers = std::move(float64_numbers_);
    wv.types = std::move(plans_.types());
    return wv;
  }

 private:
  // Markers. Members of marker objects wait on a stack until their object ends: only
  // unknowns and containers have one, so an object's size is known only then.
  enum class MarkerKind : uint8_t { kUnknown, kArray, kObject };
  struct MarkerMember {
    KeyId key;
    MarkerKind kind;
    uint32_t first;
    uint32_t count;
  };
  KeyId MemberKey(const MarkerAt& m) { return m.map_member ? KeyOf(m.map_key, true) : m.key; }
  void KnownLeaf(const MarkerAt& m) {
    if (!m.member) marker_.PutBool(m.slot, false);
  }
  void UnknownMarker(const MarkerAt& m) {
    if (m.member) {
      marker_members_.push_back(MarkerMember{MemberKey(m), MarkerKind::kUnknown, 0, 0});
    } else {
      marker_.PutBool(m.slot, true);
    }
  }
  // A marker array of `count` slots, its head placed; returns the first slot.
  uint32_t MarkerArray(const MarkerAt& m, size_t count) {
    uint32_t first = marker_.ReserveArray(count);
    if (m.member) {
      marker_members_.push_back(MarkerMember{MemberKey(m), MarkerKind::kArray, first, static_cast<uint32_t>(count)});
    } else {
      marker_.PutArray(m.slot, first, count);
    }
    return first;
  }
  size_t BeginMarkerObject() const { return marker_members_.size(); }
  __attribute__((always_inline)) void EndMarkerObject(const MarkerAt& m, size_t begin) {
    size_t count = marker_members_.size() - begin;
    if (count == 0) {  // wholly known: {}
      if (m.member) {
        marker_members_.push_back(MarkerMember{MemberKey(m), MarkerKind::kObject, 0, 0});
      } else {
        marker_.PutObject(m.slot, 0, 0);
      }
      return;
    }
    uint32_t first = marker_.ReserveObject(count);
    for (size_t j = 0; j < count; ++j) {
      const MarkerMember& e = marker_members_[begin + j];
      uint32_t at = first + 3 * static_cast<uint32_t>(j);
      marker_.PutKey(at, e.key);
      switch (e.kind) {
        case MarkerKind::kUnknown: marker_.PutBool(at + 1, true); break;
        case MarkerKind::kArray: marker_.PutArray(at + 1, e.first, e.count); break;
        case MarkerKind::kObject: marker_.PutObject(at + 1, e.first, e.count); break;
      }
    }
    marker_members_.truncate(begin);
    if (m.member) {
      marker_members_.push_back(MarkerMember{MemberKey(m), MarkerKind::kObject, first, static_cast<uint32_t>(count)});
    } else {
      marker_.PutObject(m.slot, first, count);
    }
  }

  // Leaves.
  void Null(uint32_t at, const MarkerAt& m, const TypePlan& declared) {
    ++seq_;
    if (unify_depth_ != 0 && declared.has_dynamic) signature_.push_back(SigEntry{seq_ - 1, -1, &declared});
    value_.PutNull(at);
    KnownLeaf(m);
    last_ = LeafKind::kNull;
    if (keyed_ != 0) hash_.Push('~');
  }
  void Bool(uint32_t at, const MarkerAt& m, bool v) {
    ++seq_;
    value_.PutBool(at, v);
    KnownLeaf(m);
    last_ = v ? LeafKind::kTrue : LeafKind::kFalse;
    if (keyed_ != 0) hash_.Push(v ? 'T' : 'F');
  }
  __attribute__((always_inline)) void Int(uint32_t at, const MarkerAt& m, int64_t v) {
    ++seq_;
    value_.PutInteger(at, v);
    KnownLeaf(m);
    last_ = LeafKind::kInt;
    last_int_ = v;
    if (keyed_ != 0) hash_.Int(v);
  }
  // Canonical number text.
  void Number(uint32_t at, const MarkerAt& m, std::string_view text, bool float64) {
    ++seq_;
    value_.PutNumber(at, text);
    KnownLeaf(m);
    if (float64) float64_numbers_.push_back(at);
    last_ = LeafKind::kOtherNumber;
    if (keyed_ != 0) hash_.Number(text);
  }
  __attribute__((always_inline)) void String(uint32_t at, const MarkerAt& m, size_t offset, size_t length) {
    std::string_view s(data_.data() + offset, length);  // the reader checked the bounds
    if (!ShortAscii(s, data_) && !IsNfc(s)) GiveUp();
    ++seq_;
    value_.PutSourceString(at, offset, length);
    KnownLeaf(m);
    last_ = LeafKind::kString;
    last_text_ = s;
    if (keyed_ != 0) hash_.Quoted(s);
  }

  // The common leaves without the general dispatch; false when the item is anything else.
  __attribute__((always_inline)) bool TryLeaf(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m) {
    if (r.left() < 3) return false;
    uint8_t c = r.PeekUnchecked();
    switch (plan.kind) {
      case Type::Kind::kString: {
        size_t length;
        size_t header;
        if (c >= 0xa0 && c <= 0xbf) {
          length = c & 0x1f;
          header = 1;
        } else if (c == 0xd9) {
          length = r.ByteAt(1);
          header = 2;
        } else {
          return false;
        }
        if (r.left() < header + length) return false;
        size_t offset = r.pos() + header;
        r.Advance(header + length);
        String(at, m, offset, length);
        return true;
      }
      case Type::Kind::kNumber:
        if (c <= 0x7f) {
          r.Advance(1);
          Int(at, m, c);
          return true;
        }
        if (c == 0xcc || c == 0xcd) {
          int64_t v = c == 0xcc ? r.ByteAt(1) : (r.ByteAt(1) << 8 | r.ByteAt(2));
          r.Advance(c == 0xcc ? 2 : 3);
          Int(at, m, v);
          return true;
        }
        return false;
      case Type::Kind::kBool:
        if (c == 0xc2 || c == 0xc3) {
          r.Advance(1);
          Bool(at, m, c == 0xc3);
          return true;
        }
        return false;
      default: return false;
    }
  }

  __attribute__((always_inline)) void Child(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m,
                                            int depth) {
    if (TryLeaf(r, plan, at, m)) return;
    // Small objects and lists skip the general dispatch.
    if (!r.at_end() && depth < 1000) {
      uint8_t c = r.PeekUnchecked();
      if (plan.kind == Type::Kind::kObject && c >= 0x80 && c <= 0x8f) {
        Object(r, plan, c, at, m, depth);
        return;
      }
      if ((plan.kind == Type::Kind::kList || plan.kind == Type::Kind::kSet) && c >= 0x90 && c <= 0x9f) {
        Array(r, plan, c, at, m, depth);
        return;
      }
    }
    Decode(r, plan, at, m, depth);
  }

  void Decode(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth) {
    if (depth > 1000) GiveUp();
    uint8_t c = r.Peek();
    if (IsExtCode(c)) {
      Unknown(r, plan, at, m);
      return;
    }
    if (plan.kind == Type::Kind::kDynamic) {
      Dynamic(r, plan, at, m, depth);
      return;
    }
    if (c == 0xc0) {
      r.Advance(1);
      Null(at, m, plan);
      return;
    }
    switch (plan.kind) {
      case Type::Kind::kString: {
        if (!IsStrOrBin(c)) GiveUp();
        auto [offset, length] = r.StrOrBin();
        String(at, m, offset, length);
        return;
      }
      case Type::Kind::kNumber: {
        std::string text;
        bool float64 = false;
        int64_t iv = 0;
        bool big = false;
        if (ReadNumber(r, "number is required", text, float64, iv, big) != 0) {
          Number(at, m, text, float64);
        } else if (big) {
          char buf[24];
          auto res = std::to_chars(buf, buf + sizeof buf, static_cast<uint64_t>(iv));
          Number(at, m, std::string_view(buf, static_cast<size_t>(res.ptr - buf)), false);
        } else {
          Int(at, m, iv);
        }
        return;
      }
      case Type::Kind::kBool:
        if (c != 0xc2 && c != 0xc3) GiveUp();
        r.Advance(1);
        Bool(at, m, c == 0xc3);
        return;
      case Type::Kind::kList:
      case Type::Kind::kSet:
      case Type::Kind::kTuple: Array(r, plan, c, at, m, depth); return;
      case Type::Kind::kMap: Map(r, plan, c, at, m, depth); return;
      case Type::Kind::kObject: Object(r, plan, c, at, m, depth); return;
      default: GiveUp();
    }
  }

  void Unknown(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m) {
    UnknownItem item = ReadUnknown(r, plan);
    switch (item.kind) {
      case UnknownItem::Kind::kUnknown:
        ++seq_;
        if (unify_depth_ != 0 && plan.has_dynamic) signature_.push_back(SigEntry{seq_ - 1, -1, &plan});
        value_.PutNull(at);
        UnknownMarker(m);
        if (!item.refinements.empty()) refinements_.emplace_back(at, std::move(item.refinements));
        last_ = LeafKind::kUnknown;
        if (keyed_ != 0) hash_.Push('?');
        return;
      case UnknownItem::Kind::kNull: Null(at, m, plan); return;
      case UnknownItem::Kind::kNumber: Number(at, m, item.number, item.float64); return;
      case UnknownItem::Kind::kCollection: GiveUp();
    }
  }

  // `plan`: the declared dynamic.
  void Dynamic(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth) {
    uint8_t c = r.Peek();
    if (c == 0xc0) {
      r.Advance(1);
      Null(at, m, plan);
      return;
    }
    if (!IsArrayCode(c)) GiveUp();
    r.Byte();
    if (r.LengthAfter(c) != 2) GiveUp();
    if (!IsStrOrBin(r.Peek())) GiveUp();
    auto [offset, length] = r.StrOrBin();
    // Dynamic values in a list of blocks name the same type over and over.
    std::string_view json = data_.substr(offset, length);
    if (last_type_.plan == nullptr || json != last_type_json_) {
      TypePlans::TypeError error;
      std::optional<TypePlans::Dynamic> found = plans_.FromJson(json, error);
      if (!found) GiveUp();
      last_type_ = *found;
      last_type_json_ = json;
    }
    const TypePlans::Dynamic type = last_type_;  // a copy: the value may hold dynamic values too
    uint32_t seq = seq_;
    if (unify_depth_ != 0) {
      // As the general decoder: a null here counts under the declared dynamic type (the
      // rarer forms are left to it).
      if (type.plan->has_dynamic || r.at_end() || IsExtCode(r.PeekUnchecked())) GiveUp();
      if (r.PeekUnchecked() == 0xc0) signature_.push_back(SigEntry{seq, -1, &plan});
    }
    Decode(r, *type.plan, at, m, depth + 1);
    if (type.plan->kind != Type::Kind::kDynamic) {
      dynamic_types_.emplace_back(at, type.slot);
      if (unify_depth_ != 0) signature_.push_back(SigEntry{seq, static_cast<int32_t>(type.slot), &plan});
    }
  }

  // Lists, sets and tuples.
  void Array(Reader& r, const TypePlan& plan, uint8_t c, uint32_t at, const MarkerAt& m, int depth) {
    if (!IsArrayCode(c)) GiveUp();
    r.Byte();
    uint64_t n = c <= 0x9f ? c & 0x0f : r.LengthAfter(c);
    bool tuple = plan.kind == Type::Kind::kTuple;
    bool set = plan.kind == Type::Kind::kSet;
    bool unify = !tuple && plan.unifies();
    if (tuple ? n != plan.elements.size() : set && unify) GiveUp();
    if (n > r.left()) GiveUp();  // every element takes a byte at least
    ++seq_;
    uint32_t first = value_.ReserveArray(n);
    value_.PutArray(at, first, n);
    uint32_t marker_first = MarkerArray(m, n);
    if (!set && !tuple && MayShare(r, n)) {
      SharedList(r, *plan.element, n, first, marker_first, unify, depth);
      last_ = LeafKind::kNone;
      return;
    }
    bool primitive_set = set && plan.primitive_set();
    bool owns_key_mode = set && !primitive_set;
    bool keyed = keyed_ != 0;
    if (keyed) hash_.Push(tuple ? '<' : '[');
    if (owns_key_mode) ++keyed_;
    // Sets: the previous element, to check that each one comes after it.
    size_t previous_start = 0;
    size_t previous_end = 0;
    LeafKind previous = LeafKind::kNone;
    std::string_view previous_text;
    int64_t previous_int = 0;
    MarkerAt em;
    Unification u;
    if (unify) BeginUnify(u);
    for (uint64_t i = 0; i < n; ++i) {
      const TypePlan& element = tuple ? *plan.elements[i] : *plan.element;
      uint32_t k = static_cast<uint32_t>(i);
      em.slot = marker_first + 2 * k;
      if (!set) {
        Element(r, element, first + 2 * k, em, depth + 1, unify, u, i);
        if (keyed_ != 0) hash_.Push(';');
        continue;
      }
      size_t start = hash_.size();
      if (n >= 2) {
        // Nulls and unknowns have their own places in a set's order: the general decoder's.
        if (r.at_end()) GiveUp();
        uint8_t e = r.PeekUnchecked();
        if (e == 0xc0 || IsExtCode(e)) GiveUp();
      }
      last_ = LeafKind::kNone;
      Child(r, element, first + 2 * k, em, depth + 1);
      if (owns_key_mode) {
        size_t end = hash_.size();
        if (i > 0) {
          std::string_view text = hash_.view();
          if (!(text.substr(previous_start, previous_end - previous_start) < text.substr(start, end - start))) {
            GiveUp();
          }
        }
        previous_start = start;
        previous_end = end;
      } else {
        if (i > 0) {
          bool ordered = false;
          if (last_ == LeafKind::kString && previous == LeafKind::kString) {
            ordered = previous_text < last_text_;
          } else if (last_ == LeafKind::kInt && previous == LeafKind::kInt) {
            ordered = previous_int < last_int_;
          } else if (last_ == LeafKind::kTrue && previous == LeafKind::kFalse) {
            ordered = true;
          }
          if (!ordered) GiveUp();
        }
        previous = last_;
        previous_text = last_text_;
        previous_int = last_int_;
      }
      if (keyed_ != 0) hash_.Push(';');
    }
    if (unify) EndUnify();
    if (owns_key_mode && --keyed_ == 0) hash_.Clear();
    if (keyed) hash_.Push(tuple ? '>' : ']');
    last_ = LeafKind::kNone;
  }

  __attribute__((noinline)) void Map(Reader& r, const TypePlan& plan, uint8_t c, uint32_t at, const MarkerAt& m,
                                     int depth) {
    if (!IsMapCode(c)) GiveUp();
    r.Byte();
    uint64_t n = c <= 0x8f ? c & 0x0f : r.LengthAfter(c);
    if (n > r.left() / 2) GiveUp();  // every member takes two bytes at least
    ++seq_;
    bool unify = plan.unifies();
    Unification u;
    if (unify) BeginUnify(u);
    uint32_t first = value_.ReserveObject(n);
    value_.PutObject(at, first, n);
    size_t marker_begin = BeginMarkerObject();
    bool keyed = keyed_ != 0;
    if (keyed) hash_.Push('{');
    std::string_view previous;
    MarkerAt em;
    em.member = true;
    em.map_member = true;
    for (uint64_t i = 0; i < n; ++i) {
      if (r.at_end() || !IsStrOrBin(r.PeekUnchecked())) GiveUp();
      auto [offset, length] = r.StrOrBin();
      std::string_view key = data_.substr(offset, length);
      if (!ShortAscii(key, data_) && !IsNfc(key)) GiveUp();
      if (i > 0 && !(previous < key)) GiveUp();
      previous = key;
      uint32_t k = static_cast<uint32_t>(i);
      value_.PutKey(first + 3 * k, KeyOf(key, false));
      if (keyed) {
        hash_.Quoted(key);
        hash_.Push(':');
      }
      em.map_key = key;
      Element(r, *plan.element, first + 3 * k + 1, em, depth + 1, unify, u, i);
      if (keyed) hash_.Push(';');
    }
    if (unify) EndUnify();
    EndMarkerObject(m, marker_begin);
    if (keyed) hash_.Push('}');
    last_ = LeafKind::kNone;
  }

  __attribute__((noinline)) void Object(Reader& r, const TypePlan& plan, uint8_t c, uint32_t at, const MarkerAt& m,
                                        int depth) {
    if (!IsMapCode(c)) GiveUp();
    r.Byte();
    uint64_t n = c <= 0x8f ? c & 0x0f : r.LengthAfter(c);
    const std::vector<AttributePlan>& attrs = plan.attributes;
    if (n != attrs.size()) GiveUp();
    ++seq_;
    uint32_t first = value_.ReserveObject(n);
    value_.PutObject(at, first, n);
    size_t marker_begin = BeginMarkerObject();
    bool keyed = keyed_ != 0;
    if (keyed) hash_.Push('<');
    MarkerAt em;
    em.member = true;
    for (uint64_t i = 0; i < n; ++i) {
      const AttributePlan& a = attrs[i];
      size_t key_at = r.pos();
      if (a.short_key && r.left() >= 16) {
        // The expected attribute's key, header and all, in two word compares.
        uint64_t w[2];
        std::memcpy(w, data_.data() + key_at, sizeof w);
        if (((w[0] & a.key_masks[0]) ^ a.key_words[0]) != 0 || ((w[1] & a.key_masks[1]) ^ a.key_words[1]) != 0) {
          GiveUp();
        }
        r.Advance(1 + a.name.size());
      } else {
        if (r.at_end() || !IsStrOrBin(r.PeekUnchecked())) GiveUp();
        auto [offset, length] = r.StrOrBin();
        if (data_.substr(offset, length) != a.name) GiveUp();
      }
      uint32_t k = static_cast<uint32_t>(i);
      value_.PutKey(first + 3 * k, a.value_key);
      em.key = a.marker_key;
      Child(r, *a.plan, first + 3 * k + 1, em, depth + 1);
      if (keyed) hash_.Push(';');
    }
    EndMarkerObject(m, marker_begin);
    if (keyed) hash_.Push('>');
    last_ = LeafKind::kNone;
  }

  // Lists and maps whose element type has `dynamic` in it: every element must have its
  // dynamic values' types, and its nulls and unknowns that could hide one, at the same
  // places as the first element (ValueWriter's signature check, which needs nothing more
  // then); otherwise the general decoder unifies them.
  struct Unification {
    uint32_t first_seq = 0, first_sig = 0, first_sig_end = 0, child_seq = 0, child_sig = 0;
  };
  void BeginUnify(Unification&) { ++unify_depth_; }
  void StartElement(Unification& u) {
    u.child_seq = seq_;
    u.child_sig = static_cast<uint32_t>(signature_.size());
  }
  void FinishElement(Unification& u, uint64_t i) {
    uint32_t end = static_cast<uint32_t>(signature_.size());
    if (i == 0) {
      u.first_seq = u.child_seq;
      u.first_sig = u.child_sig;
      u.first_sig_end = end;
      return;
    }
    if (end - u.child_sig != u.first_sig_end - u.first_sig) GiveUp();
    for (uint32_t j = 0; j < end - u.child_sig; ++j) {
      const SigEntry& a = signature_[u.first_sig + j];
      const SigEntry& b = signature_[u.child_sig + j];
      if (a.slot != b.slot || a.declared != b.declared || a.seq - u.first_seq != b.seq - u.child_seq) GiveUp();
    }
  }
  void EndUnify() {
    if (--unify_depth_ == 0) signature_.clear();
  }

  // An element of a list, set or map (the `index`-th): Child, its dynamic types checked
  // against the collection's first element in `u` when the collection unifies.
  __attribute__((always_inline)) void Element(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m,
                                              int depth, bool unify, Unification& u, uint64_t index) {
    if (unify) StartElement(u);
    Child(r, plan, at, m, depth);
    if (unify) FinishElement(u, index);
  }

  // Long lists of blocks are decoded by two threads. Every element of such a list begins
  // with the same bytes: its map header and its first attribute's key. A helper thread
  // looks for them from about the middle of the rest of the input, then decodes elements
  // from there on, with a decoder and documents of its own, not yet knowing their
  // indices. This thread decodes from the front. If it arrives exactly where the helper
  // started, that was an element's start, and if the helper decoded exactly the rest of
  // the list, its documents are grafted into these (DocumentBuilder::Graft: the value
  // document on this thread and the marker document on the helper's at the same time),
  // its side tables renumbered and its first element's dynamic types checked against this
  // thread's first element. Otherwise (the bytes were inside a value, or the helper's
  // elements do not end with the list) this thread decodes the rest itself, and the
  // result is the same either way.
  struct RelativeSig {
    uint32_t seq;          // from the element's first value
    const Type* type;      // of the dynamic value, or null for a null or unknown
    const Type* declared;  // the dynamic position's declared type
  };
  // A decoder's sizes, to go back to after an element that failed halfway.
  struct Snapshot {
    size_t pos = 0;
    DocumentBuilder::Size value;
    DocumentBuilder::Size marker;
    size_t refinements = 0;
    size_t dynamic_types = 0;
    size_t float64_numbers = 0;
  };
  struct Helper {
    explicit Helper(uint32_t count) : count(count) {}
    ~Helper() {
      stop.store(true, std::memory_order_relaxed);
      Signal(decided);  // a helper waiting for the decision gives up
      if (thread.joinable()) thread.join();
    }
    const uint32_t count;
    // Set by the helper once: where its first element begins (0: none yet).
    std::atomic<size_t> start{0};
    // Set by this thread once: its first element's index, when this thread arrived there.
    std::atomic<uint32_t> first{0};
    std::atomic<bool> stop{false};     // the helper's work is not wanted
    std::atomic<bool> finished{false};  // the helper decodes no more
    std::atomic<bool> decided{false};   // this thread took the helper's elements, or not (`stop`)
    // What the helper made, read once `finished` is set.
    std::unique_ptr<CanonicalDecoder> decoder;
    uint32_t decoded = 0;  // elements decoded in full
    Snapshot after;        // the helper's decoder after them
    std::vector<RelativeSig> signature;  // its first element's, when the list unifies
    std::exception_ptr graft_error;      // the marker graft's, read after join
    std::thread thread;
  };
  static void Signal(std::atomic<bool>& flag) {
    flag.store(true, std::memory_order_release);
    flag.notify_all();
  }
  static void Await(const std::atomic<bool>& flag) { flag.wait(false, std::memory_order_acquire); }
  // Lists shorter than this are not worth a thread (nor one of the few tries).
  static constexpr uint64_t kMinShareElements = 64;
  static constexpr int kMaxShares = 4;

  // The bytes every element of a list of objects begins with in canonical form (empty:
  // none to look for).
  static std::string ElementStart(const TypePlan& element) {
    std::string bytes;
    if (element.kind != Type::Kind::kObject || element.attributes.empty()) return bytes;
    size_t n = element.attributes.size();
    std::string_view name = element.attributes.front().name;
    if (n > 0xffff || name.size() > 0xff) return bytes;
    if (n <= 15) {
      bytes += static_cast<char>(0x80 | n);
    } else {
      bytes += {'\xde', static_cast<char>(n >> 8), static_cast<char>(n & 0xff)};
    }
    if (name.size() <= 31) {
      bytes += static_cast<char>(0xa0 | name.size());
    } else {
      bytes += {'\xd9', static_cast<char>(name.size())};
    }
    bytes += name;
    return bytes;
  }

  bool MayShare(const Reader& r, uint64_t n) const {
    return n >= kMinShareElements && n <= structured::internal::kMaxLength && r.left() >= share_min_bytes_ &&
           keyed_ == 0 && unify_depth_ == 0 && !sharing_ && shares_ < kMaxShares;
  }

  void SharedList(Reader& r, const TypePlan& element, uint64_t n, uint32_t first, uint32_t marker_first, bool unify,
                  int depth) {
    ++shares_;
    sharing_ = true;  // lists inside this one stay with their thread
    Helper h(static_cast<uint32_t>(n));
    std::string element_start = ElementStart(element);
    if (!element_start.empty()) {
      try {
        h.thread = std::thread([this, &h, &element, bytes = std::move(element_start), from = r.pos(),
                                marker_first, unify, depth] {
          RunHelper(h, *element.type, bytes, from, marker_first, unify, depth);
        });
      } catch (const std::system_error&) {
        // No thread to be had: this one decodes every element.
      }
    }
    Unification u;
    if (unify) BeginUnify(u);
    MarkerAt em;
    bool watching = h.thread.joinable();  // until this thread reaches where the helper started
    for (uint64_t i = 0; i < n; ++i) {
      if (watching) {
        size_t meet = h.start.load(std::memory_order_acquire);
        if (meet != 0 && r.pos() >= meet) {
          watching = false;
          if (r.pos() == meet && i > 0 && TakeHelperShare(r, h, static_cast<uint32_t>(i), n, first,
                                                          unify ? &u : nullptr)) {
            break;
          }
          h.stop.store(true, std::memory_order_relaxed);
          Signal(h.decided);
        }
      }
      uint32_t k = static_cast<uint32_t>(i);
      em.slot = marker_first + 2 * k;
      Element(r, element, first + 2 * k, em, depth + 1, unify, u, i);
    }
    if (unify) EndUnify();
    sharing_ = false;
  }

  // On the helper thread, with `this` the decoder that shares its list (of which it reads
  // only data_ and owner_ until that thread has decided, then grafts into marker_):
  // elements from the first place after the middle of the rest of the input that looks
  // like an element's start.
  void RunHelper(Helper& h, const Type& element_type, std::string_view element_start, size_t list_start,
                 uint32_t marker_first, bool unify, int depth) {
    size_t start = data_.find(element_start, list_start + (data_.size() - list_start) / 2);
    if (start == std::string_view::npos) {
      Signal(h.finished);
      return;
    }
    try {
      h.decoder = std::make_unique<CanonicalDecoder>(data_, owner_, SIZE_MAX, (data_.size() - start));
      h.decoder->DecodeFrom(h, start, element_type, unify, depth);
    } catch (...) {
      // No memory for a decoder: h.decoded stays 0, and the share is not taken.
    }
    Signal(h.finished);
    // Graft the marker document if this thread takes the elements.
    Await(h.decided);
    if (h.stop.load(std::memory_order_relaxed)) return;
    uint32_t first = h.first.load(std::memory_order_relaxed);
    try {
      marker_.Graft(h.decoder->marker_, h.count, 0, h.count - first, marker_first + 2 * first);
    } catch (...) {
      h.graft_error = std::current_exception();
    }
  }

  // On the helper thread: elements from `start`, the j-th in slot j of slots for up to
  // all the list's elements (the first words of both documents, as Graft needs), until
  // the rest of the list is done or an element fails.
  void DecodeFrom(Helper& h, size_t start, const Type& element_type, bool unify, int depth) {
    const TypePlan& element = plans_.For(element_type);
    uint32_t slots = value_.ReserveArray(h.count);
    uint32_t marker_slots = marker_.ReserveArray(h.count);
    if (slots != 0 || marker_slots != 0) return;
    Reader r(data_, start, data_.size());
    h.start.store(start, std::memory_order_release);
    Unification u;
    if (unify) BeginUnify(u);
    Snapshot after = Snap(r.pos());
    uint32_t decoded = 0;
    MarkerAt em;
    try {
      while (decoded < h.count && !h.stop.load(std::memory_order_relaxed)) {
        uint32_t first = h.first.load(std::memory_order_acquire);
        if (first != 0 && decoded >= h.count - first) break;
        em.slot = marker_slots + 2 * decoded;
        Element(r, element, slots + 2 * decoded, em, depth + 1, unify, u, decoded);
        ++decoded;
        after = Snap(r.pos());
      }
    } catch (...) {
      // Past the list's end, or an error that the other thread will meet as well.
    }
    // Back to the end of the last whole element.
    value_.Rewind(after.value);
    marker_.Rewind(after.marker);
    refinements_.resize(after.refinements);
    dynamic_types_.resize(after.dynamic_types);
    float64_numbers_.resize(after.float64_numbers);
    if (unify && decoded > 0) {
      for (uint32_t j = u.first_sig; j < u.first_sig_end; ++j) {
        const SigEntry& e = signature_[j];
        const Type* type = e.slot < 0 ? nullptr : &plans_.types()[static_cast<size_t>(e.slot)];
        h.signature.push_back(RelativeSig{e.seq - u.first_seq, type, e.declared->type});
      }
    }
    h.decoded = decoded;
    h.after = after;
  }
  Snapshot Snap(size_t pos) const {
    return Snapshot{pos,       value_.size(), marker_.size(), refinements_.size(), dynamic_types_.size(),
                    float64_numbers_.size()};
  }

  // This thread, arrived at element `first` where the helper started: true when the
  // helper's elements are the rest of the list and are now in these documents, with `r`
  // after the list; false when this thread is to decode them itself.
  bool TakeHelperShare(Reader& r, Helper& h, uint32_t first, uint64_t n, uint32_t value_first,
                       const Unification* u) {
    h.first.store(first, std::memory_order_release);
    Await(h.finished);
    if (h.decoded != n - first) return false;
    CanonicalDecoder& other = *h.decoder;
    if (u != nullptr) {
      // Its first element has the dynamic types this thread's first element has (else
      // this thread gives up when it decodes the elements itself).
      uint32_t size = u->first_sig_end - u->first_sig;
      if (size != h.signature.size()) return false;
      for (uint32_t j = 0; j < size; ++j) {
        const SigEntry& a = signature_[u->first_sig + j];
        const RelativeSig& b = h.signature[j];
        const Type* type = a.slot < 0 ? nullptr : &plans_.types()[static_cast<size_t>(a.slot)];
        if (a.seq - u->first_seq != b.seq || a.declared->type != b.declared ||
            (type == nullptr) != (b.type == nullptr) || (type != nullptr && !(*type == *b.type))) {
          return false;
        }
      }
    }
    Signal(h.decided);  // the helper grafts the marker document meanwhile
    DocumentBuilder::Grafted g = value_.Graft(other.value_, n, 0, n - first, value_first + 2 * first);
    h.thread.join();
    if (h.graft_error) std::rethrow_exception(h.graft_error);
    // Its side tables, renumbered; its dynamic types, by equal type here.
    std::vector<Type>& types = plans_.types();
    std::vector<Type>& other_types = other.plans_.types();
    std::vector<uint32_t> slots(other_types.size(), UINT32_MAX);
    for (auto [node, slot] : other.dynamic_types_) {
      if (slots[slot] == UINT32_MAX) {
        auto same = std::find(types.begin(), types.end(), other_types[slot]);
        slots[slot] =
            same != types.end() ? static_cast<uint32_t>(same - types.begin()) : plans_.Slot(other_types[slot]);
      }
      dynamic_types_.emplace_back(g.Index(node), slots[slot]);
    }
    for (auto& [node, refinements] : other.refinements_) {
      refinements_.emplace_back(g.Index(node), std::move(refinements));
    }
    for (uint32_t node : other.float64_numbers_) float64_numbers_.push_back(g.Index(node));
    shared_elements_ += n - first;
    r.Advance(h.after.pos - r.pos());
    return true;
  }

  // Map keys repeat: each text is stored once per document (as ValueWriter does).
  KeyId KeyOf(std::string_view key, bool marker) {
    DocumentBuilder& builder = marker ? marker_ : value_;
    if (key.empty()) return builder.StoreKey(key);
    uint32_t mix = static_cast<uint32_t>(key.size()) ^ static_cast<uint32_t>(static_cast<uint8_t>(key.front())) << 8 ^
                   static_cast<uint32_t>(static_cast<uint8_t>(key[key.size() / 2])) << 16 ^
                   static_cast<uint32_t>(static_cast<uint8_t>(key.back())) << 24;
    size_t slot = (mix * 0x9e3779b1u) >> (32 - kKeyCacheBits);
    CachedKey& c = key_cache_[slot];
    if (c.text != key) {
      c = CachedKey{};
      c.text = key;
    }
    bool& has = marker ? c.has_marker : c.has_value;
    KeyId& id = marker ? c.marker : c.value;
    if (!has) {
      id = builder.StoreKey(key);
      has = true;
    }
    return id;
  }

  std::string_view data_;
  std::shared_ptr<const void> owner_;
  DocumentBuilder value_;
  DocumentBuilder marker_;
  TypePlans plans_;
  std::vector<std::pair<uint32_t, Refinements>> refinements_;
  std::vector<std::pair<uint32_t, uint32_t>> dynamic_types_;
  std::vector<uint32_t> float64_numbers_;
  // Inside a set compared by hash text (see set_order.h): the text so far.
  HashText hash_;
  uint32_t keyed_ = 0;
  std::string_view last_type_json_;  // the last dynamic value's type text, and its plan
  TypePlans::Dynamic last_type_;
  // Values added so far (each leaf and container counts one), and the signatures of the
  // elements of the open lists and maps that unify.
  uint32_t seq_ = 0;
  uint32_t unify_depth_ = 0;
  size_t share_min_bytes_;
  int shares_ = 0;  // lists shared so far
  bool sharing_ = false;
  uint64_t shared_elements_ = 0;
  struct SigEntry {
    uint32_t seq;
    int32_t slot;  // -1: a null or unknown
    const TypePlan* declared;
  };
  std::vector<SigEntry> signature_;
  // A stack that pushes inline (std::vector's push_back is not inlined here).
  class MemberStack {
   public:
    size_t size() const { return size_; }
    const MarkerMember& operator[](size_t i) const { return data_[i]; }
    void truncate(size_t size) { size_ = size; }
    void push_back(const MarkerMember& m) {
      if (size_ == capacity_) Grow();
      data_[size_++] = m;
    }

   private:
    void Grow() {
      size_t capacity = 2 * capacity_ + 64;
      auto grown = std::make_unique<MarkerMember[]>(capacity);
      std::copy(data_.get(), data_.get() + size_, grown.get());
      data_ = std::move(grown);
      capacity_ = capacity;
    }
    std::unique_ptr<MarkerMember[]> data_;
    size_t size_ = 0;
    size_t capacity_ = 0;
  };
  MemberStack marker_members_;
  LeafKind last_ = LeafKind::kNone;
  std::string_view last_text_;
  int64_t last_int_ = 0;

  struct CachedKey {
    std::string_view text;
    KeyId value{};
    KeyId marker{};
    bool has_value = false;
    bool has_marker = false;
  };
  static constexpr int kKeyCacheBits = 6;
  std::array<CachedKey, size_t{1} << kKeyCacheBits> key_cache_;
};

}  // namespace

std::optional<WireValue> DecodeCanonicalMsgpack(std::string_view data, std::shared_ptr<const void> owner,
                                                const Type& type, size_t share_min_bytes, uint64_t* shared) {
  try {
    CanonicalDecoder decoder(data, std::move(owner), share_min_bytes, data.size());
    WireValue wv = decoder.Run(type);
    if (shared != nullptr) *shared = decoder.shared_elements();
    return wv;
  } catch (const NotCanonical&) {
  } catch (const Failure&) {
  } catch (const std::length_error&) {
  }
  return std::nullopt;
}

}  // namespace planview::structured::wire::internal
