// The go-cty wire-format vectors (testdata/conformance/wire, see its README): every case
// decodes to the described value (or is rejected), and re-encoding gives go-cty's bytes.
//
// Where the vectors carry `spec_expect_error` / `spec_value`, this decoder follows the
// wire-format spec instead of go-cty, which has bugs there: it does not skip the values of
// unknown refinement keys, rejects extension codes other than 12 with a payload, accepts
// non-string map keys and incomplete objects/tuples, and panics on NaN, inconsistent
// refinements and mixed dynamic element types. Cases where go-cty panicked must give an
// error, never a crash.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "wire/decode.h"
#include "wire/encode.h"
#include "wire/implied_type.h"
#include "wire/number.h"

namespace planview::wire {

using structured::Block;
using structured::FindInvalidUtf8;
using structured::Member;
using structured::ParseBlock;
using structured::ParseJson;
using structured::ParseResult;
using structured::ParseType;
using structured::Type;
using structured::Value;

namespace {

using nlohmann::json;

const char* const kFiles[] = {
    "primitives",      "collections",        "structural",    "dynamic",  "unknown",   "refined",    "blocks",
    "encoding",        "decode_accepted",    "decode_extensions", "decode_errors", "truncated", "json_decode",
    "random",
};

std::string Hex(std::string_view bytes) {
  static const char* kHex = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
  return out;
}

std::string Unhex(const std::string& hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

Type TypeOf(const json& j) {
  ParseResult parsed = ParseJson(j.dump());
  base::Expected<Type> t = ParseType(parsed.value()->root());
  if (!t) throw std::runtime_error("bad type in vector: " + t.error().message);
  return *t;
}

json RefinementsJson(const Refinements* r) {
  json out = json::object();
  if (r == nullptr) return out;
  if (r->not_null) out["null"] = false;
  if (!r->string_prefix.empty()) out["string_prefix"] = r->string_prefix;
  if (r->number_lower) out["number_lower"] = json::array({r->number_lower->value, r->number_lower->inclusive});
  if (r->number_upper) out["number_upper"] = json::array({r->number_upper->value, r->number_upper->inclusive});
  if (r->length_lower != 0) out["length_lower"] = r->length_lower;
  if (r->length_upper) out["length_upper"] = *r->length_upper;
  return out;
}

// The vectors' canonical value description of a decoded value.
json Describe(const WireValue& wv, Value v, Value marker, const Type& declared_in) {
  Type declared = WithoutOptionalAttributes(declared_in);
  if (declared.kind() == Type::Kind::kDynamic) {
    if (const Type* t = wv.DynamicTypeOf(v)) declared = *t;
  }
  Type rt = RuntimeType(wv, v, marker, declared);
  json type = json::parse(rt.ToJson());
  if (marker.is_true()) {
    return json{{"kind", "unknown"}, {"type", type}, {"refinements", RefinementsJson(wv.RefinementsOf(v))}};
  }
  if (v.is_null()) return json{{"kind", "null"}, {"type", type}};
  json out{{"kind", "known"}, {"type", type}};
  switch (rt.kind()) {
    case Type::Kind::kString: {
      std::string_view s = v.text();
      if (FindInvalidUtf8(s) != s.size()) {
        // As Go prints it: each invalid byte becomes U+FFFD.
        std::string shown;
        for (size_t i = 0; i < s.size();) {
          size_t ok = FindInvalidUtf8(s.substr(i));
          shown.append(s.substr(i, ok));
          if (i + ok >= s.size()) break;
          shown += "\xef\xbf\xbd";
          i += ok + 1;
        }
        out["v"] = shown;
        out["v_hex"] = Hex(s);
      } else {
        out["v"] = std::string(s);
      }
      break;
    }
    case Type::Kind::kNumber: {
      out["v"] = std::string(v.text());
      NumberEncoding enc = ChooseNumberEncoding(v.text(), wv.IsFloat64(v));
      out["num_enc"] = enc.kind == NumberEncoding::Kind::kInt ? "int"
                       : enc.kind == NumberEncoding::Kind::kFloat64 ? "float64"
                                                                    : "string";
      break;
    }
    case Type::Kind::kBool: out["v"] = v.as_bool(); break;
    case Type::Kind::kList:
    case Type::Kind::kSet:
    case Type::Kind::kTuple: {
      json elems = json::array();
      for (size_t i = 0; i < v.size(); ++i) {
        const Type& et = rt.kind() == Type::Kind::kTuple ? declared.elements()[i] : declared.element();
        elems.push_back(Describe(wv, v.at(i), UnknownChild(marker, i), et));
      }
      out["v"] = elems;
      break;
    }
    case Type::Kind::kMap:
    case Type::Kind::kObject: {
      json members = json::object();
      for (size_t i = 0; i < v.size(); ++i) {
        Member m = v.member(i);
        const Type* at = declared.kind() == Type::Kind::kObject ? declared.attribute(m.key) : &declared.element();
        members[std::string(m.key)] = Describe(wv, m.value, UnknownChild(marker, m.key), at ? *at : Type());
      }
      out["v"] = members;
      break;
    }
    default: break;
  }
  return out;
}

json DescribeRoot(const WireValue& wv, const Type& type) {
  return Describe(wv, wv.root(), wv.unknown_root(), type);
}

// Sets compare as multisets: sort their elements.
void NormalizeSets(json& node) {
  if (!node.is_object()) return;
  if (node.contains("v") && node["v"].is_array()) {
    for (json& e : node["v"]) NormalizeSets(e);
    const json& t = node["type"];
    if (t.is_array() && !t.empty() && t[0] == "set") {
      std::sort(node["v"].begin(), node["v"].end(), [](const json& a, const json& b) { return a.dump() < b.dump(); });
    }
  } else if (node.contains("v") && node["v"].is_object()) {
    for (auto& [k, e] : node["v"].items()) NormalizeSets(e);
  }
}

bool SameValue(json a, json b) {
  NormalizeSets(a);
  NormalizeSets(b);
  return a == b;
}

// Removes a top-level member from a JSON object text (the vectors' `json` member holds
// numbers too big for the test's JSON library; `json_text` has the same content).
std::string StripMember(const std::string& line, const std::string& key) {
  std::string needle = ",\"" + key + "\":";
  size_t at = line.find(needle);
  if (at == std::string::npos) return line;
  size_t i = at + needle.size();
  int depth = 0;
  bool in_string = false;
  for (; i < line.size(); ++i) {
    char ch = line[i];
    if (in_string) {
      if (ch == '\\') {
        ++i;
      } else if (ch == '"') {
        in_string = false;
      }
      continue;
    }
    if (ch == '"') {
      in_string = true;
    } else if (ch == '{' || ch == '[') {
      ++depth;
    } else if (ch == '}' || ch == ']') {
      if (depth == 0) break;
      --depth;
    } else if (ch == ',' && depth == 0) {
      break;
    }
  }
  return line.substr(0, at) + line.substr(i);
}

struct Outcome {
  bool pass = true;
  std::string why;
  void Fail(std::string reason) {
    if (pass) why = std::move(reason);
    pass = false;
  }
};

// Checks a decoded value against the case: the described value, go-cty's re-encoding,
// and go-cty's JSON.
void CheckDecoded(const json& c, const WireValue& wv, const Type& type, Outcome& out) {
  const json expected = c.contains("spec_value") ? c["spec_value"] : (c.contains("value") ? c["value"] : json());
  json got = DescribeRoot(wv, type);
  if (!expected.is_null() && !SameValue(got, expected)) {
    out.Fail("value: got " + got.dump() + " want " + expected.dump());
    return;
  }
  EncodeResult enc = EncodeMsgpack(wv, type);
  if (!enc.ok()) {
    out.Fail("encode: " + enc.error->ToString());
    return;
  }
  std::string want_hex;
  if (c.contains("spec_value")) {
    want_hex.clear();  // the spec's value has no go-cty bytes; check by decoding below
  } else if (c.contains("canonical_msgpack_hex")) {
    want_hex = c["canonical_msgpack_hex"];
  } else if (c.contains("msgpack_hex") && c["direction"] == "roundtrip") {
    want_hex = c["msgpack_hex"];
  } else if (expected.is_null() && c.contains("msgpack_hex")) {
    want_hex = c["msgpack_hex"];  // go-cty's own encoding it could not decode
  }
  bool byte_exact = !c.contains("encode") || c["encode"].value("byte_exact", true);
  if (!want_hex.empty() && byte_exact) {
    if (Hex(enc.bytes) != want_hex) out.Fail("encode: got " + Hex(enc.bytes) + " want " + want_hex);
  } else {
    DecodeResult again = DecodeMsgpack(enc.bytes, type);
    if (!again.ok()) {
      out.Fail("re-decode: " + again.error->ToString());
    } else if (!SameValue(DescribeRoot(*again.value, type), got)) {
      out.Fail("re-decode differs: " + DescribeRoot(*again.value, type).dump());
    }
  }
  if (!out.pass || c.contains("spec_value")) return;
  // go-cty's JSON: decoding its text gives the value (or `json_value` where JSON cannot
  // tell the difference), and encoding the value gives its text.
  EncodeResult js = EncodeJson(wv, type);
  if (c.contains("json_text")) {
    std::string text = c["json_text"];
    DecodeResult from_json = DecodeJson(text, type);
    const json& want = c.contains("json_value") ? c["json_value"] : expected;
    if (!from_json.ok()) {
      out.Fail("json decode: " + from_json.error->ToString());
    } else if (!SameValue(DescribeRoot(*from_json.value, type), want)) {
      out.Fail("json decode: got " + DescribeRoot(*from_json.value, type).dump());
    } else if (byte_exact && !c.contains("json_value") && !c.contains("original_value")) {
      if (!js.ok()) {
        out.Fail("json: " + js.error->ToString());
      } else if (js.bytes != text) {
        out.Fail("json: got " + js.bytes + " want " + text);
      }
    }
  } else if (c.contains("json_error") && js.ok()) {
    out.Fail("json: expected an error, got " + js.bytes);
  }
}

Outcome RunCase(const json& c) {
  Outcome out;
  Type type = TypeOf(c["type"]);
  if (c.contains("block_schema")) {
    // Block cases decode with the type the schema implies; it must be the vector's type.
    ParseResult schema = ParseJson(c["block_schema"].dump());
    base::Expected<std::shared_ptr<const Block>> block = ParseBlock(schema.value()->root(), "$");
    if (!block) {
      out.Fail("block schema: " + block.error().message);
      return out;
    }
    Type implied = ImpliedType(**block);
    if (implied != WithoutOptionalAttributes(type)) {
      out.Fail("implied type " + implied.ToJson() + " differs from " + type.ToJson());
      return out;
    }
    type = implied;
  }
  bool want_error = c.value("spec_expect_error", c["expect_error"].get<bool>());
  DecodeResult result;
  if (c["direction"] == "json_decode") {
    result = DecodeJson(c["json_input"].get<std::string>(), type);
  } else {
    result = DecodeMsgpack(Unhex(c["msgpack_hex"].get<std::string>()), type);
  }
  if (want_error) {
    if (result.ok()) {
      out.Fail("expected an error (" + c.value("error", std::string("spec")) + "), decoded " +
               DescribeRoot(*result.value, type).dump());
      return out;
    }
    // go-cty's path, where it has one and followed the same steps (it has none for
    // errors it never reported).
    std::string want_path = c.value("error_path", std::string());
    if (!want_path.empty() && !c.contains("spec_expect_error")) {
      std::string got = FormatCtyPath(result.error->path);
      // go-cty files a failed map key under "" (its key read failed); here the error
      // belongs to the map itself.
      bool quirk = want_path.size() >= 4 && want_path.substr(want_path.size() - 4) == "[\"\"]" &&
                   got == want_path.substr(0, want_path.size() - 4);
      if (got != want_path && !quirk) out.Fail("error path: got " + got + " want " + want_path);
    }
    return out;
  }
  if (!result.ok()) {
    out.Fail("unexpected error: " + result.error->ToString());
    return out;
  }
  CheckDecoded(c, *result.value, type, out);
  return out;
}

TEST(WireConformance, AllVectors) {
  int total_failed = 0;
  int total = 0;
  for (const char* file : kFiles) {
    std::string path = fmt::format("testdata/conformance/wire/{}.jsonl", file);
    std::ifstream in(path);
    ASSERT_TRUE(in.good()) << "cannot read " << path;
    std::string line;
    int passed = 0;
    int failed = 0;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      json c = json::parse(StripMember(line, "json"));
      Outcome o;
      try {
        o = RunCase(c);
      } catch (const std::exception& e) {
        o.Fail(std::string("exception: ") + e.what());
      }
      if (o.pass) {
        ++passed;
      } else {
        ++failed;
        ADD_FAILURE() << file << "/" << c["name"].get<std::string>() << ": " << o.why;
      }
    }
    std::printf("wire/%s.jsonl: %d passed, %d failed\n", file, passed, failed);
    total += passed + failed;
    total_failed += failed;
  }
  std::printf("wire: %d passed, %d failed\n", total - total_failed, total_failed);
  EXPECT_EQ(total, 811);
  EXPECT_EQ(total_failed, 0);
}

}  // namespace
}  // namespace planview::wire
