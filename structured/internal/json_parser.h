// The JSON parser's hot loop, a template over the SIMD kernel K (kernels/masks.h).
// Included only by the kernel translation units (structured/internal/kernels/*.cc), each
// compiled for its instruction set; everything here is local to each of them, so code
// compiled for one instruction set never leaks into another. ParseJson
// (structured/json_parse.cc) runs the kernel chosen at start-up (kernels/kernel.h).
//
// The parser makes one pass over the text and builds the document as it goes: there is
// no token index (which would cost about as much memory as the text). It reports only
// *that* the text is invalid; internal::DiagnoseJson then re-reads the text to say
// exactly what and where. The text is only read: string values without escapes stay
// views into it, escaped ones are unescaped into the document's arena (so a mapped input
// file is never written, and never copied page by page).
#ifndef PLANVIEW_STRUCTURED_INTERNAL_JSON_PARSER_H_
#define PLANVIEW_STRUCTURED_INTERNAL_JSON_PARSER_H_

#include "structured/internal/json_parser_includes.h"
#include "structured/internal/skip_container.h"
#include "structured/internal/tail_block.h"

namespace planview::structured::internal {
namespace {

// The per-value steps are small and hot: keep them in the parse loop.
#define PLANVIEW_HOT inline __attribute__((always_inline))

struct SpaceTable {
  bool is_space[256] = {};
  constexpr SpaceTable() {
    for (unsigned char c : {' ', '\t', '\n', '\r'}) is_space[c] = true;
  }
};
constexpr SpaceTable kSpace;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

int Hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The four hex digits at p as a code unit, or -1.
PLANVIEW_HOT int32_t Hex4(const char* p) {
  int a = Hex(p[0]), b = Hex(p[1]), c = Hex(p[2]), d = Hex(p[3]);
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

// Drops the whole pages of [from, from + bytes) from this process's memory. Only for a
// read-only file mapping: reading them again brings them back from the file.
void DropPages(const char* from, size_t bytes) {
  const uintptr_t page = PageSize();
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(from) + page - 1) & ~(page - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(from) + bytes) & ~(page - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_DONTNEED);
}

bool IsHighSurrogate(int32_t u) { return u >= 0xD800 && u < 0xDC00; }
bool IsLowSurrogate(int32_t u) { return u >= 0xDC00 && u < 0xE000; }

// What a one-character escape (\" \\ \/ \b \f \n \r \t) stands for; 0 for others.
struct EscapeTable {
  char to[256] = {};
  constexpr EscapeTable() {
    to[static_cast<unsigned char>('"')] = '"';
    to[static_cast<unsigned char>('\\')] = '\\';
    to[static_cast<unsigned char>('/')] = '/';
    to[static_cast<unsigned char>('b')] = '\b';
    to[static_cast<unsigned char>('f')] = '\f';
    to[static_cast<unsigned char>('n')] = '\n';
    to[static_cast<unsigned char>('r')] = '\r';
    to[static_cast<unsigned char>('t')] = '\t';
  }
};
constexpr EscapeTable kEscapes;

// Unescapes string content `s` (`n` bytes) that the scanner accepted into `scratch`,
// whose first backslash is at `first`; returns the unescaped length (never more than
// `n`). With kPadded `s` must be readable 32 bytes past `n`; otherwise nothing at or past
// `end` (the text's end, past the closing quote) is read. Lone surrogates become U+FFFD,
// as Go's encoding/json does.
template <class K, bool kPadded>
size_t Unescape(const char* s, size_t n, size_t first, const char* end, std::string& scratch) {
  if (scratch.size() < n + 32) scratch.resize(n + 32);
  char* out = scratch.data();
  std::memcpy(out, s, first);
  size_t w = first;
  size_t r = first;
  auto put = [&](uint32_t cp) {
    if (cp < 0x80) {
      out[w++] = static_cast<char>(cp);
    } else if (cp < 0x800) {
      out[w++] = static_cast<char>(0xC0 | (cp >> 6));
      out[w++] = static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out[w++] = static_cast<char>(0xE0 | (cp >> 12));
      out[w++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out[w++] = static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out[w++] = static_cast<char>(0xF0 | (cp >> 18));
      out[w++] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out[w++] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out[w++] = static_cast<char>(0x80 | (cp & 0x3F));
    }
  };
  while (r < n) {
    // s[r] is a backslash.
    char e = s[r + 1];
    if (char to = kEscapes.to[static_cast<unsigned char>(e)]; to != 0) {
      out[w++] = to;
      r += 2;
    } else {  // \uXXXX
      int32_t unit = Hex4(s + r + 2);
      r += 6;
      if (IsHighSurrogate(unit) && r + 6 <= n && s[r] == '\\' && s[r + 1] == 'u' && IsLowSurrogate(Hex4(s + r + 2))) {
        int32_t low = Hex4(s + r + 2);
        r += 6;
        put(0x10000 + ((static_cast<uint32_t>(unit) - 0xD800) << 10) + (static_cast<uint32_t>(low) - 0xDC00));
      } else if (IsHighSurrogate(unit) || IsLowSurrogate(unit)) {
        put(0xFFFD);
      } else {
        put(static_cast<uint32_t>(unit));
      }
    }
    // Copy the plain run up to the next backslash (or the end), 32 bytes at a time.
    for (;;) {
      const bool whole = kPadded || end - (s + r) >= 32;
      uint32_t mask = __builtin_expect(whole, 1) ? K::Backslashes(s + r) : BackslashesTail<K>(s + r, end);
      size_t run = mask != 0 ? static_cast<size_t>(__builtin_ctz(mask)) : 32;
      if (run > n - r) run = n - r;
      if (whole) {
        std::memcpy(out + w, s + r, 32);
      } else {
        std::memcpy(out + w, s + r, run);
      }
      w += run;
      r += run;
      if (mask != 0 || r >= n) break;
    }
  }
  return w;
}

// The skipped top-level arrays and objects the scout has checked so far, in order: written
// by the scout, read by the building thread while it runs. It also settles who drops a
// range's pages, so that they leave memory once both threads are done with them: the
// building thread reads a range only when it gets there before the scout has checked it
// (then it passes over the range itself).
class ScoutedRanges {
 public:
  struct Range {
    size_t begin = 0;
    size_t end = 0;
    bool operator==(const Range&) const = default;
  };
  // The scout checked `range`: true when the building thread will not read it (the scout
  // drops its pages now), false when it is passing over it itself (it drops them after).
  bool Add(Range range) {
    std::lock_guard<std::mutex> lock(mutex_);
    ranges_.push_back(range);
    return passing_ != ranges_.size() - 1;
  }
  // The i-th range, if checked already; if not, the building thread passes over it itself
  // and calls Passed(i, ...) after.
  bool Get(size_t i, Range& range) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (i >= ranges_.size()) {
      passing_ = i;
      return false;
    }
    range = ranges_[i];
    return true;
  }
  // The building thread has passed over `range`, the i-th: true when the scout checked
  // the same range meanwhile (the building thread drops its pages now).
  bool Passed(size_t i, Range range) {
    std::lock_guard<std::mutex> lock(mutex_);
    passing_ = kNone;
    return i < ranges_.size() && ranges_[i] == range;
  }
  // Whether the scout found exactly `ranges` (once it is done).
  bool Equals(const std::vector<Range>& ranges) {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::equal(ranges_.begin(), ranges_.end(), ranges.begin(), ranges.end());
  }

 private:
  static constexpr size_t kNone = SIZE_MAX;
  std::mutex mutex_;
  std::deque<Range> ranges_;
  size_t passing_ = kNone;  // the range the building thread is passing over itself
};

// The kept top-level arrays, shared by the two threads: the scout notes where elements
// of each begin as it passes over it (those that are arrays or objects, at most one per
// note_every bytes); the building thread says where it is at each of those. Once its
// walk is done, the scout picks a noted element of the array the building thread is in
// (or has still to reach) where about half of what is left of it remains, and builds
// the elements from there to the array's end into a part of its own; the building
// thread, reaching that element, waits for the part and grafts it. A split is only
// taken where the building thread has not yet been, so exactly one thread builds each
// element; when the part fails for any reason, the building thread builds the rest
// itself, so errors are found as without it.
class ArraySplit {
 public:
  struct Array {
    size_t begin = 0;             // the '['
    size_t end = 0;               // past the ']'
    std::vector<size_t> starts;   // some of its elements' first bytes, increasing
    size_t containers = 0;        // its elements that are arrays or objects
  };
  struct Split {
    size_t array = 0;  // index into the arrays
    size_t at = 0;     // the element where the part begins
  };

