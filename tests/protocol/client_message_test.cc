#include <catch2/catch.hpp>

#include "protocol/client_message.h"
#include "protocol/error_code.h"

using namespace skirmish::protocol;

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

TEST_CASE("Frames that are not JSON objects are bad_json") {
  CHECK(failure("{not json").first == ErrorCode::BadJson);
  CHECK(failure("").first == ErrorCode::BadJson);
  CHECK(failure("[1,2]").first == ErrorCode::BadJson);
  CHECK(failure("\"hello\"").first == ErrorCode::BadJson);
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
  for (const char* bad_id : {"1.5", "null", "true", "[1]", "{}"}) {
    auto [code, message] = failure(std::string(R"({"type": "ping", "id": )") + bad_id + "}", &id);
    CHECK(code == ErrorCode::BadMessage);
    CHECK_THAT(message, Catch::Contains("'id' must be a string or an integer"));
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
