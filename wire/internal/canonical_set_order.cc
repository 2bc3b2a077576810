// The canonical fast path's sets that come out of cty's order (canonical_decoder.h):
// decoded again with each element's place in the order kept, then sorted. In a file of
// its own, so that canonical_decode.cc's walk keeps its inlining.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "wire/internal/canonical_decoder.h"
#include "wire/internal/msgpack_reader.h"

namespace planview::wire::internal {

// A set found out of cty's order (go-cty never writes one; hand-made plan files may):
// decoded again from its first element (`r` is back there; the elements already written
// are written again in their slots, and hash_ from `hash_begin` on), each element's place
// in the order kept, and then sorted.
bool CanonicalDecoder::SetOutOfOrder(Reader& r, const TypePlan& plan, uint64_t n,
                                                               uint32_t first, uint32_t marker_first, int depth,
                                                               bool keyed, size_t hash_begin) {
  bool by_hash = !plan.primitive_set();
  hash_.Truncate(hash_begin);
  size_t keys_begin = set_keys_.size();
  bool in_order = true;
  bool all_sortable = true;
  MarkerAt em;
  Unification u;  // (sets do not unify)
  for (uint64_t i = 0; i < n; ++i) {
    uint32_t k = static_cast<uint32_t>(i);
    em.slot = marker_first + 2 * k;
    size_t start = hash_.size();
    if (n >= 2) {
      // Nulls and unknowns have their own places in a set's order: the general decoder's.
      if (r.at_end()) return false;
      uint8_t e = r.PeekUnchecked();
      if (e == 0xc0 || IsExtCode(e)) return false;
    }
    last_ = LeafKind::kNone;
    if (!ListElement(r, *plan.element, first + 2 * k, em, depth + 1, false, u, i)) return false;  // not inlined
    SetKey key{by_hash ? LeafKind::kNone : last_, last_text_, last_int_, start, hash_.size()};
    // Numbers other than integers: only the general decoder orders them.
    bool sortable = by_hash || key.leaf == LeafKind::kString || key.leaf == LeafKind::kInt ||
                    key.leaf == LeafKind::kFalse || key.leaf == LeafKind::kTrue;
    if (i > 0 && in_order) {
      const SetKey& previous = set_keys_.back();
      in_order = sortable &&
                 (previous.leaf == key.leaf || (previous.leaf == LeafKind::kFalse && key.leaf == LeafKind::kTrue)) &&
                 CompareSetKeys(previous, key) < 0;
    }
    all_sortable = all_sortable && sortable;
    set_keys_.push_back(key);
    if (keyed_ != 0) hash_.Push(';');
  }
  bool sorted = in_order || (all_sortable && SortSet(keys_begin, first, marker_first, keyed, hash_begin));
  set_keys_.resize(keys_begin);
  if (!sorted) return false;
  if (by_hash && --keyed_ == 0) hash_.Clear();
  if (keyed) hash_.Push(']');
  last_ = LeafKind::kNone;
  return true;
}

int CanonicalDecoder::CompareSetKeys(const SetKey& a, const SetKey& b) const {
  switch (a.leaf) {
    case LeafKind::kNone: {
      std::string_view text = hash_.view();
      return text.substr(a.hash_start, a.hash_end - a.hash_start).compare(text.substr(b.hash_start, b.hash_end - b.hash_start));
    }
    case LeafKind::kString: return a.text.compare(b.text);
    case LeafKind::kInt: return (a.number > b.number) - (a.number < b.number);
    default: return static_cast<int>(a.leaf) - static_cast<int>(b.leaf);  // false before true
  }
}

// A set that came out of order (go-cty never writes one; hand-made plans may): its
// elements' slots in both documents put in order (their children stay where they are),
// and, inside another set, its part of the hash text rewritten in that order. Elements
// that compare equal give up: dropping duplicates is left to the general decoder.
bool CanonicalDecoder::SortSet(size_t keys_begin, uint32_t first, uint32_t marker_first,
                                                         bool rewrite_hash, size_t hash_begin) {
  const SetKey* keys = set_keys_.data() + keys_begin;
  uint32_t n = static_cast<uint32_t>(set_keys_.size() - keys_begin);
  std::vector<uint32_t> order(n);
  for (uint32_t k = 0; k < n; ++k) order[k] = k;
  std::sort(order.begin(), order.end(),
            [&](uint32_t a, uint32_t b) { return CompareSetKeys(keys[a], keys[b]) < 0; });
  for (uint32_t k = 1; k < n; ++k) {
    if (CompareSetKeys(keys[order[k - 1]], keys[order[k]]) >= 0) return false;
  }
  // Slot k takes the element from slot order[k], cycle by cycle through a spare slot.
  uint32_t spare = value_.ReserveValue();
  uint32_t marker_spare = marker_.ReserveValue();
  if (value_.failed() || marker_.failed()) return false;
  std::vector<bool> placed(n, false);
  for (uint32_t k = 0; k < n; ++k) {
    if (placed[k] || order[k] == k) continue;
    value_.MoveValue(first + 2 * k, spare);
    marker_.MoveValue(marker_first + 2 * k, marker_spare);
    uint32_t j = k;
    while (order[j] != k) {
      value_.MoveValue(first + 2 * order[j], first + 2 * j);
      marker_.MoveValue(marker_first + 2 * order[j], marker_first + 2 * j);
      placed[j] = true;
      j = order[j];
    }
    value_.MoveValue(spare, first + 2 * j);
    marker_.MoveValue(marker_spare, marker_first + 2 * j);
    placed[j] = true;
  }
  if (rewrite_hash) {
    std::string written(hash_.view().substr(hash_begin));
    hash_.Truncate(hash_begin);
    for (uint32_t k = 0; k < n; ++k) {
      const SetKey& key = keys[order[k]];
      hash_.Append(std::string_view(written).substr(key.hash_start - hash_begin, key.hash_end - key.hash_start));
      hash_.Push(';');
    }
  }
  return true;
}

}  // namespace planview::wire::internal
