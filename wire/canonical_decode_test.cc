// The fast path for canonical msgpack (internal/canonical_decode.h) against the general
// decoder: on every conformance vector it accepts, and on generated values, both give the
// same documents and side tables; it gives up on what is not canonical.
#include "wire/internal/canonical_decode.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <limits>
#include <msgpack.hpp>
#include <string>
#include <vector>

#include "base/executor.h"
#include "structured/json_parse.h"
#include "structured/json_text.h"
#include "wire/decode.h"

namespace planview::wire {

using structured::Member;
using structured::ParseJson;
using structured::ParseResult;
using structured::ParseType;
using structured::Type;
using structured::Value;

namespace {

using internal::DecodeCanonicalMsgpack;
using internal::DecodeMsgpackGeneral;
using internal::kShareMinBytes;

// The executor lists are shared on: this thread and one helper.
base::Executor& TwoThreads() {
  static base::Executor executor(2);
  return executor;
}

Type TypeFromJson(std::string_view text) {
  ParseResult parsed = ParseJson(std::string(text));
  base::Expected<Type> t = ParseType(parsed.value()->root());
  if (!t) throw std::runtime_error("bad type: " + t.error().message);
  return *t;
}

// A small deterministic random source: next() gives the next 64 bits.
struct XorShift {
  uint64_t state;
  uint64_t operator()() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};

std::string Unhex(const std::string& hex) {
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return out;
}

// Walks two equal values side by side; returns the first difference in what the side
// tables say about a node (refinements, dynamic type, float64), by path.
std::string SideTableDifference(const WireValue& a, Value va, const WireValue& b, Value vb, const std::string& path) {
  const Refinements* ra = a.RefinementsOf(va);
  const Refinements* rb = b.RefinementsOf(vb);
  if ((ra == nullptr) != (rb == nullptr) || (ra != nullptr && !(*ra == *rb))) return path + ": refinements differ";
  const Type* ta = a.DynamicTypeOf(va);
  const Type* tb = b.DynamicTypeOf(vb);
  if ((ta == nullptr) != (tb == nullptr) || (ta != nullptr && !(*ta == *tb))) return path + ": dynamic types differ";
  if (a.IsFloat64(va) != b.IsFloat64(vb)) return path + ": float64 differs";
  if (va.is_array()) {
    for (size_t i = 0; i < va.size(); ++i) {
      std::string d = SideTableDifference(a, va.at(i), b, vb.at(i), fmt::format("{}[{}]", path, i));
      if (!d.empty()) return d;
    }
  } else if (va.is_object()) {
    for (size_t i = 0; i < va.size(); ++i) {
      Member m = va.member(i);
      std::string d = SideTableDifference(a, m.value, b, vb.find(m.key), fmt::format("{}.{}", path, m.key));
      if (!d.empty()) return d;
    }
  }
  return "";
}

std::string Difference(const WireValue& fast, const WireValue& general) {
  if (!fast.root().Equals(general.root())) return "values differ";
  if (!fast.unknown_root().Equals(general.unknown_root())) return "unknown markers differ";
  if (fast.refinements.size() != general.refinements.size()) return "refinement counts differ";
  if (fast.dynamic_types.size() != general.dynamic_types.size()) return "dynamic type counts differ";
  if (fast.float64_numbers.size() != general.float64_numbers.size()) return "float64 counts differ";
  auto sorted = [](const auto& table) {
    return std::is_sorted(table.begin(), table.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  };
  if (!sorted(fast.refinements) || !sorted(fast.dynamic_types) ||
      !std::is_sorted(fast.float64_numbers.begin(), fast.float64_numbers.end())) {
    return "side tables not sorted by node";
  }
  return SideTableDifference(fast, fast.root(), general, general.root(), "$");
}

const char* const kFiles[] = {
    "primitives",      "collections",        "structural",    "dynamic",  "unknown",   "refined",    "blocks",
    "encoding",        "decode_accepted",    "decode_extensions", "decode_errors", "truncated", "random",
};

TEST(CanonicalDecode, AgreesWithTheGeneralDecoderOnEveryVector) {
  int fast = 0;
  int general_only = 0;
  for (const char* file : kFiles) {
    std::string path = fmt::format("testdata/conformance/wire/{}.jsonl", file);
    std::ifstream in(path);
    ASSERT_TRUE(in.good()) << "cannot read " << path;
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty()) continue;
      ParseResult parsed = ParseJson(line);
      ASSERT_TRUE(parsed.ok()) << path;
      Value c = parsed.value()->root();
      if (c.find("msgpack_hex").absent() || c.find("direction").text() == "json_decode") continue;
      base::Expected<Type> type = ParseType(c.find("type"));
      ASSERT_TRUE(type.ok()) << type.error().message;
      auto bytes = std::make_shared<const std::string>(Unhex(std::string(c.find("msgpack_hex").text())));
      std::optional<WireValue> got = DecodeCanonicalMsgpack(*bytes, bytes, *type);
      DecodeResult want = DecodeMsgpackGeneral(bytes, *type);
      std::string name = fmt::format("{}/{}", file, c.find("name").text());
      if (!got) {
        ++general_only;
        continue;
      }
      ++fast;
      ASSERT_TRUE(want.ok()) << name << ": fast path accepted what the general decoder rejects: "
                             << want.error->ToString();
      EXPECT_EQ(Difference(*got, *want.value), "") << name;
    }
  }
  std::printf("canonical fast path: %d vectors, general decoder only: %d\n", fast, general_only);
  // Most vectors are what go-cty writes: the fast path must take them.
  EXPECT_GT(fast, 400);
}

struct Sink {
  std::string* out;
  void write(const char* d, size_t n) { out->append(d, n); }
};

void Str(msgpack::packer<Sink>& pk, std::string_view s) {
  pk.pack_str(static_cast<uint32_t>(s.size()));
  pk.pack_str_body(s.data(), static_cast<uint32_t>(s.size()));
}

const char* kBlockType = R"(["object",{
  "big": ["map", "number"],
  "ingress": ["set", ["object", {"cidr": ["list", "string"], "port": "number", "tags": ["map", "string"]}]],
  "items": ["list", ["object", {"d": "dynamic", "n": "number"}]],
  "meta": "dynamic",
  "names": ["set", "string"],
  "pair": ["tuple", ["string", ["set", "bool"]]],
  "wide": ["object", {"a01":"number","a02":"number","a03":"number","a04":"number","a05":"number","a06":"number",
                      "a07":"number","a08":"number","a09":"number","a10":"number","a11":"number","a12":"number",
                      "a13":"number","a14":"number","a15":"number","a16":"number","a17":"number","a18":"string"}]
}])";

