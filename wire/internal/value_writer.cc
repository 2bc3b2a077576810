#include "wire/internal/value_writer.h"

#include <algorithm>
#include <charconv>
#include <type_traits>
#include <utility>

#include "structured/go_text.h"
#include "wire/internal/unify.h"
#include "wire/number.h"

namespace planview::wire::internal {

using structured::Document;
using structured::DocumentBuilder;
using structured::Type;
using structured::Value;

ValueWriter::ValueWriter(std::string_view source, std::shared_ptr<const void> owner, size_t values_hint)
    : source_(source), value_(source, std::move(owner)), plans_(value_, marker_) {
  // Both documents reserved up front: growing them later copies what they hold (and
  // touches its memory twice); pages reserved but never written cost nothing.
  value_.Reserve(values_hint);
  marker_.Reserve(values_hint);
  frames_.reserve(64);
  frames_.emplace_back().count = 1;  // the top-level value is child 0
}

void ValueWriter::Unknown(Refinements refinements) {
  ++seq_;
  value_.Null();
  MarkerKey();
  marker_.Bool(true);
  ++unknowns_;
  if (!refinements.empty()) {
    refinements_.push_back(std::move(refinements));
    AddEntry(EntryKind::kRefinement, static_cast<uint32_t>(refinements_.size() - 1));
  }
  if (extra_ != 0) LeafExtras(SetLeaf::kUnknown, {}, 0);
}

template <typename T>
void ValueWriter::Integer(T v, SetLeaf leaf) {
  ++seq_;
  if constexpr (std::is_same_v<T, int64_t>) {
    value_.Integer(v);  // repeated values share their text
  } else {
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    value_.Number(std::string_view(buf, static_cast<size_t>(res.ptr - buf)));
  }
  KnownLeafMarker();
  if (extra_ & (kKeyMode | kSetParent)) LeafExtras(leaf, {}, static_cast<int64_t>(v));
}

void ValueWriter::Int(int64_t v) { Integer(v, SetLeaf::kInt); }
void ValueWriter::Uint(uint64_t v) { Integer(v, SetLeaf::kUint); }

void ValueWriter::Number(std::string_view canonical, bool float64) {
  ++seq_;
  value_.Number(canonical);
  KnownLeafMarker();
  if (float64) AddEntry(EntryKind::kFloat64, 0);
  if (extra_ & (kKeyMode | kSetParent)) LeafExtras(SetLeaf::kNumber, canonical, 0);
}

void ValueWriter::LeafExtras(SetLeaf leaf, std::string_view text, int64_t number) {
  Frame& f = frames_.back();
  if ((extra_ & kSignature) && (leaf == SetLeaf::kNull || leaf == SetLeaf::kUnknown)) {
    const TypePlan* declared = ChildPlan(f);
    if (declared != nullptr && declared->has_dynamic) signature_.push_back(SigEntry{seq_ - 1, -1, declared});
  }
  if (extra_ & kKeyMode) {
    switch (leaf) {
      case SetLeaf::kNull: hash_ += '~'; break;
      case SetLeaf::kUnknown: hash_ += '?'; break;
      case SetLeaf::kTrue: hash_ += 'T'; break;
      case SetLeaf::kFalse: hash_ += 'F'; break;
      case SetLeaf::kInt:
        AppendHashInt(hash_, number);
        AppendExactInt(exact_, number);
        break;
      case SetLeaf::kUint: {
        std::string t = FormatUint64(static_cast<uint64_t>(number));
        AppendHashNumber(hash_, t);
        AppendExactNumber(exact_, t);
        break;
      }
      case SetLeaf::kNumber:
        AppendHashNumber(hash_, text);
        AppendExactNumber(exact_, text);
        break;
      case SetLeaf::kString: structured::AppendGoQuoted(hash_, text); break;
      case SetLeaf::kContainer: break;
    }
  }
  if (extra_ & kSetParent) {
    Special& s = specials_[f.special];
    ChildRecord& r = Record(s, f.count - 1);
    r.leaf = leaf;
    r.number = number;
    if (leaf == SetLeaf::kString || leaf == SetLeaf::kNumber) {
      if (leaf == SetLeaf::kString && InSource(text)) {
        r.key = static_cast<uint32_t>(text.data() - source_.data());
      } else {
        r.key = static_cast<uint32_t>(scratch_.size());
        r.in_scratch = true;
        scratch_ += text;
      }
      r.length = static_cast<uint32_t>(text.size());
    }
    // Strings and integers in order need no views: compare with the previous element here.
    if (f.count >= 2 && s.in_order && !s.owns_key_mode && !s.checked_here) {
      const ChildRecord& p = Record(s, f.count - 2);
      if (leaf == SetLeaf::kString && p.leaf == SetLeaf::kString && s.element_kind == Type::Kind::kString) {
        s.in_order = RecordText(p) < RecordText(r);
        s.checked_here = true;
      } else if (leaf == SetLeaf::kInt && p.leaf == SetLeaf::kInt && s.element_kind == Type::Kind::kNumber) {
        s.in_order = p.number < r.number;
        s.checked_here = true;
      }
    }
  }
}

ValueWriter::Special& ValueWriter::NewSpecial(Frame& f) {
  f.special = static_cast<uint32_t>(specials_.size());
  f.slow = true;
  Special& s = specials_.emplace_back();
  s.records = static_cast<uint32_t>(records_.size());
  s.scratch = static_cast<uint32_t>(scratch_.size());
  s.hash = Hash();
  s.exact = Exact();
  return s;
}

void ValueWriter::BeginSpecial(Frame& f) {
  Special& s = NewSpecial(f);
  s.keyed = key_depth_ != 0;
  if (s.keyed) hash_ += f.kind == FrameKind::kList || f.kind == FrameKind::kSet ? '[' : (f.kind == FrameKind::kMap ? '{' : '<');
  s.unify = f.plan->unifies();
  if (s.unify) ++unify_depth_;
  s.mismatch = s.unify && check_all_;
  if (f.kind == FrameKind::kSet || f.kind == FrameKind::kMap) s.first_record = 0;
  if (f.kind == FrameKind::kSet) {
    s.element_kind = f.plan->element->kind;
    if (!f.plan->primitive_set()) {
      s.owns_key_mode = true;
      ++key_depth_;
    }
  }
  UpdateExtra();
}

ValueWriter::ChildRecord& ValueWriter::StartRecord() {
  ChildRecord& r = records_.emplace_back();
  r.resolved = static_cast<uint32_t>(resolved_.size());
  r.hash = Hash();
  r.exact = Exact();
  r.unknowns = unknowns_;
  return r;
}

void ValueWriter::ElementSlow(Frame& f) {
  Special& s = specials_[f.special];
  if (f.count != 0) FinishChild(f, s);
  ++f.count;
  if (f.kind == FrameKind::kSet) StartRecord();
  if (s.unify) StartUnifyChild(f, s);
}

void ValueWriter::AttributeSlow(Frame& f, uint32_t index) {
  if (f.special != kNone) {
    Special& s = specials_[f.special];
    if (f.count != 0) FinishChild(f, s);
  }
  if (index != f.count) {
    Special& s = f.special == kNone ? NewSpecial(f) : specials_[f.special];
    if (!s.reorder) {
      // Members before this one are attributes 0..count-1 in order: they stay first.
      s.reorder = true;
      s.first_record = f.count;
      s.records = static_cast<uint32_t>(records_.size());
      s.marker_prefix = f.marker_count;
    }
  }
  ++f.count;
  if (f.special != kNone && specials_[f.special].first_record != kNone) StartRecord().key = index;
}

void ValueWriter::MarkerKeySlow(Frame& f) {
  Special& s = specials_[f.special];
  uint32_t position = f.count - 1;
  bool recorded = s.first_record != kNone && position >= s.first_record;
  if (f.kind == FrameKind::kObject) {
    marker_.Key(f.plan->attributes[f.attribute].marker_key);
  } else {
    marker_.Key(KeyOf(RecordText(Record(s, position)), true));
  }
  if (recorded) Record(s, position).marker = static_cast<int32_t>(f.marker_count);
  ++f.marker_count;
}

void ValueWriter::StartUnifyChild(Frame& f, Special& s) {
  s.child_seq = seq_;
  s.child_sig = static_cast<uint32_t>(signature_.size());
  if (f.count == 1) {
    s.first_seq = seq_;
    s.first_sig = s.child_sig;
  }
}

SetElementView ValueWriter::ViewOf(const Frame& f, const Special& s, uint32_t position, bool current) const {
  const ChildRecord& r = Record(s, position);
  bool last = position + 1 == f.count;
  SetElementView v;
  v.leaf = r.leaf;
  v.number = r.number;
  v.text = (r.leaf == SetLeaf::kString || r.leaf == SetLeaf::kNumber) ? RecordText(r) : std::string_view();
  v.has_unknown = (last ? unknowns_ : Record(s, position + 1).unknowns) != r.unknowns;
  if (key_depth_ != 0) {
    // A finished element's key text is followed by ';'.
    uint32_t hash_end = last ? Hash() - (current ? 0 : 1) : Record(s, position + 1).hash - 1;
    uint32_t exact_end = last ? Exact() : Record(s, position + 1).exact;
    v.hash = std::string_view(hash_).substr(r.hash, hash_end - r.hash);
    v.exact = std::string_view(exact_).substr(r.exact, exact_end - r.exact);
  }
  return v;
}

void ValueWriter::FinishChild(Frame& f, Special& s) {
  if (s.unify && !s.mismatch) {
    uint32_t end = static_cast<uint32_t>(signature_.size());
    if (f.count == 1) {
      s.first_sig_end = end;
    } else if (end - s.child_sig != s.first_sig_end - s.first_sig) {
      s.mismatch = true;
    } else {
      for (uint32_t i = 0; i < end - s.child_sig; ++i) {
        const SigEntry& a = signature_[s.first_sig + i];
        const SigEntry& b = signature_[s.child_sig + i];
        if (a.slot != b.slot || a.declared != b.declared || a.seq - s.first_seq != b.seq - s.child_seq) {
          s.mismatch = true;
          break;
        }
      }
    }
  }
  // Sets check their order as elements arrive (go-cty's writes them in order), unless the
  // element's leaf did already.
  if (f.kind == FrameKind::kSet && s.in_order && f.count >= 2 && s.element_kind != Type::Kind::kDynamic &&
      !s.checked_here) {
    s.in_order = InSetOrder(ViewOf(f, s, f.count - 2, false), ViewOf(f, s, f.count - 1, true), s.element_kind);
  }
  s.checked_here = false;
  if (key_depth_ != 0) hash_ += ';';
}

void ValueWriter::MapKey(std::string_view key) {
  Frame& f = frames_.back();
  Special& s = specials_[f.special];
  if (f.count != 0) {
    FinishChild(f, s);
    if (!s.reorder && !(RecordText(records_.back()) < key)) s.reorder = true;
  }
  ++f.count;
  ChildRecord& r = StartRecord();
  r.length = static_cast<uint32_t>(key.size());
  if (InSource(key)) {
    r.key = static_cast<uint32_t>(key.data() - source_.data());
  } else {
    r.key = static_cast<uint32_t>(scratch_.size());
    r.in_scratch = true;
    scratch_ += key;
  }
  value_.Key(KeyOf(key, false));
  if (key_depth_ != 0) {
    structured::AppendGoQuoted(hash_, key);
    hash_ += ':';
  }
  if (s.unify) StartUnifyChild(f, s);
}

DocumentBuilder::KeyId ValueWriter::KeyOf(std::string_view key, bool marker) {
  DocumentBuilder& builder = marker ? marker_ : value_;
  if (!InSource(key) || key.empty()) return builder.StoreKey(key);
  uint32_t mix = static_cast<uint32_t>(key.size()) ^ static_cast<uint32_t>(static_cast<uint8_t>(key.front())) << 8 ^
                 static_cast<uint32_t>(static_cast<uint8_t>(key[key.size() / 2])) << 16 ^
                 static_cast<uint32_t>(static_cast<uint8_t>(key.back())) << 24;
  static_assert(kKeyCacheSize == 64);
  size_t slot = (mix * 0x9e3779b1u) >> 26;
  CachedKey& c = key_cache_[slot];
  if (c.text != key) {
    c = CachedKey{};
    c.text = key;
  }
  bool& has = marker ? c.has_marker : c.has_value;
  DocumentBuilder::KeyId& id = marker ? c.marker : c.value;
  if (!has) {
    id = builder.StoreKey(key);
    has = true;
  }
  return id;
}

void ValueWriter::Typed(uint32_t slot, uint32_t seq) {
  AddEntry(EntryKind::kType, slot);
  Frame& f = frames_.back();
  if (extra_ & kSignature) signature_.push_back(SigEntry{seq, static_cast<int32_t>(slot), ChildPlan(f)});
  if (f.kind == FrameKind::kSet) Record(specials_[f.special], f.count - 1).type_slot = static_cast<int32_t>(slot);
}

void ValueWriter::DeferUnify(const TypePlan& plan, std::vector<PathStep> path, size_t offset, std::string prefix) {
  tasks_.push_back(
      UnifyTask{&plan, std::move(path), offset, std::move(prefix), std::move(last_input_order_), check_all_});
  last_input_order_.clear();
  AddEntry(EntryKind::kUnify, static_cast<uint32_t>(tasks_.size() - 1));
}

namespace {

// Fills in the values of the containers whose node indices `found` lists (sorted).
void FindContainers(Value v, std::vector<std::pair<uint32_t, Value>>& found) {
  bool array = v.is_array();
  if (!array && !v.is_object()) return;
  auto it = std::lower_bound(found.begin(), found.end(), v.index(),
                             [](const std::pair<uint32_t, Value>& e, uint32_t i) { return e.first < i; });
  if (it != found.end() && it->first == v.index()) it->second = v;
  for (size_t i = 0; i < v.size(); ++i) FindContainers(array ? v.at(i) : v.member(i).value, found);
}

}  // namespace

ValueWriter::Result ValueWriter::Finish() {
  Result result;
  for (const DocumentBuilder* builder : {&value_, &marker_}) {
    if (builder->failed()) {
      // Past a document's capacity (a value of gigabytes): no offset is known.
      result.error = WireError{{}, 0, false, builder->error()};
      return result;
    }
  }
  std::shared_ptr<const Document> value = value_.Finish();
  std::shared_ptr<const Document> marker = marker_.Finish();
  uint32_t root = value->root().index();
  for (const PendingEntry& e : pending_) resolved_.push_back(ResolvedEntry{root, e.kind, e.payload});
  pending_.clear();
  WireValue wv;
  wv.value = std::move(value);
  wv.unknown = std::move(marker);
  std::vector<std::pair<uint32_t, uint32_t>> tasks;  // task, node
  for (const ResolvedEntry& e : resolved_) {
    switch (e.kind) {
      case EntryKind::kRefinement: wv.refinements.emplace_back(e.index, std::move(refinements_[e.payload])); break;
      case EntryKind::kType: wv.dynamic_types.emplace_back(e.index, e.payload); break;
      case EntryKind::kFloat64: wv.float64_numbers.push_back(e.index); break;
      case EntryKind::kUnify: tasks.emplace_back(e.payload, e.index); break;
    }
  }
  resolved_.clear();
  wv.types = std::move(plans_.types());
  if (!tasks.empty()) {
    // The collections' values, found by walking the document (this is the rare case).
    std::vector<std::pair<uint32_t, Value>> found;
    for (auto [task_index, node] : tasks) found.emplace_back(node, Value());
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    FindContainers(wv.value->root(), found);
    // In the order the collections closed: inner ones first.
    std::sort(tasks.begin(), tasks.end());
    DynamicTypeEditor editor(wv);
    for (auto [task_index, node] : tasks) {
      UnifyTask& task = tasks_[task_index];
      auto it = std::lower_bound(found.begin(), found.end(), node,
                                 [](const std::pair<uint32_t, Value>& e, uint32_t i) { return e.first < i; });
      std::optional<std::string> error =
          UnifyElements(editor, it->second, *task.plan->type, task.prefix, task.input_order, task.retype_all);
      if (error) {
        result.error = WireError{std::move(task.path), task.offset, true, std::move(*error)};
        return result;
      }
    }
    editor.Commit();
  }
  result.value = std::move(wv);
  return result;
}

}  // namespace planview::wire::internal
