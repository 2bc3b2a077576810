// Decode and re-encode throughput on a large resource-shaped value: a block with a list
// of nested blocks holding strings, numbers, maps, lists, sets of strings, sets of
// objects, dynamic values and (refined) unknowns. Generates the msgpack itself (about
// 64 MB by default) and prints MB/s both ways, best and median of five rounds, by wall
// time and by the process's CPU time (all threads). Each round also decodes on one
// thread only (the list not shared with a second thread), so that the two compare under
// the same load on the machine.
#include <fmt/format.h>
#include <msgpack.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/executor.h"
#include "structured/json_parse.h"
#include "wire/decode.h"
#include "wire/encode.h"
#include "wire/internal/canonical_decode.h"

namespace planview::wire {

using structured::ParseJson;
using structured::ParseResult;
using structured::ParseType;
using structured::Type;

namespace {

struct Sink {
  std::string* out;
  void write(const char* d, size_t n) { out->append(d, n); }
};

const char* kTypeJson = R"(["object",{
  "id": "string",
  "name": "string",
  "item": ["list", ["object", {
    "arn": "string",
    "cidrs": ["set", "string"],
    "count": "number",
    "enabled": "bool",
    "ingress": ["set", ["object", {"cidr_blocks": ["list", "string"], "from_port": "number", "to_port": "number"}]],
    "labels": ["map", "string"],
    "meta": "dynamic",
    "ratio": "number",
    "rule": ["list", ["object", {"filter": ["list", ["object", {"key": "string", "values": ["set", "string"]}]],
                                  "port": "number", "protocol": "string"}]]
  }]]
}])";

void Str(msgpack::packer<Sink>& pk, const std::string& s) {
  pk.pack_str(static_cast<uint32_t>(s.size()));
  pk.pack_str_body(s.data(), static_cast<uint32_t>(s.size()));
}

void Unknown(std::string& out) { out.append("\xd4\x00\x00", 3); }

// One nested block; every 7th has unknowns (plain and refined).
void Item(msgpack::packer<Sink>& pk, std::string& out, int i) {
  bool unknowns = i % 7 == 3;
  pk.pack_map(9);
  Str(pk, "arn");
  if (unknowns) {
    // not null, prefix "arn:aws:ec2:"
    std::string payload = "\x82\x01\xc2\x02\xac" "arn:aws:ec2:";
    pk.pack_ext(payload.size(), 12);
    pk.pack_ext_body(payload.data(), static_cast<uint32_t>(payload.size()));
  } else {
    Str(pk, fmt::format("arn:aws:ec2:eu-west-1:123456789012:instance/i-{:016x}", i * 7919));
  }
  Str(pk, "cidrs");
  pk.pack_array(3);
  Str(pk, fmt::format("10.{}.0.0/16", i % 256));
  Str(pk, fmt::format("172.{}.0.0/16", 16 + i % 16));
  Str(pk, fmt::format("192.168.{}.0/24", i % 256));
  Str(pk, "count");
  pk.pack_int64(i);
  Str(pk, "enabled");
  if (unknowns) {
    Unknown(out);
  } else {
    pk.pack(i % 2 == 0);
  }
  Str(pk, "ingress");
  pk.pack_array(2);
  for (int k = 0; k < 2; ++k) {
    pk.pack_map(3);
    Str(pk, "cidr_blocks");
    pk.pack_array(1);
    Str(pk, "0.0.0.0/0");
    Str(pk, "from_port");
    pk.pack_int64(k == 0 ? 443 : 8443 + i % 100);
    Str(pk, "to_port");
    pk.pack_int64(k == 0 ? 443 : 8443 + i % 100);
  }
  Str(pk, "labels");
  pk.pack_map(3);
  Str(pk, "env");
  Str(pk, i % 3 == 0 ? "prod" : "staging");
  Str(pk, "owner");
  Str(pk, fmt::format("team-{}", i % 40));
  Str(pk, "service");
  Str(pk, fmt::format("svc-{}", i % 1000));
  Str(pk, "meta");
  pk.pack_array(2);
  std::string meta_type = R"(["object",{"tier":"string","weight":"number"}])";
  pk.pack_bin(static_cast<uint32_t>(meta_type.size()));
  pk.pack_bin_body(meta_type.data(), static_cast<uint32_t>(meta_type.size()));
  pk.pack_map(2);
  Str(pk, "tier");
  Str(pk, "gold");
  Str(pk, "weight");
  pk.pack_int64(i % 10);
  Str(pk, "ratio");
  pk.pack_double(0.5 + (i % 8) * 0.25);
  Str(pk, "rule");
  pk.pack_array(2);
  for (int r = 0; r < 2; ++r) {
    pk.pack_map(3);
    Str(pk, "filter");
    pk.pack_array(1);
    pk.pack_map(2);
    Str(pk, "key");
    Str(pk, "name");
    Str(pk, "values");
    if (unknowns && r == 1) {
      std::string payload = "\x82\x05\x01\x06\x0a";  // 1 to 10 elements
      pk.pack_ext(payload.size(), 12);
      pk.pack_ext_body(payload.data(), static_cast<uint32_t>(payload.size()));
    } else {
      pk.pack_array(2);
      Str(pk, fmt::format("web-{}", i));
      Str(pk, fmt::format("worker-{}", i));
    }
    Str(pk, "port");
    pk.pack_int64(r == 0 ? 80 : 443);
    Str(pk, "protocol");
    Str(pk, r == 0 ? "tcp" : "udp");
  }
}

