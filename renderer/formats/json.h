// --format json: the diff model as one JSON document, for tools that embed it without
// C++. The schema is documented in docs/json-format.md.
#ifndef PLANVIEW_RENDERER_FORMATS_JSON_H_
#define PLANVIEW_RENDERER_FORMATS_JSON_H_

#include <string>

#include "renderer/formats/presenter.h"

namespace planview::renderer::formats {

inline constexpr std::string_view kJsonFormatVersion = "1.0";

// One JSON document and a newline. Sensitive values are replaced by {"redacted": true}
// unless options.show_sensitive.
void RenderJson(const PlanContext& plan, const FormatOptions& format, std::string& out);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_JSON_H_
