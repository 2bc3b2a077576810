#include "bench/value_synth.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <string_view>

namespace planview::bench {
namespace {

constexpr std::string_view kWords[] = {
    "alpha",   "api",      "archive", "audit",   "backend", "batch",    "billing", "blue",    "cache",
    "canary",  "catalog",  "checkout", "core",   "data",    "edge",     "events",  "export",  "frontend",
    "gateway", "green",    "ingest",  "internal", "jobs",   "ledger",   "logs",    "metrics", "mobile",
    "orders",  "payments", "platform", "primary", "public", "queue",    "reports", "search",  "secondary",
    "shared",  "static",   "storage", "stream",  "tenant",  "tracing",  "users",   "web",     "worker",
};
constexpr std::string_view kEnvs[] = {"prod", "staging", "dev", "qa", "sandbox"};
constexpr std::string_view kServices[] = {"s3", "ec2", "iam", "kms", "lambda", "logs", "sqs", "sns", "dynamodb", "rds"};
constexpr std::string_view kActions[] = {
    "s3:GetObject",        "s3:PutObject",          "s3:ListBucket",      "s3:DeleteObject",
    "kms:Decrypt",         "kms:GenerateDataKey*",  "sqs:SendMessage",    "sqs:ReceiveMessage",
    "logs:CreateLogStream", "logs:PutLogEvents",    "dynamodb:GetItem",   "dynamodb:Query",
    "ec2:DescribeInstances", "sts:AssumeRole",      "ssm:GetParameter*",  "secretsmanager:GetSecretValue",
};
constexpr std::string_view kScriptLines[] = {
    "set -euo pipefail",
    "export DEBIAN_FRONTEND=noninteractive",
    "apt-get update -y && apt-get install -y nginx jq awscli",
    "systemctl enable --now nginx",
    "echo \"node started at $(date -Iseconds)\" >> /var/log/bootstrap.log",
    "aws s3 cp s3://artifacts-${ENV}/releases/app.tar.gz /opt/app/ && tar -xzf /opt/app/app.tar.gz -C /opt/app",
    "cat > /etc/app/config.json <<'CONF'",
    "{\"listen\": \":8080\", \"log_level\": \"info\", \"upstreams\": [\"10.0.1.10\", \"10.0.2.10\"]}",
    "CONF",
    "if [ -f /opt/app/migrate.sh ]; then /opt/app/migrate.sh --yes; fi",
    "useradd --system --shell /usr/sbin/nologin app || true",
    "chown -R app:app /opt/app",
    "sysctl -w net.core.somaxconn=4096 > /dev/null",
    "curl -fsS https://checkpoint.internal.example.com/register?node=$(hostname) || echo 'registration failed' >&2",
    "# rotate logs daily & keep a week",
    "echo '0 3 * * * root /usr/sbin/logrotate /etc/logrotate.conf' > /etc/cron.d/logrotate",
};
constexpr std::string_view kYamlKeys[] = {"replicas", "image", "timeout", "retries", "log_level", "endpoint",
                                          "max_connections", "feature_flags", "region", "queue_url"};

std::string Word(Rng& rng) { return std::string(kWords[rng.Below(std::size(kWords))]); }
std::string Env(Rng& rng) { return std::string(kEnvs[rng.Below(std::size(kEnvs))]); }

std::string Hex(Rng& rng, int n) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  s.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) s += kHex[rng.Below(16)];
  return s;
}

