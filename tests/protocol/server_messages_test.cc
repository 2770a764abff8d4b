#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "protocol/game_codec.h"
#include "protocol/match_options.h"
#include "protocol/server_messages.h"
#include "protocol/state_message.h"

using namespace skirmish;
using namespace skirmish::protocol;
using nlohmann::json;
using std::chrono::milliseconds;

TEST_CASE("Match options: defaults per game, taken out of the game's options") {
  engine::Options given{{"map", "small"}, {"spectators", "full"}};
  const MatchSettings dcms = take_match_settings(*engine::find_game("dcms"), given, milliseconds(30000));
  CHECK(dcms.move_time == milliseconds(5000));  // the seed's 5 s
  CHECK(dcms.reconnect_grace == milliseconds(30000));
  CHECK(dcms.spectators == Spectators::Full);
  CHECK(given == engine::Options{{"map", "small"}});

  engine::Options none;
  const MatchSettings chess = take_match_settings(*engine::find_game("onedchess"), none, milliseconds(60000));
  CHECK(chess.move_time == milliseconds(0));
  CHECK(chess.spectators == Spectators::Public);

  engine::Options bad{{"move_time_ms", "-4"}};
  CHECK_THROWS_WITH(take_match_settings(*engine::find_game("tactego"), bad, milliseconds(1)),
                    Catch::Contains("move_time_ms"));
  engine::Options bad_choice{{"spectators", "some"}};
  CHECK_THROWS_WITH(take_match_settings(*engine::find_game("tactego"), bad_choice, milliseconds(1)),
                    Catch::Contains("spectators") && Catch::Contains("none, public, full"));
}

TEST_CASE("Error messages carry code, message and the echoed id") {
  const json with_id = json::parse(encode_error(ErrorCode::IllegalMove, "no \"way\"", "12"));
  CHECK(with_id["type"] == "error");
  CHECK(with_id["code"] == "illegal_move");
  CHECK(with_id["message"] == "no \"way\"");
  CHECK(with_id["id"] == 12);
  const json without = json::parse(encode_error(ErrorCode::BadJson, "x", ""));
  CHECK_FALSE(without.contains("id"));
}

