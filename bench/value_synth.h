// Synthesizes realistic attribute values for a resource schema: ids, ARNs, names, tag
// maps, IAM policies as JSON strings, multi-line scripts and YAML, nested blocks; and the
// edits an updated configuration makes to them.
#ifndef PLANVIEW_BENCH_VALUE_SYNTH_H_
#define PLANVIEW_BENCH_VALUE_SYNTH_H_

#include <string>
#include <vector>

#include "bench/fake_value.h"
#include "bench/resource_catalog.h"
#include "bench/rng.h"

namespace planview::bench {

// What the values of one resource instance are about.
struct SynthContext {
  const ResourceSpec* resource = nullptr;
  std::string name;    // e.g. "web_12"; used inside names, ids and ARNs
  std::string region;  // e.g. "eu-west-1"
};

// A full object for `block`: every attribute present (null when unset), every block type
// as an array, object or null by its nesting mode.
FakeValue SynthesizeBlock(const BlockSpec& block, Rng& rng, const SynthContext& ctx);

// Edits `changes` settable attributes of `value` (a SynthesizeBlock result) the way a
// changed configuration would. Returns the edited attribute names.
std::vector<std::string> MutateBlock(const BlockSpec& block, FakeValue& value, Rng& rng, const SynthContext& ctx,
                                     int changes);

// Computed-only attributes (and unset optional+computed ones) become unknown, each with
// probability percent/100: the provider fills them in at apply time.
void MakeComputedUnknown(const BlockSpec& block, FakeValue& value, Rng& rng, int percent);

// Marks the attributes the schema declares sensitive, at any depth.
void MarkSchemaSensitive(const BlockSpec& block, FakeValue& value);

// A standalone string of the given flavor (outputs and variables use these).
std::string SynthesizeText(Flavor flavor, Rng& rng, const SynthContext& ctx);

}  // namespace planview::bench

#endif  // PLANVIEW_BENCH_VALUE_SYNTH_H_
