// Every presenter (a format, or text with --summary, --verbose or a filter) diffs the
// resource changes a batch at a time (renderer/change_diffs.h)
// and writes its output to the sink as it goes. These check, on a generated plan of about a
// hundred changes (more than one batch) and on its drift, that the output and warnings
// streamed from two threads are byte for byte those of the same presenter on one thread
// with its output returned whole: each format, concise and --verbose, with and without a
// filter, for Markdown budgets from one that lists almost everything to one that holds the
// whole comment; and that the text presenter streamed writes what `tofu show`'s text with
// every diff computed first (no presenter) does.
#include <string>
#include <vector>

#include <fmt/format.h>

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

  // Through `format`'s presenter: streamed (two threads, the output sent to a sink as it
  // goes), or on this thread with the output returned whole.
  static Rendered Render(const FormatOptions& format, bool streamed, const std::string* plan = plan_) {
    DocumentRequest request;
    ApplyFormat(format, request);
    return Run(request, streamed, plan);
  }

  // `tofu show`'s text, streamed through the text presenter, or with every diff computed
  // first, on this thread, and no presenter.
  static Rendered RenderText(bool verbose, bool presenter, const std::string* plan) {
    DocumentRequest request;
    request.options.verbose = verbose;
    if (presenter) {
      request.plan_presenter = [](const PlanContext& context, std::string& out) {
        formats::RenderText(context, FormatOptions(), out);
      };
    }
    return Run(request, presenter, plan);
  }

  static Rendered Run(DocumentRequest& request, bool streamed, const std::string* plan) {
    request.schemas = schemas_;
    Rendered r;
    base::Executor executor(2);
    if (streamed) {
      request.executor = &executor;
      request.sink = [&r](std::string_view chunk) {
        r.output += chunk;
        ++r.chunks;
      };
    }
    DocumentResult result = RenderDocument(*plan, "plan.json", request);
    EXPECT_TRUE(result.ok) << result.error;
    r.output += result.output;
    r.warnings = result.warnings.messages();
    return r;
  }

  static void ExpectSame(const FormatOptions& format, std::string_view what) {
    Rendered whole = Render(format, false);
    Rendered streamed = Render(format, true);
    EXPECT_EQ(testing::Mismatch(whole.output, streamed.output), "") << what;
    EXPECT_EQ(whole.warnings, streamed.warnings) << what;
    EXPECT_GT(whole.output.size(), 900u) << what;  // not trivially empty
  }

  // The text presenter streamed against every diff held: the same text; the same warnings
  // but those of the no-op changes whose address starts with `no_op_prefix` (not shown, so
  // streamed they are not diffed).
  static void ExpectTextAsHeld(bool verbose, const std::string* plan, std::string_view no_op_prefix = {}) {
    Rendered held = RenderText(verbose, false, plan);
    Rendered streamed = RenderText(verbose, true, plan);
    EXPECT_EQ(testing::Mismatch(held.output, streamed.output), "") << verbose;
    std::vector<std::string> shown;
    for (const std::string& w : held.warnings) {
      if (no_op_prefix.empty() || !w.starts_with(no_op_prefix)) shown.push_back(w);
    }
    EXPECT_EQ(shown, streamed.warnings) << verbose;
    EXPECT_GT(held.output.size(), 900u) << verbose;  // not trivially empty
  }

  static std::string* plan_;
  static structured::ProviderSchemas* schemas_;
};

std::string* StreamedFormats::plan_ = nullptr;
structured::ProviderSchemas* StreamedFormats::schemas_ = nullptr;

TEST_F(StreamedFormats, TextAsIfEveryDiffWereHeld) {
  for (bool verbose : {false, true}) ExpectTextAsHeld(verbose, plan_);
}

TEST_F(StreamedFormats, EveryFormatStreamedAsOnOneThread) {
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

// PlanEmpty diffs the leading no-op changes (several batches) before the drift is
// written, and keeps the diffs of the batch that ends it from the first change that is not
// a no-op on: Render takes those (here "changed" and "odd", whose diff warns) instead of
// diffing them again. The output and the shown changes' warnings stay those of every diff
// held (text), and streamed are those of one thread (every format).
TEST_F(StreamedFormats, LeadingNoOpChanges) {
  std::string plan = R"({"format_version": "1.2", "terraform_version": "1.9.0", "resource_drift": [)";
  auto change = [](std::string_view name, std::string_view actions, std::string_view before, std::string_view after) {
    return fmt::format(
        R"({{"address": "aws_route53_record.{0}", "mode": "managed", "type": "aws_route53_record", "name": "{0}",)"
        R"( "provider_name": "registry.opentofu.org/hashicorp/aws", "change": {{"actions": [{1}],)"
        R"( "before": {2}, "after": {3}, "after_unknown": {{}}, "before_sensitive": {{}}, "after_sensitive": {{}}}}}})",
        name, actions, before, after);
  };
  constexpr std::string_view kRecord = R"({"name": "a.example.com", "type": "A", "zone_id": "Z1", "ttl": 300})";
  constexpr std::string_view kChanged = R"({"name": "a.example.com", "type": "A", "zone_id": "Z1", "ttl": 60})";
  constexpr std::string_view kOdd = R"({"name": "a.example.com", "type": "A", "zone_id": "Z1", "ttl": "x", "no": 1})";
  plan += change("drifted", R"("update")", kRecord, kChanged);
  plan += R"(], "resource_changes": [)";
  const size_t leading = 300;  // "changed" is in the middle of a batch
  for (size_t i = 0; i < leading; ++i) {
    // Some do not fit the schema: their diffs warn.
    std::string_view value = i % 50 == 7 ? kOdd : kRecord;
    plan += change(fmt::format("a{}", i), R"("no-op")", value, value) + ",";  // sorted first
  }
  plan += change("changed", R"("update")", kRecord, kChanged) + ",";
  plan += change("odd", R"("update")", kOdd, kChanged) + "],";
  // The drift is shown (so PlanEmpty is asked) when the plan reads what drifted.
  plan += R"("relevant_attributes": [{"resource": "aws_route53_record.drifted", "attribute": ["ttl"]}]})";
  for (OutputFormat f : OutputFormat::All()) {
    for (bool verbose : {false, true}) {
      FormatOptions format;
      format.format = f;
      format.summary = f == OutputFormat::kText;
      format.verbose = verbose;
      Rendered whole = Render(format, false, &plan);
      Rendered streamed = Render(format, true, &plan);
      EXPECT_EQ(testing::Mismatch(whole.output, streamed.output), "") << f.name();
      // The presenters do not show a no-op change, so they do not warn about one.
      EXPECT_EQ(whole.warnings, streamed.warnings) << f.name();
      EXPECT_EQ(streamed.warnings.size(), 1u) << f.name();  // the change "odd"'s
      EXPECT_NE(whole.output.find("changed"), std::string::npos) << f.name();
    }
  }
  // Held, the no-op changes are diffed and warn too.
  for (bool verbose : {false, true}) ExpectTextAsHeld(verbose, &plan, "aws_route53_record.a");
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
