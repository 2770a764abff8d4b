// What a server sends is untrusted: nesting is bounded before parsing, every string is made
// safe for a terminal, and a view of the wrong shape is refused by the renderers, not used
// to index a board.
#include <catch2/catch.hpp>

#include <string>

#include "client-cli/json_field.h"
#include "client-cli/screens.h"
#include "client-cli/style.h"
#include "client-cli/untrusted_json.h"

using nlohmann::json;
using skirmish::client::displayable;
using skirmish::client::make_displayable;
using skirmish::client::parse_untrusted;

TEST_CASE("untrusted JSON nested past the bound is refused before parsing and brackets in strings do not count") {
  std::string why;
  const std::string deep = std::string(300000, '[') + std::string(300000, ']');
  CHECK(parse_untrusted(deep, why).is_discarded());
  CHECK(why == "nested deeper than 64 levels");
  why.clear();
  const json quoted = parse_untrusted(R"({"name": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"{"})", why);
  CHECK(quoted.is_object());
  CHECK(why.empty());
  CHECK(parse_untrusted("{nope", why).is_discarded());
  CHECK_THAT(why, Catch::StartsWith("not JSON: line 1, column 3: syntax error"));
  // Where it went wrong, for a person looking for it in a long record file.
  CHECK(parse_untrusted("{\n  \"a\": 1,\n  \"b\": ,\n}", why).is_discarded());
  CHECK_THAT(why, Catch::StartsWith("not JSON: line 3, column 8: "));
}

TEST_CASE("untrusted JSON with a number too large for a double is refused as not JSON without a throw") {
  std::string why;
  json parsed;
  REQUIRE_NOTHROW(parsed = parse_untrusted(R"({"type": "state", "turn": 1e999})", why));
  CHECK(parsed.is_discarded());
  CHECK(why == "not JSON: number overflow parsing '1e999'");
}

TEST_CASE("every string and key from a server loses what a terminal would act on") {
  json message = {{"message", "a\x1b]0;title\x07\x1b[2Jb\r\nc\td\re\xc2\x9b" "f\xe2\x80\xae" "g\xe2\x81\xa6h"},
                  {"list", {"\x1b[31mred", 5}},
                  {"\x1b[2Jkey", "x"}};
  make_displayable(message);
  CHECK(message["message"] == "a?]0;title??[2Jb\r\nc\td?e?f?g?h");
  CHECK(message["list"][0] == "?[31mred");
  CHECK(message["list"][1] == 5);
  CHECK(message.contains("?[2Jkey"));
  CHECK(displayable("two\nlines", false) == "two?lines");
  CHECK(skirmish::client::printable("bidi \xe2\x80\xae" "desrever") == "bidi ?desrever");
}

TEST_CASE("a view whose squares fall off its board is refused by the renderers") {
  const auto plain = skirmish::client::Style::plain();
  json tactego = {{"rows", 2}, {"cols", 2}, {"fog", false}, {"seed", "x"},
                  {"board", json::array({json::array({"R1", "RF"}), json::array({"BF", "B1"})})},
                  {"revealed", json::array({json::array({2, 3})})}};
  CHECK_THROWS_WITH(skirmish::client::render_board("tactego", tactego, plain),
                    Catch::Contains("revealed square [2,3] off the board"));
  tactego["revealed"] = json::array({json::array()});
  CHECK_THROWS(skirmish::client::render_board("tactego", tactego, plain));
  tactego["revealed"] = json::array();
  tactego["rows"] = 100000;
  CHECK_THROWS_WITH(skirmish::client::render_board("tactego", tactego, plain), Catch::Contains("100000 x 2"));

  json dcms = {{"color", nullptr}, {"rows", 1}, {"cols", 3}, {"pieces", "SM"}, {"max_turns", 60},
               {"phase", "play"}, {"walls", json::array({"."})}, {"placement", json::object()}, {"score", {1, 1}}};
  CHECK_THROWS_WITH(skirmish::client::render_board("dcms", dcms, plain), Catch::Contains("wall row of 1 squares"));
  dcms["walls"] = json::array({"..."});
  dcms["placement"] = {{"S", json::array()}};
  CHECK_THROWS(skirmish::client::render_board("dcms", dcms, plain));
  dcms["placement"] = {{"S", json::array({0, 1})}};
  CHECK_THAT(skirmish::client::render_board("dcms", dcms, plain), Catch::Contains("S"));
}

TEST_CASE("a deadline_ms out of any server's range reads as no clock") {
  using skirmish::client::deadline_ms;
  CHECK(deadline_ms(json{{"deadline_ms", 4999}}) == 4999);
  CHECK(deadline_ms(json{{"deadline_ms", 0}}) == 0);
  for (const json& bad : {json(-5000), json(18446744073709551615ULL), json(9223372036854775807LL), json(1e300),
                          json("5000"), json(nullptr)})
    CHECK(deadline_ms(json{{"deadline_ms", bad}}).is_null());
}
