// Writes the seed corpus of every fuzz target from testdata/conformance:
//   make_seeds REPO_ROOT OUT_DIR
// creates OUT_DIR/<target>/<n> for each target named in README.md (Hostile input). Seeds are
// the conformance inputs themselves (plans, states, logs, schemas, wire vectors, types),
// cut to what each target reads.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<fs::path> Sorted(const fs::path& dir) {
  std::vector<fs::path> entries;
  if (!fs::exists(dir)) return entries;
  for (const auto& entry : fs::directory_iterator(dir)) entries.push_back(entry.path());
  std::sort(entries.begin(), entries.end());
  return entries;
}

// Each target's seeds, deduplicated.
class Corpus {
 public:
  explicit Corpus(fs::path out) : out_(std::move(out)) {}
  void Add(const std::string& target, const std::string& bytes) {
    if (bytes.empty()) return;
    seeds_[target].insert(bytes);
  }
  void Write() const {
    for (const auto& [target, seeds] : seeds_) {
      fs::path dir = out_ / target;
      fs::create_directories(dir);
      size_t n = 0;
      for (const std::string& seed : seeds) {
        std::ofstream(dir / std::to_string(n++), std::ios::binary) << seed;
      }
      std::printf("%-20s %zu seeds\n", target.c_str(), n);
    }
  }

 private:
  fs::path out_;
  std::map<std::string, std::set<std::string>> seeds_;
};

std::string Unhex(const std::string& hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

// MessagePack pieces for the msgpack target's seeds.
std::string Str(const std::string& s) {
  std::string out;
  if (s.size() < 32) {
    out += static_cast<char>(0xa0 | s.size());
  } else {
    out += '\xd9';
    out += static_cast<char>(s.size());
  }
  return out + s;
}

std::string Bin(const std::string& s) {
  std::string out;
  if (s.size() < 256) {
    out += '\xc4';
    out += static_cast<char>(s.size());
  } else {
    out += '\xc5';
    out += static_cast<char>(s.size() >> 8);
    out += static_cast<char>(s.size() & 0xff);
  }
  return out + s;
}

// The fixed object type of msgpack_decode_fuzzer.cc, with `dynamic_value` (already a
// complete [type JSON, value] pair) as its attribute `d`.
std::string FixedObject(const std::string& dynamic_value) {
  std::string out = "\x84";
  out += Str("d") + dynamic_value;
  out += Str("l") + "\x91\x82" + Str("a") + Str("x") + Str("n") + "\x01";
  out += Str("m") + "\x81" + Str("k") + "\x91\xc3";
  out += Str("t") + "\x93" + Str("s") + "\x01" + "\x92" + Bin("\"string\"") + Str("v");
  return out;
}

// The fixed object with a list `l` of 5000 blocks: long enough for the decoder to share it
// with a second thread.
std::string LongListObject() {
  std::string out = "\x84";
  out += Str("d") + "\x92" + Bin("\"string\"") + Str("v");
  out += Str("l") + "\xdc" + '\x13' + '\x88';  // 5000
  for (int i = 0; i < 5000; ++i) {
    out += "\x82" + Str("a") + Str("x" + std::to_string(i)) + Str("n") + static_cast<char>(i % 128);
  }
  out += Str("m") + "\x81" + Str("k") + "\x91\xc3";
  out += Str("t") + "\x93" + Str("s") + "\x01" + "\x92" + Bin("\"string\"") + Str("v");
  return out;
}

// Every `type` value of attributes in a schema block, recursively.
void CollectTypes(const json& node, std::vector<json>& types) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      if (key == "type" && (value.is_string() || value.is_array())) types.push_back(value);
      CollectTypes(value, types);
    }
  } else if (node.is_array()) {
    for (const json& element : node) CollectTypes(element, types);
  }
}

// `schemas` cut to the resource types `plan` mentions.
json PruneSchemas(const json& schemas, const json& plan) {
  std::set<std::string> types;
  for (const char* key : {"resource_changes", "resource_drift"}) {
    if (!plan.contains(key) || !plan[key].is_array()) continue;
    for (const json& change : plan[key]) {
      if (change.contains("type") && change["type"].is_string()) types.insert(change["type"].get<std::string>());
    }
  }
  json out = schemas;
  for (auto& [provider, sections] : out["provider_schemas"].items()) {
    for (auto& [section, entries] : sections.items()) {
      if (section == "provider" || !entries.is_object()) continue;
      json kept = json::object();
      for (const auto& [type, schema] : entries.items()) {
        if (types.count(type)) kept[type] = schema;
      }
      entries = kept;
    }
  }
  return out;
}

json Parsed(const json& maybe_text) { return maybe_text.is_string() ? json::parse(maybe_text.get<std::string>()) : maybe_text; }

