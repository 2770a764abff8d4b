#include "client-cli/match_session.h"

#include <algorithm>
#include <csignal>
#include <iostream>

#include <unistd.h>

#include "client-cli/durations.h"
#include "client-cli/invites.h"
#include "client-cli/json_field.h"
#include "client-cli/match_terms.h"
#include "client-cli/saved_seats.h"
#include "client-cli/seat_names.h"
#include "client-cli/style.h"
#include "protocol/match_ids.h"
#include "protocol/version.h"

namespace skirmish::client {

namespace asio = boost::asio;
using nlohmann::json;

namespace {

// How long the client keeps trying to get back after a drop (the server's default grace).
constexpr int kMaxReconnectAttempts = 60;
// A bot (or a person) whose moves for one turn are refused this many times gives up the seat.
constexpr int kMaxRefusalsPerTurn = 50;
constexpr std::chrono::milliseconds kRateLimitedResendDelay{100};

bool contains(const json& list, const std::string& item) {
  if (!list.is_array()) return false;
  return std::any_of(list.begin(), list.end(),
                     [&](const json& x) { return x.is_string() && x.get<std::string>() == item; });
}

// A private match is found, joined and watched only with its invite code.
json with_invite(json message, const std::string& invite) {
  if (!invite.empty()) message["invite"] = invite;
  return message;
}

}  // namespace

MatchSession::MatchSession(asio::io_context& io, ServerUrl url, std::string name,
                           SeatRequest request, Actor& actor)
    : io_(io),
      url_(std::move(url)),
      name_(std::move(name)),
      request_(std::move(request)),
      actor_(actor),
      reconnect_timer_(io),
      resend_timer_(io),
      answer_wait_(io),
      signals_(io, SIGINT, SIGTERM, SIGHUP) {
  invite_ = request_.invite;
}

void MatchSession::start() {
  // Spectators get no token: nothing of theirs to take.
  if (request_.mode != SeatRequest::Mode::Watch)
    if (const std::string warning = clear_text_warning(url_); !warning.empty()) std::cerr << warning << std::endl;
  watch_signals();
  // The terminal's input ended between prompts: as its SIGHUP (the seat kept in a game; a
  // game not started, or watching, left), not at some later prompt.
  actor_.on_input_end([this] {
    if (done_) return;
    if (in_running_game()) return detach("the terminal's input ended");
    perform(Action{Action::Kind::Leave, {}});
  });
  open_connection(false);
}

void MatchSession::send(json message) {
  if (connection_) connection_->send(message);
}

void MatchSession::open_connection(bool resuming) {
  connection_ = std::make_shared<Connection>(io_, url_);
  connection_->on_message([this](const json& m) { on_message(m); });
  connection_->on_closed([this](const std::string& reason, LinkEnd how) { on_closed(reason, how); });
  connection_->connect([this, resuming](const std::string& error) { on_connected(error, resuming); });
}

void MatchSession::on_connected(const std::string& error, bool resuming) {
  if (done_) return;
  if (!error.empty()) {
    if (resuming) return schedule_reconnect();
    return finish(1, "Cannot reach the server at " + url_.text() + ": " + error);
  }
  json hello = {{"type", "hello"}, {"version", protocol::kProtocolVersion}, {"id", "hello"}};
  if (!name_.empty()) hello["name"] = name_;
  send(hello);
  await_seat(resuming);
  if (resuming) {
    asked_match_ = match_;
    if (seat_ == "spectator") {
      send(with_invite({{"type", "watch"}, {"match", match_}, {"id", "watch"}}, invite_));
    } else {
      send({{"type", "resume"}, {"match", match_}, {"token", token_}, {"id", "resume"}});
    }
  } else {
    request_seat();
  }
}

void MatchSession::await_seat(bool resuming) {
  answer_wait_.expires_after(request_.answer_wait);
  answer_wait_.async_wait([this, resuming](boost::system::error_code ec) {
    if (ec || done_) return;
    if (leaving_ && seat_.empty())  // a seat refused (refuse_seat), left: the server said nothing more
      return finish(1, "No answer from " + url_.text() + " to this client's leave within " +
                           describe_duration(request_.answer_wait) + "; the seat is freed after its reconnect grace");
    const std::string silent = "the server at " + url_.text() + " kept the connection but gave no seat within " +
                               describe_duration(request_.answer_wait);
    if (!resuming) return finish(1, "No answer: " + silent);
    connection_->close();  // as a lost connection: try again, up to the usual limit
    actor_.disconnected("No answer: " + silent + "; reconnecting...");
    schedule_reconnect();
  });
}

void MatchSession::create_match() {
  if (!request_.create_note.empty()) std::cout << request_.create_note << std::endl;
  send({{"type", "create_match"}, {"game", request_.game}, {"options", request_.options}, {"id", "create"}});
}

void MatchSession::request_seat() {
  switch (request_.mode) {
    case SeatRequest::Mode::Create:
      create_match();
      break;
    case SeatRequest::Mode::Join:
      // Its terms first: the player is told what they are joining (show_terms).
      send(with_invite({{"type", "list_matches"}, {"match", request_.match}, {"id", "terms"}}, invite_));
      break;
    case SeatRequest::Mode::Watch:
      asked_match_ = protocol::canonical_match_id(request_.match);
      send(with_invite({{"type", "watch"}, {"match", request_.match}, {"id", "watch"}}, invite_));
      break;
    case SeatRequest::Mode::Play:
      if (asks_private(request_.options)) {  // no one else's private match is listed: make one
        play_tried_create_ = true;
        std::cout << "Creating a private " << request_.game << " match" << std::endl;
        create_match();
        break;
      }
      send({{"type", "list_matches"}, {"game", request_.game}, {"id", "list"}});
      break;
    case SeatRequest::Mode::Resume:
      asked_match_ = protocol::canonical_match_id(request_.match);
      send({{"type", "resume"}, {"match", request_.match}, {"token", request_.token}, {"id", "resume"}});
      break;
  }
}

void MatchSession::join(const std::string& match) {
  // Create: the id match_created gave; Play: the listed match's; Join: the one typed.
  asked_match_ = protocol::canonical_match_id(match);
  json message = {{"type", "join"}, {"match", match}, {"id", "join"}};
  if (!request_.seat.empty()) message["seat"] = request_.seat;
  send(with_invite(message, invite_));  // its creator too needs the code it was given
}

void MatchSession::on_message(const json& message) {
  if (done_) return;
  const std::string type = message.value("type", "");
  if (type == "welcome") {
    // An older server does not say: it is taken to keep its games.
    const auto history = message.find("history");
    server_keeps_history_ = history == message.end() || !history->is_boolean() || history->get<bool>();
    return;
  }
  if (type == "error") return on_error(message);
  if (type == "match_created") {
    const std::string match = message.value("match", "");
    // A private match's code comes to its creator once, here; this client joins with it too.
    if (message.contains("invite") && message["invite"].is_string())
      invite_ = message["invite"].get<std::string>();
    // The whole command a friend elsewhere types (with --ca-file too for a self-signed wss://).
    std::cout << "Created " << message.value("game", "") << " match " << match << " (others join with: "
              << join_command(url_, match, invite_, request_.bot ? Joiner::Bot : Joiner::Person) << ")"
              << std::endl;
    if (const std::string note = loopback_note(url_); !note.empty()) std::cout << note << std::endl;
    if (!invite_.empty())
      std::cout << "Private match: its invite code is " << printable(invite_)
                << ". The server gave it to you only and will not show it again: pass it to your "
                   "opponent (anyone who has it can join or watch)."
                << std::endl;
    if (request_.detach) return finish(0, "");
    return join(match);
  }
  if (type == "matches" && message.value("id", "") == "terms") {
    // Only the terms of the match asked for: another's (a server that ignored the filter,
    // or lied) would be shown as this one's, and decide what is said if the join is full.
    const std::string asked = protocol::canonical_match_id(request_.match);
    for (const auto& m : message.value("matches", json::array())) {
      const json& id = field(m, "match");
      if (id.is_string() && protocol::canonical_match_id(id.get<std::string>()) == asked) {
        show_terms(m);
        if (!term_warnings(m).empty() && !request_.accept_terms) return confirm_terms();
        break;
      }
    }
    return join(request_.match);
  }
  if (type == "matches") {
    int other_terms = 0;  // open matches of the game, made on terms not asked for
    for (const auto& m : message.value("matches", json::array())) {
      if (m.value("status", "") != "open" || m.value("game", "") != request_.game) continue;
      // Only a match made on the terms this player asked for (-o, or none): not one whose
      // creator chose a fog match's seed, a time limit, or who may watch.
      if (!has_terms(m, request_.options)) {
        ++other_terms;
        continue;
      }
      // A seat a stopped client of ours left there (one that died waiting): joining the
      // other seat would be playing oneself.
      const std::string id = m.value("match", "");
      const auto saved = saved_seats(id);
      if (std::any_of(saved.begin(), saved.end(),
                      [&](const SavedSeat& s) { return s.server == url_.text() && left_behind(s); })) {
        std::cout << "Skipping open match " << id << ": a seat there is yours, left by a client that stopped "
                  << "(take it back with: skirmish resume " << id << ")" << std::endl;
        continue;
      }
      // Its creator's client is gone (within the reconnect grace): joining would start a
      // game against an empty chair, lost by forfeit after the grace.
      const auto seats = m.value("seats", json::array());
      if (std::any_of(seats.begin(), seats.end(), [](const json& seat) {
            return seat.value("taken", false) && !seat.value("connected", true);
          })) {
        std::cout << "Skipping open match " << id << ": its player is away (lost the connection)" << std::endl;
        continue;
      }
      for (const auto& seat : seats) {
        const bool wanted = request_.seat.empty() || seat.value("seat", "") == request_.seat;
        if (!seat.value("taken", true) && wanted) {
          std::cout << "Joining open match " << m.value("match", "") << " (" << describe_terms(m) << ")"
                    << std::endl;
          return join(m.value("match", ""));
        }
      }
    }
    play_tried_create_ = true;
    std::cout << "No open " << request_.game << " match on these terms: creating one" << std::endl;
    // A friend who typed other -o options waits in one of these: say so, or both wait.
    if (other_terms > 0)
      std::cout << "(" << other_terms << " open " << request_.game << " match" << (other_terms == 1 ? " has" : "es have")
                << " other terms: skirmish list " << request_.game << " shows them, skirmish join MATCH takes one)"
                << std::endl;
    create_match();
    return;
  }
  if (type == "joined") return on_joined(message);
  if (type == "watching") {
    if (!of_our_match(message)) return;
    const bool again = seat_ == "spectator";  // back after a drop: the board is drawn anew
    match_ = asked_match_;  // the same id (of_our_match)
    game_ = message.value("game", "");
    seat_ = "spectator";
    reconnect_attempts_ = 0;
    answer_wait_.cancel();
    names_.update(message);
    actor_.seats_named(names_);
    if (again)
      actor_.reconnected("Reconnected: watching match " + match_);
    else
      std::cout << "Watching match " << match_ << " (" << game_ << ")" << std::endl;
    return;
  }
  if (type == "state") return on_state(message);
  if (type == "submitted") {
    const std::string seat = message.value("seat", "");
    const bool setup = state_.is_object() && field(state_, "view").is_object() &&
                       field(state_, "view").value("phase", "") == "setup";
    const std::string what = setup ? "setup" : "move";
    if (seat == seat_) {
      actor_.notice("Your " + what + " is in; waiting for the other seat");
    } else {
      actor_.notice(seat + " has submitted its " + what);
    }
    return;
  }
  if (type == "shutdown") {
    // The connection is about to close: no prompt until the seat is back and asked again.
    // The server's words are for any client ("resume your seat with your token"); this one
    // does that by itself, so it says so instead.
    const std::string what_then =
        seat_ == "spectator" ? "watches again" : "takes the seat back";
    actor_.disconnected("The server is stopping (it says: " + message.value("message", "shutting down") +
                        "); this client reconnects and " + what_then + " by itself once it is back");
    return;
  }
  if (type == "presence") {
    const std::string text = names_.on_presence(message);
    actor_.seats_named(names_);
    actor_.notice(text);
    return;
  }
  if (type == "left") {
    // Only the answer to this client's leave: a `left` it did not ask for (no server sends
    // one) neither ends the seat here nor removes its saved token.
    if (!leaving_) return;
    forget_seat();
    finish(0, (seat_ == "spectator" ? "Stopped watching match " : "Left match ") + match_ + ".");
    return;
  }
}

void MatchSession::show_terms(const json& listed) {
  terms_watchable_ = listed.value("spectators_allowed", "none") != "none";
  std::cout << "Match " << listed.value("match", "") << " (" << listed.value("game", "") << "), options set by its creator: "
            << describe_terms(listed) << std::endl;
  for (const auto& warning : term_warnings(listed))
    std::cout << "Warning: " << warning << std::endl;
}

void MatchSession::confirm_terms() {
  answer_wait_.cancel();  // a person reading the warnings is no silent server
  asking_terms_ = true;
  actor_.confirm_join([this](bool yes) {
    if (done_) return;
    asking_terms_ = false;
    if (!yes) return decline_terms();
    await_seat(false);
    join(request_.match);
  });
}

void MatchSession::decline_terms() {
  finish(1, "Not joined: match " + printable(request_.match) +
                " is left as it is (skirmish join --yes takes the seat without asking).");
}

bool MatchSession::of_our_match(const json& message) {
  const std::string got = text_field(message, "match");
  // Once seated, the match is the one joined; before, the one asked for (none: nothing was).
  const std::string& ours = match_.empty() ? asked_match_ : match_;
  if (!ours.empty() && !got.empty() && protocol::canonical_match_id(got) == ours) return true;
  const std::string type = message.value("type", "");
  if (type == "state" && ours.empty()) return false;  // before any seat was asked for: not ours to show
  finish(1, "The server answered for another match: its `" + type + "` is of match " +
                (got.empty() ? std::string("(none named)") : printable(got)) + ", when this client asked for " +
                (ours.empty() ? std::string("none yet") : "match " + ours) +
                ". A faulty or hostile server: this client stops (no saved seat is changed).");
  return false;
}

void MatchSession::on_joined(const json& joined) {
  if (!of_our_match(joined)) return;
  // A first seat must be the one --seat asked for (or, resuming, the one saved).
  if (seat_.empty() && !request_.seat.empty() && !is_seat_asked(joined, request_.seat)) return refuse_seat(joined);
  // Back after a drop, the seat resumed must be the one held: another seat's token would be
  // saved as this one's.
  const std::string seat = joined.value("seat", "");
  if (!seat_.empty() && seat_ != "spectator" && seat != seat_)
    return finish(1, "The server answered for another seat: its `joined` gives seat " + printable(seat) +
                         " of match " + match_ + ", when this client resumed seat " + seat_ +
                         ". A faulty or hostile server: this client stops (no saved seat is changed).");
  const bool reconnected = joined.value("resumed", false) && !seat_.empty();
  match_ = asked_match_;  // the same id (of_our_match), as canonical: seat files are named so
  game_ = joined.value("game", "");
  seat_ = joined.value("seat", "");
  token_ = joined.value("token", token_);
  reconnect_attempts_ = 0;
  answer_wait_.cancel();
  names_.update(joined);
  actor_.seats_named(names_);
  if (reconnected) {
    actor_.reconnected("Reconnected: resumed seat " + seat_ + " in match " + match_);
    // Ask again on the next state: our move may have been lost in the drop.
    asked_key_ = -1;
    return;
  }
  if (joined.value("resumed", false)) {
    std::cout << "Resumed seat " << seat_ << " in match " << match_ << " (" << game_ << ")" << std::endl;
  } else {
    std::cout << "Joined match " << match_ << " (" << game_ << ") as " << seat_ << std::endl;
  }
  actor_.seated(joined);
}

void MatchSession::remember_seat() {
  remember_tried_ = true;
  const SaveResult saved = save_seat({url_.text(), match_, game_, seat_, token_, url_.ca_file, ::getpid()});
  if (!saved.path) {
    std::cout << "(your seat's token is not saved: " << saved.error
              << "; if this client stops, the seat is lost after the reconnect grace)" << std::endl;
    return;
  }
  seat_saved_ = true;
  std::cout << "If this client stops, take your seat back (within the reconnect grace) with: "
               "skirmish resume " << match_ << std::endl;
}

void MatchSession::forget_seat() {
  if (!seat_saved_) return;
  seat_saved_ = false;
  client::forget_seat(url_.text(), match_, seat_);
}

void MatchSession::on_error(const json& error) {
  const std::string code = error.value("code", "");
  const std::string text = error.value("message", "");
  const std::string id = error.contains("id") && field(error, "id").is_string() ? field(error, "id").get<std::string>() : "";
  const std::string where = code + ": " + text;
  if (id == "join" && request_.mode == SeatRequest::Mode::Play && !play_tried_create_ &&
      (code == "match_full" || code == "no_such_match" || code == "game_over")) {
    play_tried_create_ = true;  // someone took the open seat first
    create_match();
    return;
  }
  if (id == "terms") return join(request_.match);  // the terms are a courtesy; join says the rest
  if ((id == "join" || id == "watch") && code == "unauthorized")  // a private match: the invite code
    return finish(1, "The server refused (" + where + "); " +
                         invite_advice(url_, id, request_.match.empty() ? match_ : request_.match, !invite_.empty(),
                                       request_.bot ? Joiner::Bot : Joiner::Person));
  // The watched match was removed before it started (every player left, or none came):
  // the server says so without an id and forgets this spectator; a rewatch after a drop
  // finds it gone. Nothing more to watch: the end of a watch, like a finished game's.
  if (seat_ == "spectator" && code == "no_such_match" && (id.empty() || id == "watch"))
    return finish(0, "The server says: " + (text.empty() ? "match " + match_ + " was removed" : text));
  // A full match can still be watched when its creator allows spectators: its terms were
  // listed before the join only then (a running match that allows none is not listed).
  if (id == "join" && code == "match_full" && request_.seat.empty() && terms_watchable_)
    return finish(1, "The server refused (" + where + "); to watch it instead: " +
                         skirmish_command(url_, CaFileAs::Path) + "watch " + shell_word(printable(request_.match)) +
                         (invite_.empty() ? "" : " --invite CODE"));
  if (id == "hello" || id == "create" || id == "join" || id == "watch" || id == "list") {
    return finish(1, "The server refused (" + where + ")");
  }
  if (id == "resume") {
    // A match that ended or is gone has no seat to come back to.
    if (code == "game_over" || code == "no_such_match") {
      forget_seat();
      if (request_.mode == SeatRequest::Mode::Resume) client::forget_seat(url_.text(), request_.match, request_.seat);
    }
    return finish(1, "Cannot resume the seat (" + where + ")");
  }
  // The server drops an over-rate message unread, so the error has no id: resend the move
  // if one is still waiting for its answer.
  if (code == "rate_limited" && !last_move_id_.empty() && last_move_key_ == asked_key_ &&
      !awaiting_actor_) {
    return resend_last_move_later();
  }
  if (!id.empty() && id == last_move_id_) {
    if (code == "illegal_move" || code == "bad_message") {
      if (++consecutive_refusals_ >= kMaxRefusalsPerTurn) {
        return abandon("too many refused moves: " + std::to_string(consecutive_refusals_) +
                           " in one turn, the last because: " + text,
                       true);  // broke the protocol
      }
      if (last_move_key_ == asked_key_ && !awaiting_actor_) ask(asked_key_, text);
      return;
    }
    if (code == "not_your_turn" || code == "wrong_turn" || code == "game_over") return;  // the game moved on
  }
  if (id == "leave" && leaving_) return finish(0, "");
  // A player's resign refused: the game goes on, and its answer came (giving up still waits).
  if (id == "resign" && exit_code_ == 0) answer_wait_.cancel();
  if (code == "unauthorized" && !seat_.empty() && seat_ != "spectator") {
    // Another client resumed this seat with its token: that one plays it now. The seat file
    // is left alone; it is the other client's now.
    seat_saved_ = false;
    return finish(3, "Your seat " + seat_ + " in match " + match_ +
                         " is now played from another connection (it was resumed there); this "
                         "client stops.");
  }
  actor_.notice("Server error (" + where + ")");
}

void MatchSession::on_state(const json& state) {
  if (!of_our_match(state)) return;
  if (leaving_ && seat_.empty()) return;  // the states of a seat refused (refuse_seat)
  // Throws for a turn the engine cannot have: the message is refused (Connection), not
  // drawn, and never read as the turn already answered.
  const int key = turn_of(state);
  state_ = state;
  actor_.show(state);
  const std::string status = state.value("status", "");
  // Saved once the seat is known to be in a game that is not over (a resume may find the
  // game just ended: nothing to come back to).
  if (request_.remember_seat && !remember_tried_ && status != "over" && !seat_.empty() &&
      seat_ != "spectator")
    remember_seat();
  if (status == "over") {
    forget_seat();
    // A resume that finds the game ended: the seat's file, saved by the client that
    // stopped, has nothing left to come back to.
    if (request_.mode == SeatRequest::Mode::Resume && !seat_.empty() && seat_ != "spectator")
      client::forget_seat(url_.text(), match_, seat_);
    actor_.finished(state);
    if (request_.replay_hint && server_keeps_history_ && !match_.empty())
      actor_.notice("Step through it again: " + replay_command(url_, match_));
    return finish(0, "");
  }
  if (seat_.empty() || seat_ == "spectator" || status != "running") return;
  if (!contains(field(state, "to_act"), seat_) || contains(field(state, "submitted"), seat_)) return;
  if (key == asked_key_ && awaiting_actor_) return;  // already asked for this turn
  if (key == asked_key_ && !awaiting_actor_) return;  // answered; the reply is on its way
  // Asked again for a turn already answered: only after a reconnect, when the answer was
  // lost with the connection or with the server (a restart keeps no sealed DCMS move).
  // Said, so that the second prompt is no puzzle.
  if (key == last_move_key_)
    actor_.notice("What you sent for this turn did not reach the server, or was not kept through its restart: "
                  "answer again");
  consecutive_refusals_ = 0;
  ask(key, "");
}

void MatchSession::ask(int key, const std::string& refused) {
  awaiting_actor_ = true;
  asked_key_ = key;
  actor_.act(state_, refused, [this, key](Action action) {
    if (done_ || key != asked_key_ || !awaiting_actor_) return;  // a stale answer
    awaiting_actor_ = false;
    perform(action);
  });
}

// The server dropped the move for going over its per-connection message rate (fast bots
// can): send it again once the rate allows, unless the game has moved on meanwhile.
void MatchSession::resend_last_move_later() {
  resend_timer_.expires_after(kRateLimitedResendDelay);
  resend_timer_.async_wait([this, id = last_move_id_](boost::system::error_code ec) {
    if (ec || done_ || id != last_move_id_ || last_move_key_ != asked_key_) return;
    if (connection_ && connection_->open()) send(last_move_message_);
  });
}

void MatchSession::perform(const Action& action) {
  switch (action.kind) {
    case Action::Kind::Move: {
      json message = action.move;
      message["type"] = "move";
      last_move_id_ = "move-" + std::to_string(next_id_++);
      last_move_key_ = asked_key_;
      message["id"] = last_move_id_;
      message["turn"] = asked_key_;  // a move that arrives late is refused, not played next turn
      last_move_message_ = message;
      send(message);
      break;
    }
    case Action::Kind::Resign:
      if (!connected()) return give_up_offline();  // e.g. Ctrl-C, "y" while reconnecting
      send({{"type", "resign"}, {"id", "resign"}});
      await_answer_to("resign", 1);
      break;
    case Action::Kind::Detach:
      detach(action.why.empty() ? "the terminal's input ended" : action.why);
      break;
    case Action::Kind::Leave:
      leaving_ = true;
      if (match_.empty() || (!connected() && (seat_.empty() || seat_ == "spectator"))) return finish(0, "");
      if (!connected())
        return finish(0, "The connection to " + url_.text() +
                             " is down, so the seat could not be left: it is freed after the "
                             "server's reconnect grace.");
      send({{"type", "leave"}, {"id", "leave"}});
      await_answer_to("leave", 1);
      break;
  }
}

void MatchSession::await_answer_to(const std::string& sent, int code) {
  answer_wait_.expires_after(request_.answer_wait);  // a wait still armed (the seat's) ends here
  answer_wait_.async_wait([this, sent, code](boost::system::error_code ec) {
    if (ec || done_) return;
    finish(code, "No answer from " + url_.text() + " to this client's " + sent + " within " +
                     describe_duration(request_.answer_wait) + "; stopping (the server frees the seat after its "
                     "reconnect grace)");
  });
}

bool MatchSession::in_running_game() const {
  return !seat_.empty() && seat_ != "spectator" && state_.is_object() &&
         state_.value("status", "") == "running";
}

bool MatchSession::connected() const { return connection_ && connection_->open(); }

// Giving up while the connection is down (reconnecting): a resign or leave cannot be sent,
// and reconnecting only to send it would take the seat back. Stop here; the server ends
// the seat once its reconnect grace runs out.
void MatchSession::give_up_offline() {
  exit_code_ = 3;
  finish(3, "The connection to " + url_.text() + " is down, so the seat could not be " +
                (in_running_game() ? "resigned: the game is forfeited" : "left: it is freed") +
                " once the server's reconnect grace runs out" +
                (seat_saved_ ? " (until then, skirmish resume " + match_ + " takes it back)." : "."));
}

void MatchSession::detach(const std::string& why) {
  if (!seat_saved_) return abandon(why);  // nothing could take the seat back
  finish(3, "Stopping (" + why + "). Your seat stays yours for the server's reconnect grace: " +
                "take it back with: skirmish resume " + match_);
}

void MatchSession::abandon(const std::string& why, bool crashed) {
  if (done_) return;
  std::cout << "Giving up the seat: " << why << std::endl;
  actor_.giving_up(why, crashed);
  exit_code_ = 3;
  awaiting_actor_ = false;
  if (!match_.empty() && !connected()) return give_up_offline();
  if (in_running_game()) {
    // The final state ends the session.
    send({{"type", "resign"}, {"id", "resign"}, {"reason", crashed ? "crash" : "resignation"}});
    await_answer_to("resign", 3);
  } else if (!match_.empty()) {
    leaving_ = true;
    send({{"type", "leave"}, {"id", "leave"}});
    await_answer_to("leave", 3);
  } else {
    finish(3, "");
  }
}

void MatchSession::refuse_seat(const json& joined) {
  const std::string given = printable(joined.value("seat", ""));
  match_ = asked_match_;  // the same id (of_our_match)
  const std::string refused = "The server gave seat " + given + " of match " + match_ + ", not seat " +
                              printable(request_.seat) + " that this client asked for";
  if (request_.mode == SeatRequest::Mode::Resume)  // that token is not ours to leave with
    return finish(1, refused + ". A faulty or hostile server: this client stops (no saved seat is changed).");
  // Not played, and not held either: an opponent would wait for it until the server's
  // reconnect grace ran out. The `left` (or the link's end) ends the session, exit 1.
  std::cerr << refused << ": this client does not play another seat than the one asked for, and leaves it."
            << std::endl;
  exit_code_ = 1;
  leaving_ = true;
  send({{"type", "leave"}, {"id", "leave"}});
}

void MatchSession::stop_on_unusable(const std::string& reason) {
  std::string text = "Stopped: " + reason + ". Connecting again would only get the same: this client does not reconnect";
  const bool seated = !seat_.empty() && seat_ != "spectator";
  const auto saved = seated ? saved_seats(match_) : std::vector<SavedSeat>{};
  const bool kept = std::any_of(saved.begin(), saved.end(), [&](const SavedSeat& s) {
    return s.server == url_.text() && s.seat == seat_ && s.token == token_;
  });
  if (kept)
    text += ". Your seat's token stays saved: once the server (or this client) is fixed, within the server's "
            "reconnect grace, take the seat back with: skirmish resume " + match_;
  else if (seated)
    text += ". The seat is left behind: the server ends it once its reconnect grace runs out";
  finish(1, text + ".");
}

void MatchSession::on_closed(const std::string& reason, LinkEnd how) {
  if (done_) return;
  if (how == LinkEnd::UnusableMessage) return stop_on_unusable(reason);
  if (leaving_) return finish(exit_code_, "");
  if (match_.empty() || (token_.empty() && seat_ != "spectator")) {
    return finish(1, "Lost the connection to " + url_.text() + ": " + reason);
  }
  actor_.disconnected("Connection lost: " + reason + "; reconnecting...");
  schedule_reconnect();
}

void MatchSession::schedule_reconnect() {
  if (done_) return;
  if (++reconnect_attempts_ > kMaxReconnectAttempts) {
    std::string text = "Could not reconnect to " + url_.text() + "; giving up";
    const bool seated = !seat_.empty() && seat_ != "spectator";
    if (seat_saved_)
      text += ". Once the server is back, within its reconnect grace: skirmish resume " + match_;
    else if (seated)  // a bot's seat: its token was not saved
      text += ". The seat is left behind: the server ends it once its reconnect grace runs out";
    // 3: stopped during a game with the seat left behind (docs/operations.md), a bot's too;
    // a spectator's is a failure.
    return finish(seated ? 3 : 1, text);
  }
  const int delay_ms = std::min(1000, 100 * reconnect_attempts_);
  reconnect_timer_.expires_after(std::chrono::milliseconds(delay_ms));
  reconnect_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec && !done_) open_connection(true);
  });
}

