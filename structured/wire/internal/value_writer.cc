#include "structured/wire/internal/value_writer.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "structured/wire/internal/unify.h"
#include "structured/wire/number.h"

namespace planview::structured::wire::internal {

ValueWriter::ValueWriter(std::string_view source, std::shared_ptr<const void> owner, size_t values_hint)
    : source_(source), value_(source, std::move(owner)), plans_(value_, marker_) {
  value_.Reserve(values_hint);
  frames_.reserve(64);
  Frame root;
  root.count = 1;  // the top-level value is child 0
  frames_.push_back(root);
}

void ValueWriter::UpdateExtra() {
  extra_ = static_cast<uint8_t>((key_depth_ != 0 ? kKeyMode : 0) | (unify_depth_ != 0 ? kSignature : 0) |
                                (frames_.back().kind == FrameKind::kSet ? kSetParent : 0));
}

void ValueWriter::Unknown(Refinements refinements) {
  BeginValue();
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

void ValueWriter::Int(int64_t v) {
  BeginValue();
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  value_.Number(std::string_view(buf, static_cast<size_t>(res.ptr - buf)));
  MarkKnownLeaf();
  if (extra_ != 0) LeafExtras(SetLeaf::kInt, {}, v);
}

void ValueWriter::Uint(uint64_t v) {
  BeginValue();
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  value_.Number(std::string_view(buf, static_cast<size_t>(res.ptr - buf)));
  MarkKnownLeaf();
  if (extra_ != 0) LeafExtras(SetLeaf::kUint, {}, static_cast<int64_t>(v));
}

void ValueWriter::Number(std::string_view canonical, bool float64) {
  BeginValue();
  value_.Number(canonical);
  MarkKnownLeaf();
  if (float64) AddEntry(EntryKind::kFloat64, 0);
  if (extra_ != 0) LeafExtras(SetLeaf::kNumber, canonical, 0);
}

void ValueWriter::LeafExtras(SetLeaf leaf, std::string_view text, int64_t number) {
  if ((extra_ & kSignature) && (leaf == SetLeaf::kNull || leaf == SetLeaf::kUnknown)) {
    const TypePlan* declared = ChildPlan(frames_.back());
    if (declared != nullptr && declared->has_dynamic) signature_.push_back(SigEntry{seq_ - 1, -1, declared});
  }
  if (extra_ & kKeyMode) {
    switch (leaf) {
      case SetLeaf::kNull: hash_ += '~'; exact_ += '~'; break;
      case SetLeaf::kUnknown: hash_ += '?'; exact_ += '?'; break;
      case SetLeaf::kTrue: hash_ += 'T'; exact_ += 'T'; break;
      case SetLeaf::kFalse: hash_ += 'F'; exact_ += 'F'; break;
      case SetLeaf::kInt:
        AppendHashInt(hash_, number);
        AppendExactNumber(exact_, FormatInt64(number));
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
      case SetLeaf::kString:
        AppendHashString(hash_, text);
        AppendExactString(exact_, text);
        break;
      case SetLeaf::kContainer: break;
    }
  }
  if (extra_ & kSetParent) {
    ChildRecord& r = records_.back();
    r.leaf = leaf;
    r.number = number;
    if (leaf == SetLeaf::kString || leaf == SetLeaf::kNumber) {
      if (leaf == SetLeaf::kString && text.data() >= source_.data() &&
          text.data() + text.size() <= source_.data() + source_.size()) {
        r.key = static_cast<uint32_t>(text.data() - source_.data());
      } else {
        r.key = static_cast<uint32_t>(scratch_.size());
        r.in_scratch = true;
        scratch_ += text;
      }
      r.length = static_cast<uint32_t>(text.size());
    }
  }
}

void ValueWriter::BeginArray(const TypePlan& plan) {
  FrameKind kind = plan.kind == Type::Kind::kSet     ? FrameKind::kSet
                   : plan.kind == Type::Kind::kTuple ? FrameKind::kTuple
                                                     : FrameKind::kList;
  BeginContainer(plan, kind);
}

void ValueWriter::BeginObject(const TypePlan& plan) {
  BeginContainer(plan, plan.kind == Type::Kind::kObject ? FrameKind::kObject : FrameKind::kMap);
}

void ValueWriter::BeginContainer(const TypePlan& plan, FrameKind kind) {
  BeginValue();
  bool array = kind == FrameKind::kList || kind == FrameKind::kTuple || kind == FrameKind::kSet;
  MarkerKey();
  if (array) {
    value_.BeginArray();
    marker_.BeginArray();
  } else {
    value_.BeginObject();
    marker_.BeginObject();
  }
  bool keyed = key_depth_ != 0;
  if (keyed) {
    char open = kind == FrameKind::kList || kind == FrameKind::kSet ? '[' : (kind == FrameKind::kMap ? '{' : '<');
    hash_ += open;
    exact_ += open;
  }
  Frame f;
  f.kind = kind;
  f.plan = &plan;
  f.marker_array = array;
  f.keyed = keyed;
  f.unify = plan.unifies();
  f.entries = static_cast<uint32_t>(pending_.size());
  f.records = static_cast<uint32_t>(records_.size());
  f.scratch = static_cast<uint32_t>(scratch_.size());
  f.hash = Hash();
  f.exact = Exact();
  if (kind == FrameKind::kSet && !plan.primitive_set()) ++key_depth_;
  if (f.unify) ++unify_depth_;
  f.finish_child = key_depth_ != 0 || f.unify;
  frames_.push_back(f);
  UpdateExtra();
}

void ValueWriter::StartSetElement(Frame& f) {
  ChildRecord r;
  r.resolved = static_cast<uint32_t>(resolved_.size());
  r.hash = Hash();
  r.exact = Exact();
  r.unknowns = unknowns_;
  records_.push_back(r);
  if (f.unify) StartUnifyChild(f);
}

void ValueWriter::StartUnifyChild(Frame& f) {
  f.child_seq = seq_;
  f.child_sig = static_cast<uint32_t>(signature_.size());
  if (f.count == 1) {
    f.first_seq = seq_;
    f.first_sig = f.child_sig;
  }
}

void ValueWriter::FinishChild(Frame& f) {
  if (f.unify && !f.mismatch) {
    uint32_t end = static_cast<uint32_t>(signature_.size());
    if (f.count == 1) {
      f.first_sig_end = end;
    } else if (end - f.child_sig != f.first_sig_end - f.first_sig) {
      f.mismatch = true;
    } else {
      for (uint32_t i = 0; i < end - f.child_sig; ++i) {
        const SigEntry& a = signature_[f.first_sig + i];
        const SigEntry& b = signature_[f.child_sig + i];
        if (a.slot != b.slot || a.declared != b.declared || a.seq - f.first_seq != b.seq - f.child_seq) {
          f.mismatch = true;
          break;
        }
      }
    }
  }
  if (key_depth_ != 0) {
    hash_ += ';';
    exact_ += ';';
  }
}

void ValueWriter::MapKey(std::string_view key) {
  Frame& f = frames_.back();
  if (f.count != 0 && f.finish_child) FinishChild(f);
  if (f.count != 0 && !f.reorder && !(RecordText(records_.back()) < key)) f.reorder = true;
  ++f.count;
  ChildRecord r;
  r.resolved = static_cast<uint32_t>(resolved_.size());
  r.hash = Hash();
  r.exact = Exact();
  r.length = static_cast<uint32_t>(key.size());
  if (key.data() >= source_.data() && key.data() + key.size() <= source_.data() + source_.size()) {
    r.key = static_cast<uint32_t>(key.data() - source_.data());
    value_.SourceKey(r.key, key.size());
  } else {
    r.key = static_cast<uint32_t>(scratch_.size());
    r.in_scratch = true;
    scratch_ += key;
    value_.Key(key);
  }
  records_.push_back(r);
  if (key_depth_ != 0) {
    AppendHashString(hash_, key);
    hash_ += ':';
    AppendExactString(exact_, key);
    exact_ += ':';
  }
  if (f.unify) StartUnifyChild(f);
}

void ValueWriter::Typed(uint32_t slot, uint32_t seq) {
  AddEntry(EntryKind::kType, slot);
  Frame& f = frames_.back();
  if (extra_ & kSignature) signature_.push_back(SigEntry{seq, static_cast<int32_t>(slot), ChildPlan(f)});
  if (f.kind == FrameKind::kSet) records_[f.records + f.count - 1].type_slot = static_cast<int32_t>(slot);
}

void ValueWriter::DeferUnify(const TypePlan& plan, std::vector<PathStep> path, size_t offset, std::string prefix) {
  tasks_.push_back(UnifyTask{&plan, std::move(path), offset, std::move(prefix)});
  AddEntry(EntryKind::kUnify, static_cast<uint32_t>(tasks_.size() - 1));
}

bool ValueWriter::EndArray() { return EndContainer(); }
bool ValueWriter::EndObject() { return EndContainer(); }

bool ValueWriter::EndContainer() {
  Frame& f = frames_.back();
  if (f.count != 0 && f.finish_child) FinishChild(f);
  bool array = f.marker_array;
  std::vector<uint32_t>& order = order_scratch_;
  bool identity = true;
  if (f.kind == FrameKind::kSet) {
    if (f.count > 1) OrderSet(f, order, identity);
  } else if (f.reorder) {
    OrderMembers(f, order);
    identity = false;
  }
  if (f.keyed) {
    char close = f.kind == FrameKind::kList || f.kind == FrameKind::kSet ? ']' : (f.kind == FrameKind::kMap ? '}' : '>');
    if (identity) {
      hash_ += close;
      exact_ += close;
    } else {
      RewriteKeyText(f, order, close);
    }
  }
  DocumentBuilder::Placement placement;
  if (identity) {
    placement = array ? value_.EndArray() : value_.EndObject();
    if (array) {
      marker_.EndArray();
    } else {
      marker_.EndObject();
    }
  } else if (array) {
    placement = value_.EndArray(order);
    marker_.EndArray(order);
  } else {
    placement = value_.EndObject(order);
    std::vector<uint32_t>& marker_order = marker_order_scratch_;
    marker_order.clear();
    for (uint32_t position : order) {
      int32_t m = records_[f.records + position].marker;
      if (m >= 0) marker_order.push_back(static_cast<uint32_t>(m));
    }
    marker_.EndObject(marker_order);
  }
  Resolve(f, placement, identity ? nullptr : &order);
  bool deferred = f.unify && f.mismatch;
  records_.resize(f.records);
  scratch_.resize(f.scratch);
  if (f.kind == FrameKind::kSet && !f.plan->primitive_set()) --key_depth_;
  if (f.unify && --unify_depth_ == 0) signature_.clear();
  if (key_depth_ == 0) {
    hash_.clear();
    exact_.clear();
  }
  frames_.pop_back();
  UpdateExtra();
  return deferred;
}

void ValueWriter::OrderSet(Frame& f, std::vector<uint32_t>& order, bool& identity) {
  Type::Kind kind = f.plan->element->kind;
  const ChildRecord* recs = records_.data() + f.records;
  if (kind == Type::Kind::kDynamic) {
    for (uint32_t c = 0; c < f.count; ++c) {
      if (recs[c].type_slot >= 0) {
        kind = plans_.types()[static_cast<size_t>(recs[c].type_slot)].kind();
        break;
      }
    }
  }
  bool texts = key_depth_ != 0;  // element key texts were written
  std::vector<SetElementView>& views = set_scratch_;
  views.resize(f.count);
  for (uint32_t c = 0; c < f.count; ++c) {
    const ChildRecord& r = recs[c];
    bool last = c + 1 == f.count;
    SetElementView& v = views[c];
    v.leaf = r.leaf;
    v.number = r.number;
    v.has_unknown = (last ? unknowns_ : recs[c + 1].unknowns) != r.unknowns;
    v.text = (r.leaf == SetLeaf::kString || r.leaf == SetLeaf::kNumber) ? RecordText(r) : std::string_view();
    if (texts) {
      // Each element's key text is followed by ';'.
      uint32_t hash_end = (last ? Hash() : recs[c + 1].hash) - 1;
      uint32_t exact_end = (last ? Exact() : recs[c + 1].exact) - 1;
      v.hash = std::string_view(hash_).substr(r.hash, hash_end - r.hash);
      v.exact = std::string_view(exact_).substr(r.exact, exact_end - r.exact);
    } else {
      v.hash = v.exact = {};
    }
  }
  identity = CanonicalSetOrder(views, kind, order);
}

void ValueWriter::OrderMembers(Frame& f, std::vector<uint32_t>& order) {
  const ChildRecord* recs = records_.data() + f.records;
  order.resize(f.count);
  for (uint32_t i = 0; i < f.count; ++i) order[i] = i;
  if (f.kind == FrameKind::kObject) {
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return recs[a].key < recs[b].key; });
    return;
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return RecordText(recs[a]) < RecordText(recs[b]); });
  // Equal keys: the last one given wins.
  size_t kept = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i + 1 < order.size() && RecordText(recs[order[i]]) == RecordText(recs[order[i + 1]])) continue;
    order[kept++] = order[i];
  }
  order.resize(kept);
}

