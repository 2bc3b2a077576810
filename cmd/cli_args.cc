#include "cmd/cli_args.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "structured/go_text.h"
#include "cmd/cli_app.h"
#include "cmd/console.h"
#include "renderer/word_wrap.h"

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
      error = fmt::format("--quality: unknown quality {} (want errored, nochanges, targeted or none)", structured::GoQuote(item));
      return false;
    }
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return true;
}

}  // namespace

uint64_t ParseMaxInputBytes(const std::string& text) {
  uint64_t bytes = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), bytes);
  if (ec != std::errc() || end != text.data() + text.size() || bytes < 1) {
    throw CLI::ValidationError(
        fmt::format("--max-input-bytes: {} is not a size in bytes (at least 1)", structured::GoQuote(text)));
  }
  return bytes;
}

ColorChoice ParseColorChoice(const std::string& text) {
  if (text == "auto") return ColorChoice::kAuto;
  if (text == "always") return ColorChoice::kAlways;
  if (text == "never") return ColorChoice::kNever;
  throw CLI::ValidationError(
      fmt::format("--color: unknown choice {} (want auto, always or never)", structured::GoQuote(text)));
}

ColorChoice ParseProgressChoice(const std::string& text) {
  if (text == "auto") return ColorChoice::kAuto;
  if (text == "always") return ColorChoice::kAlways;
  if (text == "never") return ColorChoice::kNever;
  throw CLI::ValidationError(
      fmt::format("--progress: unknown choice {} (want auto, always or never)", structured::GoQuote(text)));
}

namespace {

// The --format lines of --help: the table's names and words, wrapped into the column.
std::string FormatHelp() {
  std::string wrapped = renderer::WrapString(renderer::formats::OutputFormatHelp(), 62);
  std::string out = "  --format FORMAT       ";
  for (char c : wrapped) out += c == '\n' ? std::string("\n") + std::string(24, ' ') : std::string(1, c);
  return out + '\n';
}

}  // namespace

