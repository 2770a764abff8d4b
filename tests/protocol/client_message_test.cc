#include <catch2/catch.hpp>

#include "engine/registry.h"
#include "protocol/client_message.h"
#include "protocol/error_code.h"

using namespace skirmish::protocol;
using nlohmann::json;

namespace {

// The error a frame gets, and the id it echoes.
std::pair<ErrorCode, std::string> failure(std::string_view frame, std::string* id = nullptr) {
  std::string echoed;
  try {
    parse_client_message(frame, echoed);
  } catch (const ProtocolError& error) {
    if (id) *id = echoed;
    return {error.code(), error.what()};
  }
  FAIL("frame was accepted: " << frame);
  return {ErrorCode::Internal, ""};
}

ClientMessage parse(std::string_view frame) {
  std::string id;
  return parse_client_message(frame, id);
}

std::string hello_with_name(const std::string& name) {
  return json{{"type", "hello"}, {"version", 1}, {"name", name}}.dump();
}

std::string repeat(const std::string& text, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += text;
  return out;
}

// The bad_message text check_player_name gives `name`.
std::string name_problem(const std::string& name) {
  try {
    check_player_name(name);
  } catch (const ProtocolError& error) {
    REQUIRE(error.code() == ErrorCode::BadMessage);
    return error.what();
  }
  FAIL("name was accepted: " << name);
  return {};
}

const std::string kEAcute = "\xC3\xA9";        // U+00E9, two bytes
const std::string kDie = "\xF0\x9F\x8E\xB2";  // U+1F3B2, four bytes

}  // namespace

TEST_CASE("Error codes have stable, distinct wire names") {
  CHECK(to_string(ErrorCode::BadJson) == "bad_json");
  CHECK(to_string(ErrorCode::NotYourTurn) == "not_your_turn");
  CHECK(to_string(ErrorCode::ServerFull) == "server_full");
  for (int i = 0; i <= static_cast<int>(ErrorCode::Internal); ++i) {
    const auto code = static_cast<ErrorCode>(i);
    REQUIRE(error_code_from_string(to_string(code)) == code);
  }
  CHECK_FALSE(error_code_from_string("nope"));
}

TEST_CASE("An error that quotes a client's NUL is not cut short there") {
  // what() is a C string; the text after the NUL must still reach the client.
  constexpr char kQuoted[] = "token 2 '4\0x' is not a number";
  const ProtocolError error(ErrorCode::IllegalMove, std::string(kQuoted, sizeof kQuoted - 1));
  CHECK(std::string(error.what()) == "token 2 '4\\0x' is not a number");
}

TEST_CASE("Frames that are not JSON objects are bad_json") {
  CHECK(failure("{not json").first == ErrorCode::BadJson);
  CHECK(failure("").first == ErrorCode::BadJson);
  CHECK(failure("[1,2]").first == ErrorCode::BadJson);
  CHECK(failure("\"hello\"").first == ErrorCode::BadJson);
  // Where it broke, and the parser's reason.
  CHECK_THAT(failure(R"({"type":"ping","id":4}garbage)").second,
             Catch::StartsWith("the message is not valid JSON at byte 23: syntax error") &&
                 Catch::Contains("expected end of input"));
  CHECK_THAT(failure(R"({"type":"ping")").second,
             Catch::StartsWith("the message is not valid JSON at byte 15: ") && Catch::Contains("unexpected end of input"));
  // A number no double holds.
  CHECK(failure(R"({"type":"ping","id":1e999})").second ==
        "the message is not valid JSON: number overflow parsing '1e999'");
  // A long string is quoted only in part.
  const auto [code, long_text] = failure("{\"type\": \"" + std::string(5000, 'x'));
  CHECK(code == ErrorCode::BadJson);
  CHECK(long_text.size() < 300);
  // Cut short, it stays UTF-8: never inside a two-byte character, wherever the cut falls.
  for (const std::string lead : {"", "x", "xx", "xxx"}) {
    const std::string text = failure(R"({"type":"list_matches","a":")" + lead + [] {
                               std::string e;
                               for (int i = 0; i < 150; ++i) e += "\xC3\xA9";
                               return e;
                             }()).second;
    CAPTURE(lead);
    CHECK(nlohmann::json(text).dump().size() > 0);  // dump() throws on invalid UTF-8
  }
}

