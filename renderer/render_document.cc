#include "renderer/render_document.h"

#include <memory>
#include <optional>

#include <fmt/format.h>

#include "differ/differ.h"
#include "renderer/document_product.h"
#include "renderer/internal/diffing.h"
#include "renderer/json_fields.h"
#include "renderer/plan_renderer.h"
#include "renderer/schema_source.h"
#include "renderer/state_renderer.h"
#include "structured/json_parse.h"

namespace planview::renderer {

namespace {

// Top-level members of a `tofu show -json` plan the renderer never reads.
structured::ParseOptions PlanParseOptions(base::Executor* executor) {
  structured::ParseOptions options;
  options.skip_top_level_keys = {"planned_values", "prior_state", "configuration", "variables", "checks"};
  options.executor = executor;
  return options;
}

// The one place the product is settled: the request's, else the document's signal, else
// the default.
Options ResolveProduct(const DocumentRequest& request, std::optional<Product> signal, DocumentResult& result) {
  Options options = request.options;
  options.product = request.product ? *request.product : signal.value_or(kDefaultProduct);
  result.product = options.product;
  return options;
}

base::Expected<void> RenderPlanDocument(structured::Value root, std::shared_ptr<const structured::Document> document,
                                        const DocumentRequest& request, const Options& options,
                                        DocumentResult& result) {
  // Text written to a sink, and presenters, get the resource changes diffed a batch at a
  // time; text returned whole gets every diff first.
  const bool text_streams = request.sink && !request.plan_presenter;
  base::Executor* executor = request.executor;
  base::Expected<Plan> read = Plan::FromJson(root, executor);
  if (!read) return read.error();
  const Plan& plan = *read;
  if (request.plan_observer) request.plan_observer(plan);
  std::optional<structured::ProviderSchemas> embedded;
  const structured::ProviderSchemas* schemas = request.schemas;
  if (plan.redacted) {
    base::Expected<structured::ProviderSchemas> parsed = structured::ProviderSchemas::Parse(document);
    if (!parsed) return InputError("", parsed.error().message);  // the message names its own path
    embedded = std::move(*parsed);
    schemas = &*embedded;
  }
  SchemaSource source(schemas);
  PlanQuality quality = request.quality ? *request.quality : QualityFromPlan(plan, request.mode);
  std::string_view version = plan.redacted ? plan.provider_format_version : request.provider_format_version;
  if (request.plan_presenter || text_streams) {
    StreamedPlanDiffs streamed(plan, source, request.mode, options.profile(), executor, request.sink, result.warnings);
    if (request.plan_presenter) {
      request.plan_presenter(
          PlanContext{plan, streamed.diffs(), request.mode, quality, version, options, streamed.changes()},
          result.output);
    } else {
      RenderPlanStreamed(plan, streamed.diffs(), streamed.changes(), request.mode, quality,
                         request.provider_format_version, options, result.output);
    }
    streamed.Finish();
    return {};
  }
  PlanDiffs diffs = ComputePlanDiffs(plan, source, request.mode, result.warnings, options.profile(), executor);
  RenderPlan(plan, diffs, request.mode, quality, request.provider_format_version, options, result.output);
  return {};
}

// Hands what is left of the output to the request's sink, if it has one.
void SendOutput(const DocumentRequest& request, DocumentResult& result) {
  if (!request.sink || result.output.empty()) return;
  request.sink(result.output);
  result.output.clear();
}

// Whether request.refuse_kind refuses a document of `kind` (then `result` says so).
bool Refused(const DocumentRequest& request, DocumentKind kind, DocumentResult& result) {
  if (!request.refuse_kind) return false;
  result.error = request.refuse_kind(kind);
  result.refused = !result.error.empty();
  return result.refused;
}

// RenderParsedDocument, for a document whose root's `values` member was left unbuilt by
// the parse (its text at `unbuilt_values` in the document's source) when set; `scan`, when
// it read that text during the parse, spares StateText::Read its first pass.
DocumentResult RenderParsed(std::shared_ptr<const structured::Document> document,
                            std::optional<structured::Span> unbuilt_values, std::string_view file_name,
                            const DocumentRequest& request, StateText::Scan* scan = nullptr);

// Renders `text` as a JSON log.
void RenderLogText(std::string_view text, const DocumentRequest& request, DocumentResult& result) {
  result.kind = DocumentKind::kLog;
  if (Refused(request, DocumentKind::kLog, result)) return;
  Options options = ResolveProduct(request, request.product ? std::nullopt : ProductOfLog(text), result);
  result.log = RenderLog(text, options, request.log_diagnostic_width, result.output, result.warnings);
  if (request.frame_other) request.frame_other(result.output);
  result.ok = true;
  SendOutput(request, result);
}

}  // namespace

bool PlanContext::Empty() const { return changes.PlanEmpty(diffs.outputs); }

void PlanContext::RenderChanges(std::span<const size_t> order, const ChangeDiffs::RenderFn& render,
                                const ChangeDiffs::EmitFn& emit) const {
  changes.Render(order, render, emit);
}

void PlanContext::Flush(std::string& out) const { changes.Flush(out); }

DocumentResult RenderDocument(std::string text, std::string_view file_name, const DocumentRequest& request) {
  return RenderDocument(structured::InputText(std::move(text)), file_name, request);
}

DocumentResult RenderDocument(structured::InputText input, std::string_view file_name, const DocumentRequest& request) {
  DocumentResult result;
  // Valid until `input` moves into the parser (or while `unsettled` holds its mapping).
  const std::string_view text = input.view();
  std::optional<DocumentKind> kind = request.kind;
  // Holds the mapping (a copy shares it) when the parse must settle whether it is a log.
  std::optional<structured::InputText> unsettled;
  if (!kind) {
    std::optional<bool> log = LooksLikeLogWithin(text, kLogLookBytes);
    if (!log && input.shares_bytes()) {
      unsettled = input;
    } else if (!log) {
      log = LooksLikeLog(text);
    }
    if (log == true) kind = DocumentKind::kLog;
  }
  if (kind == DocumentKind::kLog) {
    RenderLogText(text, request, result);
    return result;
  }

  structured::ParseOptions parse_options = PlanParseOptions(request.executor);
  bool spans_lines = false;
  parse_options.spans_lines = &spans_lines;
  // A state's values are built a part at a time as they are rendered (StateText).
  std::vector<structured::ParseOptions::Unbuilt> unbuilt;
  parse_options.unbuilt_top_level_keys = {"values"};
  parse_options.unbuilt = &unbuilt;
  // Where its modules and resources are is read while the parse checks the text.
  StateText::Scan scan;
  parse_options.read_unbuilt = [&scan](std::string_view source, size_t begin) { return scan.Read(source, begin); };
  structured::ParseResult parsed = structured::ParseJson(std::move(input), parse_options);
  if (unsettled && (!parsed.ok() || spans_lines) && LooksLikeLog(text)) {
    RenderLogText(text, request, result);
    return result;
  }
  if (!parsed.ok()) {
    result.error = parsed.error().ToString(file_name);
    return result;
  }
  std::optional<structured::Span> values;
  if (!unbuilt.empty()) {
    // The root's `values` (the last such member) when the parse left it unbuilt.
    structured::Value root = parsed.value()->root();
    const structured::ParseOptions::Unbuilt& last = unbuilt.back();
    if (root.find("values").index() == root.member(last.member).value.index()) {
      values = structured::Span{last.offset, last.offset + last.length};
    }
  }
  return RenderParsed(parsed.value(), values, file_name, request, &scan);
}

DocumentResult RenderParsedDocument(std::shared_ptr<const structured::Document> document, std::string_view file_name,
                                    const DocumentRequest& request) {
  return RenderParsed(std::move(document), std::nullopt, file_name, request);
}

namespace {

DocumentResult RenderParsed(std::shared_ptr<const structured::Document> document,
                            std::optional<structured::Span> unbuilt_values, std::string_view file_name,
                            const DocumentRequest& request, StateText::Scan* scan) {
  DocumentResult result;
  std::optional<DocumentKind> kind = request.kind;
  structured::Value root = document->root();
  if (!kind) {
    kind = KindOfDocument(root);
    if (!kind) {
      result.error = fmt::format(
          "{}: $: not a plan, a state or a log (no key such as resource_changes, values or @message); use --kind",
          file_name);
      return result;
    }
  }
  result.kind = *kind;
  if (Refused(request, *kind, result)) return result;
  std::optional<Product> signal = *kind == DocumentKind::kLog ? ProductOfLogMessage(root) : ProductOfPlanOrState(root);
  // A state whose values are unbuilt is read whole (every part checked) before its product
  // is settled from its resources.
  std::optional<StateText> state_text;
  if (*kind == DocumentKind::kState && unbuilt_values) {
    base::Expected<StateText> read = StateText::Read(document, *unbuilt_values, SchemaSource(request.schemas), request.executor, scan);
    if (!read) {
      ResolveProduct(request, signal, result);  // as a state built whole reports it
      result.error = fmt::format("{}: {}", file_name, read.error().message);
      return result;
    }
    state_text = std::move(*read);
    if (!signal) signal = state_text->product();
  }
  const Options options = ResolveProduct(request, signal, result);
  base::Expected<void> rendered;
  if (state_text) {
    // A state's text goes to the sink while it is rendered, unless a format frames it whole.
    const bool text_streams = request.sink && !request.frame_other;
    state_text->Render(request.provider_format_version, options, result.output, result.warnings, request.executor,
                       text_streams ? request.sink : StateSink());
  } else if (*kind == DocumentKind::kLog) {
    // A single-line log: one message.
    if (!IsLogMessage(root, options.product)) {
      rendered = InputError("$", "not a log message");
    } else {
      rendered = RenderLogMessage(root, options, request.log_diagnostic_width, result.output, result.log.err_output,
                                  result.warnings);
      if (rendered) result.log.lines = 1;
    }
  } else if (*kind == DocumentKind::kPlan) {
    rendered = RenderPlanDocument(root, document, request, options, result);
  } else {
    SchemaSource source(request.schemas);
    // A state's text goes to the sink while it is rendered, unless a format frames it whole.
    const bool text_streams = request.sink && !request.frame_other;
    rendered = RenderState(root, source, request.provider_format_version, options, result.output, result.warnings,
                           request.executor, text_streams ? request.sink : StateSink());
  }
  if (!rendered) {
    result.output.clear();
    result.error = fmt::format("{}: {}", file_name, rendered.error().message);
    return result;
  }
  if (*kind != DocumentKind::kPlan && request.frame_other) request.frame_other(result.output);
  result.ok = true;
  SendOutput(request, result);
  return result;
}

}  // namespace

}  // namespace planview::renderer
