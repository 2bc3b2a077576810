#include "renderer/state_renderer.h"

#include <algorithm>
#include <optional>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "change/colorize.h"
#include "differ/differ.h"
#include "differ/schema_mismatch.h"
#include "renderer/document_product.h"
#include "renderer/format_version.h"
#include "renderer/json_fields.h"
#include "renderer/state_resource.h"
#include "renderer/word_wrap.h"
#include "structured/change.h"
#include "structured/cty_type.h"
#include "structured/json_parse.h"
#include "structured/json_spans.h"
#include "structured/read_input.h"

namespace planview::renderer {

namespace {

constexpr std::string_view kRootModulePath = "$.values.root_module";
constexpr std::string_view kOutputsPath = "$.values.outputs";

// One resource of the document walk: where it is and the blank lines before it.
struct Item {
  structured::Value resource;  // absent: built from `text` when rendered (StateText)
  structured::Span text;       // in the document's source
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
  std::optional<Product> product;  // StateText: named by the first resource that names one
};

// Appends resource `index` of module `module` (already checked) with its schema looked up;
// the first of a module follows `blank_lines` blank lines, the others one.
Item& AddItem(Walk& walk, structured::Value resource, const SchemaSource& schemas, uint32_t module, size_t index,
              uint8_t& blank_lines) {
  Item& item = walk.items.emplace_back();
  item.block = FindStateResourceSchema(resource, schemas, item.lookup);
  item.module = module;
  item.index = static_cast<uint32_t>(index);
  item.blank_lines = blank_lines;
  blank_lines = 1;
  return item;
}

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
      AddItem(walk, resource, schemas, module_index, i, blank_lines).resource = resource;
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
// slot, and appends them to `out` in order, flushing to `sink` between batches. The slots
// of two batches take turns: while a batch is rendered, this thread first appends and
// flushes the one before it (only this thread touches `out`, `warnings` and `sink`), so
// the other threads are not kept waiting for the writes.
void RenderResources(const Walk& walk, std::string_view source, const change::RenderOpts& opts,
                     base::Executor* executor, const StateSink& sink, std::string& out, Warnings& warnings) {
  constexpr size_t kBatch = 64;
  constexpr size_t kSlotKeep = size_t{1} << 20;
  struct Slot {
    std::string text;
    Warnings warnings;
  };
  const size_t n = walk.items.size();
  std::vector<Slot> slots[2];
  for (std::vector<Slot>& batch_slots : slots) batch_slots.resize(std::min(n, kBatch));
  // The batch starting at `start`, rendered into `batch_slots`: appended to `out`.
  auto append = [&](size_t start, std::vector<Slot>& batch_slots) {
    const size_t count = std::min(kBatch, n - start);
    for (size_t j = 0; j < count; ++j) {
      Slot& slot = batch_slots[j];
      out.append(walk.items[start + j].blank_lines, '\n');
      out += slot.text;
      warnings.Append(walk.items[start + j].lookup);
      warnings.Append(slot.warnings);
      if (slot.text.capacity() > kSlotKeep) std::string().swap(slot.text);
    }
    Flush(sink, out);
  };
  const std::thread::id caller = std::this_thread::get_id();
  size_t pending = SIZE_MAX;  // the start of the batch rendered but not yet appended
  for (size_t start = 0; start < n; start += kBatch) {
    const size_t count = std::min(kBatch, n - start);
    std::vector<Slot>& current = slots[(start / kBatch) % 2];
    std::vector<Slot>& previous = slots[1 - (start / kBatch) % 2];
    bool appended = pending == SIZE_MAX;  // read and written on this thread only
    base::ParallelRunsOn(executor, count, 1, [&](size_t begin, size_t end) {
      if (std::this_thread::get_id() == caller && !appended) {
        append(pending, previous);
        appended = true;
      }
      for (size_t j = begin; j < end; ++j) {
        const Item& item = walk.items[start + j];
        Slot& slot = current[j];
        slot.text.clear();
        slot.warnings = Warnings();
        structured::Value resource = item.resource;
        std::shared_ptr<const structured::Document> built;  // this resource alone, dropped when rendered
        if (resource.absent()) {
          // Its text was accepted by the document's parse: only a limit the whole document
          // passed could stop this one.
          std::string text;
          text.reserve(item.text.end - item.text.begin + structured::kParsePadding);  // the parse pads it
          text.append(source, item.text.begin, item.text.end - item.text.begin);
          structured::ParseResult parsed = structured::ParseJson(std::move(text));
          if (parsed.ok()) {
            built = parsed.value();
            resource = built->root();
          }
        }
        // Checked in the walk: cannot fail.
        (void)RenderStateResourceWithSchema(resource, IndexPath(walk.resource_paths[item.module], item.index),
                                            item.block.get(), opts, slot.text, slot.warnings);
      }
    });
    if (!appended) append(pending, previous);
    pending = start;
  }
  if (pending != SIZE_MAX) append(pending, slots[(pending / kBatch) % 2]);
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
  if (diff && type) {
    if (std::optional<std::string> mismatch = differ::FindTypeMismatch(change, *type)) {
      warnings.Add(fmt::format("output {}: the value does not match its type {} ({}); rendered as upstream renders it",
                               output.key, type->FriendlyName(), *mismatch));
    }
  }
  if (!diff) warnings.Add(fmt::format("output {}: cannot render this value ({})", output.key, diff.error().message));
  out += output.key;
  out += " = ";
  if (diff && diff->valid()) diff->RenderHuman(0, opts, out);
  out += '\n';
  return {};
}

// What RenderState reads before it renders anything, every part checked.
struct Checked {
  std::string_view format_version;
  bool empty = false;
  structured::Value outputs;
  std::vector<uint32_t> output_order;
  Walk walk;
};

// The checks RenderState makes on `root` before its values: a state object with a string
// format_version and an object (or null) `values`.
base::Expected<structured::Value> ReadRoot(structured::Value root, Checked& checked) {
  if (!root.is_object()) {
    return InputError("$", fmt::format("a state must be a JSON object, found {}", structured::KindName(root.kind())));
  }
  FieldReader read;
  checked.format_version = read.String(root, "format_version", "$");
  if (read.failed()) return read.error();
  structured::Value values = read.Object(root, "values", "$");
  if (read.failed()) return read.error();
  return values;
}

// The outputs' `sensitive` fields, after the resources (as they are rendered).
base::Expected<void> ReadOutputs(Checked& checked) {
  FieldReader read;
  checked.output_order = checked.outputs.SortedMemberIndices();
  for (uint32_t i : checked.output_order) {
    structured::Member output = checked.outputs.member(i);
    read.Bool(output.value, "sensitive", KeyPath(kOutputsPath, output.key));
    if (read.failed()) return read.error();
  }
  return {};
}

// Renders what `checked` holds (its resources' text, when not built, in `source`).
void WriteState(const Checked& checked, std::string_view source, std::string_view provider_format_version,
                const Options& options, std::string& out, Warnings& warnings, base::Executor* executor,
                const StateSink& sink) {
  change::Colorize colorize(options.color);
  if (IncompatibleVersions(kStateFormatVersion, checked.format_version) ||
      IncompatibleVersions(kProviderFormatVersion, provider_format_version)) {
    out += WordWrap(colorize.Color(Wording("\n[bold][red]Warning:[reset][bold] This state was retrieved using a "
                                           "different version of OpenTofu, the state presented here maybe missing "
                                           "representations of recent features.",
                                           options.product)),
                    options.width);
    out += '\n';
  }
  if (checked.empty) {
    out += "The state file is empty. No resources are represented.\n";
    return;
  }
  const change::RenderOpts opts = StateRenderOpts(colorize, options);
  RenderResources(checked.walk, source, opts, executor, sink, out, warnings);
  if (checked.outputs.empty()) return;
  out += "\n\nOutputs:\n\n";
  for (uint32_t i : checked.output_order) {
    // Checked in ReadOutputs: cannot fail.
    (void)RenderOutput(checked.outputs.member(i), opts, out, warnings);
    Flush(sink, out);
  }
}

// --- A state whose values were left unbuilt (StateText) ---

// The text of an object whose members are `members` (spans of `source`) with every array
// and object among their values emptied, but the value of the member named `keep`: what
// is read of it without what it holds.
void AppendHollowObject(std::string_view source, const std::vector<structured::MemberSpan>& members, std::string& out,
                        std::string_view keep = {}) {
  out += '{';
  bool comma = false;
  for (const structured::MemberSpan& member : members) {
    if (comma) out += ',';
    comma = true;
    out += source.substr(member.raw_key.begin, member.raw_key.end - member.raw_key.begin);
    out += ':';
    const char c = source[member.value.begin];
    if ((c == '{' || c == '[') && (keep.empty() || member.key != keep)) {
      out += c == '{' ? "{}" : "[]";
    } else {
      out += source.substr(member.value.begin, member.value.end - member.value.begin);
    }
  }
  out += '}';
}

// The value at `begin` emptied as AppendHollowObject empties members (an array: `[]`),
// appended to `out`; where the value ends.
size_t AppendHollow(std::string_view source, size_t begin, std::string& out) {
  const char first = source[begin];
  if (first == '{') {
    size_t end = 0;
    AppendHollowObject(source, structured::ObjectMembers(source, begin, &end), out);
    return end;
  }
  const size_t end = structured::ValueEnd(source, begin);
  if (first == '[') {
    out += "[]";
  } else {
    out += source.substr(begin, end - begin);
  }
  return end;
}

// Builds hollowed text, which the source's parse accepted already.
std::shared_ptr<const structured::Document> BuildHollow(std::string text) {
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) return nullptr;
  return parsed.value();
}

// Passes over the array at `begin` in `source`, calling `element` with where each element
// begins (it gives where that one ends); where the array ends.
template <class ElementFn>
size_t ReadElements(std::string_view source, size_t begin, const ElementFn& element) {
  auto skip_space = [&](size_t at) {
    while (at < source.size() &&
           (source[at] == ' ' || source[at] == '\t' || source[at] == '\n' || source[at] == '\r')) {
      ++at;
    }
    return at;
  };
  size_t at = skip_space(begin + 1);
  while (at < source.size() && source[at] != ']') {
    // Text the parse has not checked yet (StateText::Scan) may be no array at all: stop
    // where an element does not move on or is not followed by ',' (the parse refuses it).
    const size_t end = element(at);
    if (end <= at) break;
    at = skip_space(end);
    if (at >= source.size() || source[at] != ',') break;
    at = skip_space(at + 1);
  }
  return std::min(at + 1, source.size());
}

// One module of a StateText, read in one pass over its text: its hollow (whose fields are
// read as WalkModule reads a module's), where its resources are and its child modules
// (of the last `resources` and `child_modules` members, when those are arrays, as
// Value::find reads duplicates).
struct TextModule {
  std::shared_ptr<const structured::Document> hollow;
  std::vector<structured::Span> resources;
  std::vector<TextModule> children;
};

// How many resources the module and the modules under it list.
size_t CountResources(const TextModule& module) {
  size_t count = module.resources.size();
  for (const TextModule& child : module.children) count += CountResources(child);
  return count;
}

// The module at `begin`, `depth` modules down; `*end` is where it ends. Deeper than any
// text the parse accepts (StateText::Scan reads text before the parse has checked it),
// only its end is found.
constexpr int kMaxModuleDepth = 1024;
TextModule ReadTextModule(std::string_view source, size_t begin, size_t* end, int depth = 0) {
  TextModule module;
  if (depth > kMaxModuleDepth) {
    *end = structured::ValueEnd(source, begin);
    return module;
  }
  std::string text;
  if (source[begin] == '{') {
    auto value_end = [&](const std::string& key, size_t at) -> size_t {
      if (key == "resources") {
        module.resources.clear();
        if (source[at] != '[') return structured::kNoValueEnd;
        // Only where each resource is: their hollows are made a batch at a time when they
        // are checked (held for the whole state, they would add a sixth of the text).
        return ReadElements(source, at, [&](size_t element) {
          const size_t element_end = structured::ValueEnd(source, element);
          module.resources.push_back({element, element_end});
          return element_end;
        });
      }
      if (key == "child_modules") {
        module.children.clear();
        if (source[at] != '[') return structured::kNoValueEnd;
        return ReadElements(source, at, [&](size_t element) {
          size_t element_end = element;
          module.children.push_back(ReadTextModule(source, element, &element_end, depth + 1));
          return element_end;
        });
      }
      return structured::kNoValueEnd;
    };
    AppendHollowObject(source, structured::ObjectMembers(source, begin, end, value_end), text);
  } else {
    *end = AppendHollow(source, begin, text);
  }
  module.hollow = BuildHollow(std::move(text));
  return module;
}

// WalkModule over a StateText's module: the same reads on the module's hollow, and each
// resource checked on its own hollow (a batch at a time, on `executor`'s threads), its text
// kept for rendering.
base::Expected<void> WalkTextModule(std::string_view source, const TextModule& text_module, const std::string& path,
                                    const SchemaSource& schemas, Walk& walk, bool first, int depth,
                                    base::Executor* executor) {
  if (text_module.hollow == nullptr) return InputError(path, "cannot be read");
  structured::Value module = text_module.hollow->root();
  FieldReader read;
  structured::Value resources = read.Array(module, "resources", path);
  structured::Value children = read.Array(module, "child_modules", path);
  if (read.failed()) return read.error();
  if (resources.is_array() && !text_module.resources.empty()) {
    walk.resource_paths.push_back(KeyPath(path, "resources"));
    const std::string& resources_path = walk.resource_paths.back();
    const auto module_index = static_cast<uint32_t>(walk.resource_paths.size() - 1);
    uint8_t blank_lines = first ? 0 : 2;
    // The resources' hollows are built and checked a batch at a time on the executor's
    // threads, a round of batches at once; then, on this thread and in document order,
    // the first failure is returned or each resource's schema is looked up (SchemaSource's
    // cache is this thread's) and its product read. So the error is the first in document
    // order, whatever the timing, and only a round's hollows are held.
    constexpr size_t kCheckBatch = 256;
    constexpr size_t kRoundBatches = 8;
    struct CheckedBatch {
      std::shared_ptr<const structured::Document> hollow;  // null: could not be built
      size_t failed = SIZE_MAX;                            // the first resource that failed its check
      std::optional<base::Error> error;                    // its error
    };
    const size_t n = text_module.resources.size();
    const size_t batches = (n + kCheckBatch - 1) / kCheckBatch;
    std::vector<CheckedBatch> round(std::min(batches, kRoundBatches));
    for (size_t round_start = 0; round_start < batches; round_start += kRoundBatches) {
      const size_t round_batches = std::min(kRoundBatches, batches - round_start);
      base::ParallelRunsOn(executor, round_batches, 1, [&](size_t begin, size_t end) {
        std::string batch_text;
        for (size_t b = begin; b < end; ++b) {
          CheckedBatch& checked_batch = round[b];
          checked_batch = CheckedBatch();
          const size_t start = (round_start + b) * kCheckBatch;
          const size_t count = std::min(kCheckBatch, n - start);
          batch_text.clear();
          batch_text += '[';
          for (size_t j = 0; j < count; ++j) {
            if (j > 0) batch_text += ',';
            AppendHollow(source, text_module.resources[start + j].begin, batch_text);
          }
          batch_text += ']';
          checked_batch.hollow = BuildHollow(batch_text);
          if (checked_batch.hollow == nullptr) continue;
          for (size_t j = 0; j < count; ++j) {
            structured::Value resource = checked_batch.hollow->root().at(j);
            if (base::Expected<void> checked = CheckStateResource(resource, IndexPath(resources_path, start + j));
                !checked) {
              checked_batch.failed = j;
              checked_batch.error = std::move(checked).error();
              break;
            }
          }
        }
      });
      for (size_t b = 0; b < round_batches; ++b) {
        CheckedBatch& checked_batch = round[b];
        if (checked_batch.hollow == nullptr) return InputError(resources_path, "cannot be read");
        const size_t start = (round_start + b) * kCheckBatch;
        const size_t count = std::min(kCheckBatch, n - start);
        for (size_t j = 0; j < count; ++j) {
          if (j == checked_batch.failed) return *std::move(checked_batch.error);
          const size_t i = start + j;
          structured::Value resource = checked_batch.hollow->root().at(j);
          // As ProductOfPlanOrState reads a state's modules (64 levels down at most).
          if (!walk.product && depth <= 64) {
            if (structured::Value name = resource.find("provider_name"); name.is_string()) {
              walk.product = ProductOfProviderAddress(name.text());
            }
          }
          AddItem(walk, resource, schemas, module_index, i, blank_lines).text = text_module.resources[i];
        }
        checked_batch.hollow.reset();
      }
    }
    first = false;
  }
  if (!children.is_array()) return {};
  const std::string children_path = KeyPath(path, "child_modules");
  for (size_t i = 0; i < text_module.children.size(); ++i) {
    base::Expected<void> walked = WalkTextModule(source, text_module.children[i], IndexPath(children_path, i),
                                                 schemas, walk, first, depth + 1, executor);
    if (!walked) return walked;
  }
  return {};
}

}  // namespace

