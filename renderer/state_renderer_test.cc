// States as each product's `show` prints them (the rules that differ between OpenTofu's and
// Terraform's renderer), one resource rendered on its own and on several threads, and the
// one-line error for each malformed part of a state.
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "base/executor.h"
#include "change/colorize.h"
#include "gtest/gtest.h"
#include "renderer/render_document.h"
#include "renderer/schema_source.h"
#include "renderer/state_renderer.h"
#include "renderer/state_resource.h"
#include "structured/internal/parse_threshold.h"
#include "structured/json_parse.h"
#include "structured/schema.h"

namespace planview::renderer {
namespace {

// A legacy-SDK-shaped schema (no nested types, no objects, no map blocks): Terraform reads
// its empty strings as null.
constexpr char kSchemas[] = R"({"format_version":"1.0","provider_schemas":{"registry.terraform.io/hashicorp/t":{
  "resource_schemas":{"t_r":{"version":0,"block":{"attributes":{
    "id":{"type":"string","computed":true},
    "path":{"type":"string","optional":true},
    "note":{"type":"string","optional":true},
    "count":{"type":"number","optional":true},
    "tags":{"type":["map","string"],"optional":true},
    "names":{"type":["list","string"],"optional":true}},
    "block_types":{"rule":{"nesting_mode":"list","block":{"attributes":{
      "port":{"type":"number","optional":true},"desc":{"type":"string","optional":true}}}}}}},
  "t_modern":{"version":0,"block":{"attributes":{
    "id":{"type":"string","computed":true},
    "path":{"type":"string","optional":true},
    "tags":{"type":["map","string"],"optional":true},
    "spec":{"nested_type":{"nesting_mode":"single","attributes":{"a":{"type":"string","optional":true}}},
            "optional":true}}}}}}}})";

// One resource of each schema, a deposed and a tainted object, in a module.
constexpr char kState[] = R"({"format_version":"1.0","values":{
  "outputs":{
    "empty":{"sensitive":false,"type":"string","value":""},
    "n":{"sensitive":false,"type":"number","value":1E-2},
    "secret":{"sensitive":true,"type":"string","value":"hunter2"},
    "untyped":{"sensitive":false,"value":""}},
  "root_module":{"resources":[
    {"address":"t_r.a","mode":"managed","type":"t_r","name":"a","provider_name":"registry.terraform.io/hashicorp/t",
     "values":{"id":"i-1","path":"","note":"[1] and more","count":1.50,"tags":{"a":"","b":"x"},"names":["","y"],
               "rule":[{"port":-0,"desc":""}]},
     "sensitive_values":{"tags":{},"names":[],"rule":[{}]}}],
   "child_modules":[{"address":"module.m","resources":[
    {"address":"module.m.t_modern.b","mode":"managed","type":"t_modern","name":"b",
     "provider_name":"registry.terraform.io/hashicorp/t",
     "values":{"id":"i-2","path":"","tags":{"a":""},"spec":{"a":""}},"sensitive_values":{}},
    {"address":"module.m.t_modern.b","mode":"managed","type":"t_modern","name":"b","deposed_key":"00000001",
     "provider_name":"registry.terraform.io/hashicorp/t","values":{"id":"i-0"},"sensitive_values":{}},
    {"address":"module.m.t_modern.c","mode":"managed","type":"t_modern","name":"c","tainted":true,
     "provider_name":"registry.terraform.io/hashicorp/t","values":{"id":"i-3"},"sensitive_values":{}}]}]}}})";

DocumentResult Render(std::string_view state, std::optional<Product> product, bool color = false) {
  structured::ParseResult parsed = structured::ParseJson(std::string(kSchemas));
  EXPECT_TRUE(parsed.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  EXPECT_TRUE(schemas) << (schemas ? "" : schemas.error().message);
  DocumentRequest request;
  request.kind = DocumentKind::kState;
  request.schemas = &*schemas;
  request.provider_format_version = "1.0";
  request.product = product;
  request.options.color = color;
  return RenderDocument(std::string(state), "state.json", request);
}

TEST(StateRenderer, TerraformReadsLegacyEmptyStringsAsNullAndKeepsNumberText) {
  DocumentResult r = Render(kState, Product::kTerraform);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.output, R"(# t_r.a:
resource "t_r" "a" {
    count = 1.50
    id    = "i-1"
    names = [
        null,
        "y",
    ]
    note  = "[1] and more"
    path  = null
    tags  = {
        "a" = null
        "b" = "x"
    }

    rule {
        desc = null
        port = -0
    }
}


# module.m.t_modern.b:
resource "t_modern" "b" {
    id   = "i-2"
    path = ""
    spec = {
        a = ""
    }
    tags = {
        "a" = ""
    }
}

# module.m.t_modern.b: (deposed object 00000001)
resource "t_modern" "b" {
    id = "i-0"
}

# module.m.t_modern.c: (tainted)
resource "t_modern" "c" {
    id = "i-3"
}


Outputs:

empty = null
n = 1E-2
secret = (sensitive value)
untyped = ""
)");
}

