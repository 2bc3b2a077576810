// ValueWriter's fix-ups as containers close (value_writer.h says what cty normalises):
// sets put in cty's order and deduplicated, object and map members put in order, the key
// text of reordered children rewritten, and the side-table entries of the closed
// container's children placed at their final node indices.
#include <algorithm>
#include <utility>

#include "wire/internal/set_order.h"
#include "wire/internal/value_writer.h"

namespace planview::wire::internal {

using structured::DocumentBuilder;
using structured::Type;

bool ValueWriter::EndSpecial(Frame& f) {
  Special& s = specials_[f.special];
  if (f.count != 0) FinishChild(f, s);
  bool array = f.marker_array;
  std::vector<uint32_t>& order = order_scratch_;
  bool identity = true;
  if (f.kind == FrameKind::kSet) {
    if (f.count > 1 && !(s.in_order && s.element_kind != Type::Kind::kDynamic)) OrderSet(f, s, order, identity);
  } else if (s.reorder) {
    OrderMembers(f, s, order);
    identity = false;
  }
  if (s.keyed) {
    char close = f.kind == FrameKind::kList || f.kind == FrameKind::kSet ? ']' : (f.kind == FrameKind::kMap ? '}' : '>');
    if (identity) {
      hash_ += close;
    } else {
      RewriteKeyText(f, s, order, close);
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
    for (uint32_t m = 0; m < s.marker_prefix; ++m) marker_order.push_back(m);
    for (uint32_t position : order) {
      if (position < s.first_record) continue;
      int32_t m = Record(s, position).marker;
      if (m >= 0) marker_order.push_back(static_cast<uint32_t>(m));
    }
    marker_.EndObject(marker_order);
  }
  if (!identity && order.size() < f.count) {
    // Dropped children no longer count for an enclosing set element's "has an unknown".
    std::vector<bool> kept(f.count, false);
    for (uint32_t p : order) kept[p] = true;
    for (uint32_t c = 0; c < f.count; ++c) {
      if (kept[c]) continue;
      uint32_t end = c + 1 < f.count ? Record(s, c + 1).unknowns : unknowns_;
      unknowns_ -= end - Record(s, c).unknowns;
    }
  }
  if (pending_.size() != f.entries || !identity) Resolve(f, placement, identity ? nullptr : &order);
  bool deferred = s.unify && s.mismatch;
  last_input_order_.clear();
  if (deferred && !identity) {
    // The check looks at elements in the order they came, nulls dropped as duplicates too.
    std::vector<int32_t> final_position(f.count, -1);
    for (uint32_t k = 0; k < order.size(); ++k) final_position[order[k]] = static_cast<int32_t>(k);
    for (uint32_t p = 0; p < f.count; ++p) {
      if (final_position[p] >= 0) {
        last_input_order_.emplace_back(final_position[p], -1);
      } else if (f.kind == FrameKind::kSet && Record(s, p).leaf == SetLeaf::kNull) {
        last_input_order_.emplace_back(-1, Record(s, p).type_slot);
      }
    }
  }
  if (s.first_record != kNone) records_.resize(s.records);
  scratch_.resize(s.scratch);
  if (s.owns_key_mode) --key_depth_;
  if (s.unify && --unify_depth_ == 0) signature_.clear();
  if (key_depth_ == 0) {
    hash_.clear();
    exact_.clear();
  }
  specials_.pop_back();
  frames_.pop_back();
  UpdateExtra();
  return deferred;
}

void ValueWriter::OrderSet(Frame& f, Special& s, std::vector<uint32_t>& order, bool& identity) {
  Type::Kind kind = s.element_kind;
  if (kind == Type::Kind::kDynamic) {
    for (uint32_t c = 0; c < f.count; ++c) {
      int32_t slot = Record(s, c).type_slot;
      if (slot >= 0) {
        kind = plans_.types()[static_cast<size_t>(slot)].kind();
        break;
      }
    }
  }
  std::vector<SetElementView>& views = set_scratch_;
  views.resize(f.count);
  for (uint32_t c = 0; c < f.count; ++c) views[c] = ViewOf(f, s, c, false);
  identity = CanonicalSetOrder(views, kind, order);
}

void ValueWriter::OrderMembers(Frame& f, Special& s, std::vector<uint32_t>& order) {
  uint32_t first = s.first_record;
  order.resize(f.count);
  for (uint32_t i = 0; i < f.count; ++i) order[i] = i;
  if (f.kind == FrameKind::kObject) {
    std::sort(order.begin() + first, order.end(),
              [&](uint32_t a, uint32_t b) { return Record(s, a).key < Record(s, b).key; });
    return;
  }
  auto key = [&](uint32_t p) { return RecordText(Record(s, p)); };
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return key(a) < key(b); });
  // Equal keys: the last one given wins.
  size_t kept = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i + 1 < order.size() && key(order[i]) == key(order[i + 1])) continue;
    order[kept++] = order[i];
  }
  order.resize(kept);
}

void ValueWriter::RewriteKeyText(const Frame& f, const Special& s, const std::vector<uint32_t>& order, char close) {
  uint32_t first = s.first_record;
  for (int which = 0; which < 2; ++which) {
    std::string& text = which == 0 ? hash_ : exact_;
    // Children before the first record keep their place (with the opening delimiter).
    auto start = [&](uint32_t p) -> size_t {
      if (p == f.count) return text.size();
      return which == 0 ? Record(s, p).hash : Record(s, p).exact;
    };
    size_t begin = which == 0 ? s.hash : s.exact;
    std::string rewritten(text, begin, start(first) - begin);
    for (uint32_t p : order) {
      if (p >= first) rewritten.append(text, start(p), start(p + 1) - start(p));
    }
    if (which == 0) rewritten += close;
    text.resize(begin);
    text += rewritten;
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
    // Dropped duplicates (sets and maps, which have a record per child): what their
    // subtrees put in the tables goes with them.
    Special& s = specials_[f.special];
    for (uint32_t c = f.count; c-- > 0;) {
      if (position[c] >= 0) continue;
      size_t from = Record(s, c).resolved;
      size_t to = c + 1 < f.count ? Record(s, c + 1).resolved : resolved_.size();
      resolved_.erase(resolved_.begin() + static_cast<ptrdiff_t>(from), resolved_.begin() + static_cast<ptrdiff_t>(to));
      for (uint32_t d = c + 1; d < f.count; ++d) Record(s, d).resolved -= static_cast<uint32_t>(to - from);
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

}  // namespace planview::wire::internal
