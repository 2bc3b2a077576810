// Machine-readable logs (`plan -json`, `apply -json`, `test -json`: one JSON object per
// line) rendered for people, as the product's Renderer.RenderLog does for remote runs:
// `options.product` picks OpenTofu's or Terraform's renderer (renderer/log_profile.h).
#ifndef PLANVIEW_RENDERER_LOG_RENDERER_H_
#define PLANVIEW_RENDERER_LOG_RENDERER_H_

#include <cstdint>
#include <memory>
#include <span>
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

// A JSON-lines log rendered a line at a time, each line's text as soon as it is given
// (what RenderLog does with a whole text): its state is the counts of LogResult and the
// first malformed line's place, nothing that grows with the log.
class LogLineRenderer {
 public:
  LogLineRenderer(const Options& options, int diagnostic_width, Warnings& warnings,
                  size_t max_line_bytes = kMaxLogLineBytes);

  // Renders the next line (without its '\n'; a trailing '\r' is dropped) onto `out`, and
  // what upstream writes on standard error onto `err`. `too_long`: a line longer than
  // max_line_bytes, `length` bytes, whose text is not given. Returns the line's message
  // when it is one (valid until the next call), else a null Value.
  structured::Value Render(std::string_view line, std::string& out, std::string& err);
  // Counts a line longer than max_line_bytes (`length` bytes, not given): malformed.
  void RenderTooLong(uint64_t length);

  // One line for RenderLines: its text (without '\n'), or, `too_long`, a line of
  // `length` bytes over max_line_bytes whose text is not given.
  struct LogLine {
    std::string_view text;
    bool too_long = false;
    uint64_t length = 0;
  };
  // Renders `lines` in order as Render and RenderTooLong would one at a time (the same
  // text, counts and warnings), with less work per line: the lines that each hold a JSON
  // object are parsed together as one document (`[L1,L2,...]`), in smaller parts when
  // the whole does not parse, a line at a time in the end.
  void RenderLines(std::span<const LogLine> lines, std::string& out, std::string& err);

  // The counts so far (err_output is left empty: it went to `err`).
  const LogResult& result() const { return result_; }

  // Lines may be rendered in batches on other threads, each by its own renderer (with
  // its own Warnings) made to count on from where the lines before it end:
  // `StartAt(lines, offset)` on a fresh renderer, then `Append(batch)` on the renderer of
  // the lines before, in order, gives the counts and first malformed line (line number
  // and offset in the whole log) that one renderer would have; the batch's warnings are
  // appended by the caller (Warnings::Append).
  size_t next_line() const { return result_.lines; }
  uint64_t next_offset() const { return offset_; }
  void StartAt(size_t lines, uint64_t offset);
  void Append(const LogLineRenderer& batch);

 private:
  // Counts a malformed line (from `line_offset` in the log) whose problem is at
  // `column_offset` within it; the first one's place is kept.
  void Malformed(structured::ParseError error, uint64_t line_offset, size_t column_offset);
  void TooLong(uint64_t line_offset);
  // Counts the next line (and drops its trailing '\r'); returns where it starts.
  uint64_t Count(std::string_view& line);
  // A line that parsed as `value` (in `document`): its message rendered when it is one,
  // else the line printed as it is.
  structured::Value RenderParsed(structured::Value value, const std::shared_ptr<const structured::Document>& document,
                                 std::string_view line, std::string& out, std::string& err);

  const Options& options_;
  int diagnostic_width_;
  Warnings& warnings_;
  size_t max_line_bytes_;
  LogResult result_;
  uint64_t offset_ = 0;  // where the next line starts in the log
  std::shared_ptr<const structured::Document> message_;  // the last line's message
};

// Renders a whole JSON-lines stream. Lines that are not log messages are printed as they
// are (upstream's behaviour: plain text in a log is passed through); a line that starts
// with `{` but does not parse (a truncated line) is also counted in the result, with where
// the first one went wrong.
// `diagnostic_width` is normally kLogDiagnosticWidth.
LogResult RenderLog(std::string_view text, const Options& options, int diagnostic_width, std::string& out,
                    Warnings& warnings, size_t max_line_bytes = kMaxLogLineBytes);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_LOG_RENDERER_H_
