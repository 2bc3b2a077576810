#include "cmd/heap_reuse.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace planview::cmd {

void ReuseFreedHeap() {
#if defined(__GLIBC__)
  // Both are set: a fixed trim threshold alone turns off glibc's own raising of the map
  // threshold, and every block of 128 KiB and more would be mapped.
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
  mallopt(M_TRIM_THRESHOLD, 16 << 20);
#endif
}

}  // namespace planview::cmd
