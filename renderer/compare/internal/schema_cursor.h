// Where a value sits in its resource's schema, for the comparison's walk: which arrays are
// sets (compared by element value, not by index). Follows blocks, nested blocks, attributes
// with nested types and cty types down to any depth; knows nothing without a schema, or
// once the values leave it (every array is then taken for a list).
#ifndef PLANVIEW_RENDERER_COMPARE_INTERNAL_SCHEMA_CURSOR_H_
#define PLANVIEW_RENDERER_COMPARE_INTERNAL_SCHEMA_CURSOR_H_

#include <cstddef>
#include <string_view>

#include "structured/cty_type.h"
#include "structured/schema.h"

namespace planview::renderer::compare::internal {

class SchemaCursor {
 public:
  SchemaCursor() = default;  // knows nothing
  explicit SchemaCursor(const structured::Block* block) : block_(block) {}

  // The member `key` of an object (an attribute, a nested block, a map element).
  SchemaCursor Key(std::string_view key) const;
  // Element `index` of a list, set or tuple.
  SchemaCursor Index(size_t index) const;
  // Whether the value here is a set.
  bool IsSet() const;

 private:
  static SchemaCursor OfAttribute(const structured::Attribute& attribute);

  // At most one of these is set; none: nothing known.
  const structured::Block* block_ = nullptr;               // an object of a block's attributes
  const structured::BlockType* block_collection_ = nullptr;  // a list, set or map of blocks
  const structured::NestedType* nested_object_ = nullptr;  // one object of a nested type
  const structured::NestedType* nested_collection_ = nullptr;  // a list, set or map of them
  const structured::Type* type_ = nullptr;                  // a value of a cty type
};

}  // namespace planview::renderer::compare::internal

#endif  // PLANVIEW_RENDERER_COMPARE_INTERNAL_SCHEMA_CURSOR_H_