// A canonical value of kBlockType: ingress elements in hash-text order, nested unknowns,
// a refined unknown, a float, a large integer, a 17+ member object and map.
std::string BlockValue(bool ingress_in_order) {
  std::string out;
  Sink sink{&out};
  msgpack::packer<Sink> pk(sink);
  pk.pack_map(7);
  Str(pk, "big");
  pk.pack_map(20);
  for (int i = 0; i < 20; ++i) {
    Str(pk, fmt::format("k{:02d}", i));
    if (i == 3) {
      pk.pack_double(2.5);
    } else if (i == 4) {
      pk.pack_uint64(18446744073709551615ull);
    } else {
      pk.pack_int64(i * 1000 - 5);
    }
  }
  Str(pk, "ingress");
  pk.pack_array(2);
  for (int k = 0; k < 2; ++k) {
    int e = ingress_in_order ? 1 - k : k;  // cty's order: by hash text, and '"' < '?'
    pk.pack_map(3);
    Str(pk, "cidr");
    pk.pack_array(1);
    if (e == 0) {
      out.append("\xd4\x00\x00", 3);  // unknown
    } else {
      Str(pk, "10.0.0.0/8");
    }
    Str(pk, "port");
    pk.pack_int64(e == 0 ? 22 : 443);
    Str(pk, "tags");
    pk.pack_map(1);
    Str(pk, "n\xc3\xa9");
    Str(pk, e == 0 ? "a" : "b");
  }
  Str(pk, "items");  // dynamic values of one type
  pk.pack_array(3);
  for (int i = 0; i < 3; ++i) {
    pk.pack_map(2);
    Str(pk, "d");
    pk.pack_array(2);
    Str(pk, R"("string")");
    Str(pk, fmt::format("s{}", i));
    Str(pk, "n");
    pk.pack_int64(i);
  }
  Str(pk, "meta");
  pk.pack_array(2);
  Str(pk, R"(["list","number"])");
  pk.pack_array(2);
  pk.pack_double(0.25);
  pk.pack_int64(7);
  Str(pk, "names");
  pk.pack_array(3);
  Str(pk, "alpha");
  Str(pk, "beta");
  Str(pk, "gamma");
  Str(pk, "pair");
  pk.pack_array(2);
  std::string payload = "\x82\x01\xc2\x02\xa3" "ab:";  // not null, prefix "ab:"
  pk.pack_ext(payload.size(), 12);
  pk.pack_ext_body(payload.data(), static_cast<uint32_t>(payload.size()));
  pk.pack_array(2);
  pk.pack(false);
  pk.pack(true);
  Str(pk, "wide");
  pk.pack_map(18);
  for (int i = 1; i <= 17; ++i) {
    Str(pk, fmt::format("a{:02d}", i));
    pk.pack_int64(-i);
  }
  Str(pk, "a18");
  Str(pk, "last");
  return out;
}

