// `planview FILE --schemas S [options]` through the C API: the file and the schemas are
// mapped and read in (a caller's bytes in memory, as the API takes them), the result's
// output goes to standard output and its messages to standard error, and the exit status
// is the result's. Timed whole-process against the binary on the same plan
// (bench/README.md, the C API section).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string_view>
#include <vector>

#include "capi/planview.h"

namespace {

// The file's bytes, mapped read-only and read in (MAP_POPULATE: bytes a caller has in
// memory), nullptr, 0 for an empty file; false if unreadable.
bool Map(const char* path, const void*& data, size_t& size) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  struct stat info {};
  if (fd < 0 || fstat(fd, &info) != 0) return false;
  size = static_cast<size_t>(info.st_size);
  data = size == 0 ? nullptr : mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  close(fd);
  return data != MAP_FAILED;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: render_bench FILE [--schemas S] [planview options]\n");
    return 2;
  }
  const void* input = nullptr;
  const void* schemas = nullptr;
  size_t input_len = 0, schemas_len = 0;
  std::vector<const char*> args;
  for (int i = 2; i < argc; ++i) {
    if (std::string_view(argv[i]) == "--schemas" && i + 1 < argc) {
      if (!Map(argv[++i], schemas, schemas_len)) return 1;
      continue;
    }
    args.push_back(argv[i]);
  }
  if (!Map(argv[1], input, input_len)) return 1;
  planview_result* r = planview_render(input, input_len, schemas, schemas_len, args.data(), args.size());
  size_t len = 0;
  const char* text = planview_result_output(r, &len);
  std::fwrite(text, 1, len, stdout);
  text = planview_result_messages(r, &len);
  std::fwrite(text, 1, len, stderr);
  const int status = planview_result_status(r);
  planview_result_free(r);
  return status;
}
