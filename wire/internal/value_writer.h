// The decoders' single output stage: values arrive once, in input order, already checked
// against their type, and go straight into the WireValue's two documents (the value and
// the unknown-marker tree) and its side tables. No intermediate tree is kept.
//
// What cty normalises is fixed up as containers close, only where needed:
// - object attributes and map keys out of order are put in order (duplicate map keys: the
//   last one wins), by reordering the closed container's children in place;
// - sets are put in cty's order and deduplicated (see set_order.h). Elements of sets of
//   anything but strings, numbers and bools are compared by hash and exact key texts,
//   written while their values pass ("key mode");
// - lists, sets and maps whose element type has `dynamic` in it must have one element
//   type: elements whose dynamic types and nulls sit at the same places with the same types
//   agree; when they do not, the check (and giving untyped nulls and unknowns the common
//   type) is done on the finished documents.
//
// Side-table entries wait in their container until it closes and says where its children
// went (DocumentBuilder::Placement); since containers land in the document in closing
// order, the tables come out sorted by node index.
//
// Plain values (no set, reordering, key mode or unification around them) take inline fast
// paths; everything else is out of line.
#ifndef PLANVIEW_WIRE_INTERNAL_VALUE_WRITER_H_
#define PLANVIEW_WIRE_INTERNAL_VALUE_WRITER_H_

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "structured/document_builder.h"
#include "wire/internal/set_order.h"
#include "wire/internal/type_plan.h"
#include "wire/refinements.h"
#include "wire/wire_error.h"
#include "wire/wire_value.h"

namespace planview::wire::internal {

using structured::DocumentBuilder;
using structured::Type;

class ValueWriter {
 public:
  // `source` is the decoded input (strings inside it are not copied), kept alive by
  // `owner`; `values_hint` guesses the number of values.
  ValueWriter(std::string_view source, std::shared_ptr<const void> owner, size_t values_hint);
  ValueWriter(const ValueWriter&) = delete;
  ValueWriter& operator=(const ValueWriter&) = delete;

  TypePlans& plans() { return plans_; }
  // The JSON decoder's rule: every list, set and map with dynamic in its element type gets
  // the full check, and all its elements take the common type.
  void CheckAllDynamicCollections() { check_all_ = true; }
  // The number of values added so far (a value's number, taken before adding it, tells
  // values apart within a decode).
  uint32_t seq() const { return seq_; }

  // Leaves.
  void Null() {
    ++seq_;
    value_.Null();
    KnownLeafMarker();
    if (extra_ != 0) LeafExtras(SetLeaf::kNull, {}, 0);
  }
  void Unknown(Refinements refinements);
  void Bool(bool v) {
    ++seq_;
    value_.Bool(v);
    KnownLeafMarker();
    if (extra_ & (kKeyMode | kSetParent)) LeafExtras(v ? SetLeaf::kTrue : SetLeaf::kFalse, {}, 0);
  }
  void Int(int64_t v);
  void Uint(uint64_t v);
  // Canonical number text; `float64`: held as float64 (a msgpack float).
  void Number(std::string_view canonical, bool float64);
  // NFC text; not copied when it lies inside the source.
  void String(std::string_view text) {
    ++seq_;
    if (InSource(text)) {
      value_.SourceString(static_cast<size_t>(text.data() - source_.data()), text.size());
    } else {
      value_.String(text);
    }
    KnownLeafMarker();
    if (extra_ & (kKeyMode | kSetParent)) LeafExtras(SetLeaf::kString, text, 0);
  }

