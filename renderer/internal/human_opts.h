// The change renderer's options for `tofu show`'s text under `options`, colourised by
// `colorize` (which must outlive them).
#ifndef PLANVIEW_RENDERER_INTERNAL_HUMAN_OPTS_H_
#define PLANVIEW_RENDERER_INTERNAL_HUMAN_OPTS_H_

#include "change/colorize.h"
#include "change/diff.h"
#include "renderer/options.h"

namespace planview::renderer::internal {

inline change::RenderOpts HumanOpts(const change::Colorize& colorize, const Options& options) {
  change::RenderOpts opts;
  opts.colorize = &colorize;
  opts.profile = &options.profile();
  opts.show_sensitive = options.show_sensitive;
  opts.outline = options.outline;
  return opts;
}

}  // namespace planview::renderer::internal

#endif  // PLANVIEW_RENDERER_INTERNAL_HUMAN_OPTS_H_
