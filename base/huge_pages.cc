#include "base/huge_pages.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace planview::base {

HugePageSpan WholeHugePages(uintptr_t address, size_t size) {
  const uintptr_t begin = (address + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  const uintptr_t end = (address + size) & ~(kHugePageBytes - 1);
  if (end <= begin) return {};
  return {begin, end};
}

void AdviseHugePages([[maybe_unused]] void* data, [[maybe_unused]] size_t size) {
#if defined(MADV_HUGEPAGE)
  const HugePageSpan span = WholeHugePages(reinterpret_cast<uintptr_t>(data), size);
  if (span.end > span.begin) madvise(reinterpret_cast<void*>(span.begin), span.end - span.begin, MADV_HUGEPAGE);
#endif
}

}  // namespace planview::base
