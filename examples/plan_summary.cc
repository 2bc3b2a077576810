// An example of embedding planview's diff model: reads a plan (and its provider schemas),
// computes every resource's diff tree with the library, then walks each tree itself and
// prints its own compact summary: which attributes change, and how.
//
//   bazel run //examples:plan_summary -- "$PWD/testdata/examples/plan.json" "$PWD/testdata/examples/schemas.json"
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "change/diff.h"
#include "change/diff_dump.h"
#include "renderer/json_fields.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/plan_renderer.h"
#include "renderer/schema_source.h"
#include "structured/json_parse.h"
#include "structured/json_path.h"
#include "structured/schema.h"

namespace {

using planview::structured::Value;

std::string_view Symbol(std::string_view action) {
  if (action == "Create") return "+";
  if (action == "Delete") return "-";
  if (action == "Update") return "~";
  if (action == "Read") return "<=";
  if (action == "Forget") return ".";
  if (action == "DeleteThenCreate") return "-/+";
  if (action == "CreateThenDelete") return "+/-";
  if (action == "ForgetThenCreate") return "./+";
  return " ";
}

bool IsDiff(Value v) { return v.is_object() && !v.find("action").absent() && !v.find("renderer").absent(); }

// A changed leaf of a diff tree: its path below the resource and its action.
struct Leaf {
  std::string path;
  std::string_view action;
  std::string_view kind;
};

// Walks the tree's JSON form (change::DumpDiff): a diff node is {"action", "replace",
// "renderer"}; a renderer's fields hold child diffs directly, in arrays (elements by index)
// or in objects keyed by attribute, map key or block name.
bool Walk(Value v, const std::string& path, std::vector<Leaf>& leaves) {
  if (IsDiff(v)) {
    std::string_view action = v.find("action").text();
    Value renderer = v.find("renderer");
    bool changed_below = Walk(renderer, path, leaves);
    if (action != "NoOp" && !changed_below) leaves.push_back({path, action, renderer.find("type").text()});
    return action != "NoOp";
  }
  bool changed = false;
  if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) changed |= Walk(v.at(i), fmt::format("{}[{}]", path, i), leaves);
  } else if (v.is_object()) {
    bool is_renderer = !v.find("type").absent();  // field names are not part of the path
    for (size_t i = 0; i < v.size(); ++i) {
      planview::structured::Member m = v.member(i);
      std::string child = path;
      if (!is_renderer) planview::structured::AppendKeyStep(child, m.key);
      changed |= Walk(m.value, child, leaves);
    }
  }
  return changed;
}

size_t PrintResource(const planview::renderer::ResourceDiff& d) {
  const planview::renderer::ResourceChange& r = *d.resource;
  std::string moved = r.Moved() ? fmt::format(" (moved from {})", r.previous_address) : "";
  std::fputs(fmt::format("  {} {}{}\n", Symbol(planview::ActionName(r.action)), r.address, moved).c_str(), stdout);
  if (!d.diff.valid()) return 0;
  // Redacted: nothing under a sensitive node (its map keys included) is listed.
  std::string dump = planview::change::DumpDiff(d.diff, planview::change::Redaction{});
  planview::structured::ParseResult tree = planview::structured::ParseJson(std::move(dump));
  if (!tree.ok()) return 0;
  std::vector<Leaf> leaves;
  Walk(tree.document->root(), "", leaves);
  for (const Leaf& leaf : leaves) {
    std::fputs(fmt::format("      {} {} ({})\n", Symbol(leaf.action), leaf.path, leaf.kind).c_str(), stdout);
  }
  return leaves.size();
}

std::optional<planview::structured::ParseResult> Load(const char* path) {
  std::string text;
  std::string error;
  if (!planview::structured::ReadInputFile(path, text, error)) {
    std::fprintf(stderr, "plan_summary: %s\n", error.c_str());
    return std::nullopt;
  }
  planview::structured::ParseResult parsed = planview::structured::ParseJson(std::move(text));
  if (!parsed.ok()) {
    std::fprintf(stderr, "plan_summary: %s\n", parsed.error->ToString(path).c_str());
    return std::nullopt;
  }
  return parsed;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fputs("usage: plan_summary PLAN.json SCHEMAS.json\n", stderr);
    return 2;
  }
  auto plan_json = Load(argv[1]);
  auto schemas_json = Load(argv[2]);
  if (!plan_json || !schemas_json) return 1;
  std::string error;
  auto schemas = planview::structured::ProviderSchemas::Parse(schemas_json->document, error);
  if (!schemas) {
    std::fprintf(stderr, "plan_summary: %s: %s\n", argv[2], error.c_str());
    return 1;
  }
  try {
    planview::renderer::Plan plan = planview::renderer::Plan::FromJson(plan_json->document->root());
    planview::renderer::SchemaSource source(&*schemas);
    planview::renderer::Warnings warnings;
    planview::renderer::PlanDiffs diffs =
        planview::renderer::ComputePlanDiffs(plan, source, planview::renderer::PlanMode::kNormal, warnings);
    size_t resources = 0;
    size_t attributes = 0;
    if (!diffs.drift.empty()) std::fputs("drift:\n", stdout);
    for (const auto& d : diffs.drift) {
      attributes += PrintResource(d);
      ++resources;
    }
    std::fputs("changes:\n", stdout);
    for (const auto& d : diffs.changes) {
      attributes += PrintResource(d);
      ++resources;
    }
    for (const auto& o : diffs.outputs) {
      if (o.diff.action() == planview::Action::kNoOp) continue;
      std::fputs(fmt::format("  {} output.{}\n", Symbol(planview::ActionName(o.diff.action())), o.name).c_str(), stdout);
    }
    std::fputs(fmt::format("{} resource entries, {} changed attributes\n", resources, attributes).c_str(), stdout);
    for (const std::string& w : warnings.messages()) std::fprintf(stderr, "plan_summary: warning: %s\n", w.c_str());
  } catch (const planview::renderer::InputError& e) {
    std::fprintf(stderr, "plan_summary: %s: %s\n", argv[1], e.what());
    return 1;
  }
  return 0;
}