  // Containers: Begin, then per child Element() (arrays) or Attribute()/MapKey() (objects,
  // maps) followed by the child's value, then End. `plan` is the container's type.
  void BeginArray(const TypePlan& plan) {
    BeginContainer(plan, plan.kind == Type::Kind::kSet     ? FrameKind::kSet
                         : plan.kind == Type::Kind::kTuple ? FrameKind::kTuple
                                                           : FrameKind::kList);
  }
  void Element() {
    Frame& f = frames_.back();
    if (f.slow) {
      ElementSlow(f);
    } else {
      ++f.count;
    }
  }
  // Both return true when the collection's elements need the deferred type check (see
  // DeferUnify).
  bool EndArray() { return EndContainer(true); }
  void BeginObject(const TypePlan& plan) {
    BeginContainer(plan, plan.kind == Type::Kind::kObject ? FrameKind::kObject : FrameKind::kMap);
  }
  // Object member: the attribute's position in the type.
  void Attribute(uint32_t index) {
    Frame& f = frames_.back();
    if (f.slow || index != f.count) {
      AttributeSlow(f, index);
    } else {
      ++f.count;
    }
    f.attribute = index;
    value_.Key(plans_.ValueKey(f.plan->attributes[index]));
  }
  // Map member: the key, NFC.
  void MapKey(std::string_view key);
  bool EndObject() { return EndContainer(false); }

  // The value just added is at a dynamic position and has this runtime type; `seq` is the
  // number it was added under.
  void Typed(uint32_t slot, uint32_t seq);
  // The collection just closed (End returned true) gets its elements' types checked on the
  // finished documents; a failure is reported as `message_prefix` + "elements must all have
  // the same type: A and B" at `path` and `offset`.
  void DeferUnify(const TypePlan& plan, std::vector<PathStep> path, size_t offset, std::string message_prefix);

  // The finished value (exactly one top-level value must have been added), or the error of
  // a deferred check.
  struct Result {
    std::optional<WireValue> value;
    std::optional<WireError> error;
  };
  Result Finish();

 private:
  enum class FrameKind : uint8_t { kRoot, kList, kTuple, kSet, kObject, kMap };
  enum class EntryKind : uint8_t { kRefinement, kType, kFloat64, kUnify };

  // An open container. Containers with something to fix up also have a Special.
  struct Frame {
    const TypePlan* plan = nullptr;
    uint32_t count = 0;         // children started
    uint32_t marker_count = 0;  // members of the marker object
    uint32_t attribute = 0;     // object: the current member's attribute
    uint32_t entries = 0;       // pending_ index of the first entry of a direct child
    uint32_t special = kNone;   // index into specials_
    FrameKind kind = FrameKind::kRoot;
    bool marker_array = true;   // children's known leaves are `false` in the marker tree
    bool slow = false;          // children take the out-of-line paths
  };
  static constexpr uint32_t kNone = UINT32_MAX;
  struct Special {
    bool keyed = false;         // this container writes key text (it is inside key mode)
    bool owns_key_mode = false; // a set whose elements are compared by key text
    bool unify = false;         // element type has dynamic in it
    bool mismatch = false;      // unify: elements' dynamic layouts differ
    bool reorder = false;       // object/map members arrived out of order
    bool in_order = true;       // set: elements so far are in cty's order, nothing to drop
    bool checked_here = false;  // set: the current element's order was checked by its leaf
    Type::Kind element_kind = Type::Kind::kDynamic;  // set: how elements compare
    // Records: the first child that has one, and its index in records_. Objects get
    // records from their first member out of order on; maps and sets always.
    uint32_t first_record = kNone;
    uint32_t records = 0;
    uint32_t marker_prefix = 0;  // members of the marker object before the first record
    uint32_t scratch = 0;        // scratch_ size when the container began
    uint32_t hash = 0;           // where this container's key text starts
    uint32_t exact = 0;
    // unify: the first element's and the current element's number and signature start.
    uint32_t first_seq = 0, first_sig = 0, first_sig_end = 0, child_seq = 0, child_sig = 0;
  };
  // Per child of an object (from its first member out of order on), map or set.
  struct ChildRecord {
    uint32_t key = 0;         // object: attribute; map/set: text offset in source or scratch
    uint32_t length = 0;      // map key / set element text length
    int32_t marker = -1;      // object/map: member position in the marker object
    uint32_t resolved = 0;    // resolved_.size() when the child started
    uint32_t hash = 0;        // key mode: where the child's key text starts
    uint32_t exact = 0;
    uint32_t unknowns = 0;    // set: unknowns_ when the child started
    int32_t type_slot = -1;   // set: the element's runtime type, when dynamic
    int64_t number = 0;       // set: integer element
    SetLeaf leaf = SetLeaf::kContainer;
    bool in_scratch = false;  // text is in scratch_ rather than the source
  };
  struct PendingEntry {
    uint32_t position;  // child position in the open container
    EntryKind kind;
    uint32_t payload;
  };
  struct ResolvedEntry {
    uint32_t index;  // node index in the value document
    EntryKind kind;
    uint32_t payload;
  };
  // What decides an element's runtime type: the types of its dynamic values and where it
  // has nulls and unknowns that could hide one, by value number (relative to the
  // element's) and declared type.
  struct SigEntry {
    uint32_t seq;
    int32_t slot;  // -1: a null or unknown
    const TypePlan* declared;
  };
  struct UnifyTask {
    const TypePlan* plan;
    std::vector<PathStep> path;
    size_t offset;
    std::string prefix;
    // When the children moved: in input order, each child's final position, or -1 and the
    // type slot (-1: none) of a null dropped as a duplicate.
    std::vector<std::pair<int32_t, int32_t>> input_order;
    bool retype_all = false;
  };

