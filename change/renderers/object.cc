// Objects: `name = value` lines, aligned, with id/name/tags always shown and other
// unchanged attributes collapsed into "# (N unchanged attributes hidden)".
#include <algorithm>
#include <string>
#include <vector>

#include "change/diff_dump.h"
#include "change/go_text.h"
#include "change/renderers/render_util.h"
#include "change/renderers/renderers.h"

namespace planview::change::renderers {
namespace {

using namespace internal;  // NOLINT

class ObjectRenderer final : public Renderer {
 public:
  ObjectRenderer(DiffMap attributes, bool override_null_suffix)
      : attributes_(std::move(attributes)), override_null_suffix_(override_null_suffix) {}

  RendererKind kind() const override { return RendererKind::kObject; }

  void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const override {
    if (attributes_.empty()) {
      out.append("{}");
      AppendNullSuffix(out, diff.action(), opts);
      AppendForcesReplacement(out, diff.replace(), opts);
      return;
    }
    RenderOpts attribute_opts = opts.Clone();
    attribute_opts.override_null_suffix = override_null_suffix_;
    RenderOpts important_opts = attribute_opts.Clone();
    important_opts.show_unchanged_children = true;

    AttributeNames names(attributes_);
    const size_t width = names.width();

    size_t unchanged = 0;
    out.push_back('{');
    AppendForcesReplacement(out, diff.replace(), opts);
    out.push_back('\n');
    size_t i = 0;
    for (const auto& [key, attribute] : attributes_) {
      std::string_view name = names[i++];
      const RenderOpts* current = &attribute_opts;
      if (IsImportantAttribute(key)) {
        current = &important_opts;
      } else if (attribute.action() == Action::kNoOp && !opts.show_unchanged_children) {
        ++unchanged;
        continue;
      }
      // Upstream passes the unmodified options to non-important attributes' warnings.
      for (const std::string& warning :
           attribute.WarningsHuman(indent + 1, current == &important_opts ? important_opts : opts)) {
        AppendIndent(out, indent + 1);
        out.append(warning);
        out.push_back('\n');
      }
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, attribute.action(), *current);
      AppendPaddedRight(out, name, width);
      out.append(" = ");
      attribute.RenderHuman(indent + 1, *current, out);
      out.push_back('\n');
    }
    if (unchanged > 0) {
      AppendIndent(out, indent + 1);
      AppendActionSymbol(out, Action::kNoOp, opts);
      AppendUnchanged(out, "attribute", unchanged, opts);
      out.push_back('\n');
    }
    AppendIndent(out, indent);
    AppendActionSymbol(out, Action::kNoOp, opts);
    out.push_back('}');
    AppendNullSuffix(out, diff.action(), opts);
  }

  void Dump(std::string& out) const override {
    out.append("{\"type\":\"objectRenderer\",\"overrideNullSuffix\":");
    out.append(override_null_suffix_ ? "true" : "false");
    out.append(",\"attributes\":");
    dump::AppendDiffMap(out, attributes_);
    out.push_back('}');
  }

 private:
  DiffMap attributes_;
  bool override_null_suffix_;
};

}  // namespace

RendererPtr Object(DiffMap attributes) { return std::make_shared<ObjectRenderer>(std::move(attributes), true); }

RendererPtr NestedObject(DiffMap attributes) {
  return std::make_shared<ObjectRenderer>(std::move(attributes), false);
}

}  // namespace planview::change::renderers
