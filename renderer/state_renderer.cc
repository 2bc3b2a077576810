#include "renderer/state_renderer.h"

#include <algorithm>
#include <optional>
#include <vector>

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

// One resource of the document walk: where it is and the blank lines before it.
struct Item {
  structured::Value resource;
  std::shared_ptr<const structured::Block> block;  // null: inferred from the values
  Warnings lookup;  // the schema lookup's
  uint32_t module;  // index into Walk::resource_paths
  uint32_t index;   // in its module's resources
  uint8_t blank_lines;
};

// The module tree walked in upstream's order, every resource's fields checked on the way
// (so the first malformed part is found before any text is rendered) and its schema
// looked up (SchemaSource caches: on this thread, in document order).
struct Walk {
  std::vector<Item> items;
  std::vector<std::string> resource_paths;  // "PATH.resources" of each module with some
};

// The module's resources in their order, then its child modules depth first, as upstream
// walks them: a blank line before each resource unless `first`, and one more before a
// module's first resource. `first` goes down to the child modules by value, as upstream
// passes it: a module whose parents have no resources starts as the document's first
// even after an earlier sibling's resources (no blank line then).
base::Expected<void> WalkModule(structured::Value module, const std::string& path, const SchemaSource& schemas,
                                Walk& walk, bool first) {
  FieldReader read;
  structured::Value resources = read.Array(module, "resources", path);
  structured::Value children = read.Array(module, "child_modules", path);
  if (read.failed()) return read.error();
  if (!resources.empty()) {
    walk.resource_paths.push_back(KeyPath(path, "resources"));
    const std::string& resources_path = walk.resource_paths.back();
    const auto module_index = static_cast<uint32_t>(walk.resource_paths.size() - 1);
    uint8_t blank_lines = first ? 0 : 2;
    for (size_t i = 0; i < resources.size(); ++i) {
      structured::Value resource = resources.at(i);
      if (base::Expected<void> checked = CheckStateResource(resource, IndexPath(resources_path, i)); !checked) {
        return checked;
      }
      Item& item = walk.items.emplace_back();
      item.resource = resource;
      item.block = FindStateResourceSchema(resource, schemas, item.lookup);
      item.module = module_index;
      item.index = static_cast<uint32_t>(i);
      item.blank_lines = blank_lines;
      blank_lines = 1;
    }
    first = false;
  }
  const std::string children_path = KeyPath(path, "child_modules");
  for (size_t i = 0; i < children.size(); ++i) {
    base::Expected<void> walked = WalkModule(children.at(i), IndexPath(children_path, i), schemas, walk, first);
    if (!walked) return walked;
  }
  return {};
}

// Hands `out` to `sink` (when set; then clears it) once it holds at least `at_least` bytes.
constexpr size_t kFlushBytes = size_t{1} << 20;
void Flush(const StateSink& sink, std::string& out, size_t at_least = kFlushBytes) {
  if (!sink || out.empty() || out.size() < at_least) return;
  sink(out);
  out.clear();
}

// Renders the walk's resources a batch at a time on `executor`'s threads, each into its
// slot, and appends them to `out` in order, flushing to `sink` between batches.
void RenderResources(const Walk& walk, const change::RenderOpts& opts,
                     base::Executor* executor, const StateSink& sink, std::string& out, Warnings& warnings) {
  constexpr size_t kBatch = 64;
  constexpr size_t kSlotKeep = size_t{1} << 20;
  struct Slot {
    std::string text;
    Warnings warnings;
  };
  std::vector<Slot> slots(std::min(walk.items.size(), kBatch));
  for (size_t start = 0; start < walk.items.size(); start += kBatch) {
    const size_t count = std::min(kBatch, walk.items.size() - start);
    base::ParallelRunsOn(executor, count, 1, [&](size_t begin, size_t end) {
      for (size_t j = begin; j < end; ++j) {
        const Item& item = walk.items[start + j];
        Slot& slot = slots[j];
        slot.text.clear();
        slot.warnings = Warnings();
        // Checked in the walk: cannot fail.
        (void)RenderStateResourceWithSchema(item.resource, IndexPath(walk.resource_paths[item.module], item.index),
                                            item.block.get(), opts, slot.text, slot.warnings);
      }
    });
    for (size_t j = 0; j < count; ++j) {
      Slot& slot = slots[j];
      out.append(walk.items[start + j].blank_lines, '\n');
      out += slot.text;
      warnings.Append(walk.items[start + j].lookup);
      warnings.Append(slot.warnings);
      if (slot.text.capacity() > kSlotKeep) std::string().swap(slot.text);
    }
    Flush(sink, out);
  }
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
                                 Warnings& warnings, base::Executor* executor, const StateSink& sink) {
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
  // Everything that can be malformed is read before any text is rendered.
  Walk walk;
  if (base::Expected<void> walked = WalkModule(module, std::string(kRootModulePath), schemas, walk, true); !walked) {
    return walked;
  }
  std::vector<uint32_t> output_order = outputs.SortedMemberIndices();
  for (uint32_t i : output_order) {
    structured::Member output = outputs.member(i);
    read.Bool(output.value, "sensitive", KeyPath(kOutputsPath, output.key));
    if (read.failed()) return read.error();
  }
  const change::RenderOpts opts = StateRenderOpts(colorize, options);
  RenderResources(walk, opts, executor, sink, out, warnings);
  if (outputs.empty()) return {};
  out += "\n\nOutputs:\n\n";
  for (uint32_t i : output_order) {
    if (base::Expected<void> rendered = RenderOutput(outputs.member(i), opts, out, warnings); !rendered) return rendered;
    Flush(sink, out);
  }
  return {};
}

}  // namespace planview::renderer
