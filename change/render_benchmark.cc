// Rendering throughput on large synthetic diff trees: a block with many nested blocks of
// string attributes (mostly unchanged), and a long list with one change in the middle.
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "change/colorize.h"
#include "change/renderers/renderers.h"
#include "structured/json_parse.h"

namespace planview::change {
namespace {

using renderers::DiffMap;

// A document with `n` distinct strings to point primitives at.
std::shared_ptr<const structured::Document> Strings(size_t n) {
  std::string text = "[";
  for (size_t i = 0; i < n; ++i) {
    if (i > 0) text.push_back(',');
    text += "\"value-" + std::to_string(i) + "-with some more text to look like a real attribute\"";
  }
  text.push_back(']');
  return structured::ParseJson(std::move(text)).value();
}

Diff BigBlock(const structured::Document& doc, size_t blocks, size_t attributes) {
  structured::Value strings = doc.root();
  renderers::Blocks nested;
  std::vector<Diff> list;
  size_t k = 0;
  for (size_t b = 0; b < blocks; ++b) {
    DiffMap attrs;
    for (size_t a = 0; a < attributes; ++a, ++k) {
      structured::Value v = strings.at(k % strings.size());
      bool changed = (k % 7) == 0;
      structured::Value after = changed ? strings.at((k + 1) % strings.size()) : v;
      attrs.emplace("attribute_" + std::to_string(a),
                    Diff(renderers::Primitive(v, after, structured::Type::String()),
                         changed ? Action::kUpdate : Action::kNoOp, false));
    }
    list.emplace_back(renderers::Block(std::move(attrs), {}), Action::kUpdate, false);
  }
  nested.AddAllListBlock("item", std::move(list), false, false, false);
  return Diff(renderers::Block({}, std::move(nested)), Action::kUpdate, false);
}

void BM_RenderBlock(benchmark::State& state, bool show_unchanged) {
  auto doc = Strings(10000);
  Diff diff = BigBlock(*doc, static_cast<size_t>(state.range(0)), 20);
  Colorize colorize(true);
  RenderOpts opts;
  opts.colorize = &colorize;
  opts.show_unchanged_children = show_unchanged;
  size_t bytes = 0;
  for (auto _ : state) {
    std::string out;
    diff.RenderHuman(0, opts, out);
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(bytes) * state.iterations());
  state.counters["output_bytes"] = static_cast<double>(bytes);
}
BENCHMARK_CAPTURE(BM_RenderBlock, changed_only, false)->Arg(50000)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_RenderBlock, everything, true)->Arg(50000)->Unit(benchmark::kMillisecond);

void BM_RenderLongList(benchmark::State& state) {
  auto doc = Strings(static_cast<size_t>(state.range(0)));
  structured::Value strings = doc->root();
  std::vector<Diff> elements;
  for (size_t i = 0; i < strings.size(); ++i) {
    bool changed = i == strings.size() / 2;
    elements.emplace_back(renderers::Primitive(strings.at(i), changed ? strings.at(0) : strings.at(i),
                                               structured::Type::String()),
                          changed ? Action::kUpdate : Action::kNoOp, false);
  }
  Diff diff(renderers::List(std::move(elements)), Action::kUpdate, false);
  Colorize colorize(false);
  RenderOpts opts;
  opts.colorize = &colorize;
  for (auto _ : state) {
    std::string out;
    diff.RenderHuman(0, opts, out);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_RenderLongList)->Arg(1000000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace planview::change

BENCHMARK_MAIN();
