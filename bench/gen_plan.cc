// gen_plan: writes a generated `tofu show -json` plan (and optionally the matching
// provider schemas) for benchmarks.
//
//   gen_plan --size-mb 100 --seed 1 --out /tmp/plan-100.json [--schemas-out FILE] [--indent]
//            [--resource-blocks N]
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bench/plan_generator.h"

namespace {

bool WriteFile(const std::string& path, const std::function<bool(std::FILE*)>& body) {
  std::FILE* f = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
  if (f == nullptr) {
    fmt::print(stderr, "gen_plan: {}: cannot open: {}\n", path, std::strerror(errno));
    return false;
  }
  bool ok = body(f);
  if (std::ferror(f) != 0) ok = false;
  if (f != stdout && std::fclose(f) != 0) ok = false;
  if (!ok) fmt::print(stderr, "gen_plan: {}: write error\n", path);
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Writes a large, realistic `tofu show -json` plan for benchmarks."};
  double size_mb = 1;
  uint64_t seed = 1;
  std::string out = "-";
  std::string schemas_out;
  bool indent = false;
  app.add_option("--size-mb", size_mb, "approximate plan size in MB (10^6 bytes)")->check(CLI::PositiveNumber);
  app.add_option("--seed", seed, "random seed; the same seed gives the same plan");
  app.add_option("--out", out, "plan file, - for standard output");
  app.add_option("--schemas-out", schemas_out, "also write the provider schemas (`tofu providers schema -json`)");
  app.add_flag("--indent", indent, "indent by two spaces instead of compact JSON");
  size_t blocks = 0;
  app.add_option("--resource-blocks", blocks, "exactly this many resource blocks (overrides --size-mb)");
  CLI11_PARSE(app, argc, argv);

  planview::bench::PlanGeneratorOptions options;
  options.target_bytes = static_cast<uint64_t>(size_mb * 1e6);
  options.seed = seed;
  options.indent = indent;
  options.resource_blocks = blocks;
  planview::bench::PlanStats stats;
  bool ok = WriteFile(out, [&](std::FILE* f) {
    bool good = true;
    stats = planview::bench::GeneratePlan(options, [&](std::string_view piece) {
      if (std::fwrite(piece.data(), 1, piece.size(), f) != piece.size()) good = false;
    });
    return good;
  });
  if (!ok) return 1;
  if (!schemas_out.empty()) {
    std::string schemas = planview::bench::GenerateSchemasText(indent);
    ok = WriteFile(schemas_out, [&](std::FILE* f) { return std::fwrite(schemas.data(), 1, schemas.size(), f) == schemas.size(); });
    if (!ok) return 1;
  }
  fmt::print(stderr, "gen_plan: {} bytes, {} resource blocks, {} resource changes, {} drifted, {} outputs\n",
             stats.bytes, stats.resource_blocks, stats.instances, stats.drifted, stats.outputs);
  return 0;
}
