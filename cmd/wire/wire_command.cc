#include "cmd/wire/wire_command.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "change/go_text.h"
#include "cmd/console.h"
#include "renderer/render_document.h"
#include "structured/json_parse.h"
#include "structured/json_path.h"
#include "structured/json_text.h"
#include "structured/schema.h"
#include "wire/decode.h"
#include "wire/implied_type.h"
#include "wire/plugin_proto.h"
#include "wire/wire_value.h"

namespace planview::cmd {
namespace {

using structured::Type;
using structured::Value;
using structured::wire::WireValue;

constexpr const char* kUsage =
    "usage: planview wire decode (--type JSON | --schemas FILE --resource TYPE) [--format text|json]\n"
    "                            [--input auto|msgpack|json|proto] FILE\n"
    "       planview wire diff --schemas FILE --resource TYPE [--input auto|msgpack|json|proto] PRIOR PLANNED\n";

struct Options {
  std::string command;
  std::optional<std::string> type_json;
  std::optional<std::string> schemas_file;
  std::optional<std::string> resource;
  std::string format = "text";
  std::string input = "auto";
  std::vector<std::string> files;
};

struct UsageError {
  std::string message;
};

Options ParseArgs(std::span<const std::string> args) {
  Options o;
  if (args.empty()) throw UsageError{"missing subcommand (decode or diff)"};
  o.command = args[0];
  if (o.command != "decode" && o.command != "diff") throw UsageError{fmt::format("unknown subcommand {}", change::GoQuote(o.command))};
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= args.size()) throw UsageError{fmt::format("{} needs a value", ForMessage(a))};
      return args[++i];
    };
    if (a == "--type") {
      o.type_json = value();
    } else if (a == "--schemas") {
      o.schemas_file = value();
    } else if (a == "--resource") {
      o.resource = value();
    } else if (a == "--format") {
      o.format = value();
      if (o.format != "text" && o.format != "json") throw UsageError{"--format must be text or json"};
    } else if (a == "--input") {
      o.input = value();
      if (o.input != "auto" && o.input != "msgpack" && o.input != "json" && o.input != "proto") {
        throw UsageError{"--input must be auto, msgpack, json or proto"};
      }
    } else if (a.size() > 1 && a[0] == '-' && a != "-") {
      throw UsageError{fmt::format("unknown option {}", ForMessage(a))};
    } else {
      o.files.push_back(a);
    }
  }
  size_t want_files = o.command == "decode" ? 1 : 2;
  if (o.files.size() != want_files) {
    throw UsageError{o.command == "decode" ? "decode needs one input file" : "diff needs two input files (PRIOR PLANNED)"};
  }
  if (o.command == "diff" && (!o.schemas_file || !o.resource)) throw UsageError{"diff needs --schemas and --resource"};
  if (o.command == "decode" && o.type_json.has_value() == (o.schemas_file.has_value() || o.resource.has_value())) {
    throw UsageError{"decode needs either --type or --schemas with --resource"};
  }
  if (o.schemas_file.has_value() != o.resource.has_value()) throw UsageError{"--schemas and --resource go together"};
  return o;
}

struct Failure {
  std::string message;
};

std::string ReadFile(const std::string& path) {
  std::string text;
  std::string error;
  if (!structured::ReadInputFile(path, text, error, {.name = ForMessage(path)})) throw Failure{error};
  return text;
}

struct SchemaInfo {
  std::shared_ptr<const structured::Document> document;
  structured::ProviderSchemas schemas;
  std::string provider;
  const structured::Schema* schema = nullptr;
  std::string format_version;
};