void ValueWriter::RewriteKeyText(const Frame& f, const std::vector<uint32_t>& order, char close) {
  const ChildRecord* recs = records_.data() + f.records;
  for (int which = 0; which < 2; ++which) {
    std::string& s = which == 0 ? hash_ : exact_;
    auto start = [&](uint32_t c) -> size_t {
      if (c == f.count) return s.size();
      return which == 0 ? recs[c].hash : recs[c].exact;
    };
    size_t begin = which == 0 ? f.hash : f.exact;
    std::string rewritten(s, begin, start(0) - begin);  // the opening delimiter
    for (uint32_t c : order) rewritten.append(s, start(c), start(c + 1) - start(c));
    rewritten += close;
    s.resize(begin);
    s += rewritten;
  }
}

void ValueWriter::Resolve(Frame& f, DocumentBuilder::Placement placement, const std::vector<uint32_t>* order) {
  size_t begin = f.entries;
  if (order == nullptr) {
    for (size_t i = begin; i < pending_.size(); ++i) {
      const PendingEntry& e = pending_[i];
      resolved_.push_back(ResolvedEntry{placement.ChildIndex(e.position), e.kind, e.payload});
    }
    pending_.resize(begin);
    return;
  }
  std::vector<int32_t> position(f.count, -1);
  for (size_t k = 0; k < order->size(); ++k) position[(*order)[k]] = static_cast<int32_t>(k);
  if (order->size() < f.count) {
    // Dropped duplicates: what their subtrees put in the tables goes with them.
    const ChildRecord* recs = records_.data() + f.records;
    for (uint32_t c = f.count; c-- > 0;) {
      if (position[c] >= 0) continue;
      size_t from = recs[c].resolved;
      size_t to = c + 1 < f.count ? recs[c + 1].resolved : resolved_.size();
      resolved_.erase(resolved_.begin() + static_cast<ptrdiff_t>(from), resolved_.begin() + static_cast<ptrdiff_t>(to));
      // Later children's ranges move down.
      for (uint32_t d = c + 1; d < f.count; ++d) records_[f.records + d].resolved -= static_cast<uint32_t>(to - from);
    }
  }
  size_t batch = resolved_.size();
  for (size_t i = begin; i < pending_.size(); ++i) {
    const PendingEntry& e = pending_[i];
    int32_t p = position[e.position];
    if (p < 0) continue;
    resolved_.push_back(ResolvedEntry{placement.ChildIndex(static_cast<size_t>(p)), e.kind, e.payload});
  }
  std::stable_sort(resolved_.begin() + static_cast<ptrdiff_t>(batch), resolved_.end(),
                   [](const ResolvedEntry& a, const ResolvedEntry& b) { return a.index < b.index; });
  pending_.resize(begin);
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
      std::optional<std::string> error = UnifyElements(editor, it->second, *task.plan->type, task.prefix);
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

}  // namespace planview::structured::wire::internal
