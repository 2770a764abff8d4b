// Which open matches `skirmish play` may join for a player, and what `join` warns about.
#include <catch2/catch.hpp>

#include "client-cli/match_terms.h"

namespace {

using nlohmann::json;
using skirmish::client::describe_terms;
using skirmish::client::has_terms;
using skirmish::client::term_warnings;

// A `matches` entry as the server lists a Tactego match (only the fields read here).
json tactego(json options, json set_by_creator) {
  json all = {{"length", "10"}, {"width", "10"}, {"pieces", "basic"}, {"fog", "false"},
              {"max_turns", "0"}, {"move_time_ms", "0"}, {"reconnect_grace_ms", "60000"},
              {"spectators", "public"}};
  if (options.is_object()) all.update(options);  // `{}` arrives as null
  return {{"match", "ABCDEFGH"}, {"game", "tactego"}, {"status", "open"},
          {"options", all}, {"set_by_creator", set_by_creator}};
}

}  // namespace

TEST_CASE("play joins a match made on the terms the player asked for, and no other") {
  const json plain = tactego({}, json::array());
  CHECK(has_terms(plain, json::object()));
  CHECK_FALSE(has_terms(plain, {{"fog", true}}));

  // The same options however the player spells them.
  const json fog = tactego({{"fog", "true"}}, {"fog"});
  CHECK(has_terms(fog, {{"fog", "on"}}));
  CHECK(has_terms(fog, {{"fog", true}}));
  CHECK_FALSE(has_terms(fog, json::object()));
  CHECK_FALSE(has_terms(fog, {{"fog", "off"}}));

  // A creator's seed in a fog match is hidden: never joined, even when asked for a seed.
  const json rigged = tactego({{"fog", "true"}}, {"fog", "seed"});
  CHECK_FALSE(has_terms(rigged, {{"fog", true}}));
  CHECK_FALSE(has_terms(rigged, {{"fog", true}, {"seed", "x"}}));

  // Terms the player did not ask for: a time limit, who may watch.
  CHECK_FALSE(has_terms(tactego({{"move_time_ms", "1"}}, {"move_time_ms"}), json::object()));
  CHECK(has_terms(tactego({{"move_time_ms", "30000"}}, {"move_time_ms"}), {{"move_time_ms", 30000}}));
  CHECK_FALSE(has_terms(tactego({{"spectators", "full"}}, {"spectators"}), json::object()));

  // `play --private` creates its own: a public match is not on its terms.
  CHECK_FALSE(has_terms(plain, {{"private", "true"}}));

  // A match listed without its terms (an older server) is not joined blindly.
  json unknown = plain;
  unknown.erase("options");
  CHECK_FALSE(has_terms(unknown, json::object()));
  // Options the server would refuse match nothing.
  CHECK_FALSE(has_terms(plain, {{"colour", "red"}}));
}

TEST_CASE("join warns about what could be unfair to the joiner") {
  CHECK(term_warnings(tactego({}, json::array())).empty());
  const auto rigged = term_warnings(tactego({{"fog", "true"}, {"spectators", "full"}}, {"fog", "seed", "spectators"}));
  REQUIRE(rigged.size() == 2);
  CHECK_THAT(rigged[0], Catch::Contains("chose the seed"));
  CHECK_THAT(rigged[1], Catch::Contains("sees your hidden pieces"));
  // Without fog, nothing is hidden: neither the seed nor full spectators matter.
  CHECK(term_warnings(tactego({{"spectators", "full"}}, {"seed", "spectators"})).empty());
  const auto timed = term_warnings(tactego({{"move_time_ms", "1"}}, {"move_time_ms"}));
  REQUIRE(timed.size() == 1);
  CHECK_THAT(timed[0], Catch::Contains("within 1 ms, or the game is lost on time"));
  json dcms = tactego({{"move_time_ms", "800"}}, {"move_time_ms"});
  dcms["game"] = "dcms";
  const auto null_moves = term_warnings(dcms);
  REQUIRE(null_moves.size() == 1);
  CHECK_THAT(null_moves[0], Catch::Contains("within 800 ms, or it is a null move"));

  CHECK(describe_terms(tactego({}, json::array())) == "defaults");
  CHECK(describe_terms(tactego({{"fog", "true"}}, {"fog", "seed"})) == "fog=true, seed=(hidden)");
  // An inline pieces file is left out of the list for its size, not kept secret.
  CHECK(describe_terms(tactego({}, {"pieces_text"})) == "pieces_text=(its own file)");
}
