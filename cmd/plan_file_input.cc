#include "cmd/plan_file_input.h"

#include <cstdint>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "cmd/cli_app.h"
#include "cmd/cli_args.h"
#include "cmd/console.h"
#include "cmd/schemas_file.h"
#include "planfile/plan_file.h"
#include "structured/read_input.h"

namespace planview::cmd {

namespace {

constexpr std::string_view kConvertUsage =
    "Usage: planview convert [--schemas FILE] [--max-input-bytes N] PLANFILE\n"
    "\n"
    "Writes the `show -json` document of a saved plan file (terraform/tofu plan -out=FILE)\n"
    "without Terraform, its configuration or its providers. With --schemas (the output of\n"
    "`tofu providers schema -json`) values are typed exactly and schema-sensitive attributes\n"
    "are marked; without, values are decoded from the plan's msgpack alone. PLANFILE may be\n"
    "- for standard input. --max-input-bytes N refuses a plan or schemas file larger than N\n"
    "bytes (default 4294967296: 4 GiB).\n";

// `for_rendering`: the members no renderer reads are left out.
std::optional<planfile::PlanFile> Read(std::string_view text, std::string_view file_name,
                                       const structured::ProviderSchemas* schemas, bool for_rendering,
                                       std::FILE* err, base::Executor* executor) {
  planfile::ReadOptions options;
  options.schemas = schemas;
  options.executor = executor;
  options.unrendered_members = !for_rendering;
  base::Expected<planfile::PlanFile> read = planfile::ReadPlanFile(text, options);
  if (!read) {
    Error(err, fmt::format("{}: {}", file_name, read.error().message));
    return std::nullopt;
  }
  if (!read->sensitivity_notice.empty()) Error(err, fmt::format("{}: {}", file_name, read->sensitivity_notice));
  return std::move(*read);
}

}  // namespace

namespace {

// The plan's own mode, unless --mode was given.
void TakeMode(const planfile::PlanFile& plan, std::optional<renderer::PlanMode>& mode) {
  if (mode) return;
  switch (plan.mode) {
    case planfile::UiMode::kNormal: mode = renderer::PlanMode::kNormal; break;
    case planfile::UiMode::kDestroy: mode = renderer::PlanMode::kDestroy; break;
    case planfile::UiMode::kRefreshOnly: mode = renderer::PlanMode::kRefreshOnly; break;
  }
}

}  // namespace

std::optional<planfile::PlanFile> ReadPlanFileInput(std::string_view bytes, std::string_view file_name,
                                                    const structured::ProviderSchemas* schemas,
                                                    std::optional<renderer::PlanMode>& mode, std::FILE* err,
                                                    base::Executor* executor) {
  std::optional<planfile::PlanFile> plan = Read(bytes, file_name, schemas, /*for_rendering=*/true, err, executor);
  if (plan) TakeMode(*plan, mode);
  return plan;
}

int RunConvert(std::span<const std::string> args, std::FILE* out, std::FILE* err, base::Executor* executor) {
  std::vector<std::string> files;
  std::optional<std::string> schemas_file;
  uint64_t max_input_bytes = structured::kDefaultMaxInputBytes;
  CLI::App app;
  UseCommandConventions(app);
  app.add_option("PLANFILE", files);
  AddValueOption(app, "--schemas", [&](const std::string& v) { schemas_file = v; });
  AddValueOption(app, "--max-input-bytes", [&](const std::string& v) { max_input_bytes = ParseMaxInputBytes(v); });
  base::Expected<Parsed> parsed = ParseCommandLine(app, args);
  if (!parsed) return ReportUsageError(err, "convert: " + parsed.error().message, "convert");
  if (*parsed == Parsed::kHelp) {
    Write(out, kConvertUsage);
    return 0;
  }
  if (files.empty()) return ReportUsageError(err, "convert: no plan file given", "convert");
  if (files.size() > 1) return ReportUsageError(err, "convert: one plan file at a time", "convert");
  const std::string& file = files[0];
  LoadedSchemas schemas;
  if (schemas_file && !LoadSchemas(*schemas_file, schemas, err, max_input_bytes)) return kExitBadInput;
  const std::string file_name = file == "-" ? "<stdin>" : ForMessage(file);
  base::Expected<std::string> read = structured::ReadInputFile(file, {.max_bytes = max_input_bytes, .name = file_name});
  if (!read) {
    Error(err, read.error().message);
    return kExitBadInput;
  }
  std::string text = std::move(*read);
  std::optional<planfile::PlanFile> plan = Read(text, file_name, schemas.get(), /*for_rendering=*/false, err, executor);
  if (!plan) return kExitBadInput;
  Error(err, fmt::format("{}: {}", file_name, plan->omitted_notice));
  std::string json = plan->Json();
  json += '\n';
  Write(out, json);
  return 0;
}

}  // namespace planview::cmd
