// Every kernel this CPU runs gives the same results: the same documents, the same errors
// at the same offsets, the same container ends, on padded text and on text that ends
// where an unreadable page begins (which none may read past). And PLANVIEW_KERNEL really
// forces one.
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
#include "structured/testing/guarded_bytes.h"
#include "structured/testing/kernel_outcome.h"
#include "structured/testing/random_json_text.h"

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

using Outcome = testing::KernelOutcome;

// Without `guard`: the input followed by kParsePadding zero bytes. With it: the input
// placed there, unpadded (the outcome's document reads it: compare it before the guard
// is used again).
Outcome ParseWith(const Kernel& kernel, const std::string& input, const ParseOptions& options,
                  testing::GuardedBytes* guard = nullptr) {
  return testing::ParseWithKernel(kernel, input, options, guard == nullptr ? std::string_view() : guard->Place(input));
}

// The same outcome (`what` says of which parse, for the message).
void ExpectSame(const Outcome& a, const Outcome& b, const std::string& what) {
  ASSERT_EQ(a.ok, b.ok) << what;
  if (a.ok) {
    ASSERT_TRUE(a.document->root().Equals(b.document->root())) << what;
  } else {
    ASSERT_EQ(a.message, b.message) << what;
    ASSERT_EQ(a.offset, b.offset) << what;
  }
}

TEST(Kernel, AllKernelsParseAlike) {
  std::vector<const Kernel*> kernels = UsableKernels();
  ASSERT_GE(kernels.size(), 1u);
  ParseOptions skipping;
  skipping.skip_top_level_keys = {"skip"};
  base::Executor executor(2);
  skipping.executor = &executor;
  std::mt19937 rng(19);
  testing::GuardedBytes guard(4096);
  int valid = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = testing::RandomJsonText(rng);
    for (const ParseOptions& options : {ParseOptions{}, skipping}) {
      Outcome first = ParseWith(*kernels[0], text, options);
      valid += first.ok;
      for (size_t k = 0; k < kernels.size(); ++k) {
        if (k > 0) ExpectSame(first, ParseWith(*kernels[k], text, options), std::string(kernels[k]->name) + " on " + text);
        ExpectSame(first, ParseWith(*kernels[k], text, options, &guard),
                   std::string(kernels[k]->name) + " unpadded on " + text);
      }
    }
    // A random truncation (most often invalid), unpadded.
    const std::string cut = text.substr(0, rng() % text.size());
    for (const ParseOptions& options : {ParseOptions{}, skipping}) {
      Outcome padded = ParseWith(*kernels[0], cut, options);
      for (const Kernel* k : kernels) {
        ExpectSame(padded, ParseWith(*k, cut, options, &guard), std::string(k->name) + " unpadded on " + cut);
      }
    }
  }
  // Both kinds of text were tried.
  EXPECT_GT(valid, 50);
  EXPECT_LT(valid, 5700);
}

// Texts whose last token ends exactly at the end of readable memory, at every offset
// within the 32- and 64-byte blocks and cut at every length: top-level scalars, strings
// with escapes and non-ASCII bytes, numbers, literals, containers. Unpadded, each parses
// as it does padded (nothing past the end is read: that would fault).
TEST(Kernel, UnpaddedTextEndingAnywhere) {
  const std::vector<std::string> bases = {
      "123",
      "-0.5e+7",
      "0",
      "true",
      "false",
      "null",
      "\"abc\"",
      "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\u00e9\"",
      "\"x\\ud83d\\ude00\\n\\\"\xC3\xA9\"",
      "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\t\"",
      "[1,2.5,true,null,\"s\",{\"k\":-3e2}]",
      "{\"a\":{\"b\":[\"\\\\\",\"]\"]},\"skip\":[{\"c\":\"}\"}],\"n\":12345678901234567890}",
  };
  std::vector<const Kernel*> kernels = UsableKernels();
  ParseOptions skipping;
  skipping.skip_top_level_keys = {"skip"};
  testing::GuardedBytes guard(4096);
  int valid = 0, cuts = 0;
  for (const std::string& base : bases) {
    for (size_t lead : {0, 1, 2, 3, 29, 30, 31, 32, 33, 61, 62, 63, 64, 65}) {
      const std::string text = std::string(lead, ' ') + base;
      for (size_t length = 0; length <= text.size(); ++length) {
        const std::string cut = text.substr(0, length);
        for (const ParseOptions& options : {ParseOptions{}, skipping}) {
          Outcome padded = ParseWith(*kernels[0], cut, options);
          valid += padded.ok;
          ++cuts;
          for (const Kernel* k : kernels) {
            ExpectSame(padded, ParseWith(*k, cut, options, &guard), std::string(k->name) + " unpadded on " + cut);
          }
        }
      }
    }
  }
  EXPECT_GT(valid, 14 * 12 * 2);  // every whole text, and cuts such as "12" and "-0.5"
  EXPECT_LT(valid, cuts / 2);
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
      KernelParseResult r = k->parse(owner->data(), c.text.size(), true, builder, *c.options, parallel, false);
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
  testing::GuardedBytes guard(4096);
  for (int round = 0; round < 3000; ++round) {
    std::string text(1 + rng() % 300, ' ');
    for (char& c : text) c = kBytes[rng() % (sizeof kBytes - 1)];
    text[0] = '[';
    std::string padded = text + std::string(kParsePadding, '\0');
    const std::string_view guarded = guard.Place(text);  // unpadded: nothing past it may be read
    size_t first = kernels[0]->skip_container(padded.data(), 0, text.size());
    for (const Kernel* k : kernels) {
      ASSERT_EQ(k->skip_container(padded.data(), 0, text.size()), first) << k->name;
      ASSERT_EQ(k->skip_container(guarded.data(), 0, text.size()), first) << k->name << " unpadded";
    }
  }
}

}  // namespace
}  // namespace planview::structured::internal
