// The canonical fast path's decoder (canonical_decode.h says what it accepts): one pass
// over the MessagePack bytes that writes the value document and the unknown-marker document
// in place, with the side tables a WireValue carries. canonical_decode.cc has the walk
// (leaves, containers, markers, dynamic values, set order); canonical_list_sharing.cc lets
// a task on the executor decode the back half of a long list of blocks.
//
// The walk's member functions are defined `inline` in canonical_decode.cc, so that they
// inline into each other; canonical_list_sharing.cc decodes elements through ListElement.
//
// Anything not in canonical form, or any error, makes it give up: the walk's functions
// return false at once, up to Run, and the caller then runs the general decoder on the
// same bytes.
#ifndef PLANVIEW_WIRE_INTERNAL_CANONICAL_DECODER_H_
#define PLANVIEW_WIRE_INTERNAL_CANONICAL_DECODER_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/executor.h"
#include "structured/cty_type.h"
#include "structured/json_value.h"
#include "wire/internal/hash_text.h"
#include "wire/internal/msgpack_reader.h"
#include "wire/internal/type_plan.h"
#include "wire/refinements.h"
#include "wire/wire_value.h"

namespace planview::wire::internal {

using structured::DocumentBuilder;
using structured::Type;

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

// The last leaf written, for comparing the elements of sets of strings, numbers and bools.
enum class LeafKind : uint8_t { kNone, kNull, kUnknown, kFalse, kTrue, kInt, kOtherNumber, kString };

class CanonicalDecoder {
 public:
  // `share_min_bytes`: lists with at least this many bytes are shared with a helper of
  // `executor` (null, or SIZE_MAX: never). `expected_bytes`: how much of `data` this
  // decoder will read.
  CanonicalDecoder(std::string_view data, std::shared_ptr<const void> owner, base::Executor* executor,
                   size_t share_min_bytes, size_t expected_bytes);

  // Elements of shared lists that a helper decoded.
  uint64_t shared_elements() const { return shared_elements_; }

  // The value of type `type` that the data holds; nullopt when it gives up.
  std::optional<WireValue> Run(const Type& type);

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
  __attribute__((always_inline)) void KnownLeaf(const MarkerAt& m);
  void UnknownMarker(const MarkerAt& m);
  // A marker array of `count` slots, its head placed; `first`: its first slot (false:
  // give up).
  bool MarkerArray(const MarkerAt& m, size_t count, uint32_t& first);
  size_t BeginMarkerObject() const { return marker_members_.size(); }
  __attribute__((always_inline)) bool EndMarkerObject(const MarkerAt& m, size_t begin);

  // Leaves.
  void Null(uint32_t at, const MarkerAt& m, const TypePlan& declared);
  void Bool(uint32_t at, const MarkerAt& m, bool v);
  __attribute__((always_inline)) void Int(uint32_t at, const MarkerAt& m, int64_t v);
  // Canonical number text.
  void Number(uint32_t at, const MarkerAt& m, std::string_view text, bool float64);
  // A string of the input: gives up unless it is NFC.
  __attribute__((always_inline)) bool String(uint32_t at, const MarkerAt& m, size_t offset, size_t length);
  // A string of the input known to be NFC (and whether it is valid UTF-8).
  __attribute__((always_inline)) void NfcString(uint32_t at, const MarkerAt& m, size_t offset, size_t length,
                                                bool valid_utf8);
  struct LeafSink;