  explicit ArraySplit(size_t note_every, bool await) : note_every_(note_every), await_(await) {}

  // Scout: one more kept top-level array (notes elements at least note_every() apart).
  size_t note_every() const { return note_every_; }
  void AddArray(Array array) { arrays_.push_back(std::move(array)); }

  // Scout, after its walk (whether or not it went through): where the part begins, if
  // anywhere; the scout then builds it and calls Done.
  // Arrays whose elements average fewer than `min_element_bytes` are not split: grafting
  // costs about as much per element as building a small one.
  std::optional<Split> Choose(size_t min_bytes, size_t min_element_bytes, bool walked) {
    std::lock_guard<std::mutex> lock(mutex_);
    chosen_ = true;
    decided_.notify_all();
    if (!walked) return std::nullopt;
    std::optional<Split> best;
    size_t best_left = 0;
    for (size_t i = 0; i < arrays_.size(); ++i) {
      const Array& a = arrays_[i];
      if (a.end <= at_ || a.containers == 0 || (a.end - a.begin) / a.containers < min_element_bytes) continue;
      const size_t from = std::max(at_, a.begin);
      const size_t target = from + (a.end - from) / 2;
      auto e = std::lower_bound(a.starts.begin(), a.starts.end(), target);
      if (e == a.starts.end() || *e <= at_ || a.end - *e < std::max<size_t>(min_bytes, 1)) continue;
      if (a.end - from > best_left) {
        best_left = a.end - from;
        best = Split{i, *e};
      }
    }
    if (best) split_ = best->at;
    return best;
  }
  // Scout: the part is built (or not: `ok` false), its text ending at `end`.
  void Done(bool ok, size_t end, bool line_break) {
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
    part_ok_ = ok;
    part_end_ = end;
    part_line_break_ = line_break;
    decided_.notify_all();
  }
  const Array& array(size_t i) const { return arrays_[i]; }

