#include "differ/internal/path.h"

#include <fmt/format.h>

#include "structured/json_path.h"

namespace planview::differ::internal {
namespace {

void AppendQuotedKey(std::string& out, std::string_view key) {
  // AppendKeyStep quotes keys that are not identifiers; map keys are always quoted, so
  // force the bracket form by formatting through a key that is never an identifier.
  std::string step;
  structured::AppendKeyStep(step, key);
  if (step.starts_with("[")) {
    out += step;
    return;
  }
  out += "[\"";
  out += key;  // an identifier: nothing to escape
  out += "\"]";
}

}  // namespace

std::string Path::Format(Side side) const {
  std::string out;
  for (const Step& step : steps_) {
    switch (step.kind) {
      case Step::kAttribute:
        structured::AppendKeyStep(out, step.name);
        break;
      case Step::kKey:
        AppendQuotedKey(out, step.name);
        break;
      case Step::kIndex: {
        int64_t index = side == Side::kBefore ? step.before : step.after;
        if (index < 0) index = side == Side::kBefore ? step.after : step.before;
        out += fmt::format("[{}]", index);
        break;
      }
    }
  }
  return out;
}

void Path::Fail(Side side, std::string_view message) {
  if (error_) return;
  std::string where = Format(side);
  std::string text = where.empty() ? std::string(message) : fmt::format("{}: {}", where, message);
  error_.emplace(std::move(text), std::string(), std::move(where));
}

}  // namespace planview::differ::internal
