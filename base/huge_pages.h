// Asking the kernel for huge pages under a big buffer that is about to be written front to
// back (an input read in, an inflated member, a growing document): one fault per 2 MiB
// instead of one per 4 KiB. Only advice: where the system has no such advice it does nothing.
#ifndef PLANVIEW_BASE_HUGE_PAGES_H_
#define PLANVIEW_BASE_HUGE_PAGES_H_

#include <cstddef>
#include <cstdint>

namespace planview::base {

inline constexpr uintptr_t kHugePageBytes = uintptr_t{2} << 20;

// The whole huge pages inside [address, address + size): begin and end, both multiples of
// kHugePageBytes; begin == end when there is none.
struct HugePageSpan {
  uintptr_t begin = 0;
  uintptr_t end = 0;
};
HugePageSpan WholeHugePages(uintptr_t address, size_t size);

// Advises huge pages for the whole huge pages of [data, data + size).
void AdviseHugePages(void* data, size_t size);

}  // namespace planview::base

#endif  // PLANVIEW_BASE_HUGE_PAGES_H_