TEST(StateRenderer, OpenTofuLeavesEmptyStringsOutOfBlocksOnly) {
  DocumentResult r = Render(kState, Product::kOpenTofu);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.output, R"(# t_r.a:
resource "t_r" "a" {
    count = 1.50
    id    = "i-1"
    names = [
        "",
        "y",
    ]
    note  = jsonencode(
        [
            1,
        ]
    )
    tags  = {
        "a" = ""
        "b" = "x"
    }

    rule {
        port = -0
    }
}


# module.m.t_modern.b:
resource "t_modern" "b" {
    id   = "i-2"
    spec = {
        a = ""
    }
    tags = {
        "a" = ""
    }
}

# module.m.t_modern.b: (deposed object 00000001)
resource "t_modern" "b" {
    id = "i-0"
}

# module.m.t_modern.c: (tainted)
resource "t_modern" "c" {
    id = "i-3"
}


Outputs:

empty = ""
n = 1E-2
secret = (sensitive value)
untyped = ""
)");
}

TEST(StateRenderer, ProductDetectedFromProviderAddresses) {
  DocumentResult terraform = Render(kState, std::nullopt);
  ASSERT_TRUE(terraform.ok) << terraform.error;
  EXPECT_EQ(terraform.product, Product::kTerraform);
  EXPECT_EQ(terraform.output, Render(kState, Product::kTerraform).output);
}

TEST(StateRenderer, ShowSensitiveRevealsInBothProducts) {
  for (Product product : {Product::kOpenTofu, Product::kTerraform}) {
    DocumentRequest request;
    request.kind = DocumentKind::kState;
    request.product = product;
    request.options.show_sensitive = true;
    DocumentResult r = RenderDocument(std::string(kState), "state.json", request);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_NE(r.output.find("secret = \"hunter2\"\n"), std::string::npos) << r.output;
    request.options.show_sensitive = false;
    EXPECT_EQ(RenderDocument(std::string(kState), "state.json", request).output.find("hunter2"), std::string::npos);
  }
}

TEST(StateRenderer, VersionWarningNamesTheProduct) {
  constexpr char kNewer[] = R"({"format_version":"1.1","values":{"outputs":{"a":{"type":"bool","value":true}}}})";
  EXPECT_EQ(Render(kNewer, Product::kTerraform).output,
            "\nWarning: This state was retrieved using a different version of Terraform, the\n"
            "state presented here maybe missing representations of recent features.\n"
            "\n\nOutputs:\n\na = true\n");
  EXPECT_EQ(Render(kNewer, Product::kOpenTofu).output,
            "\nWarning: This state was retrieved using a different version of OpenTofu, the\n"
            "state presented here maybe missing representations of recent features.\n"
            "\n\nOutputs:\n\na = true\n");
}

TEST(StateRenderer, EmptyState) {
  for (Product product : {Product::kOpenTofu, Product::kTerraform}) {
    for (std::string_view state : {R"({"format_version":"1.0"})", R"({"format_version":"1.0","values":{}})",
                                   R"({"format_version":"1.0","values":{"root_module":{"resources":[]}}})"}) {
      DocumentResult r = Render(state, product);
      ASSERT_TRUE(r.ok) << r.error;
      EXPECT_EQ(r.output, "The state file is empty. No resources are represented.\n") << state;
    }
  }
}

// A collection or object attribute given a value of another kind reads as an empty one
// (upstream's AsSlice/AsMap), not as null: checked against Terraform's renderer.
TEST(StateRenderer, CollectionsOfAnotherKindRenderEmptyAsUpstream) {
  constexpr char kState[] = R"({"format_version":"1.0","values":{"root_module":{"resources":[
    {"address":"t_r.a","mode":"managed","type":"t_r","name":"a","provider_name":"registry.terraform.io/hashicorp/t",
     "values":{"id":"i","tags":"not a map","names":{"a":1},"rule":"x"},"sensitive_values":{}},
    {"address":"t_r.b","mode":"managed","type":"t_r","name":"b","provider_name":"registry.terraform.io/hashicorp/t",
     "values":{"id":"j","tags":["x"],"names":7,"rule":{"port":1}},"sensitive_values":{}}]},
    "outputs":{"l":{"sensitive":false,"type":["list","string"],"value":"str"},
               "o":{"sensitive":false,"type":["object",{"a":"string"}],"value":[1]}}}})";
  for (Product product : {Product::kTerraform, Product::kOpenTofu}) {
    DocumentResult r = Render(kState, product);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.output, R"(# t_r.a:
resource "t_r" "a" {
    id    = "i"
    names = []
    tags  = {}
}

# t_r.b:
resource "t_r" "b" {
    id    = "j"
    names = []
    tags  = {}
}


Outputs:

l = []
o = {}
)");
    EXPECT_EQ(r.warnings.messages(),
              (std::vector<std::string>{
                  "t_r.a: the values do not match the schema (.tags: the before value is a string, but the schema "
                  "expects a map (an object)); rendered as upstream renders them",
                  "t_r.b: the values do not match the schema (.tags: the before value is an array, but the schema "
                  "expects a map (an object)); rendered as upstream renders them",
                  "output l: the value does not match its type list of string (the before value is a string, but the "
                  "schema expects a list (an array)); rendered as upstream renders it",
                  "output o: the value does not match its type object (the before value is an array, but the schema "
                  "expects an object); rendered as upstream renders it",
              }));
  }
}