  enum Extra : uint8_t { kKeyMode = 1, kSignature = 2, kSetParent = 4 };

  bool InSource(std::string_view text) const {
    return text.data() >= source_.data() && text.data() + text.size() <= source_.data() + source_.size();
  }
  void KnownLeafMarker() {
    if (frames_.back().marker_array) marker_.Bool(false);
  }
  // The key of the current member in the marker object, before its marker.
  void MarkerKey() {
    Frame& f = frames_.back();
    if (f.marker_array) return;
    if (!f.slow) {
      marker_.Key(f.plan->attributes[f.attribute].marker_key);
      ++f.marker_count;
      return;
    }
    MarkerKeySlow(f);
  }
  void AddEntry(EntryKind kind, uint32_t payload) {
    pending_.push_back(PendingEntry{frames_.back().count - 1, kind, payload});
  }
  // The declared type of the open container's current child (nullptr at the top).
  static const TypePlan* ChildPlan(const Frame& f) {
    switch (f.kind) {
      case FrameKind::kRoot: return nullptr;
      case FrameKind::kTuple: return f.plan->elements[f.count - 1];
      case FrameKind::kObject: return f.plan->attributes[f.attribute].plan;
      default: return f.plan->element;
    }
  }
  uint32_t Hash() const { return static_cast<uint32_t>(hash_.size()); }
  uint32_t Exact() const { return static_cast<uint32_t>(exact_.size()); }
  void UpdateExtra() {
    extra_ = static_cast<uint8_t>((key_depth_ != 0 ? kKeyMode : 0) | (unify_depth_ != 0 ? kSignature : 0) |
                                  (frames_.back().kind == FrameKind::kSet ? kSetParent : 0));
  }

  void BeginContainer(const TypePlan& plan, FrameKind kind) {
    ++seq_;
    MarkerKey();
    bool array = kind == FrameKind::kList || kind == FrameKind::kTuple || kind == FrameKind::kSet;
    if (array) {
      value_.BeginArray();
      marker_.BeginArray();
    } else {
      value_.BeginObject();
      marker_.BeginObject();
    }
    Frame& f = frames_.emplace_back();
    f.plan = &plan;
    f.entries = static_cast<uint32_t>(pending_.size());
    f.kind = kind;
    f.marker_array = array;
    if ((extra_ & (kKeyMode | kSetParent)) != 0 || kind == FrameKind::kSet || kind == FrameKind::kMap ||
        plan.unifies()) {
      BeginSpecial(f);
    }
  }
  bool EndContainer(bool array) {
    Frame& f = frames_.back();
    if (f.special != kNone) return EndSpecial(f);
    DocumentBuilder::Placement placement = array ? value_.EndArray() : value_.EndObject();
    if (array) {
      marker_.EndArray();
    } else {
      marker_.EndObject();
    }
    if (pending_.size() != f.entries) Resolve(f, placement, nullptr);
    frames_.pop_back();
    return false;
  }

