// `show -json`'s `prior_state`, from the plan file's `tfstate` member (a state file,
// version 4): the root module's outputs and every resource instance with its values and
// `sensitive_values` (the state's own sensitive paths, plus what the schema marks when
// schemas are given), nested in `child_modules` as `terraform show -json` nests them.
#ifndef PLANVIEW_PLANFILE_INTERNAL_PRIOR_STATE_H_
#define PLANVIEW_PLANFILE_INTERNAL_PRIOR_STATE_H_

#include <string>
#include <string_view>

#include "base/expected.h"
#include "structured/schema.h"

namespace planview::planfile::internal {

// How a module's resources are ordered: Terraform 1.1 wrote them by address text
// (`aws_x.a` before `data.aws_y.b`), Terraform 1.6 on data sources first, then by type and
// name (the versions between are not known; see plan_file.cc).
enum class ResourceOrder { kByAddressText, kDataFirst };

// Appends `,"prior_state":{...}` to `out` unless the state holds no resource and no output
// (then `show -json` leaves the member out). The error ("tfstate: ...") when the state is
// not what a state file holds.
base::Expected<void> AppendPriorState(std::string_view tfstate, const structured::ProviderSchemas* schemas,
                                      ResourceOrder order, std::string& out);

}  // namespace planview::planfile::internal

#endif  // PLANVIEW_PLANFILE_INTERNAL_PRIOR_STATE_H_
