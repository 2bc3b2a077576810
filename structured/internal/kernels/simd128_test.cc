// The SIMD128 kernel against the scalar one, in WebAssembly (kernel_test runs natively,
// where this kernel does not exist; js/BUILD runs this program in Node):
//   - its masks: every byte value at every position of a block, and random blocks full
//     of the bytes that matter ('"', '\\', brackets, controls, 0x80 and up);
//   - whole parses and container skips of random JSON-like texts, padded and unpadded
//     (the unpadded text placed at the very end of the module's memory, where reading
//     one byte past it traps).
// Prints the first difference and exits 1; prints "ok" and the number of checks.
#if !defined(__wasm_simd128__)
#error "simd128_test.cc is for WebAssembly with SIMD128 only (-msimd128: structured/BUILD)"
#endif

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <string_view>

#include <unistd.h>

#include "structured/document_builder.h"
#include "structured/json_parse.h"
#include "structured/internal/kernels/kernel.h"
#include "structured/internal/kernels/scalar.h"
#include "structured/internal/kernels/simd128.h"
#include "structured/testing/kernel_outcome.h"
#include "structured/testing/random_json_text.h"

namespace planview::structured::internal {
namespace {

long checks = 0;

void Expect(bool ok, const std::string& what) {
  ++checks;
  if (!ok) {
    std::printf("FAIL %s\n", what.c_str());
    std::exit(1);
  }
}

std::string Hex(const unsigned char* p, size_t n) {
  std::string out;
  char byte[4];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(byte, sizeof byte, "%02x", p[i]);
    out += byte;
  }
  return out;
}

void ExpectSameMasks(const unsigned char* block) {
  const char* p = reinterpret_cast<const char*>(block);
  StringMasks a = ScalarKernel::StringStops(p), b = Simd128Kernel::StringStops(p);
  Expect(a.stops == b.stops && a.quotes == b.quotes && a.high == b.high, "StringStops of " + Hex(block, 32));
  Expect(ScalarKernel::Backslashes(p) == Simd128Kernel::Backslashes(p), "Backslashes of " + Hex(block, 32));
  BlockMasks c = ScalarKernel::Classify(p), d = Simd128Kernel::Classify(p);
  Expect(c.quote == d.quote && c.backslash == d.backslash && c.open == d.open && c.close == d.close,
         "Classify of " + Hex(block, 64));
  uint64_t bits = c.quote ^ (c.open << 1);
  Expect(ScalarKernel::PrefixParity(bits) == Simd128Kernel::PrefixParity(bits), "PrefixParity");
}

void Masks() {
  unsigned char block[64];
  std::memset(block, 'a', sizeof block);
  for (size_t at = 0; at < 64; ++at) {
    for (int byte = 0; byte < 256; ++byte) {
      block[at] = static_cast<unsigned char>(byte);
      ExpectSameMasks(block);
    }
    block[at] = 'a';
  }
  static const unsigned char kBytes[] = {'"', '\\', '{', '}', '[', ']', 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xFF, 'a', ' '};
  std::mt19937 rng(7);
  for (int round = 0; round < 20000; ++round) {
    for (unsigned char& b : block) b = kBytes[rng() % sizeof kBytes];
    ExpectSameMasks(block);
  }
}

// Copies `input` to the last bytes of the module's memory, which cannot grow (js/BUILD
// links this program with a fixed size, far more than it allocates): past the
// allocator's break, so nothing else uses them, and reading a byte past them traps.
std::string_view AtMemoryEnd(const std::string& input) {
  char* end = reinterpret_cast<char*>(__builtin_wasm_memory_size(0) * 65536);
  char* at = end - input.size();
  Expect(static_cast<char*>(sbrk(0)) < at, "the allocator stays below the text at the end of memory");
  std::memcpy(at, input.data(), input.size());
  return std::string_view(at, input.size());
}

using Outcome = testing::KernelOutcome;

// Padded, or unpadded at the very end of memory.
Outcome Parse(const Kernel& kernel, const std::string& input, const ParseOptions& options, bool padded) {
  return testing::ParseWithKernel(kernel, input, options, padded ? std::string_view() : AtMemoryEnd(input));
}

void ExpectSame(const Outcome& a, const Outcome& b, const std::string& what) {
  Expect(a.ok == b.ok, "ok of " + what);
  if (a.ok) {
    Expect(a.document->root().Equals(b.document->root()), "document of " + what);
  } else {
    Expect(a.message == b.message && a.offset == b.offset, "error of " + what + ": " + a.message + " / " + b.message);
  }
}

void Parses() {
  Expect(std::string(ActiveKernel().name) == "simd128", "the active kernel is simd128");
  ParseOptions skipping;
  skipping.skip_top_level_keys = {"skip"};
  std::mt19937 rng(19);
  int valid = 0;
  for (int round = 0; round < 1500; ++round) {
    const std::string text = testing::RandomJsonText(rng);
    const std::string cut = text.substr(0, rng() % text.size());
    for (const std::string& input : {text, cut}) {
      for (const ParseOptions& options : {ParseOptions{}, skipping}) {
        Outcome scalar = Parse(kScalarKernel, input, options, true);
        valid += scalar.ok;
        ExpectSame(scalar, Parse(kSimd128Kernel, input, options, true), "simd128 on " + input);
        ExpectSame(scalar, Parse(kSimd128Kernel, input, options, false), "simd128 unpadded on " + input);
      }
    }
    // The skipper from the array's start, to the text's end at the end of memory.
    const size_t begin = text.find('[');
    const char* at = AtMemoryEnd(cut).data();
    if (begin < cut.size()) {
      Expect(kScalarKernel.skip_container(at, begin, cut.size()) == kSimd128Kernel.skip_container(at, begin, cut.size()),
             "skip_container of " + cut);
    }
  }
  // Both kinds of text were tried (most are invalid, as in kernel_test).
  Expect(valid > 20 && valid < 3000, "valid texts: " + std::to_string(valid));
}

}  // namespace
}  // namespace planview::structured::internal

int main() {
  planview::structured::internal::Masks();
  planview::structured::internal::Parses();
  std::printf("ok: %ld checks\n", planview::structured::internal::checks);
  return 0;
}
