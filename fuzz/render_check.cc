#include "fuzz/render_check.h"

#include "base/executor.h"
#include "fuzz/fuzz_support.h"
#include "renderer/render_document.h"

namespace planview::fuzz {

void RenderAndCheck(std::string text, const structured::ProviderSchemas* schemas, std::string_view format_version) {
  const size_t size = text.size();
  renderer::DocumentRequest request;
  request.schemas = schemas;
  request.provider_format_version = format_version;
  const renderer::PlanMode kModes[] = {renderer::PlanMode::kNormal, renderer::PlanMode::kDestroy,
                                       renderer::PlanMode::kRefreshOnly};
  request.mode = kModes[size % 3];
  request.options.color = (size / 3) % 2 == 1;
  request.options.show_sensitive = (size / 6) % 2 == 1;
  request.options.width = (size / 12) % 4 == 3 ? 20 : 78;
  // The streamed path (what the planview binary uses: a sink, resources diffed on two
  // threads) must agree with the buffered one: same status, error and bytes, and nothing
  // sent for a document that fails. It may warn less: it does not diff changes it hides.
  renderer::DocumentRequest streamed_request = request;
  std::string streamed;
  streamed_request.sink = [&streamed](std::string_view chunk) { streamed.append(chunk); };
  static base::Executor executor(2);
  streamed_request.executor = &executor;
  renderer::DocumentResult streamed_result = renderer::RenderDocument(text, "fuzz.json", streamed_request);
  renderer::DocumentResult result = renderer::RenderDocument(std::move(text), "fuzz.json", request);
  PLANVIEW_FUZZ_CHECK(streamed_result.ok == result.ok, size);
  PLANVIEW_FUZZ_CHECK(streamed_result.error == result.error, size);
  PLANVIEW_FUZZ_CHECK(streamed_result.ok ? streamed == result.output : streamed.empty(), size);
  for (const std::string& warning : streamed_result.warnings.messages()) {
    PLANVIEW_FUZZ_CHECK(warning.find('\n') == std::string::npos, size);
  }
  if (!result.ok) {
    PLANVIEW_FUZZ_CHECK(result.error.rfind("fuzz.json", 0) == 0, size);
    PLANVIEW_FUZZ_CHECK(result.error.find('\n') == std::string::npos, size);
    PLANVIEW_FUZZ_CHECK(result.output.empty(), size);
  }
  for (const std::string& warning : result.warnings.messages()) {
    PLANVIEW_FUZZ_CHECK(warning.find('\n') == std::string::npos, size);
  }
}

}  // namespace planview::fuzz
