#pragma once
// One match played over the wire by two test clients, each move chosen at random (from a
// fixed seed) on a local mirror of the game, so a run can be repeated exactly: with and
// without a server crash in the middle, the same moves are sent and the same result is due.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/common/game.h"
#include "engine/common/options.h"
#include "tests/server/test_client.h"

namespace skirmish::test {

// The server refused a move the mirror found legal: a bug, never a crash's effect.
struct MoveRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ScriptedMatch {
 public:
  // `game_options`: the game's own options as the mirror gets them (Tactego: give a seed);
  // the wire options are these plus move_time_ms=0 (no clock: the test sets the pace) and
  // `match_options` (spectators, reconnect_grace_ms).
  ScriptedMatch(std::string game, engine::Options game_options, std::uint64_t move_seed,
                Json match_options = Json::object());

  void start(unsigned short port);  // creates the match and fills both seats
  // Plays up to `turns` whole turns; stops early when the game ends.
  void play(int turns);
  // DCMS: only the first seat submits its move of the current turn (the turn stays open).
  void submit_first_half();
  // New connections for both seats (the server restarted), `resume` with the old tokens.
  void resume(unsigned short port);
  void play_to_end() { play(1 << 30); }
  // Plays until the game ends (true) or the server stops answering, killed mid-game
  // (false). A refused move still throws MoveRefused.
  bool play_until_cut_off();
  // The highest `turn` of a state either seat's connection was sent: the turns someone was
  // told of (before a resume).
  std::size_t turns_told() const;
  // After a crash, the server says it stored `stored_turns` turns. It must hold every turn
  // anyone was told of, and may hold the one in flight (stored, nobody told yet): the
  // mirror then takes it too. Throws when the server holds fewer, or more than that turn.
  void follow_stored_turns(std::size_t stored_turns);

  bool over() const { return state_->outcome().over; }
  const std::string& id() const { return id_; }
  const std::string& game() const { return game_; }
  const std::vector<engine::JointMove>& turns() const { return turns_; }
  engine::Outcome outcome() const { return state_->outcome(); }
  const Json& last_state() const { return last_state_; }  // the last state the mover got
  const std::string& token(int seat) const { return tokens_[static_cast<std::size_t>(seat)]; }
  // Every place where a seat's `state` seq failed to rise (across resumes too); empty is good.
  const std::vector<std::string>& seq_problems();

 private:
  Json move_message(engine::Seat seat, const std::string& text) const;
  void send_move(engine::Seat seat);
  void choose_pending();
  void note_seqs(std::size_t seat);  // checks the states the seat's client got since last time

  std::string game_;
  engine::Options game_options_;
  Json match_options_;
  engine::Rng rng_;
  std::unique_ptr<engine::GameState> state_;
  std::string id_;
  std::array<std::string, 2> tokens_;
  std::array<std::unique_ptr<TestClient>, 2> clients_;
  engine::JointMove pending_{};  // this turn's moves, chosen once (re-sent after a crash)
  std::array<bool, 2> sent_{};
  std::vector<engine::JointMove> turns_;
  Json last_state_;
  std::array<std::uint64_t, 2> last_seq_{};
  std::array<std::size_t, 2> frames_checked_{};
  std::vector<std::string> seq_problems_;
};

}  // namespace skirmish::test
