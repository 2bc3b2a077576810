#include "renderer/state_renderer.h"


#include <fmt/format.h>

#include "change/colorize.h"
#include "structured/go_text.h"
#include "differ/differ.h"
#include "renderer/format_version.h"
#include "renderer/json_fields.h"
#include "renderer/text_escape.h"
#include "renderer/word_wrap.h"
#include "structured/change.h"
#include "structured/cty_type.h"

namespace planview::renderer {

namespace {

struct Context {
  const SchemaSource& schemas;
  const change::RenderOpts& opts;
  std::string& out;
  Warnings& warnings;
  FieldReader& read;  // the first malformed part; the walk stops once there is one
};

change::Diff DiffStateResource(structured::Value resource, std::string_view path, const Context& ctx,
                               std::string_view address, structured::ResourceMode mode) {
  structured::Value values = resource.find("values");
  structured::Value sensitive = resource.find("sensitive_values");
  if (!ctx.read.RequireObject(values, KeyPath(path, "values"))) return {};
  structured::Change change = structured::Change::FromStateValues(values, sensitive);
  std::string_view provider = ctx.read.String(resource, "provider_name", path);
  std::string_view type = ctx.read.String(resource, "type", path);
  if (ctx.read.failed()) return {};
  std::shared_ptr<const structured::Block> block = ctx.schemas.Find(provider, mode, type, address, ctx.warnings);
  if (block) {
    base::Expected<change::Diff> diff = differ::ComputeDiffForBlock(change, *block);
    if (diff) {
      WarnOfSchemaMismatch(address, change, *block, ctx.warnings);
      return *std::move(diff);
    }
    ctx.warnings.Add(fmt::format("{}: the values do not match the schema ({}); rendered from the values", address,
                                 diff.error().message));
  }
  base::Expected<change::Diff> diff = differ::ComputeDiffForBlock(change, *InferBlock({values, sensitive}));
  if (diff) return *std::move(diff);
  ctx.warnings.Add(fmt::format("{}: cannot render this resource ({})", address, diff.error().message));
  return {};
}

void RenderModule(structured::Value module, const std::string& path, const Context& ctx, bool first) {
  FieldReader& read = ctx.read;
  structured::Value resources = read.Array(module, "resources", path);
  structured::Value children = read.Array(module, "child_modules", path);
  if (read.failed()) return;
  std::string& out = ctx.out;
  if (!resources.empty() && !first) out += '\n';
  std::string resources_path = KeyPath(path, "resources");
  for (size_t i = 0; i < resources.size(); ++i) {
    std::string rpath = IndexPath(resources_path, i);
    structured::Value r = resources.at(i);
    if (!r.is_object()) return read.Fail(rpath, "expected an object");
    std::string_view address = read.String(r, "address", rpath);
    std::string_view mode_name = read.String(r, "mode", rpath);
    std::string_view type = read.String(r, "type", rpath);
    std::string_view name = read.String(r, "name", rpath);
    std::string_view deposed = read.String(r, "deposed_key", rpath);
    bool tainted = read.Bool(r, "tainted", rpath);
    if (read.failed()) return;

    if (!first) out += '\n';
    first = false;
    if (!deposed.empty()) {
      out += fmt::format("# {}: (deposed object {})", address, deposed);
    } else if (tainted) {
      out += fmt::format("# {}: (tainted)", address);
    } else {
      out += fmt::format("# {}:", address);
    }
    out += '\n';

    std::string_view keyword;
    structured::ResourceMode mode;
    if (mode_name == "managed") {
      keyword = "resource";
      mode = structured::ResourceMode::kManaged;
    } else if (mode_name == "data") {
      keyword = "data";
      mode = structured::ResourceMode::kData;
    } else {
      ctx.warnings.Add(fmt::format("{}: {} resources cannot be stored in a state; not rendered", address,
                                   mode_name.empty() ? std::string_view("unknown") : mode_name));
      out += '\n';
      continue;
    }
    change::Diff diff = DiffStateResource(r, rpath, ctx, address, mode);
    if (read.failed()) return;
    out += fmt::format("{} {} {} ", keyword, structured::GoQuote(type), structured::GoQuote(name));
    if (diff.valid()) {
      diff.RenderHuman(0, ctx.opts, out);
    } else {
      out += "{\n    # (planview could not render this resource; see the warnings)\n}";
    }
    out += '\n';
  }
  std::string children_path = KeyPath(path, "child_modules");
  for (size_t i = 0; i < children.size() && !read.failed(); ++i) {
    RenderModule(children.at(i), IndexPath(children_path, i), ctx, first);
  }
}

void RenderOutputs(structured::Value outputs, const Context& ctx) {
  if (outputs.empty()) return;
  std::string& out = ctx.out;
  out += "\n\nOutputs:\n\n";
  for (uint32_t i : outputs.SortedMemberIndices()) {
    structured::Member m = outputs.member(i);
    std::string path = KeyPath("$.values.outputs", m.key);
    bool sensitive = ctx.read.Bool(m.value, "sensitive", path);
    if (ctx.read.failed()) return;
    structured::Change change = structured::Change::FromStateOutput(m.value.find("value"), sensitive);
    // A type that does not parse is left out: the value is rendered by its shape.
    std::optional<structured::Type> type;
    if (!m.value.find("type").is_null()) {
      if (base::Expected<structured::Type> parsed = structured::ParseType(m.value.find("type"))) type = *parsed;
    }
    base::Expected<change::Diff> diff = type ? differ::ComputeDiffForType(change, *type) : differ::ComputeDiffForOutput(change);
    if (!diff) ctx.warnings.Add(fmt::format("output {}: cannot render this value ({})", m.key, diff.error().message));
    out += m.key;
    out += " = ";
    if (diff && diff->valid()) diff->RenderHuman(0, ctx.opts, out);
    out += '\n';
  }
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
  bool empty = outputs.empty() && read.Array(module, "resources", "$.values.root_module").empty() &&
               read.Array(module, "child_modules", "$.values.root_module").empty();
  if (read.failed()) return read.error();
  if (empty) {
    out += "The state file is empty. No resources are represented.\n";
    return {};
  }
  change::RenderOpts opts;
  opts.colorize = &colorize;
  opts.show_sensitive = options.show_sensitive;
  opts.show_unchanged_children = true;
  opts.hide_diff_action_symbols = true;
  Context ctx{schemas, opts, out, warnings, read};
  RenderModule(module, "$.values.root_module", ctx, true);
  if (!read.failed()) RenderOutputs(outputs, ctx);
  if (read.failed()) return read.error();
  return {};
}

}  // namespace planview::renderer