  template <typename T>
  void Integer(T v, SetLeaf leaf);
  void LeafExtras(SetLeaf leaf, std::string_view text, int64_t number);
  Special& NewSpecial(Frame& f);
  void BeginSpecial(Frame& f);
  void ElementSlow(Frame& f);
  void AttributeSlow(Frame& f, uint32_t index);
  void MarkerKeySlow(Frame& f);
  ChildRecord& StartRecord();
  void StartUnifyChild(Frame& f, Special& s);
  void FinishChild(Frame& f, Special& s);
  bool EndSpecial(Frame& f);
  // A set element; `current`: the element still being written (no ';' after its key text).
  SetElementView ViewOf(const Frame& f, const Special& s, uint32_t position, bool current) const;
  void OrderSet(Frame& f, Special& s, std::vector<uint32_t>& order, bool& identity);
  void OrderMembers(Frame& f, Special& s, std::vector<uint32_t>& order);
  void Resolve(Frame& f, DocumentBuilder::Placement placement, const std::vector<uint32_t>* order);
  void RewriteKeyText(const Frame& f, const Special& s, const std::vector<uint32_t>& order, char close);
  std::string_view RecordText(const ChildRecord& r) const {
    return r.in_scratch ? std::string_view(scratch_).substr(r.key, r.length) : source_.substr(r.key, r.length);
  }
  ChildRecord& Record(const Special& s, uint32_t position) {
    return records_[s.records + (position - s.first_record)];
  }
  const ChildRecord& Record(const Special& s, uint32_t position) const {
    return records_[s.records + (position - s.first_record)];
  }

  std::string_view source_;
  DocumentBuilder value_;
  DocumentBuilder marker_;
  TypePlans plans_;
  std::vector<Frame> frames_;
  std::vector<Special> specials_;
  std::vector<ChildRecord> records_;
  std::vector<PendingEntry> pending_;
  std::vector<ResolvedEntry> resolved_;
  std::vector<Refinements> refinements_;
  std::vector<UnifyTask> tasks_;
  std::vector<SigEntry> signature_;
  std::string scratch_;  // map keys and set element texts not in the source
  std::string hash_;     // key mode: hash key text (go-cty's set order)
  std::string exact_;    // key mode: exact key text (set element equality)
  uint32_t seq_ = 0;
  uint32_t unknowns_ = 0;
  uint32_t key_depth_ = 0;     // open sets whose elements are compared by key text
  uint32_t unify_depth_ = 0;   // open frames with `unify`
  uint8_t extra_ = 0;          // Extra bits: what leaves must do beyond the documents
  bool check_all_ = false;     // see CheckAllDynamicCollections
  std::vector<uint32_t> order_scratch_;
  std::vector<std::pair<int32_t, int32_t>> last_input_order_;  // UnifyTask::input_order of the last close
  std::vector<uint32_t> marker_order_scratch_;
  std::vector<SetElementView> set_scratch_;

  // Map keys repeat (the same few keys in every element of a list of maps): each text is
  // stored once per document. Only keys inside the source are cached (their text stays put).
  struct CachedKey {
    std::string_view text;
    DocumentBuilder::KeyId value{};
    DocumentBuilder::KeyId marker{};
    bool has_value = false;
    bool has_marker = false;
  };
  static constexpr size_t kKeyCacheSize = 64;
  DocumentBuilder::KeyId KeyOf(std::string_view key, bool marker);
  std::array<CachedKey, kKeyCacheSize> key_cache_;
};

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_VALUE_WRITER_H_
