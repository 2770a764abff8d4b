#pragma once
// A person at the terminal: every state is drawn, moves are typed at the seeds' prompts,
// refused input is asked again with the reason; `help` or `?` at a prompt shows the game's
// legend; `resign` at a prompt or Ctrl-C asks whether to resign.
#include <chrono>
#include <memory>
#include <optional>
#include <ostream>

#include <boost/asio/steady_timer.hpp>

#include "client-cli/actor.h"
#include "client-cli/line_input.h"
#include "client-cli/move_dialogs.h"
#include "client-cli/style.h"

namespace skirmish::client {

class HumanActor : public Actor {
 public:
  HumanActor(LineInput& input, Style style, std::ostream& out);

  // On a terminal, a prompt with over 1.5 times this left says once, this long before the
  // limit, how much is left: a person thinking has no clock on the screen.
  static constexpr std::chrono::seconds kTimeWarning{10};

  void seats_named(const SeatNames& names) override { names_ = names; }
  void show(const nlohmann::json& state) override;
  void act(const nlohmann::json& state, const std::string& refused, ActionHandler done) override;
  void notice(const std::string& text) override;
  void disconnected(const std::string& text) override;
  void reconnected(const std::string& text) override;
  void finished(const nlohmann::json& state) override;
  void interrupted(ActionHandler done) override;
  void confirm_join(std::function<void(bool)> answer) override;
  void on_input_end(std::function<void()> handler) override { input_ended_ = std::move(handler); }
  void stop() override;

 private:
  void ask();
  // A line typed at the open move prompt (nullopt: end of input).
  void answer(std::optional<std::string> line);
  void listen_between_prompts();
  std::string not_asked_note() const;
  // What waits for an answer on the screen: the resign question, a move prompt, or "".
  std::string open_question() const;
  // `text` (whole lines) above the line being typed, which is drawn again under it.
  void say_above_typing(const std::string& text);
  void confirm_resign(ActionHandler done);
  Action end_of_input();
  std::string status_line(const nlohmann::json& state) const;
  // Arms (or, with no time limit, cancels) the warning for the prompt just opened.
  void warn_before_deadline(const nlohmann::json& state);

  LineInput& input_;
  Style style_;
  std::ostream& out_;
  std::unique_ptr<MoveDialog> dialog_;
  int dialog_turn_ = -1;  // the turn the open dialog is for
  ActionHandler done_;
  std::function<void()> input_ended_;
  bool asking_resign_ = false;
  bool asking_join_ = false;  // the question before joining a match on unfair terms
  bool told_how_to_resign_ = false;
  bool told_time_limit_ = false;
  nlohmann::json last_drawn_;  // what the last drawn state showed (see show())
  std::string game_;           // of the last state shown, for its legend between prompts
  std::string status_;         // the last state's status ("waiting", "running", ...)
  std::string you_;            // and whose screen this is (a seat, or "spectator")
  bool offline_ = false;       // between disconnected() and reconnected()
  bool timed_ = false;         // the last state shown had a deadline (the clock ran)
  SeatNames names_;            // for the header
  boost::asio::steady_timer time_warning_;
};

}  // namespace skirmish::client