// A differ case as a one-resource plan and its schema: attribute cases become the
// attribute "value" of a block.
void AddDifferCase(const json& test_case, Corpus& corpus) {
  const json& input = test_case["input"];
  const json& schema = test_case["schema"];
  json block;
  bool wrap = false;
  if (schema.contains("block")) {
    block = schema["block"];
  } else if (schema.contains("attribute")) {
    block = {{"attributes", {{"value", schema["attribute"]}}}};
    wrap = true;
  } else {
    return;
  }
  auto value = [&](const char* key) {
    json v = input.contains(key) ? input[key] : json();
    return wrap ? json{{"value", v}} : v;
  };
  auto marker = [&](const char* key) {
    json v = input.contains(key) ? input[key] : json(false);
    if (!wrap) return v;
    return v == json(false) || v.is_null() ? json::object() : json{{"value", v}};
  };
  json replace = json::array();
  if (input.contains("replace_paths") && input["replace_paths"].is_object()) {
    for (json path : input["replace_paths"].value("paths", json::array())) {
      if (wrap) path.insert(path.begin(), "value");
      replace.push_back(path);
    }
  }
  json change = {{"actions", {"update"}},         {"before", value("before")},
                 {"after", value("after")},        {"after_unknown", marker("after_unknown")},
                 {"before_sensitive", marker("before_sensitive")}, {"after_sensitive", marker("after_sensitive")},
                 {"replace_paths", replace}};
  json plan = {{"format_version", "1.2"},
               {"resource_changes",
                {{{"address", "test_instance.example"},
                  {"mode", "managed"},
                  {"type", "test_instance"},
                  {"name", "example"},
                  {"provider_name", "registry.opentofu.org/hashicorp/test"},
                  {"change", change}}}}};
  json schemas = {{"format_version", "1.0"},
                  {"provider_schemas",
                   {{"registry.opentofu.org/hashicorp/test",
                     {{"resource_schemas", {{"test_instance", {{"version", 0}, {"block", block}}}}}}}}}};
  corpus.Add("plan_schema_fuzzer", plan.dump() + '\0' + schemas.dump());
  corpus.Add("schema_parse_fuzzer", schemas.dump());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_seeds REPO_ROOT OUT_DIR\n");
    return 2;
  }
  const fs::path conformance = fs::path(argv[1]) / "testdata" / "conformance";
  Corpus corpus(argv[2]);

  for (const fs::path& dir : Sorted(conformance / "equivalence")) {
    if (!fs::is_directory(dir)) continue;
    std::string plan = ReadFile(dir / "plan.json");
    std::string schemas = ReadFile(dir / "schemas.json");
    for (const char* file : {"plan.json", "state.json", "apply.jsonl", "schemas.json"}) {
      if (fs::exists(dir / file)) corpus.Add("json_parse_fuzzer", ReadFile(dir / file));
    }
    corpus.Add("plan_render_fuzzer", plan);
    if (fs::exists(dir / "state.json")) corpus.Add("plan_render_fuzzer", ReadFile(dir / "state.json"));
    if (fs::exists(dir / "apply.jsonl")) {
      corpus.Add("log_render_fuzzer", ReadFile(dir / "apply.jsonl"));
      corpus.Add("plan_render_fuzzer", ReadFile(dir / "apply.jsonl"));
    }
    json pruned = PruneSchemas(json::parse(schemas), json::parse(plan));
    corpus.Add("plan_schema_fuzzer", plan + '\0' + pruned.dump());
    corpus.Add("schema_parse_fuzzer", pruned.dump());
    std::vector<json> types;
    CollectTypes(pruned, types);
    for (const json& type : types) corpus.Add("type_parse_fuzzer", type.dump());
  }

  for (const char* suite : {"plan_resource", "plan_human", "plan_outputs", "state"}) {
    for (const fs::path& file : Sorted(conformance / "upstream" / suite)) {
      if (file.extension() != ".json") continue;
      std::string text = ReadFile(file);
      corpus.Add("json_parse_fuzzer", text);
      const json input = json::parse(text)["input"];
      json document = input.contains("plan_json") ? Parsed(input["plan_json"]) : Parsed(input.value("state_json", json()));
      if (document.is_null()) continue;
      corpus.Add("plan_render_fuzzer", document.dump());
      json schemas = input.contains("schemas_json") ? Parsed(input["schemas_json"]) : json();
      corpus.Add("plan_schema_fuzzer", schemas.is_null() ? document.dump() : document.dump() + '\0' + schemas.dump());
      if (!schemas.is_null()) corpus.Add("schema_parse_fuzzer", schemas.dump());
    }
  }

  for (const fs::path& file : Sorted(conformance / "upstream" / "differ")) {
    if (file.extension() != ".json") continue;
    AddDifferCase(json::parse(ReadFile(file)), corpus);
  }

  for (const fs::path& file : Sorted(conformance / "wire")) {
    if (file.extension() != ".jsonl") continue;
    std::istringstream lines(ReadFile(file));
    std::string line;
    while (std::getline(lines, line)) {
      if (line.empty()) continue;
      corpus.Add("json_parse_fuzzer", line);
      // A few vectors hold numbers beyond what nlohmann::json reads; they seed the parser only.
      json vector = json::parse(line, nullptr, /*allow_exceptions=*/false);
      if (vector.is_discarded()) continue;
      if (vector.contains("type")) corpus.Add("type_parse_fuzzer", vector["type"].dump());
      if (vector.contains("json_input") && vector["json_input"].is_string()) {
        corpus.Add("json_parse_fuzzer", vector["json_input"].get<std::string>());
      }
      if (vector.contains("block_schema")) {
        json schemas = {{"format_version", "1.0"},
                        {"provider_schemas",
                         {{"example", {{"resource_schemas", {{"example_thing", {{"block", vector["block_schema"]}}}}}}}}}};
        corpus.Add("schema_parse_fuzzer", schemas.dump());
      }
      if (vector.contains("msgpack_hex") && vector.contains("type")) {
        std::string value = Unhex(vector["msgpack_hex"].get<std::string>());
        corpus.Add("msgpack_decode_fuzzer", FixedObject("\x92" + Bin(vector["type"].dump()) + value));
      }
    }
  }
  corpus.Add("msgpack_decode_fuzzer", LongListObject());
  corpus.Write();
  return 0;
}
