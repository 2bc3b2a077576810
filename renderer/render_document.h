// One call from input text to rendered text: detects what the input is (a plan, a
// redacted plan with embedded schemas, a state, a JSON-lines log) and renders it the way
// `tofu show` (or the log renderer) does. This is what the `planview` binary runs.
#ifndef PLANVIEW_RENDERER_RENDER_DOCUMENT_H_
#define PLANVIEW_RENDERER_RENDER_DOCUMENT_H_

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/executor.h"
#include "renderer/change_diffs.h"
#include "renderer/document_kind.h"
#include "renderer/log_renderer.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/plan_renderer.h"
#include "structured/input_text.h"
#include "structured/json_value.h"
#include "structured/schema.h"

namespace planview::renderer {

// Everything known about a plan once its diffs are computed, for a presenter that renders
// it in another format (renderer/formats/).
struct PlanContext {
  const Plan& plan;
  // The drift, output, deferred and invoked diffs, and no resource changes (`changes`
  // diffs those).
  const PlanDiffs& diffs;
  PlanMode mode;
  PlanQuality quality;
  std::string_view provider_format_version;  // the redacted plan's own when it has one
  const Options& options;
  ChangeDiffs& changes;  // the resource changes, diffed a batch at a time as they are shown

  // PlanDiffs::Empty for the plan (ChangeDiffs::PlanEmpty).
  bool Empty() const;
  // ChangeDiffs::Render.
  void RenderChanges(std::span<const size_t> order, const ChangeDiffs::RenderFn& render,
                     const ChangeDiffs::EmitFn& emit) const;
  // ChangeDiffs::Flush.
  void Flush(std::string& out) const;
};

struct DocumentRequest {
  std::optional<DocumentKind> kind;      // detected from the content when unset
  PlanMode mode = PlanMode::kNormal;
  std::optional<PlanQuality> quality;    // from the plan JSON when unset
  const structured::ProviderSchemas* schemas = nullptr;  // null: none given
  std::string_view provider_format_version;  // the schemas document's `format_version`
  // Whose renderer and wording: unset reads it from the document (renderer/document_product.h:
  // a log from its messages, no signal gives OpenTofu). RenderDocument puts the product it
  // settles on into the options it renders with; options.product is not read.
  std::optional<Product> product;
  Options options;
  int log_diagnostic_width = kLogDiagnosticWidth;
  // Renders plans instead of RenderPlan when set (states and logs are unaffected). It
  // diffs the resource changes through PlanContext::changes, a batch at a time, and its
  // output goes to `sink` (when set) between batches.
  std::function<void(const PlanContext&, std::string& out)> plan_presenter;
  // Called with the whole plan once it is read, before it is rendered (gates: the plan
  // whole, whatever a presenter's filters show). Not called for states and logs.
  std::function<void(const Plan&)> plan_observer;
  // When set, applied to the whole text of a state or a log before it is sent: a format
  // that frames every document (--format github keeps input text from being read as
  // commands).
  std::function<void(std::string& text)> frame_other;
  // When set, the output goes to `sink` instead of DocumentResult::output: in order, in
  // chunks, a plan's while it is being rendered (each resource is diffed and rendered in turn, on the executor's threads when
  // there is one, its diff dropped once written, so the diffs of the whole plan are never
  // held at once), and a state's likewise unless `frame_other` is set. Nothing is sent for a document that turns out to be malformed.
  std::function<void(std::string_view)> sink;
  // Where work runs in parallel (reading, parsing, diffing); null: on this thread only.
  base::Executor* executor = nullptr;
  // Called with the document's kind once it is known, before anything is rendered: a
  // non-empty answer stops there, with DocumentResult::refused set and the answer as the
  // error (a flag given that does not apply to this kind of document).
  std::function<std::string(DocumentKind)> refuse_kind;
};

struct DocumentResult {
  bool ok = false;
  std::string error;  // one line naming file, line:column or JSON path, when !ok
  bool refused = false;  // request.refuse_kind refused the document (a usage error)
  DocumentKind kind = DocumentKind::kPlan;
  Product product = Product::kOpenTofu;  // the one it was rendered as
  std::string output;
  Warnings warnings;
  LogResult log;  // logs only
};

// Renders `text` (the contents of `file_name`, used in messages).
DocumentResult RenderDocument(std::string text, std::string_view file_name, const DocumentRequest& request);
DocumentResult RenderDocument(structured::InputText text, std::string_view file_name, const DocumentRequest& request);
// Renders a document already parsed or built (a saved plan file's): as RenderDocument
// after its parse, the kind detected from the content when the request leaves it unset.
DocumentResult RenderParsedDocument(std::shared_ptr<const structured::Document> document, std::string_view file_name,
                                    const DocumentRequest& request);

}  // namespace planview::renderer

#endif  // PLANVIEW_RENDERER_RENDER_DOCUMENT_H_
