// An input's bytes as the JSON parser takes them. Either a string or a read-only mapping
// of a regular file (ReadInputText), which saves the copy and the fresh zeroed pages of a
// big read: both owned, and followed by zero bytes the parser may read ahead into. Or
// (Borrowed) a caller's bytes in memory, neither owned nor padded, which the parser reads
// where they are without reading past their end (capi/: no copy of the input).
#ifndef PLANVIEW_STRUCTURED_INPUT_TEXT_H_
#define PLANVIEW_STRUCTURED_INPUT_TEXT_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace planview::structured {

namespace internal {
class MappedFile;
}  // namespace internal

class InputText {
 public:
  InputText() = default;
  // Implicit: every string is an input text (padded when it is parsed).
  InputText(std::string text) : string_(std::move(text)) {}  // NOLINT(google-explicit-constructor)
  explicit InputText(std::shared_ptr<internal::MappedFile> mapped);
  // Bytes that must outlive the text, its copies, and every document parsed from it.
  static InputText Borrowed(std::string_view bytes);

  std::string_view view() const;
  size_t size() const { return view().size(); }
  bool mapped() const { return mapped_ != nullptr; }
  bool borrowed() const { return borrowed_.has_value(); }
  // Copying the text copies no bytes (mapped or borrowed).
  bool shares_bytes() const { return mapped() || borrowed(); }

  // The text as a string (a mapped file's bytes are copied once).
  std::string TakeString() &&;

  // Where the parser reads: `data` holds `size` bytes, kept alive by `owner` (null for
  // borrowed bytes); when `padded`, followed by at least `padding` zero bytes. Only a
  // borrowed text is not padded (a string is padded in place, or copied once).
  struct Shared {
    std::shared_ptr<const void> owner;
    const char* data = nullptr;
    size_t size = 0;
    bool padded = true;
  };
  Shared Share(size_t padding) &&;

 private:
  std::string string_;
  std::shared_ptr<internal::MappedFile> mapped_;
  std::optional<std::string_view> borrowed_;
};

}  // namespace planview::structured

#endif  // PLANVIEW_STRUCTURED_INPUT_TEXT_H_
