// The plan-rendering fuzz targets' common step: render a document the way `planview FILE`
// does and check the outcome's shape.
#ifndef PLANVIEW_FUZZ_RENDER_CHECK_H_
#define PLANVIEW_FUZZ_RENDER_CHECK_H_

#include <string>
#include <string_view>

#include "structured/schema.h"

namespace planview::fuzz {

// Renders `text` with `schemas` (may be null), picking the mode, colour and width from the
// input's size so that every input always renders the same way. Checks that an error is
// one line naming the file, that warnings are one line each, and that a failed render
// leaves no output.
void RenderAndCheck(std::string text, const structured::ProviderSchemas* schemas, std::string_view format_version);

}  // namespace planview::fuzz

#endif  // PLANVIEW_FUZZ_RENDER_CHECK_H_
