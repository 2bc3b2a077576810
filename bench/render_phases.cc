// render_phases: renders one plan the way `planview PLAN --schemas FILE -no-color` does,
// timing each phase separately, and prints one line of key=value pairs per run and the
// medians:
//
//   read    the plan file into memory (ReadInputFile)
//   parse   the plan JSON (ParseJson, skipping the sections the renderer never reads)
//           and the schemas file
//   diff    Plan::FromJson and every resource and output diff (ComputePlanDiffs)
//   render  the whole document into one string (RenderPlan), and freeing the diffs
//   write   that string to --out (fwrite, fclose)
//
// Each phase is followed by the process's peak RSS so far (getrusage), so the line also
// shows which phase sets the peak. Plans only; the renderer phases are those of
// renderer/render_document.cc, called one by one.
//
//   render_phases PLAN [--schemas FILE] [--out FILE] [--repeat N]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "base/executor.h"
#include "renderer/json_fields.h"
#include "renderer/plan.h"
#include "renderer/plan_renderer.h"
#include "renderer/schema_source.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace {

using namespace planview;  // NOLINT

constexpr const char* kPhases[] = {"read", "parse", "diff", "render", "write"};
constexpr size_t kPhaseCount = std::size(kPhases);

struct PhaseTimes {
  double wall[kPhaseCount] = {};
  double cpu[kPhaseCount] = {};
  double peak_rss_mb[kPhaseCount] = {};
  size_t output_bytes = 0;
};

double CpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double PeakRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

// Times consecutive phases: each Next() closes the current one.
class PhaseClock {
 public:
  explicit PhaseClock(PhaseTimes& times) : times_(times) { Restart(); }
  void Next() {
    times_.wall[phase_] += std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_).count();
    times_.cpu[phase_] += CpuSeconds() - cpu_;
    times_.peak_rss_mb[phase_] = PeakRssMb();
    ++phase_;
    Restart();
  }

 private:
  void Restart() {
    wall_ = std::chrono::steady_clock::now();
    cpu_ = CpuSeconds();
  }
  PhaseTimes& times_;
  size_t phase_ = 0;
  std::chrono::steady_clock::time_point wall_;
  double cpu_ = 0;
};

[[noreturn]] void Fail(const std::string& message) {
  fmt::print(stderr, "render_phases: {}\n", message);
  std::exit(1);
}

std::shared_ptr<const structured::Document> Parse(structured::InputText text, const std::string& file,
                                                  const structured::ParseOptions& options) {
  structured::ParseResult parsed = structured::ParseJson(std::move(text), options);
  if (!parsed.ok()) Fail(parsed.error().ToString(file));
  return parsed.value();
}

