// A diagnostic from a JSON log (upstream's jsonentities.Diagnostic) rendered for a
// terminal: the framed "Error: ..." block with its source snippet, expression values,
// function call and difference.
#ifndef PLANVIEW_RENDERER_DIAGNOSTIC_H_
#define PLANVIEW_RENDERER_DIAGNOSTIC_H_

#include <string>

#include "base/expected.h"
#include "change/colorize.h"
#include "structured/json_value.h"

namespace planview::renderer {

// Where the two products' format.DiagnosticFromJSON differ.
struct DiagnosticStyle {
  bool escape_control_characters;  // summary, detail, file names and code (OpenTofu)
  bool colour_codes_in_detail;     // each detail line not starting with a space goes through the colouriser (Terraform)
  bool difference;                 // a plan-change `difference` as "Diff:" (OpenTofu)
  bool policy_snippet;             // policy_range / policy_snippet first, then "while evaluating policy for" (Terraform)
  bool deprecation_origin;         // "The deprecation originates from ..." (Terraform)
  bool test_assertion;             // snippet.test_assertion_expr: LHS, RHS, warning, line diff (Terraform)
  bool indent_multiline_values;    // a value's statement lines after the first indented (Terraform)
};
inline constexpr DiagnosticStyle kOpenTofuDiagnostics{true, false, true, false, false, false, false};
inline constexpr DiagnosticStyle kTerraformDiagnostics{false, true, false, true, true, true, true};

// Upstream's format.DiagnosticFromJSON: `diagnostic` must already satisfy the log
// message's shape (see log_shape.h); the detail is wrapped to fit `width`. Appends to
// `out`; a null diagnostic appends nothing. A field of the wrong type (which the log
// message's shape rules out) is an input error naming its path, and appends nothing.
base::Expected<void> RenderDiagnostic(structured::Value diagnostic, const change::Colorize& colorize, int width,
                                      std::string& out, const DiagnosticStyle& style = kOpenTofuDiagnostics);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_DIAGNOSTIC_H_
