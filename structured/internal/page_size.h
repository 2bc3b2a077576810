// The size of a memory page, looked up once (4096 when the system will not say).
#ifndef PLANVIEW_STRUCTURED_INTERNAL_PAGE_SIZE_H_
#define PLANVIEW_STRUCTURED_INTERNAL_PAGE_SIZE_H_

#include <cstddef>

namespace planview::structured::internal {

size_t PageSize();

}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_PAGE_SIZE_H_