  // Building thread, at the first byte of an element of a kept top-level array that the
  // scout notes (and at the first element): true when the scout builds the rest of the
  // array from here (then call AwaitPart).
  bool Reached(size_t at, bool first) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (await_ && first) decided_.wait(lock, [&] { return chosen_; });
    at_ = at;
    return split_ == at;
  }
  // Building thread: it has left a kept array (at `at`, past its ']').
  void Left(size_t at) {
    std::lock_guard<std::mutex> lock(mutex_);
    at_ = at;
  }
  // Building thread: waits for the part; true when it is built (`end` is then where its
  // text ends, past the array's ']').
  bool AwaitPart(size_t& end, bool& line_break) {
    std::unique_lock<std::mutex> lock(mutex_);
    decided_.wait(lock, [&] { return done_; });
    end = part_end_;
    line_break = part_line_break_;
    return part_ok_;
  }

 private:
  static constexpr size_t kNone = SIZE_MAX;
  const size_t note_every_;
  const bool await_;
  std::vector<Array> arrays_;  // written by the scout only, before Choose
  std::mutex mutex_;
  std::condition_variable decided_;
  size_t at_ = 0;          // the element the building thread is at
  size_t split_ = kNone;   // where the part begins
  bool chosen_ = false;
  bool done_ = false;
  bool part_ok_ = false;
  size_t part_end_ = 0;
  bool part_line_break_ = false;
};

// kPadded: `text` is followed by at least kParsePadding zero bytes, and the parser reads
// ahead into them freely. Otherwise nothing past the text may be read (a caller's memory,
// which may end at the end of a mapped page): every read that could reach past the end is
// bounded by it, and reads as if zero bytes followed (the same results, byte for byte).
template <class K, bool kPadded>
class Parser {
 public:
  Parser(const char* text, size_t size, DocumentBuilder& builder, const ParseOptions& options)
      : begin_(text), end_(text + size), p_(begin_), b_(builder), options_(options) {
    // Nesting is bounded by the limit and by the text (one byte per level at least).
    stack_.resize(std::min(options.max_depth, size) + 2);
  }

  // Drop the pages of each skipped member once it is checked (DropPages).
  void DropSkipped() { drop_skipped_ = true; }

  // From now on a skipped top-level array or object is only measured (its end found, or
  // taken from `scouted` when the scout found it already), not checked: the scout checks
  // it. skipped_ranges() then lists them, to be compared with the scout's.
  void FollowScout(ScoutedRanges* scouted) { scouted_ = scouted; }
  // Kept top-level arrays may be split with the scout (ArraySplit): the building thread
  // and the scout both call this with the same `split`.
  void ShareArrays(ArraySplit* split) { split_ = split; }

  // The scout's part: the elements of a kept top-level array from the one at `at` to the
  // array's end (`array_end`, past its ']'), built as one array. False when the text
  // there is not valid JSON, the builder failed, the elements do not end at `array_end`,
  // or `stop` was set.
  bool ArrayTail(size_t at, size_t array_end, const std::atomic<bool>& stop) {
    const char* p = begin_ + at;
    b_.BeginArray();
    for (bool closed = false; !closed;) {
      if (stop.load(std::memory_order_relaxed)) return false;
      if (!ParseValue<true>(p, 2) || !AfterElement(p, closed)) return false;
    }
    if (!End<true>(p++, false) || b_.failed()) return false;
    return static_cast<size_t>(p - begin_) == array_end;
  }
  const std::vector<ScoutedRanges::Range>& skipped_ranges() const { return measured_; }

