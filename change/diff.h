// A computed diff: a renderer (what changed, in its own terms) plus the action and whether
// it forces replacement (upstream's computed.Diff).
//
// A renderer renders only its own content; the parent decides indentation, keys and action
// symbols. Diff trees hold `structured::Value`s, so the Documents they came from must
// outlive them.
#ifndef PLANVIEW_CHANGE_DIFF_H_
#define PLANVIEW_CHANGE_DIFF_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "change/colorize.h"
#include "change/outline.h"
#include "change/profile.h"
#include "structured/action.h"

namespace planview::change {

struct RenderOpts {
  const Colorize* colorize = nullptr;  // required
  const Profile* profile = &OpenTofuProfile();  // whose renderer's details (never null)
  bool override_null_suffix = false;
  bool override_forces_replacement = false;
  // Never `# forces replacement` here, even when the diff forces it (set by renderers that
  // show it at their own level; Terraform's profile only).
  bool forbid_forces_replacement = false;
  bool show_unchanged_children = false;
  bool hide_diff_action_symbols = false;
  bool show_sensitive = false;
  // When set, every node rendered is recorded in it (change/outline.h); the text is the same.
  Outline* outline = nullptr;

  // A copy for children: everything but the forces-replacement overrides carries over.
  RenderOpts Clone() const {
    RenderOpts o = *this;
    o.override_forces_replacement = false;
    o.forbid_forces_replacement = false;
    return o;
  }
};

class Renderer;
class DiffVisitor;  // change/diff_visitor.h

class Diff {
 public:
  Diff() = default;
  Diff(std::shared_ptr<const Renderer> renderer, Action action, bool replace)
      : renderer_(std::move(renderer)), action_(action), replace_(replace) {}

  // Appends the human rendering at `indent` (units of four spaces) to `out`.
  void RenderHuman(int indent, const RenderOpts& opts, std::string& out) const;
  std::string RenderHuman(int indent, const RenderOpts& opts) const;
  // Warnings to show beside the rendering (sensitivity changes).
  std::vector<std::string> WarningsHuman(int indent, const RenderOpts& opts) const;
  // Calls the visitor's method for what this node is (nothing for an empty diff).
  void Accept(DiffVisitor& visitor) const;

  const Renderer* renderer() const { return renderer_.get(); }
  Action action() const { return action_; }
  bool replace() const { return replace_; }
  bool valid() const { return renderer_ != nullptr; }

 private:
  std::shared_ptr<const Renderer> renderer_;
  Action action_ = Action::kNoOp;
  bool replace_ = false;
};

// What a renderer is, for code that walks a diff tree (the document renderer, other
// output formats, tests). Names match upstream's renderer types.
enum class RendererKind {
  kPrimitive,
  kList,
  kSet,
  kMap,
  kObject,
  kTuple,
  kBlock,
  kSensitive,
  kSensitiveBlock,
  kTypeChange,
  kUnknown,
  kWriteOnly,
};

// Upstream's Go type name of a kind ("primitiveRenderer", "sensitiveBlockRenderer", ...).
std::string_view RendererTypeName(RendererKind kind);

class Renderer {
 public:
  virtual ~Renderer() = default;
  virtual RendererKind kind() const = 0;
  virtual void RenderHuman(const Diff& diff, int indent, const RenderOpts& opts, std::string& out) const = 0;
  virtual void WarningsHuman(const Diff& /*diff*/, int /*indent*/, const RenderOpts& /*opts*/,
                             std::vector<std::string>& /*out*/) const {}
  // Calls `visitor`'s method for this kind with what it holds (`diff` is the node).
  virtual void Accept(const Diff& diff, DiffVisitor& visitor) const = 0;
};

}  // namespace planview::change

#endif  // PLANVIEW_CHANGE_DIFF_H_