TEST(StateRenderer, ValuesThatContradictTheSchemaAreRenderedFromTheValues) {
  constexpr char kState[] = R"({"format_version":"1.0","values":{"outputs":{
      "o":{"sensitive":false,"type":"string","value":[1]}},
    "root_module":{"resources":[
      {"address":"t_r.a","mode":"managed","type":"t_r","name":"a","provider_name":"registry.terraform.io/hashicorp/t",
       "values":{"id":"i","count":"not a number"}},
      {"address":"t_other.b","mode":"managed","type":"t_other","name":"b",
       "provider_name":"registry.terraform.io/hashicorp/t","values":{"id":"j"}}]}}})";
  DocumentResult r = Render(kState, Product::kTerraform);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.output, R"(# t_r.a:
resource "t_r" "a" {
    count = "not a number"
    id    = "i"
}

# t_other.b:
resource "t_other" "b" {
    id = "j"
}


Outputs:

o = [
    1,
]
)");
  EXPECT_EQ(r.warnings.messages(),
            (std::vector<std::string>{
                "t_r.a: the values do not match the schema (.count: the before value is a string, but the schema "
                "expects a number); rendered from the values",
                "t_other.b: provider \"registry.terraform.io/hashicorp/t\" has no resource type \"t_other\" in the "
                "schemas; rendered from its values",
                "output o: the value does not match its type string (the before value is an array, but the schema "
                "expects a string); rendered from the value",
            }));
}

// Upstream hands `first` to child modules by value: with no resource in the root module,
// each top-level module starts as if it were the document's first, so the second one's
// first resource follows the first one's without a blank line; deeper modules get two.
TEST(StateRenderer, BlankLinesBetweenModulesAsUpstreamPrintsThem) {
  constexpr char kModules[] = R"({"format_version":"1.0","values":{"root_module":{"child_modules":[
    {"resources":[{"address":"module.a.t_x.a","mode":"managed","type":"t_x","name":"a","values":{"id":"1"}}],
     "child_modules":[{"resources":[
       {"address":"module.a.module.c.t_x.c","mode":"managed","type":"t_x","name":"c","values":{"id":"3"}}]}]},
    {"resources":[{"address":"module.b.t_x.b","mode":"managed","type":"t_x","name":"b","values":{"id":"2"}}]}]}}})";
  for (Product product : {Product::kOpenTofu, Product::kTerraform}) {
    DocumentRequest request;
    request.kind = DocumentKind::kState;
    request.product = product;
    DocumentResult r = RenderDocument(std::string(kModules), "state.json", request);
    ASSERT_TRUE(r.ok) << r.error;
    EXPECT_EQ(r.output, R"(# module.a.t_x.a:
resource "t_x" "a" {
    id = "1"
}


# module.a.module.c.t_x.c:
resource "t_x" "c" {
    id = "3"
}
# module.b.t_x.b:
resource "t_x" "b" {
    id = "2"
}
)");
  }
}

