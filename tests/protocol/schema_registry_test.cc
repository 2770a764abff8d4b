// The JSON Schemas name the games, their seats and the end reasons: they must say what the
// registry and the engine say, so that adding a game (or a reason) cannot leave the schemas
// behind without a test saying so.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>
#include <string>

#include "engine/common/outcome.h"
#include "engine/registry.h"
#include "tests/engine/common/test_data.h"

using namespace skirmish;
using nlohmann::json;

namespace {

json schema(const std::string& file) { return json::parse(test::read_source_file("protocol/schema/" + file)); }

std::set<std::string> strings(const json& list) { return list.get<std::set<std::string>>(); }

std::set<std::string> hosted_seat_names() {
  std::set<std::string> names;
  for (const auto* game : engine::all_games()) names.insert(game->seat_names.begin(), game->seat_names.end());
  return names;
}

}  // namespace

TEST_CASE("the schemas list the registry's games and seat names") {
  const json defs = schema("common.json").at("$defs");
  std::set<std::string> games;
  for (const auto* game : engine::all_games()) games.insert(game->name);
  CHECK(strings(defs.at("game").at("enum")) == games);
  CHECK(strings(defs.at("seat_name").at("enum")) == hosted_seat_names());

  std::set<std::string> you = hosted_seat_names();
  you.insert("spectator");
  CHECK(strings(schema("server/state.json").at("properties").at("you").at("enum")) == you);
}

TEST_CASE("state.json describes each game's view and seats") {
  const json branches = schema("server/state.json").at("allOf");
  for (const auto* game : engine::all_games()) {
    INFO(game->name);
    const json* then = nullptr;
    for (const json& branch : branches)
      if (branch.value(json::json_pointer("/if/properties/game/const"), "") == game->name) then = &branch.at("then");
    REQUIRE(then != nullptr);
    const json& properties = then->at("properties");
    CHECK(properties.at("view").at("$ref") == "../common.json#/$defs/" + game->name + "_view");
    CHECK(properties.at("last").at("$ref") == "../common.json#/$defs/" + game->name + "_last");
    std::set<std::string> seats(game->seat_names.begin(), game->seat_names.end());
    seats.insert("spectator");
    CHECK(strings(properties.at("you").at("enum")) == seats);
  }
}

TEST_CASE("the schemas list every end reason the engine and server give") {
  const json outcome = schema("common.json").at("$defs").at("outcome").at("oneOf").at(1);
  std::set<std::string> reasons;
  for (const auto name : engine::end_reason_names()) reasons.emplace(name);
  CHECK(strings(outcome.at("properties").at("reason").at("enum")) == reasons);
}