  // The scout's walk over the top-level object, ahead of the building: each skipped array
  // or object is checked (its pages dropped after, with DropSkipped) and goes into `found`;
  // the other members' values are passed over (arrays and objects by their brackets
  // alone, scalars checked). False when the text is not valid JSON (message() says about
  // what, as ParseValue does) or `stop` was set.
  bool Scout(ScoutedRanges& found, const std::atomic<bool>& stop) {
    const char* p = SkipOuterSpace(begin_);
    if (At(p) != '{') return true;
    p = SkipSpace(p + 1);
    if (At(p) == '}') return true;
    for (;;) {
      if (stop.load(std::memory_order_relaxed)) return false;
      p = SkipSpace(p);
      std::string_view raw;
      bool escaped = false;
      if (!Key<false>(p, &raw, &escaped)) return false;
      p = SkipSpace(p);
      const bool container = At(p) == '{' || At(p) == '[';
      const bool unbuilt = container && IsUnbuilt(raw, escaped, At(p));
      if (container && (unbuilt || IsSkipped(raw, escaped))) {
        const char* value = p;
        if (!ParseValue<false>(p, 1)) return false;
        const bool unread = found.Add({static_cast<size_t>(value - begin_), static_cast<size_t>(p - begin_)});
        // (An unbuilt value is read again after the parse: its pages are kept.)
        if (drop_skipped_ && unread && !unbuilt) DropPages(value, static_cast<size_t>(p - value));
      } else if (At(p) == '[' && split_ != nullptr) {
        if (!NoteArray(p)) return false;
      } else if (container) {
        const size_t end = SkipContainerWith<K>(begin_, static_cast<size_t>(p - begin_), static_cast<size_t>(end_ - begin_));
        if (end == kNoEnd) return Fail(end_, "unexpected end of input");
        p = begin_ + end;
      } else if (!ParseValue<false>(p, 1)) {
        return false;
      }
      p = SkipSpace(p);
      if (At(p) == ',') {
        ++p;
        continue;
      }
      return At(p) == '}';
    }
  }

  // Parses the whole text. False when it is not valid JSON (error_offset() says about
  // where; the diagnoser says exactly).
  bool Run() {
    const char* p = SkipOuterSpace(begin_);
    const bool some_left_out = !options_.skip_top_level_keys.empty() || !options_.unbuilt_top_level_keys.empty();
    bool ok = some_left_out && At(p) == '{' ? RootObjectSkipping(p) : ParseValue<true>(p, 0);
    if (!ok) return false;
    p = SkipOuterSpace(p);
    if (p != end_) return Fail(p, "unexpected content after the top-level JSON value");
    return true;
  }

  // Whether a line break separates two tokens of what was parsed (the white space before
  // and after the top-level value does not count).
  bool line_break() const { return line_break_; }

  // Where parsing stopped: the error, or about where the builder gave up.
  size_t error_offset() const { return static_cast<size_t>(std::min(p_, end_) - begin_); }
  const std::string& message() const { return message_; }

 private:
  struct StringScan {
    const char* end = nullptr;    // the closing quote
    const char* first = nullptr;  // the first backslash, if any
    size_t length = 0;            // unescaped length
    bool escaped = false;
  };

  // The byte at p; past the end, the zero byte the padding holds there.
  PLANVIEW_HOT char At(const char* p) const {
    if constexpr (kPadded) {
      return *p;
    } else {
      return p < end_ ? *p : '\0';
    }
  }

  // Whether the `n` bytes at p (at or before the end) are `word`.
  PLANVIEW_HOT bool Matches(const char* p, const char* word, size_t n) const {
    if constexpr (!kPadded) {
      if (static_cast<size_t>(end_ - p) < n) return false;
    }
    return std::memcmp(p, word, n) == 0;
  }

  // Hex4 of the four bytes at p (at or before the end); -1 when they run past it.
  PLANVIEW_HOT int32_t Hex4At(const char* p) const {
    if constexpr (!kPadded) {
      if (end_ - p < 4) return -1;
    }
    return Hex4(p);
  }

  // K::StringStops of the 32 bytes at s (at or before the end).
  PLANVIEW_HOT StringMasks Stops(const char* s) const {
    if constexpr (!kPadded) {
      if (__builtin_expect(end_ - s < 32, 0)) return StringStopsTail<K>(s, end_);
    }
    return K::StringStops(s);
  }

  // White space between tokens (noting a line break in it).
  PLANVIEW_HOT const char* SkipSpace(const char* p) {
    while (kSpace.is_space[static_cast<unsigned char>(At(p))]) {
      if (At(p) == '\n') line_break_ = true;
      ++p;
    }
    return p;
  }

  // White space before or after the value.
  const char* SkipOuterSpace(const char* p) const {
    while (kSpace.is_space[static_cast<unsigned char>(At(p))]) ++p;
    return p;
  }

  bool Fail(const char* at, std::string message) {
    // Once the builder has failed, p_ keeps where (about) it did: that error comes first.
    if (b_.failed()) return false;
    p_ = at;
    message_ = std::move(message);
    return false;
  }