// One resource in, its text out: the same text as in the whole document, on any thread.
TEST(StateRenderer, OneResourceOnItsOwnAndOnThreads) {
  structured::ParseResult parsed = structured::ParseJson(std::string(kState));
  ASSERT_TRUE(parsed.ok());
  structured::ParseResult schemas_doc = structured::ParseJson(std::string(kSchemas));
  ASSERT_TRUE(schemas_doc.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(schemas_doc.value());
  ASSERT_TRUE(schemas);
  SchemaSource source(&*schemas);
  Options options;
  options.product = Product::kTerraform;
  change::Colorize colorize(false);
  const change::RenderOpts opts = StateRenderOpts(colorize, options);
  structured::Value resource = parsed.value()->root().find("values").find("root_module").find("resources").at(0);

  std::string alone;
  Warnings warnings;
  ASSERT_TRUE(RenderStateResource(resource, "$.r", source, opts, alone, warnings));
  EXPECT_TRUE(warnings.empty());
  const std::string whole = Render(kState, Product::kTerraform).output;
  EXPECT_EQ(whole.substr(0, alone.size()), alone);
  EXPECT_EQ(alone.substr(alone.size() - 3), "\n}\n");

  // On threads, with the schema looked up first (SchemaSource caches: one thread).
  Warnings lookup;
  std::shared_ptr<const structured::Block> block = FindStateResourceSchema(resource, source, lookup);
  ASSERT_NE(block, nullptr);
  std::vector<std::string> texts(4);
  std::vector<std::thread> threads;
  for (std::string& text : texts) {
    threads.emplace_back([&] {
      for (int i = 0; i < 20; ++i) {
        std::string one;
        Warnings w;
        if (RenderStateResourceWithSchema(resource, "$.r", block.get(), opts, one, w) && one != alone) return;
      }
      text = alone;
    });
  }
  for (std::thread& t : threads) t.join();
  for (const std::string& text : texts) EXPECT_EQ(text, alone);
}

// A state of many resources (more than a batch) in nested modules, with outputs: written to
// a sink on two threads it is the text rendered whole on one, with the same warnings; a
// malformed resource after hundreds of good ones sends nothing.
std::string ManyResources(int count, std::string_view last) {
  std::string resources;
  for (int i = 0; i < count; ++i) {
    resources += fmt::format(
        R"({{"address":"t_r.r{0}","mode":"managed","type":"{1}","name":"r{0}","provider_name":"registry.terraform.io/hashicorp/t","values":{{"id":"i-{0}","path":"","tags":{{"a":"{0}"}}}},"sensitive_values":{{}}}},)",
        i, i % 7 == 0 ? "t_missing" : "t_r");
  }
  resources += last;
  return fmt::format(R"({{"format_version":"1.0","values":{{"outputs":{{"o":{{"sensitive":false,"value":[1,2]}}}},
    "root_module":{{"resources":[{0}],"child_modules":[{{"resources":[{0}]}},{{"child_modules":[{{"resources":[{0}]}}]}}]}}}}}})",
                     resources);
}

TEST(StateRenderer, StreamedOnThreadsAsRenderedWhole) {
  structured::ParseResult schemas_doc = structured::ParseJson(std::string(kSchemas));
  ASSERT_TRUE(schemas_doc.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(schemas_doc.value());
  ASSERT_TRUE(schemas);
  constexpr char kLast[] =
      R"({"address":"t_r.last","mode":"managed","type":"t_r","name":"last","provider_name":"registry.terraform.io/hashicorp/t","values":{"id":"z"}})";
  const std::string state = ManyResources(300, kLast);
  base::Executor executor(2);
  for (Product product : {Product::kOpenTofu, Product::kTerraform}) {
    DocumentRequest request;
    request.kind = DocumentKind::kState;
    request.schemas = &*schemas;
    request.provider_format_version = "1.0";
    request.product = product;
    DocumentResult whole = RenderDocument(state, "state.json", request);
    ASSERT_TRUE(whole.ok) << whole.error;
    EXPECT_EQ(whole.warnings.messages().size(), 3u * 43u);  // t_missing: 43 of 300 per module

    std::string sent;
    int chunks = 0;
    int other_thread_chunks = 0;  // the sink is only called on the calling thread
    const std::thread::id caller = std::this_thread::get_id();
    request.executor = &executor;
    request.sink = [&](std::string_view chunk) {
      sent += chunk;
      ++chunks;
      if (std::this_thread::get_id() != caller) ++other_thread_chunks;
    };
    DocumentResult streamed = RenderDocument(state, "state.json", request);
    ASSERT_TRUE(streamed.ok) << streamed.error;
    EXPECT_EQ(sent, whole.output);
    EXPECT_EQ(streamed.output, "");
    EXPECT_GE(chunks, 1);
    EXPECT_EQ(other_thread_chunks, 0);
    EXPECT_EQ(streamed.warnings.messages(), whole.warnings.messages());

    sent.clear();
    DocumentResult bad = RenderDocument(ManyResources(300, R"({"address":"t_r.bad","mode":"managed","tainted":1})"),
                                        "state.json", request);
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.error, "state.json: $.values.root_module.resources[300].tainted: expected a boolean, found number");
    EXPECT_EQ(sent, "");
    EXPECT_EQ(bad.output, "");
  }
}