std::string Generate(size_t target_bytes, size_t& items) {
  std::string out;
  Sink sink{&out};
  msgpack::packer<Sink> pk(sink);
  // Size one item to know how many fit.
  std::string probe;
  Sink probe_sink{&probe};
  msgpack::packer<Sink> probe_pk(probe_sink);
  Item(probe_pk, probe, 1);
  items = target_bytes / probe.size() + 1;
  out.reserve(items * (probe.size() + 16) + 64);
  pk.pack_map(3);
  Str(pk, "id");
  Unknown(out);
  Str(pk, "item");
  pk.pack_array(static_cast<uint32_t>(items));
  for (size_t i = 0; i < items; ++i) Item(pk, out, static_cast<int>(i));
  Str(pk, "name");
  Str(pk, "bench");
  return out;
}

// Wall time and the process's CPU time (every thread's).
struct Clock {
  double wall;
  double cpu;
  static Clock Now() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    double cpu = static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    return Clock{wall, cpu};
  }
  Clock operator-(const Clock& o) const { return Clock{wall - o.wall, cpu - o.cpu}; }
};


// Best and median of the rounds' times.
struct Summary {
  Clock best;
  Clock median;
};

Summary Summarize(std::vector<Clock> rounds) {
  std::vector<double> wall;
  std::vector<double> cpu;
  for (const Clock& c : rounds) {
    wall.push_back(c.wall);
    cpu.push_back(c.cpu);
  }
  std::sort(wall.begin(), wall.end());
  std::sort(cpu.begin(), cpu.end());
  return Summary{Clock{wall.front(), cpu.front()}, Clock{wall[wall.size() / 2], cpu[cpu.size() / 2]}};
}

void Print(const char* what, double size_mb, const Summary& s) {
  std::printf("%s: best %.0f MB/s wall (%.3f s), %.0f MB/s CPU (%.3f s); median %.0f MB/s wall, %.0f MB/s CPU\n", what,
              size_mb / s.best.wall, s.best.wall, size_mb / s.best.cpu, s.best.cpu, size_mb / s.median.wall,
              size_mb / s.median.cpu);
}

}  // namespace
}  // namespace planview::wire