// Found by the client_session fuzz target (tests/fuzz): the parser's quote of where it broke
// ended inside a two-byte character, so the error reply was no UTF-8 and the client closed
// the connection (1007) instead of reading it.
TEST_CASE("A bad_json error that quotes a character cut in two stays valid UTF-8") {
  std::string id;
  try {
    parse_client_message("{\"type\": \"join\", \xde\x92" "atch\": \"x\"}", id);
    FAIL("the frame parsed");
  } catch (const ProtocolError& error) {
    CHECK(error.code() == ErrorCode::BadJson);
    CHECK_THAT(error.what(), Catch::StartsWith("the message is not valid JSON at byte 18: "));
    CHECK_NOTHROW(json(std::string(error.what())).dump());
  }
}

TEST_CASE("Shape errors are bad_message and name the field") {
  auto [code, message] = failure(R"({"id": 3})");
  CHECK(code == ErrorCode::BadMessage);
  CHECK_THAT(message, Catch::Contains("'type'") && Catch::Contains("missing"));

  std::tie(code, message) = failure(R"({"type": 5})");
  CHECK(code == ErrorCode::BadMessage);
  CHECK_THAT(message, Catch::Contains("'type'"));

  std::tie(code, message) = failure(R"({"type": "hello"})");
  CHECK(code == ErrorCode::BadMessage);
  CHECK_THAT(message, Catch::Contains("'version'"));

  std::tie(code, message) = failure(R"({"type": "hello", "version": "1"})");
  CHECK_THAT(message, Catch::Contains("'version'") && Catch::Contains("integer"));

  std::tie(code, message) = failure(R"({"type": "join"})");
  CHECK_THAT(message, Catch::Contains("'match'"));

  std::tie(code, message) = failure(R"({"type": "resume", "match": "AB"})");
  CHECK_THAT(message, Catch::Contains("'token'"));

  // An empty match id is said to be empty, not looked up.
  for (const char* type : {"join", "watch", "resume"}) {
    std::tie(code, message) = failure(std::string(R"({"type": ")") + type + R"(", "match": "", "token": "t"})");
    CHECK(code == ErrorCode::BadMessage);
    CHECK_THAT(message, Catch::Contains("field 'match' is empty"));
  }
  // A seat is a name or a whole number: 1.0, true and "" say so (an empty name is no seat;
  // the first free one is had by leaving the field out).
  std::tie(code, message) = failure(R"({"type": "join", "match": "AB", "seat": 1.0})");
  CHECK_THAT(message, Catch::Contains("'seat' must be a seat's name (\"red\", \"white\"...) or its number (0 or 1), "
                                      "not 1.0; leave it out for the first free seat"));
  std::tie(code, message) = failure(R"({"type": "join", "match": "AB", "seat": true})");
  CHECK_THAT(message, Catch::Contains("not true"));
  std::tie(code, message) = failure(R"({"type": "join", "match": "AB", "seat": ""})");
  CHECK(code == ErrorCode::BadMessage);
  CHECK_THAT(message, Catch::Contains("not an empty string"));

  std::tie(code, message) = failure(R"({"type": "create_match", "game": "dcms", "options": [1]})");
  CHECK_THAT(message, Catch::Contains("'options'"));

  std::tie(code, message) =
      failure(R"({"type": "create_match", "game": "dcms", "options": {"map": [1]}})");
  CHECK(code == ErrorCode::BadOptions);  // a bad option value, whatever its JSON type
  CHECK_THAT(message, Catch::Contains("option 'map'") && Catch::Contains("an array"));

  std::tie(code, message) = failure(R"({"type": "resign", "reason": "bored"})");
  CHECK(code == ErrorCode::BadMessage);
  CHECK_THAT(message, Catch::Contains("'reason'") && Catch::Contains("crash"));

  std::tie(code, message) = failure(R"({"type": "ping", "id": {"a": 1}})");
  CHECK(code == ErrorCode::BadMessage);
  CHECK_THAT(message, Catch::Contains("'id'"));
}

TEST_CASE("An unknown type is unknown_type, and the error still echoes the id") {
  std::string id;
  auto [code, message] = failure(R"({"type": "fly", "id": "r-1"})", &id);
  CHECK(code == ErrorCode::UnknownType);
  CHECK_THAT(message, Catch::Contains("fly"));
  CHECK(id == "\"r-1\"");
}

TEST_CASE("An id is a string of at most 128 bytes or an integer") {
  std::string id;
  CHECK(parse(R"({"type": "ping", "id": -7})").id == "-7");
  CHECK(parse("{\"type\": \"ping\", \"id\": \"" + std::string(128, 'a') + "\"}").id.size() == 130);
  CHECK(parse(R"({"type": "ping", "id": 18446744073709551615})").id == "18446744073709551615");
  // 2^70 is a whole number, but not one that fits in 64 bits: the message says which rule.
  for (const char* bad_id : {"1.5", "null", "true", "[1]", "{}", "1180591620717411303424"}) {
    auto [code, message] = failure(std::string(R"({"type": "ping", "id": )") + bad_id + "}", &id);
    CHECK(code == ErrorCode::BadMessage);
    CHECK_THAT(message, Catch::Contains("'id' must be a string or a whole number that fits in 64 bits"));
  }
  auto [code, message] =
      failure("{\"type\": \"ping\", \"id\": \"" + std::string(129, 'a') + "\"}", &id);
  CHECK(code == ErrorCode::BadMessage);
  CHECK_THAT(message, Catch::Contains("longer than 128 bytes"));
}

TEST_CASE("peek_request_id finds a top-level id without reading the whole message") {
  CHECK(peek_request_id(R"({"type": "ping", "id": 42})") == "42");
  CHECK(peek_request_id(R"({"id": "r-1", "type": "ping"})") == "\"r-1\"");
  // It stops at the id: what follows may be anything, even broken.
  CHECK(peek_request_id(R"({"id": 7, "padding": [[[ oops)") == "7");
  // A nested "id" is not the request's.
  CHECK(peek_request_id(R"({"type": "move", "body": {"id": 3}})").empty());
  CHECK(peek_request_id(R"({"type": "move", "list": [{"id": 3}], "id": 4})") == "4");
  // Ids the parser would refuse are not echoed.
  CHECK(peek_request_id(R"({"id": 1.5})").empty());
  CHECK(peek_request_id(R"({"id": null, "type": "ping"})").empty());
  CHECK(peek_request_id(R"({"id": {"id": 1}})").empty());
  CHECK(peek_request_id("{\"id\": \"" + std::string(129, 'a') + "\"}").empty());
  CHECK(peek_request_id("not json").empty());
  CHECK(peek_request_id(R"([1, 2])").empty());
  // Only the first kIdPeekBytes are looked at.
  const std::string padding(kIdPeekBytes, ' ');
  CHECK(peek_request_id("{\"type\": \"ping\"," + padding + "\"id\": 5}").empty());
}

TEST_CASE("Requests parse into their fields") {
  auto hello = parse(R"({"type": "hello", "version": 1, "name": "ann", "id": 7})");
  CHECK(hello.type == MessageType::Hello);
  CHECK(hello.version == 1);
  CHECK(hello.name == "ann");
  CHECK(hello.id == "7");

  auto create = parse(
      R"({"type": "create_match", "game": "tactego", "options": {"fog": true, "width": 5, "seed": "abc"}})");
  CHECK(create.type == MessageType::CreateMatch);
  CHECK(create.game == "tactego");
  CHECK(create.options.text("fog") == "true");
  CHECK(create.options.text("width") == "5");
  CHECK(create.options.text("seed") == "abc");
  CHECK(create.id.empty());

  auto join = parse(R"({"type": "join", "match": "ABCD2345", "seat": "blue"})");
  CHECK(join.match == "ABCD2345");
  CHECK(join.seat == std::optional<std::string>("blue"));
  CHECK_FALSE(parse(R"({"type": "join", "match": "X"})").seat);

  auto resume = parse(R"({"type": "resume", "match": "X", "token": "00ff"})");
  CHECK(resume.token == "00ff");

  auto move = parse(R"({"type": "move", "from": [1, 2], "to": [2, 2]})");
  CHECK(move.type == MessageType::Move);
  CHECK(require_position(move.body, "from") == std::pair<long long, long long>{1, 2});

  CHECK_FALSE(parse(R"({"type": "resign"})").crashed);
  CHECK_FALSE(parse(R"({"type": "resign", "reason": "resignation"})").crashed);
  CHECK(parse(R"({"type": "resign", "reason": "crash"})").crashed);

  CHECK(parse(R"({"type": "list_matches"})").game.empty());
  CHECK(parse(R"({"type": "list_matches", "game": "dcms"})").game == "dcms");
  for (const char* type : {"list_games", "resign", "leave", "ping", "watch"}) {
    std::string frame = std::string(R"({"type": ")") + type + R"(", "match": "M"})";
    CHECK(to_string(parse(frame).type) == type);
  }
}

TEST_CASE("Position fields must be two integers") {
  const auto body = nlohmann::json::parse(R"({"a": [1], "b": [1, "2"], "c": "1 2", "d": [3, 4]})");
  for (const char* field : {"a", "b", "c", "missing"}) {
    try {
      require_position(body, field);
      FAIL("accepted " << field);
    } catch (const ProtocolError& error) {
      CHECK(error.code() == ErrorCode::BadMessage);
      CHECK_THAT(error.what(), Catch::Contains(std::string("'") + field + "'"));
    }
  }
  CHECK(require_position(body, "d") == std::pair<long long, long long>{3, 4});
}

TEST_CASE("A name's 64 limit counts characters, not bytes") {
  CHECK(parse(hello_with_name(repeat(kEAcute, 40))).name == repeat(kEAcute, 40));  // 80 bytes
  CHECK(parse(hello_with_name(repeat(kDie, 20))).name == repeat(kDie, 20));        // 80 bytes
  CHECK_NOTHROW(parse(hello_with_name(repeat(kDie, 64))));
  CHECK_NOTHROW(parse(hello_with_name(std::string(64, 'a'))));
  for (const std::string& name : {repeat(kDie, 65), repeat(kEAcute, 65), std::string(65, 'a')}) {
    auto [code, message] = failure(hello_with_name(name));
    CHECK(code == ErrorCode::BadMessage);
    CHECK(message == "field 'name' is longer than 64 characters");
  }
}

TEST_CASE("A name may not hold control or bidirectional control characters") {
  auto [code, message] = failure(R"({"type": "hello", "version": 1, "name": "\u001b[31mred"})");
  CHECK(code == ErrorCode::BadMessage);
  CHECK(message == "field 'name' contains a control character (U+001B) at character 1");
  // Positions count characters: the DEL follows a two-byte character.
  CHECK(name_problem(kEAcute + "\x7f") ==
        "field 'name' contains a control character (U+007F) at character 2");
  CHECK(name_problem("ann\nbob joined as red") ==
        "field 'name' contains a control character (U+000A) at character 4");
  CHECK(name_problem(std::string("a\0b", 3)) ==
        "field 'name' contains a control character (U+0000) at character 2");
  CHECK(name_problem("\t") == "field 'name' contains a control character (U+0009) at character 1");
  CHECK(name_problem("x\xC2\x85") ==  // U+0085 NEXT LINE, C1
        "field 'name' contains a control character (U+0085) at character 2");
  CHECK(name_problem("\xC2\x9F") ==
        "field 'name' contains a control character (U+009F) at character 1");
  CHECK(name_problem(kDie + "ab\xE2\x80\xAE") ==  // U+202E RIGHT-TO-LEFT OVERRIDE
        "field 'name' contains a bidirectional control character (U+202E) at character 4");
  for (const char* bidi : {"\xE2\x80\xAA", "\xE2\x81\xA6", "\xE2\x81\xA9"})  // 202A 2066 2069
    CHECK_THAT(name_problem(std::string("ok ") + bidi),
               Catch::Contains("bidirectional control character (U+20") &&
                   Catch::EndsWith("at character 4"));
  // Their neighbours, and letters of any script, are fine.
  for (const char* fine : {"\xC2\xA0", "\xE2\x80\x99", "\xE2\x80\xAF", "\xE2\x81\xA5",
                           "\xE2\x81\xAA", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", " ~"})
    CHECK_NOTHROW(check_player_name(std::string("a") + fine));
  CHECK_NOTHROW(check_player_name(""));
}

TEST_CASE("A name may not hide invisible characters, nor be blank") {
  CHECK(name_problem("alice\xE2\x80\x8B") ==  // U+200B ZERO WIDTH SPACE
        "field 'name' contains an invisible character (U+200B) at character 6");
  CHECK_THAT(name_problem("\xEF\xBB\xBF" "bob"), Catch::Contains("invisible character (U+FEFF)"));
  CHECK_THAT(name_problem("al\xC2\xADice"), Catch::Contains("invisible character (U+00AD)"));
  CHECK_THAT(name_problem("ann\xE2\x80\x8F"), Catch::Contains("bidirectional control character (U+200F)"));
  CHECK_THAT(name_problem("ann\xD8\x9C"), Catch::Contains("bidirectional control character (U+061C)"));
  CHECK(name_problem("ann\xE2\x80\xA8" "bob joined") ==  // U+2028 LINE SEPARATOR
        "field 'name' contains a line break (U+2028) at character 4");
  CHECK_THAT(name_problem("a\xE2\x80\xA9"), Catch::Contains("a line break (U+2029)"));
  // Characters that draw nothing: Hangul fillers, the combining grapheme joiner, a tag.
  for (const char* unseen : {"\xE3\x85\xA4", "\xE1\x85\x9F", "\xCD\x8F", "\xF3\xA0\x80\x81"})
    CHECK_THAT(name_problem(std::string("bob") + unseen), Catch::Contains("an invisible character (U+"));
  for (const char* blank : {" ", "   ", "\xC2\xA0", "\xE3\x80\x80", " \xE2\x80\x8D ", "\xE2\xA0\x80\xE2\xA0\x80"})
    CHECK(name_problem(blank) ==
          "field 'name' has no visible character (leave it out to play without a name)");
  // Joiners inside a visible name stay: emoji sequences and Persian names need them.
  CHECK_NOTHROW(check_player_name("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB"));  // woman technologist
  CHECK_NOTHROW(check_player_name("\xD9\x85\xDB\x8C\xE2\x80\x8C\xD8\xAE\xD9\x88\xD8\xA7\xD9\x85"));
  CHECK_NOTHROW(check_player_name(" ann "));
}

TEST_CASE("A name that is not valid UTF-8 is refused, never misread") {
  for (const char* bad : {"\xC3",              // cut short
                          "\x80",              // a stray continuation byte
                          "\xC0\x9B",          // ESC written overlong
                          "\xE0\x80\x8A",      // a newline written overlong
                          "\xED\xA0\x80",      // a surrogate
                          "\xF4\x90\x80\x80",  // above U+10FFFF
                          "\xFF", "\xE2\x80"}) {
    INFO("name bytes: " << bad);
    CHECK(name_problem(bad) == "field 'name' is not valid UTF-8 at character 1");
  }
  CHECK(name_problem("ab" + kEAcute + "\xC3") == "field 'name' is not valid UTF-8 at character 4");
}

TEST_CASE("Integers above LLONG_MAX are out of range, never wrapped to negatives") {
  // "huge" and "far" are past 64 bits: the parser keeps them as doubles.
  const auto body = json::parse(R"({"big": 18446744073709551615, "over": 9223372036854775808,
                                    "max": 9223372036854775807, "from": [18446744073709551615, 0],
                                    "to": [0, 9223372036854775808], "huge": 99999999999999999999,
                                    "far": [99999999999999999999, 0], "half": 1.5})");
  for (const char* field : {"big", "over", "huge"}) {
    try {
      require_integer(body, field);
      FAIL("accepted " << field);
    } catch (const ProtocolError& error) {
      CHECK(error.code() == ErrorCode::BadMessage);
      CHECK(std::string(error.what()) == std::string("field '") + field + "' is out of range");
    }
  }
  CHECK(require_integer(body, "max") == 9223372036854775807LL);
  CHECK_THROWS_WITH(require_integer(body, "half"), "field 'half' must be an integer");
  for (const char* field : {"from", "to", "far"}) {
    try {
      require_position(body, field);
      FAIL("accepted " << field);
    } catch (const ProtocolError& error) {
      CHECK(std::string(error.what()) == std::string("field '") + field + "' is out of range");
    }
  }

  auto [code, message] =
      failure(R"({"type": "move", "position": 1, "turn": 18446744073709551615})");
  CHECK(code == ErrorCode::BadMessage);
  CHECK(message == "field 'turn' is out of range");
  std::tie(code, message) = failure(R"({"type": "hello", "version": 18446744073709551615})");
  CHECK(message == "field 'version' is out of range");
}

TEST_CASE("Numbers a request passes on as text keep their exact digits") {
  const auto create = parse(R"({"type": "create_match", "game": "tactego",
      "options": {"width": 18446744073709551615, "length": -3, "seed": 9223372036854775808}})");
  CHECK(create.options.text("width") == "18446744073709551615");
  CHECK(create.options.text("length") == "-3");
  CHECK(create.options.text("seed") == "9223372036854775808");
  CHECK(parse(R"({"type": "join", "match": "M", "seat": 18446744073709551615})").seat ==
        std::optional<std::string>("18446744073709551615"));
  CHECK(parse(R"({"type": "join", "match": "M", "seat": 1})").seat ==
        std::optional<std::string>("1"));

  // The engine then refuses the value it was given, not -1.
  try {
    skirmish::engine::create_game(
        "tactego", options_from_json(json::parse(R"({"width": 18446744073709551615})")));
    FAIL("a width of 2^64 - 1 was accepted");
  } catch (const std::exception& error) {
    CHECK_THAT(error.what(), Catch::Contains("option 'width'") &&
                                 Catch::Contains("18446744073709551615") &&
                                 !Catch::Contains("-1"));
  }
  // Past 64 bits the parser keeps a double: a whole one goes on as text, for the engine to
  // name the range; a fraction is refused here.
  for (const char* huge : {R"({"width": 1e20})", R"({"width": 100000000000000000000})"}) {
    INFO(huge);
    try {
      skirmish::engine::create_game("tactego", options_from_json(json::parse(huge)));
      FAIL("a width of 10^20 was accepted");
    } catch (const std::exception& error) {
      CHECK_THAT(error.what(), Catch::Contains("option 'width': '1e+20' is not an integer in the range 1..100"));
    }
  }
  CHECK_THROWS_WITH(options_from_json(json::parse(R"({"width": 5.5})")),
                    "option 'width': 5.5 is not a string, an integer or a boolean");
  CHECK_THROWS_WITH(options_from_json(json::parse(R"({"seed": 3.0})")),
                    "option 'seed': 3.0 is not a string, an integer or a boolean");
}
