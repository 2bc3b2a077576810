#include "change/redaction.h"

#include "change/renderers/renderers.h"

namespace planview::change {

bool Redaction::IsSensitive(const Diff& node) {
  const Renderer* renderer = node.renderer();
  return renderer != nullptr &&
         (renderer->kind() == RendererKind::kSensitive || renderer->kind() == RendererKind::kSensitiveBlock);
}

Diff Redaction::Present(const Diff& block, const renderers::Blocks& blocks, std::string_view type) const {
  if (show_sensitive) return block;
  auto flag = [&](const renderers::FlatMap<bool>& flags) {
    auto it = flags.find(type);
    return it != flags.end() && it->second;
  };
  return PresentBlock(block, flag(blocks.before_sensitive_blocks), flag(blocks.after_sensitive_blocks));
}

Diff PresentBlock(const Diff& block, bool before_sensitive, bool after_sensitive) {
  Action action = block.action();
  bool hidden;
  switch (action) {
    case Action::kCreate: hidden = after_sensitive; break;   // there is no before
    case Action::kDelete: hidden = before_sensitive; break;  // there is no after
    default: hidden = before_sensitive || after_sensitive; break;
  }
  if (!hidden) return block;
  if (action == Action::kNoOp && before_sensitive != after_sensitive) action = Action::kUpdate;
  return Diff(renderers::SensitiveBlock(block, before_sensitive, after_sensitive), action, block.replace());
}

}  // namespace planview::change
