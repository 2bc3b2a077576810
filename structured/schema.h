// Provider schemas, as `tofu providers schema -json` (and `terraform providers schema -json`)
// write them: providers -> resource / data source / ephemeral resource schemas -> blocks.
//
// ProviderSchemas::Parse checks the top-level shape; each resource schema is converted
// to Block form on first lookup (an AWS schema holds thousands; a plan uses a few), and
// conversion errors name the JSON path inside the schemas document. Lookups cache their
// result, so a ProviderSchemas is not safe to share between threads while looking up.
#ifndef PLANVIEW_STRUCTURED_SCHEMA_H_
#define PLANVIEW_STRUCTURED_SCHEMA_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/expected.h"
#include "structured/cty_type.h"
#include "structured/json_value.h"
#include "structured/parse_error.h"

namespace planview::structured {

enum class NestingMode { kSingle, kGroup, kList, kSet, kMap };
std::optional<NestingMode> NestingModeFromName(std::string_view name);

struct NestedType;

struct Attribute {
  std::optional<Type> type;                 // set unless nested_type is
  std::shared_ptr<const NestedType> nested_type;
  bool required = false;
  bool optional = false;
  bool computed = false;
  bool sensitive = false;
  bool deprecated = false;
  bool write_only = false;
};

struct NestedType {
  std::map<std::string, Attribute, std::less<>> attributes;  // sorted by name
  NestingMode nesting_mode = NestingMode::kSingle;
  // False only when no attribute in it, however deep, is sensitive: set when parsed. One
  // made otherwise keeps true, so a walk marking sensitive values looks inside.
  bool may_hold_sensitive = true;
};

struct Block;

struct BlockType {
  NestingMode nesting_mode = NestingMode::kSingle;
  std::shared_ptr<const Block> block;
  uint64_t min_items = 0;
  uint64_t max_items = 0;
};

struct Block {
  std::map<std::string, Attribute, std::less<>> attributes;  // sorted by name
  std::map<std::string, BlockType, std::less<>> block_types;
  bool deprecated = false;
  // As NestedType's: false only when nothing in it or its nested blocks is sensitive.
  bool may_hold_sensitive = true;
};

struct Schema {
  uint64_t version = 0;
  std::shared_ptr<const Block> block;
};

// Converts a schema "block" JSON object (never null). `path` (e.g.
// `$.provider_schemas[...]...block`) prefixes error messages; the error's `path` is where
// in it the schema is wrong.
base::Expected<std::shared_ptr<const Block>> ParseBlock(Value json, std::string_view path);
// Converts an attribute JSON object.
base::Expected<Attribute> ParseAttribute(Value json, std::string_view path);

enum class ResourceMode { kManaged, kData, kEphemeral };

class ProviderSchemas {
 public:
  // Keeps `document` alive. The error's message names the JSON path (`$.provider_schemas`).
  static base::Expected<ProviderSchemas> Parse(std::shared_ptr<const Document> document);
  // An empty set (no providers): every lookup fails.
  ProviderSchemas() = default;

  bool HasProvider(std::string_view provider) const;
  // Provider names as written in the document ("registry.opentofu.org/hashicorp/aws").
  std::vector<std::string> Providers() const;

  // The schema of a resource type of a provider, or nullptr when the provider or the type
  // is unknown; an error when the schema is malformed (its message names the JSON path).
  base::Expected<const Schema*> Find(std::string_view provider, ResourceMode mode, std::string_view type) const;
  // The same for an action type (`action_schemas`, Terraform): its config block.
  base::Expected<const Schema*> FindAction(std::string_view provider, std::string_view type) const;

 private:
  base::Expected<const Schema*> FindIn(std::string_view provider, std::string_view section,
                                       std::string_view type) const;
  std::shared_ptr<const Document> document_;
  Value providers_;  // the provider_schemas object
  // Hashes a cache key, for lookups by string_view without a string made per lookup.
  struct KeyHash {
    using is_transparent = void;
    size_t operator()(std::string_view key) const { return std::hash<std::string_view>()(key); }
  };
  // Schemas read so far, by "PROVIDER\nSECTION\nTYPE"; key_ is the key being looked up.
  mutable std::unordered_map<std::string, std::unique_ptr<Schema>, KeyHash, std::equal_to<>> cache_;
  mutable std::string key_;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_SCHEMA_H_
