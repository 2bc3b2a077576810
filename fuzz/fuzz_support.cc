#include "fuzz/fuzz_support.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/executor.h"
#include "structured/compact_json.h"
#include "structured/json_parse.h"

#ifndef PLANVIEW_SOURCE_ROOT
#define PLANVIEW_SOURCE_ROOT ""
#endif

namespace planview::fuzz {

namespace {

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "fuzz: %s\n", message.c_str());
  std::abort();
}

std::string FindRepoPath(std::string_view relative_path) {
  std::vector<std::string> roots;
  if (const char* root = std::getenv("PLANVIEW_FUZZ_ROOT")) roots.emplace_back(root);
  roots.emplace_back(".");
  if (*PLANVIEW_SOURCE_ROOT != '\0') roots.emplace_back(PLANVIEW_SOURCE_ROOT);
  for (const std::string& root : roots) {
    std::string path = root + "/" + std::string(relative_path);
    if (std::filesystem::exists(path)) return path;
  }
  Die(fmt::format("{} not found (set PLANVIEW_FUZZ_ROOT to the repository)", relative_path));
}

std::string ReadWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) Die(fmt::format("cannot read {}", path));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Adds the members of `from` missing in `into` (both objects; `into` is created if null).
void AddMissingMembers(nlohmann::json& into, const nlohmann::json& from) {
  if (!from.is_object()) return;
  if (!into.is_object()) into = nlohmann::json::object();
  for (const auto& [key, value] : from.items()) {
    if (!into.contains(key)) into[key] = value;
  }
}

// Merges provider schemas documents: a resource type seen in several documents (the
// upstream cases each declare their own `test_instance`) gets the union of their
// attributes and nested block types, the first definition of each name winning.
void MergeSchemas(nlohmann::json& merged, const nlohmann::json& document) {
  const auto providers = document.find("provider_schemas");
  if (providers == document.end() || !providers->is_object()) return;
  for (const auto& [provider, schemas] : providers->items()) {
    nlohmann::json& target = merged["provider_schemas"][provider];
    if (!schemas.is_object()) continue;
    for (const auto& [section, types] : schemas.items()) {
      if (section == "provider") {
        if (!target.contains("provider")) target["provider"] = types;
        continue;
      }
      if (!types.is_object()) continue;
      for (const auto& [type, schema] : types.items()) {
        nlohmann::json& existing = target[section][type];
        if (existing.is_null()) {
          existing = schema;
          continue;
        }
        const auto block = schema.find("block");
        if (block == schema.end() || !block->is_object()) continue;
        for (const char* part : {"attributes", "block_types"}) {
          const auto members = block->find(part);
          if (members != block->end()) AddMissingMembers(existing["block"][part], *members);
        }
      }
    }
  }
}

std::vector<std::filesystem::path> SortedEntries(const std::string& dir) {
  std::vector<std::filesystem::path> entries;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) entries.push_back(entry.path());
  std::sort(entries.begin(), entries.end());
  return entries;
}

struct Fixed {
  std::shared_ptr<const structured::Document> document;
  std::optional<structured::ProviderSchemas> schemas;
};

Fixed LoadFixed() {
  nlohmann::json merged = {{"format_version", "1.0"}, {"provider_schemas", nlohmann::json::object()}};
  for (const auto& dir : SortedEntries(FindRepoPath("testdata/conformance/equivalence"))) {
    std::filesystem::path file = dir / "schemas.json";
    if (std::filesystem::exists(file)) MergeSchemas(merged, nlohmann::json::parse(ReadWhole(file.string())));
  }
  for (const auto& file : SortedEntries(FindRepoPath("testdata/conformance/upstream/plan_resource"))) {
    if (file.extension() != ".json") continue;
    nlohmann::json test_case = nlohmann::json::parse(ReadWhole(file.string()));
    const nlohmann::json& schemas = test_case["input"]["schemas_json"];
    if (schemas.is_object()) MergeSchemas(merged, schemas);
    if (schemas.is_string()) MergeSchemas(merged, nlohmann::json::parse(schemas.get<std::string>()));
  }
  structured::ParseResult parsed = structured::ParseJson(merged.dump());
  if (!parsed.ok()) Die("fixed schemas: " + parsed.error().ToString("merged schemas"));
  Fixed fixed;
  fixed.document = parsed.value();
  base::Expected<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.value());
  if (!schemas) Die("fixed schemas: " + schemas.error().message);
  fixed.schemas = std::move(*schemas);
  return fixed;
}

}  // namespace

void RunOnLargeStack(const std::function<void()>& work) {
  static base::Executor executor(1);
  executor.RunOnLargeStack([&] {
    work();
    return 0;
  });
}

std::string ReadRepoFile(std::string_view relative_path) { return ReadWhole(FindRepoPath(relative_path)); }

const structured::ProviderSchemas& FixedSchemas() {
  static const Fixed fixed = LoadFixed();
  return *fixed.schemas;
}

std::string_view FixedSchemasFormatVersion() { return "1.0"; }

void InvariantFailed(std::string_view what, size_t input_size) {
  Die(fmt::format("invariant failed on a {}-byte input: {}", input_size, what));
}

std::string ToJsonText(structured::Value value) {
  std::string out;
  structured::AppendCompactJson(out, value);
  return out;
}

}  // namespace planview::fuzz
