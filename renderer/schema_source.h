// Finds the block schema of each resource, falling back to a layout inferred from the
// resource's own values when the provider schemas lack it (or were not given at all).
#ifndef PLANVIEW_RENDERER_SCHEMA_SOURCE_H_
#define PLANVIEW_RENDERER_SCHEMA_SOURCE_H_

#include <initializer_list>
#include <memory>
#include <string_view>

#include "renderer/options.h"
#include "structured/change.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::renderer {

// A block whose attributes are every key found in any of `values` (objects; anything
// else is ignored), each optional and of dynamic type, so the differ renders them from
// the JSON itself. Nested blocks cannot be told apart from attributes this way.
std::shared_ptr<const structured::Block> InferBlock(std::initializer_list<structured::Value> values);

class SchemaSource {
 public:
  // `schemas` may be null (no schemas given); it must outlive this object.
  explicit SchemaSource(const structured::ProviderSchemas* schemas) : schemas_(schemas) {}

  // The schema block of a resource, or nullptr when it must be inferred. A miss adds a
  // warning naming `address` (or, without schemas at all, one note for the document).
  std::shared_ptr<const structured::Block> Find(std::string_view provider, structured::ResourceMode mode,
                                                std::string_view type, std::string_view address,
                                                Warnings& warnings) const;
  // The config block of an action type (Terraform's `action_schemas`), likewise.
  std::shared_ptr<const structured::Block> FindAction(std::string_view provider, std::string_view type,
                                                      std::string_view address, Warnings& warnings) const;

 private:
  const structured::ProviderSchemas* schemas_;
};

// The one-line note printed when a document is rendered without schemas.
std::string_view NoSchemasNote();

// When the values of a change disagree with `block` in a way the diff renders anyway (as
// upstream does, hiding a real change: see differ/schema_mismatch.h), warns once for the
// resource, naming the place: "ADDRESS: the values do not match the schema (PATH: ...);
// rendered as upstream renders them". The rendered text is left as it is.
void WarnOfSchemaMismatch(std::string_view address, const structured::Change& change, const structured::Block& block,
                          Warnings& warnings);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_SCHEMA_SOURCE_H_
