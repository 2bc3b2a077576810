// Fuzz target: masks (renderer/mask.h, `--mask` and `--mask-env`) over fuzzed values. The
// input is a JSON value (or any bytes) placed as a resource change's `before` and `after`
// in a plan, then masked with a fixed literal secret and a fixed pattern.
//
// Checks, beyond "never crashes": masking twice changes nothing more; when the input is one
// JSON value, the masked document still parses and never holds the secret or a match of the
// pattern, neither as raw bytes nor in any string or key once JSON-decoded.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <re2/re2.h>

#include "fuzz/fuzz_support.h"
#include "renderer/mask.h"
#include "structured/json_parse.h"

namespace {

using planview::renderer::Masks;
using planview::structured::Value;

constexpr std::string_view kSecret = "hunter2-SECRET";
constexpr char kPattern[] = "tok-[0-9a-f]{8}";

const Masks& FixedMasks() {
  static const Masks masks = [] {
    std::vector<std::string> patterns = {kPattern};
    std::vector<std::string> literals = {std::string(kSecret)};
    planview::base::Expected<Masks> made = Masks::Make(patterns, literals);
    if (!made) planview::fuzz::InvariantFailed("the fixed masks compile", 0);
    return *made;
  }();
  return masks;
}

bool Leaks(std::string_view text) {
  static const re2::RE2 pattern(kPattern);
  return text.find(kSecret) != std::string_view::npos || re2::RE2::PartialMatch(text, pattern);
}

// Every string and key in `value`, decoded, checked for a leak.
void CheckDecoded(Value value, size_t size) {
  if (value.is_string()) {
    PLANVIEW_FUZZ_CHECK(!Leaks(value.text()), size);
  } else if (value.is_array()) {
    for (size_t i = 0; i < value.size(); ++i) CheckDecoded(value.at(i), size);
  } else if (value.is_object()) {
    for (size_t i = 0; i < value.size(); ++i) {
      PLANVIEW_FUZZ_CHECK(!Leaks(value.member(i).key), size);
      CheckDecoded(value.member(i).value, size);
    }
  }
}

void CheckInput(std::string_view input) {
  const size_t size = input.size();
  std::string document = R"({"format_version":"1.2","resource_changes":[{"address":"a.b","type":"a","name":"b",)"
                         R"("change":{"actions":["update"],"before":)";
  document += input;
  document += R"(,"after":)";
  document += input;
  document += "}}]}";
  const Masks& masks = FixedMasks();
  std::string masked = masks.MaskDocument(document);
  PLANVIEW_FUZZ_CHECK(masks.MaskDocument(masked) == masked, size);
  // Bytes that are not one JSON value could close the change and add keys of the
  // document's own structure, which masks leave alone: only the shape above is checked.
  if (!planview::structured::ParseJson(std::string(input)).ok()) return;
  PLANVIEW_FUZZ_CHECK(!Leaks(masked), size);
  planview::structured::ParseResult parsed = planview::structured::ParseJson(masked);
  PLANVIEW_FUZZ_CHECK(parsed.ok(), size);
  CheckDecoded(parsed.value()->root(), size);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] { CheckInput(input); });
  return 0;
}
