#include "renderer/compare/internal/schema_cursor.h"

namespace planview::renderer::compare::internal {

using structured::NestingMode;
using structured::Type;

namespace {

bool IsCollection(NestingMode mode) {
  return mode == NestingMode::kList || mode == NestingMode::kSet || mode == NestingMode::kMap;
}

}  // namespace

SchemaCursor SchemaCursor::OfAttribute(const structured::Attribute& attribute) {
  SchemaCursor cursor;
  if (attribute.nested_type) {
    (IsCollection(attribute.nested_type->nesting_mode) ? cursor.nested_collection_ : cursor.nested_object_) =
        attribute.nested_type.get();
  } else if (attribute.type) {
    cursor.type_ = &*attribute.type;
  }
  return cursor;
}

SchemaCursor SchemaCursor::Key(std::string_view key) const {
  SchemaCursor cursor;
  if (block_ != nullptr) {
    if (auto a = block_->attributes.find(key); a != block_->attributes.end()) return OfAttribute(a->second);
    if (auto b = block_->block_types.find(key); b != block_->block_types.end() && b->second.block) {
      if (IsCollection(b->second.nesting_mode)) {
        cursor.block_collection_ = &b->second;
      } else {
        cursor.block_ = b->second.block.get();
      }
    }
  } else if (nested_object_ != nullptr) {
    if (auto a = nested_object_->attributes.find(key); a != nested_object_->attributes.end()) {
      return OfAttribute(a->second);
    }
  } else if (block_collection_ != nullptr && block_collection_->nesting_mode == NestingMode::kMap) {
    cursor.block_ = block_collection_->block.get();
  } else if (nested_collection_ != nullptr && nested_collection_->nesting_mode == NestingMode::kMap) {
    cursor.nested_object_ = nested_collection_;
  } else if (type_ != nullptr) {
    if (type_->kind() == Type::Kind::kObject) {
      cursor.type_ = type_->attribute(key);
    } else if (type_->kind() == Type::Kind::kMap) {
      cursor.type_ = &type_->element();
    }
  }
  return cursor;
}

SchemaCursor SchemaCursor::Index(size_t index) const {
  SchemaCursor cursor;
  if (block_collection_ != nullptr && block_collection_->nesting_mode != NestingMode::kMap) {
    cursor.block_ = block_collection_->block.get();
  } else if (nested_collection_ != nullptr && nested_collection_->nesting_mode != NestingMode::kMap) {
    cursor.nested_object_ = nested_collection_;
  } else if (type_ != nullptr) {
    if (type_->kind() == Type::Kind::kList || type_->kind() == Type::Kind::kSet) {
      cursor.type_ = &type_->element();
    } else if (type_->kind() == Type::Kind::kTuple && index < type_->elements().size()) {
      cursor.type_ = &type_->elements()[index];
    }
  }
  return cursor;
}

bool SchemaCursor::IsSet() const {
  if (block_collection_ != nullptr) return block_collection_->nesting_mode == NestingMode::kSet;
  if (nested_collection_ != nullptr) return nested_collection_->nesting_mode == NestingMode::kSet;
  return type_ != nullptr && type_->kind() == Type::Kind::kSet;
}

}  // namespace planview::renderer::compare::internal