base::Expected<void> RenderState(structured::Value root, const SchemaSource& schemas,
                                 std::string_view provider_format_version, const Options& options, std::string& out,
                                 Warnings& warnings, base::Executor* executor, const StateSink& sink) {
  Checked checked;
  base::Expected<structured::Value> values = ReadRoot(root, checked);
  if (!values) return values.error();
  FieldReader read;
  checked.outputs = read.Object(*values, "outputs", "$.values");
  structured::Value module = read.Object(*values, "root_module", "$.values");
  checked.empty = checked.outputs.empty() && read.Array(module, "resources", kRootModulePath).empty() &&
                  read.Array(module, "child_modules", kRootModulePath).empty();
  if (read.failed()) return read.error();
  if (!checked.empty) {
    // Everything that can be malformed is read before any text is rendered.
    if (base::Expected<void> walked = WalkModule(module, std::string(kRootModulePath), schemas, checked.walk, true);
        !walked) {
      return walked;
    }
    if (base::Expected<void> read_outputs = ReadOutputs(checked); !read_outputs) return read_outputs;
  }
  WriteState(checked, {}, provider_format_version, options, out, warnings, executor, sink);
  return {};
}

struct StateText::Parts {
  std::shared_ptr<const structured::Document> document;
  std::shared_ptr<const structured::Document> values;  // the hollow of `values` (its outputs whole)
  Checked checked;
};

