// Terraform's action invocations with the diffs of their configurations: those a resource
// change triggers (listed under its block, before and after it) and those invoked from the
// command line (listed after the plan), and their text.
#ifndef PLANVIEW_RENDERER_ACTION_DIFF_H_
#define PLANVIEW_RENDERER_ACTION_DIFF_H_

#include <string>
#include <string_view>
#include <vector>

#include "change/diff.h"
#include "change/profile.h"
#include "renderer/action_invocation.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/resource_change.h"
#include "renderer/schema_source.h"

namespace planview::renderer {

// An invocation with the diff of its configuration (all unchanged; invalid when it has no
// configuration or it could not be diffed).
struct ActionDiff {
  const ActionInvocation* invocation = nullptr;
  change::Diff config;
};

// The actions `r`'s change triggers, before and after it, in Terraform's order (none
// unless `profile` has them).
void DiffTriggeredActions(const Plan& plan, const ResourceChange& r, const SchemaSource& schemas,
                          const change::Profile& profile, Warnings& warnings, std::vector<ActionDiff>& before,
                          std::vector<ActionDiff>& after);

// The actions invoked from the command line, sorted by address (none unless `profile` has them).
std::vector<ActionDiff> DiffInvokedActions(const Plan& plan, const SchemaSource& schemas,
                                           const change::Profile& profile, Warnings& warnings);

// `# Actions to be invoked {when} this change in order:` and the actions (nothing when
// there are none).
void AppendTriggeredActions(const std::vector<ActionDiff>& actions, std::string_view when, const Options& options,
                            std::string& out);

// Terraform's "will invoke" list of command-line invocations, joined by blank lines.
std::string RenderInvokedActions(const std::vector<ActionDiff>& invoked, const Options& options);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_ACTION_DIFF_H_
