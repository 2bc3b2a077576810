#include "wire/plugin_proto.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "base/proto_reader.h"
#include "structured/json_parse.h"

namespace planview::wire {

using structured::Attribute;
using structured::Block;
using structured::BlockType;
using structured::NestingMode;
using structured::ParseJson;
using structured::ParseResult;
using structured::ParseType;
using structured::Schema;
using structured::Type;

namespace {

using base::ProtoReader;
using Field = ProtoReader::Field;

constexpr uint32_t kVarint = ProtoReader::kVarint;
constexpr uint32_t kBytes = ProtoReader::kLengthDelimited;

// tfplugin5's Schema messages (proto/tfplugin5.proto), the fields read; strings and bytes
// are views into the message. Each Decode merges a message's fields as protobuf does.
struct ProtoBlock;
struct ProtoAttribute {
  std::string_view name;
  std::string_view type;
  bool required = false;
  bool optional = false;
  bool computed = false;
  bool sensitive = false;
};
struct ProtoNestedBlock {
  std::string_view type_name;
  std::unique_ptr<ProtoBlock> block;  // null: not given (an empty block)
  int32_t nesting = 0;
  int64_t min_items = 0;
  int64_t max_items = 0;
};
struct ProtoBlock {
  std::vector<ProtoAttribute> attributes;
  std::vector<ProtoNestedBlock> block_types;
};
struct ProtoSchema {
  int64_t version = 0;
  ProtoBlock block;
};

// NestedBlock.NestingMode's values.
enum NestingModeNumber : int32_t { kSingle = 1, kList = 2, kSet = 3, kMap = 4, kGroup = 5 };

bool Decode(ProtoReader& r, ProtoBlock& out);

bool Decode(ProtoReader& r, ProtoAttribute& out) {
  Field f;
  while (r.Next(f)) {
    if (f.wire_type == kBytes) {
      std::string_view description;
      if (f.number == 1 && !r.String(f, out.name)) return false;
      if (f.number == 2) out.type = f.bytes;
      if (f.number == 3 && !r.String(f, description)) return false;
    } else if (f.wire_type == kVarint) {
      switch (f.number) {
        case 4: out.required = f.value != 0; break;
        case 5: out.optional = f.value != 0; break;
        case 6: out.computed = f.value != 0; break;
        case 7: out.sensitive = f.value != 0; break;
        default: break;
      }
    }
  }
  return r.ok();
}

bool Decode(ProtoReader& r, ProtoNestedBlock& out) {
  Field f;
  while (r.Next(f)) {
    if (f.wire_type == kBytes) {
      if (f.number == 1 && !r.String(f, out.type_name)) return false;
      if (f.number == 2) {
        if (!out.block) out.block = std::make_unique<ProtoBlock>();
        if (!r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, *out.block); })) return false;
      }
    } else if (f.wire_type == kVarint) {
      switch (f.number) {
        case 3: out.nesting = static_cast<int32_t>(f.value); break;
        case 4: out.min_items = static_cast<int64_t>(f.value); break;
        case 5: out.max_items = static_cast<int64_t>(f.value); break;
        default: break;
      }
    }
  }
  return r.ok();
}

bool Decode(ProtoReader& r, ProtoBlock& out) {
  Field f;
  while (r.Next(f)) {
    if (f.wire_type != kBytes) continue;  // 1: the block's version, not read
    if (f.number == 2) {
      ProtoAttribute& a = out.attributes.emplace_back();
      if (!r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, a); })) return false;
    } else if (f.number == 3) {
      ProtoNestedBlock& b = out.block_types.emplace_back();
      if (!r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, b); })) return false;
    }
  }
  return r.ok();
}

bool Decode(ProtoReader& r, ProtoSchema& out) {
  Field f;
  while (r.Next(f)) {
    if (f.number == 1 && f.wire_type == kVarint) out.version = static_cast<int64_t>(f.value);
    if (f.number == 2 && f.wire_type == kBytes &&
        !r.Message(f.bytes, [&](ProtoReader& m) { return Decode(m, out.block); })) {
      return false;
    }
  }
  return r.ok();
}

