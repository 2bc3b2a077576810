// One resource instance of a `show -json` state, as `tofu show` / `terraform show` print
// it: the comment line (`# ADDRESS:`, `# ADDRESS: (tainted)` or
// `# ADDRESS: (deposed object KEY)`) and `resource "TYPE" "NAME" {...}` (`data` for a data
// source), its values diffed against their schema as an unchanged object. Whose rules
// apply is the profile in the render options (change/profile.h): Terraform's reads empty
// strings as null for legacy-SDK schemas (so `path = ""` shows as `path = null` and a map's
// "" as `null`) and shows a string as jsonencode(...) only when all of it is JSON.
//
// RenderStateResource looks the schema up in `schemas`, which caches (one thread at a
// time); RenderStateResourceWithSchema, given the block, reads only its arguments and
// writes to the caller's `out` and `warnings`, so resources may be rendered on several
// threads at once, each with its own text and warnings (merged in order with
// Warnings::Append).
#ifndef PLANVIEW_RENDERER_STATE_RESOURCE_H_
#define PLANVIEW_RENDERER_STATE_RESOURCE_H_

#include <memory>
#include <string>
#include <string_view>

#include "base/expected.h"
#include "change/colorize.h"
#include "change/diff.h"
#include "renderer/options.h"
#include "renderer/schema_source.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::renderer {

// The change renderer's options for a state under `options` (every attribute shown, no
// action symbols, the product's profile), colourised by `colorize` (which must outlive
// them).
change::RenderOpts StateRenderOpts(const change::Colorize& colorize, const Options& options);

// Appends the resource at `resource` (JSON path `path`, e.g.
// "$.values.root_module.resources[3]") to `out`, ending in a newline. A malformed resource
// (a field of the wrong type) is an input error naming its JSON path, and nothing is
// appended. A resource the schemas lack, or whose values contradict its schema, is
// rendered from its values with a warning; a mode other than managed or data is not
// rendered (its comment line and a blank line are) and is warned about.
// The input error RenderStateResource would give for the resource at `resource`, or
// success: its fields alone are read (nothing is diffed), so a document can be checked
// whole before any of its text is sent.
base::Expected<void> CheckStateResource(structured::Value resource, std::string_view path);

base::Expected<void> RenderStateResource(structured::Value resource, std::string_view path,
                                         const SchemaSource& schemas, const change::RenderOpts& opts,
                                         std::string& out, Warnings& warnings);

// RenderStateResource in two steps, for rendering on several threads: the schema lookup
// (SchemaSource caches what it finds, so lookups run on one thread, in document order),
// for a resource CheckStateResource accepts: the block its values are diffed against
// (null: none, or a mode that is not rendered), with the lookup's warnings; then the
// rendering with that block, which may run on any thread.
std::shared_ptr<const structured::Block> FindStateResourceSchema(structured::Value resource,
                                                                 const SchemaSource& schemas, Warnings& warnings);
base::Expected<void> RenderStateResourceWithSchema(structured::Value resource, std::string_view path,
                                                   const structured::Block* block, const change::RenderOpts& opts,
                                                   std::string& out, Warnings& warnings);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_STATE_RESOURCE_H_
