#pragma once
// Appends JSON text to a string without building a tree: the server writes every outgoing
// message this way (the hot path: one state per move per recipient class).
#include <concepts>
#include <string>
#include <string_view>

namespace skirmish::protocol {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object() { separate(); out_ += '{'; comma_ = false; return *this; }
  JsonWriter& end_object() { out_ += '}'; comma_ = true; return *this; }
  JsonWriter& begin_array() { separate(); out_ += '['; comma_ = false; return *this; }
  JsonWriter& end_array() { out_ += ']'; comma_ = true; return *this; }

  // An object member's name; the next call writes its value.
  JsonWriter& key(std::string_view name);

  JsonWriter& string(std::string_view text);
  // A string the caller knows needs no escaping (board cells, names from fixed tables):
  // the hot path of every view skips the escaping scan.
  JsonWriter& plain_string(std::string_view text) {
    separate();
    out_ += '"';
    out_ += text;
    out_ += '"';
    comma_ = true;
    return *this;
  }
  JsonWriter& number(long long n);
  // A finite number that may have a fraction (0.5); whole values print as integers (50).
  JsonWriter& decimal(double d);
  JsonWriter& boolean(bool b) { separate(); out_ += b ? "true" : "false"; comma_ = true; return *this; }
  JsonWriter& null() { separate(); out_ += "null"; comma_ = true; return *this; }
  // Text that is already JSON (an echoed request id). Empty text writes null.
  JsonWriter& raw(std::string_view json);

  // [row, col]
  JsonWriter& pair(long long a, long long b) {
    begin_array().number(a).number(b).end_array();
    return *this;
  }

 private:
  void separate() {
    if (comma_) out_ += ',';
  }
  std::string& out_;
  bool comma_ = false;  // the next value needs a ',' before it
};

// `text` as a JSON string literal (quotes included) appended to `out`.
void append_json_string(std::string& out, std::string_view text);

}  // namespace skirmish::protocol