std::unique_ptr<SchemaInfo> LoadSchema(const std::string& file, const std::string& resource) {
  auto info = std::make_unique<SchemaInfo>();
  structured::ParseResult parsed = structured::ParseJson(ReadFile(file));
  if (!parsed.ok()) throw Failure{parsed.error->ToString(ForMessage(file))};
  info->document = parsed.document;
  info->format_version = std::string(parsed.document->root().find("format_version").text());
  std::string error;
  std::optional<structured::ProviderSchemas> schemas = structured::ProviderSchemas::Parse(parsed.document, error);
  if (!schemas) throw Failure{fmt::format("{}: {}", ForMessage(file), error)};
  info->schemas = std::move(*schemas);
  for (const std::string& provider : info->schemas.Providers()) {
    const structured::Schema* s = info->schemas.Find(provider, structured::ResourceMode::kManaged, resource, error);
    if (!error.empty()) throw Failure{fmt::format("{}: {}", ForMessage(file), error)};
    if (s != nullptr) {
      info->provider = provider;
      info->schema = s;
      return info;
    }
  }
  throw Failure{fmt::format("{}: no provider has a resource type {}", ForMessage(file), change::GoQuote(resource))};
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

WireValue DecodeInput(const std::string& file, const std::string& input, const Type& type) {
  std::string bytes = ReadFile(file);
  std::string kind = input;
  if (kind == "auto") {
    if (LooksLikeJson(bytes)) {
      kind = "json";
    } else if (!bytes.empty() && (bytes[0] == '\x0a' || bytes[0] == '\x12') &&
               structured::wire::DecodeDynamicValue(bytes, type).ok()) {
      kind = "proto";
    } else {
      kind = "msgpack";
    }
  }
  structured::wire::DecodeResult r = kind == "json"    ? structured::wire::DecodeJson(std::move(bytes), type)
                                     : kind == "proto" ? structured::wire::DecodeDynamicValue(bytes, type)
                                                       : structured::wire::DecodeMsgpack(std::move(bytes), type);
  if (!r.ok()) throw Failure{fmt::format("{}: {} ({})", ForMessage(file), r.error->ToString(), kind)};
  return std::move(*r.value);
}

// The text form: HCL-like, unknowns as (known after apply) with their refinements.
class TextPrinter {
 public:
  explicit TextPrinter(const WireValue& wv) : wv_(wv) {}

  // Prints one value; a refined unknown's comment goes to `comment` so that the caller
  // can put a list's comma before it.
  void Print(Value v, Value marker, const Type& declared, int indent, std::string& out, std::string& comment) {
    Type type = declared;
    if (type.kind() == Type::Kind::kDynamic) {
      if (const Type* t = wv_.DynamicTypeOf(v)) type = *t;
    }
    if (marker.is_true()) {
      out += "(known after apply)";
      if (const auto* r = wv_.RefinementsOf(v)) {
        std::string described = r->Describe();
        if (!described.empty()) comment = " # known after apply: " + described;
      }
      return;
    }
    if (v.is_null()) {
      out += "null";
      return;
    }
    std::string pad(static_cast<size_t>(indent + 2), ' ');
    std::string close(static_cast<size_t>(indent), ' ');
    if (v.is_string()) {
      structured::AppendJsonString(out, v.text());
    } else if (v.is_number()) {
      out += v.text();
    } else if (v.is_bool()) {
      out += v.as_bool() ? "true" : "false";
    } else if (v.is_array()) {
      if (v.empty()) {
        out += "[]";
        return;
      }
      out += "[\n";
      for (size_t i = 0; i < v.size(); ++i) {
        Type et = type.kind() == Type::Kind::kTuple
                      ? (i < type.elements().size() ? type.elements()[i] : Type())
                      : (type.is_collection() ? type.element() : Type());
        out += pad;
        std::string comment;
        Print(v.at(i), structured::wire::UnknownChild(marker, i), et, indent + 2, out, comment);
        out += "," + comment + "\n";
      }
      out += close + "]";
    } else if (v.is_object()) {
      if (v.empty()) {
        out += "{}";
        return;
      }
      bool object = type.kind() == Type::Kind::kObject;
      size_t width = 0;
      std::vector<std::string> names;
      for (size_t i = 0; i < v.size(); ++i) {
        std::string_view key = v.member(i).key;
        std::string name;
        if (object && structured::IsIdentifierKey(key)) {
          name = std::string(key);
        } else {
          structured::AppendJsonString(name, key);
        }
        width = std::max(width, name.size());
        names.push_back(std::move(name));
      }
      out += "{\n";
      for (size_t i = 0; i < v.size(); ++i) {
        structured::Member m = v.member(i);
        const Type* at = object ? type.attribute(m.key) : (type.kind() == Type::Kind::kMap ? &type.element() : nullptr);
        out += pad + names[i] + std::string(width - names[i].size(), ' ') + " = ";
        std::string comment;
        Print(m.value, structured::wire::UnknownChild(marker, m.key), at ? *at : Type(), indent + 2, out, comment);
        out += comment + '\n';
      }
      out += close + "}";
    }
  }

 private:
  const WireValue& wv_;
};

void AppendJson(std::string& out, Value v) {
  if (v.is_null()) {
    out += "null";
  } else if (v.is_bool()) {
    out += v.as_bool() ? "true" : "false";
  } else if (v.is_number()) {
    std::string_view t = v.text();
    if (t == "+Inf" || t == "-Inf") {
      structured::AppendJsonString(out, t);
    } else {
      out += t;
    }
  } else if (v.is_string()) {
    structured::AppendJsonString(out, v.text());
  } else if (v.is_array()) {
    out += '[';
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) out += ',';
      AppendJson(out, v.at(i));
    }
    out += ']';
  } else {
    out += '{';
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) out += ',';
      structured::Member m = v.member(i);
      structured::AppendJsonString(out, m.key);
      out += ':';
      AppendJson(out, m.value);
    }
    out += '}';
  }
}