std::string Base64(Rng& rng, int n) {
  static constexpr char kChars[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string s;
  for (int i = 0; i < n; ++i) s += kChars[rng.Below(64)];
  s += '=';
  return s;
}

std::string Account(Rng& rng) { return fmt::format("{:012}", 100000000000 + rng.Below(900000000000)); }

std::string Arn(Rng& rng, const SynthContext& ctx) {
  std::string_view service = kServices[rng.Below(std::size(kServices))];
  return fmt::format("arn:aws:{}:{}:{}:{}/{}-{}", service, ctx.region, Account(rng), Word(rng), ctx.name, Hex(rng, 6));
}

std::string Policy(Rng& rng, const SynthContext& ctx) {
  std::string out;
  JsonWriter w([&](std::string_view s) { out.append(s); }, false);
  w.BeginObject();
  w.Key("Statement");
  w.BeginArray();
  int statements = static_cast<int>(rng.Range(1, 5));
  for (int i = 0; i < statements; ++i) {
    w.BeginObject();
    w.Key("Action");
    w.BeginArray();
    int actions = static_cast<int>(rng.Range(1, 6));
    for (int a = 0; a < actions; ++a) w.String(kActions[rng.Below(std::size(kActions))]);
    w.EndArray();
    if (rng.Percent(30)) {
      w.Key("Condition");
      w.BeginObject();
      w.Key("StringEquals");
      w.BeginObject();
      w.Key("aws:PrincipalTag/team");
      w.String(Word(rng));
      w.EndObject();
      w.EndObject();
    }
    w.Key("Effect");
    w.String(rng.Percent(85) ? "Allow" : "Deny");
    w.Key("Resource");
    w.BeginArray();
    int resources = static_cast<int>(rng.Range(1, 4));
    for (int r = 0; r < resources; ++r) w.String(Arn(rng, ctx) + (rng.Percent(40) ? "/*" : ""));
    w.EndArray();
    w.Key("Sid");
    w.String(fmt::format("{}Access{}", Word(rng), i));
    w.EndObject();
  }
  w.EndArray();
  w.Key("Version");
  w.String("2012-10-17");
  w.EndObject();
  w.Flush();
  return out;
}

std::string Script(Rng& rng) {
  std::string s = "#!/bin/bash\n";
  int lines = static_cast<int>(rng.Range(4, 30));
  for (int i = 0; i < lines; ++i) {
    s += kScriptLines[rng.Below(std::size(kScriptLines))];
    s += '\n';
  }
  return s;
}

std::string Yaml(Rng& rng) {
  std::string s;
  int keys = static_cast<int>(rng.Range(2, 12));
  for (int i = 0; i < keys; ++i) {
    std::string_view key = kYamlKeys[rng.Below(std::size(kYamlKeys))];
    if (rng.Percent(25)) {
      s += fmt::format("{}:\n", key);
      int items = static_cast<int>(rng.Range(1, 4));
      for (int k = 0; k < items; ++k) s += fmt::format("  - {}-{}\n", Word(rng), rng.Below(100));
    } else {
      s += fmt::format("{}: \"{}-{}\"\n", key, Word(rng), rng.Below(1000));
    }
  }
  return s;
}

std::string Sentence(Rng& rng) {
  std::string s = "Managed by OpenTofu:";
  int words = static_cast<int>(rng.Range(3, 14));
  for (int i = 0; i < words; ++i) s += " " + Word(rng);
  if (rng.Percent(20)) s += " (owner: team <" + Word(rng) + "@example.com> & on-call)";
  return s;
}

Flavor GuessFlavor(std::string_view name, TypeKind kind) {
  auto has = [&](std::string_view part) { return name.find(part) != std::string_view::npos; };
  if (kind == TypeKind::kNumber) {
    if (has("port")) return Flavor::kPort;
    return Flavor::kSize;
  }
  if (has("cidr")) return Flavor::kCidr;
  if (has("arn")) return Flavor::kArn;
  if (has("policy")) return Flavor::kPolicy;
  if (has("description")) return Flavor::kDescription;
  if (has("protocol")) return Flavor::kWord;
  if (has("name")) return Flavor::kName;
  if (name == "id" || has("_id") || has("_ids")) return Flavor::kId;
  if (has("security_groups")) return Flavor::kId;
  return Flavor::kWord;
}

std::string Number(Flavor flavor, Rng& rng) {
  switch (flavor) {
    case Flavor::kPort: return std::to_string(rng.Pick(std::vector<int>{22, 80, 443, 5432, 3306, 6379, 8080, 9090}));
    case Flavor::kSmallCount: return std::to_string(rng.Range(1, 16));
    case Flavor::kFloat: return fmt::format("{}.{}", rng.Range(0, 999), rng.Range(1, 99));
    default: return std::to_string(rng.Pick(std::vector<int>{8, 20, 30, 50, 64, 100, 128, 256, 365, 500, 1024, 3000}) +
                                   (rng.Percent(30) ? static_cast<int>(rng.Below(1000)) : 0));
  }
}

FakeValue Text(Flavor flavor, const std::vector<std::string>& choices, Rng& rng, const SynthContext& ctx) {
  if (flavor == Flavor::kEnum && !choices.empty()) return FakeValue::String(rng.Pick(choices));
  return FakeValue::String(SynthesizeText(flavor, rng, ctx));
}

FakeValue StringMap(Flavor flavor, Rng& rng, const SynthContext& ctx) {
  FakeValue m = FakeValue::Object();
  if (flavor == Flavor::kTags) {
    m.Set("Environment", FakeValue::String(Env(rng)));
    m.Set("ManagedBy", FakeValue::String("opentofu"));
    m.Set("Name", FakeValue::String(ctx.name));
    int extra = static_cast<int>(rng.Range(0, 7));
    for (int i = 0; i < extra; ++i) {
      std::string key(rng.Pick({"Team", "CostCenter", "Owner", "Service", "DataClass", "Backup", "Compliance",
                                "Project", "Repository"}));
      m.Set(key, FakeValue::String(key == "Repository" ? "https://git.example.com/infra/" + Word(rng)
                                                       : fmt::format("{}-{}", Word(rng), rng.Below(10000))));
    }
    return m;
  }
  int n = static_cast<int>(rng.Range(1, 8));
  for (int i = 0; i < n; ++i) {
    if (flavor == Flavor::kEnvironment) {
      std::string key = Word(rng) + "_" + Word(rng);
      std::transform(key.begin(), key.end(), key.begin(), [](char c) { return static_cast<char>(std::toupper(c)); });
      m.Set(key, FakeValue::String(rng.Percent(20) ? SynthesizeText(Flavor::kUrl, rng, ctx) : Word(rng)));
    } else {
      m.Set(fmt::format("{}.{}", Word(rng), rng.Percent(50) ? "yaml" : "conf"),
            FakeValue::String(SynthesizeText(flavor, rng, ctx)));
    }
  }
  return m;
}

FakeValue Manifest(Rng& rng, const SynthContext& ctx) {
  FakeValue labels = FakeValue::Object();
  labels.Set("app", FakeValue::String(ctx.name));
  labels.Set("tier", FakeValue::String(Word(rng)));
  FakeValue metadata = FakeValue::Object();
  metadata.Set("labels", labels);
  metadata.Set("name", FakeValue::String(ctx.name));
  metadata.Set("namespace", FakeValue::String(Word(rng)));
  FakeValue container = FakeValue::Object();
  container.Set("image", FakeValue::String(fmt::format("registry.example.com/{}:{}.{}.{}", ctx.name, rng.Below(5),
                                                        rng.Below(30), rng.Below(100))));
  container.Set("name", FakeValue::String(ctx.name));
  FakeValue ports = FakeValue::Array();
  FakeValue port = FakeValue::Object();
  port.Set("containerPort", FakeValue::Number(Number(Flavor::kPort, rng)));
  ports.items.push_back(port);
  container.Set("ports", ports);
  FakeValue env = FakeValue::Array();
  int vars = static_cast<int>(rng.Range(1, 6));
  for (int i = 0; i < vars; ++i) {
    FakeValue var = FakeValue::Object();
    var.Set("name", FakeValue::String(Word(rng) + "_URL"));
    var.Set("value", FakeValue::String(SynthesizeText(Flavor::kUrl, rng, ctx)));
    env.items.push_back(var);
  }
  container.Set("env", env);
  FakeValue containers = FakeValue::Array();
  containers.items.push_back(container);
  FakeValue pod_spec = FakeValue::Object();
  pod_spec.Set("containers", containers);
  FakeValue tmpl = FakeValue::Object();
  tmpl.Set("metadata", metadata);
  tmpl.Set("spec", pod_spec);
  FakeValue spec = FakeValue::Object();
  spec.Set("replicas", FakeValue::Number(std::to_string(rng.Range(1, 12))));
  spec.Set("template", tmpl);
  FakeValue m = FakeValue::Object();
  m.Set("apiVersion", FakeValue::String("apps/v1"));
  m.Set("kind", FakeValue::String("Deployment"));
  m.Set("metadata", metadata);
  m.Set("spec", spec);
  return m;
}

FakeValue OfType(const TypeSpec& type, Flavor flavor, const std::vector<std::string>& choices, std::string_view name,
                 Rng& rng, const SynthContext& ctx) {
  if (flavor == Flavor::kAuto) flavor = GuessFlavor(name, type.kind);
  switch (type.kind) {
    case TypeKind::kString: return Text(flavor, choices, rng, ctx);
    case TypeKind::kNumber: return FakeValue::Number(Number(flavor, rng));
    case TypeKind::kBool: return FakeValue::Bool(rng.Percent(50));
    case TypeKind::kDynamic: return Manifest(rng, ctx);
    case TypeKind::kMap:
      if (type.element->kind == TypeKind::kString) return StringMap(flavor, rng, ctx);
      [[fallthrough]];
    case TypeKind::kList:
    case TypeKind::kSet: {
      FakeValue list = type.kind == TypeKind::kMap ? FakeValue::Object() : FakeValue::Array();
      int n = static_cast<int>(rng.Range(type.element->kind == TypeKind::kObject ? 1 : 0, 4));
      for (int i = 0; i < n; ++i) {
        FakeValue item = OfType(*type.element, flavor, choices, name, rng, ctx);
        if (type.kind == TypeKind::kMap) {
          list.Set(Word(rng), std::move(item));
        } else {
          list.items.push_back(std::move(item));
        }
      }
      return list;
    }
    case TypeKind::kObject: {
      FakeValue obj = FakeValue::Object();
      for (const auto& [attr, t] : type.attributes) {
        bool is_list = t->kind == TypeKind::kList || t->kind == TypeKind::kSet;
        obj.Set(attr, is_list && rng.Percent(50) ? FakeValue::Array() : OfType(*t, Flavor::kAuto, {}, attr, rng, ctx));
      }
      return obj;
    }
  }
  return {};
}

bool Settable(const AttributeSpec& a) { return a.required || a.optional; }

FakeValue AttributeValue(const AttributeSpec& a, Rng& rng, const SynthContext& ctx);

FakeValue NestedObject(const std::vector<AttributeSpec>& attributes, Rng& rng, const SynthContext& ctx) {
  FakeValue obj = FakeValue::Object();
  for (const AttributeSpec& a : attributes) obj.Set(a.name, AttributeValue(a, rng, ctx));
  return obj;
}

FakeValue Collection(Nesting nesting, int min_items, int max_items, Rng& rng,
                     const std::function<FakeValue()>& element) {
  switch (nesting) {
    case Nesting::kSingle:
    case Nesting::kGroup:
      if (min_items == 0 && rng.Percent(40)) return FakeValue::Null();
      return element();
    case Nesting::kMap: {
      FakeValue m = FakeValue::Object();
      int n = static_cast<int>(rng.Range(0, 3));
      for (int i = 0; i < n; ++i) m.Set(fmt::format("{}_{}", Word(rng), i), element());
      return m;
    }
    case Nesting::kList:
    case Nesting::kSet: {
      int hi = max_items > 0 ? max_items : 4;
      int lo = min_items;
      if (max_items == 1 && min_items == 0) lo = rng.Percent(70) ? 1 : 0;
      FakeValue list = FakeValue::Array();
      int n = static_cast<int>(rng.Range(lo, std::max(lo, hi)));
      for (int i = 0; i < n; ++i) list.items.push_back(element());
      return list;
    }
  }
  return {};
}

FakeValue AttributeValue(const AttributeSpec& a, Rng& rng, const SynthContext& ctx) {
  // Optional, not computed: often left unset.
  if (!a.required && !a.computed && rng.Percent(35)) return FakeValue::Null();
  if (a.nested) {
    const NestedSpec& n = *a.nested;
    return Collection(n.nesting, 0, 0, rng, [&] { return NestedObject(n.attributes, rng, ctx); });
  }
  return OfType(*a.type, a.flavor, a.choices, a.name, rng, ctx);
}

// Replaces, adds or removes one line of a multi-line string.
std::string EditLines(const std::string& text, Rng& rng, Flavor flavor, const SynthContext& ctx) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  std::string fresh = SynthesizeText(flavor, rng, ctx);
  std::string line = fresh.substr(0, fresh.find('\n'));
  size_t at = lines.empty() ? 0 : 1 + rng.Below(lines.size());
  if (at >= lines.size() || rng.Percent(40)) {
    lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(std::min(at, lines.size())), line);
  } else if (rng.Percent(50)) {
    lines[at] = line;
  } else {
    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(at));
  }
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

