#include "renderer/state_resource.h"

#include <fmt/format.h>

#include "differ/differ.h"
#include "renderer/internal/human_opts.h"
#include "renderer/json_fields.h"
#include "structured/change.h"
#include "structured/go_text.h"
#include "structured/schema.h"

namespace planview::renderer {

namespace {

// The resource's values against its schema (or, when the schemas lack it or the values
// contradict it, against a layout inferred from the values); an invalid Diff when even
// that fails (warned about).
change::Diff DiffValues(structured::Value values, structured::Value sensitive, std::string_view address,
                        const structured::Block* block, const change::Profile& profile, Warnings& warnings) {
  structured::Change change = structured::Change::FromStateValues(values, sensitive);
  if (block) {
    base::Expected<change::Diff> diff = differ::ComputeDiffForBlock(change, *block, profile);
    if (diff) {
      WarnOfSchemaMismatch(address, change, *block, warnings);
      return *std::move(diff);
    }
    warnings.Add(fmt::format("{}: the values do not match the schema ({}); rendered from the values", address,
                             diff.error().message));
  }
  base::Expected<change::Diff> diff = differ::ComputeDiffForBlock(change, *InferBlock({values, sensitive}), profile);
  if (diff) return *std::move(diff);
  warnings.Add(fmt::format("{}: cannot render this resource ({})", address, diff.error().message));
  return {};
}

}  // namespace

change::RenderOpts StateRenderOpts(const change::Colorize& colorize, const Options& options) {
  change::RenderOpts opts = internal::HumanOpts(colorize, options);
  opts.outline = nullptr;  // a state has no outline (browse shows plans)
  opts.show_unchanged_children = true;
  opts.hide_diff_action_symbols = true;
  return opts;
}

base::Expected<void> CheckStateResource(structured::Value resource, std::string_view path) {
  FieldReader read;
  if (!read.RequireObject(resource, path)) return read.error();
  if (resource.is_null()) return InputError(path, "expected an object, found null");
  for (std::string_view key : {"address", "mode", "type", "name", "provider_name", "deposed_key"}) {
    read.String(resource, key, path);
  }
  read.Bool(resource, "tainted", path);
  read.RequireObject(resource.find("values"), KeyPath(path, "values"));
  if (read.failed()) return read.error();
  return {};
}

std::shared_ptr<const structured::Block> FindStateResourceSchema(structured::Value resource,
                                                                 const SchemaSource& schemas, Warnings& warnings) {
  FieldReader read;  // the fields were checked (CheckStateResource)
  std::string_view mode_name = read.String(resource, "mode", "");
  structured::ResourceMode mode;
  if (mode_name == "managed") {
    mode = structured::ResourceMode::kManaged;
  } else if (mode_name == "data") {
    mode = structured::ResourceMode::kData;
  } else {
    return nullptr;  // not rendered: no schema looked up
  }
  return schemas.Find(read.String(resource, "provider_name", ""), mode, read.String(resource, "type", ""),
                      read.String(resource, "address", ""), warnings);
}

base::Expected<void> RenderStateResource(structured::Value resource, std::string_view path,
                                         const SchemaSource& schemas, const change::RenderOpts& opts,
                                         std::string& out, Warnings& warnings) {
  if (base::Expected<void> checked = CheckStateResource(resource, path); !checked) return checked;
  std::shared_ptr<const structured::Block> block = FindStateResourceSchema(resource, schemas, warnings);
  return RenderStateResourceWithSchema(resource, path, block.get(), opts, out, warnings);
}

base::Expected<void> RenderStateResourceWithSchema(structured::Value resource, std::string_view path,
                                                   const structured::Block* block, const change::RenderOpts& opts,
                                                   std::string& out, Warnings& warnings) {
  FieldReader read;
  if (!read.RequireObject(resource, path)) return read.error();
  if (resource.is_null()) return InputError(path, "expected an object, found null");
  std::string_view address = read.String(resource, "address", path);
  std::string_view mode_name = read.String(resource, "mode", path);
  std::string_view type = read.String(resource, "type", path);
  std::string_view name = read.String(resource, "name", path);
  read.String(resource, "provider_name", path);
  std::string_view deposed = read.String(resource, "deposed_key", path);
  bool tainted = read.Bool(resource, "tainted", path);
  structured::Value values = resource.find("values");
  read.RequireObject(values, KeyPath(path, "values"));
  if (read.failed()) return read.error();

  // Straight into `out` (the caller's slot for this resource).
  if (!deposed.empty()) {
    fmt::format_to(std::back_inserter(out), "# {}: (deposed object {})\n", address, deposed);
  } else if (tainted) {
    fmt::format_to(std::back_inserter(out), "# {}: (tainted)\n", address);
  } else {
    out += "# ";
    out += address;
    out += ":\n";
  }

  std::string_view keyword;
  if (mode_name == "managed") {
    keyword = "resource";
  } else if (mode_name == "data") {
    keyword = "data";
  } else {
    warnings.Add(fmt::format("{}: {} resources cannot be stored in a state; not rendered", address,
                             mode_name.empty() ? std::string_view("unknown") : mode_name));
    out += '\n';
    return {};
  }
  change::Diff diff = DiffValues(values, resource.find("sensitive_values"), address, block, *opts.profile, warnings);
  out += keyword;
  out += ' ';
  structured::AppendGoQuoted(out, type);
  out += ' ';
  structured::AppendGoQuoted(out, name);
  out += ' ';
  if (diff.valid()) {
    diff.RenderHuman(0, opts, out);
  } else {
    out += "{\n    # (planview could not render this resource; see the warnings)\n}";
  }
  out += '\n';
  return {};
}

}  // namespace planview::renderer
