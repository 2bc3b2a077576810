// Fuzz target: the type-constraint parser (structured::ParseType, as `planview wire
// decode --type` and provider schemas use it).
//
// Checks: errors are one line; a parsed type writes back (ToJson) to JSON that parses to
// the same type and the same text; its friendly name is never empty.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "fuzz/fuzz_support.h"
#include "structured/cty_type.h"
#include "structured/json_parse.h"

namespace {

using planview::structured::ParseJson;
using planview::structured::ParseType;
using planview::structured::Type;

void CheckInput(const std::string& text) {
  const size_t size = text.size();
  auto parsed = ParseJson(text);
  if (!parsed.ok()) return;
  planview::base::Expected<Type> type = ParseType(parsed.value()->root());
  if (!type) {
    const std::string& error = type.error().message;
    PLANVIEW_FUZZ_CHECK(!error.empty() && error.find('\n') == std::string::npos, size);
    return;
  }
  std::string json = type->ToJson();
  auto reparsed = ParseJson(json);
  PLANVIEW_FUZZ_CHECK(reparsed.ok(), size);
  planview::base::Expected<Type> again = ParseType(reparsed.value()->root());
  PLANVIEW_FUZZ_CHECK(again.ok(), size);
  PLANVIEW_FUZZ_CHECK(*again == *type, size);
  PLANVIEW_FUZZ_CHECK(again->ToJson() == json, size);
  PLANVIEW_FUZZ_CHECK(!type->FriendlyName().empty(), size);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] { CheckInput(text); });
  return 0;
}
