#include "cmd/schemas_file.h"

#include <fmt/format.h>

#include "change/go_text.h"
#include "cmd/console.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"

namespace planview::cmd {

bool ReadSchemasFile(const std::string& file, LoadedSchemas& loaded, std::string& error, uint64_t max_input_bytes) {
  const std::string path = ForMessage(file);
  base::Expected<std::string> text = structured::ReadInputFile(file, {.max_bytes = max_input_bytes, .name = path});
  if (!text) {
    error = text.error().message;
    return false;
  }
  structured::ParseResult parsed = structured::ParseJson(std::move(*text));
  if (!parsed.ok()) {
    error = parsed.error().ToString(path);
    return false;
  }
  loaded.document = parsed.value();
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  if (!schemas) {
    error = fmt::format("{}: {}", path, schemas.error().message);
    return false;
  }
  loaded.schemas = std::move(*schemas);
  structured::Value version = parsed.value()->root().find("format_version");
  if (version.is_string()) loaded.format_version = std::string(version.text());
  return true;
}

bool LoadSchemas(const std::string& file, LoadedSchemas& loaded, std::FILE* err, uint64_t max_input_bytes) {
  std::string error;
  if (ReadSchemasFile(file, loaded, error, max_input_bytes)) return true;
  Error(err, error);
  return false;
}

const structured::Schema* FindManagedResourceSchema(const LoadedSchemas& loaded, const std::string& file,
                                                    const std::string& type, std::string& provider,
                                                    std::string& error) {
  if (loaded.schemas) {
    for (const std::string& name : loaded.schemas->Providers()) {
      base::Expected<const structured::Schema*> found = loaded.schemas->Find(name, structured::ResourceMode::kManaged, type);
      if (!found) {
        error = fmt::format("{}: {}", ForMessage(file), found.error().message);
        return nullptr;
      }
      const structured::Schema* schema = *found;
      if (schema != nullptr) {
        provider = name;
        return schema;
      }
    }
  }
  error = fmt::format("{}: no provider has a resource type {}", ForMessage(file), change::GoQuote(type));
  return nullptr;
}

}  // namespace planview::cmd
