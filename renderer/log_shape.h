// Whether a JSON-lines log message decodes into a product's log message struct, with Go's
// encoding/json rules (null leaves the zero value, anything else must have the field's
// type). A message that does not decode is printed as its raw line, as upstream's callers
// do. Each product's message, diagnostic and output fields are one table in log_shape.cc.
#ifndef PLANVIEW_RENDERER_LOG_SHAPE_H_
#define PLANVIEW_RENDERER_LOG_SHAPE_H_

#include "structured/json_value.h"

namespace planview::renderer {

// OpenTofu's JSONLog: @message, type, diagnostic (with its `difference`), outputs (with
// `deprecated`), hook.
bool FitsOpenTofuLogMessage(structured::Value message);

// Terraform's JSONLog: the same plus @testrun, @testfile, the typed test_* and list_*
// fields; its diagnostic has policy_range, policy_snippet, deprecation_origin_description
// and snippet.test_assertion_expr instead of `difference`. test_plan and test_state are
// checked to be objects only (their members are not read).
bool FitsTerraformLogMessage(structured::Value message);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_LOG_SHAPE_H_
