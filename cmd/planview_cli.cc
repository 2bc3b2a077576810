#include "cmd/planview_cli.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <cstdlib>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "structured/go_text.h"
#include "cmd/cli_app.h"
#include "cmd/cli_args.h"
#include "cmd/console.h"
#include "cmd/document_input.h"
#include "cmd/heap_reuse.h"
#include "cmd/log_stream.h"
#include "cmd/progress_line.h"
#include "cmd/flag_scope.h"
#include "cmd/plan_file_input.h"
#include "planfile/plan_file.h"
#include "renderer/document_kind.h"
#include "cmd/schemas_file.h"
#include "cmd/split_files.h"
#include "renderer/format_version.h"
#include "renderer/plan_renderer.h"
#include "renderer/formats/gate.h"
#include "renderer/formats/presenter.h"
#include "renderer/render_document.h"
#include "renderer/safe_terminal.h"
#include "structured/internal/kernels/kernel.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "structured/read_input.h"
#include "structured/schema.h"

// The git commit of a release build (tools/release.sh defines it).
#ifndef PLANVIEW_COMMIT
#define PLANVIEW_COMMIT "unknown"
#endif

namespace planview::cmd {
namespace {

constexpr char kCommit[] = PLANVIEW_COMMIT;

// An address as the message shows it: as it is (its quotes too), unless it holds a control
// character or bytes that are not UTF-8, then %q-quoted so the message stays one line.
std::string AddressForMessage(std::string_view address) {
  bool plain = structured::FindInvalidUtf8(address) == address.size() &&
               std::none_of(address.begin(), address.end(), [](char c) {
                 return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
               });
  return plain ? std::string(address) : structured::GoQuote(address);
}

// Says why the gate failed (one line per address, at most kShown) and returns the status.
int ReportGate(const std::vector<renderer::formats::GateViolation>& violations, std::FILE* err) {
  constexpr size_t kShown = 20;
  for (size_t i = 0; i < violations.size() && i < kShown; ++i) {
    Error(err, fmt::format("gate: {} {}", AddressForMessage(violations[i].address), violations[i].reason));
  }
  if (violations.size() > kShown) Error(err, fmt::format("gate: ... and {} more", violations.size() - kShown));
  if (violations.empty()) return kExitOk;
  Error(err, fmt::format("gate failed: {} resource{} (exit status {})", violations.size(),
                         violations.size() == 1 ? "" : "s", kExitGate));
  return kExitGate;
}

// Says where a log's first malformed line went wrong, if it has one, and returns the
// status.
int ReportMalformedLines(const renderer::LogResult& log, std::string_view file_name, std::FILE* err) {
  if (log.malformed_lines == 0) return kExitOk;
  std::string more =
      log.malformed_lines > 1 ? fmt::format(" (and {} more malformed lines)", log.malformed_lines - 1) : std::string();
  // A line over a limit is valid as far as it was read: say which limit, not "malformed".
  std::string_view what = log.first_error.limit ? "log line is over a planview limit" : "log line is not complete JSON";
  Error(err, fmt::format("{}: {}{}", log.first_error.ToString(file_name), what, more));
  return kExitBadInput;
}

// Whether the input is a JSON-lines log, from its first lines (renderer::LooksLikeLogSoFar:
// as soon as a pipe has brought enough), unless --kind says what it is. Binary data and
// plan files are not (they are read whole, and refused or opened there).
bool IsLogStream(structured::InputReader& reader, std::optional<renderer::DocumentKind> kind) {
  if (kind) return *kind == renderer::DocumentKind::kLog;
  base::Expected<std::string_view> seen = reader.Peek(1);
  std::optional<bool> log;
  while (seen && !(log = renderer::LooksLikeLogSoFar(*seen, reader.at_end())) &&
         seen->size() < renderer::kLogLookBytes) {
    seen = reader.Peek(seen->size() + 1);
  }
  // A read error is met again, and reported, when the input is read whole.
  return seen && log == true && !planfile::LooksLikeZip(*seen) && BinaryDataKind(*seen).empty();
}

// Streams the log through `emit` (which writes to `out`), with the status line on `out`
// when `progress`: drawn while the input keeps planview waiting (redrawn every second),
// erased before any text and at the end. Upstream's standard error text goes to `err`.
LogStreamResult RunLogStream(structured::InputReader& reader, const renderer::DocumentRequest& request,
                             const std::function<void(std::string_view)>& emit, std::FILE* out, std::FILE* err,
                             bool safe, int columns, bool progress) {
  ProgressLine status;
  const auto start = std::chrono::steady_clock::now();
  bool shown = false;
  auto redraw = [&] {
    const auto elapsed = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);
    Write(out, status.Draw(elapsed.count(), columns));
    Flush(out);
    shown = true;
  };
  auto erase = [&] {
    if (!shown) return;
    Write(out, ProgressLine::kErase);
    shown = false;
  };
  LogStreamSink sink;
  sink.out = [&](std::string_view text) {
    erase();
    emit(text);
  };
  sink.err = [&](std::string_view text) {
    erase();
    Flush(out);
    Write(err, safe ? renderer::SafeTerminal(text) : std::string(text));
  };
  sink.waiting = [&] {
    Flush(out);
    if (progress) redraw();
  };
  if (progress) {
    sink.message = [&](structured::Value message) { status.Count(message); };
    reader.SetWaitHook(redraw, 1000);
  }
  LogStreamResult result = StreamLog(reader, request, sink);
  reader.SetWaitHook(nullptr, 0);
  erase();
  return result;
}

int Run(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err,
        base::Executor* executor, const EmbeddedInput* embedded) {
  base::Expected<CliArgs> cli = ParseCliArgs(args, terminal.stdin_is_terminal);
  if (!cli) return ReportUsageError(err, cli.error().message, "");
  if (embedded != nullptr && embedded->schemas) cli->given.insert("--schemas");  // as if given as a file
  if (cli->help) {
    Write(out, UsageText());
    return 0;
  }
  if (cli->version) {
    Write(out, fmt::format("planview {} (commit {}, {} kernel; plan format {}, state format {}, provider schemas format {})\n",
                           kVersion, kCommit, structured::internal::ActiveKernel().name, renderer::kPlanFormatVersion, renderer::kStateFormatVersion,
                           renderer::kProviderFormatVersion));
    return 0;
  }

  if (std::string not_for_format = FlagNotForFormat(*cli); !not_for_format.empty()) {
    return ReportUsageError(err, not_for_format, "");
  }

  LoadedSchemas schemas;
  if (cli->schemas_file && !LoadSchemas(*cli->schemas_file, schemas, err, cli->max_input_bytes)) return kExitBadInput;
  if (embedded != nullptr && embedded->schemas) {
    base::Expected<LoadedSchemas> read = ReadSchemasText(*embedded->schemas, "<schemas>", cli->max_input_bytes);
    if (!read) {
      Error(err, read.error().message);
      return kExitBadInput;
    }
    schemas = std::move(*read);
  }

  const std::string file_name = cli->file == "-" ? "<stdin>" : ForMessage(cli->file);
  std::optional<structured::InputReader> reader =
      OpenDocumentInput(cli->file, file_name, cli->max_input_bytes, err, executor,
                        embedded != nullptr ? std::optional(embedded->standard_input) : std::nullopt);
  if (!reader) return kExitBadInput;

  renderer::DocumentRequest request;
  request.kind = cli->kind;
  request.quality = cli->quality;
  request.schemas = schemas.get();
  request.provider_format_version = schemas.format_version;
  request.options.show_sensitive = cli->show_sensitive;
  request.product = cli->product;
  request.options.running_in_automation = terminal.in_automation;
  switch (cli->color) {
    case ColorChoice::kAlways: request.options.color = true; break;
    case ColorChoice::kNever: request.options.color = false; break;
    case ColorChoice::kAuto: request.options.color = terminal.stdout_is_terminal && !terminal.no_color; break;
  }
  if (cli->width) {
    request.options.width = *cli->width;
    request.log_diagnostic_width = *cli->width;
  } else if (terminal.stdout_is_terminal && terminal.columns > 0) {
    request.options.width = terminal.columns;
  }

  std::optional<std::vector<std::string>> split_parts;
  if (cli->split_dir) {
    cli->formats.split_sink = [&split_parts](std::vector<std::string> parts) { split_parts = std::move(parts); };
  }
  renderer::formats::ApplyFormat(cli->formats, request);
  if (cli->formats.format != renderer::formats::OutputFormat::kText) request.options.color = false;
  // The text goes out while it is rendered, in large chunks, instead of being held whole;
  // on a terminal, through the one filter that keeps input's control characters from it.
  const bool safe = cli->safe_terminal.value_or(terminal.stdout_is_terminal && cli->color == ColorChoice::kAuto);
  renderer::SafeTerminalText safe_text;
  std::string safe_chunk;
  auto emit = [&](std::string_view chunk) {
    if (!safe) return Write(out, chunk);
    safe_chunk.clear();
    safe_text.Append(chunk, safe_chunk);
    Write(out, safe_chunk);
  };
  request.sink = emit;
  request.executor = executor;
  std::vector<renderer::formats::GateViolation> violations;
  if (cli->gate.Active()) {
    request.plan_observer = [&](const renderer::Plan& plan) { violations = CheckGate(cli->gate, plan); };
  }
  request.refuse_kind = [&cli](renderer::DocumentKind kind) { return FlagNotForKind(*cli, kind); };

  // A log in plain text, unmasked, is rendered a line at a time as it comes.
  if (cli->masks.masks.empty() && cli->formats.format == renderer::formats::OutputFormat::kText &&
      !request.frame_other && IsLogStream(*reader, cli->kind)) {
    if (std::string refused = request.refuse_kind(renderer::DocumentKind::kLog); !refused.empty()) {
      return ReportUsageError(err, refused, "");
    }
    const bool progress = cli->progress == ColorChoice::kAlways ||
                          (cli->progress == ColorChoice::kAuto && terminal.stdout_is_terminal);
    // A log's batches allocate and free their buffers hundreds of times a second. The
    // setting is the process's: the program's to make, not an embedding host's (C API).
    if (embedded == nullptr) ReuseFreedHeap();
    LogStreamResult streamed =
        RunLogStream(*reader, request, emit, out, err, safe, terminal.columns, progress);
    safe_chunk.clear();
    if (safe) safe_text.Finish(safe_chunk);
    Write(out, safe_chunk);
    Flush(out);
    for (const std::string& warning : streamed.warnings.messages()) Error(err, "warning: " + warning);
    if (!streamed.error.empty()) {
      Error(err, streamed.error);
      return kExitBadInput;
    }
    return ReportMalformedLines(streamed.log, file_name, err);
  }

  structured::InputText text;
  // A saved plan file's document is rendered as built, unless masks rewrite its text or
  // --kind reads it as something else.
  std::shared_ptr<const structured::Document> plan_document;
  const bool plan_document_as_built = cli->masks.masks.empty() && cli->kind.value_or(renderer::DocumentKind::kPlan) ==
                                                                      renderer::DocumentKind::kPlan;
  if (!ReadDocumentInput(std::move(*reader), file_name, schemas.get(), cli->mode, text, err, executor,
                         plan_document_as_built ? &plan_document : nullptr)) {
    return kExitBadInput;
  }
  // Masks rewrite the values before anything reads them (renderer/mask.h).
  if (!cli->masks.masks.empty()) text = cli->masks.masks.MaskDocument(text.view());
  request.mode = cli->mode.value_or(renderer::PlanMode::kNormal);  // a plan file's own, unless given
  if (embedded != nullptr && embedded->plan_context_observer) {
    // The observer sees the plan first; then it is presented as it would have been.
    request.plan_presenter = [present = std::move(request.plan_presenter), &observe = embedded->plan_context_observer,
                              version = request.provider_format_version](const renderer::PlanContext& plan,
                                                                         std::string& out) {
      observe(plan);
      if (present) return present(plan, out);
      renderer::RenderPlanStreamed(plan.plan, plan.diffs, plan.changes, plan.mode, plan.quality, version,
                                   plan.options, out);
    };
  }
  renderer::DocumentResult result = plan_document
                                        ? renderer::RenderParsedDocument(std::move(plan_document), file_name, request)
                                        : renderer::RenderDocument(std::move(text), file_name, request);
  emit(result.output);
  if (safe) {
    safe_chunk.clear();
    safe_text.Finish(safe_chunk);
    Write(out, safe_chunk);
    result.log.err_output = renderer::SafeTerminal(result.log.err_output);
  }
  if (result.refused) return ReportUsageError(err, result.error, "");
  Flush(out);
  Write(err, result.log.err_output);  // what the log renderer writes on standard error
  for (const std::string& warning : result.warnings.messages()) Error(err, "warning: " + warning);
  if (!result.ok) {
    Error(err, result.error);
    return kExitBadInput;
  }
  if (cli->split_dir) {
    // flag_scope refuses --split on a state or a log before anything renders, so a rendered
    // document here is a plan and the Markdown presenter has handed over its parts.
    if (!split_parts) std::abort();
    base::Expected<std::vector<std::string>> written = WriteSplitParts(*cli->split_dir, *split_parts);
    if (!written) {
      Error(err, written.error().message);
      return kExitBadInput;
    }
    for (const std::string& path : *written) Write(out, path + "\n");
  }
  if (int status = ReportMalformedLines(result.log, file_name, err); status != 0) return status;
  // Gate flags on a state or a log were refused before rendering (cmd/flag_scope.cc).
  if (cli->gate.Active()) return ReportGate(violations, err);
  return 0;
}

}  // namespace

int RunPlanview(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err,
                base::Executor* executor, const EmbeddedInput* embedded) {
  return FinishOutput(out, err, Run(args, terminal, out, err, executor, embedded));
}

}  // namespace planview::cmd
