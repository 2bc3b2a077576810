// Fuzz target: the MessagePack DynamicValue decoder with one fixed type
// (wire::DecodeMsgpack), the way `planview wire decode` reads a planned value.
//
// The type mixes every kind: a `dynamic` attribute (whose seeds carry each wire
// conformance vector with its own type), a list of objects, a map of sets and a tuple.
// Checks: errors are one line and point inside the input; a decoded value re-encodes, and
// decoding and encoding that gives the same bytes again (go-cty's encoding is canonical
// after one pass: -0 becomes 0, floats their shortest form, sets their order); the fast
// path for canonical values gives the same value whether or not it shares long lists with
// a helper of the executor (every list of 64 elements or more is shared here).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "base/executor.h"
#include "fuzz/fuzz_support.h"
#include "structured/cty_type.h"
#include "structured/json_parse.h"
#include "wire/decode.h"
#include "wire/encode.h"
#include "wire/internal/canonical_decode.h"

namespace {

using planview::structured::Type;
namespace wire = planview::wire;

// fuzz/make_seeds.cc writes seeds of this type (FixedObject), one per wire conformance
// vector, carried by `d`.
constexpr char kFixedType[] =
    R"(["object",{"d":"dynamic","l":["list",["object",{"a":"string","n":"number"}]],)"
    R"("m":["map",["set","bool"]],"t":["tuple",["string","number","dynamic"]]}])";

const Type& FixedType() {
  static const Type type = [] {
    auto parsed = planview::structured::ParseJson(kFixedType);
    planview::base::Expected<Type> t = planview::structured::ParseType(parsed.value()->root());
    if (!t) planview::fuzz::InvariantFailed("the fixed type parses", 0);
    return *t;
  }();
  return type;
}

// The same value, as its canonical MessagePack (or nullopt when it has none).
std::optional<std::string> Encoded(const std::optional<wire::WireValue>& value, const Type& type) {
  if (!value) return std::nullopt;
  wire::EncodeResult encoded = wire::EncodeMsgpack(*value, type);
  if (!encoded.ok()) return std::nullopt;
  return encoded.bytes;
}

void CheckInput(const std::string& bytes) {
  const size_t size = bytes.size();
  const Type& type = FixedType();
  {
    auto owner = std::make_shared<const std::string>(bytes);
    static planview::base::Executor executor(2);
    std::optional<wire::WireValue> one = wire::internal::DecodeCanonicalMsgpack(*owner, owner, type);
    std::optional<wire::WireValue> two = wire::internal::DecodeCanonicalMsgpack(*owner, owner, type, &executor, 1);
    PLANVIEW_FUZZ_CHECK(one.has_value() == two.has_value(), size);
    PLANVIEW_FUZZ_CHECK(Encoded(one, type) == Encoded(two, type), size);
  }
  wire::DecodeResult decoded = wire::DecodeMsgpack(bytes, type);
  if (!decoded.ok()) {
    std::string message = decoded.error->ToString();
    PLANVIEW_FUZZ_CHECK(!message.empty() && message.find('\n') == std::string::npos, size);
    PLANVIEW_FUZZ_CHECK(decoded.error->offset <= size, size);
    return;
  }
  wire::EncodeResult encoded = wire::EncodeMsgpack(*decoded.value, type);
  PLANVIEW_FUZZ_CHECK(encoded.ok(), size);
  wire::DecodeResult again = wire::DecodeMsgpack(encoded.bytes, type);
  PLANVIEW_FUZZ_CHECK(again.ok(), size);
  wire::EncodeResult reencoded = wire::EncodeMsgpack(*again.value, type);
  PLANVIEW_FUZZ_CHECK(reencoded.ok() && reencoded.bytes == encoded.bytes, size);
  // JSON cannot hold unknowns or infinities; it must either refuse or write valid JSON.
  wire::EncodeResult json = wire::EncodeJson(*decoded.value, type);
  if (json.ok()) PLANVIEW_FUZZ_CHECK(planview::structured::ParseJson(json.bytes).ok(), size);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  planview::fuzz::RunOnLargeStack([&] { CheckInput(bytes); });
  return 0;
}
