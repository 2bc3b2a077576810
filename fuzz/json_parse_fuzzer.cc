// Fuzz target: the JSON value parser (structured/json_parse.h).
//
// Checks, beyond "never crashes": the parser accepts exactly what nlohmann::json accepts
// (except nesting past the depth limit, and where nlohmann differs from Go's
// encoding/json, which planview follows: a byte order mark, a NUL byte ending the input,
// numbers beyond a double, \u surrogate escapes that do not pair up); errors point inside
// the input; a parsed document prints back to JSON that parses to an equal document;
// skipping top-level members changes what is built, never what is accepted.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "base/executor.h"
#include "fuzz/fuzz_support.h"
#include "structured/internal/parse_threshold.h"
#include "structured/json_parse.h"

namespace {

using planview::structured::ParseJson;
using planview::structured::ParseOptions;
using planview::structured::ParseResult;

// nlohmann's verdict, with its error message.
struct ReferenceSax : nlohmann::json::json_sax_t {
  std::string error;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) override {
    error = e.what();
    return false;
  }
};

bool StartsWithBom(std::string_view text) { return text.substr(0, 3) == "\xEF\xBB\xBF"; }

void CheckInput(const std::string& text) {
  const size_t size = text.size();
  ParseResult parsed = ParseJson(text);

  ReferenceSax sax;
  bool reference_ok = nlohmann::json::sax_parse(text, &sax);

  if (parsed.ok()) {
    // nlohmann refuses numbers beyond a double; JSON (and planview) keeps their text.
    bool reference_quirk = sax.error.find("surrogate") != std::string::npos ||
                           sax.error.find("number overflow") != std::string::npos;
    PLANVIEW_FUZZ_CHECK(reference_ok || reference_quirk, size);
    PLANVIEW_FUZZ_CHECK(text.find('\0') == std::string::npos, size);
    std::string printed = planview::fuzz::ToJsonText(parsed.value()->root());
    ParseResult again = ParseJson(printed);
    PLANVIEW_FUZZ_CHECK(again.ok(), size);
    PLANVIEW_FUZZ_CHECK(again.value()->root().Equals(parsed.value()->root()), size);
    PLANVIEW_FUZZ_CHECK(planview::fuzz::ToJsonText(again.value()->root()) == printed, size);
  } else {
    const auto& error = parsed.error();
    PLANVIEW_FUZZ_CHECK(!error.message.empty(), size);
    PLANVIEW_FUZZ_CHECK(error.offset <= size, size);
    PLANVIEW_FUZZ_CHECK(error.line >= 1 && error.column >= 1, size);
    PLANVIEW_FUZZ_CHECK(error.ToString("input").find('\n') == std::string::npos, size);
    bool too_deep = error.message.find("nesting deeper than") != std::string::npos;
    // nlohmann also stops reading at a NUL byte, which JSON never allows.
    bool has_nul = text.find('\0') != std::string::npos;
    PLANVIEW_FUZZ_CHECK(!reference_ok || too_deep || has_nul || StartsWithBom(text), size);
  }

  ParseOptions skipping;
  skipping.skip_top_level_keys = {"planned_values", "a", ""};
  ParseResult skipped = ParseJson(text, skipping);
  PLANVIEW_FUZZ_CHECK(skipped.ok() == parsed.ok(), size);

  // The two-thread parse (skipped members checked beside the building; the back part of
  // a kept top-level array built there too, as timing has it and forced) must agree with
  // the one-thread parse on everything: the document, or the error, exactly.
  static planview::base::Executor executor(2);
  ParseOptions parallel = skipping;
  parallel.executor = &executor;
  for (bool forced : {false, true}) {
    planview::structured::internal::ParallelParse split;
    split.min_bytes = 0;
    split.min_split_bytes = 0;
    split.min_split_element_bytes = 0;
    split.await_split = forced;
    ParseResult beside = planview::structured::internal::ParseJsonParallel(text, parallel, split);
    PLANVIEW_FUZZ_CHECK(beside.ok() == skipped.ok(), size);
    if (beside.ok()) {
      PLANVIEW_FUZZ_CHECK(beside.value()->root().Equals(skipped.value()->root()), size);
    } else {
      PLANVIEW_FUZZ_CHECK(beside.error().ToString("input") == skipped.error().ToString("input"), size);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] { CheckInput(text); });
  return 0;
}
