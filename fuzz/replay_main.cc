// Replays saved inputs through a fuzz target, as a GoogleTest test: every file under the
// directories given on the command line (relative to the runfiles root) goes through the
// target's LLVMFuzzerTestOneInput once. A crash, a sanitizer report (under
// --config=asan) or a failed invariant fails the test. Used for the regression inputs in
// testdata/fuzz/<target>/.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

std::vector<std::string>& Directories() {
  static std::vector<std::string> dirs;
  return dirs;
}

TEST(FuzzReplay, EverySavedInput) {
  ASSERT_FALSE(Directories().empty()) << "no directory of inputs given";
  for (const std::string& dir : Directories()) {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
      if (entry.is_regular_file() && entry.path().filename() != "BUILD") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    ASSERT_FALSE(files.empty()) << dir << " holds no inputs";
    for (const auto& file : files) {
      std::ifstream in(file, std::ios::binary);
      std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      std::fprintf(stderr, "replay %s (%zu bytes)\n", file.c_str(), bytes.size());
      LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    }
    std::printf("%s: %zu inputs replayed\n", dir.c_str(), files.size());
  }
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  if (LLVMFuzzerInitialize != nullptr) LLVMFuzzerInitialize(&argc, &argv);
  for (int i = 1; i < argc; ++i) Directories().emplace_back(argv[i]);
  return RUN_ALL_TESTS();
}
