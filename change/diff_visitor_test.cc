// The visitor over real trees: upstream's differ and renderer conformance cases (their
// `oracle_diff` / `input.diff`), read back into diff trees and walked by an outline
// visitor that writes one line per node: where it sits, its action, its replace flag,
// its kind and what that kind holds. (Every kind and field is also walked, over all 323
// differ cases, by the dump writer: //change:diff_dump_conformance_test.)
#include "change/diff_visitor.h"

#include <string>

#include "change/diff_dump.h"
#include "change/diff_from_dump.h"
#include "change/testing/conformance_case.h"
#include "fmt/format.h"
#include "gtest/gtest.h"

namespace planview::change {
namespace {

class Outline final : public DiffVisitor {
 public:
  std::string text;

  void Walk(std::string_view where, const Diff& node) {
    const int depth = depth_;
    text += fmt::format("{:{}}{} {}{}", "", depth * 2, where, ActionName(node.action()), node.replace() ? " replace" : "");
    if (!node.valid()) text += " (empty)\n";
    ++depth_;
    node.Accept(*this);
    depth_ = depth;
  }

  void Primitive(const Diff&, const PrimitiveNode& p) override {
    text += fmt::format(" primitive {} {} -> {}\n", p.type.ToJson(), Json(p.before), Json(p.after));
  }
  void Sequence(const Diff&, const SequenceNode& s) override {
    text += fmt::format(" {}{}{}\n", s.set ? "set" : "list", s.display_context ? " context" : "",
                        s.override_forces_replacement ? " pushes-replace" : "");
    for (size_t i = 0; i < s.elements.size(); ++i) Walk(fmt::format("[{}]", i), s.elements[i]);
  }
  void Map(const Diff&, const MapNode& m) override {
    text += fmt::format(" map{}\n", m.align_keys ? " aligned" : "");
    for (const auto& [key, element] : m.elements) Walk(fmt::format("[{:?}]", key), element);
  }
  void Object(const Diff&, const ObjectNode& o) override {
    text += " object\n";
    for (const auto& [key, attribute] : o.attributes) Walk(key, attribute);
  }
  void Block(const Diff&, const BlockNode& b) override {
    text += " block\n";
    for (const auto& [key, attribute] : b.attributes) Walk(key, attribute);
    for (const auto& [type, block] : b.blocks.single_blocks) Walk(Type("single", b, type), block);
    for (const auto& [type, group] : b.blocks.map_blocks) {
      for (const auto& [key, block] : group) Walk(fmt::format("{}[{:?}]", Type("map", b, type), key), block);
    }
  }
  void Sensitive(const Diff&, const SensitiveNode& s) override {
    text += fmt::format(" sensitive{} before={} after={}\n", s.block ? " block" : "", s.before_sensitive,
                        s.after_sensitive);
    Walk("inner", s.inner);
  }
  void TypeChange(const Diff&, const Diff& before, const Diff& after) override {
    text += " type change\n";
    Walk("before", before);
    Walk("after", after);
  }
  void Unknown(const Diff&, const Diff& before) override {
    text += " unknown\n";
    Walk("before", before);
  }
  void WriteOnly(const Diff&, bool sensitive) override { text += fmt::format(" write-only{}\n", sensitive ? " sensitive" : ""); }

 private:
  static std::string Json(const structured::Value& v) {
    std::string out;
    dump::AppendJsonValue(out, v);
    return out;
  }
  // A nested block type with its flags.
  static std::string Type(std::string_view mode, const BlockNode& b, const std::string& type) {
    auto flag = [&](const renderers::FlatMap<bool>& flags) {
      auto it = flags.find(type);
      return it != flags.end() && it->second;
    };
    return fmt::format("{} {}{}{}{}", mode, type, flag(b.blocks.replace_blocks) ? " replace-all" : "",
                       flag(b.blocks.before_sensitive_blocks) ? " sensitive-before" : "",
                       flag(b.blocks.after_sensitive_blocks) ? " sensitive-after" : "");
  }

  int depth_ = 0;
};

// The outline of a case's diff (`oracle_diff`, or `input.diff` for renderer cases).
std::string OutlineOf(const std::string& path) {
  testing::LoadedCase c = testing::LoadCase(path);
  EXPECT_TRUE(c.error.empty()) << c.error;
  structured::Value dump = c.root.find("oracle_diff");
  if (dump.absent()) dump = c.root.find("input").find("diff");
  base::Expected<Diff> diff = DiffFromDump(dump);
  EXPECT_TRUE(diff.ok()) << diff.error().message;
  if (!diff) return "";
  Outline outline;
  outline.Walk("$", *diff);
  return outline.text;
}

constexpr char kDiffer[] = "testdata/conformance/upstream/differ/";
constexpr char kRenderers[] = "testdata/conformance/upstream/renderers/";

TEST(DiffVisitor, BlockWithAttributesAndAnUnknownNestedBlock) {
  EXPECT_EQ(OutlineOf(std::string(kDiffer) + "TestSpecificCases__issues__1805__update_with_unknown_dynamic_nested_block.json"),
            "$ Update block\n"
            "  attribute_one Update primitive \"string\" \"before_value_attr_1\" -> \"after_value_attr_1\"\n"
            "  attribute_two Delete primitive \"string\" \"before_value_attr_2\" -> null\n"
            "  single nested_unknown_block Create unknown\n"
            "    before NoOp (empty)\n");
}

TEST(DiffVisitor, MapBlocksByKey) {
  EXPECT_EQ(OutlineOf(std::string(kRenderers) + "TestRenderers_Human__map_block_update.json"),
            "$ NoOp block\n"
            "  map list_blocks[\"key:two\"] Update block\n"
            "    number Delete primitive \"number\" 1 -> null\n"
            "    string Update primitive \"string\" \"old\" -> \"new\"\n"
            "  map list_blocks[\"key_one\"] Update block\n"
            "    number Update primitive \"number\" 1 -> 2\n"
            "    string Create primitive \"string\" null -> \"new\"\n");
}

TEST(DiffVisitor, SensitiveNodesGiveTheirSidesAndTheirInnerValue) {
  EXPECT_EQ(OutlineOf(std::string(kRenderers) + "TestRenderers_Human__list_update_sensitive_element.json"),
            "$ Update list context\n"
            "  [0] Update sensitive before=true after=true\n"
            "    inner Update primitive \"number\" 0 -> 1\n");
  EXPECT_EQ(OutlineOf(std::string(kRenderers) + "TestRenderers_Human__sensitive_block.json"),
            "$ Update sensitive block before=true after=true\n"
            "  inner NoOp block\n");
}

TEST(DiffVisitor, WriteOnlyAttributesAndReplaceFlags) {
  EXPECT_EQ(OutlineOf(std::string(kDiffer) + "TestValue_SimpleBlocks__update_with_write_only_value.json"),
            "$ Update block\n"
            "  write_only_attribute Update replace write-only\n");
}

TEST(DiffVisitor, EmptyDiffCallsNothing) {
  Outline outline;
  Diff().Accept(outline);
  EXPECT_EQ(outline.text, "");
}

}  // namespace
}  // namespace planview::change
