#include "renderer/log_profile.h"

#include "renderer/log_shape.h"

namespace planview::renderer {

namespace {

using T = LogTreatment;

// The types both products' RenderLog (internal/command/jsonformat/renderer.go) treat
// alike: all OpenTofu's renderer knows.
constexpr LogProfile::Entry kSharedTypes[] = {
    {"refresh_complete", T::kHidden},
    {"version", T::kHidden},
    {"planned_change", T::kHidden},
    {"provision_complete", T::kHidden},
    {"provision_errored", T::kHidden},
    {"apply_errored", T::kHidden},
    {"apply_start", T::kBoldMessage},
    {"apply_complete", T::kBoldMessage},
    {"refresh_start", T::kBoldMessage},
    {"provision_start", T::kBoldMessage},
    {"resource_drift", T::kBoldMessage},
    {"diagnostic", T::kDiagnostic},
    {"outputs", T::kOutputs},
    {"provision_progress", T::kProvisionProgress},
    {"change_summary", T::kChangeSummary},
};

// What Terraform's (hashicorp/terraform 883c7221) knows besides: ephemeral operations,
// `terraform test`, `terraform query` and policy messages.
constexpr LogProfile::Entry kTerraformTypes[] = {
    {"ephemeral_op_errored", T::kHidden},
    {"test_abstract", T::kHidden},
    {"test_status", T::kHidden},
    {"test_retry", T::kHidden},
    {"test_plan", T::kHidden},
    {"test_state", T::kHidden},
    {"test_interrupt", T::kHidden},
    {"list_start", T::kHidden},
    {"list_resource_found", T::kHidden},
    {"list_complete", T::kHidden},
    {"policy_info", T::kHidden},
    {"policy_result", T::kHidden},
    {"policy_diagnostic", T::kHidden},
    {"policy_query_summary", T::kHidden},
    {"ephemeral_op_start", T::kBoldMessage},
    {"ephemeral_op_complete", T::kBoldMessage},
    {"test_file", T::kTestFile},
    {"test_run", T::kTestRun},
    {"test_summary", T::kTestSummary},
    {"test_cleanup", T::kTestCleanup},
};

constexpr LogProfile kOpenTofu{Product::kOpenTofu,     kSharedTypes,          {},
                               kOpenTofuDiagnostics,   FitsOpenTofuLogMessage, change::OpenTofuProfile};
constexpr LogProfile kTerraform{Product::kTerraform,   kSharedTypes,            kTerraformTypes,
                                kTerraformDiagnostics, FitsTerraformLogMessage, change::TerraformProfile};

}  // namespace

LogTreatment LogProfile::TreatmentOf(std::string_view type) const {
  for (std::span<const Entry> table : {shared_types, own_types}) {
    for (const Entry& e : table) {
      if (e.type == type) return e.treatment;
    }
  }
  return LogTreatment::kMessage;
}

const LogProfile& LogProfileOf(Product product) { return product == Product::kTerraform ? kTerraform : kOpenTofu; }

}  // namespace planview::renderer
