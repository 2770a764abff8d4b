#pragma once
// Who plays a seat: a person at the terminal (HumanActor) or a bot program (BotActor).
// The MatchSession owns the connection and the game's flow and asks the actor to act.
#include <functional>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "client-cli/seat_names.h"

namespace skirmish::client {

struct Action {
  // Detach: stop this client but keep the seat (the terminal closed): the server holds it
  // for its reconnect grace, and `skirmish resume` takes it back.
  enum class Kind { Move, Resign, Leave, Detach };
  Action() = default;
  Action(Kind kind_, nlohmann::json move_ = {}, std::string why_ = {})
      : kind(kind_), move(std::move(move_)), why(std::move(why_)) {}
  Kind kind = Kind::Move;
  nlohmann::json move;  // the `move` message's game fields (Kind::Move)
  std::string why;      // Detach: what stopped the client, when not the input's end
};
using ActionHandler = std::function<void(Action)>;

class Actor {
 public:
  virtual ~Actor() = default;
  virtual void seated(const nlohmann::json& joined) { (void)joined; }
  // The players' names changed (joined, watching, presence); before the state that follows.
  virtual void seats_named(const SeatNames& names) { (void)names; }
  // Every `state` the server sends (players and spectators).
  virtual void show(const nlohmann::json& state) = 0;
  // The seat must act now. `refused` is why the last answer for this turn was refused ("" if
  // none). A later act() replaces an earlier one that was not answered (the turn moved on).
  virtual void act(const nlohmann::json& state, const std::string& refused, ActionHandler done) = 0;
  // Something worth telling (the opponent dropped, reconnecting, ...).
  virtual void notice(const std::string& text) = 0;
  // The connection dropped (the session is reconnecting), or is about to (the server's
  // shutdown notice): nothing can be sent until the seat is back and asked again.
  virtual void disconnected(const std::string& text) { notice(text); }
  // The seat is back after a drop; the current state follows at once.
  virtual void reconnected(const std::string& text) { notice(text); }
  // The final state (outcome set).
  virtual void finished(const nlohmann::json& state) = 0;
  // Ctrl-C during a game: `done` gets Resign, or is never called to carry on.
  virtual void interrupted(ActionHandler done) = 0;
  // The session is giving up the seat (resigning, or leaving a game not started): `crashed`
  // when it is the seat's fault (its bot failed, or too many of its moves were refused).
  virtual void giving_up(const std::string& why, bool crashed) {
    (void)why;
    (void)crashed;
  }
  // Before joining a match somebody else made whose terms could be unfair to this seat
  // (match_terms.h, term_warnings; already printed): `answer(true)` takes the seat,
  // `answer(false)` leaves the match alone. Only a person at a terminal is asked: a bot,
  // a script of moves or a tournament goes on.
  virtual void confirm_join(std::function<void(bool)> answer) { answer(true); }
  // `handler` runs when a person's terminal input ends while no prompt is open (Ctrl-D, a
  // closed terminal): the session then stops at once, as for the terminal's SIGHUP, instead
  // of at the next prompt. Actors without a terminal never call it.
  virtual void on_input_end(std::function<void()> handler) { (void)handler; }
  // The session is ending: stop reading input, stop programs.
  virtual void stop() {}
};

}  // namespace skirmish::client
