#include "change/diff.h"

namespace planview::change {

void Diff::RenderHuman(int indent, const RenderOpts& opts, std::string& out) const {
  // A diff without a renderer (upstream's zero Diff) renders as nothing.
  if (renderer_ != nullptr) renderer_->RenderHuman(*this, indent, opts, out);
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

void Diff::Accept(DiffVisitor& visitor) const {
  if (renderer_ != nullptr) renderer_->Accept(*this, visitor);
}

}  // namespace planview::change
