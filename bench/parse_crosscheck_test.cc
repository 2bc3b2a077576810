// Cross-checks structured::ParseJson against nlohmann::json on generated plans (compact
// and indented) and on every JSON file under testdata/: same members in the same
// order, same strings, same numbers.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "bench/plan_generator.h"
#include "bench/rng.h"
#include "structured/json_diagnose.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"

namespace planview::bench {
namespace {

using Reference = nlohmann::ordered_json;

// Empty when equal, else where and how they differ.
std::string Compare(structured::Value got, const Reference& want, const std::string& path) {
  using K = structured::Kind;
  auto differ = [&](std::string_view what) { return path + ": " + std::string(what); };
  switch (want.type()) {
    case Reference::value_t::null: return got.kind() == K::kNull ? "" : differ("want null");
    case Reference::value_t::boolean:
      return got.is_bool() && got.as_bool() == want.get<bool>() ? "" : differ("want a boolean");
    case Reference::value_t::string:
      return got.is_string() && got.text() == want.get_ref<const std::string&>() ? "" : differ("string differs");
    case Reference::value_t::number_integer:
    case Reference::value_t::number_unsigned:
    case Reference::value_t::number_float: {
      if (!got.is_number()) return differ("want a number");
      double value = std::stod(std::string(got.text()));
      return value == want.get<double>() ? "" : differ("number differs: " + std::string(got.text()));
    }
    case Reference::value_t::array: {
      if (!got.is_array() || got.size() != want.size()) return differ("array differs in size");
      for (size_t i = 0; i < want.size(); ++i) {
        std::string d = Compare(got.at(i), want[i], path + "[" + std::to_string(i) + "]");
        if (!d.empty()) return d;
      }
      return "";
    }
    case Reference::value_t::object: {
      if (!got.is_object()) return differ("want an object");
      // nlohmann keeps the last of duplicate keys only; plans have none.
      if (got.size() != want.size()) return differ("object differs in size");
      size_t i = 0;
      for (const auto& [key, value] : want.items()) {
        structured::Member m = got.member(i++);
        if (m.key != key) return differ("key differs: " + std::string(m.key) + " vs " + key);
        std::string d = Compare(m.value, value, path + "." + key);
        if (!d.empty()) return d;
        if (!got.find(key).Equals(m.value)) return differ("find() differs for " + key);
      }
      return "";
    }
    default: return differ("unexpected reference type");
  }
}

void CrossCheck(const std::string& text, const std::string& name) {
  Reference want = Reference::parse(text);
  structured::ParseResult got = structured::ParseJson(text);
  ASSERT_TRUE(got.ok()) << name << ": " << got.error().ToString(name);
  EXPECT_EQ(Compare(got.value()->root(), want, "$"), "") << name;
}

TEST(ParseCrossCheck, GeneratedPlans) {
  for (uint64_t seed : {1u, 2u, 3u}) {
    for (bool indent : {false, true}) {
      PlanGeneratorOptions options;
      options.target_bytes = 1500000;
      options.seed = seed;
      options.indent = indent;
      CrossCheck(GeneratePlanText(options), "seed " + std::to_string(seed) + (indent ? " indented" : ""));
    }
  }
  CrossCheck(GenerateSchemasText(), "schemas");
}

TEST(ParseCrossCheck, EveryTestdataFile) {
  size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator("testdata")) {
    if (!entry.is_regular_file() || entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    if (!Reference::accept(text)) continue;  // deliberately broken inputs
    CrossCheck(text, entry.path().string());
    ++files;
  }
  EXPECT_GT(files, 700u);
}

TEST(ParseCrossCheck, MutatedPlansAgreeWithTheDiagnoser) {
  // Random damage to a small generated plan: the fast parser must accept exactly what
  // the exact checker accepts, also when skipping top-level sections, and never crash.
  PlanGeneratorOptions options;
  options.resource_blocks = 3;
  options.seed = 9;
  std::string plan = GeneratePlanText(options);
  structured::ParseOptions skipping;
  skipping.skip_top_level_keys = {"planned_values", "prior_state", "configuration"};
  const std::string_view bytes[] = {"\"", "\\", "{", "}", "[", "]", ",", ":", " ", "\n", "0", "-", ".", "e", "u",
                                    "t", "\x01", "\xff", "\xc3\xa9", "\\u", "\\ud800"};
  Rng rng(42);
  size_t accepted = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string text = plan;
    int edits = static_cast<int>(rng.Range(1, 3));
    for (int e = 0; e < edits; ++e) {
      size_t at = rng.Below(text.size());
      std::string_view with = bytes[rng.Below(std::size(bytes))];
      if (rng.Percent(40)) {
        text.replace(at, 1, with);
      } else if (rng.Percent(60)) {
        text.insert(at, with);
      } else {
        text.erase(at, 1);
      }
    }
    bool valid = structured::FindInvalidUtf8(text) == text.size() &&
                 !structured::internal::DiagnoseJson(text, 512).has_value();
    structured::ParseResult full = structured::ParseJson(text);
    structured::ParseResult skipped = structured::ParseJson(text, skipping);
    ASSERT_EQ(full.ok(), valid) << i << ": " << (full.ok() ? "" : full.error().ToString("plan"));
    ASSERT_EQ(skipped.ok(), valid) << i;
    if (!valid) {
      EXPECT_FALSE(full.error().message.empty());
      EXPECT_LE(full.error().offset, text.size());
    }
    accepted += valid;
  }
  EXPECT_GT(accepted, 100u);
}

}  // namespace
}  // namespace planview::bench
