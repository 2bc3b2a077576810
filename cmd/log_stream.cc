#include "cmd/log_stream.h"

#include <memory>
#include <optional>
#include <vector>

#include "base/executor.h"
#include "cmd/ordered_work.h"
#include "renderer/document_kind.h"
#include "renderer/document_product.h"

namespace planview::cmd {

namespace {

// Text handed on once this much is waiting, even when the input has more lines ready.
constexpr size_t kOutChunk = size_t{64} << 10;

// Lines that have already come (a file, or a pipe that is ahead of us) are rendered in
// batches of about this much text on the executor's threads, each batch's text written
// in order once it is done.
constexpr size_t kBatchBytes = size_t{128} << 10;
constexpr size_t kBatchLines = 1024;
// Per thread, batches given and not yet written.
constexpr size_t kBatchesAhead = 2;

// A run of lines rendered apart: copies of their text, then what they rendered to. Used
// again once written (its buffers keep their room).
struct Batch {
  struct Line {
    size_t at = 0;  // in `text`
    size_t size = 0;
    bool too_long = false;
    uint64_t length = 0;  // InputLine::length
  };
  std::string text;
  std::vector<Line> lines;
  size_t first_line = 0;  // where the batch starts in the log: lines before it, bytes before it
  uint64_t first_offset = 0;

  std::string out;
  std::string err;
  renderer::Warnings warnings;
  std::optional<renderer::LogLineRenderer> renderer;
  std::vector<renderer::LogLineRenderer::LogLine> views;

  void Clear() {
    // Room for a very long line is not kept.
    if (text.capacity() > 2 * kBatchBytes) std::string().swap(text);
    if (out.capacity() > 2 * kBatchBytes) std::string().swap(out);
    text.clear();
    lines.clear();
    out.clear();
    err.clear();
    warnings = renderer::Warnings();
    renderer.reset();
  }

  void Render() {
    views.resize(lines.size());
    for (size_t i = 0; i < lines.size(); ++i) {
      views[i].text = std::string_view(text).substr(lines[i].at, lines[i].size);
      views[i].too_long = lines[i].too_long;
      views[i].length = lines[i].length;
    }
    renderer->RenderLines(views, out, err);
  }
};

}  // namespace

LogStreamResult StreamLog(structured::InputReader& reader, const renderer::DocumentRequest& request,
                          const LogStreamSink& sink, size_t max_line_bytes) {
  LogStreamResult result;
  renderer::Options options = request.options;
  std::optional<renderer::LogLineRenderer> renderer;
  std::string out;
  std::string err;
  // Lines held while the product is not known yet.
  std::vector<std::string> held;
  size_t held_bytes = 0;

  // Batches on the executor's helpers, when there are any and nobody wants the messages
  // themselves (the status line counts them, a line at a time).
  base::Executor* executor = request.executor;
  const bool batched = executor != nullptr && executor->helpers() > 0 && !sink.message;
  // Batches given and not yet written: the helpers' and this thread's work, a few more
  // read ahead (so a helper never waits for this thread to read), and no more.
  std::optional<OrderedWork> batches;
  if (batched) batches.emplace(executor, kBatchesAhead * (static_cast<size_t>(executor->helpers()) + 1));
  std::shared_ptr<Batch> filling;
  std::vector<std::shared_ptr<Batch>> spare;  // written batches, to fill again
  size_t next_line = 0;  // where the next line starts in the log (set once rendering starts)
  uint64_t next_offset = 0;

  auto send = [&] {
    if (!out.empty()) sink.out(out);
    if (!err.empty()) sink.err(err);
    out.clear();
    err.clear();
  };
  auto render = [&](std::string_view line) {
    structured::Value message = renderer->Render(line, out, err);
    if (sink.message && !message.is_null()) sink.message(message);
    if (out.size() >= kOutChunk) send();
  };
  // A batch rendered (on any thread) is written here, in order: its text handed on, its
  // counts and warnings taken in.
  auto submit = [&] {
    if (!filling) return;
    std::shared_ptr<Batch> batch = std::move(filling);
    batch->renderer.emplace(options, request.log_diagnostic_width, batch->warnings, max_line_bytes);
    batch->renderer->StartAt(batch->first_line, batch->first_offset);
    batches->Add([batch] { batch->Render(); },
                 [&, batch] {
                   send();
                   if (!batch->out.empty()) sink.out(batch->out);
                   if (!batch->err.empty()) sink.err(batch->err);
                   renderer->Append(*batch->renderer);
                   result.warnings.Append(batch->warnings);
                   batch->Clear();
                   spare.push_back(batch);
                 });
  };
  auto drain = [&] {
    if (!batches) return;
    submit();
    batches->Finish();
  };
  auto add_to_batch = [&](const structured::InputLine& line) {
    if (!filling) {
      if (spare.empty()) {
        filling = std::make_shared<Batch>();
      } else {
        filling = std::move(spare.back());
        spare.pop_back();
      }
      filling->text.reserve(kBatchBytes + (line.too_long ? 0 : line.text.size()));
      filling->first_line = next_line;
      filling->first_offset = next_offset;
    }
    Batch::Line& added = filling->lines.emplace_back();
    added.at = filling->text.size();
    added.size = line.text.size();
    added.too_long = line.too_long;
    added.length = line.length;
    filling->text += line.text;
    ++next_line;
    next_offset += line.length + 1;
    if (filling->text.size() >= kBatchBytes || filling->lines.size() >= kBatchLines) submit();
  };
  auto start = [&](renderer::Product product) {
    options.product = product;
    result.product = product;
    renderer.emplace(options, request.log_diagnostic_width, result.warnings, max_line_bytes);
    for (const std::string& line : held) render(line);
    held.clear();
    next_line = renderer->next_line();
    next_offset = renderer->next_offset();
  };
  if (request.product) start(*request.product);

  // Lines over the renderer's limit are not kept; it counts them (a trailing '\r' is
  // dropped after the limit is looked at, so one byte more is read whole).
  const size_t max_line = max_line_bytes + 1;
  structured::InputLine line;
  while (true) {
    if (!reader.line_ready() && reader.endless()) {
      // Every line that has come is rendered and handed on before a read may wait (a
      // regular file's next read does not wait: its batches keep going).
      drain();
      send();
      if (sink.waiting) sink.waiting();
    }
    base::Expected<bool> next = reader.NextLine(line, max_line);
    if (!next) {
      result.error = next.error().message;
      break;
    }
    if (!*next) break;
    if (!renderer) {
      std::optional<renderer::Product> named;
      if (!line.too_long) named = renderer::ProductOfLog(line.text);
      if (!named && !line.too_long && held_bytes + line.length <= renderer::kLogLookBytes) {
        held.emplace_back(line.text);
        held_bytes += line.length;
        continue;
      }
      start(named.value_or(renderer::kDefaultProduct));
    }
    if (batched) {
      add_to_batch(line);
    } else if (line.too_long) {
      renderer->RenderTooLong(line.length);
    } else {
      render(line.text);
    }
  }
  if (!renderer) start(renderer::kDefaultProduct);
  drain();
  send();
  result.log = renderer->result();
  return result;
}

}  // namespace planview::cmd
