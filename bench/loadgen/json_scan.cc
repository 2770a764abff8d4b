#include "bench/loadgen/json_scan.h"

#include <charconv>

namespace skirmish::loadgen::json {
namespace {

// Deeper than any server message (a Tactego board is 3 levels below the message): refused
// rather than risk the stack on a hostile one.
constexpr int kMaxDepth = 64;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The four hex digits at text[pos], or -1.
int hex4(std::string_view text, std::size_t pos) {
  if (pos + 4 > text.size()) return -1;
  int value = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const int digit = hex_digit(text[pos + i]);
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

void append_utf8(std::string& out, unsigned code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

}  // namespace

std::optional<long long> int_value(std::string_view raw) {
  Reader in(raw);
  const auto value = in.integer();
  return in.finish() ? value : std::nullopt;
}

bool Reader::enter(char open) {
  if (failed_ || peek() != open) return fail();
  ++pos_;
  first_ = true;
  return true;
}

bool Reader::next_member(std::string_view& key) {
  if (!next('}')) return false;
  key_decoded_.clear();
  const auto name = string(key_decoded_);
  if (!name || peek() != ':') return fail();
  ++pos_;
  key = *name;
  return true;
}

// At the opening quote of a string that has an escape (or a raw control character).
std::optional<std::string_view> Reader::string_with_escapes(std::string& decoded) {
  const std::size_t start = pos_ + 1;
  if (!skip_string()) return std::nullopt;  // checks the escapes and finds the end
  const std::size_t before = decoded.size();
  if (!decode_escapes(text_.substr(start, pos_ - 1 - start), decoded)) {
    fail();
    return std::nullopt;
  }
  return std::string_view(decoded).substr(before);
}

std::optional<long long> Reader::integer() {
  if (failed_) return std::nullopt;
  skip_ws();
  const std::size_t start = pos_;
  if (!skip_number()) return std::nullopt;
  long long value = 0;
  const char* first = text_.data() + start;
  const char* last = text_.data() + pos_;
  const auto [end, error] = std::from_chars(first, last, value);
  if (error != std::errc() || end != last) {  // a fraction, an exponent, or too large
    fail();
    return std::nullopt;
  }
  return value;
}

bool Reader::null() {
  if (failed_ || peek() != 'n') return false;
  return skip_literal("null");
}

std::string_view Reader::skip() {
  if (failed_) return {};
  skip_ws();
  const std::size_t start = pos_;
  if (!skip_value(0)) return {};
  return text_.substr(start, pos_ - start);
}

bool Reader::finish() {
  skip_ws();
  return !failed_ && pos_ == text_.size();
}

bool Reader::skip_value(int depth) {
  switch (peek()) {
    case '"': return skip_string();
    case 't': return skip_literal("true");
    case 'f': return skip_literal("false");
    case 'n': return skip_literal("null");
    case '{': case '[': {
      if (depth >= kMaxDepth) return fail();
      const bool object = text_[pos_] == '{';
      const char close = object ? '}' : ']';
      ++pos_;
      if (peek() == close) {
        ++pos_;
        return true;
      }
      for (;;) {
        if (object) {
          if (peek() != '"' || !skip_string() || peek() != ':') return fail();
          ++pos_;
        }
        if (!skip_value(depth + 1)) return false;
        const char c = peek();
        ++pos_;
        if (c == close) return true;
        if (c != ',') return fail();
      }
    }
    default: return skip_number();
  }
}

// At the opening quote: past the closing one, checking every escape; a raw control
// character is refused. (The WebSocket layer has already checked the frame is UTF-8.)
bool Reader::skip_string() {
  std::size_t pos = pos_ + 1;
  while (pos < text_.size()) {
    const char c = text_[pos];
    if (c == '"') {
      pos_ = pos + 1;
      return true;
    }
    if (static_cast<unsigned char>(c) < 0x20) return fail();
    if (c != '\\') {
      ++pos;
      continue;
    }
    if (pos + 1 >= text_.size()) return fail();
    switch (text_[pos + 1]) {
      case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
        pos += 2;
        break;
      case 'u':
        if (hex4(text_, pos + 2) < 0) return fail();
        pos += 6;
        break;
      default:
        return fail();
    }
  }
  return fail();
}

// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
bool Reader::skip_number() {
  std::size_t pos = pos_;
  auto digits = [&] {
    if (pos >= text_.size() || !is_digit(text_[pos])) return false;
    while (pos < text_.size() && is_digit(text_[pos])) ++pos;
    return true;
  };
  if (pos < text_.size() && text_[pos] == '-') ++pos;
  if (pos < text_.size() && text_[pos] == '0') {
    ++pos;
  } else if (!digits()) {
    return fail();
  }
  if (pos < text_.size() && text_[pos] == '.') {
    ++pos;
    if (!digits()) return fail();
  }
  if (pos < text_.size() && (text_[pos] == 'e' || text_[pos] == 'E')) {
    ++pos;
    if (pos < text_.size() && (text_[pos] == '+' || text_[pos] == '-')) ++pos;
    if (!digits()) return fail();
  }
  pos_ = pos;
  return true;
}

bool Reader::skip_literal(std::string_view literal) {
  if (text_.size() - pos_ < literal.size()) return fail();
  for (std::size_t i = 0; i < literal.size(); ++i)
    if (text_[pos_ + i] != literal[i]) return fail();
  pos_ += literal.size();
  return true;
}

// `raw`: a string's contents, its escapes already checked by skip_string.
bool Reader::decode_escapes(std::string_view raw, std::string& decoded) {
  for (std::size_t pos = 0; pos < raw.size();) {
    if (raw[pos] != '\\') {
      decoded += raw[pos++];
      continue;
    }
    const char kind = raw[pos + 1];
    pos += 2;
    switch (kind) {
      case 'b': decoded += '\b'; break;
      case 'f': decoded += '\f'; break;
      case 'n': decoded += '\n'; break;
      case 'r': decoded += '\r'; break;
      case 't': decoded += '\t'; break;
      case 'u': {
        auto code = static_cast<unsigned>(hex4(raw, pos));
        pos += 4;
        if (code >= 0xDC00 && code <= 0xDFFF) return false;  // a low surrogate alone
        if (code >= 0xD800 && code <= 0xDBFF) {              // a high one: its low one follows
          const int low = raw.substr(pos, 2) == "\\u" ? hex4(raw, pos + 2) : -1;
          if (low < 0xDC00 || low > 0xDFFF) return false;
          code = 0x10000 + ((code - 0xD800) << 10) + (static_cast<unsigned>(low) - 0xDC00);
          pos += 6;
        }
        append_utf8(decoded, code);
        break;
      }
      default: decoded += kind; break;  // " \ /
    }
  }
  return true;
}

}  // namespace skirmish::loadgen::json
