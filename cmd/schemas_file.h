// The --schemas file (`tofu providers schema -json`), read and checked once for every
// command (planview, browse, convert, wire).
#ifndef PLANVIEW_CMD_SCHEMAS_FILE_H_
#define PLANVIEW_CMD_SCHEMAS_FILE_H_

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "base/expected.h"
#include "structured/json_value.h"
#include "structured/read_input.h"
#include "structured/schema.h"

namespace planview::cmd {

struct LoadedSchemas {
  std::shared_ptr<const structured::Document> document;  // the schemas point into it
  std::optional<structured::ProviderSchemas> schemas;
  std::string format_version;  // "" when the file has none

  // The schemas, or null when none were loaded.
  const structured::ProviderSchemas* get() const { return schemas ? &*schemas : nullptr; }
};

// Reads and checks `file` ("-" for standard input). The error is one line naming the file
// (no "planview: " prefix).
base::Expected<LoadedSchemas> ReadSchemasFile(const std::string& file,
                                              uint64_t max_input_bytes = structured::kDefaultMaxInputBytes);

// The same for schemas handed over in memory (capi/): `text`, named `name` in messages.
base::Expected<LoadedSchemas> ReadSchemasText(std::string_view text, std::string_view name,
                                              uint64_t max_input_bytes = structured::kDefaultMaxInputBytes);

// ReadSchemasFile that prints the error as `planview: ...` on `err`.
bool LoadSchemas(const std::string& file, LoadedSchemas& loaded, std::FILE* err,
                 uint64_t max_input_bytes = structured::kDefaultMaxInputBytes);

struct ManagedResourceSchema {
  const structured::Schema* schema;  // never null
  std::string provider;              // the provider's address
};

// The managed resource type `type` in the first provider (in the file's order) that has
// it; an error naming `file` when none has it or its schema is malformed.
base::Expected<ManagedResourceSchema> FindManagedResourceSchema(const LoadedSchemas& loaded, const std::string& file,
                                                                const std::string& type);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_SCHEMAS_FILE_H_
