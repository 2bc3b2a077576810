#include "structured/internal/page_size.h"

#include <unistd.h>

namespace planview::structured::internal {

size_t PageSize() {
  static const size_t page = [] {
    const long size = sysconf(_SC_PAGESIZE);
    return size > 0 ? static_cast<size_t>(size) : size_t{4096};
  }();
  return page;
}

}  // namespace planview::structured::internal
