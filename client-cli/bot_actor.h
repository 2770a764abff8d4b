#pragma once
// The bot bridge's player: each time the seat must act, one JSON line to the bot program
// (its view, whose turn, the deadline); one JSON move line back (docs/bots.md). The bridge
// keeps the clock: an answer later than the deadline is dropped (DCMS: a null move; the
// other games: the server's timeout rule). A bot that exits, crashes or writes something
// that is not a move makes the bridge give up the seat, saying which happened.
#include <deque>
#include <functional>
#include <ostream>
#include <string>

#include <boost/asio/steady_timer.hpp>

#include "client-cli/actor.h"
#include "client-cli/bot_process.h"

namespace skirmish::client {

class BotActor : public Actor {
 public:
  using FailureHandler = std::function<void(const std::string& why)>;

  BotActor(boost::asio::io_context& io, BotProcess& bot, std::ostream& out);
  // Starts the program; `on_failure` is told when the bot breaks the protocol.
  void start(FailureHandler on_failure);

  void show(const nlohmann::json& state) override;
  void act(const nlohmann::json& state, const std::string& refused, ActionHandler done) override;
  void notice(const std::string& text) override;
  void finished(const nlohmann::json& state) override;
  void interrupted(ActionHandler done) override;
  void giving_up(const std::string& why, bool crashed) override;
  void stop() override;

  // The path named in "(log: ...)" when the bot fails (default: the process's log file).
  void set_log_name(std::string name) { log_name_ = std::move(name); }
  // The bot's last answer line, as it wrote it ("" before the first).
  const std::string& last_answer() const { return last_answer_; }
  // Whether a request sent to the bot is still unanswered (also one whose deadline passed).
  bool owes_answer() const { return !pending_.empty(); }

  // Checks a bot's answer for `game`/`phase`; "" when it is a move, else what is wrong.
  static std::string check_answer(const nlohmann::json& answer, const std::string& game,
                                  const std::string& phase);

 private:
  struct Pending {
    ActionHandler done;  // empty once the deadline passed: the answer is dropped
    std::string game;
    std::string phase;
    int turn = 0;
  };
  void on_line(const std::string& line);
  void fail(const std::string& why);
  // Says the bot missed the deadline of `late`, whose answer is then dropped.
  void report_missed(Pending& late);
  void note_missed_deadline(const nlohmann::json& state);

  BotProcess& bot_;
  std::ostream& out_;
  boost::asio::steady_timer deadline_;
  std::deque<Pending> pending_;  // one per request sent, answered in order
  FailureHandler on_failure_;
  std::string log_name_;
  std::string last_answer_;
  nlohmann::json last_shown_;   // the turn and `last` report printed last (see show())
  int refusals_shown_ = 0;       // of the turn being asked again
  std::string sent_move_;        // DCMS: the move text the bot sent for sent_move_turn_
  long long sent_move_turn_ = -1;
  bool failed_ = false;
  bool stopped_ = false;
};

}  // namespace skirmish::client
