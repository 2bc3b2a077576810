// The decoders' intermediate form: a flat pre-order list of decoded nodes (in input
// order), turned into a WireValue by EmitTape, which sorts objects and maps, orders and
// deduplicates sets, and builds the unknown marker tree.
#ifndef PLANVIEW_STRUCTURED_WIRE_INTERNAL_TAPE_H_
#define PLANVIEW_STRUCTURED_WIRE_INTERNAL_TAPE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "structured/cty_type.h"
#include "structured/wire/refinements.h"
#include "structured/wire/wire_value.h"

namespace planview::structured::wire::internal {

enum class Tag : uint8_t {
  kNull,
  kUnknown,
  kFalse,
  kTrue,
  kInt,     // payload: int64
  kUint,    // payload: uint64
  kNumber,  // text: canonical number
  kString,  // text
  kArray,   // list, set or tuple; payload: element count
  kObject,  // object or map: key (kString) + value per member; payload: member count
};

enum Flag : uint8_t {
  kInArena = 1,      // text lives in Tape::arena, not in the source
  kFloat64 = 2,      // number held as float64
  kHasUnknown = 4,   // container with an unknown somewhere inside
  kUnsorted = 8,     // object/map whose keys are not strictly increasing
};

struct Node {
  Tag tag = Tag::kNull;
  uint8_t flags = 0;
  uint32_t end = 0;      // index one past this node's subtree
  uint64_t payload = 0;  // text: offset | length << 32; containers: count; ints: value
  // 1 + index into Tape::extras (0: none); for the keys of objects decoded with an
  // object type: 1 + the attribute's index in the type.
  uint32_t aux = 0;

  uint32_t text_offset() const { return static_cast<uint32_t>(payload); }
  uint32_t text_length() const { return static_cast<uint32_t>(payload >> 32); }
};

struct Extra {
  int32_t refinement = -1;  // index into Tape::refinements
  int32_t type = -1;        // index into Tape::types: runtime type at a dynamic position
};

struct Tape {
  std::vector<Node> nodes;
  std::string arena;
  std::vector<Extra> extras;
  std::vector<Refinements> refinements;
  std::vector<Type> types;

  std::string_view Text(const Node& n, std::string_view source) const {
    std::string_view base = (n.flags & kInArena) ? std::string_view(arena) : source;
    return base.substr(n.text_offset(), n.text_length());
  }
  Extra& ExtraOf(Node& n) {
    if (n.aux == 0) {
      extras.emplace_back();
      n.aux = static_cast<uint32_t>(extras.size());
    }
    return extras[n.aux - 1];
  }
  const Extra* ExtraOf(const Node& n) const { return n.aux == 0 ? nullptr : &extras[n.aux - 1]; }
  // The runtime type recorded for a node at a dynamic position, or nullptr.
  const Type* TypeOf(const Node& n) const {
    const Extra* e = ExtraOf(n);
    return (e == nullptr || e->type < 0) ? nullptr : &types[static_cast<size_t>(e->type)];
  }
  uint32_t ArenaText(std::string_view text) {
    uint32_t offset = static_cast<uint32_t>(arena.size());
    arena.append(text);
    return offset;
  }
};

// Builds the WireValue. `source` is the decoded input (text not in the arena points into
// it); `owner` keeps it alive for the documents. `type` is the type the tape was decoded
// with.
WireValue EmitTape(const Tape& tape, const Type& type, std::string_view source, std::shared_ptr<const void> owner);

// The order go-cty keeps set elements in (and which ones survive deduplication): indices
// of element roots, given in input order.
std::vector<uint32_t> CanonicalSetOrder(const Tape& tape, std::string_view source, const std::vector<uint32_t>& elements,
                                        const Type& element_type);

// The runtime type of a decoded subtree (dynamic parts resolved from recorded types).
Type TapeRuntimeType(const Tape& tape, uint32_t node, const Type& declared);

// The common type of two element types where `dynamic` (an untyped null or unknown)
// matches anything; nullopt when they conflict.
std::optional<Type> UnifyTypes(const Type& a, const Type& b);

// Gives untyped nulls and unknowns at dynamic positions of the subtree the type that
// `unified` (the collection's common element type) says they have.
void RetypeDynamic(Tape& tape, uint32_t node, const Type& declared, const Type& unified);

}  // namespace planview::structured::wire::internal

#endif  // PLANVIEW_STRUCTURED_WIRE_INTERNAL_TAPE_H_
