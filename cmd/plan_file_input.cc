#include "cmd/plan_file_input.h"

#include <optional>

#include <fmt/format.h>

#include "cmd/console.h"
#include "cmd/schemas_file.h"
#include "planfile/plan_file.h"
#include "structured/read_input.h"

namespace planview::cmd {

namespace {

constexpr std::string_view kConvertUsage =
    "Usage: planview convert [--schemas FILE] PLANFILE\n"
    "\n"
    "Writes the `show -json` document of a saved plan file (terraform/tofu plan -out=FILE)\n"
    "without Terraform, its configuration or its providers. With --schemas (the output of\n"
    "`tofu providers schema -json`) values are typed exactly and schema-sensitive attributes\n"
    "are marked; without, values are decoded from the plan's msgpack alone. PLANFILE may be\n"
    "- for standard input.\n";

std::optional<planfile::PlanFile> Read(const std::string& text, std::string_view file_name,
                                       const structured::ProviderSchemas* schemas, std::FILE* err) {
  planfile::ReadOptions options;
  options.schemas = schemas;
  planfile::ReadResult result = planfile::ReadPlanFile(text, options);
  if (!result.plan) {
    Error(err, fmt::format("{}: {}", file_name, result.error));
    return std::nullopt;
  }
  if (!result.plan->sensitivity_notice.empty()) {
    Error(err, fmt::format("{}: {}", file_name, result.plan->sensitivity_notice));
  }
  return std::move(result.plan);
}

}  // namespace

bool PlanFileToJson(std::string& text, std::string_view file_name, const structured::ProviderSchemas* schemas,
                    renderer::PlanMode& mode, std::FILE* err) {
  if (!planfile::LooksLikeZip(text)) return true;
  std::optional<planfile::PlanFile> plan = Read(text, file_name, schemas, err);
  if (!plan) return false;
  if (mode == renderer::PlanMode::kNormal) {
    if (plan->mode == planfile::UiMode::kDestroy) mode = renderer::PlanMode::kDestroy;
    if (plan->mode == planfile::UiMode::kRefreshOnly) mode = renderer::PlanMode::kRefreshOnly;
  }
  text = std::move(plan->json);
  return true;
}

int RunConvert(std::span<const std::string> args, std::FILE* out, std::FILE* err) {
  std::optional<std::string> file;
  std::optional<std::string> schemas_file;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-h" || a == "--help" || a == "-help") {
      Write(out, kConvertUsage);
      return 0;
    }
    if (a == "--schemas" || a == "-schemas") {
      if (i + 1 >= args.size()) {
        Error(err, "convert: --schemas needs a file");
        return kExitUsage;
      }
      schemas_file = args[++i];
    } else if (a.starts_with("--schemas=")) {
      schemas_file = a.substr(10);
    } else if (a.size() > 1 && a[0] == '-') {
      Error(err, fmt::format("convert: unknown flag {}", a));
      Write(err, "Run 'planview convert --help' for usage.\n");
      return kExitUsage;
    } else if (file) {
      Error(err, "convert: one plan file at a time");
      return kExitUsage;
    } else {
      file = a;
    }
  }
  if (!file) {
    Error(err, "convert: no plan file given");
    Write(err, "Run 'planview convert --help' for usage.\n");
    return kExitUsage;
  }
  LoadedSchemas schemas;
  if (schemas_file && !LoadSchemas(*schemas_file, schemas, err)) return kExitBadInput;
  std::string text;
  std::string error;
  if (!structured::ReadInputFile(*file, text, error)) {
    Error(err, error);
    return kExitBadInput;
  }
  const std::string file_name = *file == "-" ? "<stdin>" : *file;
  std::optional<planfile::PlanFile> plan = Read(text, file_name, schemas.schemas ? &*schemas.schemas : nullptr, err);
  if (!plan) return kExitBadInput;
  Error(err, fmt::format("{}: {}", file_name, plan->omitted_notice));
  plan->json += '\n';
  Write(out, plan->json);
  return 0;
}

}  // namespace planview::cmd
