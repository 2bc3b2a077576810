// `show -json`'s `checks`: the plan's check results (variable validations, preconditions
// and postconditions, output conditions, check blocks), each with its object instances.
#ifndef PLANVIEW_PLANFILE_INTERNAL_CHECKS_H_
#define PLANVIEW_PLANFILE_INTERNAL_CHECKS_H_

#include <string>

#include "base/expected.h"
#include "planfile/internal/plan_message.h"

namespace planview::planfile::internal {

// Appends `,"checks":[...]` when the plan holds check results; the error names an address
// that is not one. Results are sorted by their displayed address, as `show -json`.
base::Expected<void> AppendChecks(const tfplan::Plan& plan, std::string& out);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_CHECKS_H_
