// IsNfc, NormalizeNfc and SafeKnownPrefix throughput on ASCII, Latin (French and German),
// CJK (Chinese and Japanese), Tamil (NFC_Quick_Check=Maybe vowel signs) and decomposed
// text, as whole 4 KB strings and as the short strings cty values mostly hold:
//   bazel run -c opt //wire:unicode_bench
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "wire/internal/unicode.h"

namespace planview::wire {
namespace {

const std::vector<std::string>& Samples() {
  static const std::vector<std::string> samples = {
      "arn:aws:iam::123456789012:role/service-role/lambda-execution-role-2024 ",
      "Le garçon a mangé une crème brûlée à l'hôtel; Größe, Übermäßig, Straße. ",
      "東京都千代田区丸の内一丁目。数据库连接字符串已更新，请检查配置文件。",
      "தமிழ் நாடு சென்னை மாநகராட்சி கணினி ",
      "Le garc\u0327on a mange\u0301 une cre\u0300me bru\u0302le\u0301e. ",
  };
  return samples;
}

std::string Repeat(const std::string& s, size_t size) {
  std::string out;
  while (out.size() < size) out += s;
  return out;
}

void Args(benchmark::internal::Benchmark* b) {
  for (int sample = 0; sample < 5; ++sample) {
    b->Args({sample, 0});     // the sample alone (one short cty string)
    b->Args({sample, 4096});  // repeated to 4 KB
  }
  b->ArgNames({"text", "bytes"});
}

std::string Input(const benchmark::State& state) {
  const std::string& s = Samples()[static_cast<size_t>(state.range(0))];
  return state.range(1) == 0 ? s : Repeat(s, static_cast<size_t>(state.range(1)));
}

void BM_IsNfc(benchmark::State& state) {
  std::string text = Input(state);
  for (auto _ : state) {
    bool valid;
    benchmark::DoNotOptimize(IsNfc(text, valid));
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_IsNfc)->Apply(Args);

void BM_NormalizeNfc(benchmark::State& state) {
  std::string text = Input(state);
  for (auto _ : state) benchmark::DoNotOptimize(NormalizeNfc(text));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_NormalizeNfc)->Apply(Args);

void BM_SafeKnownPrefix(benchmark::State& state) {
  std::string text = Samples()[static_cast<size_t>(state.range(0))];
  for (auto _ : state) benchmark::DoNotOptimize(SafeKnownPrefix(text));
}
BENCHMARK(BM_SafeKnownPrefix)->DenseRange(0, 4)->ArgName("text");

}  // namespace
}  // namespace planview::wire

BENCHMARK_MAIN();
