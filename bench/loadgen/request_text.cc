#include "bench/loadgen/request_text.h"

#include <charconv>

#include "protocol/json_writer.h"

namespace skirmish::loadgen {

using protocol::append_json_string;  // the server's own escaping

void append_int(std::string& out, long long value) {
  char digits[24];
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  out.append(digits, result.ptr);
}

void write_hello(std::string& out, long long id) {
  out = R"({"type":"hello","version":1,"name":"loadgen","id":)";
  append_int(out, id);
  out += '}';
}

void write_create_match(std::string& out, std::string_view game, long long id) {
  out = R"({"type":"create_match","game":)";
  append_json_string(out, game);
  out += R"(,"options":{)";
  if (game == "onedchess") out += R"("max_turns":200)";
  if (game == "tactego") out += R"("max_turns":300)";
  if (game == "dcms") out += R"("move_time_ms":0)";
  out += R"(},"id":)";
  append_int(out, id);
  out += '}';
}

void write_join(std::string& out, std::string_view match, long long id) {
  out = R"({"type":"join","match":)";
  append_json_string(out, match);
  out += R"(,"id":)";
  append_int(out, id);
  out += '}';
}

void write_leave(std::string& out, long long id) {
  out = R"({"type":"leave","id":)";
  append_int(out, id);
  out += '}';
}

}  // namespace skirmish::loadgen