// Path -> refinements of every refined unknown, in document order.
void CollectRefinements(const WireValue& wv, Value v, Value marker, const Type& declared, std::string path,
                        std::vector<std::pair<std::string, std::string>>& out) {
  Type type = declared;
  if (type.kind() == Type::Kind::kDynamic) {
    if (const Type* t = wv.DynamicTypeOf(v)) type = *t;
  }
  if (marker.is_true()) {
    if (const auto* r = wv.RefinementsOf(v)) out.emplace_back(path.empty() ? "." : path, r->Describe());
    return;
  }
  if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) {
      Type et = type.kind() == Type::Kind::kTuple ? (i < type.elements().size() ? type.elements()[i] : Type())
                                                  : (type.is_collection() ? type.element() : Type());
      CollectRefinements(wv, v.at(i), structured::wire::UnknownChild(marker, i), et, fmt::format("{}[{}]", path, i),
                         out);
    }
  } else if (v.is_object()) {
    bool object = type.kind() == Type::Kind::kObject;
    for (size_t i = 0; i < v.size(); ++i) {
      structured::Member m = v.member(i);
      std::string step;
      const Type* at = object ? type.attribute(m.key) : (type.kind() == Type::Kind::kMap ? &type.element() : nullptr);
      if (object) {
        structured::AppendKeyStep(step, m.key);
      } else {
        step = "[";
        structured::AppendJsonString(step, m.key);
        step += "]";
      }
      CollectRefinements(wv, m.value, structured::wire::UnknownChild(marker, m.key), at ? *at : Type(), path + step,
                         out);
    }
  }
}

std::string DecodeOutput(const WireValue& wv, const Type& type, const std::string& format) {
  std::string out;
  if (format == "json") {
    out += "{\"value\":";
    AppendJson(out, wv.root());
    out += ",\"unknown\":";
    AppendJson(out, wv.unknown_root());
    std::vector<std::pair<std::string, std::string>> refinements;
    CollectRefinements(wv, wv.root(), wv.unknown_root(), type, "", refinements);
    out += ",\"refinements\":{";
    for (size_t i = 0; i < refinements.size(); ++i) {
      if (i) out += ',';
      structured::AppendJsonString(out, refinements[i].first);
      out += ':';
      structured::AppendJsonString(out, refinements[i].second);
    }
    out += "}}\n";
    return out;
  }
  std::string comment;
  TextPrinter(wv).Print(wv.root(), wv.unknown_root(), type, 0, out, comment);
  out += comment + '\n';
  return out;
}

// `after_sensitive`-shaped markers for the schema's sensitive attributes.
void AppendSensitive(std::string& out, Value v, const structured::Block& block) {
  out += '{';
  bool first = true;
  auto sep = [&] {
    if (!first) out += ',';
    first = false;
  };
  for (const auto& [name, attr] : block.attributes) {
    if (!attr.sensitive) continue;
    sep();
    structured::AppendJsonString(out, name);
    out += ":true";
  }
  for (const auto& [name, bt] : block.block_types) {
    if (!bt.block) continue;
    Value child = v.find(name);
    if (child.is_null()) continue;
    std::string inner;
    if (child.is_array()) {
      inner += '[';
      for (size_t i = 0; i < child.size(); ++i) {
        if (i) inner += ',';
        AppendSensitive(inner, child.at(i), *bt.block);
      }
      inner += ']';
    } else if (child.is_object() && bt.nesting_mode == structured::NestingMode::kMap) {
      inner += '{';
      for (size_t i = 0; i < child.size(); ++i) {
        if (i) inner += ',';
        structured::AppendJsonString(inner, child.member(i).key);
        inner += ':';
        AppendSensitive(inner, child.member(i).value, *bt.block);
      }
      inner += '}';
    } else {
      AppendSensitive(inner, child, *bt.block);
    }
    sep();
    structured::AppendJsonString(out, name);
    out += ':';
    out += inner;
  }
  out += '}';
}

// A plan's view of a value: unknown attributes left out of objects (nulls in arrays).
void AppendPlanValue(std::string& out, Value v, Value marker) {
  if (marker.is_true()) {
    out += "null";
    return;
  }
  if (v.is_array()) {
    out += '[';
    for (size_t i = 0; i < v.size(); ++i) {
      if (i) out += ',';
      AppendPlanValue(out, v.at(i), structured::wire::UnknownChild(marker, i));
    }
    out += ']';
  } else if (v.is_object()) {
    out += '{';
    bool first = true;
    for (size_t i = 0; i < v.size(); ++i) {
      structured::Member m = v.member(i);
      Value mk = structured::wire::UnknownChild(marker, m.key);
      if (mk.is_true()) continue;
      if (!first) out += ',';
      first = false;
      structured::AppendJsonString(out, m.key);
      out += ':';
      AppendPlanValue(out, m.value, mk);
    }
    out += '}';
  } else {
    AppendJson(out, v);
  }
}