TEST(CanonicalDecode, AgreesOnALargerCanonicalValue) {
  Type type = TypeFromJson(kBlockType);
  auto bytes = std::make_shared<const std::string>(BlockValue(true));
  std::optional<WireValue> got = DecodeCanonicalMsgpack(*bytes, bytes, type);
  ASSERT_TRUE(got.has_value());
  DecodeResult want = DecodeMsgpackGeneral(bytes, type);
  ASSERT_TRUE(want.ok()) << want.error->ToString();
  EXPECT_EQ(Difference(*got, *want.value), "");
  EXPECT_EQ(got->refinements.size(), 1u);
  EXPECT_EQ(got->dynamic_types.size(), 4u);
  EXPECT_EQ(got->float64_numbers.size(), 2u);
  // Lookups in the 17+ member object and map (binary search over the in-place index).
  EXPECT_EQ(got->root().find("wide").find("a17").text(), "-17");
  EXPECT_EQ(got->root().find("wide").find("a18").text(), "last");
  EXPECT_EQ(got->root().find("big").find("k19").text(), "18995");
  EXPECT_EQ(got->root().find("big").find("k04").text(), "18446744073709551615");
  EXPECT_TRUE(got->root().find("big").find("k20").absent());
  EXPECT_TRUE(got->unknown_root().find("ingress").at(1).find("cidr").at(0).is_true());
  EXPECT_EQ(got->unknown_root().find("wide").size(), 0u);
}

