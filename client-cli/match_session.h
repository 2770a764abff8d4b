#pragma once
// One seat (or a spectator) in one match: connects, says hello, gets a seat (create, join,
// play = join an open match or create one, watch), then follows the match's states and
// asks the Actor to act whenever the seat must. After a network drop it reconnects by
// itself and resumes the seat with its token.
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include "client-cli/actor.h"
#include "client-cli/connection.h"

namespace skirmish::client {

struct SeatRequest {
  enum class Mode { Create, Join, Play, Watch, Resume };
  Mode mode = Mode::Play;
  std::string game;      // Create, Play
  std::string match;     // Join, Watch, Resume
  std::string seat;      // optional seat name (Create, Join, Play)
  std::string token;     // Resume: the seat's token
  std::string invite;    // Join, Watch: a private match's invite code (never saved to disk)
  nlohmann::json options = nlohmann::json::object();  // Create, Play
  bool detach = false;   // Create: print the match id and stop
  // Join: take the seat without asking when its terms could be unfair (join --yes); the
  // warnings are still printed.
  bool accept_terms = false;
  // A program plays this seat (`skirmish bot`): the creator's hint shows the other side
  // `skirmish bot`, not `skirmish join`.
  bool bot = false;
  // Keep the seat's token in a file while the game runs (saved_seats.h), so that
  // `skirmish resume` can take the seat back after this client stops. People's seats only.
  bool remember_seat = false;
  // At the game's end, say how to step through it again (a tournament lists its games in
  // its own results instead).
  bool replay_hint = true;
  // Said when this client creates the match (e.g. the time it chose for people).
  std::string create_note;
  // How long a connected server may take to give the seat (joined, watching) before it is
  // called silent: one that keeps the connection (it answers pings) but never replies would
  // otherwise hold the client for ever.
  std::chrono::milliseconds answer_wait{30'000};
};

class MatchSession {
 public:
  MatchSession(boost::asio::io_context& io, ServerUrl url, std::string name, SeatRequest request,
               Actor& actor);
  void start();
  // Gives up the seat: resigns a running game (leaves one not started) and ends with exit
  // code 3. The bot bridge calls this with `crashed` when the bot program fails, so the
  // game ends with the reason "crash". While reconnecting it ends at once (exit code 3),
  // saying the seat is lost only after the server's reconnect grace.
  void abandon(const std::string& why, bool crashed = false);
  // Stops this client but keeps the seat when its token is saved (a person's seat): the
  // server holds it for the reconnect grace and `skirmish resume` takes it back. A seat
  // that nothing could take back is given up (abandon).
  void detach(const std::string& why);
  int exit_code() const { return exit_code_; }
  // A private match's invite code: the one the server gave this client when it created the
  // match, else the one it was asked to join or watch with ("" for a public match).
  const std::string& invite() const { return invite_; }

 private:
  void open_connection(bool resuming);
  void on_connected(const std::string& error, bool resuming);
  void on_message(const nlohmann::json& message);
  void on_closed(const std::string& reason, LinkEnd how);
  // The server sent a message this client cannot use: stops at once (exit 1), the saved
  // seat kept, for connecting again would only get the same message.
  void stop_on_unusable(const std::string& reason);
  // A first `joined` that gives another seat than --seat asked for: said, and the seat left.
  void refuse_seat(const nlohmann::json& joined);
  void on_error(const nlohmann::json& error);
  void request_seat();
  void create_match();  // of request_ (Create, or Play finding no match to join)
  void join(const std::string& match);
  void show_terms(const nlohmann::json& listed);  // before joining a match by its id
  // Joins request_.match once the actor agrees to terms term_warnings found unfair.
  void confirm_terms();
  void decline_terms();  // the answer no (or Ctrl-C) to confirm_terms' question: exit 1
  // Arms answer_wait_ for the seat asked for (after hello, or after a question answered).
  void await_seat(bool resuming);
  void on_joined(const nlohmann::json& joined);
  void on_state(const nlohmann::json& state);
  // Whether `message` (joined, watching, state) is of the match this client asked for;
  // when not, ends the session (exit 1) saying the server answered for another match.
  bool of_our_match(const nlohmann::json& message);
  void remember_seat();
  void forget_seat();
  void ask(int key, const std::string& refused);
  void perform(const Action& action);
  void resend_last_move_later();
  void schedule_reconnect();
  void watch_signals();
  void give_up_offline();
  // After a resign or leave that should end the session: a server that never answers it
  // stops the client after request_.answer_wait (exit `code`) rather than never.
  void await_answer_to(const std::string& sent, int code);
  void finish(int code, const std::string& message);
  void send(nlohmann::json message);
  bool connected() const;
  bool in_running_game() const;

  boost::asio::io_context& io_;
  ServerUrl url_;
  std::string name_;
  SeatRequest request_;
  Actor& actor_;
  std::shared_ptr<Connection> connection_;
  boost::asio::steady_timer reconnect_timer_;
  boost::asio::steady_timer resend_timer_;  // a move the server's rate limit dropped
  // From hello until the seat is given, and from a resign or leave until its answer
  // (request_.answer_wait).
  boost::asio::steady_timer answer_wait_;
  boost::asio::signal_set signals_;
  int reconnect_attempts_ = 0;

  // The match this client last asked to join, watch or resume (as canonical_match_id has
  // it): a joined, watching or state of any other is the server's fault, refused.
  std::string asked_match_;
  std::string match_;
  std::string game_;
  std::string seat_;   // "" until seated; "spectator" when watching
  std::string token_;
  std::string invite_;  // see invite()
  SeatNames names_;    // who plays each seat, when the server says (seat_names.h)
  nlohmann::json state_;
  bool terms_watchable_ = false;  // the match joined allows spectators (its listed terms)
  bool play_tried_create_ = false;
  bool seat_saved_ = false;
  bool server_keeps_history_ = true;  // its welcome's `history`: finished games can be replayed
  bool remember_tried_ = false;
  bool awaiting_actor_ = false;
  int asked_key_ = -1;
  std::string last_move_id_;
  nlohmann::json last_move_message_;
  int last_move_key_ = -1;
  int next_id_ = 1;
  int consecutive_refusals_ = 0;
  bool leaving_ = false;
  bool asking_terms_ = false;  // confirm_terms' question waits for its answer
  bool done_ = false;
  int exit_code_ = 0;
};

}  // namespace skirmish::client
