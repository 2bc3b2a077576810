// The type a block schema implies for its values (OpenTofu's configschema ImpliedType):
// attributes by their type (nested attribute types as objects in their nesting), nested
// blocks as an object (single, group), list, set or map of objects. A list or map of
// blocks whose content has a `dynamic` attribute is `dynamic` itself (a tuple or object
// at run time).
#ifndef PLANVIEW_WIRE_IMPLIED_TYPE_H_
#define PLANVIEW_WIRE_IMPLIED_TYPE_H_

#include "structured/cty_type.h"
#include "structured/schema.h"

namespace planview::wire {

structured::Type ImpliedType(const structured::Block& block);
structured::Type ImpliedType(const structured::Attribute& attribute);

}  // namespace planview::wire

#endif  // PLANVIEW_WIRE_IMPLIED_TYPE_H_
