#include "change/diff_dump.h"

#include <span>
#include <vector>

#include "change/diff_visitor.h"
#include "structured/compact_json.h"
#include "structured/json_text.h"

namespace planview::change {

namespace {

// `"key":`, after a comma unless `first`.
void AppendKey(std::string& out, std::string_view key, bool first) {
  if (!first) out.push_back(',');
  structured::AppendJsonString(out, key);
  out.push_back(':');
}

}  // namespace

namespace dump {

void AppendJsonValue(std::string& out, const structured::Value& value) {
  structured::AppendCompactJson(out, value, {.go_strings = false, .sorted_keys = true});
}

}  // namespace dump

namespace {

using structured::AppendJsonString;
using dump::AppendJsonValue;

void AppendBool(std::string& out, std::string_view key, bool value) {
  AppendKey(out, key, false);
  out.append(value ? "true" : "false");
}

// Writes each node it visits; the one place the JSON form applies the redaction policy
// (sensitive nodes, and blocks through Redaction::Present).
class DumpWriter final : public DiffVisitor {
 public:
  DumpWriter(std::string& out, const Redaction& redaction) : out_(out), redaction_(redaction) {}

  void Node(const Diff& diff) {
    out_.append("{\"action\":");
    AppendJsonString(out_, ActionName(diff.action()));
    out_.append(",\"replace\":");
    out_.append(diff.replace() ? "true" : "false");
    out_.append(",\"renderer\":");
    if (diff.valid()) {
      out_.append("{\"type\":");
      AppendJsonString(out_, RendererTypeName(diff.renderer()->kind()));
      diff.Accept(*this);
      out_.push_back('}');
    } else {
      out_.append("null");
    }
    out_.push_back('}');
  }

  void Primitive(const Diff& /*node*/, const PrimitiveNode& p) override {
    out_.append(",\"before\":");
    AppendJsonValue(out_, p.before);
    out_.append(",\"after\":");
    AppendJsonValue(out_, p.after);
    out_.append(",\"ctype\":");
    out_.append(p.type.ToJson());
  }

  void Sequence(const Diff& /*node*/, const SequenceNode& s) override {
    if (s.set) {
      AppendBool(out_, "overrideForcesReplacement", s.override_forces_replacement);
    } else {
      AppendBool(out_, "displayContext", s.display_context);
    }
    out_.append(",\"elements\":");
    Array(s.elements, nullptr, {});
  }

  void Map(const Diff& /*node*/, const MapNode& m) override {
    AppendBool(out_, "alignKeys", m.align_keys);
    AppendBool(out_, "overrideForcesReplacement", m.override_forces_replacement);
    AppendBool(out_, "overrideNullSuffix", m.override_null_suffix);
    out_.append(",\"elements\":");
    Object(m.elements, nullptr, {});
  }

  void Object(const Diff& /*node*/, const ObjectNode& o) override {
    AppendBool(out_, "overrideNullSuffix", o.override_null_suffix);
    out_.append(",\"attributes\":");
    Object(o.attributes, nullptr, {});
  }

  void Block(const Diff& /*node*/, const BlockNode& b) override {
    const Blocks& blocks = b.blocks;
    out_.append(",\"attributes\":");
    Object(b.attributes, nullptr, {});
    out_.append(",\"blocks\":{\"type\":\"Blocks\",\"SingleBlocks\":{");
    bool first = true;
    for (const auto& [type, block] : blocks.single_blocks) {
      AppendKey(out_, type, first);
      first = false;
      Node(redaction_.Present(block, blocks, type));
    }
    out_.append("},\"ListBlocks\":");
    Groups(blocks.list_blocks, blocks);
    out_.append(",\"SetBlocks\":");
    Groups(blocks.set_blocks, blocks);
    out_.append(",\"MapBlocks\":{");
    first = true;
    for (const auto& [type, group] : blocks.map_blocks) {
      AppendKey(out_, type, first);
      first = false;
      Object(group, &blocks, type);
    }
    out_.append("},\"ReplaceBlocks\":");
    Flags(blocks.replace_blocks);
    out_.append(",\"BeforeSensitiveBlocks\":");
    Flags(blocks.before_sensitive_blocks);
    out_.append(",\"AfterSensitiveBlocks\":");
    Flags(blocks.after_sensitive_blocks);
    if (blocks.records_unknown) {
      out_.append(",\"UnknownBlocks\":");
      Flags(blocks.unknown_blocks);
    }
    out_.push_back('}');
  }

  void Sensitive(const Diff& node, const SensitiveNode& s) override {
    AppendBool(out_, "beforeSensitive", s.before_sensitive);
    AppendBool(out_, "afterSensitive", s.after_sensitive);
    out_.append(",\"inner\":");
    if (redaction_.MayShowUnder(node)) {
      Node(s.inner);
    } else {
      out_.append("{\"redacted\":true}");
    }
  }

  void TypeChange(const Diff& /*node*/, const Diff& before, const Diff& after) override {
    out_.append(",\"before\":");
    Node(before);
    out_.append(",\"after\":");
    Node(after);
  }

  void Unknown(const Diff& /*node*/, const Diff& before) override {
    out_.append(",\"before\":");
    Node(before);
  }

  void WriteOnly(const Diff& /*node*/, bool /*sensitive*/) override {}

 private:
  // Diffs as a JSON array (null when empty); the blocks of block type `type` when
  // `blocks` is set.
  void Array(std::span<const Diff> diffs, const Blocks* blocks, std::string_view type) {
    if (diffs.empty()) {
      out_.append("null");
      return;
    }
    out_.push_back('[');
    for (size_t i = 0; i < diffs.size(); ++i) {
      if (i > 0) out_.push_back(',');
      Node(blocks == nullptr ? diffs[i] : redaction_.Present(diffs[i], *blocks, type));
    }
    out_.push_back(']');
  }

  // Diffs by key as a JSON object ({} when empty); the blocks of block type `type` when
  // `blocks` is set.
  void Object(const DiffMap& diffs, const Blocks* blocks, std::string_view type) {
    out_.push_back('{');
    bool first = true;
    for (const auto& [key, diff] : diffs) {
      AppendKey(out_, key, first);
      first = false;
      Node(blocks == nullptr ? diff : redaction_.Present(diff, *blocks, type));
    }
    out_.push_back('}');
  }

  void Groups(const renderers::FlatMap<std::vector<Diff>>& groups, const Blocks& blocks) {
    out_.push_back('{');
    bool first = true;
    for (const auto& [type, diffs] : groups) {
      AppendKey(out_, type, first);
      first = false;
      Array(diffs, &blocks, type);
    }
    out_.push_back('}');
  }

  void Flags(const renderers::FlatMap<bool>& flags) const {
    out_.push_back('{');
    bool first = true;
    for (const auto& [key, flag] : flags) {
      AppendKey(out_, key, first);
      first = false;
      out_.append(flag ? "true" : "false");
    }
    out_.push_back('}');
  }

  std::string& out_;
  const Redaction& redaction_;
};

}  // namespace

void AppendDiffDump(std::string& out, const Diff& diff, const Redaction& redaction) {
  DumpWriter(out, redaction).Node(diff);
}

std::string DumpDiff(const Diff& diff, const Redaction& redaction) {
  std::string out;
  AppendDiffDump(out, diff, redaction);
  return out;
}

}  // namespace planview::change
