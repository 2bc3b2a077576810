// One change of a plan file as `show -json` writes it, into the plan's document: a
// resource instance change (for `resource_changes` and `resource_drift`) or an output
// change, and the paths and values they are made of. A failure is a base::Error whose
// one-line message names where.
#ifndef PLANVIEW_PLANFILE_INTERNAL_CHANGE_JSON_H_
#define PLANVIEW_PLANFILE_INTERNAL_CHANGE_JSON_H_

#include <string>
#include <vector>

#include "base/expected.h"
#include "planfile/internal/address.h"
#include "planfile/internal/document_out.h"
#include "planfile/internal/value_node.h"
#include "planfile/internal/plan_message.h"
#include "structured/schema.h"

namespace planview::planfile::internal {

// A resource instance change's address, action and whether `show -json` lists it: what
// is read of a change before its values (the document lists changes by address).
struct ChangeHead {
  InstanceAddress addr;
  std::string here;  // "resource_changes[3] (aws_x.a)", for errors
  int action = 0;    // a known action
  bool skip = false;  // a data source's delete, which `show -json` leaves out
};

// The error names the change (`where`: "resource_changes[3]"). Thread-safe.
base::Expected<ChangeHead> ReadChangeHead(const tfplan::ResourceInstanceChange& change, const std::string& where);

// The schema of the change's resource type: null without schemas or when they lack it.
// Not thread-safe (the schemas cache their lookups); `where` names the change in errors
// ("resource_changes[3]"). The same by the change's head (its address read once), with
// the same errors.
base::Expected<const structured::Schema*> FindSchema(const tfplan::ResourceInstanceChange& change,
                                                     const structured::ProviderSchemas* schemas,
                                                     const std::string& where);
base::Expected<const structured::Schema*> FindSchema(const tfplan::ResourceInstanceChange& change,
                                                     const ChangeHead& head,
                                                     const structured::ProviderSchemas* schemas);

// Writes the change at slot `at` (its head from ReadChangeHead, not skipped). `type` is
// the type its schema implies (wire::ImpliedType of the schema's block), or null: values
// are then decoded untyped. Thread-safe.
base::Expected<void> PutResourceChange(DocumentOut& out, uint32_t at, const tfplan::ResourceInstanceChange& change,
                                       const ChangeHead& head, const structured::Schema* schema,
                                       const structured::Type* type);

// An output change's object (`output_changes` member value) at slot `at`.
base::Expected<void> PutOutputChange(DocumentOut& out, uint32_t at, const tfplan::OutputChange& change,
                                     const std::string& where);

// A `dynamic` value (variables) at slot `at`.
base::Expected<void> PutDynamic(DocumentOut& out, uint32_t at, const tfplan::DynamicValue& value,
                                const std::string& where);

// A path as steps (an index step's `name` keeps the number's text), and as `show -json`
// writes it (`["tags","Name"]`, `["list",0]`).
base::Expected<std::vector<PathStep>> ConvertPath(const tfplan::Path& path, const std::string& where);
void PutPath(DocumentOut& out, uint32_t at, const std::vector<PathStep>& steps);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_CHANGE_JSON_H_
