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
#include <pthread.h>
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

// Runs `work` on a thread with a 512 MiB stack, as the planview binary renders (deep
// values recurse).
int RunWithLargeStack(const std::function<int()>& work) {
  struct Call {
    const std::function<int()>* work;
    int result;
  } call{&work, 1};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, size_t{512} << 20);
  pthread_t thread;
  auto body = [](void* arg) -> void* {
    auto* c = static_cast<Call*>(arg);
    c->result = (*c->work)();
    return nullptr;
  };
  if (pthread_create(&thread, &attr, body, &call) != 0) return work();
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  return call.result;
}

[[noreturn]] void Fail(const std::string& message) {
  fmt::print(stderr, "render_phases: {}\n", message);
  std::exit(1);
}

std::shared_ptr<const structured::Document> Parse(std::string text, const std::string& file,
                                                  const structured::ParseOptions& options) {
  structured::ParseResult parsed = structured::ParseJson(std::move(text), options);
  if (!parsed.ok()) Fail(parsed.error->ToString(file));
  return parsed.document;
}

PhaseTimes RunOnce(const std::string& plan_file, const std::string& schemas_file, const std::string& out_file) {
  PhaseTimes times;
  PhaseClock clock(times);

  std::string text;
  std::string error;
  if (!structured::ReadInputFile(plan_file, text, error)) Fail(error);
  std::string schemas_text;
  if (!schemas_file.empty() && !structured::ReadInputFile(schemas_file, schemas_text, error)) Fail(error);
  clock.Next();

  // The sections renderer/render_document.cc leaves out of the document.
  structured::ParseOptions plan_options;
  plan_options.skip_top_level_keys = {"planned_values", "prior_state", "configuration", "variables", "checks"};
  plan_options.parallel = true;
  std::shared_ptr<const structured::Document> document = Parse(std::move(text), plan_file, plan_options);
  std::optional<structured::ProviderSchemas> schemas;
  std::string provider_format_version;
  if (!schemas_file.empty()) {
    std::shared_ptr<const structured::Document> schemas_document = Parse(std::move(schemas_text), schemas_file, {});
    schemas = structured::ProviderSchemas::Parse(schemas_document, error);
    if (!schemas) Fail(fmt::format("{}: {}", schemas_file, error));
    structured::Value version = schemas_document->root().find("format_version");
    if (version.is_string()) provider_format_version = std::string(version.text());
  }
  clock.Next();

  renderer::Options options;  // colour off, width 78: `planview -no-color` into a file
  std::string output;
  try {
    // In a scope of its own: freeing the diffs counts as rendering, as in RenderDocument.
    renderer::Plan plan = renderer::Plan::FromJson(document->root());
    if (plan.redacted) Fail("redacted plans (with embedded schemas) are not supported here");
    renderer::SchemaSource source(schemas ? &*schemas : nullptr);
    renderer::Warnings warnings;
    renderer::PlanDiffs diffs = renderer::ComputePlanDiffs(plan, source, renderer::PlanMode::kNormal, warnings);
    clock.Next();

    renderer::PlanQuality quality = renderer::QualityFromPlan(plan, renderer::PlanMode::kNormal);
    renderer::RenderPlan(plan, diffs, renderer::PlanMode::kNormal, quality, provider_format_version, options,
                         output);
  } catch (const renderer::InputError& e) {
    Fail(fmt::format("{}: {}", plan_file, e.what()));
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

  return RunWithLargeStack([&] {
    std::vector<PhaseTimes> runs;
    for (int i = 0; i < repeat; ++i) {
      runs.push_back(RunOnce(plan_file, schemas_file, out_file));
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
