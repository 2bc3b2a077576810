#include "cmd/flag_scope.h"

#include <string_view>

#include <fmt/format.h>

namespace planview::cmd {

namespace {

using renderer::DocumentKind;
using renderer::formats::OutputFormat;

constexpr unsigned KindBit(DocumentKind k) { return 1u << static_cast<unsigned>(k); }

constexpr unsigned kPlans = KindBit(DocumentKind::kPlan);
constexpr unsigned kPlansAndStates = kPlans | KindBit(DocumentKind::kState);
constexpr unsigned kAllKinds = ~0u;

struct Scope {
  std::string_view flag;        // as the user gives it
  unsigned kinds;               // the documents it applies to
  std::string_view formats;     // the --format names that honour it, space-separated; "*": all
  std::string_view format_why;  // why the others do not
  bool browse;                  // `planview browse` honours it
};

// Every flag that does not apply everywhere. The others (--product, --kind,
// --max-input-bytes, --color never, --no-color) apply to every document and format (a
// format without terminal colours honours "never" as it is); --format stands for its
// values other than text.
constexpr Scope kScopes[] = {
    {"--format", kPlans, "*", "", false},
    {"--schemas", kPlansAndStates, "*", "", true},
    {"--mode", kPlans, "*", "", true},
    {"--quality", kPlans, "*", "", false},
    {"--show-sensitive", kAllKinds, "text json html", "a comment is public: sensitive values are never shown", true},
    {"--color always", kAllKinds, "text", "only text has terminal colours", true},
    {"--width", kAllKinds, "text", "only text is wrapped", false},
    {"--safe-terminal", kAllKinds, "*", "", false},
    {"--no-safe-terminal", kAllKinds, "*", "", false},
    {"--summary", kPlans, "text", "the other formats always have their summary", false},
    {"--summary-only", kPlans, "text", "the other formats always have their summary", false},
    {"--action", kPlans, "*", "", false},
    {"--address", kPlans, "*", "", false},
    {"--hide-reads", kPlans, "*", "", false},
    {"--verbose", kPlans, "text markdown html github", "JSON always holds every attribute", false},
    {"--concise", kPlans, "text markdown html github", "JSON always holds every attribute", false},
    {"--drift", kPlans, "*", "", false},
    {"--max-bytes", kPlans, "markdown github", "only Markdown has a size budget", false},
    {"--split", kPlans, "markdown", "only the Markdown comment is split into parts", false},
    {"--fail-on", kPlans, "*", "", true},  // browse refuses gates itself, with its own reason
    {"--protect", kPlans, "*", "", true},
};

bool Honours(const Scope& scope, OutputFormat format) {
  if (scope.formats == "*") return true;
  std::string_view names = scope.formats;
  while (!names.empty()) {
    size_t space = names.find(' ');
    if (names.substr(0, space) == format.name()) return true;
    if (space == std::string_view::npos) break;
    names.remove_prefix(space + 1);
  }
  return false;
}

bool Given(const Scope& scope, const CliArgs& cli) {
  // A format that frames states and logs too (github) applies to every document.
  if (scope.flag == "--format") {
    return !(cli.formats.format == OutputFormat::kText) && cli.formats.format.row().frame_other == nullptr;
  }
  if (scope.flag == "--color always") return cli.color == ColorChoice::kAlways;
  return cli.given.count(std::string(scope.flag)) > 0;
}

// The flag as the message names it: `--format markdown` rather than `--format`.
std::string Named(const Scope& scope, const CliArgs& cli) {
  if (scope.flag == "--format") return fmt::format("--format {}", cli.formats.format.name());
  return std::string(scope.flag);
}

std::string_view KindsWord(unsigned kinds) { return kinds == kPlans ? "plans" : "plans and states"; }

}  // namespace

std::string FlagNotForFormat(const CliArgs& cli) {
  for (const Scope& s : kScopes) {
    if (Honours(s, cli.formats.format) || !Given(s, cli)) continue;
    return fmt::format("{} does not apply to --format {} ({})", Named(s, cli), cli.formats.format.name(),
                       s.format_why);
  }
  return "";
}

std::string FlagNotForKind(const CliArgs& cli, DocumentKind kind) {
  for (const Scope& s : kScopes) {
    if ((s.kinds & KindBit(kind)) != 0 || !Given(s, cli)) continue;
    return fmt::format("{} does not apply to a {} (it is for {})", Named(s, cli), renderer::DocumentKindName(kind),
                       KindsWord(s.kinds));
  }
  return "";
}

std::string FlagNotForBrowse(const CliArgs& cli) {
  for (const Scope& s : kScopes) {
    if (s.browse || !Given(s, cli)) continue;
    return fmt::format("{} is for the plain viewer, not browse (browse has keys for its filters)", Named(s, cli));
  }
  return "";
}

}  // namespace planview::cmd
