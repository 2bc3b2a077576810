// The canonical fast path's walk (canonical_decoder.h): leaves, containers, markers,
// dynamic values and the order of sets, and DecodeCanonicalMsgpack.
#include "wire/internal/canonical_decode.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "structured/json_value.h"
#include "wire/internal/canonical_decoder.h"
#include "wire/internal/msgpack_leaf.h"
#include "wire/internal/msgpack_reader.h"
#include "wire/internal/set_order.h"
#include "wire/internal/type_plan.h"
#include "wire/internal/unicode.h"
#include "wire/number.h"

namespace planview::wire::internal {

using structured::DocumentBuilder;
using structured::Type;

CanonicalDecoder::CanonicalDecoder(std::string_view data, std::shared_ptr<const void> owner,
                                   base::Executor* executor, size_t share_min_bytes, size_t expected_bytes)
    : data_(data),
      owner_(owner),
      value_(data, std::move(owner)),
      plans_(value_, marker_, static_cast<uint32_t>(data.size())),
      executor_(executor),
      share_min_bytes_(share_min_bytes) {
  // As ValueWriter: each value takes at least one byte, most take several.
  size_t hint = expected_bytes / 6 + 1;
  value_.Reserve(hint);
  marker_.Reserve(hint);
}

inline std::optional<WireValue> CanonicalDecoder::Run(const Type& type) {
  const TypePlan& plan = plans_.ForRoot(type);
  uint32_t root = value_.ReserveValue();
  uint32_t marker_root = marker_.ReserveValue();
  if (value_.failed() || marker_.failed()) return std::nullopt;
  Reader r(data_, 0, data_.size());
  MarkerAt m;
  m.slot = marker_root;
  if (!Decode(r, plan, root, m, 0)) return std::nullopt;
  WireValue wv;
  // A builder past its capacity (grafts included) leaves the value to the general
  // decoder, which reports it.
  if (value_.failed() || marker_.failed()) return std::nullopt;
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
  wv.json_exact = json_exact_ && plans_.keys_valid_utf8();
  return wv;
}

inline void CanonicalDecoder::KnownLeaf(const MarkerAt& m) {
  if (!m.member) marker_.PutBool(m.slot, false);
}

inline void CanonicalDecoder::UnknownMarker(const MarkerAt& m) {
  if (m.member) {
    marker_members_.push_back(MarkerMember{MemberKey(m), MarkerKind::kUnknown, 0, 0});
  } else {
    marker_.PutBool(m.slot, true);
  }
}

inline bool CanonicalDecoder::MarkerArray(const MarkerAt& m, size_t count, uint32_t& first) {
  first = marker_.ReserveArray(count);
  if (marker_.failed()) return false;
  if (m.member) {
    marker_members_.push_back(MarkerMember{MemberKey(m), MarkerKind::kArray, first, static_cast<uint32_t>(count)});
  } else {
    marker_.PutArray(m.slot, first, count);
  }
  return true;
}

inline bool CanonicalDecoder::EndMarkerObject(const MarkerAt& m, size_t begin) {
  size_t count = marker_members_.size() - begin;
  if (count == 0) {  // wholly known: {}
    if (m.member) {
      marker_members_.push_back(MarkerMember{MemberKey(m), MarkerKind::kObject, 0, 0});
    } else {
      marker_.PutObject(m.slot, 0, 0);
    }
    return true;
  }
  uint32_t first = marker_.ReserveObject(count);
  if (marker_.failed()) return false;
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
  return true;
}

// Leaves.
inline void CanonicalDecoder::Null(uint32_t at, const MarkerAt& m, const TypePlan& declared) {
  ++seq_;
  if (unify_depth_ != 0 && declared.has_dynamic) signature_.push_back(SigEntry{seq_ - 1, -1, &declared});
  value_.PutNull(at);
  KnownLeaf(m);
  last_ = LeafKind::kNull;
  if (keyed_ != 0) hash_.Push('~');
}

inline void CanonicalDecoder::Bool(uint32_t at, const MarkerAt& m, bool v) {
  ++seq_;
  value_.PutBool(at, v);
  KnownLeaf(m);
  last_ = v ? LeafKind::kTrue : LeafKind::kFalse;
  if (keyed_ != 0) hash_.Push(v ? 'T' : 'F');
}

inline void CanonicalDecoder::Int(uint32_t at, const MarkerAt& m, int64_t v) {
  ++seq_;
  value_.PutInteger(at, v);
  KnownLeaf(m);
  last_ = LeafKind::kInt;
  last_int_ = v;
  if (keyed_ != 0) hash_.Int(v);
}

inline void CanonicalDecoder::Number(uint32_t at, const MarkerAt& m, std::string_view text, bool float64) {
  ++seq_;
  value_.PutNumber(at, text);
  KnownLeaf(m);
  if (float64) float64_numbers_.push_back(at);
  if (IsInfinity(text)) json_exact_ = false;
  last_ = LeafKind::kOtherNumber;
  if (keyed_ != 0) hash_.Number(text);
}

inline bool CanonicalDecoder::String(uint32_t at, const MarkerAt& m, size_t offset, size_t length) {
  std::string_view s(data_.data() + offset, length);  // the reader checked the bounds
  bool valid_utf8 = true;
  if (!ShortAscii(s, data_) && !IsNfc(s, valid_utf8)) return false;
  NfcString(at, m, offset, length, valid_utf8);
  return true;
}

inline void CanonicalDecoder::NfcString(uint32_t at, const MarkerAt& m, size_t offset, size_t length,
                                        bool valid_utf8) {
  ++seq_;
  value_.PutSourceString(at, offset, length);
  KnownLeaf(m);
  last_ = LeafKind::kString;
  last_text_ = std::string_view(data_.data() + offset, length);
  json_exact_ = json_exact_ && valid_utf8;
  if (keyed_ != 0) hash_.Quoted(last_text_);
}

// ReadLeaf's sink: the common leaves of one child, at `at` with marker `m`.
struct CanonicalDecoder::LeafSink {
  CanonicalDecoder& d;
  const TypePlan& plan;
  uint32_t at;
  const MarkerAt& m;
  __attribute__((always_inline)) void String(size_t offset, size_t length, bool valid_utf8) {
    d.NfcString(at, m, offset, length, valid_utf8);
  }
  __attribute__((always_inline)) void Int(int64_t v) { d.Int(at, m, v); }
  void Bool(bool v) { d.Bool(at, m, v); }
  void Null() { d.Null(at, m, plan); }
};

inline bool CanonicalDecoder::Child(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth) {
  if (ReadLeaf(r, plan.kind, LeafSink{*this, plan, at, m})) return true;
  // Small objects and lists skip the general dispatch.
  if (!r.at_end() && depth < 1000) {
    uint8_t c = r.PeekUnchecked();
    if (plan.kind == Type::Kind::kObject && c >= 0x80 && c <= 0x8f) return Object(r, plan, c, at, m, depth);
    if ((plan.kind == Type::Kind::kList || plan.kind == Type::Kind::kSet) && c >= 0x90 && c <= 0x9f) {
      return Array(r, plan, c, at, m, depth);
    }
  }
  return Decode(r, plan, at, m, depth);
}

inline bool CanonicalDecoder::Decode(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth) {
  if (depth > 1000 || r.at_end()) return false;
  uint8_t c = r.PeekUnchecked();
  if (IsExtCode(c)) return Unknown(r, plan, at, m);
  if (plan.kind == Type::Kind::kDynamic) return Dynamic(r, plan, at, m, depth);
  if (c == 0xc0) {
    r.Advance(1);
    Null(at, m, plan);
    return true;
  }
  switch (plan.kind) {
    case Type::Kind::kString: {
      if (!IsStrOrBin(c)) return false;
      auto [offset, length] = r.StrOrBin();
      return !r.failed() && String(at, m, offset, length);
    }
    case Type::Kind::kNumber: {
      std::string text;
      bool float64 = false;
      int64_t iv = 0;
      bool big = false;
      int form = ReadNumber(r, "number is required", text, float64, iv, big);
      if (form < 0) return false;
      if (form != 0) {
        Number(at, m, text, float64);
      } else if (big) {
        char buf[24];
        auto res = std::to_chars(buf, buf + sizeof buf, static_cast<uint64_t>(iv));
        Number(at, m, std::string_view(buf, static_cast<size_t>(res.ptr - buf)), false);
      } else {
        Int(at, m, iv);
      }
      return true;
    }
    case Type::Kind::kBool:
      if (c != 0xc2 && c != 0xc3) return false;
      r.Advance(1);
      Bool(at, m, c == 0xc3);
      return true;
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kTuple: return Array(r, plan, c, at, m, depth);
    case Type::Kind::kMap: return Map(r, plan, c, at, m, depth);
    case Type::Kind::kObject: return Object(r, plan, c, at, m, depth);
    default: return false;
  }
}

inline bool CanonicalDecoder::Unknown(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m) {
  UnknownItem item = ReadUnknown(r, plan);
  if (r.failed()) return false;
  switch (item.kind) {
    case UnknownItem::Kind::kUnknown:
      ++seq_;
      if (unify_depth_ != 0 && plan.has_dynamic) signature_.push_back(SigEntry{seq_ - 1, -1, &plan});
      value_.PutNull(at);
      UnknownMarker(m);
      if (!item.refinements.empty()) refinements_.emplace_back(at, std::move(item.refinements));
      last_ = LeafKind::kUnknown;
      if (keyed_ != 0) hash_.Push('?');
      return true;
    case UnknownItem::Kind::kNull: Null(at, m, plan); return true;
    case UnknownItem::Kind::kNumber: Number(at, m, item.number, item.float64); return true;
    case UnknownItem::Kind::kCollection: return false;
  }
  return false;
}

inline bool CanonicalDecoder::Dynamic(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth) {
  if (r.at_end()) return false;
  uint8_t c = r.PeekUnchecked();
  if (c == 0xc0) {
    r.Advance(1);
    Null(at, m, plan);
    return true;
  }
  if (!IsArrayCode(c)) return false;
  r.Byte();
  if (r.LengthAfter(c) != 2) return false;  // a failed read is 0
  if (!IsStrOrBin(r.Peek())) return false;
  auto [offset, length] = r.StrOrBin();
  if (r.failed()) return false;
  // Dynamic values in a list of blocks name the same type over and over.
  std::string_view json = data_.substr(offset, length);
  if (last_type_.plan == nullptr || json != last_type_json_) {
    TypePlans::TypeError error;
    std::optional<TypePlans::Dynamic> found = plans_.FromJson(json, error);
    if (!found) return false;
    last_type_ = *found;
    last_type_json_ = json;
  }
  const TypePlans::Dynamic type = last_type_;  // a copy: the value may hold dynamic values too
  uint32_t seq = seq_;
  if (unify_depth_ != 0) {
    // As the general decoder: a null here counts under the declared dynamic type (the
    // rarer forms are left to it).
    if (type.plan->has_dynamic || r.at_end() || IsExtCode(r.PeekUnchecked())) return false;
    if (r.PeekUnchecked() == 0xc0) signature_.push_back(SigEntry{seq, -1, &plan});
  }
  if (!Decode(r, *type.plan, at, m, depth + 1)) return false;
  if (type.plan->kind != Type::Kind::kDynamic) {
    dynamic_types_.emplace_back(at, type.slot);
    if (unify_depth_ != 0) signature_.push_back(SigEntry{seq, static_cast<int32_t>(type.slot), &plan});
  }
  return true;
}

inline bool CanonicalDecoder::Array(Reader& r, const TypePlan& plan, uint8_t c, uint32_t at, const MarkerAt& m,
                                     int depth) {
  if (!IsArrayCode(c)) return false;
  r.Byte();
  uint64_t n;
  if (!r.ArrayCount(c, n)) return false;
  bool tuple = plan.kind == Type::Kind::kTuple;
  bool set = plan.kind == Type::Kind::kSet;
  bool unify = !tuple && plan.unifies();
  if (tuple ? n != plan.elements.size() : set && unify) return false;
  if (n > r.left()) return false;  // every element takes a byte at least
  ++seq_;
  uint32_t first = value_.ReserveArray(n);
  if (value_.failed()) return false;
  value_.PutArray(at, first, n);
  uint32_t marker_first;
  if (!MarkerArray(m, n, marker_first)) return false;
  if (!set && !tuple && MayShare(r, n)) {
    if (!SharedList(r, *plan.element, n, first, marker_first, unify, depth)) return false;
    last_ = LeafKind::kNone;
    return true;
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
  size_t set_start = r.pos();
  size_t hash_begin = hash_.size();
  MarkerAt em;
  Unification u;
  if (unify) BeginUnify(u);
  for (uint64_t i = 0; i < n; ++i) {
    const TypePlan& element = tuple ? *plan.elements[i] : *plan.element;
    uint32_t k = static_cast<uint32_t>(i);
    em.slot = marker_first + 2 * k;
    if (!set) {
      if (!Element(r, element, first + 2 * k, em, depth + 1, unify, u, i)) return false;
      if (keyed_ != 0) hash_.Push(';');
      continue;
    }
    size_t start = hash_.size();
    if (n >= 2 && !KnownSetElementNext(r)) return false;
    last_ = LeafKind::kNone;
    if (!Child(r, element, first + 2 * k, em, depth + 1)) return false;
    if (owns_key_mode) {
      size_t end = hash_.size();
      if (i > 0) {
        std::string_view text = hash_.view();
        if (!(text.substr(previous_start, previous_end - previous_start) < text.substr(start, end - start))) {
          r = Reader(data_, set_start, data_.size());
          return SetOutOfOrder(r, plan, n, first, marker_first, depth, keyed, hash_begin);
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
        if (!ordered) {
          r = Reader(data_, set_start, data_.size());
          return SetOutOfOrder(r, plan, n, first, marker_first, depth, keyed, hash_begin);
        }
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
  return true;
}


__attribute__((noinline)) inline bool CanonicalDecoder::Map(Reader& r, const TypePlan& plan, uint8_t c, uint32_t at,
                                                            const MarkerAt& m, int depth) {
  if (!IsMapCode(c)) return false;
  r.Byte();
  uint64_t n;
  if (!r.MapCount(c, n)) return false;
  if (n > r.left() / 2) return false;  // every member takes two bytes at least
  ++seq_;
  bool unify = plan.unifies();
  Unification u;
  if (unify) BeginUnify(u);
  uint32_t first = value_.ReserveObject(n);
  if (value_.failed()) return false;
  value_.PutObject(at, first, n);
  size_t marker_begin = BeginMarkerObject();
  bool keyed = keyed_ != 0;
  if (keyed) hash_.Push('{');
  std::string_view previous;
  MarkerAt em;
  em.member = true;
  em.map_member = true;
  for (uint64_t i = 0; i < n; ++i) {
    if (r.at_end() || !IsStrOrBin(r.PeekUnchecked())) return false;
    auto [offset, length] = r.StrOrBin();
    if (r.failed()) return false;
    std::string_view key = data_.substr(offset, length);
    bool valid_utf8 = true;
    if (!ShortAscii(key, data_) && !IsNfc(key, valid_utf8)) return false;
    json_exact_ = json_exact_ && valid_utf8;
    if (i > 0 && !(previous < key)) return false;
    previous = key;
    uint32_t k = static_cast<uint32_t>(i);
    value_.PutKey(first + 3 * k, KeyOf(key, false));
    if (keyed) {
      hash_.Quoted(key);
      hash_.Push(':');
    }
    em.map_key = key;
    if (!Element(r, *plan.element, first + 3 * k + 1, em, depth + 1, unify, u, i)) return false;
    if (keyed) hash_.Push(';');
  }
  if (unify) EndUnify();
  if (!EndMarkerObject(m, marker_begin)) return false;
  if (keyed) hash_.Push('}');
  last_ = LeafKind::kNone;
  return true;
}

__attribute__((noinline)) inline bool CanonicalDecoder::Object(Reader& r, const TypePlan& plan, uint8_t c,
                                                               uint32_t at, const MarkerAt& m, int depth) {
  if (!IsMapCode(c)) return false;
  r.Byte();
  uint64_t n;
  if (!r.MapCount(c, n)) return false;
  const std::vector<AttributePlan>& attrs = plan.attributes;
  if (n != attrs.size()) return false;
  ++seq_;
  uint32_t first = value_.ReserveObject(n);
  if (value_.failed()) return false;
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
        return false;
      }
      r.Advance(1 + a.name.size());
    } else {
      if (r.at_end() || !IsStrOrBin(r.PeekUnchecked())) return false;
      auto [offset, length] = r.StrOrBin();
      if (r.failed() || data_.substr(offset, length) != a.name) return false;
    }
    uint32_t k = static_cast<uint32_t>(i);
    value_.PutKey(first + 3 * k, plans_.ValueKey(a));
    em.key = a.marker_key;
    if (!Child(r, *a.plan, first + 3 * k + 1, em, depth + 1)) return false;
    if (keyed) hash_.Push(';');
  }
  if (!EndMarkerObject(m, marker_begin)) return false;
  if (keyed) hash_.Push('>');
  last_ = LeafKind::kNone;
  return true;
}

inline void CanonicalDecoder::StartElement(Unification& u) {
  u.child_seq = seq_;
  u.child_sig = static_cast<uint32_t>(signature_.size());
}

inline bool CanonicalDecoder::FinishElement(Unification& u, uint64_t i) {
  uint32_t end = static_cast<uint32_t>(signature_.size());
  if (i == 0) {
    u.first_seq = u.child_seq;
    u.first_sig = u.child_sig;
    u.first_sig_end = end;
    return true;
  }
  if (end - u.child_sig != u.first_sig_end - u.first_sig) return false;
  for (uint32_t j = 0; j < end - u.child_sig; ++j) {
    const SigEntry& a = signature_[u.first_sig + j];
    const SigEntry& b = signature_[u.child_sig + j];
    if (a.slot != b.slot || a.declared != b.declared || a.seq - u.first_seq != b.seq - u.child_seq) return false;
  }
  return true;
}

// An element of a list, set or map (the `index`-th): Child, its dynamic types checked
// against the collection's first element in `u` when the collection unifies.
inline bool CanonicalDecoder::Element(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth,
                               bool unify, Unification& u, uint64_t index) {
  if (!unify) return Child(r, plan, at, m, depth);
  StartElement(u);
  return Child(r, plan, at, m, depth) && FinishElement(u, index);
}

bool CanonicalDecoder::ListElement(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth,
                                   bool unify, Unification& u, uint64_t index) {
  return Element(r, plan, at, m, depth, unify, u, index);
}

inline KeyId CanonicalDecoder::KeyOf(std::string_view key, bool marker) {
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


std::optional<WireValue> DecodeCanonicalMsgpack(std::string_view data, std::shared_ptr<const void> owner,
                                                const Type& type, base::Executor* executor, size_t share_min_bytes,
                                                uint64_t* shared) {
  CanonicalDecoder decoder(data, std::move(owner), executor, share_min_bytes, data.size());
  std::optional<WireValue> wv = decoder.Run(type);
  if (wv && shared != nullptr) *shared = decoder.shared_elements();
  return wv;
}

}  // namespace planview::wire::internal
