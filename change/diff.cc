#include "change/diff.h"

namespace planview::change {

void Diff::RenderHuman(int indent, const RenderOpts& opts, std::string& out) const {
  // A diff without a renderer (upstream's zero Diff) renders as nothing.
  if (renderer_ == nullptr) return;
  if (opts.outline == nullptr) {
    renderer_->RenderHuman(*this, indent, opts, out);
    return;
  }
  const size_t slot = opts.outline->Begin(out.size());
  renderer_->RenderHuman(*this, indent, opts, out);
  opts.outline->End(slot, out.size());
}

std::string Diff::RenderHuman(int indent, const RenderOpts& opts) const {
  std::string out;
  RenderHuman(indent, opts, out);
  return out;
}

std::vector<std::string> Diff::WarningsHuman(int indent, const RenderOpts& opts) const {
  std::vector<std::string> warnings;
  if (renderer_ != nullptr) renderer_->WarningsHuman(*this, indent, opts, warnings);
  return warnings;
}

std::string_view RendererTypeName(RendererKind kind) {
  switch (kind) {
    case RendererKind::kPrimitive: return "primitiveRenderer";
    case RendererKind::kList: return "listRenderer";
    case RendererKind::kSet: return "setRenderer";
    case RendererKind::kMap: return "mapRenderer";
    case RendererKind::kObject: return "objectRenderer";
    case RendererKind::kTuple: return "tupleRenderer";
    case RendererKind::kBlock: return "blockRenderer";
    case RendererKind::kSensitive: return "sensitiveRenderer";
    case RendererKind::kSensitiveBlock: return "sensitiveBlockRenderer";
    case RendererKind::kTypeChange: return "typeChangeRenderer";
    case RendererKind::kUnknown: return "unknownRenderer";
    case RendererKind::kWriteOnly: return "writeOnlyRenderer";
  }
  return "";
}

void Diff::Accept(DiffVisitor& visitor) const {
  if (renderer_ != nullptr) renderer_->Accept(*this, visitor);
}

}  // namespace planview::change