// The resources are checked a batch at a time on the executor's threads: with malformed
// resources in several batches (and rounds of batches) of a module, the error is the first
// in document order, the one a check on one thread gives, whatever the number of threads;
// a valid state of many batches gives the same text, warnings and product on any number.
TEST(StateRenderer, CheckedOnThreadsAsOnOne) {
  structured::ParseResult schemas_doc = structured::ParseJson(std::string(kSchemas));
  ASSERT_TRUE(schemas_doc.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(schemas_doc.value());
  ASSERT_TRUE(schemas);
  constexpr int kCount = 2600;  // 11 batches of 256 in each module: two rounds of 8
  auto state = [](const std::vector<std::pair<int, std::string_view>>& bad, int bad_module) {
    std::vector<std::string> modules(3);
    for (int m = 0; m < 3; ++m) {
      for (int i = 0; i < kCount; ++i) {
        if (i > 0) modules[m] += ',';
        std::string_view replacement;
        for (const auto& [at, text] : bad) {
          if (m == bad_module && at == i) replacement = text;
        }
        if (!replacement.empty()) {
          modules[m] += replacement;
          continue;
        }
        modules[m] += fmt::format(
            R"({{"address":"t_r.r{0}","mode":"managed","type":"{1}","name":"r{0}","provider_name":"{2}","values":{{"id":"i-{0}","note":"{3}"}}}})",
            i, i % 1000 == 7 ? "t_missing" : "t_r",
            m == 0 && i < 300 ? "example.com/x/t" : "registry.terraform.io/hashicorp/t", std::string(300, 'x'));
      }
    }
    return fmt::format(R"({{"format_version":"1.0","values":{{"root_module":{{"resources":[{}],
      "child_modules":[{{"resources":[{}]}},{{"child_modules":[{{"resources":[{}]}}]}}]}}}}}})",
                       modules[0], modules[1], modules[2]);
  };
  base::Executor two(2);
  base::Executor four(4);
  auto render = [&](const std::string& text, base::Executor* executor) {
    DocumentRequest request;
    request.kind = DocumentKind::kState;
    request.schemas = &*schemas;
    request.provider_format_version = "1.0";
    request.executor = executor;
    return RenderDocument(text, "state.json", request);
  };

  const std::string good = state({}, -1);
  DocumentResult one = render(good, nullptr);
  ASSERT_TRUE(one.ok) << one.error;
  EXPECT_EQ(one.product, Product::kTerraform);  // the first resources name no product
  // No schema: the 300 resources of example.com/x/t and t_missing (3 per module, one among those).
  EXPECT_EQ(one.warnings.messages().size(), 308u);
  for (base::Executor* executor : {&two, &four}) {
    DocumentResult many = render(good, executor);
    ASSERT_TRUE(many.ok) << many.error;
    EXPECT_EQ(many.output, one.output);
    EXPECT_EQ(many.warnings.messages(), one.warnings.messages());
    EXPECT_EQ(many.product, one.product);
  }
  // Streamed in chunks (the text is over 1 MB), every one sent on the calling thread while
  // the helpers render the next batch.
  ASSERT_GT(one.output.size(), size_t{2} << 20);
  std::string sent;
  int chunks = 0;
  int other_thread_chunks = 0;
  const std::thread::id caller = std::this_thread::get_id();
  DocumentRequest request;
  request.kind = DocumentKind::kState;
  request.schemas = &*schemas;
  request.provider_format_version = "1.0";
  request.executor = &four;
  request.sink = [&](std::string_view chunk) {
    sent += chunk;
    ++chunks;
    if (std::this_thread::get_id() != caller) ++other_thread_chunks;
  };
  DocumentResult streamed = RenderDocument(good, "state.json", request);
  ASSERT_TRUE(streamed.ok) << streamed.error;
  EXPECT_EQ(sent, one.output);
  EXPECT_GE(chunks, 2);
  EXPECT_EQ(other_thread_chunks, 0);

  constexpr std::string_view kTainted = R"({"address":"t_r.x","mode":"managed","tainted":1})";
  constexpr std::string_view kName = R"({"address":"t_r.y","mode":"managed","name":[]})";
  constexpr std::string_view kNumber = "7";
  struct Case {
    std::vector<std::pair<int, std::string_view>> bad;
    int module;
    std::string_view error;
  };
  const Case kCases[] = {
      {{{2599, kTainted}}, 0, "$.values.root_module.resources[2599].tainted: expected a boolean, found number"},
      // Later batches and rounds fail too (and sooner): the first in the text counts.
      {{{2500, kName}, {300, kTainted}, {2100, kNumber}}, 0,
       "$.values.root_module.resources[300].tainted: expected a boolean, found number"},
      {{{255, kName}, {256, kTainted}}, 1,
       "$.values.root_module.child_modules[0].resources[255].name: expected a string, found array"},
      {{{2048, kNumber}, {2047 + 256, kName}, {2590, kTainted}}, 2,
       "$.values.root_module.child_modules[1].child_modules[0].resources[2048]: expected an object, found number"},
      {{{0, kNumber}, {1, kName}}, 1, "$.values.root_module.child_modules[0].resources[0]: expected an object, found number"},
  };
  for (const Case& c : kCases) {
    const std::string text = state(c.bad, c.module);
    DocumentResult serial = render(text, nullptr);
    EXPECT_FALSE(serial.ok);
    EXPECT_EQ(serial.error, fmt::format("state.json: {}", c.error));
    for (base::Executor* executor : {&two, &four}) {
      DocumentResult parallel = render(text, executor);
      EXPECT_FALSE(parallel.ok);
      EXPECT_EQ(parallel.error, serial.error);
      EXPECT_EQ(parallel.output, "");
    }
  }
}

