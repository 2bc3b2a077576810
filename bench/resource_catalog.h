// The resource types the plan generator uses, described as provider schemas: the same
// specs drive the generated values and the `tofu providers schema -json` document, so a
// generated plan always matches its generated schemas.
#ifndef PLANVIEW_BENCH_RESOURCE_CATALOG_H_
#define PLANVIEW_BENCH_RESOURCE_CATALOG_H_

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/json_writer.h"

namespace planview::bench {

enum class TypeKind { kString, kNumber, kBool, kList, kSet, kMap, kObject, kDynamic };

struct TypeSpec;
using TypeRef = std::shared_ptr<const TypeSpec>;

struct TypeSpec {
  TypeKind kind = TypeKind::kString;
  TypeRef element;                                     // list, set, map
  std::vector<std::pair<std::string, TypeRef>> attributes;  // object, sorted by name
};

// What a string (or number) attribute holds; kAuto guesses from the attribute name.
enum class Flavor {
  kAuto, kWord, kId, kName, kArn, kPolicy, kScript, kYaml, kCidr, kIp, kTimestamp, kUuid,
  kDescription, kSecret, kHash, kUrl, kEnum, kRegion, kZone, kTags, kEnvironment, kPort,
  kSize, kSmallCount, kFloat, kManifest,
};

enum class Nesting { kSingle, kGroup, kList, kSet, kMap };
std::string_view NestingName(Nesting nesting);

struct NestedSpec;
struct BlockSpec;

struct AttributeSpec {
  std::string name;
  TypeRef type;  // unless nested is set
  std::shared_ptr<const NestedSpec> nested;
  Flavor flavor = Flavor::kAuto;
  std::vector<std::string> choices;  // kEnum
  bool required = false;
  bool optional = false;
  bool computed = false;
  bool sensitive = false;
};

struct NestedSpec {
  std::vector<AttributeSpec> attributes;  // sorted by name
  Nesting nesting = Nesting::kSingle;
};

struct BlockTypeSpec {
  std::string name;
  Nesting nesting = Nesting::kList;
  int min_items = 0;
  int max_items = 0;
  std::shared_ptr<const BlockSpec> block;
};

struct BlockSpec {
  std::vector<AttributeSpec> attributes;   // sorted by name
  std::vector<BlockTypeSpec> block_types;  // sorted by name
};

struct ResourceSpec {
  std::string type;
  std::string provider;  // local name: "aws"
  bool data = false;     // a data source
  int weight = 1;        // relative frequency in generated plans
  std::string id_prefix;  // for generated ids: "i-", "sg-"
  BlockSpec block;
};

// Every resource type, managed first. Stable order.
const std::vector<ResourceSpec>& ResourceCatalog();

// "registry.opentofu.org/hashicorp/aws" for "aws".
std::string ProviderSource(std::string_view provider);

// Writes `type` in cty JSON form: "string", ["list","string"], ["object",{...}].
void WriteTypeJson(JsonWriter& out, const TypeSpec& type);

// The whole `tofu providers schema -json` document for the catalog.
void WriteProviderSchemas(JsonWriter& out);

}  // namespace planview::bench

#endif  // PLANVIEW_BENCH_RESOURCE_CATALOG_H_
