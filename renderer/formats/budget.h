// Spending a size budget by risk: which of a Markdown comment's sections keep their full
// diff, which are only listed by address, and (when even the list does not fit) which are
// only counted. Pure arithmetic on sizes measured once; the Markdown presenter measures
// and assembles (renderer/formats/markdown.cc), this chooses.
#ifndef PLANVIEW_RENDERER_FORMATS_BUDGET_H_
#define PLANVIEW_RENDERER_FORMATS_BUDGET_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "structured/action.h"

namespace planview::renderer::formats::budget {

// The order the budget is spent in: deletes, replaces and drift first, then updates (and
// forgets), then creates, reads, moves and imports, then the output changes.
enum class Risk : uint8_t { kDestroy, kUpdate, kCreate, kOutputs };

Risk RiskOf(Action action, bool drift);

struct Item {
  Risk risk = Risk::kCreate;
  size_t full = 0;    // bytes of the section with its whole diff
  size_t listed = 0;  // bytes of its line in the list of sections without diffs
};

enum class Form : uint8_t { kFull, kListed, kUnlisted };

// Chooses a form per item so that the chosen sizes sum to at most `budget`. When every
// item can be listed, all are, and the rest of the budget upgrades items to their full
// form greedily: by risk, then smallest first (the most diffs of the riskiest kind). When
// the list alone does not fit, each risk class in turn is listed as far as it fits and
// then upgraded, so a riskier item's diff comes before a safer item's address. An item
// left out of one form never fits in what remains: for every listed item X,
// full(X) - listed(X) exceeds the unspent budget plus what every safer full item cost
// beyond its listing.
std::vector<Form> Choose(std::span<const Item> items, size_t budget);

// The longest prefix of `body` of at most `max_bytes` bytes that ends at a line break
// (the break itself left out), unless that loses more than `max_loss` bytes: then the
// longest prefix that ends on a UTF-8 character boundary (or, when the first character
// alone is longer, `max_bytes` bytes: never empty when max_bytes > 0 and the body is not).
std::string_view CutBody(std::string_view body, size_t max_bytes, size_t max_loss);

}  // namespace planview::renderer::formats::budget

#endif  // PLANVIEW_RENDERER_FORMATS_BUDGET_H_
