// Fuzz target: the C API (capi/planview.h), options and all. The first byte says how many
// options follow (0-7), each next byte picks one from a table of the CLI's options, their
// values and hostile strings; every other input also has schemas (the first half of what
// is left, split at a NUL if there is one), and the rest is the document. Both
// planview_render and planview_render_changes must return a result that keeps the
// contract: a status of 0-3; output and messages NUL terminated; a usage error (2) ends
// with the usage line; a failure (1) says why; changes only for a rendered plan.
#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <vector>

#include "capi/planview.h"

namespace {

constexpr const char* kTokens[] = {
    "--format", "markdown", "json", "html", "github", "text", "--product", "terraform", "opentofu", "auto",
    "--color", "always", "never", "-no-color", "--width", "1", "0", "100000", "-5", "--show-sensitive",
    "--summary", "--summary-only", "--verbose", "--concise", "--action", "create,delete", "replace", "--address",
    "*", "aws_*", "--hide-reads", "--max-bytes", "1024", "--mask", "[a-z]+", "(", "--mask-env", "HOME",
    "--fail-on", "delete,replace,drift", "--protect", "--drift", "summary", "hide", "--kind", "plan", "state",
    "log", "--mode", "destroy", "refresh-only", "--quality", "errored,nochanges", "--safe-terminal",
    "--no-safe-terminal", "--max-input-bytes", "64", "--help", "--version", "--split", "dir", "plan.json",
    "--schemas", "-", "--", "\x1b[31m", "\xff", "", "--format=json", "--width=\n3",
};
constexpr size_t kTokenCount = sizeof kTokens / sizeof kTokens[0];

void Check(planview_result* r) {
  if (r == nullptr) std::abort();  // only when the result's own bytes could not be had
  const int status = planview_result_status(r);
  if (status < 0 || status > 3) std::abort();
  size_t out_len = 0, err_len = 0;
  const char* out = planview_result_output(r, &out_len);
  const char* err = planview_result_messages(r, &err_len);
  if (out[out_len] != '\0' || err[err_len] != '\0') std::abort();
  std::string_view messages(err, err_len);
  if (status == 2 && !messages.ends_with(" for usage.\n") && !messages.starts_with("planview: PLANVIEW_KERNEL")) {
    std::abort();
  }
  if (status == 1 && messages.empty()) std::abort();
  const size_t changes = planview_result_change_count(r);
  if (changes > 0 && status != 0 && status != 3) std::abort();
  for (size_t i = 0; i < changes; ++i) {
    const planview_change* c = planview_result_change(r, i);
    size_t len = 0;
    if (c == nullptr || planview_change_address(c, &len)[len] != '\0' || planview_change_diff(c, &len)[len] != '\0') {
      std::abort();
    }
  }
  if (planview_result_change(r, changes) != nullptr) std::abort();
  planview_result_free(r);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  size_t at = 0;
  const size_t count = std::min<size_t>(data[at++] % 8, size - 1);
  std::vector<const char*> args;
  for (size_t i = 0; i < count; ++i) args.push_back(kTokens[data[at++] % kTokenCount]);
  const bool with_schemas = (data[0] & 0x80) != 0;
  const char* rest = reinterpret_cast<const char*>(data + at);
  size_t rest_len = size - at;
  const char* schemas = nullptr;
  size_t schemas_len = 0;
  if (with_schemas) {
    const void* nul = std::memchr(rest, '\0', rest_len);
    schemas = rest;
    schemas_len = nul != nullptr ? static_cast<const char*>(nul) - rest : rest_len / 2;
    rest += schemas_len + (nul != nullptr ? 1 : 0);
    rest_len -= schemas_len + (nul != nullptr ? 1 : 0);
  }
  // An empty input is given as NULL, 0, as the header allows.
  const char* input = rest_len == 0 ? nullptr : rest;
  Check(planview_render(input, rest_len, schemas, schemas_len, args.data(), args.size()));
  if ((data[0] & 0x40) != 0) {
    Check(planview_render_changes(input, rest_len, schemas, schemas_len, args.data(), args.size()));
  }
  return 0;
}
