// An example of embedding planview's diff model: reads a plan (and its provider schemas),
// computes every resource's diff tree with the library, then walks each tree through its
// visitor (change/diff_visitor.h) and prints its own compact summary: which attributes
// change, and how.
//
//   bazel run //examples:plan_summary -- "$PWD/testdata/examples/plan.json" "$PWD/testdata/examples/schemas.json"
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "change/diff.h"
#include "change/diff_visitor.h"
#include "change/redaction.h"
#include "renderer/json_fields.h"
#include "renderer/options.h"
#include "renderer/plan.h"
#include "renderer/plan_renderer.h"
#include "renderer/schema_source.h"
#include "structured/json_parse.h"
#include "structured/json_path.h"
#include "structured/schema.h"

namespace {

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

// A changed leaf of a diff tree: its path below the resource and its action.
struct Leaf {
  std::string path;
  planview::Action action;
  std::string_view kind;
};

// Walks a diff tree through its visitor (change/diff_visitor.h) and lists the changed
// nodes with nothing changed below them. Children are named by attribute, map key or block
// type and key ("tags[\"Name\"]", "ebs_block_device[1]"); nothing under a sensitive value
// or a block of a block type marked sensitive is listed (change/redaction.h's policy).
class LeafFinder final : public planview::change::DiffVisitor {
 public:
  explicit LeafFinder(std::vector<Leaf>& leaves) : leaves_(leaves) {}

  // Whether `node` changes; lists it when nothing below it does.
  bool Walk(const planview::change::Diff& node, const std::string& path) {
    const std::string* outer_path = path_;
    bool outer_changed = changed_;
    path_ = &path;
    changed_ = false;
    node.Accept(*this);
    const bool changed_below = changed_;
    path_ = outer_path;
    changed_ = outer_changed;
    const bool changed = node.action() != planview::Action::kNoOp;
    if (changed && !changed_below) {
      leaves_.push_back({path, node.action(),
                         node.valid() ? planview::change::RendererTypeName(node.renderer()->kind()) : ""});
    }
    return changed;
  }

  void Sequence(const planview::change::Diff&, const planview::change::SequenceNode& s) override {
    const std::string& path = *path_;
    for (size_t i = 0; i < s.elements.size(); ++i) Child(s.elements[i], fmt::format("{}[{}]", path, i));
  }
  void Map(const planview::change::Diff&, const planview::change::MapNode& m) override { Children(m.elements, nullptr); }
  void Object(const planview::change::Diff&, const planview::change::ObjectNode& o) override {
    Children(o.attributes, nullptr);
  }
  void Block(const planview::change::Diff&, const planview::change::BlockNode& b) override {
    const planview::change::Blocks& blocks = b.blocks;
    Children(b.attributes, nullptr);
    const std::string path = *path_;
    for (const auto& [type, block] : blocks.single_blocks) Child(kHide.Present(block, blocks, type), Step(path, type));
    for (const auto* groups : {&blocks.list_blocks, &blocks.set_blocks}) {
      for (const auto& [type, group] : *groups) {
        for (size_t i = 0; i < group.size(); ++i) {
          Child(kHide.Present(group[i], blocks, type), fmt::format("{}[{}]", Step(path, type), i));
        }
      }
    }
    for (const auto& [type, group] : blocks.map_blocks) {
      const std::string type_path = Step(path, type);
      path_ = &type_path;
      Children(group, &blocks, type);
      path_ = &path;
    }
  }
  void TypeChange(const planview::change::Diff&, const planview::change::Diff& before,
                  const planview::change::Diff& after) override {
    Child(before, *path_);
    Child(after, *path_);
  }
  void Unknown(const planview::change::Diff&, const planview::change::Diff& before) override { Child(before, *path_); }
  // Primitive, Sensitive (hidden) and WriteOnly nodes have no children to list.

 private:
  static constexpr planview::change::Redaction kHide{};

  static std::string Step(const std::string& path, std::string_view key) {
    std::string out = path;
    planview::structured::AppendKeyStep(out, key);
    return out;
  }
  void Child(const planview::change::Diff& child, const std::string& path) {
    const std::string* here = path_;
    const bool changed = changed_;
    changed_ = Walk(child, path) || changed;
    path_ = here;
  }
  // Children by key; the blocks of block type `type` when `blocks` is set.
  void Children(const planview::change::DiffMap& children, const planview::change::Blocks* blocks,
                std::string_view type = {}) {
    const std::string path = *path_;
    for (const auto& [key, child] : children) {
      Child(blocks != nullptr ? kHide.Present(child, *blocks, type) : child, Step(path, key));
    }
  }

  std::vector<Leaf>& leaves_;
  const std::string* path_ = nullptr;
  bool changed_ = false;
};

size_t PrintResource(const planview::renderer::ResourceDiff& d) {
  const planview::renderer::ResourceChange& r = *d.resource;
  std::string moved = r.Moved() ? fmt::format(" (moved from {})", r.previous_address) : "";
  std::fputs(fmt::format("  {} {}{}\n", Symbol(planview::ActionName(r.action)), r.address, moved).c_str(), stdout);
  if (!d.diff.valid()) return 0;
  std::vector<Leaf> leaves;
  LeafFinder(leaves).Walk(d.diff, "");
  for (const Leaf& leaf : leaves) {
    std::fputs(fmt::format("      {} {} ({})\n", Symbol(planview::ActionName(leaf.action)), leaf.path, leaf.kind).c_str(),
               stdout);
  }
  return leaves.size();
}

std::shared_ptr<const planview::structured::Document> Load(const char* path) {
  auto text = planview::structured::ReadInputFile(path);
  if (!text) {
    std::fprintf(stderr, "plan_summary: %s\n", text.error().message.c_str());
    return nullptr;
  }
  planview::structured::ParseResult parsed = planview::structured::ParseJson(std::move(*text));
  if (!parsed.ok()) {
    std::fprintf(stderr, "plan_summary: %s\n", parsed.error().ToString(path).c_str());
    return nullptr;
  }
  return std::move(*parsed);
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
  auto schemas = planview::structured::ProviderSchemas::Parse(schemas_json);
  if (!schemas) {
    std::fprintf(stderr, "plan_summary: %s: %s\n", argv[2], schemas.error().message.c_str());
    return 1;
  }
  planview::base::Expected<planview::renderer::Plan> read = planview::renderer::Plan::FromJson(plan_json->root());
  if (!read) {
    std::fprintf(stderr, "plan_summary: %s: %s\n", argv[1], read.error().message.c_str());
    return 1;
  }
  {
    const planview::renderer::Plan& plan = *read;
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
  }
  return 0;
}
