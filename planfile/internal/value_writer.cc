#include "planfile/internal/value_writer.h"

#include <algorithm>
#include <type_traits>

#include "structured/compact_json.h"
#include "structured/json_text.h"
#include "wire/wire_error.h"

namespace planview::planfile::internal {

using structured::DocumentBuilder;
using structured::Type;
using structured::Value;

const Type& DynamicType() {
  static const Type* const dynamic = new Type(Type::Dynamic());
  return *dynamic;
}

namespace {

bool ContainsTrue(Value marker) {
  if (marker.is_true()) return true;
  const size_t n = marker.size();
  if (marker.is_array()) {
    for (size_t i = 0; i < n; ++i) {
      if (ContainsTrue(marker.at(i))) return true;
    }
  } else {
    for (size_t i = 0; i < n; ++i) {
      if (ContainsTrue(marker.member(i).value)) return true;
    }
  }
  return false;
}

bool IsContainer(Node::Kind kind) { return kind == Node::Kind::kArray || kind == Node::Kind::kObject; }

Node::Kind KindOf(Value value) {
  switch (value.kind()) {
    case structured::Kind::kNull: return Node::Kind::kNull;
    case structured::Kind::kBool: return Node::Kind::kBool;
    case structured::Kind::kNumber: return Node::Kind::kNumber;
    case structured::Kind::kString: return Node::Kind::kString;
    case structured::Kind::kArray: return Node::Kind::kArray;
    case structured::Kind::kObject: return Node::Kind::kObject;
  }
  return Node::Kind::kNull;
}

// A parsed value, copied as it is (nothing in it is unknown or marked).
class CopyView {
 public:
  explicit CopyView(Value value) : value_(value) {}
  Node::Kind kind() const { return KindOf(value_); }
  bool as_bool() const { return value_.as_bool(); }
  std::string_view text() const { return value_.text(); }
  size_t size() const { return value_.size(); }
  CopyView child(size_t i) const { return CopyView(value_.is_array() ? value_.at(i) : value_.member(i).value); }
  std::string_view key(size_t i) const { return value_.member(i).key; }

