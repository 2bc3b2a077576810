#include "cmd/schemas_file.h"

#include <fmt/format.h>

#include "structured/go_text.h"
#include "cmd/console.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"

namespace planview::cmd {

namespace {

// Parses and checks the schemas' text; `path` names them in messages.
base::Expected<LoadedSchemas> ParseSchemas(std::string text, const std::string& path) {
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) return base::Error(parsed.error().ToString(path), path);
  LoadedSchemas loaded;
  loaded.document = parsed.value();
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  if (!schemas) return base::Error(fmt::format("{}: {}", path, schemas.error().message), path, schemas.error().path);
  loaded.schemas = std::move(*schemas);
  structured::Value version = parsed.value()->root().find("format_version");
  if (version.is_string()) loaded.format_version = std::string(version.text());
  return loaded;
}

}  // namespace

base::Expected<LoadedSchemas> ReadSchemasFile(const std::string& file, uint64_t max_input_bytes) {
  const std::string path = ForMessage(file);
  base::Expected<std::string> text = structured::ReadInputFile(file, {.max_bytes = max_input_bytes, .name = path});
  if (!text) return std::move(text).error();
  return ParseSchemas(std::move(*text), path);
}

base::Expected<LoadedSchemas> ReadSchemasText(std::string_view text, std::string_view name, uint64_t max_input_bytes) {
  const std::string path = ForMessage(name);
  base::Expected<std::string> read =
      structured::ReadInputFile("-", {.max_bytes = max_input_bytes, .name = path, .standard_input = text});
  if (!read) return std::move(read).error();
  return ParseSchemas(std::move(*read), path);
}

bool LoadSchemas(const std::string& file, LoadedSchemas& loaded, std::FILE* err, uint64_t max_input_bytes) {
  base::Expected<LoadedSchemas> read = ReadSchemasFile(file, max_input_bytes);
  if (!read) {
    Error(err, read.error().message);
    return false;
  }
  loaded = std::move(*read);
  return true;
}

base::Expected<ManagedResourceSchema> FindManagedResourceSchema(const LoadedSchemas& loaded, const std::string& file,
                                                                const std::string& type) {
  if (loaded.schemas) {
    for (const std::string& name : loaded.schemas->Providers()) {
      base::Expected<const structured::Schema*> found = loaded.schemas->Find(name, structured::ResourceMode::kManaged, type);
      if (!found) return base::Error(fmt::format("{}: {}", ForMessage(file), found.error().message));
      if (*found != nullptr) return ManagedResourceSchema{*found, name};
    }
  }
  return base::Error(fmt::format("{}: no provider has a resource type {}", ForMessage(file), structured::GoQuote(type)));
}

}  // namespace planview::cmd
