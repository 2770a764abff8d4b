#pragma once
// A small pull reader of JSON over a message's own bytes, for the load generator's bots.
// The caller walks the document it expects (enter an object, take each member's key, read
// or skip its value) in one pass; every byte passed over is checked (so a malformed message
// is refused, as a full parser would), but nothing is built and nothing is copied except
// strings that carry escapes. nlohmann's parser (SAX for every message, a DOM for every
// state before a move) was more than half of the tool's CPU per move.
//
//   Reader in(text);
//   std::string_view key;
//   if (in.enter_object())
//     while (in.next_member(key))
//       if (key == "turn") turn = in.integer(); else in.skip();
//   if (!in.finish()) ... malformed
//
// Once anything is malformed (or of another JSON type than the call expects), every call
// returns false/nullopt and failed() is true.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace skirmish::loadgen::json {

// The number `raw` (a value's raw text, as Reader::skip returns it) when it is a whole
// number that fits a long long; nullopt for anything else.
std::optional<long long> int_value(std::string_view raw);

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  // '{' / '[' of the value at the cursor; false (failed) when it is something else.
  bool enter_object() { return enter('{'); }
  bool enter_array() { return enter('['); }
  // The next member of the object being walked: true with its `key` (decoded; valid until
  // the next call) and the cursor on its value, which the caller must read or skip; false
  // past the closing brace, or when malformed.
  bool next_member(std::string_view& key);
  // The next item of the array being walked: true with the cursor on it (read or skip it);
  // false past the closing bracket, or when malformed.
  bool next_item() { return next(']'); }

  // A string value: its contents, a view into the text when it has no escape, else decoded
  // and appended to `decoded` (the view points there: keep `decoded` from reallocating
  // while it is used).
  std::optional<std::string_view> string(std::string& decoded) {
    if (failed_ || peek() != '"') {
      fail();
      return std::nullopt;
    }
    // The common case, no escape: one pass to the closing quote.
    const std::size_t start = pos_ + 1;
    for (std::size_t end = start; end < text_.size(); ++end) {
      const char c = text_[end];
      if (c == '"') {
        pos_ = end + 1;
        return text_.substr(start, end - start);
      }
      if (c == '\\' || static_cast<unsigned char>(c) < 0x20) break;
    }
    return string_with_escapes(decoded);
  }
  // A whole number (no fraction or exponent) that fits a long long.
  std::optional<long long> integer();
  // Consumes `null` and says true when the value is null; false (not failed) otherwise.
  bool null();
  // Skips the value at the cursor, checking it; its raw text (empty when malformed).
  std::string_view skip();

  // The value at the cursor is a string (without consuming it).
  bool at_string() { return peek() == '"'; }

  // True when nothing failed and only whitespace follows.
  bool finish();
  bool failed() const { return failed_; }

 private:
  char peek() {
    skip_ws();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  void skip_ws() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\r' || text_[pos_] == '\t'))
      ++pos_;
  }
  bool enter(char open);
  // A comma before every member or item but the first; `close` ends the container. A
  // container entered (first_ set) and ended inside another leaves first_ false, which is
  // right for the outer one: it has had an item, the inner container. (Inline, as is the
  // common case of string(): a Tactego board is a hundred cells.)
  bool next(char close) {
    if (failed_) return false;
    const char c = peek();
    if (c == close) {
      ++pos_;
      first_ = false;
      return false;
    }
    if (!first_) {
      if (c != ',') return fail();
      ++pos_;
      skip_ws();
    }
    first_ = false;
    return pos_ < text_.size() || fail();
  }
  std::optional<std::string_view> string_with_escapes(std::string& decoded);
  bool fail() {
    failed_ = true;
    pos_ = text_.size();
    return false;
  }
  bool skip_value(int depth);
  bool skip_string();
  bool skip_number();
  bool skip_literal(std::string_view literal);
  bool decode_escapes(std::string_view raw, std::string& decoded);

  std::string_view text_;
  std::size_t pos_ = 0;
  bool first_ = false;  // the container just entered has had no member or item yet
  bool failed_ = false;
  std::string key_decoded_;  // a key that carried an escape
};

}  // namespace skirmish::loadgen::json
