// A JSON-lines log rendered as it comes (`tofu apply -json | planview`): each line is
// rendered as soon as it has arrived whole, its text handed on at once and flushed
// before the next read may wait (from a pipe), in memory bounded by the longest line (and
// renderer::kMaxLogLineBytes), whatever the log's length.
#ifndef PLANVIEW_CMD_LOG_STREAM_H_
#define PLANVIEW_CMD_LOG_STREAM_H_

#include <functional>
#include <string>
#include <string_view>

#include "renderer/document_product.h"
#include "renderer/log_renderer.h"
#include "renderer/options.h"
#include "renderer/render_document.h"
#include "structured/json_value.h"
#include "structured/read_input.h"

namespace planview::cmd {

struct LogStreamSink {
  std::function<void(std::string_view)> out;  // rendered text, in order
  std::function<void(std::string_view)> err;  // what upstream writes on standard error
  // Called before a read that may wait for input (a pipe's): what was handed to `out` is
  // to be flushed now.
  std::function<void()> waiting;
  // Called with each log message after its text went to `out` (a status line counts
  // them); may be null.
  std::function<void(structured::Value)> message;
};

struct LogStreamResult {
  renderer::LogResult log;  // the counts (err_output stays empty: it went to sink.err)
  renderer::Product product = renderer::kDefaultProduct;
  renderer::Warnings warnings;
  std::string error;  // a read error (one line naming the file); empty when none
};

// Renders the log in `reader` (which may have been peeked, not read by lines) with
// request.options, request.log_diagnostic_width and request.product. With no product
// given, lines are held (at most renderer::kLogLookBytes of them) until one names its
// writer (renderer/document_product.h) or that much has come, then rendered with that
// product (OpenTofu's when none named it).
// With request.executor (and helpers in it) and no sink.message, the lines that have
// already come are rendered in batches on its threads and all of them (the calling one
// too), a bounded number of batches ahead (cmd/ordered_work.h), and handed on in order;
// the text, counts and warnings are the same as on one thread. From an input that may
// wait (a pipe, reader.endless()), every line that has come is handed on before a read
// may wait, and sink.waiting called; a file's reads do not wait, so its batches keep
// going until its end. Lines longer than `max_line_bytes` are counted, not rendered
// (renderer::LogLineRenderer).
LogStreamResult StreamLog(structured::InputReader& reader, const renderer::DocumentRequest& request,
                          const LogStreamSink& sink, size_t max_line_bytes = renderer::kMaxLogLineBytes);

}  // namespace planview::cmd

#endif  // PLANVIEW_CMD_LOG_STREAM_H_