TEST_CASE("Lobby messages encode as documented") {
  const json welcome = json::parse(encode_welcome({65536, 50, 100, 60000}, true, "\"a\""));
  CHECK(welcome["version"] == 1);
  CHECK(welcome["history"] == true);
  CHECK(json::parse(encode_welcome({65536, 50, 100, 60000}, false, ""))["history"] == false);
  CHECK(welcome["limits"]["max_message_bytes"] == 65536);
  CHECK(welcome["id"] == "a");
  CHECK(welcome["limits"]["rate_limit_per_second"] == 50);
  CHECK(welcome["limits"]["rate_limit_per_second"].is_number_integer());
  // A fractional limit is told as it is, not rounded down to 0 ("no limit").
  const json slow = json::parse(encode_welcome({65536, 0.5, 1, 60000}, true, ""));
  CHECK(slow["limits"]["rate_limit_per_second"] == 0.5);

  const json games = json::parse(encode_games(engine::all_games(), milliseconds(60000), ""));
  REQUIRE(games["games"].size() == engine::all_games().size());
  for (const auto& game : games["games"]) {
    CAPTURE(game["name"]);
    CHECK(game["seats"].size() == 2);
    bool has_move_time = false;
    for (const auto& option : game["options"]) {
      CHECK(option.contains("default"));
      if (option["type"] == "choice") CHECK(option["choices"].is_array());
      if (option["type"] == "int") CHECK(option["max"].get<long long>() >= option["min"].get<long long>());
      if (option["name"] == "move_time_ms") {
        has_move_time = true;
        CHECK(option["default"] == (game["name"] == "dcms" ? "5000" : "0"));
      }
    }
    CHECK(has_move_time);
  }

  MatchSummary summary{"ABCDEFGH", "dcms", "open", {}, 2, Spectators::None, nullptr};
  summary.seats[0] = {"blue", true, true, "ann"};
  summary.seats[1] = {"red", false, false, ""};
  const json matches = json::parse(encode_matches({summary}, 7, ""));
  CHECK(matches["total"] == 7);
  CHECK(matches["matches"][0]["seats"][0]["name"] == "ann");
  CHECK(matches["matches"][0]["seats"][1]["name"].is_null());  // free
  CHECK(matches["matches"][0]["spectators_allowed"] == "none");
  MatchSummary nameless = summary;  // taken by a player who gave no name: "", as in joined
  nameless.seats[1] = {"red", true, true, ""};
  CHECK(json::parse(encode_matches({nameless}, 1, ""))["matches"][0]["seats"][1]["name"] == "");
  CHECK_FALSE(matches["matches"][0].contains("options"));  // terms unknown
  MatchTerms terms;
  terms.options.set("fog", "true");
  terms.set_by_creator = {"fog", "seed"};
  summary.terms = std::make_shared<const MatchTerms>(terms);
  const json with_terms = json::parse(encode_matches({summary}, 1, ""));
  CHECK(with_terms["matches"][0]["options"] == json{{"fog", "true"}});
  CHECK(with_terms["matches"][0]["set_by_creator"] == json{"fog", "seed"});

  const Players players = {SeatPlayer{"red", std::nullopt}, SeatPlayer{"blue", "bob"}};
  const json joined = json::parse(encode_joined("M", "tactego", "blue", 1, "ff00", true, players, ""));
  CHECK(joined["seat_index"] == 1);
  CHECK(joined["resumed"] == true);
  CHECK(joined["players"] == json{{"red", nullptr}, {"blue", "bob"}});
  CHECK(json::parse(encode_submitted("M", "red", 4, "9"))["turn"] == 4);
  const json away = json::parse(encode_presence("M", "red", "alice", PresenceEvent::Disconnected, 1000));
  CHECK(away["connected"] == false);
  CHECK(away["event"] == "disconnected");
  CHECK(away["name"] == "alice");
  CHECK(json::parse(encode_presence("M", "red", "", PresenceEvent::Joined, 1000))["connected"] == true);
  CHECK(json::parse(encode_left("M", "\"x\""))["id"] == "x");
  CHECK(json::parse(encode_pong(""))["type"] == "pong");
  const json watching = json::parse(encode_watching("M", "dcms", true, players, ""));
  CHECK(watching["full_view"] == true);
  CHECK(watching["players"]["blue"] == "bob");
}

TEST_CASE("State messages carry the match fields around the game's view") {
  const auto* info = engine::find_game("onedchess");
  REQUIRE(info);
  auto state = engine::create_game("onedchess", {});
  StateInfo header;
  header.match = "ABCDEFGH";
  header.game = "onedchess";
  header.seq = 3;
  header.status = MatchStatus::Running;
  header.seat_names = &info->seat_names;
  header.deadline_ms = 1500;
  const json running = json::parse(
      encode_state(header, *find_codec("onedchess"), *state, engine::Viewer::of_seat(1), "black", "5"));
  CHECK(running["type"] == "state");
  CHECK(running["id"] == 5);
  CHECK(running["seq"] == 3);
  CHECK(running["you"] == "black");
  CHECK(running["to_act"] == json::array({"white"}));
  CHECK(running["deadline_ms"] == 1500);
  CHECK(running["outcome"].is_null());
  CHECK(running["view"]["board"][0] == "WKi");

  header.status = MatchStatus::Over;
  header.outcome = engine::Outcome::win(1, engine::EndReason::Timeout);
  const json over = json::parse(
      encode_state(header, *find_codec("onedchess"), *state, engine::Viewer::spectator(), "spectator", ""));
  CHECK(over["to_act"].empty());
  CHECK(over["deadline_ms"].is_null());
  CHECK(over["outcome"] == json{{"winner", "black"}, {"draw", false}, {"reason", "timeout"}});
}
