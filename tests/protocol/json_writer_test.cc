#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/json_writer.h"

using skirmish::protocol::JsonWriter;

TEST_CASE("JsonWriter writes nested objects and arrays with the right commas") {
  std::string text;
  JsonWriter out(text);
  out.begin_object();
  out.key("a").number(-5);
  out.key("b").begin_array().string("x").null().boolean(true).pair(1, 2).end_array();
  out.key("c").begin_object().end_object();
  out.key("d").raw("\"id-7\"");
  out.key("e").raw("");
  out.end_object();
  CHECK(text == R"({"a":-5,"b":["x",null,true,[1,2]],"c":{},"d":"id-7","e":null})");
  CHECK(nlohmann::json::parse(text)["b"][3][1] == 2);
}

TEST_CASE("JsonWriter escapes every character JSON requires") {
  std::string text;
  JsonWriter out(text);
  const std::string nasty = std::string("q\"b\\n\nt\tc") + '\x01' + "é";
  out.begin_array().string(nasty).end_array();
  CHECK(text == "[\"q\\\"b\\\\n\\nt\\tc\\u0001é\"]");
  CHECK(nlohmann::json::parse(text)[0] == nasty);
}

TEST_CASE("JsonWriter strings read back the same with escapes at either end, in a row, and every ASCII byte") {
  std::string every_ascii;
  for (int byte = 0; byte < 0x80; ++byte) every_ascii += static_cast<char>(byte);
  for (const std::string& text : {std::string("\"starts"), std::string("ends\\"), std::string("\n\n\"\\"),
                                  std::string("plain"), std::string(), every_ascii}) {
    std::string out;
    JsonWriter(out).string(text);
    INFO(out);
    CHECK(nlohmann::json::parse(out) == text);
  }
}
