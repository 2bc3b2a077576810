// The --schemas file (`tofu providers schema -json`), read and checked for any command.
#ifndef PLANVIEW_CMD_SCHEMAS_FILE_H_
#define PLANVIEW_CMD_SCHEMAS_FILE_H_

#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "structured/json_value.h"
#include "structured/read_input.h"
#include "structured/schema.h"

namespace planview::cmd {

struct LoadedSchemas {
  std::shared_ptr<const structured::Document> document;
  std::optional<structured::ProviderSchemas> schemas;
  std::string format_version;
};

// Reads and checks the --schemas file; false (after printing the error) on failure.
bool LoadSchemas(const std::string& file, LoadedSchemas& loaded, std::FILE* err,
                 uint64_t max_input_bytes = structured::kDefaultMaxInputBytes);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_SCHEMAS_FILE_H_
