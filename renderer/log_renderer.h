// Machine-readable logs (`plan -json`, `apply -json`, `test -json`: one JSON object per
// line) rendered for people, as the product's Renderer.RenderLog does for remote runs:
// `options.product` picks OpenTofu's or Terraform's renderer (renderer/log_profile.h).
#ifndef PLANVIEW_RENDERER_LOG_RENDERER_H_
#define PLANVIEW_RENDERER_LOG_RENDERER_H_

#include <string>
#include <string_view>

#include "base/expected.h"
#include "renderer/options.h"
#include "structured/json_value.h"
#include "structured/parse_error.h"

namespace planview::renderer {

// The width upstream wraps diagnostic details at in logs, whatever the terminal.
inline constexpr int kLogDiagnosticWidth = 78;

// True when `message` has the shape of the product's JSONLog (the types Go's encoding/json
// would accept; renderer/log_shape.h).
bool IsLogMessage(structured::Value message, Product product = Product::kOpenTofu);

// Renders one message already known to satisfy IsLogMessage for options.product. `err`
// gets what upstream writes on standard error (Terraform's test_cleanup lines). Problems
// that upstream would panic or stop on (an output type that does not parse, a provisioner
// hook or test message without its fields) are worked around with a warning. An outputs
// message whose outputs carry only their planned `action` (what `plan -json` writes) is
// shown as "Changes to Outputs:" with each output's action symbol and name, no value.
// A field of the wrong type (which the shape rules out) is an input error naming its path.
base::Expected<void> RenderLogMessage(structured::Value message, const Options& options, int diagnostic_width,
                                      std::string& out, std::string& err, Warnings& warnings);

struct LogResult {
  std::string err_output;       // what upstream writes on standard error
  size_t lines = 0;             // lines read
  size_t malformed_lines = 0;   // lines that start like JSON but do not parse, or are too long
  structured::ParseError first_error;  // where the first malformed line went wrong (line/column in the file)
};

// Longer log lines are neither parsed nor printed (a line of upstream's log is one message;
// parsing a line costs a copy and a document of about its size): they count as malformed,
// with an error naming this limit.
inline constexpr size_t kMaxLogLineBytes = size_t{256} << 20;

// Renders a whole JSON-lines stream. Lines that are not log messages are printed as they
// are (upstream's behaviour: plain text in a log is passed through); a line that starts
// with `{` but does not parse (a truncated line) is also counted in the result, with where
// the first one went wrong.
// `diagnostic_width` is normally kLogDiagnosticWidth.
LogResult RenderLog(std::string_view text, const Options& options, int diagnostic_width, std::string& out,
                    Warnings& warnings, size_t max_line_bytes = kMaxLogLineBytes);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_LOG_RENDERER_H_