StateText::StateText(std::unique_ptr<Parts> parts) : parts_(std::move(parts)) {}
StateText::StateText(StateText&&) noexcept = default;
StateText& StateText::operator=(StateText&&) noexcept = default;
StateText::~StateText() = default;

// The values' hollow (its outputs whole) and the root module, read in one pass over
// the values' text.
struct StateText::Scan::Values {
  size_t begin = 0;
  size_t end = 0;
  std::shared_ptr<const structured::Document> hollow;  // null: cannot be read
  std::optional<TextModule> root_module;
};

StateText::Scan::Scan() = default;
StateText::Scan::Scan(Scan&&) noexcept = default;
StateText::Scan& StateText::Scan::operator=(Scan&&) noexcept = default;
StateText::Scan::~Scan() = default;

size_t StateText::Scan::Read(std::string_view source, size_t begin) {
  values_ = std::make_unique<Values>();
  Values& scanned = *values_;
  scanned.begin = begin;
  auto value_end = [&](const std::string& key, size_t at) -> size_t {
    if (key != "root_module") return structured::kNoValueEnd;
    scanned.root_module.reset();
    if (source[at] != '{') return structured::kNoValueEnd;
    size_t end = at;
    scanned.root_module = ReadTextModule(source, at, &end);
    return end;
  };
  std::string text;
  AppendHollowObject(source, structured::ObjectMembers(source, begin, &scanned.end, value_end), text, "outputs");
  scanned.hollow = BuildHollow(std::move(text));
  return scanned.end;
}

