// Fuzz target: the plan-to-plan comparison (renderer/compare/, `planview diff OLD NEW`).
// The input is two plans' JSON separated by a NUL byte (no NUL: the same plan twice).
//
// Checks, beyond "never crashes": a plan compared with itself is the same; the verdict does
// not depend on which plan is old (the same entries differ, each with its added/gone
// mirrored); the JSON output parses and its "same" agrees; the text has no raw control
// character and ends with its one counting line.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz/fuzz_support.h"
#include "renderer/compare/comparison_json.h"
#include "renderer/compare/comparison_text.h"
#include "renderer/compare/plan_comparison.h"
#include "renderer/document_kind.h"
#include "renderer/json_fields.h"
#include "renderer/plan.h"
#include "structured/json_parse.h"

namespace {

using namespace planview;  // NOLINT: a fuzz target's file
using renderer::compare::DifferenceKind;
using renderer::compare::PlanComparison;

// A parsed plan, or nothing when the bytes are not one `planview diff` accepts.
struct Loaded {
  std::shared_ptr<const structured::Document> document;
  renderer::Plan plan;
};

std::optional<Loaded> Load(std::string text) {
  structured::ParseResult parsed = structured::ParseJson(std::move(text));
  if (!parsed.ok()) return std::nullopt;
  if (renderer::KindOfDocument(parsed.value()->root()) != renderer::DocumentKind::kPlan) return std::nullopt;
  Loaded loaded;
  base::Expected<renderer::Plan> plan = renderer::Plan::FromJson(parsed.value()->root());
  if (!plan || !renderer::compare::CheckUniqueAddresses(*plan)) return std::nullopt;
  loaded.plan = *std::move(plan);
  loaded.document = std::move(*parsed);
  return loaded;
}

size_t Entries(const PlanComparison& c) { return c.resources.size() + c.outputs.size() + c.drift.size(); }

DifferenceKind Mirrored(DifferenceKind kind) {
  if (kind == DifferenceKind::kAdded) return DifferenceKind::kGone;
  if (kind == DifferenceKind::kGone) return DifferenceKind::kAdded;
  return kind;
}

void CheckMirrored(const std::vector<renderer::compare::EntryDifference>& a,
                   const std::vector<renderer::compare::EntryDifference>& b, size_t size) {
  PLANVIEW_FUZZ_CHECK(a.size() == b.size(), size);
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    PLANVIEW_FUZZ_CHECK(a[i].address == b[i].address && a[i].deposed == b[i].deposed, size);
    PLANVIEW_FUZZ_CHECK(Mirrored(a[i].kind) == b[i].kind, size);
    PLANVIEW_FUZZ_CHECK(a[i].attributes.size() == b[i].attributes.size(), size);
  }
}

void CheckOutputs(const PlanComparison& c, size_t size) {
  std::string json;
  renderer::compare::AppendComparisonJson(c, "old.json", "new.json", json);
  structured::ParseResult parsed = structured::ParseJson(json);
  PLANVIEW_FUZZ_CHECK(parsed.ok(), size);
  structured::Value same = parsed.value()->root().find("same");
  PLANVIEW_FUZZ_CHECK(same.is_true() == c.Same() && same.is_bool(), size);

  for (bool color : {false, true}) {
    std::string text;
    renderer::compare::AppendComparisonText(c, {.color = color, .old_name = "old.json", .new_name = "new.json"}, text);
    PLANVIEW_FUZZ_CHECK(!text.empty() && text.back() == '\n', size);
    for (char ch : text) {
      auto byte = static_cast<unsigned char>(ch);
      // Only the newline, and ESC of the colour codes when colour is on.
      PLANVIEW_FUZZ_CHECK(byte >= 0x20 || byte == '\n' || (color && byte == 0x1b), size);
    }
  }
}

void CheckInput(std::string_view input) {
  const size_t size = input.size();
  size_t nul = input.find('\0');
  std::string_view old_text = input.substr(0, nul);
  std::string_view new_text = nul == std::string_view::npos ? input : input.substr(nul + 1);
  std::optional<Loaded> old_plan = Load(std::string(old_text));
  std::optional<Loaded> new_plan = Load(std::string(new_text));
  for (const std::optional<Loaded>* plan : {&old_plan, &new_plan}) {
    if (!*plan) continue;
    for (bool drift : {false, true}) {
      PlanComparison self = renderer::compare::ComparePlans((*plan)->plan, (*plan)->plan, {.drift = drift});
      PLANVIEW_FUZZ_CHECK(self.Same(), size);
    }
  }
  if (!old_plan || !new_plan) return;
  PlanComparison forward = renderer::compare::ComparePlans(old_plan->plan, new_plan->plan, {.drift = true});
  PlanComparison backward = renderer::compare::ComparePlans(new_plan->plan, old_plan->plan, {.drift = true});
  PLANVIEW_FUZZ_CHECK(forward.Same() == backward.Same() && Entries(forward) == Entries(backward), size);
  CheckMirrored(forward.resources, backward.resources, size);
  CheckMirrored(forward.outputs, backward.outputs, size);
  CheckMirrored(forward.drift, backward.drift, size);
  CheckOutputs(forward, size);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] { CheckInput(input); });
  return 0;
}