  // p at the opening quote. On success p is past the closing quote.
  PLANVIEW_HOT bool ScanString(const char*& p, StringScan& scan) {
    const char* start = p + 1;
    const char* s = start;
    size_t shrink = 0;
    uint32_t high = 0;  // non-zero once a byte of the string is not ASCII
    for (;;) {
      StringMasks found = Stops(s);
      if (found.stops == 0) {
        high |= found.high;
        s += 32;
        continue;
      }
      int at = __builtin_ctz(found.stops);
      high |= found.high & ((uint32_t{2} << at) - 1);
      s += at;
      if ((found.quotes >> at) & 1) break;
      if (At(s) != '\\') {
        return Fail(s, s >= end_ ? "unterminated string" : "control character in string (must be escaped)");
      }
      if (!scan.escaped) scan.first = s;
      scan.escaped = true;
      if (kEscapes.to[static_cast<unsigned char>(At(s + 1))] != 0) {
        s += 2;
        shrink += 1;
        continue;
      }
      if (At(s + 1) != 'u') return Fail(s, "invalid escape in string");
      int32_t unit = Hex4At(s + 2);
      if (unit < 0) return Fail(s, "invalid \\u escape in string");
      if (IsHighSurrogate(unit) && At(s + 6) == '\\' && At(s + 7) == 'u' && IsLowSurrogate(Hex4At(s + 8))) {
        s += 12;
        shrink += 8;  // 4 bytes of UTF-8
      } else {
        s += 6;
        shrink += unit < 0x80 ? 5 : unit < 0x800 ? 4 : 3;  // lone surrogates: 3 (U+FFFD)
      }
    }
    // Only strings can hold non-ASCII bytes (elsewhere they are syntax errors): checking
    // them here makes the whole text's UTF-8 checked, in the same pass.
    if (high != 0 && FindInvalidUtf8(std::string_view(start, static_cast<size_t>(s - start))) != static_cast<size_t>(s - start)) {
      return Fail(start, "invalid UTF-8");
    }
    scan.end = s;
    scan.length = static_cast<size_t>(s - start) - shrink;
    p = s + 1;
    return true;
  }

  template <bool kBuild>
  PLANVIEW_HOT bool Number(const char*& p) {
    const char* s = p;
    if (At(s) == '-') ++s;
    if (At(s) == '0') {
      ++s;
    } else if (At(s) >= '1' && At(s) <= '9') {
      do ++s;
      while (IsDigit(At(s)));
    } else {
      return Fail(p, "invalid number");
    }
    if (At(s) == '.') {
      ++s;
      if (!IsDigit(At(s))) return Fail(p, "invalid number");
      do ++s;
      while (IsDigit(At(s)));
    }
    if (At(s) == 'e' || At(s) == 'E') {
      ++s;
      if (At(s) == '+' || At(s) == '-') ++s;
      if (!IsDigit(At(s))) return Fail(p, "invalid number");
      do ++s;
      while (IsDigit(At(s)));
    }
    if constexpr (kBuild) b_.SourceNumber(static_cast<size_t>(p - begin_), static_cast<size_t>(s - p));
    p = s;
    return true;
  }

  template <bool kBuild>
  PLANVIEW_HOT bool String(const char*& p) {
    StringScan scan;
    const char* start = p + 1;
    if (!ScanString(p, scan)) return false;
    if constexpr (kBuild) {
      if (scan.length > internal::kMaxLength) return Fail(start - 1, "string longer than 512 MiB");
      if (!scan.escaped) {
        b_.SourceString(static_cast<size_t>(start - begin_), scan.length);
      } else {
        // While the bytes are in cache.
        size_t raw_length = static_cast<size_t>(scan.end - start);
        size_t length = Unescape<K, kPadded>(start, raw_length, static_cast<size_t>(scan.first - start), end_, scratch_);
        if (length != scan.length) return Fail(start - 1, "internal error: unescaped length differs from the scan");
        if (!arena_reserved_) {
          // Unescaped text is never longer than the rest of the text: room for it all at
          // once (address space until used), so the arena never grows by copying.
          b_.ReserveText(static_cast<size_t>(end_ - start));
          arena_reserved_ = true;
        }
        b_.String(std::string_view(scratch_.data(), length));
      }
    }
    return true;
  }

  // Adds a key to the document: one in the text as it stands (it ends at its closing
  // quote), an escaped one unescaped into the arena. `raw` is the text between the quotes.
  void AddKey(std::string_view raw, bool escaped) {
    if (escaped) {
      b_.Key(UnescapeString(raw));
    } else {
      b_.SourceKeyBeforeQuote(static_cast<size_t>(raw.data() - begin_));
    }
  }

  // p at the opening quote of a key; on success p is past the ':'.
  template <bool kBuild>
  PLANVIEW_HOT bool Key(const char*& p, std::string_view* raw = nullptr, bool* escaped = nullptr) {
    if (At(p) != '"') return Fail(p, "expected a string key");
    StringScan scan;
    const char* start = p + 1;
    if (!ScanString(p, scan)) return false;
    if (raw != nullptr) *raw = std::string_view(start, static_cast<size_t>(scan.end - start));
    if (escaped != nullptr) *escaped = scan.escaped;
    if constexpr (kBuild) AddKey(std::string_view(start, static_cast<size_t>(scan.end - start)), scan.escaped);
    p = SkipSpace(p);
    if (At(p) != ':') return Fail(p, "expected ':'");
    ++p;
    return true;
  }

  template <bool kBuild>
  PLANVIEW_HOT bool Literal(const char*& p) {
    switch (At(p)) {
      case 't':
        if (!Matches(p, "true", 4)) return Fail(p, "invalid literal");
        if constexpr (kBuild) b_.Bool(true);
        p += 4;
        return true;
      case 'f':
        if (!Matches(p, "false", 5)) return Fail(p, "invalid literal");
        if constexpr (kBuild) b_.Bool(false);
        p += 5;
        return true;
      default:
        if (!Matches(p, "null", 4)) return Fail(p, "invalid literal");
        if constexpr (kBuild) b_.Null();
        p += 4;
        return true;
    }
  }

