#include "cmd/schemas_file.h"

#include <fmt/format.h>

#include "cmd/console.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"

namespace planview::cmd {

bool LoadSchemas(const std::string& file, LoadedSchemas& loaded, std::FILE* err, uint64_t max_input_bytes) {
  const std::string path = ForMessage(file);
  std::string text;
  std::string error;
  if (!structured::ReadInputFile(file, text, error, {.max_bytes = max_input_bytes, .name = path})) {
    Error(err, error);
    return false;
  }
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) {
    Error(err, parsed.error->ToString(path));
    return false;
  }
  loaded.document = parsed.document;
  loaded.schemas = structured::ProviderSchemas::Parse(parsed.document, error);
  if (!loaded.schemas) {
    Error(err, fmt::format("{}: {}", path, error));
    return false;
  }
  structured::Value version = parsed.document->root().find("format_version");
  if (version.is_string()) loaded.format_version = std::string(version.text());
  return true;
}

}  // namespace planview::cmd
