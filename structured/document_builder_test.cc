// The builder's capacity limits: passing one fails the builder with a one-line message
// (the first one is kept), every later call stays harmless, and nothing is finished. And
// in-place writing with keys of the source and moved values.
#include "structured/document_builder.h"

#include <sys/mman.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "structured/compact_json.h"
#include "structured/json_parse.h"

namespace planview::structured {
namespace {

constexpr size_t kMaxLength = internal::kMaxLength;
constexpr const char* kTooLarge = "JSON document too large for planview (4 GiB of text at most)";
constexpr const char* kTooMany = "JSON document has too many values";

std::string Json(const std::shared_ptr<const Document>& doc) {
  std::string out;
  AppendCompactJson(out, doc->root());
  return out;
}

TEST(DocumentBuilderLimits, StringLongerThanTheLimit) {
  DocumentBuilder b("", nullptr);
  b.BeginArray();
  b.SourceString(0, kMaxLength + 1);
  ASSERT_TRUE(b.failed());
  EXPECT_STREQ(b.error(), "string longer than 512 MiB");
  // Later calls are harmless, and a later limit does not replace the first message.
  b.SourceNumber(size_t{UINT32_MAX}, 1);
  b.Null();
  b.EndArray();
  EXPECT_STREQ(b.error(), "string longer than 512 MiB");
  EXPECT_EQ(b.Finish(), nullptr);
}

TEST(DocumentBuilderLimits, TextPastFourGiB) {
  DocumentBuilder numbers("", nullptr);
  numbers.SourceNumber(size_t{UINT32_MAX}, 1);
  EXPECT_STREQ(numbers.error(), kTooLarge);

  DocumentBuilder keys("", nullptr);
  keys.BeginObject();
  keys.SourceKeyBeforeQuote(size_t{UINT32_MAX} + 1);
  keys.Null();
  keys.EndObject();
  EXPECT_STREQ(keys.error(), kTooLarge);
  EXPECT_EQ(keys.Finish(), nullptr);

  DocumentBuilder in_place("", nullptr);
  uint32_t root = in_place.ReserveValue();
  in_place.PutSourceString(root, size_t{UINT32_MAX}, 2);
  EXPECT_STREQ(in_place.error(), kTooLarge);
  EXPECT_EQ(in_place.FinishAt(root), nullptr);
}

TEST(DocumentBuilderLimits, KeyLongerThanTheLimit) {
  // Address space only: the key's bytes are never read.
  size_t size = kMaxLength + 1;
  void* memory = mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  ASSERT_NE(memory, MAP_FAILED);
  std::string_view key(static_cast<const char*>(memory), size);
  DocumentBuilder b;
  b.BeginObject();
  b.Key(key);
  b.Bool(true);
  b.EndObject();
  EXPECT_STREQ(b.error(), "JSON object key longer than 512 MiB");
  EXPECT_EQ(b.Finish(), nullptr);
  DocumentBuilder stored;
  stored.StoreKey(key);
  EXPECT_STREQ(stored.error(), "JSON object key longer than 512 MiB");
  munmap(memory, size);
}

TEST(DocumentBuilderLimits, TooManyValues) {
  DocumentBuilder::Limits limits;
  limits.words = 16;
  DocumentBuilder fits("", nullptr, limits);
  fits.BeginArray();
  for (int i = 0; i < 7; ++i) fits.Integer(i);  // 14 words and the array's 2
  fits.EndArray();
  EXPECT_FALSE(fits.failed());
  EXPECT_EQ(Json(fits.Finish()), "[0,1,2,3,4,5,6]");

  DocumentBuilder b("", nullptr, limits);
  b.BeginArray();
  b.BeginObject();
  for (int i = 0; i < 8; ++i) {
    b.Key("k");
    b.Integer(i);
  }
  b.EndObject();
  EXPECT_STREQ(b.error(), kTooMany);
  b.EndArray();
  EXPECT_STREQ(b.error(), kTooMany);
  EXPECT_EQ(b.Finish(), nullptr);
}

TEST(DocumentBuilderLimits, ContainerWithTooManyElements) {
  DocumentBuilder::Limits limits;
  limits.children = 3;
  DocumentBuilder b("", nullptr, limits);
  b.BeginArray();
  b.BeginArray();
  for (int i = 0; i < 3; ++i) b.Null();
  b.EndArray();  // three: fine
  EXPECT_FALSE(b.failed());
  b.BeginObject();
  for (int i = 0; i < 4; ++i) {
    b.Key("k");
    b.Null();
  }
  b.EndObject();
  EXPECT_STREQ(b.error(), "JSON container has too many elements");
  b.EndArray();
  EXPECT_EQ(b.Finish(), nullptr);
}

TEST(DocumentBuilderLimits, ReservationsPastALimitReserveNothing) {
  DocumentBuilder::Limits limits;
  limits.children = 3;
  limits.words = 12;
  DocumentBuilder b("", nullptr, limits);
  uint32_t root = b.ReserveValue();
  uint32_t first = b.ReserveArray(3);  // 6 words: 8 in all
  EXPECT_FALSE(b.failed());
  b.PutArray(root, first, 3);
  EXPECT_EQ(b.ReserveObject(4), 0u);  // too many children
  EXPECT_STREQ(b.error(), kTooMany);
  EXPECT_EQ(b.size().words, 8u);

  DocumentBuilder words("", nullptr, limits);
  words.ReserveValue();
  words.ReserveArray(3);
  EXPECT_FALSE(words.failed());
  EXPECT_EQ(words.ReserveArray(3), 0u);  // 14 words
  EXPECT_STREQ(words.error(), kTooMany);
  EXPECT_EQ(words.size().words, 8u);
  EXPECT_EQ(words.FinishAt(0), nullptr);
}

TEST(DocumentBuilder, ReservingBigTextKeepsTheTextWrittenBefore) {
  DocumentBuilder b;
  const uint32_t root = b.ReserveValue();
  const uint32_t first = b.ReserveObject(2);
  b.PutKey(first, b.StoreKey("early"));
  b.PutString(first + 1, "written before");
  b.ReserveBigText(size_t{8} << 20);  // 4 huge pages or more: the text moves
  const std::string big(size_t{5} << 20, 'x');
  b.PutKey(first + 3, b.StoreKey("late"));
  b.PutString(first + 4, big);
  b.PutObject(root, first, 2);
  ASSERT_FALSE(b.failed());
  std::shared_ptr<const Document> doc = b.FinishAt(root);
  ASSERT_NE(doc, nullptr);
  EXPECT_EQ(Json(doc), R"({"early":"written before","late":")" + big + R"("})");
}

}  // namespace
}  // namespace planview::structured

