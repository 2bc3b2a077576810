#include "planfile/internal/value_writer.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "structured/compact_json.h"
#include "structured/json_text.h"
#include "wire/number.h"
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

// A parsed value, copied as it is (nothing in it is unknown or marked); `exact`: its
// strings and keys are known to be valid UTF-8 and it holds no infinity.
class CopyView {
 public:
  explicit CopyView(Value value, bool exact = false) : value_(value), exact_(exact) {}
  bool exact() const { return exact_; }
  Node::Kind kind() const { return KindOf(value_); }
  bool as_bool() const { return value_.as_bool(); }
  std::string_view text() const { return value_.text(); }
  size_t size() const { return value_.size(); }
  CopyView child(size_t i) const { return CopyView(value_.at(i), exact_); }
  bool sensitive() const { return false; }
  Node::Shape shape() const { return Node::Shape::kPrimitive; }  // nothing in it is unknown
  template <typename Fn>
  void ForEachMember(const Fn& fn) const {
    for (size_t i = 0; i < value_.size(); ++i) {
      const structured::Member m = value_.member(i);
      fn(m.key, CopyView(m.value, exact_));
    }
  }

 private:
  Value value_;
  bool exact_;
};

// What a leaf answers: it put the position, the walk descends into it (an array or
// object), or the position cannot be written (an infinity).
enum class Leaf { kPut, kDescend, kFailed };

// A member an object keeps, waiting on the walk's stack while the object is reserved.
template <typename View>
struct Kept {
  View view;
  std::string_view key;
  DocumentBuilder::KeyId id{};
};

}  // namespace

// The tree walk's scratch: the kept members of the open objects, per kind of view, and
// where a walk failed (the path to the position, innermost step first).
struct ValueOut::Stacks {
  std::vector<Kept<WireView>> wire;
  std::vector<Kept<NodeView>> node;
  std::vector<Kept<CopyView>> copy;
  std::vector<wire::PathStep> failed;

  template <typename View>
  std::vector<Kept<View>>& Of() {
    if constexpr (std::is_same_v<View, WireView>) return wire;
    else if constexpr (std::is_same_v<View, NodeView>) return node;
    else return copy;
  }
};

ValueOut::ValueOut(DocumentOut& out) : out_(out), stacks_(std::make_unique<Stacks>()) {}
ValueOut::~ValueOut() = default;

bool ValueOut::Key(std::string_view key, DocumentBuilder::KeyId& id, bool exact) {
  const auto address = reinterpret_cast<uintptr_t>(key.data());
  CachedKey& cached = keys_[(address ^ (address >> 7)) % kCachedKeys];
  if (cached.text == key.data() && cached.size == key.size() && cached.text != nullptr) {
    id = cached.id;
    return true;
  }
  if (!exact && structured::FindInvalidUtf8(key) != key.size()) return false;
  id = out_.b().StoreKey(key);
  cached = CachedKey{key.data(), key.size(), id};
  return true;
}

DocumentBuilder::KeyId ValueOut::ExactKeys::Map(std::string_view key) {
  DocumentBuilder::KeyId id{};
  out.Key(key, id, true);
  return id;
}

