#pragma once
// One game's JSON encoding (docs/protocol.md "state"): a move message -> the engine's move
// text, the typed view a viewer may see -> JSON, the last move or turn report -> JSON.
// Adding a game: docs/architecture.md, "Adding a game".
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/common/game.h"
#include "engine/common/options.h"
#include "protocol/json_writer.h"

namespace skirmish::protocol {

class GameCodec {
 public:
  virtual ~GameCodec() = default;
  virtual std::string_view game() const = 0;

  // The engine's move text for `seat` from a `move` message (the game's fields; `type`
  // and `id` are ignored). Throws ProtocolError(bad_message) naming the field. Whether the
  // move is legal is the engine's business, not the codec's.
  virtual std::string move_text(const nlohmann::json& message, const engine::GameState& state,
                                engine::Seat seat) const = 0;

  // The `view` object as `viewer` may see it. Never writes anything hidden from `viewer`.
  // `match_over`: the match has ended, however it ended; the engine's own outcome says so
  // only for an end by the rules, not for resignation, timeout, forfeit or crash.
  virtual void write_view(JsonWriter& out, const engine::GameState& state, const engine::Viewer& viewer,
                          bool match_over) const = 0;

  // Options the server fills in when the creator left them empty (Tactego: a random seed,
  // so every game can be replayed). `random_text` is fresh CSPRNG output.
  virtual void choose_options(engine::Options& given, std::string_view random_text) const {
    (void)given;
    (void)random_text;
  }

  // True when a resolved option would give away hidden information while the game runs
  // (Tactego with fog: the seed determines the whole placement).
  virtual bool hides_option(std::string_view name, const engine::Options& resolved) const {
    (void)name;
    (void)resolved;
    return false;
  }

  // False for an option this match does not use because another replaces it (Tactego
  // `pieces` when `pieces_text` is given), or that is empty where empty means "not given"
  // (an inline file): match_created leaves it out rather than report a value the game ignores.
  virtual bool option_applies(std::string_view name, const engine::Options& resolved) const {
    (void)name;
    (void)resolved;
    return true;
  }

  // The `last` value: the last move or turn report, or null before the first.
  virtual void write_last(JsonWriter& out, const engine::GameState& state,
                          const engine::Viewer& viewer) const = 0;
};

// The codec of `game`, or nullptr when no codec is registered for it.
const GameCodec* find_codec(std::string_view game);

}  // namespace skirmish::protocol