// The state built whole (RenderState on a parsed root) and read a part at a time from its
// text (RenderDocument: StateText) give the same text and warnings, whatever the layout of
// the text: white space, escaped keys, duplicate keys (the last one counts), members in any
// order, modules without resources, nulls where arrays may be.
TEST(StateRenderer, ReadFromTextAsBuiltWhole) {
  structured::ParseResult schemas_doc = structured::ParseJson(std::string(kSchemas));
  ASSERT_TRUE(schemas_doc.ok());
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(schemas_doc.value());
  ASSERT_TRUE(schemas);
  constexpr char kR[] =
      R"({"address":"t_r.a","mode":"managed","type":"t_r","name":"a","provider_name":"registry.terraform.io/hashicorp/t",
          "values":{"id":"i-1","path":"","tags":{"a":"","b":"x"},"names":["",  "y"],"rule":[{"port":-0,"desc":""}]},
          "sensitive_values":{"tags":{},"names":[],"rule":[{}]},"depends_on":["x.y"]})";
  const std::string kCases[] = {
      kState,
      fmt::format(R"( {{ "values" : {{ "root_module" : {{ "resources" : [ {0} , {0} ] ,
        "child_modules" : [ {{ "resources" : [ ] }} , {{ "child_modules" : [ {{ "resources" : [ {0} ] }} ] }} ] }} ,
        "outputs" : {{ "o" : {{ "sensitive" : false , "value" : [ 1 , {{ "a" : [ ] }} ] }} }} }} ,
        "format_version" : "1.0" }} )",
                  kR),
      // Duplicates: the last `resources`, `child_modules`, `root_module` and `values` count.
      fmt::format(R"({{"format_version":"1.0","values":{{"root_module":{{"resources":[{0},{0},{0}]}}}},
        "values":{{"root_module":{{"resources":[{0},{0},{0}]}},"root_module":{{"resources":[{0}],"resources":[{0},{0}],
        "child_modules":[{{"resources":[{0}]}}],"child_modules":null}}}}}})",
                  kR),
      fmt::format(R"({{"format_version":"1.0","values":{{"root_module":{{"resources":[{0}],"resources":null,
        "child_modules":[{{"resources":null}},{{"child_modules":[{{"resources":[{0}]}}]}}]}}}}}})",
                  kR),
      // Escaped keys.
      fmt::format(R"({{"format_version":"1.0","v\u0061lues":{{"root_m\u006fdule":{{"r\u0065sources":[{0}],
        "child_m\u006fdules":[{{"resources":[{{"\u0061ddress":"t_r.b","mode":"managed","type":"t_r","name":"b",
        "provider_name":"registry.terraform.io/hashicorp/t","v\u0061lues":{{"id":"i-9"}}}}]}}]}}}}}})",
                  kR),
      // A resource that is not rendered, an empty module, an output only.
      R"({"format_version":"1.0","values":{"outputs":{"x":{"sensitive":true,"value":"s"}},"root_module":{}}})",
      R"({"format_version":"1.0","values":{"root_module":{"resources":[{"address":"a.b","mode":"other"}]}}})",
      R"({"format_version":"1.0","values":{"root_module":{"resources":[],"child_modules":[]}}})",
      R"({"format_version":"1.0","values":{"root_module":{"resources":[1],"resources":[]}}})",
      R"({"format_version":"0.1","values":{"root_module":null}})",
  };
  base::Executor executor(2);
  for (const std::string& state : kCases) {
    for (Product product : {Product::kOpenTofu, Product::kTerraform}) {
      // Built whole: parsed with nothing left unbuilt.
      structured::ParseResult parsed = structured::ParseJson(state);
      ASSERT_TRUE(parsed.ok()) << state;
      SchemaSource source(&*schemas);
      Options options;
      options.product = product;
      std::string whole;
      Warnings whole_warnings;
      ASSERT_TRUE(RenderState(parsed.value()->root(), source, "1.0", options, whole, whole_warnings)) << state;

      DocumentRequest request;
      request.kind = DocumentKind::kState;
      request.schemas = &*schemas;
      request.provider_format_version = "1.0";
      request.product = product;
      request.executor = &executor;
      DocumentResult text = RenderDocument(state, "state.json", request);
      ASSERT_TRUE(text.ok) << text.error;
      EXPECT_EQ(text.output, whole) << state;
      EXPECT_EQ(text.warnings.messages(), whole_warnings.messages()) << state;
      EXPECT_NE(whole, "") << state;

      // The values scanned while a second thread checks them (what a big text gets), and
      // a scan of other text (not used): the same again.
      for (bool scan_elsewhere : {false, true}) {
        std::vector<structured::ParseOptions::Unbuilt> unbuilt;
        StateText::Scan scan;
        structured::ParseOptions parse_options;
        parse_options.executor = &executor;
        parse_options.unbuilt_top_level_keys = {"values"};
        parse_options.unbuilt = &unbuilt;
        parse_options.read_unbuilt = [&](std::string_view source, size_t begin) {
          const size_t end = scan.Read(source, begin);
          if (scan_elsewhere) {
            std::string other = R"({"root_module":{"resources":[{}]}})";
            const size_t size = other.size();
            other.append(structured::kParsePadding, '\0');  // as the parse pads a text
            (void)scan.Read(std::string_view(other.data(), size), 0);
          }
          return end;
        };
        structured::internal::ParallelParse parallel;
        parallel.min_bytes = 0;
        structured::ParseResult scanned = structured::internal::ParseJsonParallel(state, parse_options, parallel);
        ASSERT_TRUE(scanned.ok()) << state;
        if (unbuilt.empty()) continue;  // an escaped key: built whole
        const structured::ParseOptions::Unbuilt& last = unbuilt.back();
        base::Expected<StateText> read =
            StateText::Read(scanned.value(), structured::Span{last.offset, last.offset + last.length}, source,
                            &executor, &scan);
        ASSERT_TRUE(read) << read.error().message;
        std::string out;
        Warnings warnings;
        read->Render("1.0", options, out, warnings, &executor);
        EXPECT_EQ(out, whole) << state;
        EXPECT_EQ(warnings.messages(), whole_warnings.messages()) << state;
      }
    }
  }
}

