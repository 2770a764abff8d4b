// A client's frame parses to a request that, written again as JSON, parses to the same
// request; or to a ProtocolError that says what was wrong. A move goes on through every
// game's codec and engine, a create_match through the option checks and the game's setup,
// as the server would take them.
#include <chrono>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/dcms/dcms.h"
#include "engine/registry.h"
#include "protocol/client_message.h"
#include "protocol/error_code.h"
#include "protocol/game_codec.h"
#include "protocol/match_setup.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_entries.h"

namespace skirmish::fuzz {
namespace {

using nlohmann::json;
using protocol::ClientMessage;
using protocol::MessageType;

// The request as a client would send it, from its parsed fields alone.
json encoded(const ClientMessage& message) {
  if (message.type == MessageType::Move) return message.body;
  json out = {{"type", std::string(protocol::to_string(message.type))}};
  if (!message.id.empty()) out["id"] = json::parse(message.id);
  const auto put = [&](const char* field, const std::string& value) {
    if (!value.empty()) out[field] = value;
  };
  switch (message.type) {
    case MessageType::Hello:
      out["version"] = message.version;
      put("name", message.name);
      break;
    case MessageType::CreateMatch:
      out["game"] = message.game;
      out["options"] = message.options.values();
      break;
    case MessageType::ListMatches:
      put("game", message.game);
      put("match", message.match);
      put("invite", message.invite);
      break;
    case MessageType::Join:
      out["match"] = message.match;
      if (message.seat) out["seat"] = *message.seat;
      put("invite", message.invite);
      break;
    case MessageType::Watch:
      out["match"] = message.match;
      put("invite", message.invite);
      break;
    case MessageType::Resume:
      out["match"] = message.match;
      out["token"] = message.token;
      break;
    case MessageType::Resign:
      if (message.crashed) out["reason"] = "crash";
      break;
    default:
      break;
  }
  return out;
}

bool same(const ClientMessage& a, const ClientMessage& b) {
  return a.type == b.type && a.id == b.id && a.version == b.version && a.name == b.name && a.game == b.game &&
         a.options == b.options && a.match == b.match && a.seat == b.seat && a.invite == b.invite &&
         a.token == b.token && a.body == b.body && a.turn == b.turn && a.crashed == b.crashed;
}

// The move as each game would take it: its codec's text, then the engine's check.
void try_move(const json& body, engine::GameState& state, const std::string& game) {
  const protocol::GameCodec& codec = *protocol::find_codec(game);
  for (engine::Seat seat = 0; seat < engine::kSeatCount; ++seat) {
    std::string text;
    try {
      text = codec.move_text(body, state, seat);
    } catch (const protocol::ProtocolError& error) {
      expect_message(error.what(), game + " move_text");
      expect(error.code() == protocol::ErrorCode::BadMessage, "a move of the wrong shape is bad_message");
      continue;
    }
    if (const auto reason = state.check_move(seat, text)) {
      expect(!reason->empty(), "a refused move says why");
      continue;
    }
    engine::JointMove turn;
    turn[static_cast<std::size_t>(seat)] = text;
    engine::Rng rng(7);
    if (state.simultaneous()) turn[static_cast<std::size_t>(1 - seat)] = state.clone()->random_move(1 - seat, rng);
    state.clone()->apply(turn);
  }
}

// A fresh game of each kind, and DCMS once more in its play phase (whose move is another
// field than its setup's): made once, copied for each input.
const std::vector<std::pair<std::string, std::unique_ptr<engine::GameState>>>& fresh_games() {
  static const auto games = [] {
    std::vector<std::pair<std::string, std::unique_ptr<engine::GameState>>> out;
    for (const engine::GameInfo* game : engine::all_games())
      out.emplace_back(game->name, engine::create_game(game->name, {}));
    auto dcms = engine::create_game("dcms", {});
    engine::Rng rng(1);
    dcms->apply({dcms->random_move(0, rng), dcms->random_move(1, rng)});
    out.emplace_back("dcms", std::move(dcms));
    return out;
  }();
  return games;
}

void try_moves(const json& body) {
  for (const auto& [game, state] : fresh_games()) try_move(body, *state->clone(), game);
}

void try_create(const ClientMessage& message) {
  const engine::GameInfo* game = engine::find_game(message.game);
  if (!game) return;  // the server refuses it by name
  try {
    const auto prepared = protocol::prepare_match(*game, *protocol::find_codec(game->name), message.options,
                                                  std::chrono::milliseconds(60000), "fuzz seed");
    expect(prepared.state != nullptr, "a prepared match has a game");
    expect(!prepared.state->render(engine::Viewer::full()).empty(), "a new game draws its board");
    protocol::match_terms(*game, *protocol::find_codec(game->name), prepared.resolved, prepared.settings,
                          prepared.set_by_creator);
  } catch (const std::invalid_argument& error) {
    expect_message(error.what(), "prepare_match");
  }
}

}  // namespace

void fuzz_one_client_message(std::string_view input) {
  const std::string peeked = protocol::peek_request_id(input);
  if (!peeked.empty()) {
    const json id = json::parse(peeked);
    expect(id.is_string() || id.is_number_integer(), "a peeked id is a string or an integer");
  }
  std::string id;
  ClientMessage message;
  try {
    message = protocol::parse_client_message(input, id);
  } catch (const protocol::ProtocolError& error) {
    expect_message(error.what(), "parse_client_message");
    try {  // the reply goes in a text frame, which a client closes on (1007) unless it is UTF-8
      (void)json(std::string(error.what())).dump();
    } catch (const json::type_error&) {
      broken("an error reply is not UTF-8: " + std::string(error.what()));
    }
    if (!id.empty()) expect(!json::parse(id).is_discarded(), "an id echoed in an error reply is JSON");
    return;
  }
  expect(id == message.id, "the id given out is the message's");
  std::string again_id;
  const std::string again = encoded(message).dump();
  expect(same(protocol::parse_client_message(again, again_id), message),
         "a request written again as JSON parses to the same request: " + again);
  if (message.type == MessageType::Move) try_moves(message.body);
  if (message.type == MessageType::CreateMatch) try_create(message);
}

}  // namespace skirmish::fuzz
