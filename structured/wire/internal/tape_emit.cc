// Tape -> WireValue: the value document, the unknown marker tree and the side tables.
#include <algorithm>
#include <charconv>
#include <utility>

#include "structured/wire/internal/tape.h"
#include "structured/wire/number.h"

namespace planview::structured::wire::internal {
namespace {

bool IsLeafMarkerFalse(const Node& n) {
  switch (n.tag) {
    case Tag::kArray:
    case Tag::kObject:
    case Tag::kUnknown: return false;
    default: return true;
  }
}

class Emitter {
 public:
  Emitter(const Tape& tape, std::string_view source, std::shared_ptr<const void> owner)
      : tape_(tape), source_(source), value_(source, std::move(owner)) {
    value_.Reserve(tape.nodes.size());
  }

  void Emit(uint32_t index, const Type& declared, bool marker) {
    const Node& n = tape_.nodes[index];
    uint32_t seq = seq_++;
    const Type* type = &declared;
    if (declared.kind() == Type::Kind::kDynamic) {
      if (const Type* t = tape_.TypeOf(n)) {
        types_.emplace_back(seq, *t);
        type = t;
      }
    }
    char buf[24];
    switch (n.tag) {
      case Tag::kNull: value_.Null(); break;
      case Tag::kUnknown: {
        value_.Null();
        const Extra* e = tape_.ExtraOf(n);
        if (e != nullptr && e->refinement >= 0) refinements_.emplace_back(seq, e->refinement);
        break;
      }
      case Tag::kFalse: value_.Bool(false); break;
      case Tag::kTrue: value_.Bool(true); break;
      case Tag::kInt: {
        auto res = std::to_chars(buf, buf + sizeof buf, static_cast<int64_t>(n.payload));
        value_.Number(std::string_view(buf, static_cast<size_t>(res.ptr - buf)));
        break;
      }
      case Tag::kUint: {
        auto res = std::to_chars(buf, buf + sizeof buf, n.payload);
        value_.Number(std::string_view(buf, static_cast<size_t>(res.ptr - buf)));
        break;
      }
      case Tag::kNumber:
        value_.Number(tape_.Text(n, source_));
        if (n.flags & kFloat64) floats_.push_back(seq);
        break;
      case Tag::kString:
        if (n.flags & kInArena) {
          value_.String(tape_.Text(n, source_));
        } else {
          value_.SourceString(n.text_offset(), n.text_length());
        }
        break;
      case Tag::kArray: EmitArray(index, *type, marker); return;
      case Tag::kObject: EmitObject(index, *type, marker); return;
    }
    if (marker) unknown_.Bool(n.tag == Tag::kUnknown);
  }

  WireValue Finish() {
    WireValue wv;
    wv.value = value_.Finish();
    wv.unknown = unknown_.Finish();
    if (!refinements_.empty() || !types_.empty() || !floats_.empty()) {
      std::vector<uint32_t> node_of;
      node_of.reserve(seq_);
      Walk(wv.value->root(), node_of);
      for (auto& [seq, r] : refinements_) wv.refinements.emplace(node_of[seq], tape_.refinements[static_cast<size_t>(r)]);
      for (auto& [seq, t] : types_) wv.dynamic_types.emplace(node_of[seq], std::move(t));
      for (uint32_t seq : floats_) wv.float64_numbers.insert(node_of[seq]);
    }
    return wv;
  }

 private:
  void EmitArray(uint32_t index, const Type& type, bool marker) {
    const Node& n = tape_.nodes[index];
    std::vector<uint32_t> children;
    children.reserve(n.payload);
    for (uint32_t c = index + 1; c < n.end; c = tape_.nodes[c].end) children.push_back(c);
    if (type.kind() == Type::Kind::kSet && children.size() > 1) {
      Type set_type = HasDynamic(type.element()) ? TapeRuntimeType(tape_, index, type) : type;
      children = CanonicalSetOrder(tape_, source_, children, set_type.element());
    }
    value_.BeginArray();
    if (marker) unknown_.BeginArray();
    for (size_t i = 0; i < children.size(); ++i) {
      const Type& et = type.kind() == Type::Kind::kTuple ? type.elements()[i] : type.element();
      Emit(children[i], et, marker);
    }
    value_.EndArray();
    if (marker) unknown_.EndArray();
  }

  void EmitObject(uint32_t index, const Type& type, bool marker) {
    const Node& n = tape_.nodes[index];
    struct M {
      std::string_view key;
      uint32_t key_node;
      uint32_t value;
    };
    std::vector<M> members;
    members.reserve(n.payload);
    for (uint32_t c = index + 1; c < n.end;) {
      uint32_t v = tape_.nodes[c].end;
      members.push_back(M{tape_.Text(tape_.nodes[c], source_), c, v});
      c = tape_.nodes[v].end;
    }
    if (n.flags & kUnsorted) {
      std::stable_sort(members.begin(), members.end(), [](const M& a, const M& b) { return a.key < b.key; });
      // Equal keys: the last one given wins.
      std::vector<M> unique;
      for (size_t i = 0; i < members.size(); ++i) {
        if (i + 1 < members.size() && members[i].key == members[i + 1].key) continue;
        unique.push_back(members[i]);
      }
      members = std::move(unique);
    }
    bool object = type.kind() == Type::Kind::kObject;
    value_.BeginObject();
    if (marker) unknown_.BeginObject();
    for (const M& m : members) {
      const Node& k = tape_.nodes[m.key_node];
      if (k.flags & kInArena) {
        value_.Key(m.key);
      } else {
        value_.SourceKey(k.text_offset(), k.text_length());
      }
      const Type* t = object ? AttributeType(type, k, m.key) : &type.element();
      bool child_marker = marker && !IsLeafMarkerFalse(tape_.nodes[m.value]);
      if (child_marker) unknown_.Key(m.key);
      Emit(m.value, t != nullptr ? *t : dynamic_, child_marker);
    }
    value_.EndObject();
    if (marker) unknown_.EndObject();
  }

  // The attribute's type: by the index the decoder recorded on the key, else by name.
  static const Type* AttributeType(const Type& type, const Node& key, std::string_view name) {
    const auto& attrs = type.attributes();
    if (key.aux != 0 && key.aux <= attrs.size() && attrs[key.aux - 1].first == name) return &attrs[key.aux - 1].second;
    return type.attribute(name);
  }

  static void Walk(Value v, std::vector<uint32_t>& out) {
    out.push_back(v.index());
    if (v.is_array()) {
      for (size_t i = 0; i < v.size(); ++i) Walk(v.at(i), out);
    } else if (v.is_object()) {
      for (size_t i = 0; i < v.size(); ++i) Walk(v.member(i).value, out);
    }
  }

  const Tape& tape_;
  std::string_view source_;
  DocumentBuilder value_;
  DocumentBuilder unknown_;
  uint32_t seq_ = 0;
  std::vector<std::pair<uint32_t, int32_t>> refinements_;
  std::vector<std::pair<uint32_t, Type>> types_;
  std::vector<uint32_t> floats_;
  Type dynamic_;
};

}  // namespace

WireValue EmitTape(const Tape& tape, const Type& type, std::string_view source, std::shared_ptr<const void> owner) {
  Emitter e(tape, source, std::move(owner));
  e.Emit(0, type, true);
  return e.Finish();
}

}  // namespace planview::structured::wire::internal
