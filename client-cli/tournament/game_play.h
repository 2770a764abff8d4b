#pragma once
// One tournament game on a server, played by two bot programs through the bot bridge
// (BotProcess + BotActor + MatchSession from client-cli): the first bot's session creates
// the match with the tournament's options and takes the first seat, the second joins the
// second seat. Both seats are always taken, even by a bot that already died: its seat then
// resigns with the reason "crash" as soon as the game runs, so every game is a finished
// match with a record. Crashes (the bridge gives the seat up, also after too many refused
// moves) and timeouts (null moves the server's states report, or its timeout rule) are
// counted per bot. Each bot's output for the game goes to LOG_DIR/running/ while it plays and
// is appended to LOG_DIR/NAME.log, under the game's header, when the game ends.
#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/server_url.h"
#include "client-cli/tournament/resource_limits.h"
#include "client-cli/tournament/roster.h"
#include "client-cli/tournament/schedule.h"
#include "client-cli/tournament/standings.h"

namespace skirmish::tournament {

struct GameSettings {
  client::ServerUrl server;
  std::string game;
  nlohmann::json options = nlohmann::json::object();
  std::array<std::string, 2> seat_names;
  std::string python = "/usr/bin/python3";
  std::string bots_dir;        // where seed_submission.py is
  std::string limits_program;  // skirmish-bot-limits; "" runs bots without limits
  ResourceLimits limits;
  std::string log_dir;         // per-bot stderr logs: LOG_DIR/NAME.log
  std::chrono::seconds game_timeout{600};
};

class GamePlay {
 public:
  using DoneHandler = std::function<void()>;

  GamePlay(boost::asio::io_context& io, const GameSettings& settings, ScheduledGame game,
           const BotEntry& bot0, const BotEntry& bot1);
  ~GamePlay();
  GamePlay(const GamePlay&) = delete;
  GamePlay& operator=(const GamePlay&) = delete;

  // Starts the game; `done` is called once, from the io_context, when both seats are done.
  void start(DoneHandler done);
  // Gives up both seats (Ctrl-C, or the game ran past its time): the game is not recorded.
  void abort(const std::string& why);

  // After done: true with record() filled, or false with error() saying why.
  bool succeeded() const { return error_.empty() && recorded_; }
  const GameRecord& record() const { return record_; }
  const std::string& error() const { return error_; }
  const ScheduledGame& scheduled() const { return game_; }

 private:
  struct Player;
  class RecordingActor;
  void start_bot(int seat);
  void start_session(int seat, const std::string& match);
  void on_seated(int seat, const nlohmann::json& joined);
  void on_state(int seat, const nlohmann::json& state);
  void on_finished(int seat);
  void on_giving_up(int seat, const std::string& why, bool crashed);
  void give_up_if_crashed(Player& player);
  void on_player_done(int seat);
  void conclude();
  std::string running_log(const Player& player) const;
  void append_game_log(const Player& player) const;

  boost::asio::io_context& io_;
  GameSettings settings_;
  ScheduledGame game_;
  std::array<BotEntry, 2> bots_;
  std::array<std::unique_ptr<Player>, 2> players_;
  boost::asio::steady_timer watchdog_;
  std::string match_;
  nlohmann::json final_state_;
  DoneHandler done_;
  GameRecord record_;
  std::string error_;
  bool recorded_ = false;
  bool concluded_ = false;
};

// The turn whose null move for `seat` (a DCMS move or setup the server did not get in
// time) this state reports in `last`, if it does. Counted from the server's states, not
// the bridge's own clock: on a busy machine an answer the bridge sent in time can still
// reach the server late.
std::optional<int> null_move_turn(const nlohmann::json& state, const std::string& seat);

// The `turns` of a finished game as `skirmish replay` numbers them: the moves played, the
// DCMS setup not counted. `final_turn` is the server's counter in the final state.
int played_turns(const std::string& game, int final_turn);

}  // namespace skirmish::tournament
