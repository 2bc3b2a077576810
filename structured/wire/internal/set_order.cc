// go-cty's set semantics on tape subtrees: which elements are equal (and so kept once)
// and the order a set iterates in (strings bytewise, numbers by value, false before true,
// other types by their hash text; known elements first, then unknowns, then null).
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <charconv>
#include <string>

#include "structured/wire/internal/tape.h"
#include "structured/wire/number.h"

namespace planview::structured::wire::internal {
namespace {

bool GoIsPrint(UChar32 c) {
  if (c == ' ') return true;
  switch (u_charType(c)) {
    case U_UPPERCASE_LETTER: case U_LOWERCASE_LETTER: case U_TITLECASE_LETTER: case U_MODIFIER_LETTER:
    case U_OTHER_LETTER: case U_NON_SPACING_MARK: case U_ENCLOSING_MARK: case U_COMBINING_SPACING_MARK:
    case U_DECIMAL_DIGIT_NUMBER: case U_LETTER_NUMBER: case U_OTHER_NUMBER: case U_CONNECTOR_PUNCTUATION:
    case U_DASH_PUNCTUATION: case U_START_PUNCTUATION: case U_END_PUNCTUATION: case U_INITIAL_PUNCTUATION:
    case U_FINAL_PUNCTUATION: case U_OTHER_PUNCTUATION: case U_MATH_SYMBOL: case U_CURRENCY_SYMBOL:
    case U_MODIFIER_SYMBOL: case U_OTHER_SYMBOL:
      return true;
    default:
      return false;
  }
}

// Go's strconv.Quote.
void AppendGoQuoted(std::string& out, std::string_view s) {
  static const char* kHex = "0123456789abcdef";
  out += '"';
  int32_t i = 0;
  int32_t n = static_cast<int32_t>(s.size());
  while (i < n) {
    int32_t start = i;
    UChar32 c;
    U8_NEXT(s.data(), i, n, c);
    if (c < 0) {
      unsigned char b = static_cast<unsigned char>(s[static_cast<size_t>(start)]);
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
      i = start + 1;
      continue;
    }
    switch (c) {
      case '\a': out += "\\a"; continue;
      case '\b': out += "\\b"; continue;
      case '\f': out += "\\f"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\t': out += "\\t"; continue;
      case '\v': out += "\\v"; continue;
      case '\\': out += "\\\\"; continue;
      case '"': out += "\\\""; continue;
      default: break;
    }
    if (GoIsPrint(c)) {
      out.append(s.substr(static_cast<size_t>(start), static_cast<size_t>(i - start)));
    } else if (c < ' ' || c == 0x7f) {
      out += "\\x";
      out += kHex[(c >> 4) & 15];
      out += kHex[c & 15];
    } else if (c < 0x10000) {
      out += "\\u";
      for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(c >> shift) & 15];
    } else {
      out += "\\U";
      for (int shift = 28; shift >= 0; shift -= 4) out += kHex[(c >> shift) & 15];
    }
  }
  out += '"';
}

struct KeyBuilder {
  const Tape& tape;
  std::string_view source;
  bool exact;  // exact keys decide equality; hash keys decide order
  bool saw_unknown = false;

  void Append(std::string& out, uint32_t node, const Type& declared) {
    const Node& n = tape.nodes[node];
    Type type = declared;
    if (declared.kind() == Type::Kind::kDynamic) {
      if (const Type* t = tape.TypeOf(n)) type = *t;
    }
    switch (n.tag) {
      case Tag::kUnknown: saw_unknown = true; out += '?'; return;
      case Tag::kNull: out += '~'; return;
      case Tag::kTrue: out += 'T'; return;
      case Tag::kFalse: out += 'F'; return;
      case Tag::kInt: {
        int64_t v = static_cast<int64_t>(n.payload);
        if (!exact && v > -10000000000 && v < 10000000000) {  // %.10g of a short integer is itself
          char buf[24];
          auto res = std::to_chars(buf, buf + sizeof buf, v);
          out.append(buf, res.ptr);
          return;
        }
        AppendNumber(out, FormatInt64(v));
        return;
      }
      case Tag::kUint: AppendNumber(out, FormatUint64(n.payload)); return;
      case Tag::kNumber: AppendNumber(out, tape.Text(n, source)); return;
      case Tag::kString: AppendString(out, tape.Text(n, source)); return;
      case Tag::kArray: {
        std::vector<uint32_t> children;
        for (uint32_t c = node + 1; c < n.end; c = tape.nodes[c].end) children.push_back(c);
        bool tuple = type.kind() == Type::Kind::kTuple;
        if (type.kind() == Type::Kind::kSet) children = CanonicalSetOrder(tape, source, children, type.element());
        out += tuple ? '<' : '[';
        for (size_t i = 0; i < children.size(); ++i) {
          Append(out, children[i], tuple ? type.elements()[i] : (type.is_collection() ? type.element() : Type()));
          out += ';';
        }
        out += tuple ? '>' : ']';
        return;
      }
      case Tag::kObject: {
        std::vector<std::pair<std::string_view, uint32_t>> members;
        for (uint32_t c = node + 1; c < n.end;) {
          uint32_t value = tape.nodes[c].end;
          members.emplace_back(tape.Text(tape.nodes[c], source), value);
          c = tape.nodes[value].end;
        }
        std::stable_sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        bool object = type.kind() == Type::Kind::kObject;
        out += object ? '<' : '{';
        for (size_t i = 0; i < members.size(); ++i) {
          if (!object && i + 1 < members.size() && members[i].first == members[i + 1].first) continue;
          Type t = object ? *type.attribute(members[i].first) : (type.is_collection() ? type.element() : Type());
          if (!object) {
            AppendString(out, members[i].first);
            out += ':';
          }
          Append(out, members[i].second, t);
          out += ';';
        }
        out += object ? '>' : '}';
        return;
      }
    }
  }
  void AppendNumber(std::string& out, std::string_view text) {
    if (exact) {
      out += '#';
      out += text;
      out += ' ';
    } else {
      out += NumberHashText(text);
    }
  }
  void AppendString(std::string& out, std::string_view text) {
    if (exact) {
      out += std::to_string(text.size());
      out += ':';
      out += text;
    } else {
      AppendGoQuoted(out, text);
    }
  }
};

// 0: known, 1: unknown, 2: null.
int Rank(const Node& n) { return n.tag == Tag::kNull ? 2 : (n.tag == Tag::kUnknown ? 1 : 0); }

}  // namespace

