// Why a resource appears in a plan, as the presentations quote it: the notes `tofu show`
// prints above the resource ("aws_instance.a will be created", "(because ...)"; see
// renderer/resource_note.h) as plain text, one entry per line upstream prints.
#ifndef PLANVIEW_RENDERER_FORMATS_REASONS_H_
#define PLANVIEW_RENDERER_FORMATS_REASONS_H_

#include <string>
#include <vector>

#include "renderer/options.h"
#include "renderer/resource_change.h"

namespace planview::renderer::formats {

std::vector<std::string> ReasonLines(const ResourceChange& r, ChangeCause cause, Product product);

// The reason lines joined by single spaces (a proposed change's unless `cause` says drift).
std::string Reason(const ResourceChange& r, Product product, ChangeCause cause = ChangeCause::kProposed);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_REASONS_H_
