// `tofu show` / `terraform show` of a state: every resource instance of every module
// (state_resource.h), then the root module's outputs, from a `show -json` state document,
// with the rules of options.product's profile (change/profile.h).
#ifndef PLANVIEW_RENDERER_STATE_RENDERER_H_
#define PLANVIEW_RENDERER_STATE_RENDERER_H_

#include <functional>
#include <string>
#include <string_view>

#include "base/executor.h"
#include "base/expected.h"
#include "renderer/options.h"
#include "renderer/schema_source.h"
#include "structured/json_value.h"

namespace planview::renderer {

using StateSink = std::function<void(std::string_view)>;

// Renders the state at `root` into `out`. `provider_format_version` is the schemas'
// format version ("" if unknown). An input error (json_fields.h) naming the JSON path of
// the first malformed part, found before any text is rendered (`out` and `sink` get
// nothing then); resources without a schema are rendered from their values, with a
// warning. Resources are diffed and rendered a batch at a time on `executor`'s threads
// (null: this thread only); with a `sink`, `out` is handed to it in order, in chunks of
// about 1 MB, as the batches are done (what is left stays in `out`), so the text of the
// whole state is never held.
base::Expected<void> RenderState(structured::Value root, const SchemaSource& schemas,
                                 std::string_view provider_format_version, const Options& options, std::string& out,
                                 Warnings& warnings, base::Executor* executor = nullptr,
                                 const StateSink& sink = {});

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_STATE_RENDERER_H_
