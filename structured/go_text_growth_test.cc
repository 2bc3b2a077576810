// AppendGoQuoted appending to a long text, in WebAssembly (js/BUILD runs this program in
// Node): the text's capacity must grow geometrically, as append's does. libc++ (the
// WebAssembly build's library) reserves exactly what it is asked, so a reserve of "the
// size so far plus this string" before every append copied the whole text each time: a
// list of 100,000 strings took 12 s to render. Natively libstdc++ grows geometrically
// whatever it is asked, so only this build can show the fault.
// Prints the first failure and exits 1; prints "ok" and the counts.
#include <cstdio>
#include <string>

#include "structured/go_text.h"

int main() {
  constexpr int kStrings = 100000;
  std::string out;
  int reallocations = 0;
  for (int i = 0; i < kStrings; ++i) {
    const size_t capacity = out.capacity();
    planview::structured::AppendGoQuoted(out, i % 7 == 0 ? "tab\there" : "item-000000");
    out += ", ";
    if (out.capacity() != capacity) ++reallocations;
  }
  // Doubling from libc++'s 22 bytes to ~1.5 MB takes some 17 steps.
  if (reallocations > 64) {
    std::printf("FAIL %d of %d appends grew the text's capacity (geometric growth: under 64)\n", reallocations,
                kStrings);
    return 1;
  }
  if (out.compare(0, 17, "\"tab\\there\", \"ite") != 0) {
    std::printf("FAIL the text starts %s\n", out.substr(0, 17).c_str());
    return 1;
  }
  std::printf("ok: %d appends, %d reallocations, %zu bytes\n", kStrings, reallocations, out.size());
  return 0;
}