  // Closes a container. False when the builder has failed (a value past its capacity,
  // checked here, once per container): p_ is then about where it did.
  template <bool kBuild>
  PLANVIEW_HOT bool End(const char* p, bool object) {
    if constexpr (kBuild) {
      if (b_.failed()) return false;
      p_ = p;  // where to report a container too large for the document
      if (object) {
        b_.EndObject();
      } else {
        b_.EndArray();
      }
    }
    return true;
  }

  // Parses one complete value at nesting depth `depth` (containers iteratively, so
  // nesting costs no native stack). With kBuild false it only checks the text.
  template <bool kBuild>
  bool ParseValue(const char*& in, size_t depth) {
    const char* p = in;
    // Open containers, 1 for objects; at most max_depth - depth of them.
    size_t limit = options_.max_depth > depth ? options_.max_depth - depth : 0;
    uint8_t* const bottom = stack_.data();
    uint8_t* top = bottom;
    char c;
  value:
    // The text is far larger than the caches and read once: fetch ahead.
    __builtin_prefetch(p + 640);
    p = SkipSpace(p);
    c = At(p);
    if (c == '"') {
      if (!String<kBuild>(p)) return false;
      goto next;
    }
    if (c == '{' || c == '[') {
      if (static_cast<size_t>(top - bottom) >= limit) {
        return Fail(p, fmt::format("nesting deeper than {} levels", options_.max_depth));
      }
      bool object = c == '{';
      *++top = object;
      p = SkipSpace(p + 1);
      if (object) {
        if constexpr (kBuild) b_.BeginObject();
        if (At(p) != '}') goto key;
      } else {
        if constexpr (kBuild) b_.BeginArray();
        if (At(p) != ']') goto value;
      }
      if (!End<kBuild>(p++, object)) return false;
      --top;
      goto next;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
      if (!Number<kBuild>(p)) return false;
      goto next;
    }
    if (c == 't' || c == 'f' || c == 'n') {
      if (!Literal<kBuild>(p)) return false;
      goto next;
    }
    return Fail(p, p >= end_ ? "unexpected end of input" : "unexpected character");
  next:
    if (top == bottom) {
      in = p;
      return true;
    }
    p = SkipSpace(p);
    if (At(p) == ',') {
      ++p;
      if (*top) goto key;
      goto value;
    }
    if (At(p) == (*top ? '}' : ']')) {
      if (!End<kBuild>(p++, *top)) return false;
      --top;
      goto next;
    }
    return Fail(p, p >= end_ ? "unexpected end of input" : "expected ',' or a closing bracket");
  key:
    p = SkipSpace(p);
    if (!Key<kBuild>(p)) return false;
    goto value;
  }

  bool IsSkipped(std::string_view raw_key, bool escaped) const {
    if (escaped) return false;
    for (const std::string& name : options_.skip_top_level_keys) {
      if (name == raw_key) return true;
    }
    return false;
  }

  // Whether the member whose value starts with `first` is one of unbuilt_top_level_keys
  // (an object).
  bool IsUnbuilt(std::string_view raw_key, bool escaped, char first) const {
    if (escaped || first != '{') return false;
    for (const std::string& name : options_.unbuilt_top_level_keys) {
      if (name == raw_key) return true;
    }
    return false;
  }

  // The top-level object, leaving out the members named in skip_top_level_keys.
  bool RootObjectSkipping(const char*& p) {
    if (options_.max_depth == 0) return Fail(p, "nesting deeper than 0 levels");
    b_.BeginObject();
    p = SkipSpace(p + 1);
    if (At(p) == '}') {
      ++p;
      b_.EndObject();
      return true;
    }
    uint32_t members = 0;  // kept so far
    for (;;) {
      p = SkipSpace(p);
      std::string_view raw;
      bool escaped = false;
      if (!Key<false>(p, &raw, &escaped)) return false;
      p = SkipSpace(p);
      const bool unbuilt = IsUnbuilt(raw, escaped, At(p));
      if (unbuilt || IsSkipped(raw, escaped)) {
        if (unbuilt) AddKey(raw, escaped);
        const char* value = p;
        const bool read = unbuilt && options_.read_unbuilt;
        // An unbuilt value is read again after the parse: its pages are kept.
        if (scouted_ != nullptr && (At(p) == '{' || At(p) == '[')) {
          if (!Measure(p, read, !unbuilt)) return false;
        } else {
          if (!ParseValue<false>(p, 1)) return false;
          if (read) (void)options_.read_unbuilt(std::string_view(begin_, static_cast<size_t>(end_ - begin_)),
                                                 static_cast<size_t>(value - begin_));
          if (drop_skipped_ && !unbuilt) DropPages(value, static_cast<size_t>(p - value));
        }
        if (unbuilt) {
          b_.BeginObject();
          b_.EndObject();
          if (options_.unbuilt != nullptr) {
            options_.unbuilt->push_back(
                {members, static_cast<size_t>(value - begin_), static_cast<size_t>(p - value)});
          }
          ++members;
        }
      } else {
        AddKey(raw, escaped);
        ++members;
        if (At(p) == '[' && split_ != nullptr && options_.max_depth >= 2) {
          if (!KeptArray(p)) return false;
        } else if (!ParseValue<true>(p, 1)) {
          return false;
        }
      }
      p = SkipSpace(p);
      if (At(p) == ',') {
        ++p;
        continue;
      }
      if (At(p) == '}') return End<true>(p++, true);
      return Fail(p, "expected ',' or '}'");
    }
  }

