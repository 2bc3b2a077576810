// gen_plan: writes a generated `tofu show -json` plan (and optionally the matching
// provider schemas) for benchmarks.
//
//   gen_plan --size-mb 100 --seed 1 --out /tmp/plan-100.json [--schemas-out FILE] [--indent]
//            [--resource-blocks N] [--state]
//            (--state: a state of about that size instead, the prior_state of such a plan)
//   gen_plan --shape long_list --out /tmp/long_list.json --schemas-out /tmp/shape-schemas.json
//            (the quadratic input shapes of bench/shape_plans.h; --shape-scale shrinks them)
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "bench/plan_generator.h"
#include "bench/shape_plans.h"

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
  bool state = false;
  app.add_flag("--state", state,
               "write a state (`tofu show -json` of one) of about --size-mb instead: the plan's prior_state alone");
  std::string shape;
  double shape_scale = 1.0;
  app.add_option("--shape", shape, "write a quadratic-shape plan instead (long_list, multiline_string, json_string, "
                                   "object_set, block_set, replace_paths_list, paths_map, drift_relevant, drift_any)");
  app.add_option("--shape-scale", shape_scale, "multiply the shape's element count")->check(CLI::PositiveNumber);
  CLI11_PARSE(app, argc, argv);

  if (!shape.empty()) {
    std::optional<std::string> plan = planview::bench::GenerateShapePlan(shape, shape_scale);
    if (!plan) {
      fmt::print(stderr, "gen_plan: unknown shape {:?}\n", shape);
      return 2;
    }
    auto write_text = [](const std::string& text) {
      return [&text](std::FILE* f) { return std::fwrite(text.data(), 1, text.size(), f) == text.size(); };
    };
    if (!WriteFile(out, write_text(*plan))) return 1;
    if (!schemas_out.empty() && !WriteFile(schemas_out, write_text(planview::bench::ShapeSchemasText()))) return 1;
    fmt::print(stderr, "gen_plan: shape {}, {} bytes\n", shape, plan->size());
    return 0;
  }

  planview::bench::PlanGeneratorOptions options;
  options.target_bytes = static_cast<uint64_t>(size_mb * 1e6);
  options.seed = seed;
  options.indent = indent;
  options.resource_blocks = blocks;
  options.state = state;
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
  if (state) {
    fmt::print(stderr, "gen_plan: state, {} bytes, {} resource blocks, {} resource instances, {} outputs\n",
               stats.bytes, stats.resource_blocks, stats.state_resources, stats.outputs);
    return 0;
  }
  fmt::print(stderr, "gen_plan: {} bytes, {} resource blocks, {} resource changes, {} drifted, {} outputs\n",
             stats.bytes, stats.resource_blocks, stats.instances, stats.drifted, stats.outputs);
  return 0;
}