void MutateValue(FakeValue& v, const AttributeSpec& a, Rng& rng, const SynthContext& ctx);

void MutateObjectMembers(const std::vector<AttributeSpec>& attributes, FakeValue& obj, Rng& rng,
                         const SynthContext& ctx) {
  std::vector<const AttributeSpec*> settable;
  for (const AttributeSpec& a : attributes) {
    if (Settable(a)) settable.push_back(&a);
  }
  if (settable.empty() || obj.kind != FakeValue::Kind::kObject) return;
  const AttributeSpec& a = *rng.Pick(settable);
  FakeValue* member = obj.Find(a.name);
  if (member != nullptr) MutateValue(*member, a, rng, ctx);
}

void MutateValue(FakeValue& v, const AttributeSpec& a, Rng& rng, const SynthContext& ctx) {
  bool keep_sensitive = v.sensitive;
  if (v.is_null() || v.kind == FakeValue::Kind::kUnknown) {
    AttributeSpec required = a;
    required.required = true;
    v = AttributeValue(required, rng, ctx);
  } else if (a.nested) {
    if (v.kind == FakeValue::Kind::kArray && !v.items.empty() && rng.Percent(70)) {
      MutateObjectMembers(a.nested->attributes, v.items[rng.Below(v.items.size())], rng, ctx);
    } else if (v.kind == FakeValue::Kind::kArray) {
      v.items.push_back(NestedObject(a.nested->attributes, rng, ctx));
    } else if (!v.members.empty() && a.nested->nesting == Nesting::kMap) {
      MutateObjectMembers(a.nested->attributes, v.members[rng.Below(v.members.size())].second, rng, ctx);
    } else {
      MutateObjectMembers(a.nested->attributes, v, rng, ctx);
    }
  } else {
    const TypeSpec& t = *a.type;
    Flavor flavor = a.flavor == Flavor::kAuto ? GuessFlavor(a.name, t.kind) : a.flavor;
    switch (v.kind) {
      case FakeValue::Kind::kString:
        if (flavor == Flavor::kScript || flavor == Flavor::kYaml) {
          v.text = EditLines(v.text, rng, flavor, ctx);
        } else {
          v = Text(flavor, a.choices, rng, ctx);
        }
        break;
      case FakeValue::Kind::kNumber: v.text = std::to_string(std::stoll("0" + v.text.substr(0, v.text.find('.'))) + rng.Range(1, 64)); break;
      case FakeValue::Kind::kBool: v.flag = !v.flag; break;
      case FakeValue::Kind::kArray:
        if (!v.items.empty() && rng.Percent(40)) {
          v.items.erase(v.items.begin() + static_cast<std::ptrdiff_t>(rng.Below(v.items.size())));
        } else {
          v.items.push_back(OfType(*t.element, flavor, a.choices, a.name, rng, ctx));
        }
        break;
      case FakeValue::Kind::kObject:
        if (t.kind == TypeKind::kDynamic) {
          if (FakeValue* spec = v.Find("spec"); spec != nullptr) spec->Set("replicas", FakeValue::Number(std::to_string(rng.Range(1, 40))));
        } else if (!v.members.empty() && rng.Percent(50)) {
          v.members[rng.Below(v.members.size())].second = FakeValue::String(fmt::format("{}-{}", Word(rng), rng.Below(10000)));
        } else if (!v.members.empty() && rng.Percent(30)) {
          v.members.erase(v.members.begin() + static_cast<std::ptrdiff_t>(rng.Below(v.members.size())));
        } else {
          v.Set(std::string(rng.Pick({"Owner", "Ticket", "ReviewedBy", "Release"})),
                FakeValue::String(fmt::format("{}-{}", Word(rng), rng.Below(10000))));
        }
        break;
      default: break;
    }
  }
  if (keep_sensitive) v.sensitive = true;
}

}  // namespace