  // The scout passes over a kept top-level array at p by its brackets, noting where its
  // elements that are arrays or objects begin.
  bool NoteArray(const char*& p) {
    ArraySplit::Array array;
    array.begin = static_cast<size_t>(p - begin_);
    array.end = SkipArrayNotingWith<K>(begin_, array.begin, static_cast<size_t>(end_ - begin_), split_->note_every(),
                                       array.starts, array.containers);
    if (array.end == kNoEnd) return Fail(end_, "unexpected end of input");
    p = begin_ + array.end;
    split_->AddArray(std::move(array));
    return true;
  }

  // The building thread's kept top-level array at p, element by element, as
  // ParseValue<true>(p, 1) builds it, except that from the element where the scout
  // takes over (ArraySplit) the scout's part is grafted instead.
  bool KeptArray(const char*& p) {
    b_.BeginArray();
    p = SkipSpace(p + 1);
    if (At(p) == ']') return End<true>(p++, false);
    // Only the elements the scout notes can be split at: the building thread reports
    // those (noted by the same rule), not every element, so an array of many small
    // elements costs no lock per element.
    size_t next_note = 0;
    for (bool first = true;; first = false) {
      p = SkipSpace(p);
      const size_t at = static_cast<size_t>(p - begin_);
      bool noted = false;
      if ((At(p) == '{' || At(p) == '[') && at >= next_note) {
        noted = true;
        next_note = at + split_->note_every();
      }
      if ((noted || first) && split_->Reached(at, first)) {
        size_t end = 0;
        bool line_break = false;
        if (split_->AwaitPart(end, line_break)) {
          b_.GraftElements(*part_);
          line_break_ = line_break_ || line_break;
          ++grafts_;
          p = begin_ + end;
          return End<true>(p - 1, false);
        }
      }
      bool closed = false;
      if (!ParseValue<true>(p, 2) || !AfterElement(p, closed)) return false;
      if (closed) {
        split_->Left(static_cast<size_t>(p + 1 - begin_));
        return End<true>(p++, false);
      }
    }
  }

  // After an element of a kept top-level array: past its ',' (`closed` false), or at the
  // array's ']' (`closed` true); what ParseValue's loop checks there, with its message.
  bool AfterElement(const char*& p, bool& closed) {
    p = SkipSpace(p);
    closed = At(p) == ']';
    if (closed) return true;
    if (At(p) == ',') {
      ++p;
      return true;
    }
    return Fail(p, p >= end_ ? "unexpected end of input" : "expected ',' or a closing bracket");
  }

 public:
  // The builder the scout's part is written to (read by the building thread to graft it).
  void TakePartsFrom(DocumentBuilder* part) { part_ = part; }
  size_t grafts() const { return grafts_; }

 private:
  // Passes over the skipped array or object at p (the n-th such, counting from 0) without
  // checking it: where it ends is the scout's, when the scout has checked it already (at
  // the same place), else found here by its brackets (or by the reader, with `read`). Its
  // pages are dropped after, with `drop`, when the scout checked it meanwhile.
  bool Measure(const char*& p, bool read, bool drop) {
    const size_t begin = static_cast<size_t>(p - begin_);
    const size_t size = static_cast<size_t>(end_ - begin_);
    const size_t n = measured_.size();
    ScoutedRanges::Range range;
    if (!scouted_->Get(n, range)) {
      // With `read`, the reader passes over it (ParseOptions::read_unbuilt) while the
      // scout checks it: its end must be the scout's (the walks are compared after).
      range = {begin, read ? options_.read_unbuilt(std::string_view(begin_, size), begin)
                           : SkipContainerWith<K>(begin_, begin, size)};
      if (range.end == kNoEnd || range.end <= begin || range.end > size) return Fail(end_, "unexpected end of input");
      if (scouted_->Passed(n, range) && drop_skipped_ && drop) DropPages(p, range.end - begin);
    } else if (range.begin != begin) {
      return Fail(p, "a skipped value ends elsewhere than it seemed to");
    } else if (read && options_.read_unbuilt(std::string_view(begin_, size), begin) != range.end) {
      // Checked by the scout already: read all the same (its pages come back from the file).
      return Fail(p, "a skipped value ends elsewhere than it seemed to");
    }
    measured_.push_back(range);
    p = begin_ + range.end;
    return true;
  }

