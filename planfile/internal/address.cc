#include "planfile/internal/address.h"

#include <fmt/format.h>

#include "structured/json_text.h"

namespace planview::planfile::internal {

namespace {

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         static_cast<unsigned char>(c) >= 0x80;
}

class AddressParser {
 public:
  explicit AddressParser(std::string_view text) : text_(text) {}

  base::Expected<InstanceAddress> Parse() {
    InstanceAddress out;
    out.address = std::string(text_);
    while (text_.substr(pos_).starts_with("module.")) {
      const size_t start = pos_;
      pos_ += 7;
      if (Name().empty()) return Fail("a module name");
      if (Peek() == '[') {
        if (base::Expected<void> index = Index(); !index) return index.error();
      }
      if (!out.module_address.empty()) out.module_address += '.';
      out.module_address += text_.substr(start, pos_ - start);
      if (Peek() != '.') return Fail("'.' after the module");
      ++pos_;
    }
    if (text_.substr(pos_).starts_with("data.")) {
      out.data = true;
      pos_ += 5;
    }
    out.type = std::string(Name());
    if (out.type.empty() || Peek() != '.') return Fail("a resource type and '.'");
    ++pos_;
    out.name = std::string(Name());
    if (out.name.empty()) return Fail("a resource name");
    if (Peek() == '[') {
      if (base::Expected<void> index = Index(); !index) return index.error();
      out.index = index_;
      out.index_key = index_key_;
    }
    if (pos_ != text_.size()) return Fail("the end of the address");
    return out;
  }

 private:
  char Peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  std::string_view Name() {
    const size_t start = pos_;
    while (pos_ < text_.size() && IsNameChar(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  base::Error Fail(std::string_view expected) const {
    return base::Error(fmt::format("resource address {:?}: expected {} at offset {}", text_, expected, pos_));
  }
  // `[0]` or `["key"]`; sets index_ and index_key_.
  base::Expected<void> Index() {
    ++pos_;  // '['
    index_key_.clear();
    if (Peek() == '"') {
      ++pos_;
      std::string key;
      while (true) {
        if (pos_ >= text_.size()) return Fail("a closing quote");
        char c = text_[pos_++];
        if (c == '"') break;
        if ((c == '$' || c == '%') && text_.substr(pos_).starts_with(std::string(1, c) + "{")) {
          key += c;
          ++pos_;
          continue;
        }
        if (c != '\\') {
          key += c;
          continue;
        }
        if (pos_ >= text_.size()) return Fail("an escape");
        char e = text_[pos_++];
        switch (e) {
          case 'n': key += '\n'; break;
          case 'r': key += '\r'; break;
          case 't': key += '\t'; break;
          case '"': key += '"'; break;
          case '\\': key += '\\'; break;
          case 'u':
          case 'U': {
            const size_t digits = e == 'u' ? 4 : 8;
            if (text_.size() - pos_ < digits) return Fail("hex digits");
            uint32_t cp = 0;
            for (size_t i = 0; i < digits; ++i) {
              char h = text_[pos_++];
              int v = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
              if (v < 0) return Fail("hex digits");
              cp = cp * 16 + static_cast<uint32_t>(v);
            }
            if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return Fail("a Unicode code point");
            structured::AppendUtf8(key, cp);
            break;
          }
          default:
            return Fail("a known escape");
        }
      }
      index_ = InstanceAddress::Index::kString;
      index_key_ = std::move(key);
    } else {
      const size_t start = pos_;
      if (Peek() == '-') ++pos_;
      while (Peek() >= '0' && Peek() <= '9') ++pos_;
      index_ = InstanceAddress::Index::kNumber;
      index_key_ = std::string(text_.substr(start, pos_ - start));
      if (!structured::IsJsonNumber(index_key_)) return Fail("an index");
    }
    if (Peek() != ']') return Fail("']'");
    ++pos_;
    return {};
  }

  std::string_view text_;
  size_t pos_ = 0;
  InstanceAddress::Index index_ = InstanceAddress::Index::kNone;
  std::string index_key_;
};

}  // namespace

base::Expected<InstanceAddress> ParseInstanceAddress(std::string_view text) {
  return AddressParser(text).Parse();
}

std::string InstanceAddress::IndexJson() const {
  if (index != Index::kString) return index_key;
  std::string json;
  structured::AppendGoJsonString(json, index_key);
  return json;
}

std::string QuoteKey(std::string_view key) {
  std::string out = "\"";
  for (size_t i = 0; i < key.size(); ++i) {
    const char c = key[i];
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '$':
      case '%':
        out += c;
        if (i + 1 < key.size() && key[i + 1] == '{') out += c;
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

InstanceAddress InstanceAddressFromParts(std::string_view module_path, bool data, std::string_view type,
                                         std::string_view name, const std::string* string_key,
                                         const long long* int_key) {
  InstanceAddress out;
  out.module_address = std::string(module_path);
  out.data = data;
  out.type = std::string(type);
  out.name = std::string(name);
  if (!module_path.empty()) out.address = out.module_address + ".";
  if (data) out.address += "data.";
  out.address += fmt::format("{}.{}", type, name);
  if (string_key != nullptr) {
    out.address += "[" + QuoteKey(*string_key) + "]";
    out.index = InstanceAddress::Index::kString;
    out.index_key = *string_key;
  } else if (int_key != nullptr) {
    out.address += fmt::format("[{}]", *int_key);
    out.index = InstanceAddress::Index::kNumber;
    out.index_key = fmt::format("{}", *int_key);
  }
  return out;
}

std::string ProviderName(std::string_view config) {
  const size_t open = config.find("provider[\"");
  if (open != std::string_view::npos) {
    const size_t start = open + 10;
    const size_t end = config.find('"', start);
    if (end != std::string_view::npos) return std::string(config.substr(start, end - start));
  }
  // Legacy `provider.aws` or `provider.aws.alias`, maybe after a module path.
  const size_t legacy = config.rfind("provider.");
  if (legacy != std::string_view::npos) {
    std::string_view rest = config.substr(legacy + 9);
    return std::string(rest.substr(0, rest.find('.')));
  }
  return std::string(config);
}

}  // namespace planview::planfile::internal
