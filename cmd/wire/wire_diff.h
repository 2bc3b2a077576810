// `planview wire diff`: the change between a resource's prior and planned wire values,
// shown as a plan shows that resource (`  # TYPE.this will be updated in-place` and its
// block). The values go straight to the differ and the plan's resource renderer: their
// unknowns become the change's `after_unknown`, the schema's sensitive attributes its
// sensitivity markers, and the resource is named `TYPE.this`.
#ifndef PLANVIEW_CMD_WIRE_WIRE_DIFF_H_
#define PLANVIEW_CMD_WIRE_WIRE_DIFF_H_

#include <string>
#include <string_view>

#include "base/expected.h"
#include "structured/schema.h"
#include "wire/wire_value.h"

namespace planview::cmd {

struct WireDiffRequest {
  const structured::Schema* schema = nullptr;  // the resource type's
  std::string_view provider;                   // its provider's address (it picks the product)
  std::string_view resource_type;
  std::string_view schemas_format_version;     // the schemas file's `format_version`
};

// The rendered text, ending in a newline, without colour. When nothing changes (both values
// equal, or both null) it is what a plan without changes says. The differ's error when the
// values do not fit the schema.
base::Expected<std::string> RenderWireDiff(const WireDiffRequest& request, const wire::WireValue& prior,
                                           const wire::WireValue& planned);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_WIRE_WIRE_DIFF_H_