std::string UsageText() {
  return R"(Usage: planview [options] FILE
       planview browse FILE [--schemas FILE]   (interactive; `planview browse --help`)
       planview wire decode|diff ...           (provider wire values, see README)
       planview diff OLD NEW                   (compare two plans; `planview diff --help`)

Renders a Terraform/OpenTofu plan, state or JSON log the way `tofu show` does.
FILE is a saved plan file (`tofu plan -out`), a `tofu show -json` plan or state, an HCP
Terraform redacted JSON plan, or a `plan -json` / `apply -json` / `test -json` log of
either product (rendered as that product's log renderer renders it); "-" reads standard
input, as does no FILE when standard input is not a terminal. A flag that does not apply
to the document or the format (--format markdown on a state, --summary on a log,
--show-sensitive with markdown, ...) is refused (exit 2).

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
  --progress WHEN       auto, always or never: while a log streams in, a status line at
                        the bottom (operation, changes done of planned, errors, elapsed
                        time), erased before each message and at the end (default: auto:
                        when standard output is a terminal)

Beyond `tofu show` (plans only; the default output is exactly tofu's):
  --summary             a table of the changes per action, resource type and module,
                        and the addresses per action (destroys first), before the detail
  --summary-only        only that summary
  --action LIST         show only create, update, delete (or destroy), replace, read,
                        import, move, forget changes (comma-separated, repeatable)
  --address GLOB        show only resources whose address or type matches (* and ?;
                        repeatable), e.g. 'module.net.*', 'aws_iam_*'
  --hide-reads          hide data sources read during apply
                        (filtered output says what it hid; the Plan: line counts all)
  --verbose             show unchanged attributes and blocks too
  --concise             hide them, as tofu does (the default)
)" + FormatHelp() + R"(  --max-bytes N         markdown: size budget in bytes (default 65536, GitHub's comment
                        limit); over it, diffs give way by risk: creates and reads first,
                        destroys, replaces and drift last; what is left out is listed
  --split DIR           markdown: write DIR/comment-1.md ... comment-N.md, each within
                        --max-bytes, together every diff; prints the paths written
  --mask REGEX          replace every match (RE2 syntax) in any value, key or message
                        with (masked), in every format (repeatable)
  --mask-env NAME       the same for the value of environment variable NAME (repeatable;
                        unset: an error, empty: nothing to mask)
  --fail-on LIST        exit 3 after rendering when the plan has a delete, replace or
                        drift (comma-separated); the whole plan counts, not the filtered view
  --protect GLOB        exit 3 after rendering when a resource whose address or type
                        matches is deleted or replaced (repeatable)
  --drift WHAT          show (default), summary (each drifted resource's action and
                        address) or hide: the "Objects have changed outside" section,
                        in every format
  --max-input-bytes N   refuse an input or schemas file larger than N bytes
                        (default 4294967296: 4 GiB)
  --help                show this help
  --version             show the version

Environment: NO_COLOR turns colour off in auto mode; TF_IN_AUTOMATION leaves out the
commands upstream would suggest running.

Exit status: 0 rendered, 1 bad input, 2 bad usage, 3 rendered but a gate failed
(--fail-on, --protect; the reasons on standard error).
)";
}

base::Expected<CliArgs> ParseCliArgs(std::span<const std::string> args, bool stdin_is_terminal) {
  CliArgs out;
  std::vector<std::string> files;
  CLI::App app;
  UseCommandConventions(app);
  app.add_option("FILE", files);
  AddFlag(app, "--version", [&] { out.version = true; });
  AddFlag(app, "--show-sensitive", [&] { out.show_sensitive = true; });
  AddFlag(app, "--safe-terminal", [&] { out.safe_terminal = true; });
  AddFlag(app, "--no-safe-terminal", [&] { out.safe_terminal = false; });
  AddFlag(app, "--no-color", [&] { out.color = ColorChoice::kNever; });
  AddFlag(app, "--summary", [&] { out.formats.summary = true; });
  AddFlag(app, "--summary-only", [&] { out.formats.summary_only = true; });
  AddFlag(app, "--hide-reads", [&] { out.formats.filter.hide_reads = true; });
  AddFlag(app, "--verbose", [&] { out.formats.verbose = true; });
  AddFlag(app, "--concise", [&] { out.formats.verbose = false; });
  AddValueOption(app, "--action", [&](const std::string& v) {
    base::Expected<void> parsed = renderer::formats::ParseActionList(v, out.formats.filter.actions);
    if (!parsed) throw CLI::ValidationError(parsed.error().message);
  });
  AddValueOption(app, "--address", [&](const std::string& v) {
    if (v.empty()) throw CLI::ValidationError("--address: empty pattern");
    out.formats.filter.addresses.push_back(v);
  });
  AddValueOption(app, "--format", [&](const std::string& v) {
    auto format = renderer::formats::OutputFormatFromName(v);
    if (!format) {
      throw CLI::ValidationError(
          fmt::format("--format: unknown format {} (want {})", structured::GoQuote(v),
                      renderer::formats::OutputFormatNames()));
    }
    out.formats.format = *format;
  });
  AddValueOption(app, "--max-bytes", [&](const std::string& v) {
    // 64 bits wherever size_t is narrower (WebAssembly): a budget past what memory holds
    // is no budget there, not a bad value.
    uint64_t bytes = 0;
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), bytes);
    if (ec != std::errc() || end != v.data() + v.size() || bytes < 1024) {
      throw CLI::ValidationError(
          fmt::format("--max-bytes: {} is not a size in bytes (at least 1024)", structured::GoQuote(v)));
    }
    out.formats.max_bytes = static_cast<size_t>(std::min<uint64_t>(bytes, SIZE_MAX));
  });
  AddValueOption(app, "--split", [&](const std::string& v) {
    if (v.empty()) throw CLI::ValidationError("--split: empty directory name");
    out.split_dir = v;
  });
  AddMaskFlags(app, out.masks);
  AddValueOption(app, "--fail-on", [&](const std::string& v) {
    base::Expected<void> parsed = renderer::formats::ParseFailOn(v, out.gate);
    if (!parsed) throw CLI::ValidationError(parsed.error().message);
  });
  AddValueOption(app, "--protect", [&](const std::string& v) {
    if (v.empty()) throw CLI::ValidationError("--protect: empty pattern");
    out.gate.protect.push_back(v);
  });
  AddValueOption(app, "--drift", [&](const std::string& v) {
    auto drift = renderer::DriftDisplayFromName(v);
    if (!drift) {
      throw CLI::ValidationError(
          fmt::format("--drift: unknown choice {} (want show, summary or hide)", structured::GoQuote(v)));
    }
    out.formats.drift = *drift;
  });
  AddValueOption(app, "--max-input-bytes", [&](const std::string& v) { out.max_input_bytes = ParseMaxInputBytes(v); });
  AddValueOption(app, "--schemas", [&](const std::string& v) { out.schemas_file = v; });
  AddValueOption(app, "--kind", [&](const std::string& v) {
    out.kind = renderer::DocumentKindFromName(v);
    if (!out.kind) {
      throw CLI::ValidationError(fmt::format("--kind: unknown kind {} (want plan, state or log)", structured::GoQuote(v)));
    }
  });
  AddValueOption(app, "--mode", [&](const std::string& v) {
    auto mode = renderer::PlanModeFromName(v);
    if (!mode) {
      throw CLI::ValidationError(
          fmt::format("--mode: unknown mode {} (want normal, destroy or refresh-only)", structured::GoQuote(v)));
    }
    out.mode = *mode;
  });
  AddValueOption(app, "--quality", [&](const std::string& v) {
    renderer::PlanQuality quality;
    std::string message;
    if (!ParseQuality(v, quality, message)) throw CLI::ValidationError(message);
    out.quality = quality;
  });
  AddValueOption(app, "--product", [&](const std::string& v) {
    if (v == "auto") {
      out.product.reset();
      return;
    }
    auto product = renderer::ProductFromName(v);
    if (!product) {
      throw CLI::ValidationError(
          fmt::format("--product: unknown product {} (want auto, opentofu or terraform)", structured::GoQuote(v)));
    }
    out.product = *product;
  });
  AddValueOption(app, "--color", [&](const std::string& v) { out.color = ParseColorChoice(v); });
  AddValueOption(app, "--progress", [&](const std::string& v) { out.progress = ParseProgressChoice(v); });
  AddValueOption(app, "--width", [&](const std::string& v) {
    int width = 0;
    auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), width);
    if (ec != std::errc() || end != v.data() + v.size() || width < 1 || width > 100000) {
      throw CLI::ValidationError(
          fmt::format("--width: {} is not a width in columns (1 to 100000)", structured::GoQuote(v)));
    }
    out.width = width;
  });
  base::Expected<Parsed> parsed = ParseCommandLine(app, args);
  if (!parsed) return std::move(parsed).error();
  if (*parsed == Parsed::kHelp) {
    out.help = true;
    return out;
  }
  for (const CLI::Option* option : app.get_options()) {
    if (option->count() > 0) out.given.insert(option->get_name());
  }
  if (files.size() > 1) {
    return base::Error(
        fmt::format("more than one input file ({} and {})", structured::GoQuote(files[0]), structured::GoQuote(files[1])));
  }
  if (files.empty() && !stdin_is_terminal && !out.help && !out.version) files.push_back("-");
  const bool have_file = !files.empty();
  if (have_file) out.file = files[0];
  if (!have_file && !out.help && !out.version) {
    return base::Error("no input file (give a path, or - for standard input)");
  }
  if (out.split_dir && out.formats.format != renderer::formats::OutputFormat::kMarkdown) {
    return base::Error("--split applies to --format markdown");
  }
  if (have_file && out.file == "-" && out.schemas_file == "-") {
    return base::Error("the input and --schemas cannot both be standard input (-)");
  }
  if (base::Expected<void> masks = ParseMasks(out.masks); !masks) return std::move(masks).error();
  return out;
}

}  // namespace planview::cmd