std::string SynthesizeText(Flavor flavor, Rng& rng, const SynthContext& ctx) {
  switch (flavor) {
    case Flavor::kAuto:
    case Flavor::kWord:
    case Flavor::kEnum: return rng.Percent(60) ? Word(rng) : fmt::format("{}-{}", Word(rng), rng.Below(100));
    case Flavor::kId: {
      std::string prefix = ctx.resource != nullptr ? ctx.resource->id_prefix : "";
      if (prefix.empty()) prefix = rng.Pick({"subnet-", "vpc-", "sg-", "i-", "vol-", "eni-"});
      return prefix + Hex(rng, 17);
    }
    case Flavor::kName: return fmt::format("{}-{}-{}", Env(rng), ctx.name, Word(rng));
    case Flavor::kArn: return Arn(rng, ctx);
    case Flavor::kPolicy: return Policy(rng, ctx);
    case Flavor::kScript: return Script(rng);
    case Flavor::kYaml: return Yaml(rng);
    case Flavor::kCidr: return fmt::format("10.{}.{}.0/{}", rng.Below(256), rng.Below(256), rng.Pick({"16", "20", "24"}));
    case Flavor::kIp: return fmt::format("10.{}.{}.{}", rng.Below(256), rng.Below(256), rng.Range(1, 254));
    case Flavor::kTimestamp:
      return fmt::format("20{:02}-{:02}-{:02}T{:02}:{:02}:{:02}Z", rng.Range(19, 25), rng.Range(1, 12), rng.Range(1, 28),
                         rng.Below(24), rng.Below(60), rng.Below(60));
    case Flavor::kUuid:
      return fmt::format("{}-{}-4{}-a{}-{}", Hex(rng, 8), Hex(rng, 4), Hex(rng, 3), Hex(rng, 3), Hex(rng, 12));
    case Flavor::kDescription: return Sentence(rng);
    case Flavor::kSecret: {
      static constexpr char kChars[] = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%&*<>?";
      std::string s;
      int n = static_cast<int>(rng.Range(16, 40));
      for (int i = 0; i < n; ++i) s += kChars[rng.Below(sizeof kChars - 1)];
      return s;
    }
    case Flavor::kHash: return rng.Percent(50) ? Base64(rng, 43) : Hex(rng, 64);
    case Flavor::kUrl:
      return rng.Percent(50) ? fmt::format("ip-10-{}-{}-{}.{}.compute.internal", rng.Below(256), rng.Below(256),
                                           rng.Below(256), ctx.region)
                             : fmt::format("https://{}.{}.example.com/{}", ctx.name, Env(rng), Word(rng));
    case Flavor::kRegion: return ctx.region;
    case Flavor::kZone: return ctx.region + std::string(rng.Pick({"a", "b", "c"}));
    case Flavor::kPort:
    case Flavor::kSize:
    case Flavor::kSmallCount:
    case Flavor::kFloat: return Number(flavor, rng);
    case Flavor::kTags:
    case Flavor::kEnvironment:
    case Flavor::kManifest: return Word(rng);
  }
  return Word(rng);
}

