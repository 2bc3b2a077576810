// Every kernel this CPU runs gives the same results: the same documents, the same errors
// at the same offsets, the same container ends. And PLANVIEW_KERNEL really forces one.
#include "structured/internal/kernels/kernel.h"

#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "structured/document_builder.h"
#include "structured/json_parse.h"
#include "structured/json_skip.h"

namespace planview::structured::internal {
namespace {

std::vector<const Kernel*> UsableKernels() {
  std::vector<const Kernel*> usable;
  for (const Kernel* k : BuiltKernels()) {
    if (k->usable()) usable.push_back(k);
  }
  return usable;
}

TEST(Kernel, ForcedByTheEnvironment) {
  EXPECT_EQ(KernelOverrideError(), "");
  const char* forced = std::getenv("PLANVIEW_KERNEL");
  if (forced != nullptr) {
    EXPECT_STREQ(ActiveKernel().name, forced);
  } else {
    // Unforced: the fastest kernel this CPU runs (the last usable one).
    EXPECT_EQ(&ActiveKernel(), UsableKernels().back());
  }
  EXPECT_STREQ(BuiltKernels().front()->name, "scalar");
}

struct Outcome {
  bool ok = false;
  std::shared_ptr<const Document> document;
  std::string message;
  size_t offset = 0;
};

Outcome ParseWith(const Kernel& kernel, const std::string& input, const ParseOptions& options) {
  auto owner = std::make_shared<std::string>(input);
  owner->append(kParsePadding, '\0');
  std::string_view text(owner->data(), input.size());
  DocumentBuilder builder(text, owner);
  ParallelParse parallel;
  parallel.min_bytes = 0;
  KernelParseResult r = kernel.parse(owner->data(), input.size(), builder, options, parallel, false);
  Outcome out;
  out.ok = r.ok;
  if (r.ok) out.document = builder.Finish();
  out.message = r.message;
  out.offset = r.offset;
  return out;
}

// Random JSON-like text: mostly valid, with strings full of escapes, multi-byte and
// invalid UTF-8, control characters, brackets inside strings, and now and then a
// mistake, in pieces that straddle the 32- and 64-byte blocks.
std::string RandomText(std::mt19937& rng) {
  static const char* const kPieces[] = {
      "{\"a\":",  "[",         "]",           "}",        ",",         "\"x\"",        "\"\\\\\"",
      "\"\\\"\"", "\"\\u00e9\"", "\"\\ud83d\\ude00\"", "\"\\ud800\"", "\"\xC3\xA9\"", "\"\xF0\x9F\x98\x80\"",
      "\"\xC3\"", "\"\xED\xA0\x80\"", "\"\x01\"", "123",      "-0.5e+7",   "true",         "null",
      "\"{[}]\"", "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"", " ",  "\n",   "\"a\\/b\\t\"", "\"\\x\"",
  };
  std::string text = "{\"k\":[";
  size_t n = 1 + rng() % 60;
  for (size_t i = 0; i < n; ++i) text += kPieces[rng() % (sizeof kPieces / sizeof *kPieces)];
  return text + "],\"skip\":[\"\\\\\",{\"b\":[1,\"]\"]}],\"end\":1}";
}

TEST(Kernel, AllKernelsParseAlike) {
  std::vector<const Kernel*> kernels = UsableKernels();
  ASSERT_GE(kernels.size(), 1u);
  ParseOptions skipping;
  skipping.skip_top_level_keys = {"skip"};
  base::Executor executor(2);
  skipping.executor = &executor;
  std::mt19937 rng(19);
  int valid = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = RandomText(rng);
    for (const ParseOptions& options : {ParseOptions{}, skipping}) {
      Outcome first = ParseWith(*kernels[0], text, options);
      valid += first.ok;
      for (size_t k = 1; k < kernels.size(); ++k) {
        Outcome other = ParseWith(*kernels[k], text, options);
        ASSERT_EQ(first.ok, other.ok) << kernels[k]->name << " on " << text;
        if (first.ok) {
          ASSERT_TRUE(first.document->root().Equals(other.document->root())) << kernels[k]->name << " on " << text;
        } else {
          ASSERT_EQ(first.message, other.message) << kernels[k]->name << " on " << text;
          ASSERT_EQ(first.offset, other.offset) << kernels[k]->name << " on " << text;
        }
      }
    }
  }
  // Both kinds of text were tried.
  EXPECT_GT(valid, 50);
  EXPECT_LT(valid, 5700);
}

// A value past the builder's capacity stops the parse: the builder's message, at the
// container that passed it, before any syntax error further on.
TEST(Kernel, StopsWhereTheBuilderFails) {
  DocumentBuilder::Limits limits;
  limits.children = 3;
  ParseOptions skipping;
  skipping.skip_top_level_keys = {"x"};
  struct Case {
    std::string text;
    const ParseOptions* options;
    size_t offset;  // of the closing bracket of the container with four children
  };
  ParseOptions plain;
  const std::string nested = R"({"a":[1,2,3,[{"b":4}]],"c":[1,2,3,4],"d":tru})";
  const std::string root = R"({"x":[1,2,3,4,5],"a":1,"b":{},"c":[[]],"d":"e"})";
  for (const Case& c : {Case{nested, &plain, nested.find("]]") + 1},
                        Case{nested, &skipping, nested.find("]]") + 1},
                        Case{root, &skipping, root.size() - 1}}) {
    for (const Kernel* k : UsableKernels()) {
      auto owner = std::make_shared<std::string>(c.text);
      owner->append(kParsePadding, '\0');
      DocumentBuilder builder(std::string_view(owner->data(), c.text.size()), owner, limits);
      ParallelParse parallel;
      parallel.min_bytes = 0;
      KernelParseResult r = k->parse(owner->data(), c.text.size(), builder, *c.options, parallel, false);
      EXPECT_FALSE(r.ok) << k->name << " on " << c.text;
      ASSERT_TRUE(r.too_large.has_value()) << k->name << " on " << c.text;
      EXPECT_EQ(r.too_large->message, "JSON container has too many elements") << k->name;
      EXPECT_TRUE(r.too_large->limit);
      EXPECT_EQ(r.too_large->offset, c.offset) << k->name << " on " << c.text;
    }
  }
}

TEST(Kernel, AllKernelsSkipAlike) {
  std::vector<const Kernel*> kernels = UsableKernels();
  std::mt19937 rng(16);
  const char kBytes[] = "{}[]\"\\a \xff";
  for (int round = 0; round < 3000; ++round) {
    std::string text(1 + rng() % 300, ' ');
    for (char& c : text) c = kBytes[rng() % (sizeof kBytes - 1)];
    text[0] = '[';
    std::string padded = text + std::string(kParsePadding, '\0');
    size_t first = kernels[0]->skip_container(padded.data(), 0, text.size());
    for (const Kernel* k : kernels) ASSERT_EQ(k->skip_container(padded.data(), 0, text.size()), first) << k->name;
  }
}

}  // namespace
}  // namespace planview::structured::internal
