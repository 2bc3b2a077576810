// planview's presentations of a plan beyond `tofu show`: the summary table, filters,
// verbosity and the output formats (output_format.h). ApplyFormat wires them into a
// DocumentRequest; with default FormatOptions the request is left as it was, so the
// output stays byte-identical to `tofu show`. Formats apply to plans; states and logs are
// rendered as usual.
#ifndef PLANVIEW_RENDERER_FORMATS_PRESENTER_H_
#define PLANVIEW_RENDERER_FORMATS_PRESENTER_H_

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "renderer/formats/filter.h"
#include "renderer/formats/output_format.h"
#include "renderer/render_document.h"

namespace planview::renderer::formats {

inline constexpr size_t kDefaultMaxBytes = 65536;  // GitHub's comment limit

struct FormatOptions {
  OutputFormat format = OutputFormat::kText;
  bool summary = false;       // text: the summary table before the detail
  bool summary_only = false;  // text: only the summary table
  bool verbose = false;       // unchanged attributes and blocks too
  ResourceFilter filter;
  size_t max_bytes = kDefaultMaxBytes;  // markdown: the size budget (renderer/formats/budget.h)
  // markdown, --split: when set, the comment's parts (renderer/formats/split.h) go here
  // instead of the output.
  std::function<void(std::vector<std::string> parts)> split_sink;
  DriftDisplay drift = DriftDisplay::kShow;  // every format: the drift section whole, summarised or hidden

  bool IsDefault() const {
    return format == OutputFormat::kText && !summary && !summary_only && !verbose && !filter.Active() &&
           drift == DriftDisplay::kShow;
  }
};

void ApplyFormat(const FormatOptions& format, DocumentRequest& request);

// The text presentation (summary table and/or `tofu show`'s document).
void RenderText(const PlanContext& plan, const FormatOptions& format, std::string& out);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_PRESENTER_H_
