// A type constraint compiled for decoding: the Type tree with what the decoders ask at
// every value precomputed (kind, whether `dynamic` occurs inside, the attributes' stored
// keys in both output documents), and the types met in `dynamic` headers, each parsed once
// and numbered (the number is the type's slot in WireValue::types).
#ifndef PLANVIEW_WIRE_INTERNAL_TYPE_PLAN_H_
#define PLANVIEW_WIRE_INTERNAL_TYPE_PLAN_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "structured/cty_type.h"
#include "structured/document_builder.h"

namespace planview::wire::internal {

using structured::DocumentBuilder;
using structured::Type;

struct TypePlan;

struct AttributePlan {
  std::string_view name;  // owned by the Type
  const TypePlan* plan = nullptr;
  DocumentBuilder::KeyId value_key{};   // decoding: the name stored in the value document (see ValueKey)
  DocumentBuilder::KeyId marker_key{};  // and in the unknown-marker document
  std::string packed_name;              // encoding: the name as a MessagePack string
  // Decoding: names up to 15 bytes as their fixstr bytes (header and name), zero padded, and
  // the mask of the bytes used, so that the decoder can match a key with two word compares.
  bool short_key = false;
  uint64_t key_words[2] = {0, 0};
  uint64_t key_masks[2] = {0, 0};
};

struct TypePlan {
  Type::Kind kind = Type::Kind::kDynamic;
  const Type* type = nullptr;  // owned by TypePlans
  // Dynamic somewhere inside: list, set and map elements must then be unified.
  bool has_dynamic = false;
  // List/set/map: the element; tuple: `elements`; object: `attributes` sorted by name.
  const TypePlan* element = nullptr;
  std::vector<const TypePlan*> elements;
  std::vector<AttributePlan> attributes;

  bool is_collection() const {
    return kind == Type::Kind::kList || kind == Type::Kind::kSet || kind == Type::Kind::kMap;
  }
  // A list, set or map whose elements must share one runtime type.
  bool unifies() const { return is_collection() && element->has_dynamic; }
  // A set whose elements order and compare by value rather than by their hash text.
  bool primitive_set() const {
    return kind == Type::Kind::kSet && (element->kind == Type::Kind::kString ||
                                        element->kind == Type::Kind::kNumber || element->kind == Type::Kind::kBool);
  }
  // Object: the attribute's position, or -1.
  int AttributeIndex(std::string_view name) const;
};

// Owns the plans of one decode or encode. When decoding, attribute keys are stored in the
// two builders as plans are made.
class TypePlans {
 public:
  TypePlans() = default;
  // `value_key_base`: what the value builder's key ids count from (the size of its source,
  // when the plans are shared between decodes: ForRoot); AttributePlan::value_key is
  // relative to it.
  TypePlans(DocumentBuilder& value, DocumentBuilder& marker, uint32_t value_key_base = 0)
      : value_(&value), marker_(&marker), value_key_base_(value_key_base) {}
  TypePlans(const TypePlans&) = delete;
  TypePlans& operator=(const TypePlans&) = delete;

  // The attribute's key in the value builder.
  DocumentBuilder::KeyId ValueKey(const AttributePlan& a) const {
    return static_cast<DocumentBuilder::KeyId>(static_cast<uint32_t>(a.value_key) + value_key_base_);
  }

  // The plan of a type, made once per Type object (which must outlive the plans).
  const TypePlan& For(const Type& type);
  // Decoding: the plan of the declared type, asked for before anything else is stored in
  // the builders. A plan this thread made for an equal type before is reused: the text
  // its keys were stored as is stored again in one piece, so they get the same ids.
  const TypePlan& ForRoot(const Type& type);
  // The plan of a type that may not outlive the call: a copy is kept.
  const TypePlan& ForCopy(const Type& type) { return Make(owned_.emplace_back(type)); }

  struct Dynamic {
    const TypePlan* plan = nullptr;
    uint32_t slot = 0;  // index into types()
  };
  struct TypeError {
    bool bad_json = false;  // the text is not JSON (else: JSON but not a type)
    std::string message;
  };
  // The type a dynamic value's header names, by its JSON text: nullopt and `error` set when
  // the text is not a type.
  std::optional<Dynamic> FromJson(std::string_view json, TypeError& error);
  // The slot of a type made outside a header (unified element types).
  uint32_t Slot(const Type& type);

  std::vector<Type>& types() { return types_; }
  // True when every attribute name stored in the value builder so far is valid UTF-8.
  bool keys_valid_utf8() const { return keys_valid_utf8_; }

 private:
  const TypePlan& Make(const Type& type) { return Make(type, plans_); }
  DocumentBuilder::KeyId RelativeKey(DocumentBuilder::KeyId id) const {
    return static_cast<DocumentBuilder::KeyId>(static_cast<uint32_t>(id) - value_key_base_);
  }
  const TypePlan& Make(const Type& type, std::deque<TypePlan>& plans);

  // ForRoot's plans, shared with the thread's cache.
  struct Compiled;
  std::shared_ptr<const Compiled> root_;

  DocumentBuilder* value_ = nullptr;
  DocumentBuilder* marker_ = nullptr;
  bool keys_valid_utf8_ = true;
  uint32_t value_key_base_ = 0;
  std::deque<TypePlan> plans_;
  std::unordered_map<const Type*, const TypePlan*> by_address_;
  std::deque<Type> owned_;
  std::vector<Type> types_;
  struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  std::unordered_map<std::string, Dynamic, TextHash, std::equal_to<>> by_json_;
};

}  // namespace planview::wire::internal

#endif  // PLANVIEW_WIRE_INTERNAL_TYPE_PLAN_H_
