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
#include "structured/json_parse.h"

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
  ASSERT_TRUE(got.ok()) << name << ": " << got.error->ToString(name);
  EXPECT_EQ(Compare(got.document->root(), want, "$"), "") << name;
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

}  // namespace
}  // namespace planview::bench