void MatchSession::watch_signals() {
  signals_.async_wait([this](boost::system::error_code ec, int signal) {
    if (ec || done_) return;
    if (signal == SIGINT && in_running_game()) {
      actor_.interrupted([this](Action action) {
        if (done_) return;
        awaiting_actor_ = false;
        perform(action);
      });
    } else if (in_running_game()) {
      // A person's seat (its token saved) is kept: a closed terminal (SIGHUP) or a machine
      // shutting down (SIGTERM) is not a decision to lose. A bot's seat is given up.
      detach("stopped by signal " + std::to_string(signal));
    } else {
      // The terminal echoed "^C" with no newline: what follows gets a line of its own.
      if (signal == SIGINT && ::isatty(STDOUT_FILENO) == 1) std::cout << std::endl;
      // At the join question, a stop is its answer no, said as an Enter or Ctrl-D is.
      if (asking_terms_)
        decline_terms();
      else
        perform(Action{Action::Kind::Leave, {}});
    }
    // Not after finish(): its cancel() is done, and a wait armed now would keep the
    // io_context (a whole tournament) running for ever.
    if (!done_) watch_signals();
  });
}

void MatchSession::finish(int code, const std::string& message) {
  if (done_) return;
  done_ = true;
  if (exit_code_ == 0) exit_code_ = code;
  if (!message.empty()) (code == 0 ? std::cout : std::cerr) << message << std::endl;
  actor_.stop();
  reconnect_timer_.cancel();
  resend_timer_.cancel();
  answer_wait_.cancel();
  boost::system::error_code ignored;
  signals_.cancel(ignored);
  if (connection_) connection_->close();
}

}  // namespace skirmish::client
