// Broken input of every kind a client can send, made from valid input by InputMutator:
// frames, moves (from the frame through the game's codec to the rules) and inline pieces
// and map files. Whatever comes in, the answer is a ProtocolError or OptionError with a
// reason, or the input is valid: never another exception (the server would answer
// "internal"), never a crash (the sanitizer build runs this too), and a move the rules
// accept is one they can apply.
#include <catch2/catch.hpp>

#include <exception>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/dcms/embedded_maps.h"
#include "engine/registry.h"
#include "engine/tactego/presets.h"
#include "protocol/client_message.h"
#include "protocol/error_code.h"
#include "protocol/game_codec.h"
#include "tests/problem_list.h"
#include "tests/protocol/input_mutator.h"

namespace {

using nlohmann::json;
using skirmish::engine::GameState;
using skirmish::engine::JointMove;
using skirmish::engine::Seat;
using skirmish::protocol::ProtocolError;
using skirmish::test::InputMutator;
using skirmish::test::ProblemList;

// Input shown in a failure: as a JSON string, so bytes that are not UTF-8 stay readable,
// and cut short (a mutation may make it kilobytes long).
std::string shown(const std::string& input) {
  constexpr std::size_t kShown = 200;
  std::string text = json(input.substr(0, kShown)).dump(-1, ' ', false, json::error_handler_t::replace);
  if (input.size() > kShown) text += " (" + std::to_string(input.size()) + " bytes in all)";
  return text;
}

// One of every request of docs/protocol.md, valid.
const std::vector<std::string> kValidFrames{
    R"({"type":"hello","version":1,"name":"alice","id":1})",
    R"({"type":"list_games","id":"a"})",
    R"({"type":"create_match","game":"tactego","options":{"pieces":"basic","fog":true,"length":10},"id":2})",
    R"({"type":"list_matches","game":"dcms","invite":"ABCD","id":3})",
    R"({"type":"join","match":"7EGC5CMM","seat":"red","invite":"X","id":4})",
    R"({"type":"watch","match":"7EGC5CMM","id":5})",
    R"({"type":"resume","match":"7EGC5CMM","token":"0123456789abcdef","id":6})",
    R"({"type":"move","from":[3,0],"to":[2,0],"turn":4,"id":7})",
    R"({"type":"move","placement":[[1,1],[2,1]],"id":8})",
    R"({"type":"resign","reason":"crash","id":9})",
    R"({"type":"leave","id":10})",
    R"({"type":"ping","id":11})",
};

TEST_CASE("a broken frame gets a protocol error and any id it echoes is JSON", "[mutation]") {
  InputMutator mutator(20261127);
  ProblemList failures;
  int parsed = 0;
  int refused = 0;
  for (const std::string& valid : kValidFrames) {
    for (int n = 0; n < 1500; ++n) {
      const std::string frame = mutator.mutate(valid);
      std::string id;
      try {
        skirmish::protocol::parse_client_message(frame, id);
        ++parsed;
      } catch (const ProtocolError& error) {
        ++refused;
        if (std::string_view(error.what()).empty()) failures.add("no reason for " + shown(frame));
      } catch (const std::exception& error) {
        failures.add(shown(frame) + " threw " + error.what());
      }
      if (!id.empty() && !json::accept(id)) failures.add("echoed id " + shown(id) + " of " + shown(frame));
    }
  }
  // Nesting as deep as a frame of the server's 64 KiB allows, in each kind of field.
  const std::string deep = std::string(30'000, '[') + std::string(30'000, ']');
  for (const std::string& frame :
       {R"({"type":"move","from":)" + deep + R"(,"to":[1,1],"id":1})", R"({"type":"ping","id":)" + deep + "}",
        R"({"type":"create_match","game":"dcms","options":{"map":)" + deep + "}}",
        R"({"type":"hello","version":1,"name":)" + deep + "}"}) {
    std::string id;
    try {
      skirmish::protocol::parse_client_message(frame, id);
    } catch (const ProtocolError&) {
    } catch (const std::exception& error) {
      failures.add(shown(frame) + " threw " + error.what());
    }
  }
  failures.check();
  CHECK(parsed > 0);   // the mutations leave some frames valid...
  CHECK(refused > 0);  // ... and break others
}

// The move message a client sends for the engine's move `text` (docs/protocol.md "move").
json move_message(const GameState& state, const std::string& text) {
  std::istringstream words(text);
  json message{{"type", "move"}, {"id", 7}};
  const std::string_view game = state.game_name();
  if (game == "onedchess") {
    long long position = 0;
    std::string direction;
    words >> position >> direction;
    message["position"] = position;
    message["direction"] = direction;
  } else if (game == "tactego") {
    long long r1 = 0, c1 = 0, r2 = 0, c2 = 0;
    words >> r1 >> c1 >> r2 >> c2;
    message["from"] = {r1, c1};
    message["to"] = {r2, c2};
  } else if (game == "dcms" && state.turn() == 0) {  // setup: row and column of each piece
    json placement = json::array();
    for (long long row = 0, col = 0; words >> row >> col;) placement.push_back({row, col});
    message["placement"] = placement;
  } else if (game == "dcms") {
    message["move"] = text;
  } else {
    FAIL("no move message for game " << game << ": add it here");
  }
  return message;
}

// A legal move for every seat that acts now.
JointMove random_turn(const GameState& state, skirmish::engine::Rng& rng) {
  JointMove moves{};
  for (Seat seat = 0; seat < skirmish::engine::kSeatCount; ++seat)
    if (state.to_act().contains(seat)) moves[static_cast<std::size_t>(seat)] = state.random_move(seat, rng);
  return moves;
}

// Checks `text` from `seat` with the rules, then applies it to a copy of `state` (with a
// legal move of the other seat on a simultaneous turn): a refused move has a reason, is
// refused by apply too and changes nothing; an accepted one applies. Records what differs.
void try_move(const GameState& state, Seat seat, const std::string& text, skirmish::engine::Rng& rng,
              ProblemList& failures) {
  std::optional<std::string> refusal;
  try {
    refusal = state.check_move(seat, text);
  } catch (const std::exception& error) {
    failures.add(std::string(state.game_name()) + ": check_move threw " + error.what() + " for " + shown(text));
    return;
  }
  JointMove moves{};
  moves[static_cast<std::size_t>(seat)] = text;
  const Seat other = 1 - seat;
  if (state.to_act().contains(other)) moves[static_cast<std::size_t>(other)] = state.random_move(other, rng);
  const std::unique_ptr<GameState> copy = state.clone();
  const std::string before = copy->state_key();
  try {
    copy->apply(moves);
    if (refusal) failures.add(std::string(state.game_name()) + ": refused " + shown(text) + " (" + *refusal + ") but applied it");
  } catch (const skirmish::engine::IllegalMove&) {
    if (!refusal) failures.add(std::string(state.game_name()) + ": accepted " + shown(text) + " but apply refused it");
    if (copy->state_key() != before) failures.add(std::string(state.game_name()) + ": a refused " + shown(text) + " changed the state");
  } catch (const std::exception& error) {
    failures.add(std::string(state.game_name()) + ": apply threw " + error.what() + " for " + shown(text));
  }
  if (refusal && refusal->empty()) failures.add(std::string(state.game_name()) + ": no reason for " + shown(text));
}

TEST_CASE("a broken move is refused with a reason on its way from the frame to the rules", "[mutation]") {
  for (const auto* game : skirmish::engine::all_games()) {
    SECTION(game->name) {
      const auto* codec = skirmish::protocol::find_codec(game->name);
      REQUIRE(codec != nullptr);
      InputMutator mutator(7);
      skirmish::engine::Rng rng(11);
      ProblemList failures;
      int reached_rules = 0;
      std::unique_ptr<GameState> state;
      // Each turn of random games (a new one when one ends), each seat to act sends broken moves.
      for (int turn = 0; turn < 40; ++turn) {
        if (!state || state->to_act().empty()) state = skirmish::engine::create_game(game->name, {});
        for (Seat seat = 0; seat < skirmish::engine::kSeatCount; ++seat) {
          if (!state->to_act().contains(seat)) continue;
          for (int n = 0; n < 50; ++n) {
            const std::string legal = state->random_move(seat, rng);
            // The engine's own notation, broken (what the CLI or a bridge passes on)...
            try_move(*state, seat, mutator.mutate(legal), rng, failures);
            // ... and a move message broken once, parsed as the server parses it.
            const std::string frame = mutator.mutate(move_message(*state, legal).dump(), 1);
            std::string id;
            std::string text;
            try {
              const auto message = skirmish::protocol::parse_client_message(frame, id);
              if (message.type != skirmish::protocol::MessageType::Move) continue;
              text = codec->move_text(message.body, *state, seat);
            } catch (const ProtocolError& error) {
              if (std::string_view(error.what()).empty()) failures.add("no reason for " + shown(frame));
              continue;
            } catch (const std::exception& error) {
              failures.add(shown(frame) + " threw " + error.what());
              continue;
            }
            ++reached_rules;
            try_move(*state, seat, text, rng, failures);
          }
        }
        state->apply(random_turn(*state, rng));
      }
      failures.check();
      CHECK(reached_rules > 100);  // many broken messages still have a move's shape
    }
  }
}

// `state` played to its end with random legal moves (at most `turns` turns); false if a
// move it offered was refused.
bool plays_on(GameState& state, skirmish::engine::Rng& rng, int turns) {
  for (int turn = 0; turn < turns && !state.to_act().empty(); ++turn) {
    try {
      state.apply(random_turn(state, rng));
    } catch (const std::exception&) {
      return false;
    }
  }
  return true;
}

// Creates `game` with option `name` set to each broken `file`: an OptionError with a
// reason, or a game that plays.
void check_broken_files(const std::string& game, const std::string& name, const std::vector<std::string>& files,
                        const skirmish::engine::Options& base) {
  InputMutator mutator(3);
  skirmish::engine::Rng rng(5);
  ProblemList failures;
  int created = 0;
  int refused = 0;
  for (const std::string& valid : files) {
    for (int n = 0; n < 400; ++n) {
      skirmish::engine::Options options = base;
      const std::string file = mutator.mutate(valid);
      options.set(name, file);
      std::unique_ptr<GameState> state;
      try {
        state = skirmish::engine::create_game(game, options);
      } catch (const skirmish::engine::OptionError& error) {
        ++refused;
        if (std::string_view(error.what()).empty()) failures.add("no reason for " + shown(file));
        continue;
      } catch (const std::exception& error) {
        failures.add(shown(file) + " threw " + error.what());
        continue;
      }
      ++created;
      if (!plays_on(*state, rng, 300)) failures.add("the game from " + shown(file) + " refused its own move");
    }
  }
  failures.check();
  CHECK(created > 0);
  CHECK(refused > 0);
}

TEST_CASE("a broken pieces or map file is refused with a reason or makes a game that plays", "[mutation]") {
  SECTION("Tactego pieces_text") {
    std::vector<std::string> files;
    for (const std::string& preset : skirmish::engine::tactego::preset_names())
      files.emplace_back(*skirmish::engine::tactego::preset_pieces(preset));
    check_broken_files("tactego", "pieces_text", files, {});
  }
  SECTION("DCMS map_text") {
    std::vector<std::string> files;
    for (const auto& map : skirmish::engine::dcms::embedded_maps()) files.emplace_back(map.text);
    skirmish::engine::Options options;
    options.set("pieces", "SMCD");
    check_broken_files("dcms", "map_text", files, options);
  }
}

}  // namespace