FakeValue SynthesizeBlock(const BlockSpec& block, Rng& rng, const SynthContext& ctx) {
  FakeValue obj = NestedObject(block.attributes, rng, ctx);
  for (const BlockTypeSpec& t : block.block_types) {
    obj.Set(t.name, Collection(t.nesting, t.min_items, t.max_items, rng,
                               [&] { return SynthesizeBlock(*t.block, rng, ctx); }));
  }
  return obj;
}

std::vector<std::string> MutateBlock(const BlockSpec& block, FakeValue& value, Rng& rng, const SynthContext& ctx,
                                     int changes) {
  std::vector<std::string> changed;
  std::vector<const AttributeSpec*> settable;
  for (const AttributeSpec& a : block.attributes) {
    if (Settable(a) && a.name != "id") settable.push_back(&a);
  }
  for (int i = 0; i < changes; ++i) {
    bool use_block = !block.block_types.empty() && (settable.empty() || rng.Percent(25));
    if (use_block) {
      const BlockTypeSpec& t = block.block_types[rng.Below(block.block_types.size())];
      FakeValue* v = value.Find(t.name);
      if (v == nullptr) continue;
      if (v->kind == FakeValue::Kind::kArray && !v->items.empty()) {
        MutateBlock(*t.block, v->items[rng.Below(v->items.size())], rng, ctx, 1);
      } else if (v->kind == FakeValue::Kind::kArray && (t.max_items == 0 || static_cast<int>(v->items.size()) < t.max_items)) {
        v->items.push_back(SynthesizeBlock(*t.block, rng, ctx));
      } else if (v->kind == FakeValue::Kind::kObject && t.nesting != Nesting::kMap) {
        MutateBlock(*t.block, *v, rng, ctx, 1);
      } else {
        continue;
      }
      changed.push_back(t.name);
      continue;
    }
    if (settable.empty()) break;
    const AttributeSpec& a = *rng.Pick(settable);
    FakeValue* v = value.Find(a.name);
    if (v == nullptr) continue;
    MutateValue(*v, a, rng, ctx);
    changed.push_back(a.name);
  }
  return changed;
}

