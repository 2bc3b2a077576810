#include "cmd/diff_command.h"

#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "cmd/cli_app.h"
#include "cmd/cli_args.h"
#include "cmd/console.h"
#include "cmd/plan_file_input.h"
#include "cmd/schemas_file.h"
#include "planfile/plan_file.h"
#include "renderer/compare/comparison_json.h"
#include "renderer/compare/comparison_text.h"
#include "renderer/compare/plan_comparison.h"
#include "renderer/document_kind.h"
#include "renderer/json_fields.h"
#include "renderer/plan.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"

namespace planview::cmd {
namespace {

constexpr char kDiffUsage[] = R"(Usage: planview diff [options] OLD NEW

Compares two plans of the same configuration (say the plan reviewed and the plan about to
be applied) and shows what changed between them: resources only one plan changes, actions
that changed (update -> replace), and attributes whose change differs (each plan's
before -> after). Sensitive values are never shown. OLD and NEW are `tofu show -json`
plans or saved plan files (`tofu plan -out`); `-` reads one of them from standard input.

Options:
  --schemas FILE        provider schemas (`tofu providers schema -json`), for saved plan files
                        and to compare sets by element value rather than by index
  --drift               compare the drift too (objects changed outside of the plan)
  --format FORMAT       text (default: for a reviewer) or json (for tools: one line, the
                        schema in renderer/compare/comparison_json.h)
  --color WHEN          auto, always or never (default: auto: when standard output is a
                        terminal and NO_COLOR is unset)
  -no-color, --no-color same as --color never
  --max-input-bytes N   refuse an input larger than N bytes (default 4294967296)
  --help                show this help

Exit status: 0 the plans propose the same changes, 4 they differ, 1 bad input, 2 bad usage.
)";

struct DiffArgs {
  std::vector<std::string> files;
  std::optional<std::string> schemas_file;
  bool drift = false;
  bool json = false;
  ColorChoice color = ColorChoice::kAuto;
  uint64_t max_input_bytes = structured::kDefaultMaxInputBytes;
};

// One input, read and parsed: the plan refers into the document.
struct LoadedPlan {
  std::string name;  // as messages show it
  std::shared_ptr<const structured::Document> document;
  renderer::Plan plan;
};

// Reads `file` into `loaded`; prints the one-line error and returns false when it is not a plan.
bool LoadPlan(const std::string& file, const LoadedSchemas& schemas, uint64_t max_input_bytes, LoadedPlan& loaded,
              std::FILE* err) {
  loaded.name = file == "-" ? "<stdin>" : ForMessage(file);
  base::Expected<std::string> read = structured::ReadInputFile(file, {.max_bytes = max_input_bytes, .name = loaded.name});
  if (!read) {
    Error(err, read.error().message);
    return false;
  }
  std::string text = std::move(*read);
  std::shared_ptr<const structured::Document> document;
  if (planfile::LooksLikeZip(text)) {
    std::optional<renderer::PlanMode> mode;  // a plan file's mode does not change its changes
    std::optional<planfile::PlanFile> plan_file = ReadPlanFileInput(text, loaded.name, schemas.get(), mode, err);
    if (!plan_file) return false;
    document = std::move(plan_file->document);
  } else {
    if (renderer::LooksLikeLog(text)) {
      Error(err, fmt::format("{}: a JSON log, not a plan: planview diff compares two plans", loaded.name));
      return false;
    }
    structured::ParseOptions options;
    options.skip_top_level_keys = {"planned_values", "prior_state", "configuration", "variables", "checks"};
    structured::ParseResult parsed = structured::ParseJson(std::move(text), options);
    if (!parsed.ok()) {
      Error(err, parsed.error().ToString(loaded.name));
      return false;
    }
    document = parsed.value();
  }
  std::optional<renderer::DocumentKind> kind = renderer::KindOfDocument(document->root());
  if (kind != renderer::DocumentKind::kPlan) {
    std::string what = kind ? fmt::format("a {}", renderer::DocumentKindName(*kind))
                            : std::string("neither a plan nor a state (no key such as resource_changes)");
    Error(err, fmt::format("{}: $: {}, not a plan: planview diff compares two plans", loaded.name, what));
    return false;
  }
  base::Expected<renderer::Plan> plan = renderer::Plan::FromJson(document->root());
  base::Expected<void> unique = plan ? renderer::compare::CheckUniqueAddresses(*plan) : base::Expected<void>();
  if (!plan || !unique) {
    Error(err, fmt::format("{}: {}", loaded.name, (plan ? unique.error() : plan.error()).message));
    return false;
  }
  loaded.plan = *std::move(plan);
  loaded.document = std::move(document);
  return true;
}

int Run(std::span<const std::string> argv, const Terminal& terminal, std::FILE* out, std::FILE* err) {
  DiffArgs args;
  CLI::App app;
  UseCommandConventions(app);
  app.add_option("PLAN", args.files);
  AddValueOption(app, "--schemas", [&](const std::string& v) { args.schemas_file = v; });
  AddFlag(app, "--drift", [&] { args.drift = true; });
  AddValueOption(app, "--format", [&](const std::string& v) {
    if (v != "text" && v != "json") {
      throw CLI::ValidationError(fmt::format("--format: unknown format {} (want text or json)", structured::GoQuote(v)));
    }
    args.json = v == "json";
  });
  AddValueOption(app, "--color", [&](const std::string& v) { args.color = ParseColorChoice(v); });
  AddFlag(app, "--no-color", [&] { args.color = ColorChoice::kNever; });
  AddValueOption(app, "--max-input-bytes", [&](const std::string& v) { args.max_input_bytes = ParseMaxInputBytes(v); });
  base::Expected<Parsed> parsed = ParseCommandLine(app, argv);
  if (!parsed) return ReportUsageError(err, "diff: " + parsed.error().message, "diff");
  if (*parsed == Parsed::kHelp) {
    Write(out, kDiffUsage);
    return 0;
  }
  if (args.files.size() != 2) {
    return ReportUsageError(err, fmt::format("diff: needs two plans, OLD and NEW ({} given)", args.files.size()),
                            "diff");
  }
  int stdin_uses = (args.files[0] == "-") + (args.files[1] == "-") + (args.schemas_file == "-");
  if (stdin_uses > 1) return ReportUsageError(err, "diff: standard input (-) can be read only once", "diff");

  LoadedSchemas schemas;
  if (args.schemas_file && !LoadSchemas(*args.schemas_file, schemas, err, args.max_input_bytes)) return kExitBadInput;
  LoadedPlan old_plan;
  LoadedPlan new_plan;
  if (!LoadPlan(args.files[0], schemas, args.max_input_bytes, old_plan, err) ||
      !LoadPlan(args.files[1], schemas, args.max_input_bytes, new_plan, err)) {
    return kExitBadInput;
  }

  renderer::compare::CompareOptions options;
  options.drift = args.drift;
  options.schemas = schemas.get();  // tells sets from lists
  renderer::compare::PlanComparison comparison = renderer::compare::ComparePlans(old_plan.plan, new_plan.plan, options);
  std::string text;
  if (args.json) {
    renderer::compare::AppendComparisonJson(comparison, old_plan.name, new_plan.name, text);
    Write(out, text);
    return comparison.Same() ? kExitOk : kExitPlansDiffer;
  }
  renderer::compare::TextOptions text_options;
  text_options.old_name = old_plan.name;
  text_options.new_name = new_plan.name;
  text_options.color = args.color == ColorChoice::kAlways ||
                       (args.color == ColorChoice::kAuto && terminal.stdout_is_terminal && !terminal.no_color);
  renderer::compare::AppendComparisonText(comparison, text_options, text);
  Write(out, text);
  return comparison.Same() ? kExitOk : kExitPlansDiffer;
}

}  // namespace

int RunDiff(std::span<const std::string> args, const Terminal& terminal, std::FILE* out, std::FILE* err) {
  return FinishOutput(out, err, Run(args, terminal, out, err));
}

}  // namespace planview::cmd
