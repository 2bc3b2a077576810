#include "cmd/cli_args.h"

#include <charconv>
#include <cstdint>
#include <string_view>

#include <fmt/format.h>

#include "change/go_text.h"
#include "cmd/console.h"

namespace planview::cmd {

namespace {

bool ParseQuality(std::string_view list, renderer::PlanQuality& quality, std::string& error) {
  quality = {};
  if (list.empty() || list == "none") return true;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    std::string_view item = list.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (item == "errored") {
      quality.errored = true;
    } else if (item == "nochanges") {
      quality.no_changes = true;
    } else if (item == "targeted") {
      quality.targeted = true;
    } else {
      error = fmt::format("--quality: unknown quality {} (want errored, nochanges, targeted or none)", change::GoQuote(item));
      return false;
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return true;
}

}  // namespace

std::string UsageText() {
  return R"(Usage: planview [options] FILE
       planview browse FILE [--schemas FILE]   (interactive; `planview browse --help`)
       planview wire decode|diff ...           (provider wire values, see README)

Renders a Terraform/OpenTofu plan, state or JSON log the way `tofu show` does.
FILE is a `tofu show -json` plan or state, an HCP Terraform redacted JSON plan, or a
`plan -json` / `apply -json` / `test -json` log of either product (rendered as that
product's log renderer renders it); "-" reads standard input.

Options (one or two dashes):
  --schemas FILE        provider schemas (`tofu providers schema -json`); without them
                        resources are rendered from their values
  --kind KIND           plan, state or log (default: detected from the content)
  --mode MODE           normal, destroy or refresh-only (default: normal)
  --quality LIST        override the plan quality: errored, nochanges, targeted
                        (comma-separated) or none (default: from the plan JSON)
  --show-sensitive      show sensitive values
  --product PRODUCT     auto, opentofu or terraform: whose renderer and wording to use
                        (default: auto: a log's `version` message or `@module` names its
                        writer; a plan or state its provider addresses: registry.opentofu.org
                        means opentofu, registry.terraform.io or a bare pre-0.13 name
                        (`aws`) terraform; documents without one get opentofu)
  --color WHEN          auto, always or never (default: auto: when standard output is a
                        terminal and NO_COLOR is not set)
  -no-color, --no-color same as --color never
  --safe-terminal       show control characters from the input (ESC, BEL, CR, C1, ...) as
                        escapes (\x1b, \a, \r, \u009b), as quoted strings show them,
                        instead of sending them to the terminal (default: on when standard
                        output is a terminal and --color is auto)
  --no-safe-terminal    write the input's text as it is, as tofu does (the default when
                        standard output is not a terminal)
  --width N             wrap at N columns (default: the terminal's width, or 78)

Beyond `tofu show` (plans only; the default output is exactly tofu's):
  --summary             a table of the changes per action, resource type and module first
  --summary-only        only that table
  --action LIST         show only create, update, delete, replace, read, import, move,
                        forget changes (comma-separated, repeatable)
  --address GLOB        show only resources whose address or type matches (* and ?;
                        repeatable), e.g. 'module.net.*', 'aws_iam_*'
  --hide-reads          hide data sources read during apply
                        (filtered output says what it hid; the Plan: line counts all)
  --verbose             show unchanged attributes and blocks too
  --concise             hide them, as tofu does (the default)
  --format FORMAT       text (default), markdown (a pull-request comment), json (the
                        diff model, see docs/json-format.md) or html (one page)
  --max-bytes N         markdown: size budget in bytes (default 65536)
  --max-input-bytes N   refuse an input or schemas file larger than N bytes
                        (default 4294967296: 4 GiB)
  --help                show this help
  --version             show the version

Environment: NO_COLOR turns colour off in auto mode; TF_IN_AUTOMATION leaves out the
commands upstream would suggest running.

Exit status: 0 rendered, 1 bad input, 2 bad usage.
)";
}

std::optional<CliArgs> ParseCliArgs(std::span<const std::string> args, std::string& error) {
  CliArgs out;
  bool have_file = false;
  bool only_files = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (only_files || arg == "-" || arg.empty() || arg[0] != '-') {
      if (have_file) {
        error = fmt::format("more than one input file ({} and {})", change::GoQuote(out.file), change::GoQuote(arg));
        return std::nullopt;
      }
      out.file = arg;
      have_file = true;
      continue;
    }
    if (arg == "--") {
      only_files = true;
      continue;
    }
    std::string_view name = arg;
    name.remove_prefix(name.size() > 1 && name[1] == '-' ? 2 : 1);
    std::optional<std::string> value;
    if (size_t eq = name.find('='); eq != std::string_view::npos) {
      value = std::string(name.substr(eq + 1));
      name = name.substr(0, eq);
    }
    auto flag = [&](bool& target) {
      if (value) {
        error = fmt::format("-{} takes no value", ForMessage(name));
        return false;
      }
      target = true;
      return true;
    };
    auto take = [&]() -> std::optional<std::string> {
      if (value) return value;
      if (i + 1 >= args.size()) {
        error = fmt::format("-{} needs a value", ForMessage(name));
        return std::nullopt;
      }
      return args[++i];
    };
    if (name == "help" || name == "h") {
      if (!flag(out.help)) return std::nullopt;
    } else if (name == "version") {
      if (!flag(out.version)) return std::nullopt;
    } else if (name == "show-sensitive") {
      if (!flag(out.show_sensitive)) return std::nullopt;
    } else if (name == "safe-terminal" || name == "no-safe-terminal") {
      bool set = false;
      if (!flag(set)) return std::nullopt;
      out.safe_terminal = name == "safe-terminal";
    } else if (name == "no-color") {
      bool set = false;
      if (!flag(set)) return std::nullopt;
      out.color = ColorChoice::kNever;
    } else if (name == "summary") {
      if (!flag(out.formats.summary)) return std::nullopt;
    } else if (name == "summary-only") {
      if (!flag(out.formats.summary_only)) return std::nullopt;
    } else if (name == "hide-reads") {
      if (!flag(out.formats.filter.hide_reads)) return std::nullopt;
    } else if (name == "verbose") {
      if (!flag(out.formats.verbose)) return std::nullopt;
    } else if (name == "concise") {
      bool set = false;
      if (!flag(set)) return std::nullopt;
      out.formats.verbose = false;
    } else if (name == "action") {
      auto v = take();
      if (!v) return std::nullopt;
      if (!renderer::formats::ParseActionList(*v, out.formats.filter.actions, error)) return std::nullopt;
    } else if (name == "address") {
      auto v = take();
      if (!v) return std::nullopt;
      if (v->empty()) {
        error = "--address: empty pattern";
        return std::nullopt;
      }
      out.formats.filter.addresses.push_back(*v);
    } else if (name == "format") {
      auto v = take();
      if (!v) return std::nullopt;
      auto format = renderer::formats::OutputFormatFromName(*v);
      if (!format) {
        error = fmt::format("--format: unknown format {} (want text, markdown, json or html)", change::GoQuote(*v));
        return std::nullopt;
      }
      out.formats.format = *format;
    } else if (name == "max-bytes") {
      auto v = take();
      if (!v) return std::nullopt;
      size_t bytes = 0;
      auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), bytes);
      if (ec != std::errc() || end != v->data() + v->size() || bytes < 1024) {
        error = fmt::format("--max-bytes: {} is not a size in bytes (at least 1024)", change::GoQuote(*v));
        return std::nullopt;
      }
      out.formats.max_bytes = bytes;
    } else if (name == "max-input-bytes") {
      auto v = take();
      if (!v) return std::nullopt;
      uint64_t bytes = 0;
      auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), bytes);
      if (ec != std::errc() || end != v->data() + v->size() || bytes < 1) {
        error = fmt::format("--max-input-bytes: {} is not a size in bytes (at least 1)", change::GoQuote(*v));
        return std::nullopt;
      }
      out.max_input_bytes = bytes;
    } else if (name == "schemas") {
      auto v = take();
      if (!v) return std::nullopt;
      out.schemas_file = *v;
    } else if (name == "kind") {
      auto v = take();
      if (!v) return std::nullopt;
      out.kind = renderer::DocumentKindFromName(*v);
      if (!out.kind) {
        error = fmt::format("--kind: unknown kind {} (want plan, state or log)", change::GoQuote(*v));
        return std::nullopt;
      }
    } else if (name == "mode") {
      auto v = take();
      if (!v) return std::nullopt;
      auto mode = renderer::PlanModeFromName(*v);
      if (!mode) {
        error = fmt::format("--mode: unknown mode {} (want normal, destroy or refresh-only)", change::GoQuote(*v));
        return std::nullopt;
      }
      out.mode = *mode;
    } else if (name == "quality") {
      auto v = take();
      if (!v) return std::nullopt;
      renderer::PlanQuality quality;
      if (!ParseQuality(*v, quality, error)) return std::nullopt;
      out.quality = quality;
    } else if (name == "product") {
      auto v = take();
      if (!v) return std::nullopt;
      if (*v == "auto") {
        out.product.reset();
        continue;
      }
      auto product = renderer::ProductFromName(*v);
      if (!product) {
        error = fmt::format("--product: unknown product {} (want auto, opentofu or terraform)", change::GoQuote(*v));
        return std::nullopt;
      }
      out.product = *product;
    } else if (name == "color") {
      auto v = take();
      if (!v) return std::nullopt;
      if (*v == "auto") {
        out.color = ColorChoice::kAuto;
      } else if (*v == "always") {
        out.color = ColorChoice::kAlways;
      } else if (*v == "never") {
        out.color = ColorChoice::kNever;
      } else {
        error = fmt::format("--color: unknown choice {} (want auto, always or never)", change::GoQuote(*v));
        return std::nullopt;
      }
    } else if (name == "width") {
      auto v = take();
      if (!v) return std::nullopt;
      int width = 0;
      auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), width);
      if (ec != std::errc() || end != v->data() + v->size() || width < 1 || width > 100000) {
        error = fmt::format("--width: {} is not a width in columns (1 to 100000)", change::GoQuote(*v));
        return std::nullopt;
      }
      out.width = width;
    } else {
      error = fmt::format("unknown option {}", ForMessage(arg));
      return std::nullopt;
    }
  }
  if (!have_file && !out.help && !out.version) {
    error = "no input file (give a path, or - for standard input)";
    return std::nullopt;
  }
  if (have_file && out.file == "-" && out.schemas_file == "-") {
    error = "the input and --schemas cannot both be standard input (-)";
    return std::nullopt;
  }
  return out;
}

}  // namespace planview::cmd
