#include "cmd/wire/wire_command.h"

#include <fmt/format.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "base/error.h"
#include "base/expected.h"
#include "structured/go_text.h"
#include "cmd/cli_app.h"
#include "cmd/console.h"
#include "cmd/mask_flags.h"
#include "cmd/schemas_file.h"
#include "cmd/wire/decode_output.h"
#include "cmd/wire/wire_diff.h"
#include "structured/json_parse.h"
#include "structured/read_input.h"
#include "structured/schema.h"
#include "wire/decode.h"
#include "wire/implied_type.h"
#include "wire/plugin_proto.h"
#include "wire/wire_value.h"

namespace planview::cmd {
namespace {

using structured::Type;
using wire::WireValue;

constexpr std::string_view kUsage =
    "usage: planview wire decode (--type JSON | --schemas FILE --resource TYPE) [--format text|json]\n"
    "                            [--input auto|msgpack|json|proto] [--mask REGEX] [--mask-env NAME] FILE\n"
    "       planview wire diff --schemas FILE --resource TYPE [--input auto|msgpack|json|proto] PRIOR PLANNED\n";

constexpr std::string_view kWireHelp =
    "\n"
    "Provider wire values (tfplugin5 DynamicValue): raw MessagePack, JSON or a protobuf\n"
    "DynamicValue, detected or named with --input; \"-\" reads standard input.\n"
    "\n"
    "  decode   print a value, unknowns as (known after apply) with their refinements\n"
    "  diff     render the change from PRIOR to PLANNED as a plan renders the resource\n"
    "\n"
    "`planview wire decode --help` and `planview wire diff --help` list their options.\n";

constexpr std::string_view kDecodeHelp =
    "\n"
    "Prints a wire value decoded with the type the resource's schema implies (or a type\n"
    "constraint): unknowns as (known after apply), their refinements as a comment.\n"
    "\n"
    "Options (one or two dashes):\n"
    "  --type JSON        a type constraint, e.g. '[\"map\",\"number\"]'\n"
    "  --schemas FILE     provider schemas (`tofu providers schema -json`), with --resource\n"
    "  --resource TYPE    the managed resource type whose schema gives the value's type\n"
    "  --format FORMAT    text (default) or json: {\"value\", \"unknown\", \"refinements\"}\n"
    "  --input KIND       auto (default: detected), msgpack, json or proto\n"
    "  --mask REGEX       replace every match in a string or key with (masked) (repeatable)\n"
    "  --mask-env NAME    the same for the value of environment variable NAME\n"
    "  --help             show this help\n";

constexpr std::string_view kDiffHelp =
    "\n"
    "Renders the change from PRIOR to PLANNED, two wire values of one resource, exactly as\n"
    "`tofu show` renders that resource in a plan (named TYPE.this).\n"
    "\n"
    "Options (one or two dashes):\n"
    "  --schemas FILE     provider schemas (`tofu providers schema -json`)\n"
    "  --resource TYPE    the managed resource type\n"
    "  --input KIND       auto (default: detected), msgpack, json or proto\n"
    "  --help             show this help\n";

struct Options {
  std::string command;
  std::optional<std::string> type_json;
  std::optional<std::string> schemas_file;
  std::optional<std::string> resource;
  DecodeFormat format = DecodeFormat::kText;
  std::string input = "auto";
  std::vector<std::string> files;
  MaskFlags masks;  // decode only
};

// The options `sub` takes (`decode` also --type and --format), into `o`.
void DeclareOptions(CLI::App& sub, bool decode, Options& o) {
  UseCommandConventions(sub);
  sub.add_option("FILE", o.files)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  AddValueOption(sub, "--schemas", [&o](const std::string& v) { o.schemas_file = v; });
  AddValueOption(sub, "--resource", [&o](const std::string& v) { o.resource = v; });
  AddValueOption(sub, "--input", [&o](const std::string& v) {
    if (v != "auto" && v != "msgpack" && v != "json" && v != "proto") {
      throw CLI::ValidationError("--input must be auto, msgpack, json or proto");
    }
    o.input = v;
  });
  if (!decode) return;
  AddValueOption(sub, "--type", [&o](const std::string& v) { o.type_json = v; });
  AddMaskFlags(sub, o.masks);
  AddValueOption(sub, "--format", [&o](const std::string& v) {
    if (v != "text" && v != "json") throw CLI::ValidationError("--format must be text or json");
    o.format = v == "json" ? DecodeFormat::kJson : DecodeFormat::kText;
  });
}

// What the options ask for, once parsed; the one-line complaint when they do not fit.
std::optional<std::string> CheckOptions(const Options& o) {
  bool decode = o.command == "decode";
  if (o.files.size() != (decode ? 1u : 2u)) {
    return decode ? "decode needs one input file" : "diff needs two input files (PRIOR PLANNED)";
  }
  if (!decode && (!o.schemas_file || !o.resource)) return "diff needs --schemas and --resource";
  if (decode && o.type_json.has_value() == (o.schemas_file.has_value() || o.resource.has_value())) {
    return "decode needs either --type or --schemas with --resource";
  }
  if (o.schemas_file.has_value() != o.resource.has_value()) return "--schemas and --resource go together";
  return std::nullopt;
}

int UsageError(std::FILE* err, std::string_view message, std::string_view command) {
  Write(err, fmt::format("planview wire: {}\nRun 'planview wire {}{}--help' for usage.\n", message, command,
                         command.empty() ? "" : " "));
  return kExitUsage;
}

bool LooksLikeJson(std::string_view bytes) {
  size_t i = 0;
  while (i < bytes.size() && (bytes[i] == ' ' || bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t')) ++i;
  if (i == bytes.size()) return false;
  char c = bytes[i];
  if (!(c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n')) {
    return false;
  }
  return structured::ParseJson(std::string(bytes)).ok();
}

base::Expected<WireValue> DecodeInput(const std::string& file, const std::string& input, const Type& type,
                                      base::Executor* executor) {
  base::Expected<std::string> read = structured::ReadInputFile(file, {.name = ForMessage(file)});
  if (!read) return std::move(read).error();
  std::string bytes = std::move(*read);
  std::string kind = input;
  if (kind == "auto") {
    if (LooksLikeJson(bytes)) {
      kind = "json";
    } else if (!bytes.empty() && (bytes[0] == '\x0a' || bytes[0] == '\x12') &&
               wire::DecodeDynamicValue(bytes, type).ok()) {
      kind = "proto";
    } else {
      kind = "msgpack";
    }
  }
  wire::DecodeResult r = kind == "json"    ? wire::DecodeJson(std::move(bytes), type)
                         : kind == "proto" ? wire::DecodeDynamicValue(bytes, type, executor)
                                           : wire::DecodeMsgpack(std::move(bytes), type, executor);
  if (!r.ok()) return base::Error(fmt::format("{}: {} ({})", ForMessage(file), r.error->ToString(), kind));
  return std::move(*r.value);
}

// The type the values have: from --type, or from the resource's schema (then `schema`
// and `provider` too).
struct ValueType {
  LoadedSchemas schemas;
  const structured::Schema* schema = nullptr;
  std::string provider;
  Type type;
};

base::Expected<void> FindValueType(const Options& o, ValueType& out) {
  if (o.type_json) {
    structured::ParseResult parsed = structured::ParseJson(*o.type_json);
    if (!parsed.ok()) return base::Error("--type: " + parsed.error().message);
    base::Expected<Type> t = structured::ParseType(parsed.value()->root());
    if (!t) return base::Error("--type: " + t.error().message);
    out.type = *t;
    return {};
  }
  base::Expected<LoadedSchemas> read = ReadSchemasFile(*o.schemas_file);
  if (!read) return std::move(read).error();
  out.schemas = std::move(*read);
  base::Expected<ManagedResourceSchema> found = FindManagedResourceSchema(out.schemas, *o.schemas_file, *o.resource);
  if (!found) return std::move(found).error();
  out.schema = found->schema;
  out.provider = found->provider;
  out.type = wire::ImpliedType(*out.schema->block);
  return {};
}

// What the command prints: the decoded value, or the diff.
base::Expected<std::string> RunRequest(const Options& o, base::Executor* executor) {
  ValueType vt;
  if (base::Expected<void> found = FindValueType(o, vt); !found) return found.error();
  base::Expected<WireValue> first = DecodeInput(o.files[0], o.input, vt.type, executor);
  if (!first) return first.error();
  if (o.command == "decode") return DecodeOutput(*first, vt.type, o.format, o.masks.masks);
  base::Expected<WireValue> planned = DecodeInput(o.files[1], o.input, vt.type, executor);
  if (!planned) return planned.error();
  return RenderWireDiff({vt.schema, vt.provider, *o.resource, vt.schemas.format_version}, *first, *planned);
}

}  // namespace

int RunWireCommand(std::span<const std::string> args, std::FILE* out, std::FILE* err, base::Executor* executor) {
  // The subcommand is the first word; anything else there is a mistake (or a request for help).
  std::string first = args.empty() ? "" : args[0];
  bool known = first == "decode" || first == "diff";
  if (args.empty()) return UsageError(err, "missing subcommand (decode or diff)", "");
  if (!known && first.rfind('-', 0) != 0) {
    return UsageError(err, fmt::format("unknown subcommand {}", structured::GoQuote(first)), "");
  }
  Options o;
  CLI::App app;
  UseCommandConventions(app);
  DeclareOptions(*app.add_subcommand("decode"), true, o);
  DeclareOptions(*app.add_subcommand("diff"), false, o);
  base::Expected<Parsed> parsed = ParseCommandLine(app, args);
  if (!parsed) return UsageError(err, parsed.error().message, known ? first : "");
  if (*parsed == Parsed::kHelp) {
    Write(out, kUsage);
    Write(out, !known ? kWireHelp : first == "decode" ? kDecodeHelp : kDiffHelp);
    return 0;
  }
  if (!known) return UsageError(err, "missing subcommand (decode or diff)", "");
  o.command = first;
  if (std::optional<std::string> complaint = CheckOptions(o)) return UsageError(err, *complaint, first);
  if (base::Expected<void> masks = ParseMasks(o.masks); !masks) return UsageError(err, masks.error().message, first);
  base::Expected<std::string> text = RunRequest(o, executor);
  if (!text) {
    Write(err, fmt::format("planview wire: {}\n", text.error().message));
    return kExitBadInput;
  }
  Write(out, *text);
  return 0;
}

}  // namespace planview::cmd