// wire_bench [MB [ROUNDS [decode|general]]]: `decode` skips encoding (to profile the decoder
// alone); `general` skips it too and also times the general decoder (what non-canonical
// input takes) on the same bytes.
int main(int argc, char** argv) {
  using namespace planview::structured;
  using namespace planview::wire;
  // Whole positive numbers only; anything else (--help included) prints the usage.
  auto number = [](const char* text, int& out) {
    auto [end, ec] = std::from_chars(text, text + std::strlen(text), out);
    return ec == std::errc() && *end == '\0' && out > 0 && out <= 4096;
  };
  int mb = 64;
  int rounds = 5;
  if ((argc > 1 && !number(argv[1], mb)) || (argc > 2 && !number(argv[2], rounds)) ||
      (argc > 3 && std::string_view(argv[3]) != "decode" && std::string_view(argv[3]) != "general") || argc > 4) {
    std::fprintf(stderr, "usage: wire_bench [MB [ROUNDS [decode|general]]] (MB and ROUNDS from 1 to 4096)\n");
    return 2;
  }
  bool decode_only = argc > 3;
  bool general = decode_only && std::string_view(argv[3]) == "general";
  ParseResult parsed = ParseJson(kTypeJson);
  Type type = *ParseType(parsed.value()->root());
  size_t items = 0;
  std::string bytes = Generate(static_cast<size_t>(mb) << 20, items);
  double size_mb = static_cast<double>(bytes.size()) / (1 << 20);
  std::printf("value: %.1f MB of msgpack (%zu bytes), %zu nested blocks; %d rounds\n", size_mb, bytes.size(), items,
              rounds);

  planview::base::Executor executor;  // as the program's
  std::vector<Clock> decode_times;
  std::vector<Clock> one_thread_times;
  std::vector<Clock> general_times;
  std::vector<Clock> encode_times;
  bool same = true;
  for (int round = 0; round < rounds; ++round) {
    {
      auto input = std::make_shared<const std::string>(bytes);
      Clock t0 = Clock::Now();
      std::optional<WireValue> one = planview::wire::internal::DecodeCanonicalMsgpack(*input, input, type);
      Clock t1 = Clock::Now();
      if (!one) {
        std::fprintf(stderr, "the one-thread decode left the value to the general decoder\n");
        return 1;
      }
      one_thread_times.push_back(t1 - t0);
    }
    if (general) {
      auto input = std::make_shared<const std::string>(bytes);
      Clock t0 = Clock::Now();
      DecodeResult r = planview::wire::internal::DecodeMsgpackGeneral(input, type);
      Clock t1 = Clock::Now();
      if (!r.ok()) {
        std::fprintf(stderr, "general decode failed: %s\n", r.error->ToString().c_str());
        return 1;
      }
      general_times.push_back(t1 - t0);
    }
    // The decoder takes ownership of its input; the copy is the caller's, not timed.
    std::string input = bytes;
    Clock t0 = Clock::Now();
    DecodeResult r = DecodeMsgpack(std::move(input), type, &executor);
    Clock t1 = Clock::Now();
    if (!r.ok()) {
      std::fprintf(stderr, "decode failed: %s\n", r.error->ToString().c_str());
      return 1;
    }
    decode_times.push_back(t1 - t0);
    if (decode_only) continue;
    Clock t2 = Clock::Now();
    EncodeResult e = EncodeMsgpack(*r.value, type);
    Clock t3 = Clock::Now();
    if (!e.ok()) {
      std::fprintf(stderr, "encode failed: %s\n", e.error->ToString().c_str());
      return 1;
    }
    encode_times.push_back(t3 - t2);
    same = same && e.bytes == bytes;
  }
  Print("decode", size_mb, Summarize(decode_times));
  Print("decode, one thread", size_mb, Summarize(one_thread_times));
  if (general) Print("decode, general decoder", size_mb, Summarize(general_times));
  if (decode_only) return 0;
  Print("encode", size_mb, Summarize(encode_times));
  std::printf("re-encoded bytes %s the input\n", same ? "are identical to" : "DIFFER from");
  return same ? 0 : 1;
}
