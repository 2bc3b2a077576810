// Every presenter (a format, or text with --summary, --verbose or a filter) diffs the
// resource changes a batch at a time (renderer/change_diffs.h)
// and writes its output to the sink as it goes. These check, on a generated plan of about a
// hundred changes (more than one batch) and on its drift, that the streamed output and
// warnings are byte for byte those of the same presenter given every diff at once: each
// format, concise and --verbose, with and without a filter, for Markdown budgets from one
// that lists almost everything to one that holds the whole comment.
#include <string>
#include <vector>

#include "base/executor.h"
#include "bench/plan_generator.h"
#include "gtest/gtest.h"
#include "renderer/formats/filter.h"
#include "renderer/formats/output_format.h"
#include "renderer/formats/presenter.h"
#include "renderer/render_document.h"
#include "renderer/testing/golden.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::renderer::formats {
namespace {

struct Rendered {
  std::string output;
  std::vector<std::string> warnings;
  size_t chunks = 0;  // calls of the sink
};

class StreamedFormats : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    bench::PlanGeneratorOptions generate;
    generate.target_bytes = 800'000;
    generate.seed = 5;
    bench::PlanStats stats;
    plan_ = new std::string(bench::GeneratePlanText(generate, &stats));
    ASSERT_GT(stats.instances, 64u);  // ChangeDiffs' batch
    ASSERT_GT(stats.drifted, 0u);
    structured::ParseResult parsed = structured::ParseJson(bench::GenerateSchemasText());
    ASSERT_TRUE(parsed.ok());
    base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
    ASSERT_TRUE(schemas);
    schemas_ = new structured::ProviderSchemas(std::move(*schemas));
  }

  static Rendered Render(const FormatOptions& format, bool streamed, const std::string* plan = plan_) {
    DocumentRequest request;
    request.schemas = schemas_;
    ApplyFormat(format, request);
    EXPECT_TRUE(request.plan_presenter_streams);
    Rendered r;
    base::Executor executor(2);
    if (streamed) {
      request.executor = &executor;
      request.sink = [&r](std::string_view chunk) {
        r.output += chunk;
        ++r.chunks;
      };
    } else {
      request.plan_presenter_streams = false;  // every diff computed first, on this thread
    }
    DocumentResult result = RenderDocument(*plan, "plan.json", request);
    EXPECT_TRUE(result.ok) << result.error;
    r.output += result.output;
    r.warnings = result.warnings.messages();
    return r;
  }

  static void ExpectSame(const FormatOptions& format, std::string_view what) {
    Rendered held = Render(format, false);
    Rendered streamed = Render(format, true);
    EXPECT_EQ(testing::Mismatch(held.output, streamed.output), "") << what;
    EXPECT_EQ(held.warnings, streamed.warnings) << what;
    EXPECT_GT(held.output.size(), 900u) << what;  // not trivially empty
  }

  static std::string* plan_;
  static structured::ProviderSchemas* schemas_;
};

std::string* StreamedFormats::plan_ = nullptr;
structured::ProviderSchemas* StreamedFormats::schemas_ = nullptr;

TEST_F(StreamedFormats, EveryFormatAsIfEveryDiffWereHeld) {
  for (OutputFormat f : OutputFormat::All()) {
    for (bool verbose : {false, true}) {
      for (bool filtered : {false, true}) {
        FormatOptions format;
        format.format = f;
        format.summary = f == OutputFormat::kText;  // text with planview's options is a presenter too
        format.verbose = verbose;
        if (filtered) format.filter.actions = {ActionCategory::kUpdate, ActionCategory::kDelete};
        ExpectSame(format, std::string(f.name()) + (verbose ? " verbose" : "") + (filtered ? " filtered" : ""));
      }
    }
  }
}

TEST_F(StreamedFormats, MarkdownBudgets) {
  for (size_t bytes : {size_t{1024}, size_t{9000}, size_t{65536}, size_t{1} << 30}) {
    for (bool verbose : {false, true}) {
      FormatOptions format;
      format.format = OutputFormat::kMarkdown;
      format.max_bytes = bytes;
      format.verbose = verbose;
      ExpectSame(format, "markdown " + std::to_string(bytes) + (verbose ? " verbose" : ""));
    }
  }
}

// A large document leaves in chunks of about a megabyte while it is written, not in one
// piece at the end.
TEST_F(StreamedFormats, LargeOutputLeavesInChunks) {
  bench::PlanGeneratorOptions generate;
  generate.target_bytes = 2'500'000;
  generate.seed = 6;
  const std::string plan = bench::GeneratePlanText(generate);
  FormatOptions format;
  format.format = OutputFormat::kJson;
  Rendered r = Render(format, true, &plan);
  EXPECT_GT(r.output.size(), size_t{1} << 20);
  EXPECT_GE(r.chunks, 2u);  // a megabyte's worth before the end, then the rest
}

}  // namespace
}  // namespace planview::renderer::formats