void MakeComputedUnknown(const BlockSpec& block, FakeValue& value, Rng& rng, int percent) {
  if (value.kind != FakeValue::Kind::kObject) return;
  for (const AttributeSpec& a : block.attributes) {
    if (!a.computed) continue;
    FakeValue* v = value.Find(a.name);
    if (v == nullptr) continue;
    bool computed_only = !a.optional && !a.required;
    if ((computed_only || v->is_null()) && rng.Percent(static_cast<uint64_t>(percent))) {
      bool sensitive = v->sensitive;
      *v = FakeValue::Unknown();
      v->sensitive = sensitive;
    }
  }
  for (const BlockTypeSpec& t : block.block_types) {
    FakeValue* v = value.Find(t.name);
    if (v == nullptr) continue;
    if (v->kind == FakeValue::Kind::kArray) {
      for (FakeValue& item : v->items) MakeComputedUnknown(*t.block, item, rng, percent);
    } else if (v->kind == FakeValue::Kind::kObject && t.nesting != Nesting::kMap) {
      MakeComputedUnknown(*t.block, *v, rng, percent);
    }
  }
}

void MarkSchemaSensitive(const BlockSpec& block, FakeValue& value) {
  if (value.kind != FakeValue::Kind::kObject) return;
  for (const AttributeSpec& a : block.attributes) {
    if (!a.sensitive) continue;
    if (FakeValue* v = value.Find(a.name); v != nullptr) v->sensitive = true;
  }
  for (const BlockTypeSpec& t : block.block_types) {
    FakeValue* v = value.Find(t.name);
    if (v == nullptr) continue;
    if (v->kind == FakeValue::Kind::kArray) {
      for (FakeValue& item : v->items) MarkSchemaSensitive(*t.block, item);
    } else if (v->kind == FakeValue::Kind::kObject && t.nesting != Nesting::kMap) {
      MarkSchemaSensitive(*t.block, *v);
    }
  }
}

}  // namespace planview::bench