std::vector<uint32_t> CanonicalSetOrder(const Tape& tape, std::string_view source, const std::vector<uint32_t>& elements,
                                        const Type& element_type) {
  Type ety = element_type;
  auto node = [&](uint32_t i) -> const Node& { return tape.nodes[i]; };
  auto text = [&](uint32_t i) -> std::string {
    const Node& n = node(i);
    if (n.tag == Tag::kInt) return FormatInt64(static_cast<int64_t>(n.payload));
    if (n.tag == Tag::kUint) return FormatUint64(n.payload);
    return std::string(tape.Text(n, source));
  };
  // Primitive element types compare directly; anything else by hash text.
  Type::Kind kind = ety.kind();
  if (kind == Type::Kind::kDynamic && !elements.empty()) {
    for (uint32_t e : elements) {
      if (const Type* t = tape.TypeOf(node(e))) {
        ety = *t;
        kind = t->kind();
        break;
      }
    }
  }
  bool primitive = kind == Type::Kind::kString || kind == Type::Kind::kNumber || kind == Type::Kind::kBool;
  if (kind == Type::Kind::kString || (kind == Type::Kind::kNumber && std::all_of(elements.begin(), elements.end(), [&](uint32_t e) {
        Tag t = node(e).tag;
        return t == Tag::kInt || t == Tag::kNull || t == Tag::kUnknown;
      }))) {
    // Already in order with no duplicates (what go-cty writes): nothing to do.
    bool ordered = true;
    for (size_t i = 1; i < elements.size() && ordered; ++i) {
      const Node& a = node(elements[i - 1]);
      const Node& b = node(elements[i]);
      int ra = Rank(a);
      int rb = Rank(b);
      if (ra != rb) {
        ordered = ra < rb && rb != 2;
        continue;
      }
      if (ra == 1) continue;
      if (ra == 2) {
        ordered = false;
        continue;
      }
      if (kind == Type::Kind::kString) {
        ordered = tape.Text(a, source) < tape.Text(b, source);
      } else {
        ordered = static_cast<int64_t>(a.payload) < static_cast<int64_t>(b.payload);
      }
    }
    if (ordered) return elements;
  }
  std::vector<std::string> hash;
  std::vector<std::string> exact;
  std::vector<bool> has_unknown;
  if (!primitive) {
    hash.resize(elements.size());
    exact.resize(elements.size());
    has_unknown.resize(elements.size());
    for (size_t i = 0; i < elements.size(); ++i) {
      KeyBuilder hb{tape, source, false};
      hb.Append(hash[i], elements[i], ety);
      has_unknown[i] = hb.saw_unknown;
    }
  }
  // Exact keys (equality) only for elements whose hash keys tie.
  auto exact_key = [&](size_t i) -> const std::string& {
    if (exact[i].empty()) {
      KeyBuilder eb{tape, source, true};
      eb.Append(exact[i], elements[i], ety);
    }
    return exact[i];
  };
  std::vector<size_t> order(elements.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto compare_known = [&](size_t a, size_t b) -> int {  // both known, not null
    if (!primitive) return hash[a].compare(hash[b]);
    const Node& x = node(elements[a]);
    const Node& y = node(elements[b]);
    switch (kind) {
      case Type::Kind::kBool: return static_cast<int>(x.tag == Tag::kTrue) - static_cast<int>(y.tag == Tag::kTrue);
      case Type::Kind::kNumber: return CompareNumbers(text(elements[a]), text(elements[b]));
      default: return text(elements[a]).compare(text(elements[b]));
    }
  };
  auto less = [&](size_t a, size_t b) {
    int ra = Rank(node(elements[a]));
    int rb = Rank(node(elements[b]));
    if (ra != rb) return ra < rb;
    if (ra != 0) return false;
    return compare_known(a, b) < 0;
  };
  std::stable_sort(order.begin(), order.end(), less);
  std::vector<uint32_t> out;
  out.reserve(order.size());
  bool have_null = false;
  for (size_t k = 0; k < order.size(); ++k) {
    size_t i = order[k];
    const Node& n = node(elements[i]);
    if (n.tag == Tag::kNull) {
      if (have_null) continue;
      have_null = true;
    } else if (n.tag != Tag::kUnknown) {
      // Equal known elements sit next to each other (and after their first instance).
      bool duplicate = false;
      for (size_t j = k; j-- > 0;) {
        size_t p = order[j];
        if (Rank(node(elements[p])) != 0 || compare_known(p, i) != 0) break;
        bool equal = primitive ? true : (!has_unknown[i] && !has_unknown[p] && exact_key(i) == exact_key(p));
        if (equal) {
          duplicate = true;
          break;
        }
      }
      if (duplicate) continue;
    }
    out.push_back(elements[i]);
  }
  return out;
}

}  // namespace planview::structured::wire::internal