// Sets whose elements come out of cty's order (go-cty never writes them; hand-made plan
// files may): the fast path puts them in order, as the general decoder does.
TEST(CanonicalDecode, SortsSetsThatComeOutOfOrder) {
  Type block = TypeFromJson(kBlockType);
  {
    auto bytes = std::make_shared<const std::string>(BlockValue(false));
    std::optional<WireValue> got = DecodeCanonicalMsgpack(*bytes, bytes, block);
    ASSERT_TRUE(got.has_value());
    DecodeResult general = DecodeMsgpackGeneral(bytes, block);
    ASSERT_TRUE(general.ok());
    EXPECT_EQ(Difference(*got, *general.value), "");
    auto sorted = std::make_shared<const std::string>(BlockValue(true));
    DecodeResult want = DecodeMsgpackGeneral(sorted, block);
    EXPECT_EQ(Difference(*got, *want.value), "");
  }
  struct Case {
    const char* type;
    const char* hex;
    const char* want;  // the value's JSON
  };
  const Case cases[] = {
      {R"(["set","string"])", "93a163a161a162", R"(["a","b","c"])"},
      {R"(["set","number"])", "9505fff4d0f00a", R"([-16,-12,-1,5,10])"},
      {R"(["set","bool"])", "92c3c2", R"([false,true])"},
      // Objects by hash text; a set of strings inside, itself out of order.
      {R"(["set",["object",{"n":"number","s":["set","string"]}]])", "9282a16e02a1739" "2a178a179" "82a16e01a17391a17a",
       R"([{"n":1,"s":["z"]},{"n":2,"s":["x","y"]}])"},
      // A set of sets inside a set: the inner sets' hash texts are rewritten in order.
      {R"(["set",["set",["set","string"]]])", "9292" "92a162a161" "91a163" "91" "91a161",
       R"([[["a","b"],["c"]],[["a"]]])"},
  };
  for (const Case& c : cases) {
    Type type = TypeFromJson(c.type);
    auto bytes = std::make_shared<const std::string>(Unhex(c.hex));
    std::optional<WireValue> got = DecodeCanonicalMsgpack(*bytes, bytes, type);
    ASSERT_TRUE(got.has_value()) << c.hex;
    DecodeResult general = DecodeMsgpackGeneral(bytes, type);
    ASSERT_TRUE(general.ok()) << c.hex << ": " << general.error->ToString();
    EXPECT_EQ(Difference(*got, *general.value), "") << c.hex;
    ParseResult want = ParseJson(c.want);
    EXPECT_TRUE(got->root().Equals(want.value()->root())) << c.hex;
  }
}

// Random sets in random order, duplicates now and then, nested in sets: whatever the fast
// path takes equals the general decoder's value.
TEST(CanonicalDecode, RandomUnorderedSetsAgree) {
  Type type = TypeFromJson(R"(["object",{"a":["set","string"],"b":["set","number"],
      "c":["set",["object",{"n":"number","s":["set","string"]}]],"d":["set",["set","string"]]}])");
  XorShift next{0x2545f4914f6cdd1dull};
  int fast = 0;
  for (int round = 0; round < 2000; ++round) {
    std::string out;
    Sink sink{&out};
    msgpack::packer<Sink> pk(sink);
    auto strings = [&](int alphabet) {
      uint32_t n = static_cast<uint32_t>(next() % 5);
      pk.pack_array(n);
      for (uint32_t i = 0; i < n; ++i) Str(pk, std::string(1, static_cast<char>('a' + next() % alphabet)));
    };
    pk.pack_map(4);
    Str(pk, "a");
    strings(12);
    Str(pk, "b");
    uint32_t n = static_cast<uint32_t>(next() % 5);
    pk.pack_array(n);
    for (uint32_t i = 0; i < n; ++i) pk.pack_int64(static_cast<int64_t>(next() % 40) - 20);
    Str(pk, "c");
    n = static_cast<uint32_t>(next() % 4);
    pk.pack_array(n);
    for (uint32_t i = 0; i < n; ++i) {
      pk.pack_map(2);
      Str(pk, "n");
      pk.pack_int64(static_cast<int64_t>(next() % 6));
      Str(pk, "s");
      strings(3);
    }
    Str(pk, "d");
    n = static_cast<uint32_t>(next() % 4);
    pk.pack_array(n);
    for (uint32_t i = 0; i < n; ++i) strings(4);
    auto owner = std::make_shared<const std::string>(out);
    std::optional<WireValue> got = DecodeCanonicalMsgpack(*owner, owner, type);
    if (!got) continue;
    ++fast;
    DecodeResult want = DecodeMsgpackGeneral(owner, type);
    ASSERT_TRUE(want.ok()) << "round " << round << ": " << want.error->ToString();
    ASSERT_EQ(Difference(*got, *want.value), "") << "round " << round;
  }
  std::printf("random unordered sets on the fast path: %d of 2000\n", fast);
  EXPECT_GT(fast, 100);
}

