// The C API against the `planview` binary: the same bytes and options give the same
// output, messages and status; misuse of the call is a usage error; the changes walk.
#include "capi/planview.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "cmd/testing/run_process.h"
#include "renderer/testing/golden.h"
#include "structured/testing/guarded_bytes.h"

namespace {

using planview::cmd::testing::ProcessResult;
using planview::renderer::testing::ReadFile;

constexpr char kPlan[] = "testdata/examples/plan.json";
constexpr char kSchemas[] = "testdata/examples/schemas.json";
constexpr char kState[] = "testdata/conformance/equivalence/moved_with_drift/state.json";
constexpr char kLog[] = "testdata/conformance/equivalence/moved_with_drift/apply.jsonl";
constexpr char kPlanFile[] = "testdata/planfiles/solo/ARmrCode__gke-infrastructure-tf__root__8ef58fa2/plan.bin";

struct Rendered {
  int status = -1;
  std::string output;
  std::string messages;
};

// Reads a result and frees it.
Rendered Take(planview_result* r) {
  Rendered out;
  size_t len = 0;
  out.status = planview_result_status(r);
  const char* text = planview_result_output(r, &len);
  out.output.assign(text, len);
  EXPECT_EQ(text[len], '\0');
  text = planview_result_messages(r, &len);
  out.messages.assign(text, len);
  EXPECT_EQ(text[len], '\0');
  planview_result_free(r);
  return out;
}

Rendered Render(const std::string& input, const std::string* schemas, const std::vector<std::string>& args) {
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  return Take(planview_render(input.data(), input.size(), schemas ? schemas->data() : nullptr,
                              schemas ? schemas->size() : 0, argv.data(), argv.size()));
}

// The binary, with the input on standard input and the schemas (if any) as a file; its
// messages name that file as the library names the schemas it is given ("<schemas>").
Rendered Cli(const std::string& input, const char* schemas_file, std::vector<std::string> args) {
  if (schemas_file != nullptr) {
    args.push_back("--schemas");
    args.push_back(schemas_file);
  }
  args.push_back("-");
  ProcessResult p = planview::cmd::testing::RunPlanview(args, input);
  if (schemas_file != nullptr) {
    for (size_t at = 0; (at = p.err.find(schemas_file, at)) != std::string::npos;) {
      p.err.replace(at, std::strlen(schemas_file), "<schemas>");
    }
  }
  return {p.exit_code, p.out, p.err};
}

TEST(PlanviewCapiTest, SameBytesAsTheCli) {
  const std::string plan = ReadFile(kPlan), schemas = ReadFile(kSchemas);
  const std::vector<std::vector<std::string>> option_sets = {
      {},
      {"--format", "markdown"},
      {"--format", "json"},
      {"--format", "html"},
      {"--format", "github"},
      {"--product", "terraform"},
      {"--color", "always"},
      {"-no-color", "--width", "40"},
      {"--summary", "--verbose"},
      {"--summary-only", "--drift", "hide"},
      {"--action", "update", "--address", "*instance*"},
      {"--fail-on", "delete,replace,drift"},
      {"--protect", "*"},
      {"--mask", "ami-[0-9a-f]+", "--show-sensitive"},
      {"--safe-terminal"},
      {"--kind", "state"},
      {"--mode", "destroy", "--quality", "errored"},
      {"--bogus"},
      {"--format", "yaml"},
      {"--width", "0"},
      {"--max-input-bytes", "100"},
      {"--mask", "("},
      {"--show-sensitive", "--format", "markdown"},
      {"--help"},
      {"--version"},
  };
  for (const std::vector<std::string>& options : option_sets) {
    std::string what;
    for (const std::string& o : options) what += o + " ";
    SCOPED_TRACE(what);
    Rendered api = Render(plan, &schemas, options);
    Rendered cli = Cli(plan, kSchemas, options);
    EXPECT_EQ(api.status, cli.status);
    EXPECT_EQ(api.output, cli.output);
    EXPECT_EQ(api.messages, cli.messages);
    // Without schemas too.
    Rendered bare = Render(plan, nullptr, options);
    Rendered bare_cli = Cli(plan, nullptr, options);
    EXPECT_EQ(bare.status, bare_cli.status);
    EXPECT_EQ(bare.output, bare_cli.output);
    EXPECT_EQ(bare.messages, bare_cli.messages);
  }
}

TEST(PlanviewCapiTest, EveryKindOfInputAsTheCli) {
  const std::string schemas = ReadFile(kSchemas);
  const std::vector<std::string> inputs = {
      ReadFile(kState),
      ReadFile(kLog),
      ReadFile(kPlanFile),
      "",                          // empty
      "{\"format_version\":",      // truncated
      std::string("\x1f\x8b\x08\0", 4),  // gzip
      std::string("{\"a\":\0}", 7),      // a NUL in it
      "\x1b]0;title\x07{}",        // control characters
      std::string(100000, '['),    // deep nesting
  };
  for (size_t i = 0; i < inputs.size(); ++i) {
    SCOPED_TRACE(i);
    for (const std::vector<std::string>& options :
         std::vector<std::vector<std::string>>{{}, {"--format", "markdown"}, {"--product", "terraform", "--color", "always"}}) {
      Rendered api = Render(inputs[i], &schemas, options);
      Rendered cli = Cli(inputs[i], kSchemas, options);
      EXPECT_EQ(api.status, cli.status);
      EXPECT_EQ(api.output, cli.output);
      EXPECT_EQ(api.messages, cli.messages);
    }
  }
}

// The input is read where the caller has it, unpadded: bytes that end where an unreadable
// page begins (an over-read would fault) render as the binary renders them from a pipe,
// whole or cut anywhere (in a string, a number, a literal, between tokens).
TEST(PlanviewCapiTest, InputEndingAtAnUnreadablePage) {
  const std::string schemas = ReadFile(kSchemas);
  const std::string plan = ReadFile(kPlan);
  std::vector<std::string> inputs = {plan, ReadFile(kState), ReadFile(kLog), ReadFile(kPlanFile), "1", "\"a\"", "true",
                                     "{\"a\":[1,2]}", "{\"a\":\"\\u00e9"};
  for (size_t cut : {size_t{1}, size_t{64}, size_t{100}, size_t{4095}, size_t{4096}, plan.size() / 3, plan.size() - 2}) {
    inputs.push_back(plan.substr(0, cut));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    SCOPED_TRACE(i);
    planview::structured::testing::GuardedBytes guarded(inputs[i]);
    const std::string_view bytes = guarded.view();
    Rendered api = Take(planview_render(bytes.data(), bytes.size(), schemas.data(), schemas.size(), nullptr, 0));
    Rendered cli = Cli(inputs[i], kSchemas, {});
    EXPECT_EQ(api.status, cli.status);
    EXPECT_EQ(api.output, cli.output);
    EXPECT_EQ(api.messages, cli.messages);
  }
}

TEST(PlanviewCapiTest, SchemasInMemoryAreNamedSchemas) {
  const std::string plan = ReadFile(kPlan);
  const std::string bad = "{\"provider_schemas\": []}";
  Rendered r = Render(plan, &bad, {});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.output, "");
  EXPECT_EQ(r.messages.rfind("planview: <schemas>", 0), 0u) << r.messages;
  const std::string truncated = "{\"provider_schemas\": {";
  r = Render(plan, &truncated, {});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.messages.rfind("planview: <schemas>:1:", 0), 0u) << r.messages;
  const std::string schemas = ReadFile(kSchemas);
  r = Render(plan, &schemas, {"--max-input-bytes", "1000"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.messages, "planview: <schemas>: input is larger than 1000 bytes (the --max-input-bytes limit)\n");
}

