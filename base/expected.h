// Expected<T>: a T, or the Error (base/error.h) that kept the call from making one. What
// every fallible library call returns (C++20 has no std::expected). A part whose failures
// carry more than an Error names its own error type E (the JSON parser's ParseError, with
// its byte offset): Expected<T, E>.
//
//   Expected<Document> parsed = Parse(text);
//   if (!parsed) return parsed.error();
//   Use(*parsed);
//
// Reading the value of a failure (or the error of a success) is a programming error and
// aborts. Expected<void> is success or an Error.
#ifndef PLANVIEW_BASE_EXPECTED_H_
#define PLANVIEW_BASE_EXPECTED_H_

#include <cstddef>
#include <cstdlib>
#include <type_traits>
#include <utility>
#include <variant>

#include "base/error.h"

namespace planview::base {

template <class T, class E = Error>
class [[nodiscard]] Expected {
  static_assert(!std::is_same_v<std::remove_cv_t<T>, E>, "a value of the error type is ambiguous");

 public:
  Expected(const T& value) : v_(std::in_place_index<0>, value) {}
  Expected(T&& value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(E error) : v_(std::in_place_index<1>, std::move(error)) {}
  // Any value T can be made from (a derived pointer, a string literal...).
  template <class U, class = std::enable_if_t<std::is_constructible_v<T, U&&> &&
                                              !std::is_same_v<std::decay_t<U>, T> &&
                                              !std::is_same_v<std::decay_t<U>, E> &&
                                              !std::is_same_v<std::decay_t<U>, Expected>>>
  Expected(U&& value) : v_(std::in_place_index<0>, std::forward<U>(value)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return Get<0>(); }
  const T& value() const& { return Get<0>(); }
  T&& value() && { return std::move(Get<0>()); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(Get<0>()); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const E& error() const& { return Get<1>(); }
  E& error() & { return Get<1>(); }
  E&& error() && { return std::move(Get<1>()); }

 private:
  template <size_t I>
  auto& Get() {
    if (v_.index() != I) std::abort();
    return *std::get_if<I>(&v_);
  }
  template <size_t I>
  const auto& Get() const {
    if (v_.index() != I) std::abort();
    return *std::get_if<I>(&v_);
  }

  std::variant<T, E> v_;
};

template <class E>
class [[nodiscard]] Expected<void, E> {
 public:
  Expected() = default;
  Expected(E error) : failed_(true), error_(std::move(error)) {}

  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const E& error() const& {
    if (!failed_) std::abort();
    return error_;
  }
  E&& error() && {
    if (!failed_) std::abort();
    return std::move(error_);
  }

 private:
  bool failed_ = false;
  E error_;
};

}  // namespace planview::base

#endif  // PLANVIEW_BASE_EXPECTED_H_