TEST(CanonicalDecode, GivesUpOnWhatIsNotCanonical) {
  struct Case {
    const char* type;
    const char* hex;
    const char* why;
  };
  const Case cases[] = {
      {R"(["object",{"a":"number","b":"number"}])", "82a16201a16102", "attributes out of order"},
      {R"(["map","number"])", "82a16201a16102", "map keys out of order"},
      {R"(["map","number"])", "82a16101a16102", "duplicate map keys"},
      {R"(["set","string"])", "92a161a161", "duplicate set elements"},
      {R"(["set","string"])", "93a162a161a162", "duplicate set elements out of order"},
      {R"(["set",["object",{"n":"number"}]])", "9381a16e0281a16e01" "81a16e02", "duplicate objects out of order"},
      {R"(["set","number"])", "92cb4000000000000000cb3ff0000000000000", "floats out of order"},
      {R"(["set","number"])", "92c0d40000", "null and unknown set elements"},
      {R"(["set","number"])", "92cb3ff0000000000000cb4000000000000000", "set of floats"},
      {R"("string")", "a365cc81", "not NFC"},
      {R"(["list","dynamic"])", "9292a8" "22737472696e6722" "a161" "92a8" "226e756d62657222" "01",
       "list elements of different dynamic types"},
      {R"(["list","dynamic"])", "92c0" "92a8" "22737472696e6722" "a161", "an untyped null beside a string"},
      {R"(["list","string"])", "c7070c8301c205010601", "refined to a length (becomes elements)"},
      {R"("number")", "a3616263", "an error"},
      {R"(["list","string"])", "dd000fffff", "truncated"},
  };
  for (const Case& c : cases) {
    auto bytes = std::make_shared<const std::string>(Unhex(c.hex));
    EXPECT_FALSE(DecodeCanonicalMsgpack(*bytes, bytes, TypeFromJson(c.type)).has_value()) << c.why;
  }
}


const char* kListType = R"(["object",{
  "items": ["list", ["object", {"id": "number", "meta": "dynamic", "name": "string", "ports": ["set", "number"],
                                "sub": ["list", ["object", {"x": "number"}]], "tags": ["map", "string"]}]],
  "tail": "string"
}])";

// A long list of blocks, then another attribute: ids of every msgpack integer width,
// dynamic values of one type (or, with `mixed`, a number type from element `mixed` on),
// refined unknowns, floats, maps, sets, nested lists. `bad` (when below `count`): that
// element's map keys are out of order. `decoys`: from the middle on, floats whose bytes
// hold what every element begins with.
std::string ListValue(int count, int mixed = -1, int bad = -1, bool decoys = false) {
  std::string out;
  Sink sink{&out};
  msgpack::packer<Sink> pk(sink);
  pk.pack_map(2);
  Str(pk, "items");
  pk.pack_array(static_cast<uint32_t>(count));
  for (int i = 0; i < count; ++i) {
    pk.pack_map(6);
    Str(pk, "id");
    const int64_t ids[] = {i, 200 + i, 70000 + i, int64_t{5000000000} + i, -i, -40000 - i};
    pk.pack_int64(ids[i % 6]);
    Str(pk, "meta");
    pk.pack_array(2);
    if (mixed >= 0 && i >= mixed) {
      Str(pk, R"("number")");
      pk.pack_double(0.5 + i);
    } else {
      Str(pk, R"(["object",{"tier":"string"}])");
      pk.pack_map(1);
      Str(pk, "tier");
      Str(pk, fmt::format("t{}", i % 3));
    }
    Str(pk, "name");
    if (i % 7 == 3) {
      std::string payload = "\x82\x01\xc2\x02\xa3" "ab:";  // not null, prefix "ab:"
      pk.pack_ext(payload.size(), 12);
      pk.pack_ext_body(payload.data(), static_cast<uint32_t>(payload.size()));
    } else {
      Str(pk, fmt::format("name-{}", i));
    }
    Str(pk, "ports");
    pk.pack_array(2);
    pk.pack_int64(i % 100);
    pk.pack_int64(1000 + i);
    Str(pk, "sub");
    pk.pack_array(static_cast<uint32_t>(i % 3));
    for (int k = 0; k < i % 3; ++k) {
      pk.pack_map(1);
      Str(pk, "x");
      if (k == 1 && decoys && i >= count / 2) {
        // 0x40 0x86 0xa2 'i' 'd' 0 0 0: about 724.3, and an element's first bytes inside.
        out.append("\xcb\x40\x86\xa2\x69\x64\x00\x00\x00", 9);
      } else if (k == 1) {
        pk.pack_double(1.25 * i);
      } else {
        out.append("\xd4\x00\x00", 3);  // unknown
      }
    }
    Str(pk, "tags");
    pk.pack_map(2);
    Str(pk, i == bad ? "z" : "env");
    Str(pk, "prod");
    Str(pk, i == bad ? "a" : "owner");
    Str(pk, fmt::format("team-{}", i % 9));
  }
  Str(pk, "tail");
  Str(pk, "end");
  return out;
}

