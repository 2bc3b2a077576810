#include "structured/json_skip.h"

#include "structured/internal/kernels/kernel.h"

namespace planview::structured::internal {

size_t SkipContainer(const char* text, size_t begin, size_t size) {
  return ActiveKernel().skip_container(text, begin, size);
}

}  // namespace planview::structured::internal