PhaseTimes RunOnce(const std::string& plan_file, const std::string& schemas_file, const std::string& out_file,
                   base::Executor& executor) {
  PhaseTimes times;
  PhaseClock clock(times);

  structured::ReadOptions read_options;
  read_options.executor = &executor;
  base::Expected<structured::InputText> text = structured::ReadInputText(plan_file, read_options);
  if (!text) Fail(text.error().message);
  base::Expected<std::string> schemas_text = std::string();
  if (!schemas_file.empty()) schemas_text = structured::ReadInputFile(schemas_file, read_options);
  if (!schemas_text) Fail(schemas_text.error().message);
  clock.Next();

  // The sections renderer/render_document.cc leaves out of the document.
  structured::ParseOptions plan_options;
  plan_options.skip_top_level_keys = {"planned_values", "prior_state", "configuration", "variables", "checks"};
  plan_options.executor = &executor;
  std::shared_ptr<const structured::Document> document = Parse(std::move(*text), plan_file, plan_options);
  std::optional<structured::ProviderSchemas> schemas;
  std::string provider_format_version;
  if (!schemas_file.empty()) {
    std::shared_ptr<const structured::Document> schemas_document = Parse(std::move(*schemas_text), schemas_file, {});
    base::Expected<structured::ProviderSchemas> parsed = structured::ProviderSchemas::Parse(schemas_document);
    if (!parsed) Fail(fmt::format("{}: {}", schemas_file, parsed.error().message));
    schemas = std::move(*parsed);
    structured::Value version = schemas_document->root().find("format_version");
    if (version.is_string()) provider_format_version = std::string(version.text());
  }
  clock.Next();

  renderer::Options options;  // colour off, width 78: `planview -no-color` into a file
  std::string output;
  {
    // In a scope of its own: freeing the diffs counts as rendering, as in RenderDocument.
    base::Expected<renderer::Plan> read = renderer::Plan::FromJson(document->root());
    if (!read) Fail(fmt::format("{}: {}", plan_file, read.error().message));
    const renderer::Plan& plan = *read;
    if (plan.redacted) Fail("redacted plans (with embedded schemas) are not supported here");
    renderer::SchemaSource source(schemas ? &*schemas : nullptr);
    renderer::Warnings warnings;
    renderer::PlanDiffs diffs = renderer::ComputePlanDiffs(plan, source, renderer::PlanMode::kNormal, warnings);
    clock.Next();

    renderer::PlanQuality quality = renderer::QualityFromPlan(plan, renderer::PlanMode::kNormal);
    renderer::RenderPlan(plan, diffs, renderer::PlanMode::kNormal, quality, provider_format_version, options,
                         output);
  }
  clock.Next();

  std::FILE* f = std::fopen(out_file.c_str(), "wb");
  if (f == nullptr) Fail(fmt::format("{}: cannot open for writing", out_file));
  bool ok = std::fwrite(output.data(), 1, output.size(), f) == output.size();
  if (std::fclose(f) != 0 || !ok) Fail(fmt::format("{}: write error", out_file));
  times.output_bytes = output.size();
  clock.Next();
  return times;
}

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

void PrintLine(std::string_view label, const PhaseTimes& t) {
  std::string line = fmt::format("{}", label);
  double total_wall = 0;
  double total_cpu = 0;
  for (size_t p = 0; p < kPhaseCount; ++p) {
    line += fmt::format(" {}={:.3f}/{:.3f}", kPhases[p], t.wall[p], t.cpu[p]);
    total_wall += t.wall[p];
    total_cpu += t.cpu[p];
  }
  line += fmt::format(" total={:.3f}/{:.3f} rss_mb", total_wall, total_cpu);
  for (size_t p = 0; p < kPhaseCount; ++p) line += fmt::format("{}{:.0f}", p == 0 ? "=" : ",", t.peak_rss_mb[p]);
  line += fmt::format(" output_bytes={}\n", t.output_bytes);
  std::fputs(line.c_str(), stdout);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Renders a plan phase by phase and prints each phase's wall/CPU seconds."};
  std::string plan_file;
  std::string schemas_file;
  std::string out_file = "/dev/null";
  int repeat = 3;
  app.add_option("plan", plan_file, "plan JSON (`tofu show -json`)")->required();
  app.add_option("--schemas", schemas_file, "provider schemas JSON (`tofu providers schema -json`)");
  app.add_option("--out", out_file, "where the rendered text is written");
  app.add_option("--repeat", repeat, "runs; the medians are printed last")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);

  base::Executor executor;
  return executor.RunOnLargeStack([&] {
    std::vector<PhaseTimes> runs;
    for (int i = 0; i < repeat; ++i) {
      runs.push_back(RunOnce(plan_file, schemas_file, out_file, executor));
      PrintLine(fmt::format("run{}", i + 1), runs.back());
    }
    PhaseTimes median;
    for (size_t p = 0; p < kPhaseCount; ++p) {
      std::vector<double> wall, cpu;
      for (const PhaseTimes& r : runs) {
        wall.push_back(r.wall[p]);
        cpu.push_back(r.cpu[p]);
      }
      median.wall[p] = Median(wall);
      median.cpu[p] = Median(cpu);
      // The process's peak only grows: the first run's is the one of a single render.
      median.peak_rss_mb[p] = runs.front().peak_rss_mb[p];
    }
    median.output_bytes = runs.back().output_bytes;
    PrintLine("median", median);
    return 0;
  });
}