// The product named by a state's first provider address: found in its text as in the
// built state (a resource in a nested module, after resources of other registries).
TEST(StateRenderer, ProductReadFromTheText) {
  const std::string state = R"({"format_version":"1.0","values":{"root_module":{
      "resources":[{"address":"x_r.a","mode":"managed","type":"x_r","name":"a","provider_name":"example.com/x/x",
                    "values":{}}],
      "child_modules":[{"resources":[{"address":"module.m.t_r.b","mode":"managed","type":"t_r","name":"b",
                        "provider_name":"registry.terraform.io/hashicorp/t","values":{"id":""}}]}]}}})";
  DocumentRequest request;
  request.kind = DocumentKind::kState;
  DocumentResult r = RenderDocument(state, "state.json", request);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.product, Product::kTerraform);
  std::string opentofu = state;
  opentofu.replace(opentofu.find("registry.terraform.io"), 21, "registry.opentofu.org");
  r = RenderDocument(opentofu, "state.json", request);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.product, Product::kOpenTofu);
}

// Each malformed part of a state: one line naming the JSON path, nothing rendered.
TEST(StateRenderer, MalformedStatesAreOneLineErrors) {
  const std::pair<std::string_view, std::string_view> kCases[] = {
      {R"([])", "state.json: $: a state must be a JSON object, found array"},
      {R"({"format_version":1})", "state.json: $.format_version: expected a string, found number"},
      {R"({"format_version":"1.0","values":"x"})", "state.json: $.values: expected an object, found string"},
      {R"({"format_version":"1.0","values":{"outputs":[]}})",
       "state.json: $.values.outputs: expected an object, found array"},
      {R"({"format_version":"1.0","values":{"outputs":{"a":true}}})",
       "state.json: $.values.outputs.a: expected an object, found bool"},
      {R"({"format_version":"1.0","values":{"outputs":{"a":{"sensitive":"yes"}}}})",
       "state.json: $.values.outputs.a.sensitive: expected a boolean, found string"},
      {R"({"format_version":"1.0","values":{"root_module":7}})",
       "state.json: $.values.root_module: expected an object, found number"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":{}}}})",
       "state.json: $.values.root_module.resources: expected an array, found object"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[1]}}})",
       "state.json: $.values.root_module.resources[0]: expected an object, found number"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[null]}}})",
       "state.json: $.values.root_module.resources[0]: expected an object, found null"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"address":["a"]}]}}})",
       "state.json: $.values.root_module.resources[0].address: expected a string, found array"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"mode":false}]}}})",
       "state.json: $.values.root_module.resources[0].mode: expected a string, found bool"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"type":1}]}}})",
       "state.json: $.values.root_module.resources[0].type: expected a string, found number"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"name":{}}]}}})",
       "state.json: $.values.root_module.resources[0].name: expected a string, found object"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"provider_name":2}]}}})",
       "state.json: $.values.root_module.resources[0].provider_name: expected a string, found number"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"deposed_key":5}]}}})",
       "state.json: $.values.root_module.resources[0].deposed_key: expected a string, found number"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"tainted":"yes"}]}}})",
       "state.json: $.values.root_module.resources[0].tainted: expected a boolean, found string"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"mode":"managed","values":[]}]}}})",
       "state.json: $.values.root_module.resources[0].values: expected an object, found array"},
      {R"({"format_version":"1.0","values":{"root_module":{"child_modules":{}}}})",
       "state.json: $.values.root_module.child_modules: expected an array, found object"},
      {R"({"format_version":"1.0","values":{"root_module":{"child_modules":["m"]}}})",
       "state.json: $.values.root_module.child_modules[0]: expected an object, found string"},
      {R"({"format_version":"1.0","values":{"root_module":{"child_modules":[{"child_modules":[{"resources":[{"address":1}]}]}]}}})",
       "state.json: $.values.root_module.child_modules[0].child_modules[0].resources[0].address: expected a string, "
       "found number"},
      // The module's own fields are read before its resources, wherever they are.
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"address":1}],"child_modules":{}}}})",
       "state.json: $.values.root_module.child_modules: expected an array, found object"},
      // Of duplicate keys the last counts.
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[],"resources":[{"name":[]}]}}})",
       "state.json: $.values.root_module.resources[0].name: expected a string, found array"},
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[]},"root_module":[]}})",
       "state.json: $.values.root_module: expected an object, found array"},
      // Truncated.
      {R"({"format_version":"1.0","values":{"root_module":{"resources":[{"address":"a.b")",
       "state.json:1:79: unexpected end of input: an object is not closed at "
       "$.values.root_module.resources[0].address (byte 78)"},
  };
  for (Product product : {Product::kOpenTofu, Product::kTerraform}) {
    for (const auto& [state, message] : kCases) {
      DocumentResult r = Render(state, product);
      EXPECT_FALSE(r.ok) << state;
      EXPECT_EQ(r.error, message) << state;
      EXPECT_EQ(r.output, "") << state;
    }
  }
}

