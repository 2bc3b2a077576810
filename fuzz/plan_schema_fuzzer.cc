// Fuzz target: a plan and its provider schemas, both fuzzed. The input is the plan's
// bytes, a NUL byte, then the schemas' bytes (JSON holds no raw NUL, so the split is
// unambiguous); without a NUL the whole input is the plan and there are no schemas.
// Schemas that do not parse are rendered without, as the binary cannot (it stops with an
// error) but the library allows.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz/fuzz_support.h"
#include "fuzz/render_check.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t split = input.find('\0');
  std::string plan(input.substr(0, split));
  std::string schema_text(split == std::string_view::npos ? std::string_view() : input.substr(split + 1));
  planview::fuzz::RunOnLargeStack([&] {
    std::optional<planview::structured::ProviderSchemas> schemas;
    std::string version;
    if (split != std::string_view::npos) {
      auto parsed = planview::structured::ParseJson(schema_text);
      if (parsed.ok()) {
        auto parsed_schemas = planview::structured::ProviderSchemas::Parse(parsed.value());
        if (parsed_schemas) schemas = std::move(*parsed_schemas);
        version = std::string(parsed.value()->root().find("format_version").text());
      }
    }
    planview::fuzz::RenderAndCheck(std::move(plan), schemas ? &*schemas : nullptr, version);
  });
  return 0;
}
