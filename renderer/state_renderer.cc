#include "renderer/state_renderer.h"

#include <optional>

#include <fmt/format.h>

#include "change/colorize.h"
#include "differ/differ.h"
#include "renderer/format_version.h"
#include "renderer/json_fields.h"
#include "renderer/state_resource.h"
#include "renderer/word_wrap.h"
#include "structured/change.h"
#include "structured/cty_type.h"

namespace planview::renderer {

namespace {

constexpr std::string_view kRootModulePath = "$.values.root_module";
constexpr std::string_view kOutputsPath = "$.values.outputs";

struct Context {
  const SchemaSource& schemas;
  const change::RenderOpts& opts;
  std::string& out;
  Warnings& warnings;
};

// The module's resources in their order, then its child modules depth first, as upstream
// walks them: a blank line before each resource unless `first`, and one more before a
// module's first resource. `first` goes down to the child modules by value, as upstream
// passes it: a module whose parents have no resources starts as the document's first
// even after an earlier sibling's resources (no blank line then).
base::Expected<void> RenderModule(structured::Value module, const std::string& path, const Context& ctx,
                                  bool first) {
  FieldReader read;
  structured::Value resources = read.Array(module, "resources", path);
  structured::Value children = read.Array(module, "child_modules", path);
  if (read.failed()) return read.error();
  std::string& out = ctx.out;
  if (!resources.empty() && !first) out += '\n';
  const std::string resources_path = KeyPath(path, "resources");
  for (size_t i = 0; i < resources.size(); ++i) {
    if (!first) out += '\n';
    first = false;
    base::Expected<void> rendered =
        RenderStateResource(resources.at(i), IndexPath(resources_path, i), ctx.schemas, ctx.opts, out, ctx.warnings);
    if (!rendered) return rendered;
  }
  const std::string children_path = KeyPath(path, "child_modules");
  for (size_t i = 0; i < children.size(); ++i) {
    base::Expected<void> rendered = RenderModule(children.at(i), IndexPath(children_path, i), ctx, first);
    if (!rendered) return rendered;
  }
  return {};
}

// `NAME = VALUE` for one root module output: by its declared type when that parses and
// fits the value, otherwise by the value's own shape (with a warning when the type does
// not fit, where upstream would stop).
base::Expected<void> RenderOutput(structured::Member output, const change::RenderOpts& opts, std::string& out,
                                  Warnings& warnings) {
  const std::string path = KeyPath(kOutputsPath, output.key);
  FieldReader read;
  bool sensitive = read.Bool(output.value, "sensitive", path);
  if (read.failed()) return read.error();
  const change::Profile& profile = *opts.profile;
  structured::Change change = structured::Change::FromStateOutput(output.value.find("value"), sensitive);
  std::optional<structured::Type> type;
  if (structured::Value declared = output.value.find("type"); !declared.is_null()) {
    if (base::Expected<structured::Type> parsed = structured::ParseType(declared)) type = *parsed;
  }
  base::Expected<change::Diff> diff =
      type ? differ::ComputeDiffForType(change, *type, profile) : differ::ComputeDiffForOutput(change, profile);
  if (!diff && type) {
    warnings.Add(fmt::format("output {}: the value does not match its type {} ({}); rendered from the value",
                             output.key, type->FriendlyName(), diff.error().message));
    diff = differ::ComputeDiffForOutput(change, profile);
  }
  if (!diff) warnings.Add(fmt::format("output {}: cannot render this value ({})", output.key, diff.error().message));
  out += output.key;
  out += " = ";
  if (diff && diff->valid()) diff->RenderHuman(0, opts, out);
  out += '\n';
  return {};
}

}  // namespace

base::Expected<void> RenderState(structured::Value root, const SchemaSource& schemas,
                                 std::string_view provider_format_version, const Options& options, std::string& out,
                                 Warnings& warnings) {
  if (!root.is_object()) {
    return InputError("$", fmt::format("a state must be a JSON object, found {}", structured::KindName(root.kind())));
  }
  change::Colorize colorize(options.color);
  FieldReader read;
  std::string_view format_version = read.String(root, "format_version", "$");
  if (read.failed()) return read.error();
  if (IncompatibleVersions(kStateFormatVersion, format_version) ||
      IncompatibleVersions(kProviderFormatVersion, provider_format_version)) {
    out += WordWrap(colorize.Color(Wording("\n[bold][red]Warning:[reset][bold] This state was retrieved using a "
                                           "different version of OpenTofu, the state presented here maybe missing "
                                           "representations of recent features.",
                                           options.product)),
                    options.width);
    out += '\n';
  }
  structured::Value values = read.Object(root, "values", "$");
  structured::Value outputs = read.Object(values, "outputs", "$.values");
  structured::Value module = read.Object(values, "root_module", "$.values");
  bool empty = outputs.empty() && read.Array(module, "resources", kRootModulePath).empty() &&
               read.Array(module, "child_modules", kRootModulePath).empty();
  if (read.failed()) return read.error();
  if (empty) {
    out += "The state file is empty. No resources are represented.\n";
    return {};
  }
  const change::RenderOpts opts = StateRenderOpts(colorize, options);
  Context ctx{schemas, opts, out, warnings};
  if (base::Expected<void> rendered = RenderModule(module, std::string(kRootModulePath), ctx, true); !rendered) {
    return rendered;
  }
  if (outputs.empty()) return {};
  out += "\n\nOutputs:\n\n";
  for (uint32_t i : outputs.SortedMemberIndices()) {
    if (base::Expected<void> rendered = RenderOutput(outputs.member(i), opts, out, warnings); !rendered) return rendered;
  }
  return {};
}

}  // namespace planview::renderer
