#include "renderer/formats/filter.h"

#include <algorithm>

#include <fmt/format.h>

namespace planview::renderer::formats {

namespace {

constexpr std::string_view kNames[] = {"create", "update", "delete", "replace", "read", "import", "move", "forget"};

void AppendList(std::string& out, const std::vector<ActionCategory>& categories) {
  for (size_t i = 0; i < categories.size(); ++i) {
    if (i > 0) out += ',';
    out += CategoryName(categories[i]);
  }
}

}  // namespace

std::string_view CategoryName(ActionCategory category) { return kNames[static_cast<int>(category)]; }

std::optional<ActionCategory> CategoryFromName(std::string_view name) {
  if (name == "destroy") return ActionCategory::kDelete;
  for (ActionCategory c : kAllCategories) {
    if (CategoryName(c) == name) return c;
  }
  return std::nullopt;
}

std::vector<ActionCategory> CategoriesOf(const ResourceChange& r) {
  std::vector<ActionCategory> out;
  const ActionInfo& info = InfoOf(r.action);
  if (IsReplace(r.action)) {
    out.push_back(ActionCategory::kReplace);
  } else if (r.action == Action::kRead) {
    out.push_back(ActionCategory::kRead);
  } else {
    if (info.forgets) out.push_back(ActionCategory::kForget);
    if (info.to_add) out.push_back(ActionCategory::kCreate);
    if (info.to_change) out.push_back(ActionCategory::kUpdate);
    if (info.to_destroy) out.push_back(ActionCategory::kDelete);
  }
  if (r.Importing()) out.push_back(ActionCategory::kImport);
  if (r.Moved()) out.push_back(ActionCategory::kMove);
  return out;
}

bool GlobMatch(std::string_view glob, std::string_view text) {
  // Iterative matcher with one backtrack point for the last `*` seen.
  size_t g = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (g < glob.size() && (glob[g] == '?' || glob[g] == text[t])) {
      ++g;
      ++t;
    } else if (g < glob.size() && glob[g] == '*') {
      star = g++;
      mark = t;
    } else if (star != std::string_view::npos) {
      g = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (g < glob.size() && glob[g] == '*') ++g;
  return g == glob.size();
}

bool ResourceFilter::Matches(const ResourceChange& r) const {
  if (hide_reads && r.action == Action::kRead) return false;
  if (!actions.empty()) {
    std::vector<ActionCategory> have = CategoriesOf(r);
    bool any = std::any_of(have.begin(), have.end(), [&](ActionCategory c) {
      return std::find(actions.begin(), actions.end(), c) != actions.end();
    });
    if (!any) return false;
  }
  if (!addresses.empty()) {
    bool any = std::any_of(addresses.begin(), addresses.end(), [&](const std::string& glob) {
      return GlobMatch(glob, r.address) || GlobMatch(glob, r.type);
    });
    if (!any) return false;
  }
  return true;
}

std::string ResourceFilter::Describe() const {
  std::string out;
  if (!actions.empty()) {
    out += "--action ";
    AppendList(out, actions);
  }
  for (const std::string& glob : addresses) {
    if (!out.empty()) out += ' ';
    out += fmt::format("--address '{}'", glob);
  }
  if (hide_reads) {
    if (!out.empty()) out += ' ';
    out += "--hide-reads";
  }
  return out;
}

base::Expected<void> ParseActionList(std::string_view list, std::vector<ActionCategory>& out) {
  size_t start = 0;
  while (true) {
    size_t end = list.find(',', start);
    std::string_view item = list.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    std::optional<ActionCategory> c = CategoryFromName(item);
    if (!c) {
      return base::Error(fmt::format(
          "--action: unknown action \"{}\" (want create, update, delete or destroy, replace, read, import, move or "
          "forget)",
          item));
    }
    if (std::find(out.begin(), out.end(), *c) == out.end()) out.push_back(*c);
    if (end == std::string_view::npos) return {};
    start = end + 1;
  }
}

}  // namespace planview::renderer::formats