namespace planview::structured {
namespace {

// Breaking the contract is a bug in the producer: one line on standard error, and abort.
// In place: keys of the source shared by a part and the document it is grafted into, and a
// value written before its slot was known moved there.
TEST(DocumentBuilderInPlace, SourceKeysAndMovedValuesSurviveAGraft) {
  const std::string source = "name\"tags\"";
  DocumentBuilder doc(source, nullptr);
  const uint32_t root = doc.ReserveValue();
  const uint32_t early = doc.ReserveValue();  // written before its object is reserved
  doc.PutString(early, "web");
  const uint32_t members = doc.ReserveObject(2);
  doc.PutKey(members, doc.SourceKeyId(0));
  doc.MoveValue(early, members + 1);
  doc.PutKey(members + 3, doc.SourceKeyId(5));

  DocumentBuilder part(source, nullptr);
  const uint32_t slot = part.ReserveArray(1);
  const uint32_t inner = part.ReserveObject(1);
  part.PutKey(inner, part.SourceKeyId(0));
  part.PutString(inner + 1, "a");
  part.PutObject(slot, inner, 1);
  doc.Graft(part, 1, 0, 1, members + 4);
  doc.PutObject(root, members, 2);
  std::shared_ptr<const Document> built = doc.FinishAt(root);
  ASSERT_NE(built, nullptr);
  EXPECT_EQ(Json(built), R"({"name":"web","tags":{"name":"a"}})");
  EXPECT_EQ(built->root().find("tags").find("name").text(), "a");
}

// GraftElements: the elements of an array a part finished (the ordinary way) become the
// next children of the open array, their arena text (escaped strings and keys) and their
// containers' words moved, and the array goes on after them.
TEST(DocumentBuilder, GraftedElementsFollowTheOnesAddedHere) {
  const std::string source = "id\"";
  DocumentBuilder doc(source, nullptr);
  doc.BeginObject();
  doc.Key("before");
  doc.String("arena text first");
  doc.Key("list");
  doc.BeginArray();
  doc.Integer(1);
  doc.SourceString(0, 2);

  DocumentBuilder part(source, nullptr);
  part.BeginArray();
  part.BeginObject();
  part.SourceKeyBeforeQuote(0);
  part.String("arena in part");
  part.Key("w\"k");
  part.BeginArray();
  part.Null();
  part.BeginObject();
  part.EndObject();
  part.EndArray();
  part.EndObject();
  part.BeginObject();  // more than kIndexedObjectSize members, out of order: a key index
  for (int i = 20; i > 0; --i) {
    part.Key("m" + std::to_string(100 + i));
    part.Integer(i);
  }
  part.EndObject();
  part.BeginArray();
  part.EndArray();
  part.EndArray();
  doc.GraftElements(part);

  doc.Bool(true);
  doc.EndArray();
  doc.Key("after");
  doc.String("more");
  doc.EndObject();
  std::shared_ptr<const Document> built = doc.Finish();
  ASSERT_NE(built, nullptr);
  std::string wide = "{";
  for (int i = 20; i > 0; --i) wide += (i < 20 ? "," : "") + std::string("\"m") + std::to_string(100 + i) + "\":" + std::to_string(i);
  wide += "}";
  EXPECT_EQ(Json(built), R"({"before":"arena text first","list":[1,"id",{"id":"arena in part","w\"k":[null,{}]},)" + wide +
                             R"(,[],true],"after":"more"})");
  const Value list = built->root().find("list");
  ASSERT_EQ(list.size(), 6u);
  EXPECT_EQ(list.at(2).find("w\"k").at(0).kind(), Kind::kNull);
  EXPECT_EQ(list.at(3).find("m101").text(), "1");
  EXPECT_EQ(list.at(3).find("m120").text(), "20");
}