  const char* begin_;
  const char* end_;
  const char* p_;  // set on failure, and before closing a container (which may fail)
  DocumentBuilder& b_;
  const ParseOptions& options_;
  std::vector<uint8_t> stack_;  // room for the open containers of ParseValue
  std::string scratch_;  // an escaped string, unescaped
  bool arena_reserved_ = false;
  std::string message_;
  ScoutedRanges* scouted_ = nullptr;
  std::vector<ScoutedRanges::Range> measured_;  // the skipped arrays and objects passed over
  ArraySplit* split_ = nullptr;
  DocumentBuilder* part_ = nullptr;  // the scout's part, to graft
  size_t grafts_ = 0;
  bool drop_skipped_ = false;
  bool line_break_ = false;
};

// Parses `text` (`size` bytes, followed by kParsePadding zero bytes when kPadded) into
// `builder`. When it fails, no other thread reads the text any more.
//
// With an executor (and a big enough text with members to skip), a scout walks the
// top-level object on a helper thread, ahead of the building, and checks the skipped
// arrays and objects; the building thread passes over them, taking their ends from the
// scout when it has them already. The building thread checks everything else itself, so
// the text is valid once the skipped ranges it passed over are exactly the ones the scout
// checked.
template <class K, bool kPadded>
KernelParseResult RunParserOn(const char* text, size_t size, DocumentBuilder& builder, const ParseOptions& options,
                              const ParallelParse& parallel, bool drop_skipped) {
  Parser<K, kPadded> parser(text, size, builder, options);
  if (drop_skipped) parser.DropSkipped();
  ScoutedRanges scouted;
  std::atomic<bool> stop_scout{false};
  DocumentBuilder unused;
  Parser<K, kPadded> scout_parser(text, size, unused, options);
  bool scout_ok = true;
  base::Executor::Task scout;
  const bool scouting =
      options.executor != nullptr && size >= parallel.min_bytes &&
      (!options.skip_top_level_keys.empty() || !options.unbuilt_top_level_keys.empty());
  // The scout's part of a kept array: notes at most every 1/65536 of the text. The part's
  // builder and parser exist only when there is a scout (most parses are small).
  ArraySplit split(std::max<size_t>(size >> 16, 1), parallel.await_split);
  std::optional<DocumentBuilder> part;
  std::optional<Parser<K, kPadded>> part_parser;
  if (scouting) {
    part.emplace(std::string_view(text, size), nullptr);
    part_parser.emplace(text, size, *part, options);
    if (drop_skipped) scout_parser.DropSkipped();
    parser.FollowScout(&scouted);
    parser.ShareArrays(&split);
    parser.TakePartsFrom(&*part);
    scout_parser.ShareArrays(&split);
    scout = options.executor->Start([&] {
      scout_ok = scout_parser.Scout(scouted, stop_scout);
      std::optional<ArraySplit::Split> chosen =
          split.Choose(parallel.min_split_bytes, parallel.min_split_element_bytes,
                       scout_ok && !stop_scout.load(std::memory_order_relaxed));
      if (!chosen) return;
      const ArraySplit::Array& array = split.array(chosen->array);
      part->Reserve((array.end - chosen->at) / 8 + 16);
      const bool built = part_parser->ArrayTail(chosen->at, array.end, stop_scout);
      split.Done(built, array.end, part_parser->line_break());
    });
  }
  KernelParseResult result;
  result.ok = parser.Run() && !builder.failed();
  if (builder.failed()) {
    result.too_large.emplace();
    result.too_large->message = builder.error();
    result.too_large->limit = true;
    result.too_large->offset = parser.error_offset();
  }
  // After a failure here the skipped ranges need no checking: all is read again.
  bool scouted_same = true;
  if (scouting) {
    if (!result.ok) stop_scout.store(true, std::memory_order_relaxed);
    scout.Wait();
    scouted_same = !result.ok || (scout_ok && scouted.Equals(parser.skipped_ranges()));
  }
  if (parallel.splits != nullptr) *parallel.splits += parser.grafts();
  if (result.ok && scouted_same) {
    result.line_break = parser.line_break() || scout_parser.line_break();
    return result;
  }
  result.ok = false;
  const Parser<K, kPadded>& failed = scouted_same ? parser : scout_parser;
  result.message = failed.message();
  result.offset = failed.error_offset();
  // The walks differ although both went through: only an invalid text does that (the
  // diagnosis says where).
  if (result.message.empty()) result.message = "a skipped value ends elsewhere than it seemed to";
  return result;
}

// Kernel::parse for kernel K.
template <class K>
KernelParseResult RunParser(const char* text, size_t size, bool padded, DocumentBuilder& builder,
                            const ParseOptions& options, const ParallelParse& parallel, bool drop_skipped) {
  if (padded) return RunParserOn<K, true>(text, size, builder, options, parallel, drop_skipped);
  return RunParserOn<K, false>(text, size, builder, options, parallel, drop_skipped);
}

#undef PLANVIEW_HOT

}  // namespace
}  // namespace planview::structured::internal

#endif  // PLANVIEW_STRUCTURED_INTERNAL_JSON_PARSER_H_
