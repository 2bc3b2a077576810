#include "renderer/action_diff.h"

#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "change/colorize.h"
#include "structured/go_text.h"
#include "differ/differ.h"
#include "renderer/internal/human_opts.h"
#include "structured/change.h"
#include "structured/path_matcher.h"

namespace planview::renderer {

namespace {

using internal::HumanOpts;

// The diff of an action's configuration: its values, unchanged, against the action's schema.
ActionDiff DiffAction(const ActionInvocation& a, const SchemaSource& schemas, const change::Profile& profile,
                      Warnings& warnings) {
  ActionDiff out{&a, {}};
  if (a.config_values.absent()) return out;
  structured::Change change;
  change.before = a.config_values;
  change.after = a.config_values;
  change.unknown = a.config_unknown;
  change.before_sensitive = a.config_sensitive;
  change.after_sensitive = a.config_sensitive;
  change.replace_paths = structured::PathMatcher::Empty(false);
  change.relevant_attributes = structured::PathMatcher::Always();
  std::shared_ptr<const structured::Block> block = schemas.FindAction(a.provider_name, a.type, a.address, warnings);
  if (!block) block = InferBlock({change.before, change.unknown, change.before_sensitive});
  base::Expected<change::Diff> config = differ::ComputeDiffForBlock(change, *block, profile);
  if (config) {
    out.config = *std::move(config);
  } else {
    warnings.Add(fmt::format("{}: cannot render this action's configuration ({})", a.address, config.error().message));
  }
  return out;
}

// Appends `text` with every line but the first indented by `spaces` (empty lines too).
void AppendIndentedExceptFirstLine(std::string& out, std::string_view text, size_t spaces) {
  size_t start = 0;
  while (true) {
    size_t end = text.find('\n', start);
    if (start > 0) out.append(spaces, ' ');
    out.append(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return;
    out.push_back('\n');
    start = end + 1;
  }
}

// `    # action.x.y` and `    action "x" "y" { config { ... } }`, ending in a newline.
void AppendActionInvocation(const ActionDiff& a, const change::Colorize& colorize, const Options& options,
                            std::string& out) {
  out += fmt::format("    # {}\n    action ", a.invocation->address);
  structured::AppendGoQuoted(out, a.invocation->type);
  out += ' ';
  structured::AppendGoQuoted(out, a.invocation->name);
  out += " {\n";
  if (!a.invocation->config_values.absent()) {
    out += "        config ";
    std::string config;
    if (a.config.valid()) {
      change::RenderOpts opts = HumanOpts(colorize, options);
      opts.show_unchanged_children = true;
      opts.hide_diff_action_symbols = true;
      opts.outline = nullptr;  // re-indented below, so its offsets would not hold
      a.config.RenderHuman(0, opts, config);
    } else {
      config = "{\n    # (planview could not render this configuration; see the warnings)\n}";
    }
    AppendIndentedExceptFirstLine(out, config, 8);
    out += '\n';
  }
  out += "    }\n";
}

}  // namespace

void DiffTriggeredActions(const Plan& plan, const ResourceChange& r, const SchemaSource& schemas,
                          const change::Profile& profile, Warnings& warnings, std::vector<ActionDiff>& before_out,
                          std::vector<ActionDiff>& after_out) {
  if (!profile.deferred_and_actions) return;
  std::vector<const ActionInvocation*> before;
  std::vector<const ActionInvocation*> after;
  for (const ActionInvocation& a : plan.action_invocations) {
    if (!a.lifecycle || a.triggering_resource != r.address) continue;
    if (a.RunsBefore()) {
      before.push_back(&a);
    } else if (a.RunsAfter()) {
      after.push_back(&a);
    } else {
      warnings.Add(fmt::format("{}: unknown action trigger event \"{}\"; not rendered", a.path, a.event));
    }
  }
  auto order = [](const ActionInvocation* x, const ActionInvocation* y) { return ActionInvocationBefore(*x, *y); };
  std::stable_sort(before.begin(), before.end(), order);
  std::stable_sort(after.begin(), after.end(), order);
  for (const ActionInvocation* a : before) before_out.push_back(DiffAction(*a, schemas, profile, warnings));
  for (const ActionInvocation* a : after) after_out.push_back(DiffAction(*a, schemas, profile, warnings));
}

std::vector<ActionDiff> DiffInvokedActions(const Plan& plan, const SchemaSource& schemas,
                                           const change::Profile& profile, Warnings& warnings) {
  std::vector<const ActionInvocation*> invoked;
  if (!profile.deferred_and_actions) return {};
  for (const ActionInvocation& a : plan.action_invocations) {
    if (a.invoked) invoked.push_back(&a);
  }
  std::stable_sort(invoked.begin(), invoked.end(),
                   [](const ActionInvocation* x, const ActionInvocation* y) { return ActionInvocationBefore(*x, *y); });
  std::vector<ActionDiff> out;
  for (const ActionInvocation* a : invoked) out.push_back(DiffAction(*a, schemas, profile, warnings));
  return out;
}

void AppendTriggeredActions(const std::vector<ActionDiff>& actions, std::string_view when, const Options& options,
                            std::string& out) {
  if (actions.empty()) return;
  change::Colorize colorize(options.color);
  out += colorize.Color(fmt::format("\n\n    [bold]# Actions to be invoked {} this change in order:[reset]\n", when));
  for (const ActionDiff& a : actions) AppendActionInvocation(a, colorize, options, out);
}

std::string RenderInvokedActions(const std::vector<ActionDiff>& invoked, const Options& options) {
  change::Colorize colorize(options.color);
  std::string out;
  for (size_t i = 0; i < invoked.size(); ++i) {
    if (i > 0) out += '\n';
    // Colourised before the address goes in, as Terraform's Sprintf does.
    std::string header = colorize.Color("  [bold]# \x01[reset] will be invoked");
    header.replace(header.find('\x01'), 1, invoked[i].invocation->address);
    out += header;
    if (!invoked[i].invocation->calling_resource.empty()) {
      out += fmt::format(" (called from {})", invoked[i].invocation->calling_resource);
    }
    out += '\n';
    AppendActionInvocation(invoked[i], colorize, options, out);
  }
  return out;
}

}  // namespace planview::renderer