base::Expected<std::shared_ptr<const Block>> ConvertBlock(const ProtoBlock& in, const std::string& path) {
  auto out = std::make_shared<Block>();
  for (const ProtoAttribute& a : in.attributes) {
    std::string at = path + "." + std::string(a.name);
    ParseResult parsed = ParseJson(std::string(a.type));
    if (!parsed) return base::Error(fmt::format("{}: invalid type: {}", at, parsed.error().message));
    base::Expected<Type> type = ParseType(parsed.value()->root());
    if (!type) return base::Error(fmt::format("{}: invalid type: {}", at, type.error().message));
    Attribute attr;
    attr.type = std::move(*type);
    attr.required = a.required;
    attr.optional = a.optional;
    attr.computed = a.computed;
    attr.sensitive = a.sensitive;
    out->attributes.emplace(std::string(a.name), std::move(attr));
  }
  static const ProtoBlock kEmptyBlock;
  for (const ProtoNestedBlock& b : in.block_types) {
    std::string at = path + "." + std::string(b.type_name);
    BlockType bt;
    switch (b.nesting) {
      case kSingle: bt.nesting_mode = NestingMode::kSingle; break;
      case kList: bt.nesting_mode = NestingMode::kList; break;
      case kSet: bt.nesting_mode = NestingMode::kSet; break;
      case kMap: bt.nesting_mode = NestingMode::kMap; break;
      case kGroup: bt.nesting_mode = NestingMode::kGroup; break;
      default: return base::Error(fmt::format("{}: invalid nesting mode {}", at, b.nesting));
    }
    base::Expected<std::shared_ptr<const Block>> block = ConvertBlock(b.block ? *b.block : kEmptyBlock, at);
    if (!block) return block.error();
    bt.block = std::move(*block);
    bt.min_items = static_cast<uint64_t>(std::max<int64_t>(0, b.min_items));
    bt.max_items = static_cast<uint64_t>(std::max<int64_t>(0, b.max_items));
    out->block_types.emplace(std::string(b.type_name), std::move(bt));
  }
  return std::shared_ptr<const Block>(std::move(out));
}

}  // namespace

DecodeResult DecodeDynamicValue(std::string_view message, const Type& type, base::Executor* executor) {
  // tfplugin5.DynamicValue: msgpack = 1, json = 2 (bytes).
  std::string_view msgpack;
  std::string_view json;
  ProtoReader r(message);
  Field f;
  while (r.Next(f)) {
    if (f.number == 1 && f.wire_type == kBytes) msgpack = f.bytes;
    if (f.number == 2 && f.wire_type == kBytes) json = f.bytes;
  }
  if (!r.ok()) {
    DecodeResult result;
    result.error = WireError{{}, 0, true, "not a protobuf DynamicValue message"};
    return result;
  }
  if (!msgpack.empty()) return DecodeMsgpack(std::string(msgpack), type, executor);
  if (!json.empty()) return DecodeJson(std::string(json), type);
  DecodeResult result;
  result.error = WireError{{}, 0, true, "DynamicValue has neither msgpack nor json set"};
  return result;
}

std::string DynamicValueMessage(std::string_view msgpack) {
  // Field 1 (msgpack), length-delimited; proto3 leaves an empty value out.
  std::string out;
  if (msgpack.empty()) return out;
  out += '\x0a';
  for (uint64_t n = msgpack.size(); ; n >>= 7) {
    if (n < 0x80) {
      out += static_cast<char>(n);
      break;
    }
    out += static_cast<char>((n & 0x7f) | 0x80);
  }
  out += msgpack;
  return out;
}

base::Expected<Schema> SchemaFromProto(std::string_view message) {
  ProtoSchema in;
  ProtoReader r(message);
  if (!Decode(r, in)) return base::Error("not a protobuf Schema message");
  Schema out;
  out.version = static_cast<uint64_t>(std::max<int64_t>(0, in.version));
  base::Expected<std::shared_ptr<const Block>> block = ConvertBlock(in.block, "block");
  if (!block) return block.error();
  out.block = std::move(*block);
  return out;
}

}  // namespace planview::wire