TEST(PlanviewCapiTest, MisuseIsAUsageError) {
  const char* usage = "Run 'planview --help' for usage.\n";
  const char* null_arg[] = {"--format", nullptr};
  const char* file_arg[] = {"plan.json"};
  const char* schemas_arg[] = {"--schemas", "schemas.json"};
  const char* split_arg[] = {"--format", "markdown", "--split", "out"};
  const char* dash_arg[] = {"-"};
  struct Case {
    const void* input;
    size_t input_len;
    const void* schemas;
    size_t schemas_len;
    const char* const* args;
    size_t nargs;
    std::string message;
  } cases[] = {
      {nullptr, 5, nullptr, 0, nullptr, 0, "input is NULL but input_len is 5"},
      {"{}", 2, nullptr, 9, nullptr, 0, "schemas is NULL but schemas_len is 9"},
      {"{}", 2, nullptr, 0, nullptr, 3, "args is NULL but nargs is 3"},
      {"{}", 2, nullptr, 0, null_arg, 2, "args[1] is NULL"},
      {"{}", 2, nullptr, 0, file_arg, 1,
       "plan.json: the library reads no files: the input is the bytes given to planview_render"},
      {"{}", 2, nullptr, 0, schemas_arg, 2,
       "--schemas: the library reads no files: give the schemas' bytes to planview_render"},
      {"{}", 2, nullptr, 0, split_arg, 4, "--split writes files, which the library does not: render without it"},
      {"{}", 2, nullptr, 0, null_arg, SIZE_MAX / 2 + 1, "args[1] is NULL"},  // read up to the NULL only
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.message);
    Rendered r = Take(planview_render(c.input, c.input_len, c.schemas, c.schemas_len, c.args, c.nargs));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.output, "");
    EXPECT_EQ(r.messages, "planview: " + c.message + "\n" + usage);
  }
  // "-" is the input itself; NULL with length 0 is an empty input, as the CLI says it.
  Rendered dash = Take(planview_render("{}", 2, nullptr, 0, dash_arg, 1));
  Rendered dash_cli = Cli("{}", nullptr, {});
  EXPECT_EQ(dash.status, dash_cli.status);
  EXPECT_EQ(dash.output, dash_cli.output);
  EXPECT_EQ(dash.messages, dash_cli.messages);
  Rendered empty = Take(planview_render(nullptr, 0, nullptr, 0, nullptr, 0));
  Rendered empty_cli = Cli("", nullptr, {});
  EXPECT_EQ(empty.status, empty_cli.status);
  EXPECT_EQ(empty.messages, empty_cli.messages);
}