// Long lists decoded by two threads give what one thread gives, wherever the threads meet
// (the helper thread takes runs from the back while this one takes elements from the
// front, so the meeting point changes from run to run).
TEST(CanonicalDecode, SharedListsAgreeWithTheGeneralDecoder) {
  Type type = TypeFromJson(kListType);
  for (int count : {2, 63, 64, 3000, 20000}) {
    auto bytes = std::make_shared<const std::string>(ListValue(count));
    DecodeResult want = DecodeMsgpackGeneral(bytes, type);
    ASSERT_TRUE(want.ok()) << want.error->ToString();
    uint64_t total = 0;
    for (int round = 0; round < 20; ++round) {
      uint64_t shared = 0;
      std::optional<WireValue> got = DecodeCanonicalMsgpack(*bytes, bytes, type, &TwoThreads(), 1, &shared);
      ASSERT_TRUE(got.has_value()) << count;
      ASSERT_EQ(Difference(*got, *want.value), "") << count << " elements, round " << round;
      EXPECT_EQ(got->root().find("tail").text(), "end");
      EXPECT_LT(shared, static_cast<uint64_t>(count));  // this thread takes the first at least
      if (count < 64) {
        EXPECT_EQ(shared, 0u);  // too short to share
      }
      total += shared;
    }
    // On a long list, the helper starts in time to take some.
    if (count == 20000) {
      EXPECT_GT(total, 0u);
    }
    std::printf("%d elements: the helper decoded %llu of %d over 20 decodes\n", count,
                static_cast<unsigned long long>(total), 20 * count);
  }
  // Below the threshold, nothing is shared.
  auto bytes = std::make_shared<const std::string>(ListValue(3000));
  uint64_t shared = 1;
  ASSERT_TRUE(DecodeCanonicalMsgpack(*bytes, bytes, type, &TwoThreads(), bytes->size() + 1, &shared).has_value());
  EXPECT_EQ(shared, 0u);
}

// Where the helper starts inside a value (the bytes look like an element's start), or
// goes on past the list's end (a value of the element type follows the list), this thread
// decodes the rest itself.
TEST(CanonicalDecode, SharedListsSurviveFalseStartsAndWhatFollows) {
  Type type = TypeFromJson(kListType);
  auto decoys = std::make_shared<const std::string>(ListValue(20000, -1, -1, true));
  DecodeResult want = DecodeMsgpackGeneral(decoys, type);
  ASSERT_TRUE(want.ok()) << want.error->ToString();
  for (int round = 0; round < 10; ++round) {
    std::optional<WireValue> got = DecodeCanonicalMsgpack(*decoys, decoys, type, &TwoThreads(), 1);
    ASSERT_TRUE(got.has_value());
    ASSERT_EQ(Difference(*got, *want.value), "") << "decoys, round " << round;
  }

  // ["tuple", [["list", T], T]]: the list, then one more T.
  Type tuple = TypeFromJson(R"(["tuple",[["list",["object",{"id":"number","name":"string"}]],
                                        ["object",{"id":"number","name":"string"}]]])");
  std::string out;
  Sink sink{&out};
  msgpack::packer<Sink> pk(sink);
  pk.pack_array(2);
  const int kCount = 20000;
  pk.pack_array(kCount);
  for (int i = 0; i <= kCount; ++i) {  // the last one is the tuple's second element
    pk.pack_map(2);
    Str(pk, "id");
    pk.pack_int64(i);
    Str(pk, "name");
    Str(pk, fmt::format("n{}", i));
  }
  auto bytes = std::make_shared<const std::string>(out);
  want = DecodeMsgpackGeneral(bytes, tuple);
  ASSERT_TRUE(want.ok()) << want.error->ToString();
  for (int round = 0; round < 10; ++round) {
    std::optional<WireValue> got = DecodeCanonicalMsgpack(*bytes, bytes, tuple, &TwoThreads(), 1);
    ASSERT_TRUE(got.has_value());
    ASSERT_EQ(Difference(*got, *want.value), "") << "list then block, round " << round;
    EXPECT_EQ(got->root().at(1).find("id").text(), "20000");
  }
}

