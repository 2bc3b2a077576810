// Generates large, realistic `tofu show -json` plan documents for benchmarks (or the
// state such a plan starts from), and the matching `tofu providers schema -json` document.
//
// A plan holds every top-level section OpenTofu writes (format_version,
// terraform_version, variables, planned_values, resource_drift, resource_changes,
// output_changes, prior_state, configuration, relevant_attributes, timestamp, errored).
// Resources come from bench/resource_catalog.h (AWS, Google, Kubernetes, random, null,
// tfcoremock types with nested blocks and nested attributes), in the root module and in
// nested modules, with count and for_each instances; actions are a realistic mix of
// no-op, update, create, delete, replace and data reads, with unknown and sensitive
// values, IAM policies as JSON strings, tag maps and multi-line scripts.
//
// Output is a pure function of the options. Sizes land within a few percent of the
// target. Formatting follows Go's encoding/json: compact by default, which is what
// `tofu show -json` prints.
#ifndef PLANVIEW_BENCH_PLAN_GENERATOR_H_
#define PLANVIEW_BENCH_PLAN_GENERATOR_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "bench/json_writer.h"

namespace planview::bench {

struct PlanGeneratorOptions {
  uint64_t target_bytes = uint64_t{1} << 20;
  uint64_t seed = 1;
  // Two-space indentation (like the captures under testdata/) instead of compact JSON.
  bool indent = false;
  // When non-zero: exactly this many resource blocks, whatever target_bytes says.
  size_t resource_blocks = 0;
  // Write a state instead (`tofu show -json` of one: format_version, terraform_version and
  // values with outputs and root_module): the `prior_state` the plan of these options
  // would hold, alone, with target_bytes its own size.
  bool state = false;
};

struct PlanStats {
  uint64_t bytes = 0;
  size_t resource_blocks = 0;  // resource blocks in the configuration
  size_t instances = 0;        // resource instances (entries in resource_changes)
  size_t drifted = 0;          // entries in resource_drift
  size_t outputs = 0;
  size_t state_resources = 0;  // resource instances in the (prior) state
};

// Streams the plan (or the state) to `sink` in pieces of about a megabyte.
PlanStats GeneratePlan(const PlanGeneratorOptions& options, const Sink& sink);
// The plan as one string, with `extra_capacity` spare bytes reserved after it.
std::string GeneratePlanText(const PlanGeneratorOptions& options, PlanStats* stats = nullptr,
                             size_t extra_capacity = 64);
// The provider schemas for every resource type a generated plan can use.
std::string GenerateSchemasText(bool indent = false);

}  // namespace planview::bench

#endif  // PLANVIEW_BENCH_PLAN_GENERATOR_H_