base::Expected<StateText> StateText::Read(std::shared_ptr<const structured::Document> document,
                                          structured::Span values_span, const SchemaSource& schemas,
                                          base::Executor* executor, Scan* scan) {
  auto parts = std::make_unique<Parts>();
  Checked& checked = parts->checked;
  const std::string_view source = document->source();
  base::Expected<structured::Value> root_values = ReadRoot(document->root(), checked);
  if (!root_values) return root_values.error();
  // The values' members, the root module read on the way (or taken from `scan`).
  Scan own;
  if (scan == nullptr || scan->values_ == nullptr || scan->values_->begin != values_span.begin ||
      scan->values_->end != values_span.end) {
    own.Read(source, values_span.begin);
    scan = &own;
  }
  std::unique_ptr<Scan::Values> scanned = std::move(scan->values_);
  std::optional<TextModule>& root_module = scanned->root_module;
  parts->values = std::move(scanned->hollow);
  if (parts->values == nullptr) return InputError("$.values", "cannot be read");
  structured::Value values = parts->values->root();
  FieldReader read;
  checked.outputs = read.Object(values, "outputs", "$.values");
  structured::Value module = read.Object(values, "root_module", "$.values");
  if (read.failed()) return read.error();
  if (!module.is_object()) root_module.reset();
  structured::Value hollow_module =
      root_module && root_module->hollow ? root_module->hollow->root() : structured::Value();
  // As RenderState's test, on the hollow's fields and the text's arrays.
  checked.empty = checked.outputs.empty() &&
                  (!read.Array(hollow_module, "resources", kRootModulePath).is_array() ||
                   root_module->resources.empty()) &&
                  (!read.Array(hollow_module, "child_modules", kRootModulePath).is_array() ||
                   root_module->children.empty());
  if (read.failed()) return read.error();
  if (!checked.empty && root_module) {
    // Everything that can be malformed is read before any text is rendered. (The items
    // reserved at once: growing them a resource at a time cost ~3% of a big state's CPU.)
    checked.walk.items.reserve(CountResources(*root_module));
    if (base::Expected<void> walked = WalkTextModule(source, *root_module, std::string(kRootModulePath), schemas,
                                                     checked.walk, true, 0, executor);
        !walked) {
      return walked.error();
    }
  }
  if (!checked.empty) {
    if (base::Expected<void> read_outputs = ReadOutputs(checked); !read_outputs) return read_outputs.error();
  }
  parts->document = std::move(document);
  return StateText(std::move(parts));
}

std::optional<Product> StateText::product() const { return parts_->checked.walk.product; }

void StateText::Render(std::string_view provider_format_version, const Options& options, std::string& out,
                       Warnings& warnings, base::Executor* executor, const StateSink& sink) const {
  WriteState(parts_->checked, parts_->document->source(), provider_format_version, options, out, warnings, executor,
             sink);
}

}  // namespace planview::renderer