namespace {

// Writes a value or a marker tree (after_unknown, before/after_sensitive): `leaf` puts
// what a position holds, or says to descend into an array or object; object members `omit`
// answers true for are left out. Keys are written as Go's JSON holds them (RepairedMembers).
// Returns false when a leaf failed, with the path to it in out.stacks().failed.
template <typename View, typename PutLeaf, typename Omit>
bool PutMarkers(ValueOut& out, uint32_t at, const View& view, const PutLeaf& leaf, const Omit& omit);

// An object's members `omit` keeps whose keys are not all valid UTF-8, as Go's JSON holds
// them: each invalid byte U+FFFD (the text `show -json` writes), then ordered by key and,
// of keys now equal, the last one kept (as Go reads an object whose keys repeat, and as
// the document's index of an object by key needs).
template <typename View, typename PutLeaf, typename Omit>
bool PutRepairedMembers(ValueOut& out, uint32_t at, const View& view, const PutLeaf& leaf, const Omit& omit) {
  DocumentBuilder& b = out.b();
  std::vector<std::pair<std::string, View>> members;  // (key as Go holds it, member)
  std::string scratch;
  view.ForEachMember([&](std::string_view key, const View& child) {
    if (!omit(child)) members.emplace_back(structured::GoJsonText(key, scratch), child);
  });
  std::stable_sort(members.begin(), members.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  size_t count = 0;
  for (size_t k = 0; k < members.size(); ++k) {
    if (k + 1 < members.size() && members[k + 1].first == members[k].first) continue;
    if (count != k) members[count] = std::move(members[k]);
    ++count;
  }
  members.erase(members.begin() + static_cast<std::ptrdiff_t>(count), members.end());
  uint32_t first = b.ReserveObject(count);
  if (b.failed()) return true;
  for (size_t k = 0; k < count; ++k) {
    const uint32_t member = first + 3 * static_cast<uint32_t>(k);
    b.PutKey(member, b.StoreKey(members[k].first));
    if (!PutMarkers(out, member + 1, members[k].second, leaf, omit)) {
      out.stacks().failed.push_back({wire::PathStep::Kind::kKey, std::move(members[k].first), 0});
      return false;
    }
  }
  b.PutObject(at, first, count);
  return true;
}

template <typename View, typename PutLeaf, typename Omit>
bool PutMarkers(ValueOut& out, uint32_t at, const View& view, const PutLeaf& leaf, const Omit& omit) {
  if (const Leaf put = leaf(out, at, view); put != Leaf::kDescend) return put == Leaf::kPut;
  DocumentBuilder& b = out.b();
  if (view.kind() == Node::Kind::kArray) {
    const size_t n = view.size();
    uint32_t first = b.ReserveArray(n);
    if (b.failed()) return true;
    for (size_t i = 0; i < n; ++i) {
      if (!PutMarkers(out, first + 2 * static_cast<uint32_t>(i), view.child(i), leaf, omit)) {
        out.stacks().failed.push_back({wire::PathStep::Kind::kIndex, {}, i});
        return false;
      }
    }
    b.PutArray(at, first, n);
    return true;
  }
  // The members kept, with their stored keys, wait on the stack (the walk below pushes
  // its own above them) until the object is reserved.
  std::vector<Kept<View>>& stack = out.stacks().template Of<View>();
  const size_t base = stack.size();
  // However this object ends, its members leave the stack.
  struct Pop {
    std::vector<Kept<View>>& stack;
    size_t base;
    ~Pop() { stack.erase(stack.begin() + static_cast<std::ptrdiff_t>(base), stack.end()); }
  } pop{stack, base};
  bool valid_keys = true;
  view.ForEachMember([&](std::string_view key, const View& child) {
    if (omit(child)) return;
    Kept<View>& kept = stack.emplace_back(Kept<View>{child, key});
    valid_keys = valid_keys && out.Key(key, kept.id, view.exact());
  });
  const size_t count = stack.size() - base;
  if (!valid_keys) return PutRepairedMembers(out, at, view, leaf, omit);
  uint32_t first = b.ReserveObject(count);
  if (b.failed()) return true;
  for (size_t k = 0; k < count; ++k) {
    const Kept<View> kept = stack[base + k];  // a copy: the stack grows below
    const uint32_t member = first + 3 * static_cast<uint32_t>(k);
    b.PutKey(member, kept.id);
    if (!PutMarkers(out, member + 1, kept.view, leaf, omit)) {
      out.stacks().failed.push_back({wire::PathStep::Kind::kKey, std::string(kept.key), 0});
      return false;
    }
  }
  b.PutObject(at, first, count);
  return true;
}

// The value itself: containers walked as the marker trees are, members that are unknown
// left out (and elements that are, null); strings as Go's JSON holds them.
template <typename View>
bool PutValueAt(ValueOut& out, uint32_t at, const View& view) {
  return PutMarkers(
      out, at, view,
      [](ValueOut& o, uint32_t slot, const View& v) {
        DocumentBuilder& b = o.b();
        switch (v.kind()) {
          case Node::Kind::kNull:
          case Node::Kind::kUnknown: b.PutNull(slot); return Leaf::kPut;
          case Node::Kind::kBool: b.PutBool(slot, v.as_bool()); return Leaf::kPut;
          case Node::Kind::kNumber:
            // `show -json` cannot write an infinity (cty's JSON fails on it).
            if (!v.exact() && wire::IsInfinity(v.text())) return Leaf::kFailed;
            b.PutNumber(slot, v.text());
            return Leaf::kPut;
          case Node::Kind::kString: {
            if (v.exact()) {
              b.PutString(slot, v.text());
              return Leaf::kPut;
            }
            std::string scratch;
            b.PutString(slot, structured::GoJsonText(v.text(), scratch));
            return Leaf::kPut;
          }
          case Node::Kind::kArray:
          case Node::Kind::kObject:
            // A decoded value wholly known from here on is copied from its document as it is:
            // word by word when nothing in it needs repair, else walked.
            if constexpr (std::is_same_v<View, WireView>) {
              if (v.WhollyKnown()) {
                if (!v.exact()) {
                  return PutValueAt(o, slot, CopyView(v.value(), false)) ? Leaf::kPut : Leaf::kFailed;
                }
                o.b().PutCopy(slot, v.value(), o.exact_keys());
                return Leaf::kPut;
              }
            }
            return Leaf::kDescend;
        }
        return Leaf::kPut;
      },
      [](const View& v) { return v.kind() == Node::Kind::kUnknown; });
}

template <typename View>
void PutUnknownMarkersAt(ValueOut& out, uint32_t at, const View& view) {
  // Markers are bools and containers only: this walk cannot fail.
  PutMarkers(
      out, at, view,
      [](ValueOut& o, uint32_t slot, const View& v) {
        if (IsContainer(v.kind())) {
          // A decoded value wholly known from here on: its containers, walked in its document.
          if constexpr (std::is_same_v<View, WireView>) {
            if (v.WhollyKnown()) {
              PutUnknownMarkersAt(o, slot, CopyView(v.value(), v.exact()));
              return Leaf::kPut;
            }
          }
          return Leaf::kDescend;
        }
        o.b().PutBool(slot, v.kind() == Node::Kind::kUnknown);
        return Leaf::kPut;
      },
      // An unknown's marker is `true`, a container's a container: only others are `false`.
      [](const View& v) { return v.kind() != Node::Kind::kUnknown && !IsContainer(v.kind()); });
}

template <typename View>
void PutSensitiveMarkersAt(ValueOut& out, uint32_t at, const View& view) {
  // Markers are bools and containers only: this walk cannot fail.
  PutMarkers(
      out, at, view,
      [](ValueOut& o, uint32_t slot, const View& v) {
        DocumentBuilder& b = o.b();
        if (v.sensitive()) {
          b.PutBool(slot, true);
          return Leaf::kPut;
        }
        const Node::Kind kind = v.kind();
        if (IsContainer(kind)) {
          // A decoded value with nothing marked, wholly known from here on: its
          // containers, walked in its document.
          if constexpr (std::is_same_v<View, WireView>) {
            if (v.NoneSensitive() && v.WhollyKnown()) {
              PutSensitiveMarkersAt(o, slot, CopyView(v.value(), v.exact()));
              return Leaf::kPut;
            }
          }
          return Leaf::kDescend;
        }
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
      });
}

// The value at `at`, or the error naming where in it writing failed.
template <typename View>
base::Expected<void> PutValueChecked(ValueOut& out, uint32_t at, const View& view) {
  std::vector<wire::PathStep>& failed = out.stacks().failed;
  failed.clear();
  if (PutValueAt(out, at, view)) return {};
  std::vector<wire::PathStep> path(failed.rbegin(), failed.rend());
  return base::Error(wire::WireError{std::move(path), 0, false, "cannot serialize infinity as JSON"}.ToString());
}

}  // namespace

WireView::WireView(const MarkedValue& marked, Value value, Value unknown, const Type& declared)
    : marked_(&marked), value_(value), unknown_(unknown), type_(&declared) {
  if (declared.kind() == Type::Kind::kDynamic) {
    if (const Type* runtime = marked.wire.DynamicTypeOf(value)) type_ = runtime;
  }
}

WireView WireView::child(size_t i) const {
  if (value_.is_array()) {
    const Type* element = &DynamicType();
    if (type_->kind() == Type::Kind::kTuple) {
      if (i < type_->elements().size()) element = &type_->elements()[i];
    } else if (type_->is_collection()) {
      element = &type_->element();
    }
    return WireView(*marked_, value_.at(i), wire::UnknownChild(unknown_, i), *element);
  }
  structured::Member m = value_.member(i);
  return WireView(*marked_, m.value, wire::UnknownChild(unknown_, m.key), MemberType(i, m.key));
}

const Type& WireView::MemberType(size_t i, std::string_view key) const {
  if (type_->kind() == Type::Kind::kObject) {
    // Members and attributes are both in key order: usually the i-th is the i-th.
    const auto& attributes = type_->attributes();
    if (i < attributes.size() && attributes[i].first == key) return attributes[i].second;
    if (const Type* a = type_->attribute(key)) return *a;
  } else if (type_->is_collection()) {
    return type_->element();
  }
  return DynamicType();
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

base::Expected<void> PutValue(ValueOut& out, uint32_t at, const NodeView& view) {
  return PutValueChecked(out, at, view);
}
base::Expected<void> PutValue(ValueOut& out, uint32_t at, const WireView& view) {
  return PutValueChecked(out, at, view);
}
void PutUnknownMarkers(ValueOut& out, uint32_t at, const NodeView& view) { PutUnknownMarkersAt(out, at, view); }
void PutUnknownMarkers(ValueOut& out, uint32_t at, const WireView& view) { PutUnknownMarkersAt(out, at, view); }
void PutSensitiveMarkers(ValueOut& out, uint32_t at, const NodeView& view) { PutSensitiveMarkersAt(out, at, view); }
void PutSensitiveMarkers(ValueOut& out, uint32_t at, const WireView& view) { PutSensitiveMarkersAt(out, at, view); }

void PutCopy(DocumentOut& out, uint32_t at, Value value) {
  ValueOut values(out);
  PutValueAt(values, at, CopyView(value));  // parsed JSON holds no infinity: cannot fail
}

namespace {

template <typename Put>
void AppendNodeJson(const Node& node, std::string& text, const Put& put) {
  DocumentBuilder b(PlanNames(), nullptr);
  DocumentOut out(b);
  ValueOut values(out);
  uint32_t root = b.ReserveValue();
  put(values, root, NodeView(node));
  std::shared_ptr<const structured::Document> doc = b.FinishAt(root);
  // A Node is decoded from at most max_inflated_bytes of input: far from the document's
  // 4 GiB.
  structured::AppendCompactJson(text, doc ? doc->root() : Value());
}

}  // namespace

void AppendValueJson(const Node& node, std::string& out) {
  // The node is read from JSON (the prior state), which holds no infinity: cannot fail.
  AppendNodeJson(node, out, [](ValueOut& o, uint32_t at, const NodeView& v) { PutValueAt(o, at, v); });
}

void AppendSensitiveJson(const Node& node, std::string& out) {
  AppendNodeJson(node, out, [](ValueOut& o, uint32_t at, const NodeView& v) { PutSensitiveMarkers(o, at, v); });
}

}  // namespace planview::planfile::internal
