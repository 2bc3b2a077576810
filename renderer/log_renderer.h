// Machine-readable logs (`tofu plan -json`, `tofu apply -json`: one JSON object per line)
// rendered for people, as upstream's Renderer.RenderLog does for remote runs.
#ifndef PLANVIEW_RENDERER_LOG_RENDERER_H_
#define PLANVIEW_RENDERER_LOG_RENDERER_H_

#include <string>
#include <string_view>

#include "renderer/options.h"
#include "structured/json_value.h"
#include "structured/parse_error.h"

namespace planview::renderer {

// The width upstream wraps diagnostic details at in logs, whatever the terminal.
inline constexpr int kLogDiagnosticWidth = 78;

// True when `message` has the shape of upstream's JSONLog (@message, type, diagnostic,
// outputs, hook with the types Go's encoding/json would accept).
bool IsLogMessage(structured::Value message);

// Renders one message already known to satisfy IsLogMessage. Problems that upstream would
// panic or stop on (an output type that does not parse, a provisioner hook without its
// fields) are worked around with a warning.
void RenderLogMessage(structured::Value message, const Options& options, int diagnostic_width, std::string& out,
                      Warnings& warnings);

struct LogResult {
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
