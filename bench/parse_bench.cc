// Google Benchmark for structured::ParseJson on a large generated plan.
//
// The plan comes from $PLANVIEW_BENCH_PLAN (a file) or is generated in memory with
// $PLANVIEW_BENCH_SIZE_MB megabytes (default 100) and $PLANVIEW_BENCH_SEED (default 1).
// Throughput is reported as bytes/s of plan text; copying the text for each iteration
// and freeing the document are not timed. The *Borrowed variants parse the text where it
// is, unpadded (structured::InputText::Borrowed, as the C API gives its input).
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include "bench/plan_generator.h"
#include "structured/json_parse.h"

namespace {

const std::string& Plan() {
  static const std::string plan = [] {
    if (const char* file = std::getenv("PLANVIEW_BENCH_PLAN"); file != nullptr && *file != '\0') {
      auto text = planview::structured::ReadInputFile(file);
      if (!text) {
        fmt::print(stderr, "parse_bench: {}\n", text.error().message);
        std::exit(1);
      }
      return std::move(*text);
    }
    planview::bench::PlanGeneratorOptions options;
    const char* size = std::getenv("PLANVIEW_BENCH_SIZE_MB");
    options.target_bytes = static_cast<uint64_t>((size != nullptr ? std::atof(size) : 100.0) * 1e6);
    if (const char* seed = std::getenv("PLANVIEW_BENCH_SEED"); seed != nullptr) options.seed = std::strtoull(seed, nullptr, 10);
    return planview::bench::GeneratePlanText(options);
  }();
  return plan;
}

void RunParse(benchmark::State& state, const planview::structured::ParseOptions& options, bool borrowed = false) {
  const std::string& plan = Plan();
  size_t memory = 0;
  for (auto _ : state) {
    state.PauseTiming();
    planview::structured::InputText input;
    if (borrowed) {
      input = planview::structured::InputText::Borrowed(plan);
    } else {
      std::string text;
      text.reserve(plan.size() + planview::structured::kParsePadding);
      text.append(plan);
      input = std::move(text);
    }
    state.ResumeTiming();
    planview::structured::ParseResult result = planview::structured::ParseJson(std::move(input), options);
    state.PauseTiming();
    if (!result.ok()) {
      state.SkipWithError(result.error().ToString("plan").c_str());
      break;
    }
    memory = result.value()->MemoryUsage();
    { planview::structured::ParseResult dropped = std::move(result); }  // the document freed untimed
    state.ResumeTiming();
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * plan.size()));
  state.counters["plan_MB"] = static_cast<double>(plan.size()) / 1e6;
  state.counters["doc_mem_x"] = static_cast<double>(memory) / static_cast<double>(plan.size());
}

void BM_ParsePlan(benchmark::State& state) { RunParse(state, {}); }

planview::structured::ParseOptions SkipUnused() {
  planview::structured::ParseOptions options;
  options.skip_top_level_keys = {"planned_values", "prior_state", "configuration"};
  return options;
}

void BM_ParsePlanSkipUnused(benchmark::State& state) { RunParse(state, SkipUnused()); }

void BM_ParsePlanBorrowed(benchmark::State& state) { RunParse(state, {}, true); }

void BM_ParsePlanSkipUnusedBorrowed(benchmark::State& state) { RunParse(state, SkipUnused(), true); }

BENCHMARK(BM_ParsePlan)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
BENCHMARK(BM_ParsePlanSkipUnused)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
BENCHMARK(BM_ParsePlanBorrowed)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
BENCHMARK(BM_ParsePlanSkipUnusedBorrowed)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