 private:
  Value value_;
};

// What a leaf answers: it put the position, the walk descends into it (an array or
// object), or the position cannot be written (an infinity).
enum class Leaf { kPut, kDescend, kFailed };

// Where a walk failed: the path to the position, innermost step first.
using FailedPath = std::vector<wire::PathStep>;

// Writes a value or a marker tree (after_unknown, before/after_sensitive): `leaf` puts
// what a position holds, or says to descend into an array or object; object members `omit`
// answers true for are left out. Keys are written as Go's JSON holds them (RepairedMembers).
// Returns false when a leaf failed, with the path to it in `failed`.
template <typename View, typename PutLeaf, typename Omit>
bool PutMarkers(DocumentOut& out, uint32_t at, const View& view, const PutLeaf& leaf, const Omit& omit,
                FailedPath& failed);

// An object's members `omit` keeps whose keys are not all valid UTF-8, as Go's JSON holds
// them: each invalid byte U+FFFD (the text `show -json` writes), then ordered by key and,
// of keys now equal, the last one kept (as Go reads an object whose keys repeat, and as
// the document's index of an object by key needs).
template <typename View, typename PutLeaf, typename Omit>
bool PutRepairedMembers(DocumentOut& out, uint32_t at, const View& view, const PutLeaf& leaf, const Omit& omit,
                        FailedPath& failed) {
  DocumentBuilder& b = out.b();
  std::vector<std::pair<std::string, size_t>> keys;  // (key as Go holds it, member)
  std::string scratch;
  for (size_t i = 0; i < view.size(); ++i) {
    if (!omit(view.child(i))) keys.emplace_back(structured::GoJsonText(view.key(i), scratch), i);
  }
  std::stable_sort(keys.begin(), keys.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  size_t count = 0;
  for (size_t k = 0; k < keys.size(); ++k) {
    if (k + 1 < keys.size() && keys[k + 1].first == keys[k].first) continue;
    if (count != k) keys[count] = std::move(keys[k]);
    ++count;
  }
  keys.resize(count);
  uint32_t first = b.ReserveObject(count);
  if (b.failed()) return true;
  for (size_t k = 0; k < count; ++k) {
    const uint32_t member = first + 3 * static_cast<uint32_t>(k);
    b.PutKey(member, b.StoreKey(keys[k].first));
    if (!PutMarkers(out, member + 1, view.child(keys[k].second), leaf, omit, failed)) {
      failed.push_back({wire::PathStep::Kind::kKey, std::move(keys[k].first), 0});
      return false;
    }
  }
  b.PutObject(at, first, count);
  return true;
}

template <typename View, typename PutLeaf, typename Omit>
bool PutMarkers(DocumentOut& out, uint32_t at, const View& view, const PutLeaf& leaf, const Omit& omit,
                FailedPath& failed) {
  if (const Leaf put = leaf(out.b(), at, view, failed); put != Leaf::kDescend) return put == Leaf::kPut;
  DocumentBuilder& b = out.b();
  const size_t n = view.size();
  if (view.kind() == Node::Kind::kArray) {
    uint32_t first = b.ReserveArray(n);
    if (b.failed()) return true;
    for (size_t i = 0; i < n; ++i) {
      if (!PutMarkers(out, first + 2 * static_cast<uint32_t>(i), view.child(i), leaf, omit, failed)) {
        failed.push_back({wire::PathStep::Kind::kIndex, {}, i});
        return false;
      }
    }
    b.PutArray(at, first, n);
    return true;
  }
  size_t count = 0;
  bool valid_keys = true;
  for (size_t i = 0; i < n; ++i) {
    if (omit(view.child(i))) continue;
    ++count;
    const std::string_view key = view.key(i);
    valid_keys = valid_keys && structured::FindInvalidUtf8(key) == key.size();
  }
  if (!valid_keys) return PutRepairedMembers(out, at, view, leaf, omit, failed);
  uint32_t first = b.ReserveObject(count);
  if (b.failed()) return true;
  uint32_t member = first;
  for (size_t i = 0; i < n; ++i) {
    View child = view.child(i);
    if (omit(child)) continue;
    b.PutKey(member, b.StoreKey(view.key(i)));
    if (!PutMarkers(out, member + 1, child, leaf, omit, failed)) {
      failed.push_back({wire::PathStep::Kind::kKey, std::string(view.key(i)), 0});
      return false;
    }
    member += 3;
  }
  b.PutObject(at, first, count);
  return true;
}

// An infinity is a number `show -json` cannot write (cty's JSON fails on it).
bool IsInfinity(std::string_view number) { return number == "+Inf" || number == "-Inf"; }

// The value itself: containers walked as the marker trees are, members that are unknown
// left out (and elements that are, null); strings as Go's JSON holds them.
template <typename View>
bool PutValueAt(DocumentOut& out, uint32_t at, const View& view, FailedPath& failed) {
  return PutMarkers(
      out, at, view,
      [&out](DocumentBuilder& b, uint32_t slot, const View& v, FailedPath& failed_below) {
        switch (v.kind()) {
          case Node::Kind::kNull:
          case Node::Kind::kUnknown: b.PutNull(slot); return Leaf::kPut;
          case Node::Kind::kBool: b.PutBool(slot, v.as_bool()); return Leaf::kPut;
          case Node::Kind::kNumber:
            if (IsInfinity(v.text())) return Leaf::kFailed;
            b.PutNumber(slot, v.text());
            return Leaf::kPut;
          case Node::Kind::kString: {
            std::string scratch;
            b.PutString(slot, structured::GoJsonText(v.text(), scratch));
            return Leaf::kPut;
          }
          case Node::Kind::kArray:
          case Node::Kind::kObject:
            // A decoded value wholly known from here on is copied from its document as it is.
            if constexpr (std::is_same_v<View, WireView>) {
              if (v.WhollyKnown()) return PutValueAt(out, slot, CopyView(v.value()), failed_below) ? Leaf::kPut : Leaf::kFailed;
            }
            return Leaf::kDescend;
        }
        return Leaf::kPut;
      },
      [](const View& v) { return v.kind() == Node::Kind::kUnknown; }, failed);
}

template <typename View>
void PutUnknownMarkersAt(DocumentOut& out, uint32_t at, const View& view) {
  FailedPath never;  // markers are bools and containers only
  PutMarkers(
      out, at, view,
      [](DocumentBuilder& b, uint32_t slot, const View& v, FailedPath&) {
        if (IsContainer(v.kind())) return Leaf::kDescend;
        b.PutBool(slot, v.kind() == Node::Kind::kUnknown);
        return Leaf::kPut;
      },
      // An unknown's marker is `true`, a container's a container: only others are `false`.
      [](const View& v) { return v.kind() != Node::Kind::kUnknown && !IsContainer(v.kind()); }, never);
}

template <typename View>
void PutSensitiveMarkersAt(DocumentOut& out, uint32_t at, const View& view) {
  FailedPath never;  // markers are bools and containers only
  PutMarkers(
      out, at, view,
      [](DocumentBuilder& b, uint32_t slot, const View& v, FailedPath&) {
        if (v.sensitive()) {
          b.PutBool(slot, true);
          return Leaf::kPut;
        }
        const Node::Kind kind = v.kind();
        if (IsContainer(kind)) return Leaf::kDescend;
        // An unknown's marker is what its type would hold: `[]`, `{}` or `false`.
        const Node::Shape shape = kind == Node::Kind::kUnknown ? v.shape() : Node::Shape::kPrimitive;
        if (shape == Node::Shape::kSequence) {
          b.PutArray(slot, b.ReserveArray(0), 0);
        } else if (shape == Node::Shape::kMapping) {
          b.PutObject(slot, b.ReserveObject(0), 0);
        } else {
          b.PutBool(slot, false);
        }
        return Leaf::kPut;
      },
      [](const View& v) {
        if (v.sensitive()) return false;
        if (v.kind() == Node::Kind::kUnknown) return v.shape() == Node::Shape::kPrimitive;
        return !IsContainer(v.kind());
      },
      never);
}

// The value at `at`, or the error naming where in it writing failed.
template <typename View>
base::Expected<void> PutValueChecked(DocumentOut& out, uint32_t at, const View& view) {
  FailedPath failed;
  if (PutValueAt(out, at, view, failed)) return {};
  std::reverse(failed.begin(), failed.end());
  return base::Error(wire::WireError{std::move(failed), 0, false, "cannot serialize infinity as JSON"}.ToString());
}

}  // namespace

WireView::WireView(const MarkedValue& marked, Value value, Value unknown, const Type& declared)
    : marked_(&marked), value_(value), unknown_(unknown), type_(&declared) {
  if (declared.kind() == Type::Kind::kDynamic) {
    if (const Type* runtime = marked.wire.DynamicTypeOf(value)) type_ = runtime;
  }
}

Node::Kind WireView::kind() const {
  if (unknown_.is_true()) return Node::Kind::kUnknown;
  return KindOf(value_);
}

WireView WireView::child(size_t i) const {
  const Type* element = &DynamicType();
  if (value_.is_array()) {
    if (type_->kind() == Type::Kind::kTuple) {
      if (i < type_->elements().size()) element = &type_->elements()[i];
    } else if (type_->is_collection()) {
      element = &type_->element();
    }
    return WireView(*marked_, value_.at(i), wire::UnknownChild(unknown_, i), *element);
  }
  structured::Member m = value_.member(i);
  if (type_->kind() == Type::Kind::kObject) {
    // Members and attributes are both in key order: usually the i-th is the i-th.
    const auto& attributes = type_->attributes();
    if (i < attributes.size() && attributes[i].first == m.key) {
      element = &attributes[i].second;
    } else if (const Type* a = type_->attribute(m.key)) {
      element = a;
    }
  } else if (type_->is_collection()) {
    element = &type_->element();
  }
  return WireView(*marked_, m.value, wire::UnknownChild(unknown_, m.key), *element);
}

bool WireView::sensitive() const {
  const std::vector<uint32_t>& marks = marked_->marks;
  return !marks.empty() && std::binary_search(marks.begin(), marks.end(), value_.index());
}

bool WireView::ContainsUnknown() const { return ContainsTrue(unknown_); }

bool WireView::WhollyKnown() const {
  // An unknown marker lists what is unknown or holds an unknown: none (a `false`, absent
  // or empty marker) means nothing below is unknown.
  return !unknown_.is_true() && unknown_.size() == 0;
}

base::Expected<void> PutValue(DocumentOut& out, uint32_t at, const NodeView& view) {
  return PutValueChecked(out, at, view);
}
base::Expected<void> PutValue(DocumentOut& out, uint32_t at, const WireView& view) {
  return PutValueChecked(out, at, view);
}
void PutUnknownMarkers(DocumentOut& out, uint32_t at, const NodeView& view) { PutUnknownMarkersAt(out, at, view); }
void PutUnknownMarkers(DocumentOut& out, uint32_t at, const WireView& view) { PutUnknownMarkersAt(out, at, view); }
void PutSensitiveMarkers(DocumentOut& out, uint32_t at, const NodeView& view) {
  PutSensitiveMarkersAt(out, at, view);
}
void PutSensitiveMarkers(DocumentOut& out, uint32_t at, const WireView& view) {
  PutSensitiveMarkersAt(out, at, view);
}

void PutCopy(DocumentOut& out, uint32_t at, Value value) {
  FailedPath never;  // parsed JSON holds no infinity
  PutValueAt(out, at, CopyView(value), never);
}

namespace {

template <typename Put>
void AppendNodeJson(const Node& node, std::string& text, const Put& put) {
  DocumentBuilder b(PlanNames(), nullptr);
  DocumentOut out(b);
  uint32_t root = b.ReserveValue();
  put(out, root, NodeView(node));
  std::shared_ptr<const structured::Document> doc = b.FinishAt(root);
  // A Node is decoded from at most max_inflated_bytes of input: far from the document's
  // 4 GiB.
  structured::AppendCompactJson(text, doc ? doc->root() : Value());
}

}  // namespace

void AppendValueJson(const Node& node, std::string& out) {
  // The node is read from JSON (the prior state), which holds no infinity.
  AppendNodeJson(node, out, [](DocumentOut& o, uint32_t at, const NodeView& v) {
    FailedPath never;
    PutValueAt(o, at, v, never);
  });
}

void AppendSensitiveJson(const Node& node, std::string& out) {
  AppendNodeJson(node, out, [](DocumentOut& o, uint32_t at, const NodeView& v) { PutSensitiveMarkers(o, at, v); });
}

}  // namespace planview::planfile::internal
