// One change of a plan file as `show -json` writes it: a resource instance change (for
// `resource_changes` and `resource_drift`) or an output change, and the paths and values
// they are made of. A failure is a base::Error whose one-line message names where.
#ifndef PLANVIEW_PLANFILE_INTERNAL_CHANGE_JSON_H_
#define PLANVIEW_PLANFILE_INTERNAL_CHANGE_JSON_H_

#include <string>
#include <vector>

#include "base/expected.h"
#include "planfile/internal/value_node.h"
#include "planproto/planfile.pb.h"
#include "structured/schema.h"

namespace planview::planfile::internal {

// A resource instance change, ready to be written; `sort_key` orders them as `show -json`.
struct ResourceChangeJson {
  std::string address;
  std::string deposed;
  std::string json;
  bool skip = false;  // a data source's delete, which `show -json` leaves out
};

// The schema of the change's resource type: null without schemas or when they lack it.
// Not thread-safe (the schemas cache their lookups); `where` names the change in errors
// ("resource_changes[3]").
base::Expected<const structured::Schema*> FindSchema(const planproto::ResourceInstanceChange& change,
                                                     const structured::ProviderSchemas* schemas,
                                                     const std::string& where);

// `schema` (from FindSchema) may be null: values are then decoded untyped. Thread-safe.
base::Expected<ResourceChangeJson> ResourceChangeToJson(const planproto::ResourceInstanceChange& change,
                                                        const structured::Schema* schema, const std::string& where);

// `"name":{...}` of `output_changes`.
base::Expected<void> AppendOutputChangeJson(const planproto::OutputChange& change, const std::string& where,
                                            std::string& out);

// A `dynamic` value (outputs, variables) as a tree.
base::Expected<Node> DecodeDynamic(const planproto::DynamicValue& value, const std::string& where);

// Marks what `block` marks sensitive in a resource value: attributes (also inside nested
// attribute types) and, recursively, nested blocks.
void MarkSchemaSensitive(Node& node, const structured::Block& block);

// A path as `show -json` writes it (`["tags","Name"]`, `["list",0]`) and as steps.
base::Expected<void> ConvertPath(const planproto::Path& path, const std::string& where,
                                 std::vector<PathStep>* steps, std::string* json);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_CHANGE_JSON_H_