TEST(DocumentBuilderMisuse, GraftingElementsNeedsAFinishedArrayAndAnOpenOne) {
  const std::string source = "x";
  DocumentBuilder doc(source, nullptr);
  DocumentBuilder part(source, nullptr);
  part.BeginArray();
  part.Null();
  part.EndArray();
  const char* kMisuse =
      "^DocumentBuilder::GraftElements needs a part that finished one array over the same source, and an open array\n$";
  EXPECT_DEATH(doc.GraftElements(part), kMisuse);  // nothing open here
  doc.BeginArray();
  DocumentBuilder other("y", nullptr);
  other.BeginArray();
  other.EndArray();
  EXPECT_DEATH(doc.GraftElements(other), kMisuse);  // another source
  DocumentBuilder scalar(source, nullptr);
  scalar.Null();
  EXPECT_DEATH(doc.GraftElements(scalar), kMisuse);  // not an array
  doc.GraftElements(part);
  doc.EndArray();
  EXPECT_EQ(Json(doc.Finish()), "[null]");
}

TEST(DocumentBuilderMisuse, FinishingAnIncompleteDocumentAborts) {
  DocumentBuilder none;
  EXPECT_DEATH(none.Finish(), "^DocumentBuilder::Finish needs exactly one complete top-level value\n$");
  DocumentBuilder open;
  open.BeginArray();
  EXPECT_DEATH(open.Finish(), "^DocumentBuilder::Finish needs exactly one complete top-level value\n$");
  DocumentBuilder in_place;
  uint32_t root = in_place.ReserveValue();
  EXPECT_DEATH(in_place.FinishAt(root + 2),
               "^DocumentBuilder::FinishAt needs a complete document written in place\n$");
  in_place.PutNull(root);
  EXPECT_EQ(Json(in_place.FinishAt(root)), "null");
}

TEST(DocumentBuilderMisuse, KeepingAChildThatIsNotThereAborts) {
  DocumentBuilder b;
  b.BeginArray();
  b.Null();
  b.Bool(true);
  const uint32_t missing[] = {1, 2};
  EXPECT_DEATH(b.EndArray(missing), "^DocumentBuilder: kept child position out of range\n$");
  const uint32_t kept[] = {1};
  b.EndArray(kept);
  EXPECT_EQ(Json(b.Finish()), "[true]");
}


// PutCopy: a value of another document written as it is into a builder writing in
// place, among values of its own (text from the other's source and arena, keys mapped).
TEST(DocumentBuilder, PutCopyWritesAnotherDocumentsValueAsItIs) {
  std::string wide = "{";
  for (int i = 0; i < 20; ++i) wide += (i ? "," : "") + std::string("\"k") + static_cast<char>('a' + i) + "\":" + std::to_string(i);
  wide += "}";
  const std::string text = R"({"a":[1,"two",{"b":null,"c":true},[],{}],"d":"caf\u00e9","w":)" + wide + R"(,"x":-1.5e3})";
  ParseResult parsed = ParseJson(text);
  ASSERT_TRUE(parsed.ok());
  const Value from = parsed.value()->root();
  struct Keys final : DocumentBuilder::KeyMap {
    DocumentBuilder& b;
    int mapped = 0;
    explicit Keys(DocumentBuilder& b) : b(b) {}
    DocumentBuilder::KeyId Map(std::string_view key) override {
      ++mapped;
      return b.StoreKey(key);
    }
  };
  DocumentBuilder b;
  Keys keys(b);
  const uint32_t root = b.ReserveValue();
  const uint32_t first = b.ReserveArray(3);
  b.PutString(first, "before");
  b.PutCopy(first + 2, from, keys);
  b.PutCopy(first + 4, from.find("a").at(1), keys);  // a scalar
  b.PutArray(root, first, 3);
  ASSERT_FALSE(b.failed());
  std::shared_ptr<const Document> doc = b.FinishAt(root);
  ASSERT_NE(doc, nullptr);
  EXPECT_EQ(Json(doc), "[\"before\"," + std::string(text).replace(text.find("\\u00e9"), 6, "\u00e9") + ",\"two\"]");
  EXPECT_TRUE(doc->root().at(1).Equals(from));
  EXPECT_EQ(doc->root().at(1).find("w").find("kt").text(), "19");  // the large object's index
  EXPECT_EQ(keys.mapped, 4 + 2 + 20);
}

}  // namespace
}  // namespace planview::structured
