// Fuzz target: provider schema parsing (structured::ProviderSchemas, ParseBlock,
// ParseAttribute, the cty types inside) and the wire type a block implies.
//
// Every resource, data source and ephemeral resource type named in the document is looked
// up, converted to a Block (or refused with a one-line error naming its JSON path) and its
// implied type computed and written out.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_support.h"
#include "structured/json_parse.h"
#include "structured/schema.h"
#include "wire/implied_type.h"

namespace {

using planview::structured::ProviderSchemas;
using planview::structured::ResourceMode;
using planview::structured::Value;

void CheckInput(const std::string& text) {
  const size_t size = text.size();
  auto parsed = planview::structured::ParseJson(text);
  if (!parsed.ok()) return;
  planview::base::Expected<ProviderSchemas> schemas = ProviderSchemas::Parse(parsed.value());
  if (!schemas) {
    const std::string& error = schemas.error().message;
    PLANVIEW_FUZZ_CHECK(!error.empty() && error.find('\n') == std::string::npos, size);
    return;
  }
  Value providers = parsed.value()->root().find("provider_schemas");
  for (const std::string& provider : schemas->Providers()) {
    PLANVIEW_FUZZ_CHECK(schemas->HasProvider(provider), size);
    Value sections = providers.find(provider);
    const std::pair<const char*, ResourceMode> kSections[] = {{"resource_schemas", ResourceMode::kManaged},
                                                              {"data_source_schemas", ResourceMode::kData},
                                                              {"ephemeral_resource_schemas", ResourceMode::kEphemeral}};
    for (const auto& [section, mode] : kSections) {
      Value types = sections.find(section);
      for (size_t i = 0; i < types.size(); ++i) {
        std::string_view type = types.member(i).key;
        planview::base::Expected<const planview::structured::Schema*> found = schemas->Find(provider, mode, type);
        PLANVIEW_FUZZ_CHECK(found || found.error().message.find('\n') == std::string::npos, size);
        if (!found || *found == nullptr) continue;
        const planview::structured::Schema* schema = *found;
        PLANVIEW_FUZZ_CHECK(schema->block != nullptr, size);
        std::string implied = planview::wire::ImpliedType(*schema->block).ToJson();
        PLANVIEW_FUZZ_CHECK(planview::structured::ParseJson(implied).ok(), size);
        // A second lookup answers from the cache with the same schema.
        PLANVIEW_FUZZ_CHECK(*schemas->Find(provider, mode, type) == schema, size);
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] { CheckInput(text); });
  return 0;
}
