// Fuzz target: the saved-plan-file reader (planfile::ReadPlanFile, as `planview PLANFILE`
// and `planview convert` run it).
//
// Input: a first byte 'Z' makes the rest the whole file (ZIP level: headers, sizes,
// compression); 'S' makes the rest the `tfstate` member (the prior state, a state JSON)
// beside a small valid `tfplan`; anything else makes the rest the `tfplan` member, stored
// in a ZIP archive around it (so mutations reach the protobuf message, its msgpack values
// and the state instead of breaking the archive's checksums).
//
// Checks: an error is one non-empty line, the same on two threads; a plan file read gives
// JSON that parses, reads the same a second time and on two threads, and renders (or
// fails in one line naming the file) as `planview` would render it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "base/executor.h"
#include "fuzz/fuzz_support.h"
#include "fuzz/render_check.h"
#include "planfile/plan_file.h"
#include "planfile/testing/plan_file_writer.h"
#include "structured/json_parse.h"

namespace {

// ReadPlanFile with the tfplan message's changes parsed, their values decoded and their
// runs grafted on two threads.
planview::base::Expected<planview::planfile::PlanFile> ReadOnThreads(const std::string& file,
                                                                    planview::planfile::ReadOptions options) {
  static planview::base::Executor executor(2);
  options.executor = &executor;
  return planview::planfile::ReadPlanFile(file, options);
}

void CheckInput(const std::string& input) {
  const size_t size = input.size();
  if (input.empty()) return;
  std::string file;
  if (input[0] == 'Z') {
    file = input.substr(1);
  } else if (input[0] == 'S') {
    static const std::string tfplan = [] {
      planview::base::Expected<std::string> made = planview::planfile::testing::TfplanFromJson(
          R"({"format_version":"1.2","terraform_version":"1.9.6"})", nullptr);
      return made ? *made : std::string();
    }();
    file = planview::planfile::testing::ZipArchiveOf({{"tfplan", tfplan}, {"tfstate", input.substr(1)}}, false);
  } else {
    file = planview::planfile::testing::ZipArchiveOf({{"tfplan", input.substr(1)}}, false);
  }
  planview::planfile::ReadOptions options;
  options.max_inflated_bytes = 8 << 20;
  planview::base::Expected<planview::planfile::PlanFile> read = planview::planfile::ReadPlanFile(file, options);
  if (!read) {
    const std::string& error = read.error().message;
    PLANVIEW_FUZZ_CHECK(!error.empty() && error.find('\n') == std::string::npos, size);
    // On threads the same error (the lowest failing change's, whatever the timing).
    planview::base::Expected<planview::planfile::PlanFile> on_threads = ReadOnThreads(file, options);
    PLANVIEW_FUZZ_CHECK(!on_threads && on_threads.error().message == error, size);
    return;
  }
  PLANVIEW_FUZZ_CHECK(read->sensitivity_notice.find('\n') == std::string::npos, size);
  // The document, built directly, is what its own text parses to.
  const std::string json = read->Json();
  auto parsed = planview::structured::ParseJson(json);
  PLANVIEW_FUZZ_CHECK(parsed.ok() && parsed.value()->root().Equals(read->document->root()), size);
  planview::base::Expected<planview::planfile::PlanFile> again = planview::planfile::ReadPlanFile(file, options);
  PLANVIEW_FUZZ_CHECK(again && again->Json() == json, size);
  // On threads (the tfplan message's changes parsed, their values decoded, runs grafted
  // there) the same document.
  planview::base::Expected<planview::planfile::PlanFile> on_threads = ReadOnThreads(file, options);
  PLANVIEW_FUZZ_CHECK(on_threads && on_threads->Json() == json, size);
  planview::fuzz::RenderAndCheck(json, nullptr, "");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string input(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] { CheckInput(input); });
  return 0;
}
