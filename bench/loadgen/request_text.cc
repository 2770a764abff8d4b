#include "bench/loadgen/request_text.h"

#include "protocol/json_writer.h"

namespace skirmish::loadgen {

using protocol::JsonWriter;  // the server's own JSON writing

void write_hello(std::string& out, long long id) {
  out.clear();
  JsonWriter(out).begin_object().key("type").plain_string("hello").key("version").number(1)
      .key("name").plain_string("loadgen").key("id").number(id).end_object();
}

void write_create_match(std::string& out, std::string_view game, long long id) {
  out.clear();
  JsonWriter request(out);
  request.begin_object().key("type").plain_string("create_match").key("game").string(game);
  request.key("options").begin_object();
  if (game == "onedchess") request.key("max_turns").number(200);
  if (game == "tactego") request.key("max_turns").number(300);
  if (game == "dcms") request.key("move_time_ms").number(0);
  request.end_object().key("id").number(id).end_object();
}

void write_join(std::string& out, std::string_view match, long long id) {
  out.clear();
  JsonWriter(out).begin_object().key("type").plain_string("join").key("match").string(match)
      .key("id").number(id).end_object();
}

void write_leave(std::string& out, long long id) {
  out.clear();
  JsonWriter(out).begin_object().key("type").plain_string("leave").key("id").number(id).end_object();
}

}  // namespace skirmish::loadgen
