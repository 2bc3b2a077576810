#include "wire/internal/set_order.h"

#include <algorithm>
#include <charconv>

#include "wire/number.h"

namespace planview::wire::internal {

using structured::Type;

namespace {

// 0: known, 1: unknown, 2: null.
int Rank(const SetElementView& e) { return e.leaf == SetLeaf::kNull ? 2 : (e.leaf == SetLeaf::kUnknown ? 1 : 0); }

bool IsNumberLeaf(SetLeaf leaf) { return leaf == SetLeaf::kInt || leaf == SetLeaf::kUint || leaf == SetLeaf::kNumber; }

std::string NumberText(const SetElementView& e) {
  if (e.leaf == SetLeaf::kInt) return FormatInt64(e.number);
  if (e.leaf == SetLeaf::kUint) return FormatUint64(static_cast<uint64_t>(e.number));
  return std::string(e.text);
}

bool IsBoolLeaf(SetLeaf leaf) { return leaf == SetLeaf::kTrue || leaf == SetLeaf::kFalse; }

// Orders two known elements (<0, 0, >0).
int CompareKnown(const SetElementView& a, const SetElementView& b, Type::Kind kind) {
  // Elements of another kind only meet in a set of `dynamic` whose elements disagree on
  // their type (an error, found later): they must not look equal.
  auto by_leaf = [&] { return static_cast<int>(a.leaf) - static_cast<int>(b.leaf); };
  switch (kind) {
    case Type::Kind::kBool:
      if (!IsBoolLeaf(a.leaf) || !IsBoolLeaf(b.leaf)) return by_leaf();
      return static_cast<int>(a.leaf == SetLeaf::kTrue) - static_cast<int>(b.leaf == SetLeaf::kTrue);
    case Type::Kind::kNumber:
      if (a.leaf == SetLeaf::kInt && b.leaf == SetLeaf::kInt) return (a.number > b.number) - (a.number < b.number);
      if (!IsNumberLeaf(a.leaf) || !IsNumberLeaf(b.leaf)) return by_leaf();
      return CompareNumbers(NumberText(a), NumberText(b));
    case Type::Kind::kString:
      if (a.leaf != SetLeaf::kString || b.leaf != SetLeaf::kString) return by_leaf();
      return a.text.compare(b.text);
    default: return a.hash.compare(b.hash);
  }
}

}  // namespace

bool InSetOrder(const SetElementView& a, const SetElementView& b, Type::Kind kind) {
  int ra = Rank(a);
  int rb = Rank(b);
  if (ra != rb) return ra < rb && rb != 2;
  if (ra == 2) return false;
  return ra == 1 || CompareKnown(a, b, kind) < 0;
}

bool CanonicalSetOrder(std::span<const SetElementView> elements, Type::Kind kind, std::vector<uint32_t>& order) {
  order.clear();
  size_t n = elements.size();
  if (n <= 1) return true;
  bool primitive = kind == Type::Kind::kString || kind == Type::Kind::kNumber || kind == Type::Kind::kBool;
  // In order already (what go-cty writes)?
  bool ordered = true;
  for (size_t i = 1; i < n && ordered; ++i) ordered = InSetOrder(elements[i - 1], elements[i], kind);
  if (ordered) return true;

  std::vector<uint32_t> sorted(n);
  for (size_t i = 0; i < n; ++i) sorted[i] = static_cast<uint32_t>(i);
  std::stable_sort(sorted.begin(), sorted.end(), [&](uint32_t a, uint32_t b) {
    int ra = Rank(elements[a]);
    int rb = Rank(elements[b]);
    if (ra != rb) return ra < rb;
    if (ra != 0) return false;
    return CompareKnown(elements[a], elements[b], kind) < 0;
  });
  bool have_null = false;
  for (size_t k = 0; k < n; ++k) {
    uint32_t i = sorted[k];
    const SetElementView& e = elements[i];
    if (e.leaf == SetLeaf::kNull) {
      if (have_null) continue;
      have_null = true;
    } else if (e.leaf != SetLeaf::kUnknown) {
      // Equal known elements sit next to each other, after their first instance.
      bool duplicate = false;
      for (size_t j = k; j-- > 0;) {
        const SetElementView& p = elements[sorted[j]];
        if (Rank(p) != 0 || CompareKnown(p, e, kind) != 0) break;
        if (primitive || (!e.has_unknown && !p.has_unknown && e.exact == p.exact)) {
          duplicate = true;
          break;
        }
      }
      if (duplicate) continue;
    }
    order.push_back(i);
  }
  return false;
}

void AppendHashInt(std::string& out, int64_t v) {
  if (v > -10000000000 && v < 10000000000) {  // %.10g of a short integer is itself
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, static_cast<size_t>(res.ptr - buf));
    return;
  }
  out += NumberHashText(FormatInt64(v));
}

void AppendHashNumber(std::string& out, std::string_view canonical) { out += NumberHashText(canonical); }

void AppendExactInt(std::string& out, int64_t value) {
  out += '#';
  if (value > -10000000000 && value < 10000000000) return;  // the hash text has it exactly
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, static_cast<size_t>(res.ptr - buf));
  out += ' ';
}

void AppendExactNumber(std::string& out, std::string_view canonical) {
  out += '#';
  out += canonical;
  out += ' ';
}

}  // namespace planview::wire::internal