// Deep nesting: values as deep as the parser allows render; deeper is one parse error.
TEST(StateRenderer, DeepNesting) {
  auto state = [](int depth) {
    return R"({"format_version":"1.0","values":{"root_module":{"resources":[{"address":"t_x.a","mode":"managed",)"
           R"("type":"t_x","name":"a","provider_name":"registry.terraform.io/hashicorp/t","values":{"v":)" +
           std::string(depth, '[') + std::string(depth, ']') + "}}]}}}";
  };
  DocumentResult deep = Render(state(500), Product::kTerraform);
  ASSERT_TRUE(deep.ok) << deep.error;
  EXPECT_NE(deep.output.find(std::string(4 * 500, ' ') + "[]"), std::string::npos);
  DocumentResult deeper = Render(state(600), Product::kTerraform);
  EXPECT_FALSE(deeper.ok);
  EXPECT_NE(deeper.error.find("nesting deeper than 512 levels"), std::string::npos) << deeper.error;
}

// StateText::Scan reads the values while the parse checks them, so it meets text the parse
// then refuses: with a quote or a bracket put anywhere into a state, the parse's answer
// (its error, or the document) is the one it gives without the scan, and the scan stops
// (it once looped for ever on an element followed by neither ',' nor ']').
TEST(StateRenderer, ScanOfMalformedTextLeavesTheParsesAnswer) {
  const std::string state = kState;
  base::Executor executor(2);
  for (char inserted : {'"', '}', ']', '['}) {
    for (size_t at = 0; at <= state.size(); ++at) {
      std::string text = state;
      text.insert(at, 1, inserted);
      structured::ParseOptions options;
      options.unbuilt_top_level_keys = {"values"};
      const structured::ParseResult plain = structured::ParseJson(text, options);
      StateText::Scan scan;
      options.executor = &executor;
      options.read_unbuilt = [&](std::string_view source, size_t begin) { return scan.Read(source, begin); };
      structured::internal::ParallelParse parallel;
      parallel.min_bytes = 0;
      const structured::ParseResult scanned = structured::internal::ParseJsonParallel(text, options, parallel);
      ASSERT_EQ(plain.ok(), scanned.ok()) << text;
      if (!plain.ok()) {
        EXPECT_EQ(plain.error().ToString("f"), scanned.error().ToString("f")) << text;
      }
    }
  }
}

}  // namespace
}  // namespace planview::renderer