std::string DiffOutput(const SchemaInfo& info, const std::string& resource, const WireValue& prior,
                       const WireValue& planned) {
  bool before_null = prior.root().is_null() && !prior.unknown_root().is_true();
  bool after_null = planned.root().is_null() && !planned.unknown_root().is_true();
  std::string actions;
  if (before_null && after_null) {
    actions = "\"no-op\"";
  } else if (before_null) {
    actions = "\"create\"";
  } else if (after_null) {
    actions = "\"delete\"";
  } else if (prior.root().Equals(planned.root()) && prior.unknown_root().Equals(planned.unknown_root())) {
    actions = "\"no-op\"";
  } else {
    actions = "\"update\"";
  }
  std::string plan = "{\"format_version\":\"1.2\",\"terraform_version\":\"1.9.0\",\"resource_changes\":[{";
  plan += fmt::format("\"address\":\"{0}.this\",\"mode\":\"managed\",\"type\":\"{0}\",\"name\":\"this\",", resource);
  plan += "\"provider_name\":";
  structured::AppendJsonString(plan, info.provider);
  plan += ",\"change\":{\"actions\":[" + actions + "],\"before\":";
  AppendPlanValue(plan, prior.root(), prior.unknown_root());
  plan += ",\"after\":";
  AppendPlanValue(plan, planned.root(), planned.unknown_root());
  plan += ",\"after_unknown\":";
  AppendJson(plan, planned.unknown_root());
  plan += ",\"before_sensitive\":";
  if (before_null) {
    plan += "false";
  } else {
    AppendSensitive(plan, prior.root(), *info.schema->block);
  }
  plan += ",\"after_sensitive\":";
  if (after_null) {
    plan += "false";
  } else {
    AppendSensitive(plan, planned.root(), *info.schema->block);
  }
  plan += "}}]}";

  renderer::DocumentRequest request;
  request.kind = renderer::DocumentKind::kPlan;
  request.schemas = &info.schemas;
  request.provider_format_version = info.format_version;
  renderer::DocumentResult result = renderer::RenderDocument(plan, "wire diff", request);
  if (!result.ok) throw Failure{result.error};
  // Keep the resource's own block: from its "# ..." comment to its closing brace.
  std::string_view text = result.output;
  size_t start = text.find("  # ");
  if (start == std::string_view::npos) return std::string(text);
  size_t end = text.find("\n    }\n", start);
  if (end == std::string_view::npos) return std::string(text.substr(start));
  return std::string(text.substr(start, end + 7 - start));
}

}  // namespace

int RunWireCommand(std::span<const std::string> args, std::FILE* out, std::FILE* err) {
  // `planview wire --help`, `planview wire decode --help`, ...: the usage, on standard output.
  for (const std::string& a : args) {
    if (a == "--") break;
    if (a == "--help" || a == "-help" || a == "-h") {
      Write(out, kUsage);
      return 0;
    }
  }
  Options o;
  try {
    o = ParseArgs(args);
  } catch (const UsageError& e) {
    std::fprintf(err, "planview wire: %s\n%s", e.message.c_str(), kUsage);
    return 2;
  }
  try {
    std::unique_ptr<SchemaInfo> info;
    Type type;
    if (o.type_json) {
      structured::ParseResult parsed = structured::ParseJson(*o.type_json);
      if (!parsed.ok()) throw Failure{"--type: " + parsed.error->message};
      std::string error;
      std::optional<Type> t = structured::ParseType(parsed.document->root(), error);
      if (!t) throw Failure{"--type: " + error};
      type = *t;
    } else {
      info = LoadSchema(*o.schemas_file, *o.resource);
      type = structured::wire::ImpliedType(*info->schema->block);
    }
    std::string text;
    if (o.command == "decode") {
      WireValue value = DecodeInput(o.files[0], o.input, type);
      text = DecodeOutput(value, type, o.format);
    } else {
      WireValue prior = DecodeInput(o.files[0], o.input, type);
      WireValue planned = DecodeInput(o.files[1], o.input, type);
      text = DiffOutput(*info, *o.resource, prior, planned);
    }
    Write(out, text);
    return 0;
  } catch (const Failure& f) {
    std::fprintf(err, "planview wire: %s\n", f.message.c_str());
    return 1;
  }
}

}  // namespace planview::cmd
