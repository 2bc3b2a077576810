// Gates: `--fail-on delete,replace,drift` and `--protect GLOB` turn a plan into a check
// for CI. They look at the whole plan (never the view --action/--address/--hide-reads
// leave), and each change that trips one is a violation; the caller renders as usual and
// then exits with kExitGate, one line per violation on standard error.
#ifndef PLANVIEW_RENDERER_FORMATS_GATE_H_
#define PLANVIEW_RENDERER_FORMATS_GATE_H_

#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "renderer/plan.h"

namespace planview::renderer::formats {

struct Gate {
  bool fail_on_delete = false;   // a resource the plan destroys (not a replace)
  bool fail_on_replace = false;  // a resource the plan replaces
  bool fail_on_drift = false;    // a resource changed outside OpenTofu/Terraform
  std::vector<std::string> protect;  // globs over address or type (as --address): no delete or replace

  bool Active() const { return fail_on_delete || fail_on_replace || fail_on_drift || !protect.empty(); }
};

// Adds the conditions of a comma-separated --fail-on list to `gate`; an unknown word is an
// error (one line naming it).
base::Expected<void> ParseFailOn(std::string_view list, Gate& gate);

struct GateViolation {
  std::string address;  // a copy: the plan's document may be gone when it is reported
  std::string reason;  // e.g. "is deleted (--fail-on delete)", "is replaced (--protect 'aws_db_*')"
};

// Every violation in `plan`, drift first, then changes in the plan's (address) order; one
// per address (the first rule that trips).
std::vector<GateViolation> CheckGate(const Gate& gate, const Plan& plan);

}  // namespace planview::renderer::formats

#endif  // PLANVIEW_RENDERER_FORMATS_GATE_H_
