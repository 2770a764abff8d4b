#include "protocol/json_writer.h"

#include <charconv>

namespace skirmish::protocol {

namespace {
bool needs_escape(char ch) {
  return ch == '"' || ch == '\\' || static_cast<unsigned char>(ch) < 0x20;
}
}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  // Names, ids and most values need no escaping: their clean start goes in one append.
  std::size_t clean = 0;
  while (clean < text.size() && !needs_escape(text[clean])) ++clean;
  out.append(text.data(), clean);
  for (char ch : text.substr(clean)) {
    const auto byte = static_cast<unsigned char>(ch);
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (byte < 0x20) {
          out += "\\u00";
          out += kHex[byte >> 4];
          out += kHex[byte & 0xF];
        } else {
          out += ch;  // UTF-8 passes through: every input string was valid UTF-8 JSON
        }
    }
  }
  out += '"';
}

JsonWriter& JsonWriter::key(std::string_view name) {
  separate();
  append_json_string(out_, name);
  out_ += ':';
  comma_ = false;
  return *this;
}

JsonWriter& JsonWriter::string(std::string_view text) {
  separate();
  append_json_string(out_, text);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::number(long long n) {
  separate();
  char buffer[24];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, n);
  out_.append(buffer, result.ptr);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::decimal(double d) {
  if (d == static_cast<double>(static_cast<long long>(d))) return number(static_cast<long long>(d));
  separate();
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, d);  // shortest round trip
  out_.append(buffer, result.ptr);
  comma_ = true;
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
  separate();
  if (json.empty())
    out_ += "null";
  else
    out_ += json;
  comma_ = true;
  return *this;
}

}  // namespace skirmish::protocol