// Whichever thread meets what is not canonical, the whole value goes to the general
// decoder; the public decoder's result is the same as with one thread.
TEST(CanonicalDecode, SharedListsGiveUpTogether) {
  Type type = TypeFromJson(kListType);
  struct Case {
    int mixed;
    int bad;
    const char* why;
  };
  const Case cases[] = {
      {-1, 2999, "the last element (the helper's) has map keys out of order"},
      {-1, 1, "an early element (this thread's) has map keys out of order"},
      {2500, -1, "dynamic values change type in the helper's part"},
      {1, -1, "dynamic values change type in this thread's part"},
  };
  for (const Case& c : cases) {
    auto bytes = std::make_shared<const std::string>(ListValue(3000, c.mixed, c.bad));
    for (int round = 0; round < 5; ++round) {
      EXPECT_FALSE(DecodeCanonicalMsgpack(*bytes, bytes, type, &TwoThreads(), 1).has_value()) << c.why;
    }
    // A list's elements of different types are an error, which the general decoder names.
    DecodeResult general = DecodeMsgpackGeneral(bytes, type);
    DecodeResult decoded = DecodeMsgpack(*bytes, type);
    ASSERT_EQ(decoded.ok(), general.ok()) << c.why;
    ASSERT_EQ(general.ok(), c.mixed < 0) << c.why;
    if (general.ok()) {
      EXPECT_EQ(Difference(*decoded.value, *general.value), "") << c.why;
    } else {
      EXPECT_EQ(decoded.error->ToString(), general.error->ToString()) << c.why;
      EXPECT_NE(general.error->ToString().find("list elements must all have the same type"), std::string::npos);
    }
  }
}

// What WireValue::json_exact claims, found by a walk: every string and key valid UTF-8
// and no number an infinity.
bool ExactByWalk(Value v) {
  if (v.is_string()) return structured::FindInvalidUtf8(v.text()) == v.text().size();
  if (v.is_number()) return v.text() != "+Inf" && v.text() != "-Inf";
  for (size_t i = 0; i < v.size(); ++i) {
    if (v.is_array()) {
      if (!ExactByWalk(v.at(i))) return false;
      continue;
    }
    Member m = v.member(i);
    if (structured::FindInvalidUtf8(m.key) != m.key.size() || !ExactByWalk(m.value)) return false;
  }
  return true;
}

