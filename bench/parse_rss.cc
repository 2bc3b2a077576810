// parse_rss: parses one plan file into the value model and reports wall time, throughput,
// peak resident memory and the document's own memory use.
//
//   parse_rss FILE [--skip-unused] [--repeat N] [--threads N [--no-split]]
//
// --skip-unused leaves out planned_values, prior_state and configuration (the viewer does
// not read them). --threads 2 parses as the viewer does on two cores (the skipped members
// checked on a second thread, which also builds the back part of a big kept array);
// --no-split keeps the second thread to the checking. Peak RSS is getrusage's ru_maxrss for the whole process, so it includes
// the file text itself; the ratio to the file size is what the memory target is about.
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "base/executor.h"
#include "structured/internal/parse_threshold.h"
#include "structured/json_parse.h"

namespace {

double ThreadCpuSeconds() {
  struct timespec ts {};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

double PeakRssMb() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) * 1024 / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  std::string file;
  bool skip = false;
  int repeat = 1;
  int threads = 1;
  bool split = true;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--skip-unused") {
      skip = true;
    } else if (arg == "--repeat" && i + 1 < argc) {
      repeat = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--threads" && i + 1 < argc) {
      threads = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--no-split") {
      split = false;
    } else if (file.empty() && (arg == "-" || arg[0] != '-')) {
      file = arg;
    } else {
      fmt::print(stderr, "usage: parse_rss FILE [--skip-unused] [--repeat N] [--threads N [--no-split]]\n");
      return 2;
    }
  }
  if (file.empty()) {
    fmt::print(stderr, "usage: parse_rss FILE [--skip-unused] [--repeat N] [--threads N [--no-split]]\n");
    return 2;
  }
  planview::structured::ParseOptions options;
  if (skip) options.skip_top_level_keys = {"planned_values", "prior_state", "configuration"};
  planview::base::Executor executor(threads);
  if (threads > 1) options.executor = &executor;
  planview::structured::internal::ParallelParse parallel;
  if (!split) parallel.min_split_bytes = SIZE_MAX;

  std::vector<double> seconds, cpu_seconds;
  size_t bytes = 0;
  size_t memory = 0;
  double rss_after_read = 0;
  for (int r = 0; r < repeat; ++r) {
    auto read = planview::structured::ReadInputFile(file);
    if (!read) {
      fmt::print(stderr, "parse_rss: {}\n", read.error().message);
      return 1;
    }
    std::string text = std::move(*read);
    bytes = text.size();
    if (r == 0) rss_after_read = PeakRssMb();
    double cpu_start = ThreadCpuSeconds();
    auto start = std::chrono::steady_clock::now();
    planview::structured::ParseResult result = planview::structured::internal::ParseJsonParallel(std::move(text), options, parallel);
    auto end = std::chrono::steady_clock::now();
    cpu_seconds.push_back(ThreadCpuSeconds() - cpu_start);
    if (!result.ok()) {
      fmt::print(stderr, "parse_rss: {}\n", result.error().ToString(file));
      return 1;
    }
    seconds.push_back(std::chrono::duration<double>(end - start).count());
    memory = result.value()->MemoryUsage();
  }
  double best = *std::min_element(seconds.begin(), seconds.end());
  double mb = static_cast<double>(bytes) / 1e6;
  double rss = PeakRssMb();
  fmt::print("file: {} ({:.1f} MB){}\n", file, mb, skip ? ", skipping planned_values/prior_state/configuration" : "");
  double best_cpu = *std::min_element(cpu_seconds.begin(), cpu_seconds.end());
  fmt::print("parse: {:.3f} s best of {}, {:.0f} MB/s (CPU time {:.3f} s, {:.0f} MB/s)\n", best, repeat, mb / best,
             best_cpu, mb / best_cpu);
  fmt::print("peak RSS: {:.1f} MB = {:.2f}x the file (after reading the file: {:.1f} MB)\n", rss, rss / mb,
             rss_after_read);
  fmt::print("document MemoryUsage(): {:.1f} MB = {:.2f}x the file\n", static_cast<double>(memory) / 1e6,
             static_cast<double>(memory) / 1e6 / mb);
  return 0;
}
