#include "renderer/formats/gate.h"

#include <algorithm>

#include <fmt/format.h>

#include "structured/go_text.h"
#include "renderer/formats/filter.h"

namespace planview::renderer::formats {
namespace {

bool Has(const std::vector<ActionCategory>& categories, ActionCategory c) {
  return std::find(categories.begin(), categories.end(), c) != categories.end();
}

// The glob in `globs` that matches the resource (as --address matches), or null.
const std::string* ProtectedBy(const std::vector<std::string>& globs, const ResourceChange& resource) {
  for (const std::string& glob : globs) {
    ResourceFilter one;
    one.addresses = {glob};
    if (one.Matches(resource)) return &glob;
  }
  return nullptr;
}

}  // namespace

base::Expected<void> ParseFailOn(std::string_view list, Gate& gate) {
  size_t start = 0;
  while (true) {
    size_t end = list.find(',', start);
    std::string_view item = list.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (item == "delete" || item == "destroy") {
      gate.fail_on_delete = true;
    } else if (item == "replace") {
      gate.fail_on_replace = true;
    } else if (item == "drift") {
      gate.fail_on_drift = true;
    } else {
      return base::Error(
          fmt::format("--fail-on: unknown condition {} (want delete, replace or drift)", structured::GoQuote(item)));
    }
    if (end == std::string_view::npos) return {};
    start = end + 1;
  }
}

std::vector<GateViolation> CheckGate(const Gate& gate, const Plan& plan) {
  std::vector<GateViolation> out;
  if (gate.fail_on_drift) {
    for (const ResourceChange& r : plan.resource_drift) {
      if (r.action == Action::kNoOp) continue;
      out.push_back({std::string(r.address), "changed outside of the configuration (--fail-on drift)"});
    }
  }
  for (const ResourceChange& r : plan.resource_changes) {
    if (!ShownInPlan(r)) continue;  // a data source's delete or a no-op destroys nothing
    std::vector<ActionCategory> categories = CategoriesOf(r);
    const bool deleted = Has(categories, ActionCategory::kDelete);
    const bool replaced = Has(categories, ActionCategory::kReplace);
    if (!deleted && !replaced) continue;
    const char* verb = replaced ? "is replaced" : "is deleted";
    if (const std::string* glob = ProtectedBy(gate.protect, r)) {
      out.push_back({std::string(r.address), fmt::format("{} (--protect {})", verb, structured::GoQuote(*glob))});
    } else if (deleted && gate.fail_on_delete) {
      out.push_back({std::string(r.address), fmt::format("{} (--fail-on delete)", verb)});
    } else if (replaced && gate.fail_on_replace) {
      out.push_back({std::string(r.address), fmt::format("{} (--fail-on replace)", verb)});
    }
  }
  return out;
}

}  // namespace planview::renderer::formats
