// --split: a plan's Markdown comment as several comments, each at most `max_bytes` bytes,
// together holding every change's whole diff. Each says "part i of N" in its title; a
// group taken up again in a later part gets its heading again, "(continued)". A diff too
// large for one comment is cut (at line breaks where it can) into pieces in consecutive
// parts, each piece in its own code block, the ones after the first marked "(continued)";
// a note after each piece but the last says that it continues (and when a line longer than
// half a comment was cut, that it continues mid-line).
// A plan that fits in one comment gives that comment unchanged, as the only part.
#ifndef PLANVIEW_RENDERER_FORMATS_SPLIT_H_
#define PLANVIEW_RENDERER_FORMATS_SPLIT_H_

#include <string>
#include <vector>

#include "renderer/formats/presenter.h"

namespace planview::renderer::formats {

std::vector<std::string> RenderMarkdownParts(const PlanContext& plan, const FormatOptions& format);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_SPLIT_H_