TEST(PlanviewCapiTest, NullResultAndChangeReadAsNothing) {
  size_t len = 99;
  EXPECT_EQ(planview_result_status(nullptr), 1);
  EXPECT_STREQ(planview_result_output(nullptr, &len), "");
  EXPECT_EQ(len, 0u);
  EXPECT_STREQ(planview_result_messages(nullptr, nullptr), "planview: out of memory\n");
  EXPECT_EQ(planview_result_change_count(nullptr), 0u);
  EXPECT_EQ(planview_result_change(nullptr, 0), nullptr);
  len = 99;
  EXPECT_STREQ(planview_change_address(nullptr, &len), "");
  EXPECT_EQ(len, 0u);
  EXPECT_STREQ(planview_change_diff(nullptr, nullptr), "");
  planview_result_free(nullptr);
}

TEST(PlanviewCapiTest, HugeArgumentsAndControlCharacters) {
  const std::string plan = ReadFile(kPlan);
  std::string huge(100000, 'x');  // within the kernel's limit on one argument of the CLI's
  Rendered r = Render(plan, nullptr, {"--address", huge});
  Rendered cli = Cli(plan, nullptr, {"--address", huge});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, cli.output);
  std::vector<std::string> many;
  for (int i = 0; i < 20000; ++i) many.push_back("--verbose");
  r = Render(plan, nullptr, many);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.output, Cli(plan, nullptr, {"--verbose"}).output);
  for (const std::string& bad : {std::string("--format\x1b[31m"), std::string("--width=\n7"), std::string("-\xff\xfe")}) {
    r = Render(plan, nullptr, {bad});
    cli = Cli(plan, nullptr, {bad});
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.messages, cli.messages);
    EXPECT_EQ(r.messages.find('\x1b'), std::string::npos) << r.messages;
  }
}

