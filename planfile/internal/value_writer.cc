#include "planfile/internal/value_writer.h"

#include <algorithm>
#include <type_traits>

#include "structured/compact_json.h"

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

// Writes a value or a marker tree (after_unknown, before/after_sensitive): `leaf` puts
// what a position holds and answers true, or answers false for an array or object to
// descend into; object members `omit` answers true for are left out.
template <typename View, typename Leaf, typename Omit>
void PutMarkers(DocumentOut& out, uint32_t at, const View& view, const Leaf& leaf, const Omit& omit) {
  if (leaf(out.b(), at, view)) return;
  DocumentBuilder& b = out.b();
  const size_t n = view.size();
  if (view.kind() == Node::Kind::kArray) {
    uint32_t first = b.ReserveArray(n);
    if (b.failed()) return;
    for (size_t i = 0; i < n; ++i) PutMarkers(out, first + 2 * static_cast<uint32_t>(i), view.child(i), leaf, omit);
    b.PutArray(at, first, n);
    return;
  }
  size_t count = 0;
  for (size_t i = 0; i < n; ++i) count += !omit(view.child(i));
  uint32_t first = b.ReserveObject(count);
  if (b.failed()) return;
  uint32_t member = first;
  for (size_t i = 0; i < n; ++i) {
    View child = view.child(i);
    if (omit(child)) continue;
    b.PutKey(member, b.StoreKey(view.key(i)));
    PutMarkers(out, member + 1, child, leaf, omit);
    member += 3;
  }
  b.PutObject(at, first, count);
}

// The value itself: containers walked as the marker trees are, members that are unknown
// left out (and elements that are, null).
template <typename View>
void PutValueAt(DocumentOut& out, uint32_t at, const View& view) {
  PutMarkers(
      out, at, view,
      [&out](DocumentBuilder& b, uint32_t slot, const View& v) {
        switch (v.kind()) {
          case Node::Kind::kNull:
          case Node::Kind::kUnknown: b.PutNull(slot); return true;
          case Node::Kind::kBool: b.PutBool(slot, v.as_bool()); return true;
          case Node::Kind::kNumber: b.PutNumber(slot, v.text()); return true;
          case Node::Kind::kString: b.PutString(slot, v.text()); return true;
          case Node::Kind::kArray:
          case Node::Kind::kObject:
            // A decoded value wholly known from here on is copied from its document as it is.
            if constexpr (std::is_same_v<View, WireView>) {
              if (v.WhollyKnown()) {
                PutCopy(out, slot, v.value());
                return true;
              }
            }
            return false;
        }
        return true;
      },
      [](const View& v) { return v.kind() == Node::Kind::kUnknown; });
}

template <typename View>
void PutUnknownMarkersAt(DocumentOut& out, uint32_t at, const View& view) {
  PutMarkers(
      out, at, view,
      [](DocumentBuilder& b, uint32_t slot, const View& v) {
        if (IsContainer(v.kind())) return false;
        b.PutBool(slot, v.kind() == Node::Kind::kUnknown);
        return true;
      },
      // An unknown's marker is `true`, a container's a container: only others are `false`.
      [](const View& v) { return v.kind() != Node::Kind::kUnknown && !IsContainer(v.kind()); });
}

template <typename View>
void PutSensitiveMarkersAt(DocumentOut& out, uint32_t at, const View& view) {
  PutMarkers(
      out, at, view,
      [](DocumentBuilder& b, uint32_t slot, const View& v) {
        if (v.sensitive()) {
          b.PutBool(slot, true);
          return true;
        }
        const Node::Kind kind = v.kind();
        if (IsContainer(kind)) return false;
        // An unknown's marker is what its type would hold: `[]`, `{}` or `false`.
        const Node::Shape shape = kind == Node::Kind::kUnknown ? v.shape() : Node::Shape::kPrimitive;
        if (shape == Node::Shape::kSequence) {
          b.PutArray(slot, b.ReserveArray(0), 0);
        } else if (shape == Node::Shape::kMapping) {
          b.PutObject(slot, b.ReserveObject(0), 0);
        } else {
          b.PutBool(slot, false);
        }
        return true;
      },
      [](const View& v) {
        if (v.sensitive()) return false;
        if (v.kind() == Node::Kind::kUnknown) return v.shape() == Node::Shape::kPrimitive;
        return !IsContainer(v.kind());
      });
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

void PutValue(DocumentOut& out, uint32_t at, const NodeView& view) { PutValueAt(out, at, view); }
void PutValue(DocumentOut& out, uint32_t at, const WireView& view) { PutValueAt(out, at, view); }
void PutUnknownMarkers(DocumentOut& out, uint32_t at, const NodeView& view) { PutUnknownMarkersAt(out, at, view); }
void PutUnknownMarkers(DocumentOut& out, uint32_t at, const WireView& view) { PutUnknownMarkersAt(out, at, view); }
void PutSensitiveMarkers(DocumentOut& out, uint32_t at, const NodeView& view) {
  PutSensitiveMarkersAt(out, at, view);
}
void PutSensitiveMarkers(DocumentOut& out, uint32_t at, const WireView& view) {
  PutSensitiveMarkersAt(out, at, view);
}

void PutCopy(DocumentOut& out, uint32_t at, Value value) { PutValueAt(out, at, CopyView(value)); }

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
  AppendNodeJson(node, out, [](DocumentOut& o, uint32_t at, const NodeView& v) { PutValue(o, at, v); });
}

void AppendSensitiveJson(const Node& node, std::string& out) {
  AppendNodeJson(node, out, [](DocumentOut& o, uint32_t at, const NodeView& v) { PutSensitiveMarkers(o, at, v); });
}

}  // namespace planview::planfile::internal
