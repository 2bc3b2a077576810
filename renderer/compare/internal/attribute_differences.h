// The attribute walk of the plan comparison: two plans' changes of one value (a
// resource's or an output's), walked side by side.
#ifndef PLANVIEW_RENDERER_COMPARE_INTERNAL_ATTRIBUTE_DIFFERENCES_H_
#define PLANVIEW_RENDERER_COMPARE_INTERNAL_ATTRIBUTE_DIFFERENCES_H_

#include <vector>

#include "renderer/compare/internal/schema_cursor.h"
#include "renderer/compare/plan_comparison.h"
#include "structured/change.h"

namespace planview::renderer::compare::internal {

// Appends, in path order, every attribute at which one plan proposes a change and the two
// plans' before/after pairs differ. Objects are walked by key and lists and tuples by
// index while all four values (before and after in each plan) agree in shape; sets that
// `schema` knows (with no unknown or sensitive part) by element value; where the values
// do not agree, or at a scalar, an unknown or a wholly sensitive value, the attribute is
// compared whole. Each node is visited once.
void AppendAttributeDifferences(const structured::Change& old_change, const structured::Change& new_change,
                                const SchemaCursor& schema, std::vector<AttributeDifference>& out);

}  // namespace planview::renderer::compare::internal

#endif  // PLANVIEW_RENDERER_COMPARE_INTERNAL_ATTRIBUTE_DIFFERENCES_H_
