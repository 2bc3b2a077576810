#include "structured/schema.h"

#include <fmt/format.h>

#include "structured/json_path.h"

namespace planview::structured {
namespace {

std::string KeyPath(std::string_view base, std::string_view key) {
  std::string out(base);
  AppendKeyStep(out, key);
  return out;
}

bool ReadFlag(Value object, std::string_view key, std::string_view path, bool& out, std::string& error) {
  Value v = object.find(key);
  if (v.is_null()) return true;
  if (!v.is_bool()) {
    error = fmt::format("{}: must be a boolean, not {}", KeyPath(path, key), KindName(v.kind()));
    return false;
  }
  out = v.as_bool();
  return true;
}

bool ReadCount(Value object, std::string_view key, std::string_view path, uint64_t& out, std::string& error) {
  Value v = object.find(key);
  if (v.is_null()) return true;
  std::string_view text = v.text();
  bool digits = v.is_number() && !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
  if (!digits || text.size() > 19) {
    error = fmt::format("{}: must be a non-negative integer", KeyPath(path, key));
    return false;
  }
  out = std::stoull(std::string(text));
  return true;
}

std::shared_ptr<const Block> ParseBlockAt(Value json, const std::string& path, std::string& error, size_t depth);

std::optional<Attribute> ParseAttributeAt(Value json, const std::string& path, std::string& error, size_t depth) {
  if (!json.is_object()) {
    error = fmt::format("{}: an attribute must be a JSON object", path);
    return std::nullopt;
  }
  if (depth > 64) {
    error = fmt::format("{}: schema nested too deeply", path);
    return std::nullopt;
  }
  Attribute a;
  if (!ReadFlag(json, "required", path, a.required, error) || !ReadFlag(json, "optional", path, a.optional, error) ||
      !ReadFlag(json, "computed", path, a.computed, error) || !ReadFlag(json, "sensitive", path, a.sensitive, error) ||
      !ReadFlag(json, "deprecated", path, a.deprecated, error) ||
      !ReadFlag(json, "write_only", path, a.write_only, error)) {
    return std::nullopt;
  }
  Value type = json.find("type");
  Value nested = json.find("nested_type");
  if (!nested.is_null()) {
    std::string nested_path = KeyPath(path, "nested_type");
    if (!nested.is_object()) {
      error = fmt::format("{}: must be a JSON object", nested_path);
      return std::nullopt;
    }
    auto nt = std::make_shared<NestedType>();
    Value mode = nested.find("nesting_mode");
    if (!mode.is_null()) {
      std::optional<NestingMode> m = mode.is_string() ? NestingModeFromName(mode.text()) : std::nullopt;
      if (!m || *m == NestingMode::kGroup) {
        error = fmt::format("{}: unknown nesting mode", KeyPath(nested_path, "nesting_mode"));
        return std::nullopt;
      }
      nt->nesting_mode = *m;
    }
    Value attrs = nested.find("attributes");
    std::string attrs_path = KeyPath(nested_path, "attributes");
    if (!attrs.is_null() && !attrs.is_object()) {
      error = fmt::format("{}: must be a JSON object", attrs_path);
      return std::nullopt;
    }
    for (size_t i = 0; i < attrs.size(); ++i) {
      Member m = attrs.member(i);
      std::optional<Attribute> child = ParseAttributeAt(m.value, KeyPath(attrs_path, m.key), error, depth + 1);
      if (!child) return std::nullopt;
      nt->attributes.insert_or_assign(std::string(m.key), std::move(*child));
    }
    a.nested_type = std::move(nt);
  } else if (!type.is_null()) {
    std::string type_error;
    a.type = ParseType(type, type_error);
    if (!a.type) {
      error = fmt::format("{}: {}", KeyPath(path, "type"), type_error);
      return std::nullopt;
    }
  } else {
    error = fmt::format("{}: an attribute needs a type or a nested_type", path);
    return std::nullopt;
  }
  return a;
}

std::shared_ptr<const Block> ParseBlockAt(Value json, const std::string& path, std::string& error, size_t depth) {
  if (!json.is_object()) {
    error = fmt::format("{}: a block must be a JSON object", path);
    return nullptr;
  }
  if (depth > 64) {
    error = fmt::format("{}: schema nested too deeply", path);
    return nullptr;
  }
  auto block = std::make_shared<Block>();
  if (!ReadFlag(json, "deprecated", path, block->deprecated, error)) return nullptr;
  Value attrs = json.find("attributes");
  std::string attrs_path = KeyPath(path, "attributes");
  if (!attrs.is_null() && !attrs.is_object()) {
    error = fmt::format("{}: must be a JSON object", attrs_path);
    return nullptr;
  }
  for (size_t i = 0; i < attrs.size(); ++i) {
    Member m = attrs.member(i);
    std::optional<Attribute> a = ParseAttributeAt(m.value, KeyPath(attrs_path, m.key), error, depth + 1);
    if (!a) return nullptr;
    block->attributes.insert_or_assign(std::string(m.key), std::move(*a));
  }
  Value types = json.find("block_types");
  std::string types_path = KeyPath(path, "block_types");
  if (!types.is_null() && !types.is_object()) {
    error = fmt::format("{}: must be a JSON object", types_path);
    return nullptr;
  }
  for (size_t i = 0; i < types.size(); ++i) {
    Member m = types.member(i);
    std::string bt_path = KeyPath(types_path, m.key);
    if (!m.value.is_object()) {
      error = fmt::format("{}: a block type must be a JSON object", bt_path);
      return nullptr;
    }
    BlockType bt;
    Value mode = m.value.find("nesting_mode");
    std::optional<NestingMode> nm = mode.is_string() ? NestingModeFromName(mode.text()) : std::nullopt;
    if (!nm) {
      error = fmt::format("{}: unknown or missing nesting mode", KeyPath(bt_path, "nesting_mode"));
      return nullptr;
    }
    bt.nesting_mode = *nm;
    if (!ReadCount(m.value, "min_items", bt_path, bt.min_items, error) ||
        !ReadCount(m.value, "max_items", bt_path, bt.max_items, error)) {
      return nullptr;
    }
    Value inner = m.value.find("block");
    if (inner.is_null()) {
      bt.block = std::make_shared<Block>();
    } else {
      bt.block = ParseBlockAt(inner, KeyPath(bt_path, "block"), error, depth + 1);
      if (!bt.block) return nullptr;
    }
    block->block_types.insert_or_assign(std::string(m.key), std::move(bt));
  }
  return block;
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

namespace {
// An error about the value at `path`: "PATH: WHAT".
base::Error AtPath(std::string path, std::string_view what) {
  std::string message = fmt::format("{}: {}", path, what);
  return base::Error(std::move(message), "", std::move(path));
}
}  // namespace

std::shared_ptr<const Block> ParseBlock(Value json, std::string_view path, std::string& error) {
  return ParseBlockAt(json, std::string(path), error, 0);
}

std::optional<Attribute> ParseAttribute(Value json, std::string_view path, std::string& error) {
  return ParseAttributeAt(json, std::string(path), error, 0);
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
  std::string key = fmt::format("{}\n{}\n{}", provider, section, type);
  if (auto it = cache_.find(key); it != cache_.end()) return it->second.get();
  Value p = providers_.find(provider);
  Value schema = p.find(section).find(type);
  if (!schema.is_object()) return static_cast<const Schema*>(nullptr);
  std::string path = KeyPath(KeyPath(KeyPath("$.provider_schemas", provider), section), type);
  auto out = std::make_unique<Schema>();
  std::string error;
  if (!ReadCount(schema, "version", path, out->version, error)) return base::Error(std::move(error), "", path);
  Value block = schema.find("block");
  out->block = block.is_null() ? std::make_shared<Block>() : ParseBlock(block, KeyPath(path, "block"), error);
  if (!out->block) return base::Error(std::move(error), "", path);
  const Schema* result = out.get();
  cache_.emplace(std::move(key), std::move(out));
  return result;
}

}  // namespace planview::structured
