#include "cmd/log_stream.h"

#include <optional>
#include <vector>

#include "renderer/document_kind.h"
#include "renderer/document_product.h"

namespace planview::cmd {

namespace {

// Text handed on once this much is waiting, even when the input has more lines ready.
constexpr size_t kOutChunk = size_t{64} << 10;

}  // namespace

LogStreamResult StreamLog(structured::InputReader& reader, const renderer::DocumentRequest& request,
                          const LogStreamSink& sink) {
  LogStreamResult result;
  renderer::Options options = request.options;
  std::optional<renderer::LogLineRenderer> renderer;
  std::string out;
  std::string err;
  // Lines held while the product is not known yet.
  std::vector<std::string> held;
  size_t held_bytes = 0;

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
  auto start = [&](renderer::Product product) {
    options.product = product;
    result.product = product;
    renderer.emplace(options, request.log_diagnostic_width, result.warnings);
    for (const std::string& line : held) render(line);
    held.clear();
  };
  if (request.product) start(*request.product);

  // Lines over the renderer's limit are not kept; it counts them (a trailing '\r' is
  // dropped after the limit is looked at, so one byte more is read whole).
  const size_t max_line = renderer::kMaxLogLineBytes + 1;
  structured::InputLine line;
  while (true) {
    if (!reader.line_ready()) {
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
    if (line.too_long) {
      renderer->RenderTooLong(line.length);
    } else {
      render(line.text);
    }
  }
  if (!renderer) start(renderer::kDefaultProduct);
  send();
  result.log = renderer->result();
  return result;
}

}  // namespace planview::cmd
