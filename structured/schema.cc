#include "structured/schema.h"

#include <utility>

#include <fmt/format.h>

#include "structured/json_path.h"

namespace planview::structured {
namespace {

std::string KeyPath(std::string_view base, std::string_view key) {
  std::string out(base);
  AppendKeyStep(out, key);
  return out;
}

// An error about the value at `path`: "PATH: WHAT".
base::Error AtPath(std::string path, std::string_view what) {
  std::string message = fmt::format("{}: {}", path, what);
  return base::Error(std::move(message), "", std::move(path));
}

base::Expected<void> ReadFlag(Value object, std::string_view key, std::string_view path, bool& out) {
  Value v = object.find(key);
  if (v.is_null()) return {};
  if (!v.is_bool()) return AtPath(KeyPath(path, key), fmt::format("must be a boolean, not {}", KindName(v.kind())));
  out = v.as_bool();
  return {};
}

base::Expected<void> ReadCount(Value object, std::string_view key, std::string_view path, uint64_t& out) {
  Value v = object.find(key);
  if (v.is_null()) return {};
  std::string_view text = v.text();
  bool digits = v.is_number() && !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  if (!digits || text.size() > 19) return AtPath(KeyPath(path, key), "must be a non-negative integer");
  out = std::stoull(std::string(text));
  return {};
}

base::Expected<std::shared_ptr<const Block>> ParseBlockAt(Value json, const std::string& path, size_t depth);

// Whether an attribute of `attributes`, or of their nested types (parsed already), is
// sensitive.
bool MayHoldSensitive(const std::map<std::string, Attribute, std::less<>>& attributes) {
  for (const auto& [name, attribute] : attributes) {
    if (attribute.sensitive || (attribute.nested_type && attribute.nested_type->may_hold_sensitive)) return true;
  }
  return false;
}

base::Expected<Attribute> ParseAttributeAt(Value json, const std::string& path, size_t depth) {
  if (!json.is_object()) return AtPath(path, "an attribute must be a JSON object");
  if (depth > 64) return AtPath(path, "schema nested too deeply");
  Attribute a;
  const std::pair<std::string_view, bool*> flags[] = {{"required", &a.required},   {"optional", &a.optional},
                                                       {"computed", &a.computed},   {"sensitive", &a.sensitive},
                                                       {"deprecated", &a.deprecated}, {"write_only", &a.write_only}};
  for (auto [key, flag] : flags) {
    if (base::Expected<void> read = ReadFlag(json, key, path, *flag); !read) return std::move(read).error();
  }
  Value type = json.find("type");
  Value nested = json.find("nested_type");
  if (!nested.is_null()) {
    std::string nested_path = KeyPath(path, "nested_type");
    if (!nested.is_object()) return AtPath(nested_path, "must be a JSON object");
    auto nt = std::make_shared<NestedType>();
    Value mode = nested.find("nesting_mode");
    if (!mode.is_null()) {
      std::optional<NestingMode> m = mode.is_string() ? NestingModeFromName(mode.text()) : std::nullopt;
      if (!m || *m == NestingMode::kGroup) return AtPath(KeyPath(nested_path, "nesting_mode"), "unknown nesting mode");
      nt->nesting_mode = *m;
    }
    Value attrs = nested.find("attributes");
    std::string attrs_path = KeyPath(nested_path, "attributes");
    if (!attrs.is_null() && !attrs.is_object()) return AtPath(attrs_path, "must be a JSON object");
    for (size_t i = 0; i < attrs.size(); ++i) {
      Member m = attrs.member(i);
      base::Expected<Attribute> child = ParseAttributeAt(m.value, KeyPath(attrs_path, m.key), depth + 1);
      if (!child) return std::move(child).error();
      nt->attributes.insert_or_assign(std::string(m.key), std::move(*child));
    }
    nt->may_hold_sensitive = MayHoldSensitive(nt->attributes);
    a.nested_type = std::move(nt);
  } else if (!type.is_null()) {
    base::Expected<Type> parsed = ParseType(type);
    if (!parsed) return AtPath(KeyPath(path, "type"), parsed.error().message);
    a.type = std::move(*parsed);
  } else {
    return AtPath(path, "an attribute needs a type or a nested_type");
  }
  return a;
}

base::Expected<std::shared_ptr<const Block>> ParseBlockAt(Value json, const std::string& path, size_t depth) {
  if (!json.is_object()) return AtPath(path, "a block must be a JSON object");
  if (depth > 64) return AtPath(path, "schema nested too deeply");
  auto block = std::make_shared<Block>();
  if (base::Expected<void> read = ReadFlag(json, "deprecated", path, block->deprecated); !read) {
    return std::move(read).error();
  }
  Value attrs = json.find("attributes");
  std::string attrs_path = KeyPath(path, "attributes");
  if (!attrs.is_null() && !attrs.is_object()) return AtPath(attrs_path, "must be a JSON object");
  for (size_t i = 0; i < attrs.size(); ++i) {
    Member m = attrs.member(i);
    base::Expected<Attribute> a = ParseAttributeAt(m.value, KeyPath(attrs_path, m.key), depth + 1);
    if (!a) return std::move(a).error();
    block->attributes.insert_or_assign(std::string(m.key), std::move(*a));
  }
  Value types = json.find("block_types");
  std::string types_path = KeyPath(path, "block_types");
  if (!types.is_null() && !types.is_object()) return AtPath(types_path, "must be a JSON object");
  for (size_t i = 0; i < types.size(); ++i) {
    Member m = types.member(i);
    std::string bt_path = KeyPath(types_path, m.key);
    if (!m.value.is_object()) return AtPath(bt_path, "a block type must be a JSON object");
    BlockType bt;
    Value mode = m.value.find("nesting_mode");
    std::optional<NestingMode> nm = mode.is_string() ? NestingModeFromName(mode.text()) : std::nullopt;
    if (!nm) return AtPath(KeyPath(bt_path, "nesting_mode"), "unknown or missing nesting mode");
    bt.nesting_mode = *nm;
    const std::pair<std::string_view, uint64_t*> counts[] = {{"min_items", &bt.min_items}, {"max_items", &bt.max_items}};
    for (auto [key, count] : counts) {
      if (base::Expected<void> read = ReadCount(m.value, key, bt_path, *count); !read) return std::move(read).error();
    }
    Value inner = m.value.find("block");
    if (inner.is_null()) {
      auto empty = std::make_shared<Block>();
      empty->may_hold_sensitive = false;
      bt.block = std::move(empty);
    } else {
      base::Expected<std::shared_ptr<const Block>> parsed = ParseBlockAt(inner, KeyPath(bt_path, "block"), depth + 1);
      if (!parsed) return std::move(parsed).error();
      bt.block = std::move(*parsed);
    }
    block->block_types.insert_or_assign(std::string(m.key), std::move(bt));
  }
  block->may_hold_sensitive = MayHoldSensitive(block->attributes);
  for (const auto& [name, block_type] : block->block_types) {
    block->may_hold_sensitive = block->may_hold_sensitive || block_type.block->may_hold_sensitive;
  }
  return std::shared_ptr<const Block>(std::move(block));
}

std::string_view ModeKey(ResourceMode mode) {
  switch (mode) {
    case ResourceMode::kManaged: return "resource_schemas";
    case ResourceMode::kData: return "data_source_schemas";
    case ResourceMode::kEphemeral: return "ephemeral_resource_schemas";
  }
  return "resource_schemas";
}

}  // namespace

std::optional<NestingMode> NestingModeFromName(std::string_view name) {
  if (name == "single") return NestingMode::kSingle;
  if (name == "group") return NestingMode::kGroup;
  if (name == "list") return NestingMode::kList;
  if (name == "set") return NestingMode::kSet;
  if (name == "map") return NestingMode::kMap;
  return std::nullopt;
}

base::Expected<std::shared_ptr<const Block>> ParseBlock(Value json, std::string_view path) {
  return ParseBlockAt(json, std::string(path), 0);
}

base::Expected<Attribute> ParseAttribute(Value json, std::string_view path) {
  return ParseAttributeAt(json, std::string(path), 0);
}

base::Expected<ProviderSchemas> ProviderSchemas::Parse(std::shared_ptr<const Document> document) {
  Value root = document->root();
  if (!root.is_object()) return AtPath("$", "provider schemas must be a JSON object");
  Value providers = root.find("provider_schemas");
  if (!providers.is_null() && !providers.is_object()) return AtPath("$.provider_schemas", "must be a JSON object");
  for (size_t i = 0; i < providers.size(); ++i) {
    Member m = providers.member(i);
    if (!m.value.is_object()) {
      return AtPath(KeyPath("$.provider_schemas", m.key), "a provider schema must be a JSON object");
    }
  }
  ProviderSchemas schemas;
  schemas.document_ = std::move(document);
  schemas.providers_ = providers;
  return schemas;
}

bool ProviderSchemas::HasProvider(std::string_view provider) const { return providers_.find(provider).is_object(); }

std::vector<std::string> ProviderSchemas::Providers() const {
  std::vector<std::string> out;
  for (size_t i = 0; i < providers_.size(); ++i) out.emplace_back(providers_.member(i).key);
  return out;
}

base::Expected<const Schema*> ProviderSchemas::Find(std::string_view provider, ResourceMode mode,
                                                    std::string_view type) const {
  return FindIn(provider, ModeKey(mode), type);
}

base::Expected<const Schema*> ProviderSchemas::FindAction(std::string_view provider, std::string_view type) const {
  return FindIn(provider, "action_schemas", type);
}

base::Expected<const Schema*> ProviderSchemas::FindIn(std::string_view provider, std::string_view section,
                                                      std::string_view type) const {
  // Every resource looks its schema up: the key is built in place (no format, no allocation
  // once key_ is large enough) and hashed.
  key_.assign(provider).append(1, '\n').append(section).append(1, '\n').append(type);
  if (auto it = cache_.find(std::string_view(key_)); it != cache_.end()) return it->second.get();
  Value p = providers_.find(provider);
  Value schema = p.find(section).find(type);
  if (!schema.is_object()) return static_cast<const Schema*>(nullptr);
  std::string path = KeyPath(KeyPath(KeyPath("$.provider_schemas", provider), section), type);
  auto out = std::make_unique<Schema>();
  // The error names the resource's schema as its path (the message says where inside).
  if (base::Expected<void> read = ReadCount(schema, "version", path, out->version); !read) {
    return base::Error(std::move(read).error().message, "", path);
  }
  Value block = schema.find("block");
  if (block.is_null()) {
    out->block = std::make_shared<Block>();
  } else {
    base::Expected<std::shared_ptr<const Block>> parsed = ParseBlock(block, KeyPath(path, "block"));
    if (!parsed) return base::Error(std::move(parsed).error().message, "", path);
    out->block = std::move(*parsed);
  }
  const Schema* result = out.get();
  cache_.emplace(key_, std::move(out));
  return result;
}

}  // namespace planview::structured