  // Values (false: give up). Child tries the common leaves and small containers first,
  // then Decode.
  __attribute__((always_inline)) bool Child(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m,
                                            int depth);
  bool Decode(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth);
  bool Unknown(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m);
  // `plan`: the declared dynamic.
  bool Dynamic(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth);
  // Lists, sets and tuples.
  bool Array(Reader& r, const TypePlan& plan, uint8_t c, uint32_t at, const MarkerAt& m, int depth);
  // Before an element of a set of two or more: false when a null or an unknown (or the
  // end) comes next. They have their own places in a set's order: the general decoder's.
  static bool KnownSetElementNext(const Reader& r) {
    if (r.at_end()) return false;
    uint8_t e = r.PeekUnchecked();
    return e != 0xc0 && !IsExtCode(e);
  }
  // A set's `n` elements out of order, decoded again from `r` (back at its first element;
  // readers end where data_ does) into the slots from `first`
  // and `marker_first`, then sorted (false: give up).
  bool SetOutOfOrder(Reader& r, const TypePlan& plan, uint64_t n, uint32_t first, uint32_t marker_first, int depth,
                     bool keyed, size_t hash_begin);
  bool Map(Reader& r, const TypePlan& plan, uint8_t c, uint32_t at, const MarkerAt& m, int depth);
  bool Object(Reader& r, const TypePlan& plan, uint8_t c, uint32_t at, const MarkerAt& m, int depth);

  // Lists and maps whose element type has `dynamic` in it: every element must have its
  // dynamic values' types, and its nulls and unknowns that could hide one, at the same
  // places as the first element (ValueWriter's signature check, which needs nothing more
  // then); otherwise the general decoder unifies them.
  struct Unification {
    uint32_t first_seq = 0, first_sig = 0, first_sig_end = 0, child_seq = 0, child_sig = 0;
  };
  void BeginUnify(Unification&) { ++unify_depth_; }
  void StartElement(Unification& u);
  bool FinishElement(Unification& u, uint64_t i);
  void EndUnify() {
    if (--unify_depth_ == 0) signature_.clear();
  }

  // An element of a list, set or map (the `index`-th): Child, its dynamic types checked
  // against the collection's first element in `u` when the collection unifies.
  __attribute__((always_inline)) bool Element(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m,
                                              int depth, bool unify, Unification& u, uint64_t index);
  // The same, not inlined: for canonical_list_sharing.cc.
  bool ListElement(Reader& r, const TypePlan& plan, uint32_t at, const MarkerAt& m, int depth, bool unify,
                   Unification& u, uint64_t index);

  // Long lists of blocks shared with a helper (canonical_list_sharing.cc).
  struct Helper;
  struct Snapshot;
  // Whether the list of `n` elements that `r` is at is worth sharing.
  bool MayShare(const Reader& r, uint64_t n) const;
  // Decodes the list's `n` elements of type `element` into the slots from `first` (value
  // document) and `marker_first` (marker document), with a helper (false: give up).
  bool SharedList(Reader& r, const TypePlan& element, uint64_t n, uint32_t first, uint32_t marker_first, bool unify,
                  int depth);
  void RunHelper(Helper& h, const Type& element_type, bool unify, int depth);
  void DecodeFrom(Helper& h, const Type& element_type, bool unify, int depth);
  Snapshot Snap(size_t pos) const;
  bool TakeHelperShare(Reader& r, Helper& h, uint32_t first, uint64_t n, uint32_t value_first, uint32_t marker_first,
                       const Unification* u);

  // A set element's place in cty's order: its leaf (strings, integers, bools), or for
  // other elements (leaf kNone) its hash text, hash_[hash_start, hash_end).
  struct SetKey {
    LeafKind leaf;
    std::string_view text;
    int64_t number;
    size_t hash_start;
    size_t hash_end;
  };
  // <0, 0, >0 as `a` comes before, is equal to, or comes after `b` in a set.
  int CompareSetKeys(const SetKey& a, const SetKey& b) const;
  // Puts the set whose keys are set_keys_ from `keys_begin` on in order (false: give up).
  bool SortSet(size_t keys_begin, uint32_t first, uint32_t marker_first, bool rewrite_hash, size_t hash_begin);

  // Map keys repeat: each text is stored once per document (as ValueWriter does).
  KeyId KeyOf(std::string_view key, bool marker);

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
  base::Executor* executor_;
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
    __attribute__((always_inline)) void push_back(const MarkerMember& m) {
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
  std::vector<SetKey> set_keys_;  // the keys of the elements of the open sets
  LeafKind last_ = LeafKind::kNone;
  // Every string and map key so far valid UTF-8, and no number an infinity (WireValue's
  // json_exact, with the attribute names of plans_).
  bool json_exact_ = true;
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

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_CANONICAL_DECODER_H_