TEST(PlanviewCapiTest, ManyThreadsAtOnce) {
  const std::string plan = ReadFile(kPlan), schemas = ReadFile(kSchemas), state = ReadFile(kState);
  struct Job {
    const std::string* input;
    std::vector<std::string> args;
    Rendered expected = {};
  };
  std::vector<Job> jobs = {{&plan, {}}, {&plan, {"--format", "json"}}, {&state, {"--color", "always"}},
                           {&plan, {"--bogus"}}, {&plan, {"--format", "markdown", "--mask", "i-[0-9a-f]+"}}};
  for (Job& job : jobs) job.expected = Render(*job.input, &schemas, job.args);
  std::vector<std::thread> threads;
  std::vector<int> wrong(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 6; ++round) {
        const Job& job = jobs[(t + round) % jobs.size()];
        Rendered got = Render(*job.input, &schemas, job.args);
        if (got.status != job.expected.status || got.output != job.expected.output ||
            got.messages != job.expected.messages) {
          ++wrong[t];
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(wrong[t], 0) << "thread " << t;
}

// Each change: address, previous address, action, reason, deposed key, then its diff.
std::string DumpChanges(const planview_result* r) {
  std::string out;
  for (size_t i = 0; i < planview_result_change_count(r); ++i) {
    const planview_change* c = planview_result_change(r, i);
    out += std::string("address: ") + planview_change_address(c, nullptr) + "\n";
    out += std::string("previous_address: ") + planview_change_previous_address(c, nullptr) + "\n";
    out += std::string("action: ") + planview_change_action(c, nullptr) + "\n";
    out += std::string("action_reason: ") + planview_change_action_reason(c, nullptr) + "\n";
    out += std::string("deposed: ") + planview_change_deposed(c, nullptr) + "\n";
    out += std::string("diff:\n") + planview_change_diff(c, nullptr) + "\n--\n";
  }
  return out;
}

TEST(PlanviewCapiTest, ChangesWalk) {
  const std::string plan = ReadFile(kPlan), schemas = ReadFile(kSchemas);
  for (const std::vector<std::string>& options :
       std::vector<std::vector<std::string>>{{}, {"--format", "markdown"}, {"--action", "create"}, {"--fail-on", "drift"}}) {
    std::vector<const char*> argv;
    for (const std::string& a : options) argv.push_back(a.c_str());
    planview_result* r =
        planview_render_changes(plan.data(), plan.size(), schemas.data(), schemas.size(), argv.data(), argv.size());
    const std::string dump = DumpChanges(r);
    EXPECT_EQ(dump, ReadFile("testdata/capi/example_changes.txt"));
    if (const char* dir = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR"); dir != nullptr) {
      std::ofstream(std::string(dir) + "/example_changes.txt", std::ios::binary) << dump;  // to review a change
    }
    EXPECT_EQ(planview_result_change(r, planview_result_change_count(r)), nullptr);
    // The same output, messages and status as planview_render.
    Rendered with = Take(r);
    Rendered without = Render(plan, &schemas, options);
    EXPECT_EQ(with.status, without.status);
    EXPECT_EQ(with.output, without.output);
    EXPECT_EQ(with.messages, without.messages);
  }
  // Each diff is the text output's block for it.
  planview_result* r = planview_render_changes(plan.data(), plan.size(), schemas.data(), schemas.size(), nullptr, 0);
  size_t len = 0;
  std::string output = planview_result_output(r, &len);
  for (size_t i = 0; i < planview_result_change_count(r); ++i) {
    std::string diff = planview_change_diff(planview_result_change(r, i), nullptr);
    if (!diff.empty()) {
      EXPECT_NE(output.find(diff + "\n"), std::string::npos) << diff;
    }
  }
  planview_result_free(r);
  // A state, a log and a failure have none.
  for (const std::string& input : {ReadFile(kState), ReadFile(kLog), std::string("{")}) {
    r = planview_render_changes(input.data(), input.size(), nullptr, 0, nullptr, 0);
    EXPECT_EQ(planview_result_change_count(r), 0u);
    planview_result_free(r);
  }
}

TEST(PlanviewCapiTest, Version) {
  EXPECT_EQ(planview_api_version(), PLANVIEW_API_VERSION);
  const char* args[] = {"--version"};
  Rendered r = Take(planview_render(nullptr, 0, nullptr, 0, args, 1));
  EXPECT_EQ(r.output.rfind(std::string("planview ") + planview_version() + " (commit ", 0), 0u) << r.output;
}

}  // namespace