// The fast path says when a value needs no UTF-8 repair when written as JSON: strings
// short and long, map keys and infinities each make it say no. (Attribute names come from
// types read from JSON text, which holds valid UTF-8 only.)
TEST(CanonicalDecode, SaysWhetherTheValueIsJsonExact) {
  Type type = TypeFromJson(R"(["object",{"d":"dynamic","m":["map","string"],"n":"number","s":"string"}])");
  struct Case {
    const char* why;
    std::string attribute;  // the name of the one attribute of `d`'s object type ("": `d` is a string)
    std::string key, s;
    double n;
    bool exact;
  };
  const double inf = std::numeric_limits<double>::infinity();
  const std::string long_text = "a string longer than sixteen bytes: ";
  const Case cases[] = {
      {"ASCII", "", "k", "v", 1.5, true},
      {"valid non-ASCII", "", "cl\xc3\xa9", long_text + "\xc3\xa9t\xc3\xa9", 1.5, true},
      {"short invalid string", "", "k", "\xff", 1.5, false},
      {"long invalid string", "", "k", long_text + "\xff", 1.5, false},
      {"invalid map key", "", "k\xfe", "v", 1.5, false},
      {"infinity", "", "k", "v", inf, false},
      {"negative infinity", "", "k", "v", -inf, false},
      {"valid attribute name", "\xc3\xa9", "k", "v", 1.5, true},
  };
  for (const Case& c : cases) {
    std::string bytes;
    Sink sink{&bytes};
    msgpack::packer<Sink> pk(sink);
    pk.pack_map(4);
    Str(pk, "d");
    pk.pack_array(2);
    if (c.attribute.empty()) {
      Str(pk, "\"string\"");
      Str(pk, "x");
    } else {
      Str(pk, "[\"object\",{\"" + c.attribute + "\":\"string\"}]");
      pk.pack_map(1);
      Str(pk, c.attribute);
      Str(pk, "x");
    }
    Str(pk, "m");
    pk.pack_map(1);
    Str(pk, c.key);
    Str(pk, "y");
    Str(pk, "n");
    pk.pack_double(c.n);
    Str(pk, "s");
    Str(pk, c.s);
    auto owner = std::make_shared<const std::string>(bytes);
    std::optional<WireValue> got = DecodeCanonicalMsgpack(*owner, owner, type);
    ASSERT_TRUE(got.has_value()) << c.why;
    EXPECT_EQ(got->json_exact, c.exact) << c.why;
    EXPECT_EQ(ExactByWalk(got->root()), c.exact) << c.why;
  }
}

// Hostile input: mutated canonical values either take the fast path and agree with the
// general decoder, or are left to it; neither crashes (run under ASan too). Lists are
// shared with a second thread in every other round.
TEST(CanonicalDecode, MutatedInputsAgreeOrGiveUp) {
  // Even rounds: the block value, on one thread; odd rounds: a list of 200 blocks, shared.
  Type block_type = TypeFromJson(kBlockType);
  Type list_type = TypeFromJson(kListType);
  const std::string bases[2] = {BlockValue(true), ListValue(200)};
  XorShift next{0x9e3779b97f4a7c15ull};
  int fast[2] = {0, 0};
  int inexact = 0;
  for (int round = 0; round < 3000; ++round) {
    int which = round % 2;
    const Type& type = which == 0 ? block_type : list_type;
    std::string bytes = bases[which];
    int edits = 1 + static_cast<int>(next() % 3);
    for (int e = 0; e < edits && !bytes.empty(); ++e) {
      size_t at = next() % bytes.size();
      switch (next() % 4) {
        case 0: bytes[at] = static_cast<char>(next()); break;                 // any byte
        case 1: bytes[at] = static_cast<char>(bytes[at] ^ (1 << (next() % 8))); break;  // one bit
        case 2: bytes.erase(at, 1 + next() % 4); break;
        default: bytes.insert(at, 1, static_cast<char>(next())); break;
      }
    }
    auto owner = std::make_shared<const std::string>(bytes);
    std::optional<WireValue> got = DecodeCanonicalMsgpack(*owner, owner, type, &TwoThreads(), which == 0 ? kShareMinBytes : 1);
    if (!got) continue;
    ++fast[which];
    DecodeResult want = DecodeMsgpackGeneral(owner, type);
    ASSERT_TRUE(want.ok()) << "round " << round << ": " << want.error->ToString();
    ASSERT_EQ(Difference(*got, *want.value), "") << "round " << round;
    // Exact when it says so; on one thread, it knows (a helper's rewound work may leave
    // it unsure on a shared list).
    const bool exact = ExactByWalk(got->root());
    if (got->json_exact || which == 0) {
      ASSERT_EQ(got->json_exact, exact) << "round " << round;
    }
    inexact += !exact;
  }
  std::printf("mutated inputs not JSON-exact: %d\n", inexact);
  EXPECT_GT(inexact, 10);
  // Many mutations only change a string's or a number's content.
  std::printf("mutated inputs on the fast path: %d and %d of 1500\n", fast[0], fast[1]);
  EXPECT_GT(fast[0], 50);
  EXPECT_GT(fast[1], 50);
}

}  // namespace
}  // namespace planview::wire
