// How `planview` behaves as a program: detection, flags, colour and width choices, and what
// it does with inputs it cannot render (not JSON, empty, truncated, schemas for other
// providers). Runs the real binary, plus RunPlanview in-process where a terminal is needed.
#include <cstdio>
#include <string>
#include <vector>

#include "cmd/planview_cli.h"
#include "cmd/testing/run_process.h"
#include "gtest/gtest.h"
#include "renderer/testing/golden.h"
#include "structured/json_value.h"

namespace planview::cmd {
namespace {

using testing::ProcessResult;
using testing::RunPlanview;
using testing::WriteTempFile;

constexpr char kBasic[] = "testdata/conformance/equivalence/basic_list";

int Lines(const std::string& text) {
  int n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(Cli, RendersAPlanWithSchemas) {
  ProcessResult r = RunPlanview({std::string(kBasic) + "/plan.json", "--schemas", std::string(kBasic) + "/schemas.json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, renderer::testing::ReadFile(std::string(kBasic) + "/plan.txt"));
  EXPECT_EQ(r.err, "");
}

// The example the README runs.
TEST(Cli, RendersTheBundledExample) {
  ProcessResult r = RunPlanview({"testdata/examples/plan.json", "--schemas", "testdata/examples/schemas.json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, renderer::testing::ReadFile("testdata/examples/plan.txt"));
}

TEST(Cli, ReadsStandardInput) {
  std::string plan = renderer::testing::ReadFile(std::string(kBasic) + "/plan.json");
  ProcessResult r = RunPlanview({"-", "--schemas", std::string(kBasic) + "/schemas.json"}, plan);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, renderer::testing::ReadFile(std::string(kBasic) + "/plan.txt"));
}

// Refused from its first bytes (cmd/document_input.h), not parsed.
TEST(Cli, NotJsonIsOneErrorLine) {
  std::string file = WriteTempFile("notes.txt", "these are not the droids\n");
  ProcessResult r = RunPlanview({file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_EQ(r.err, "planview: " + file + ": data starting \"these are not the droids\"..., not a plan, state or log: "
                   "give a saved plan file (tofu plan -out) or the JSON of `tofu show -json`\n");
}

// Data that starts as JSON would but then holds a NUL byte or invalid UTF-8 among its
// first 512 bytes is refused from a pipe once more than 1 MiB follows, not read to the
// --max-input-bytes limit first (an endless stream of noise that happens to start with
// `{` or `[`). Shorter input gets the parser's message, as the same bytes in a file do.
TEST(Cli, NoiseStartingLikeJsonIsRefusedFromItsFirstBytes) {
  const std::string advice = ", not a plan, state or log: give a saved plan file (tofu plan -out) or the JSON of "
                             "`tofu show -json`\n";
  std::string nul = "{\"format_version\": \"1.2\", " + std::string(70, 'x');
  nul += '\0';
  nul += std::string(2 << 20, 'y');
  ProcessResult r = RunPlanview({"-"}, nul);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "planview: <stdin>: binary data (a NUL byte at byte 96)" + advice);
  ProcessResult bad_utf8 = RunPlanview({"-"}, "  [1, \"\xff\"" + std::string(2 << 20, ' ') + "]");
  EXPECT_EQ(bad_utf8.exit_code, 1);
  EXPECT_EQ(bad_utf8.err, "planview: <stdin>: binary data (invalid UTF-8 at byte 7)" + advice);
  // The same kinds of bytes in a shorter input: what the same bytes in a file get (the
  // parser's message for the invalid UTF-8, with its line and column).
  for (std::string text : {"  [1, \"\xff\"" + std::string(100000, ' ') + "]",
                           "{\"format_version\": \"1.2\", \"a\": \"" + std::string(70, 'x') + '\0' +
                               std::string(100000, 'y') + "\"}"}) {
    std::string file = WriteTempFile("short_binary.json", text);
    ProcessResult from_file = RunPlanview({file});
    ProcessResult piped = RunPlanview({"-"}, text);
    EXPECT_EQ(piped.exit_code, 1);
    std::string file_err = from_file.err;
    file_err.replace(file_err.find(file), file.size(), "<stdin>");
    EXPECT_EQ(piped.err, file_err);
    EXPECT_EQ(piped.exit_code, from_file.exit_code);
  }
  EXPECT_EQ(RunPlanview({"-"}, "  [1, \"\xff\"" + std::string(100000, ' ') + "]").err,
            "planview: <stdin>:1:8: invalid UTF-8 at $[1] (byte 7)\n");
  // Endless: without the refusal this reads 4 GiB.
  ProcessResult endless = testing::RunProcess("/bin/sh", {"-c", "{ printf '['; exec cat /dev/urandom; } | cmd/planview -"});
  EXPECT_EQ(endless.exit_code, 1);
  EXPECT_TRUE(endless.err.starts_with("planview: <stdin>: binary data (")) << endless.err;
  // A multi-byte sequence cut by the window's end is not invalid; a whole short document
  // with a NUL is the parser's to name, as before.
  std::string cut = "[\"" + std::string(508, 'a') + "\xE2\x82\xAC\"]";
  ProcessResult cut_ok = RunPlanview({"-", "--format", "json"}, cut);
  EXPECT_EQ(cut_ok.err.find("binary data"), std::string::npos) << cut_ok.err;
  ProcessResult short_nul = RunPlanview({"-"}, std::string("{\"a\": \"\0\"}"));
  EXPECT_EQ(short_nul.exit_code, 1);
  EXPECT_EQ(short_nul.err.find("binary data"), std::string::npos) << short_nul.err;
}

TEST(Cli, EmptyFileIsOneErrorLine) {
  std::string file = WriteTempFile("empty.json", "");
  ProcessResult r = RunPlanview({file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "planview: " + file + ":1:1: empty input: no JSON value (byte 0)\n");
}

TEST(Cli, MalformedJsonNamesLineColumnAndPath) {
  std::string file = WriteTempFile("bad.json", "{\"resource_changes\": [\n  {\"address\": tru}\n]}");
  ProcessResult r = RunPlanview({file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("planview: " + file + ":2:", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("$.resource_changes[0].address"), std::string::npos) << r.err;
}

TEST(Cli, WrongShapeNamesThePath) {
  std::string file = WriteTempFile("shape.json", R"({"resource_changes":[{"address":"t.a","change":{"actions":"create"}}]})");
  ProcessResult r = RunPlanview({file});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "planview: " + file + ": $.resource_changes[0].change.actions: expected an array, found string\n");
}

TEST(Cli, MissingFile) {
  ProcessResult r = RunPlanview({"/nonexistent/plan.json"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("/nonexistent/plan.json"), std::string::npos) << r.err;
  EXPECT_EQ(Lines(r.err), 1);
}

TEST(Cli, SchemasForOtherProvidersStillRenderEveryResource) {
  std::string schemas = WriteTempFile(
      "other_schemas.json",
      R"({"format_version":"1.0","provider_schemas":{"registry.opentofu.org/hashicorp/aws":{"resource_schemas":{}}}})");
  ProcessResult r = RunPlanview({std::string(kBasic) + "/plan.json", "--schemas", schemas});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The values alone give the same layout for this resource.
  EXPECT_EQ(r.out, renderer::testing::ReadFile(std::string(kBasic) + "/plan.txt"));
  EXPECT_EQ(r.err,
            "planview: warning: tfcoremock_list.list: the schemas have no provider "
            "\"registry.opentofu.org/hashicorp/tfcoremock\"; rendered from its values\n");
}

TEST(Cli, WithoutSchemasSaysSoOnce) {
  std::string plan = "testdata/conformance/equivalence/multiple_block_types/plan.json";
  ProcessResult r = RunPlanview({plan});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("will be created"), std::string::npos);
  EXPECT_EQ(r.err.find("no provider schemas given"), r.err.rfind("no provider schemas given"));
  EXPECT_EQ(Lines(r.err), 1) << r.err;
}

TEST(Cli, TruncatedLogLine) {
  std::string log = renderer::testing::ReadFile(std::string(kBasic) + "/apply.jsonl");
  // Cut the last line in half, as an interrupted stream would.
  size_t last = log.rfind('\n', log.size() - 2);
  std::string truncated = log.substr(0, last + 1 + (log.size() - last) / 2);
  std::string file = WriteTempFile("truncated.jsonl", truncated);
  ProcessResult r = RunPlanview({file});
  EXPECT_EQ(r.exit_code, 1);
  // Everything before is rendered, and the broken line is passed through as upstream does.
  EXPECT_EQ(r.out.rfind("tfcoremock_list.list: Creating...\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find(truncated.substr(last + 1)), std::string::npos) << r.out;
  EXPECT_EQ(Lines(r.err), 1) << r.err;
  EXPECT_EQ(r.err.rfind("planview: " + file + ":" + std::to_string(Lines(truncated) + 1) + ":", 0), 0u) << r.err;
}

TEST(Cli, EmptyStateFromShowJson) {
  std::string file = WriteTempFile("empty_state.json", R"({"format_version":"1.0"})");
  ProcessResult r = RunPlanview({file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "The state file is empty. No resources are represented.\n");
}

TEST(Cli, RedactedPlanWithEmbeddedSchemas) {
  renderer::testing::Json plan = renderer::testing::LoadJson(std::string(kBasic) + "/plan.json");
  renderer::testing::Json schemas = renderer::testing::LoadJson(std::string(kBasic) + "/schemas.json");
  std::string redacted = "{\"plan_format_version\":\"1.2\",\"provider_format_version\":\"1.0\",\"resource_changes\":" +
                         renderer::testing::JsonText(plan.root.find("resource_changes")) + ",\"provider_schemas\":" +
                         renderer::testing::JsonText(schemas.root.find("provider_schemas")) + "}";
  ProcessResult r = RunPlanview({WriteTempFile("redacted.json", redacted)});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, renderer::testing::ReadFile(std::string(kBasic) + "/plan.txt"));
  EXPECT_EQ(r.err, "");
}

TEST(Cli, KindOverride) {
  std::string line = R"({"@message":"hello","type":"apply_start"})";
  ProcessResult detected = RunPlanview({WriteTempFile("one.jsonl", line + "\n")});
  EXPECT_EQ(detected.out, "hello\n");
  ProcessResult forced = RunPlanview({"--kind", "state", WriteTempFile("plan.json", R"({"format_version":"1.0","values":null})")});
  EXPECT_EQ(forced.out, "The state file is empty. No resources are represented.\n");
  ProcessResult unknown = RunPlanview({WriteTempFile("what.json", R"({"what":1})")});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("use --kind"), std::string::npos);
}

TEST(Cli, ModeProductWidthAndColourFlags) {
  std::string empty = WriteTempFile("empty_plan.json", R"({"format_version":"1.2","errored":false})");
  EXPECT_EQ(RunPlanview({empty, "--mode", "destroy", "--product", "terraform", "--width", "40"}).out,
            "\nNo changes. No objects need to be destroyed.\n\n"
            "Either you have not created any objects\n"
            "yet or the existing objects were\n"
            "already deleted outside of Terraform.\n");
  EXPECT_EQ(RunPlanview({empty, "-mode=refresh-only", "-no-color"}).out.rfind("\nNo changes. Your infrastructure still", 0), 0u);
  EXPECT_EQ(RunPlanview({empty, "--color", "always"}).out,
            "\n\x1b[0m\x1b[1m\x1b[32mNo changes.\x1b[0m\x1b[1m Your infrastructure matches the configuration.\x1b[0m\n"
            "\x1b[0m");
  EXPECT_EQ(RunPlanview({empty, "--no-color"}).out, "\nNo changes. Your infrastructure matches the configuration.\n");
}

// --product auto (the default) reads the product from the document; the last flag wins.
TEST(Cli, ProductAutoAndOverride) {
  std::string empty = WriteTempFile("empty_destroy.json", R"({"format_version":"1.2","errored":false})");
  const std::string opentofu_tail = "already deleted outside of OpenTofu.\n";
  EXPECT_NE(RunPlanview({empty, "--mode", "destroy"}).out.find(opentofu_tail), std::string::npos);
  EXPECT_NE(RunPlanview({empty, "--mode", "destroy", "--product", "terraform", "--product", "auto"}).out.find(opentofu_tail),
            std::string::npos);
  ProcessResult bad = RunPlanview({empty, "--product=pulumi"});
  EXPECT_EQ(bad.err,
            "planview: --product: unknown product \"pulumi\" (want auto, opentofu or terraform)\n"
            "Run 'planview --help' for usage.\n");
  EXPECT_NE(RunPlanview({"--help"}).out.find("--product PRODUCT     auto, opentofu or terraform"), std::string::npos);
}

TEST(Cli, UsageErrorsExitTwo) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"--bogus", "x"},
                                             {"a.json", "b.json"},
                                             {"x", "--mode", "sideways"},
                                             {"x", "--width", "0"},
                                             {"x", "--width"},
                                             {"x", "--color", "purple"},
                                             {"x", "--kind", "graph"},
                                             {"x", "--quality", "great"},
                                             {"x", "--product", "pulumi"},
                                             {"x", "--no-color=1"}}) {
    ProcessResult r = RunPlanview(args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(Lines(r.err), 2) << r.err;
  }
}

TEST(Cli, InAutomationNoCommandIsSuggested) {
  // Drift, nothing to change, and a plan that cannot be applied: upstream suggests a
  // refresh-only apply, without the command line when TF_IN_AUTOMATION is set.
  std::string schemas = WriteTempFile(
      "t_schemas.json",
      R"({"format_version":"1.0","provider_schemas":{"p":{"resource_schemas":{"t":{"version":0,"block":{"attributes":{"x":{"type":"string","optional":true}}}}}}}})");
  std::string plan = WriteTempFile("drift.json", R"({"format_version":"1.2",
    "resource_changes":[{"address":"data.t.d","mode":"data","type":"t","name":"d","provider_name":"p",
      "change":{"actions":["delete"],"before":{"x":"old"},"after":null}}],
    "resource_drift":[{"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",
      "change":{"actions":["update"],"before":{"x":"1"},"after":{"x":"2"}}}],
    "relevant_attributes":[{"resource":"t.a","attribute":["x"]}]})");
  // A bare provider name ("p") reads as a pre-0.13 Terraform plan; this is OpenTofu's wording.
  std::vector<std::string> args = {plan, "--schemas", schemas, "--quality", "nochanges", "--product", "opentofu"};
  ProcessResult normal = RunPlanview(args, "", {{"TF_IN_AUTOMATION", ""}});
  EXPECT_NE(normal.out.find("create and apply a refresh-only plan:\n  tofu apply -refresh-only\n"), std::string::npos)
      << normal.out;
  ProcessResult automation = RunPlanview(args, "", {{"TF_IN_AUTOMATION", "1"}});
  EXPECT_NE(automation.out.find("create and apply a refresh-only plan.\n"), std::string::npos) << automation.out;
  EXPECT_EQ(automation.out.find("tofu apply -refresh-only"), std::string::npos) << automation.out;
}

TEST(Cli, WireSubcommandIsDispatched) {
  ProcessResult r = RunPlanview({"wire"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("missing subcommand"), std::string::npos) << r.err;
}

TEST(Cli, WireHelpPrintsUsage) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"wire", "--help"}, {"wire", "decode", "--help"}, {"wire", "diff", "--help"}, {"wire", "-h"}}) {
    ProcessResult r = RunPlanview(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.rfind("usage: planview wire decode ", 0), 0u) << r.out;
    EXPECT_EQ(r.err, "");
  }
}

// A file name or option holding a newline, ESC or a terminal title sequence is shown as
// Go's %q shows it: the error stays one line and nothing reaches the terminal raw.
TEST(Cli, UserTextInMessagesIsEscaped) {
  ProcessResult missing = RunPlanview({"no\nsuch\x1b]0;title\x07.json"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "planview: \"no\\nsuch\\x1b]0;title\\a.json\": cannot open: No such file or directory\n");
  std::string named = WriteTempFile("bad\nname.json", "{\"resource_changes\": 5}");
  ProcessResult bad = RunPlanview({named});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(Lines(bad.err), 1) << bad.err;
  EXPECT_NE(bad.err.find("bad\\nname.json\": "), std::string::npos) << bad.err;
  ProcessResult option = RunPlanview({"x", "--\x1b[2J"});
  EXPECT_EQ(option.exit_code, 2);
  EXPECT_EQ(option.err, "planview: unknown option \"--\\x1b[2J\"\nRun 'planview --help' for usage.\n");
  ProcessResult value = RunPlanview({"x", "--mode", "a\nb"});
  EXPECT_EQ(value.exit_code, 2);
  EXPECT_EQ(value.err.rfind("planview: --mode: unknown mode \"a\\nb\" (want", 0), 0u) << value.err;
  ProcessResult wire = RunPlanview({"wire", "decode", "--type", "\"string\"", "a\x1b" "b.json"});
  EXPECT_EQ(wire.exit_code, 1);
  EXPECT_EQ(wire.err, "planview wire: \"a\\x1bb.json\": cannot open: No such file or directory\n");
}

// Every command reads its flags with CLI11 (cmd/cli_app.h): --help, -h and -help print its
// usage; a usage error is one line and the hint names the command.
TEST(Cli, EveryCommandHasHelpAndTheSameUsageErrors) {
  struct Command {
    std::vector<std::string> words;
    std::string usage_start;
    std::string usage_error;  // for `--no-color=yes`
  };
  for (const Command& c : std::vector<Command>{
           {{}, "Usage: planview [options] FILE\n",
            "planview: --no-color takes no value\nRun 'planview --help' for usage.\n"},
           {{"browse"}, "Usage: planview browse [options] FILE\n",
            "planview: --no-color takes no value\nRun 'planview browse --help' for usage.\n"},
           {{"convert"}, "Usage: planview convert ",
            "planview: convert: unknown option --no-color=yes\nRun 'planview convert --help' for usage.\n"}}) {
    for (const char* help : {"--help", "-h", "-help"}) {
      std::vector<std::string> args = c.words;
      args.push_back(help);
      ProcessResult r = RunPlanview(args);
      EXPECT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(r.out.rfind(c.usage_start, 0), 0u) << r.out;
      EXPECT_EQ(r.err, "");
    }
    std::vector<std::string> args = c.words;
    args.insert(args.end(), {"plan.json", "--no-color=yes"});
    ProcessResult bad = RunPlanview(args);
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_EQ(bad.out, "");
    EXPECT_EQ(bad.err, c.usage_error);
  }
}

TEST(Cli, HelpAndVersion) {
  ProcessResult help = RunPlanview({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_EQ(help.out.rfind("Usage: planview [options] FILE\n", 0), 0u);
  EXPECT_NE(help.out.find("-no-color"), std::string::npos);
  ProcessResult version = RunPlanview({"-version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out.rfind(std::string("planview ") + kVersion, 0), 0u);
}

TEST(Cli, EphemeralResourcesAreSkippedWithAWarning) {
  std::string plan = WriteTempFile(
      "ephemeral.json",
      R"({"format_version":"1.2","resource_changes":[{"address":"ephemeral.t.a","mode":"ephemeral","type":"t","name":"a","provider_name":"p","change":{"actions":["open"]}}]})");
  ProcessResult bad_action = RunPlanview({plan});
  EXPECT_EQ(bad_action.exit_code, 1);
  plan = WriteTempFile(
      "ephemeral.json",
      R"({"format_version":"1.2","resource_changes":[{"address":"ephemeral.t.a","mode":"ephemeral","type":"t","name":"a","provider_name":"p","change":{"actions":["create"],"after":{}}}]})");
  ProcessResult r = RunPlanview({plan, "--product", "opentofu"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "\nNo changes. Your infrastructure matches the configuration.\n");
  EXPECT_NE(r.err.find("ephemeral.t.a: ephemeral resources are not stored in plans"), std::string::npos) << r.err;
}

TEST(Cli, DeepValuesRenderAndTooDeepIsAnError) {
  auto nested = [](int depth) {
    std::string v;
    for (int i = 0; i < depth; ++i) v += "[";
    v += "1";
    for (int i = 0; i < depth; ++i) v += "]";
    return v;
  };
  std::string deep = WriteTempFile(
      "deep.json", R"({"format_version":"1.2","output_changes":{"o":{"actions":["create"],"before":null,"after":)" +
                       nested(500) + "}}}");
  ProcessResult ok = RunPlanview({deep});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("Changes to Outputs:"), std::string::npos);
  std::string too_deep = WriteTempFile("too_deep.json", R"({"output_changes":{"o":{"after":)" + nested(600) + "}}}");
  ProcessResult bad = RunPlanview({too_deep});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(Lines(bad.err), 1) << bad.err;
}

// Colour "auto" and the terminal width need a terminal; RunPlanview takes the facts.
std::string RunInProcess(const std::vector<std::string>& args, const Terminal& terminal) {
  std::FILE* out = std::tmpfile();
  std::FILE* err = std::tmpfile();
  EXPECT_EQ(cmd::RunPlanview(args, terminal, out, err), 0);
  std::rewind(out);
  std::string text;
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, out)) > 0) text.append(buffer, n);
  std::fclose(out);
  std::fclose(err);
  return text;
}

TEST(Cli, AutoColourAndTerminalWidth) {
  std::string plan = std::string(kBasic) + "/plan.json";
  std::string schemas = std::string(kBasic) + "/schemas.json";
  std::string on_terminal = RunInProcess({plan, "--schemas", schemas}, Terminal{true, 200, false, false});
  EXPECT_NE(on_terminal.find("\x1b["), std::string::npos);
  EXPECT_NE(on_terminal.find("execution plan. Resource actions are indicated with the following symbols:\n"),
            std::string::npos)
      << on_terminal;
  std::string no_color = RunInProcess({plan, "--schemas", schemas}, Terminal{true, 200, true, false});
  EXPECT_EQ(no_color.find("\x1b["), std::string::npos);
  std::string piped = RunInProcess({plan, "--schemas", schemas}, Terminal{false, 0, false, false});
  EXPECT_EQ(piped, renderer::testing::ReadFile(std::string(kBasic) + "/plan.txt"));
  std::string forced = RunInProcess({plan, "--schemas", schemas, "--color=always"}, Terminal{false, 0, true, false});
  EXPECT_EQ(forced, renderer::testing::ReadFile(std::string(kBasic) + "/plan.color.txt"));
}

// The presentation flags (renderer/formats/) give what the golden files hold.
TEST(Cli, FormatFlagsMatchTheGoldenFiles) {
  const std::string dir = "testdata/conformance/equivalence/data_read";
  const std::string golden = "testdata/formats/data_read";
  std::vector<std::string> base = {dir + "/plan.json", "--schemas", dir + "/schemas.json", "--color", "never"};
  struct Flag {
    std::vector<std::string> args;
    std::string file;
  };
  for (const Flag& f : std::vector<Flag>{{{"--summary-only"}, "summary.txt"},
                                         {{"--summary", "--action=delete,replace", "--action", "update"}, "filtered.txt"},
                                         {{"--verbose"}, "verbose.txt"},
                                         {{"--format", "markdown"}, "markdown.md"},
                                         {{"--format=json"}, "json.json"},
                                         {{"--format", "html"}, "page.html"}}) {
    std::vector<std::string> args = base;
    args.insert(args.end(), f.args.begin(), f.args.end());
    ProcessResult r = RunPlanview(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, renderer::testing::ReadFile(golden + "/" + f.file)) << f.file;
  }
}

TEST(Cli, AddressFilterAndHideReads) {
  const std::string dir = "testdata/conformance/equivalence/data_read";
  ProcessResult r = RunPlanview({dir + "/plan.json", "--schemas", dir + "/schemas.json", "--address", "module.create.*",
                              "--address", "tfcoremock_*", "--hide-reads"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("data.tfcoremock_simple_resource.read will be read"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("module.create.random_integer.random will be created"), std::string::npos);
  EXPECT_NE(r.out.find("tfcoremock_simple_resource.create will be created"), std::string::npos);
  EXPECT_NE(r.out.find("\n# planview: 1 of 4 resource changes hidden by --address 'module.create.*' --address "
                       "'tfcoremock_*' --hide-reads; the summary below counts all of them.\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Plan: 3 to add, 0 to change, 0 to destroy."), std::string::npos);
}

// Markdown and JSON never show sensitive values (JSON does with --show-sensitive).
TEST(Cli, SensitiveValuesStayHiddenInFormats) {
  std::string file = WriteTempFile("secret.json", R"({"format_version":"1.2","resource_changes":[{"address":"aws_db.x",
    "mode":"managed","type":"aws_db","name":"x","provider_name":"registry.opentofu.org/hashicorp/aws",
    "change":{"actions":["update"],"before":{"password":"hunter2-old","id":"1"},"after":{"password":"hunter2-new",
    "id":"1"},"after_unknown":{},"before_sensitive":{"password":true},"after_sensitive":{"password":true}}}]})");
  for (const char* format : {"markdown", "json", "html"}) {
    ProcessResult r = RunPlanview({file, "--format", format});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find("hunter2"), std::string::npos) << format << ": " << r.out;
    EXPECT_NE(r.out.find("aws_db.x"), std::string::npos) << format;
  }
  ProcessResult json = RunPlanview({file, "--format", "json"});
  EXPECT_NE(json.out.find(R"("inner":{"redacted":true})"), std::string::npos) << json.out;
  ProcessResult shown = RunPlanview({file, "--format", "json", "--show-sensitive"});
  EXPECT_NE(shown.out.find("hunter2-new"), std::string::npos) << shown.out;
}

TEST(Cli, FormatUsageErrors) {
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"p.json", "--action", "explode"},
                                             {"p.json", "--format", "pdf"},
                                             {"p.json", "--max-bytes", "12"},
                                             {"p.json", "--address="},
                                             {"p.json", "--summary=yes"}}) {
    ProcessResult r = RunPlanview(args);
    EXPECT_EQ(r.exit_code, 2) << args[1];
    EXPECT_EQ(Lines(r.err), 2) << r.err;
  }
  EXPECT_NE(RunPlanview({"p.json", "--action", "explode"}).err.find("--action: unknown action \"explode\""),
            std::string::npos);
}

}  // namespace
}  // namespace planview::cmd
