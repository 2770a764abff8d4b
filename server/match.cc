#include "server/match.h"

#include <algorithm>
#include <atomic>

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "protocol/error_code.h"
#include "protocol/match_setup.h"
#include "server/random_ids.h"
#include "server/store/token_hash.h"

namespace skirmish::server {

using protocol::ErrorCode;
using protocol::MatchStatus;
using protocol::ProtocolError;

namespace {
std::size_t index(engine::Seat seat) { return static_cast<std::size_t>(seat); }
engine::Seat other(engine::Seat seat) { return 1 - seat; }

// The first seq of a match reloaded after a restart or a crash. No participant may see seq
// repeat or go back, but the store keeps no seq and not every change is stored (the state
// that restarts the clock after `resume`, a seat of an open match freed and taken again).
// So: the changes the store knows of (joins, turns) plus the milliseconds since the match
// was created. A match's first run starts from 0 on that same scale (no changes, no time),
// and each run adds every stored change it makes plus far fewer unstored ones than the
// milliseconds it lasts, so the next run always starts above anything sent before. This
// holds as long as the host's clock does not step back by more than a restart takes.
std::uint64_t first_seq_after_restart(const store::MatchRecord& record, std::int64_t now_ms) {
  const std::int64_t since_created = std::max<std::int64_t>(1, now_ms - record.created_ms);
  return record.seats.size() + record.turns.size() + static_cast<std::uint64_t>(since_created);
}
}  // namespace

Match::Match(boost::asio::any_io_executor executor, std::string id, const engine::GameInfo& info,
             const protocol::GameCodec& codec, engine::Options resolved,
             protocol::MatchSettings settings, std::unique_ptr<engine::GameState> state,
             std::chrono::milliseconds deadline_margin, Retire retire, MatchServices services)
    : executor_(executor),
      id_(std::move(id)),
      info_(info),
      codec_(codec),
      resolved_(std::move(resolved)),
      settings_(settings),
      state_(std::move(state)),
      deadline_margin_(deadline_margin),
      retire_(std::move(retire)),
      services_(std::move(services)),
      deadline_timer_(executor) {}

Match::~Match() = default;

std::uint64_t Match::next_instance() {
  static std::atomic<std::uint64_t> made{0};
  return made.fetch_add(1, std::memory_order_relaxed);
}

void Match::restore(const store::MatchRecord& record) {
  std::lock_guard lock(mutex_);
  created_ms_ = record.created_ms;
  stored_turns_ = record.turns.size();
  seq_ = first_seq_after_restart(record, unix_ms());
  for (const auto& seat : record.seats) {
    SeatSlot& mine = slot(seat.seat);
    mine.taken = true;
    mine.token_hash = seat.token_hash;
    mine.player_name = seat.name;
    mine.connected = false;
  }
  if (record.state == store::MatchState::Running) {
    set_status(MatchStatus::Running);
    if (state_->outcome().over) {  // the last turn was stored, its ending was not
      finish(state_->outcome());
      return;
    }
    clock_waits_for_seats_ = true;
  }
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    if (slot(s).taken) hold_seat(s);
  spdlog::info("match {}: reloaded ({}, {} turns), waiting for its players to resume", id_,
               status_ == MatchStatus::Running ? "running" : "open", stored_turns_);
}

void Match::stop_grace(SeatSlot& seat) {
  ++seat.grace_generation;  // a grace timer that already fired finds itself stale
  if (seat.grace_timer) seat.grace_timer->cancel();
}

// Holds a seat nobody is connected to for the reconnect grace; then it forfeits (running)
// or is freed (open).
void Match::hold_seat(engine::Seat seat) {
  SeatSlot& mine = slot(seat);
  const std::uint64_t generation = ++mine.grace_generation;
  // Made on first use: most seats are never held, and a finished match lingers a minute.
  if (!mine.grace_timer) mine.grace_timer = std::make_unique<boost::asio::steady_timer>(executor_);
  mine.grace_timer->expires_after(settings_.reconnect_grace);
  mine.grace_timer->async_wait(
      [self = shared_from_this(), seat, generation](const boost::system::error_code& ec) {
        if (!ec) self->on_grace_expired(seat, generation);
      });
}

bool Match::over() const {
  std::lock_guard lock(mutex_);
  return status_ == MatchStatus::Over;
}

bool Match::removed() const {
  std::lock_guard lock(mutex_);
  return removed_;
}

void Match::mark_removed(const std::string& why) {
  std::lock_guard lock(mutex_);
  removed_ = true;
  const Message notice = make_message(protocol::encode_error(
      ErrorCode::NoSuchMatch, "match " + id_ + " was removed before it started: " + why, {}));
  for (const auto& spectator : spectators_)
    if (auto connection = spectator.connection.lock()) connection->deliver(notice);
  spectators_.clear();
}

engine::Outcome Match::outcome() const {
  return server_outcome_ ? *server_outcome_ : state_->outcome();
}

protocol::MatchSummary Match::summary() const {
  std::lock_guard lock(mutex_);
  protocol::MatchSummary out;
  out.match = id_;
  out.game = info_.name;
  out.status = status_ == MatchStatus::Waiting ? "open"
               : status_ == MatchStatus::Running ? "running"
                                                 : "over";
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    auto& seat = out.seats[index(s)];
    seat.seat = std::string(seat_name(s));
    seat.taken = slot(s).taken;
    seat.connected = slot(s).connected;
    seat.player = slot(s).player_name;
  }
  out.spectators = static_cast<int>(spectators_.size());
  out.spectators_allowed = settings_.spectators;
  return out;
}

std::shared_ptr<const protocol::MatchTerms> Match::terms() const {
  if (!set_by_creator_) return nullptr;  // immutable once published: no lock needed
  return std::make_shared<const protocol::MatchTerms>(
      protocol::match_terms(info_, codec_, resolved_, settings_, *set_by_creator_));
}

bool Match::opens_with(const std::string& invite) const {
  return invite_hash_.empty() || store::token_matches(canonical_invite_code(invite), invite_hash_);
}

void Match::check_invite(const std::string& invite) const {
  if (opens_with(invite)) return;
  if (invite.empty())
    throw ProtocolError(ErrorCode::Unauthorized,
                        "match " + id_ + " is private: joining or watching it needs its invite code "
                        "(field 'invite'), which its creator was given");
  throw ProtocolError(ErrorCode::Unauthorized, "that is not the invite code of match " + id_);
}

void Match::set_status(MatchStatus status) {
  status_ = status;
  waiting_for_players_.store(status == MatchStatus::Waiting, std::memory_order_relaxed);
}

// ---- joining ---------------------------------------------------------------------------

engine::Seat Match::join(const std::shared_ptr<Participant>& who,
                         const std::optional<std::string>& seat_wanted,
                         const std::string& player_name, const std::string& id) {
  std::lock_guard lock(mutex_);
  if (status_ == MatchStatus::Over)
    throw ProtocolError(ErrorCode::GameOver, "match " + id_ + " is over");
  engine::Seat seat = -1;
  if (seat_wanted) {
    const auto found = engine::find_seat(info_, *seat_wanted);
    if (!found)
      throw ProtocolError(ErrorCode::BadMessage, "field 'seat': this game has no seat '" + *seat_wanted +
                                                     "' (seats: " + engine::seat_choices(info_) + ")");
    seat = *found;
    if (slot(seat).taken)
      throw ProtocolError(ErrorCode::MatchFull, "seat '" + std::string(seat_name(seat)) + "' of match " + id_ +
                                                    " is taken");
  } else {
    for (engine::Seat s = engine::kSeatCount - 1; s >= 0; --s)
      if (!slot(s).taken) seat = s;
    if (seat < 0) throw ProtocolError(ErrorCode::MatchFull, "match " + id_ + " has no free seat");
  }

  const std::string token = random_token();
  services_.write("seat a player in match " + id_,
                  [id = id_, seat, player_name, token, now = unix_ms()](store::MatchStore& store) {
                    store.record_join(id, seat, player_name, token, now);
                  });
  unjoined_timer_.reset();  // someone came: its pending wait ends, aborted
  SeatSlot& mine = slot(seat);
  mine.taken = true;
  mine.token_hash = store::hash_token(token);
  mine.player_name = player_name;
  mine.connection = who;
  mine.connection_id = who.get();
  mine.connected = true;
  spdlog::info("match {}: '{}' joined as {}", id_, player_name, seat_name(seat));
  who->deliver(make_message(
      protocol::encode_joined(id_, info_.name, seat_name(seat), seat, token, false, players(), id)));
  tell_others(seat, protocol::PresenceEvent::Joined);

  bool full = true;
  for (const auto& s : seats_) full = full && s.taken;
  if (full && status_ == MatchStatus::Waiting) start_game();
  // One change, one seq: a game lost before its first move was counted by finish().
  if (status_ != MatchStatus::Over) ++seq_;
  publish(seat, id);
  return seat;
}

void Match::watch(const std::shared_ptr<Participant>& who, const std::string& id) {
  std::lock_guard lock(mutex_);
  if (settings_.spectators == protocol::Spectators::None)
    throw ProtocolError(ErrorCode::SpectatorsNotAllowed,
                        "match " + id_ + " does not allow spectators");
  spectators_.push_back({who, who.get()});
  const bool full_view = settings_.spectators == protocol::Spectators::Full;
  who->deliver(make_message(protocol::encode_watching(id_, info_.name, full_view, players(), id)));
  who->deliver(encode_for(full_view ? engine::Viewer::full() : engine::Viewer::spectator(),
                          "spectator", id));
  spdlog::info("match {}: a spectator joined ({} watching)", id_, spectators_.size());
}

engine::Seat Match::resume(const std::shared_ptr<Participant>& who, const std::string& token,
                           const std::string& id) {
  std::lock_guard lock(mutex_);
  engine::Seat seat = -1;
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    if (slot(s).taken && store::token_matches(token, slot(s).token_hash)) seat = s;
  if (seat < 0)
    throw ProtocolError(ErrorCode::Unauthorized, "that token holds no seat in match " + id_);
  SeatSlot& mine = slot(seat);
  // A connection still holding the seat is told it has lost it (its client can stop
  // rather than wait for a turn that will never be asked of it).
  if (const auto old = mine.connection.lock(); old && old.get() != who.get())
    old->deliver(make_message(protocol::encode_error(
        ErrorCode::Unauthorized,
        "seat '" + std::string(seat_name(seat)) + "' was resumed on another connection; this one no "
        "longer holds it",
        {})));
  mine.connection = who;
  mine.connection_id = who.get();
  mine.connected = true;
  stop_grace(mine);
  spdlog::info("match {}: {} resumed", id_, seat_name(seat));
  who->deliver(make_message(
      protocol::encode_joined(id_, info_.name, seat_name(seat), seat, token, true, players(), id)));
  if (win_by_opponents_forfeit(seat)) {
    tell_others(seat, protocol::PresenceEvent::Reconnected);
    publish(seat, id);  // the final state, to the resumer with its id
    return seat;
  }
  // After a restart the clock waits until every seat is back, then gives a full turn.
  bool restart_clock = false;
  if (clock_waits_for_seats_ && status_ == MatchStatus::Running) {
    restart_clock = true;
    for (const auto& s : seats_) restart_clock = restart_clock && (!s.taken || s.connected);
    if (restart_clock) {
      clock_waits_for_seats_ = false;
      start_deadline();
      ++seq_;
    }
  }
  tell_others(seat, protocol::PresenceEvent::Reconnected);
  if (restart_clock)
    publish(seat, id);  // everyone learns the new deadline; the resumer once, with its id
  else
    who->deliver(encode_for(engine::Viewer::of_seat(seat), seat_name(seat), id));
  return seat;
}

// ---- playing ---------------------------------------------------------------------------

void Match::require_seat_holder(const Participant* who, engine::Seat seat) const {
  if (slot(seat).connection_id != who)
    throw ProtocolError(ErrorCode::Unauthorized,
                        "seat '" + std::string(seat_name(seat)) +
                            "' was resumed on another connection");
}

void Match::require_running() const {
  if (status_ == MatchStatus::Waiting)
    throw ProtocolError(ErrorCode::NotStarted,
                        "match " + id_ + " has not started: waiting for a player");
  if (status_ == MatchStatus::Over)
    throw ProtocolError(ErrorCode::GameOver, "match " + id_ + " is over");
}

// A move that says which turn it is for must not land on another one: late, it would
// otherwise count for the next turn (DCMS, after the deadline resolved the turn).
void Match::require_current_turn(std::optional<long long> for_turn) const {
  if (!for_turn || *for_turn == state_->turn()) return;
  throw ProtocolError(ErrorCode::WrongTurn,
                      "this move is for turn " + std::to_string(*for_turn) + " but turn " +
                          std::to_string(state_->turn()) + " is being played; it was not applied");
}

void Match::move(const Participant* who, engine::Seat seat, const nlohmann::json& message,
                 std::optional<long long> for_turn, const std::string& id) {
  std::lock_guard lock(mutex_);
  require_running();
  require_seat_holder(who, seat);
  require_current_turn(for_turn);
  std::string text = codec_.move_text(message, *state_, seat);  // the shape first
  if (!state_->to_act().contains(seat))
    throw ProtocolError(ErrorCode::NotYourTurn,
                        "it is " + std::string(seat_name(other(seat))) + "'s turn");
  if (auto reason = state_->check_move(seat, text))
    throw ProtocolError(ErrorCode::IllegalMove, *reason);

  if (!state_->simultaneous()) {
    std::array<std::int64_t, engine::kSeatCount> ms{};
    ms[index(seat)] = turn_elapsed_ms();
    // Built through TurnRecord::single (another translation unit) on purpose: filling a fresh
    // JointMove here (`moves[i] = std::move(text)`) crashed the -O2 build intermittently under
    // load, a just-built optional<string> reading as engaged; ASan was clean and the cause is
    // not understood yet (suspected GCC 12.2). Keep this until that is explained.
    play_turn(store::TurnRecord::single(seat, std::move(text), ms[index(seat)]).moves, ms);
    publish(seat, id);
    return;
  }
  // Simultaneous: seal the move; resolve once every acting seat is in.
  slot(seat).submitted = std::move(text);
  slot(seat).submitted_ms = turn_elapsed_ms();
  bool all_in = true;
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    if (state_->to_act().contains(s) && !slot(s).submitted) all_in = false;
  if (!all_in) {
    const std::string name(seat_name(seat));
    send_to_seat(seat, make_message(protocol::encode_submitted(id_, name, state_->turn(), id)));
    send_to_others(seat, make_message(protocol::encode_submitted(id_, name, state_->turn(), {})));
    return;
  }
  engine::JointMove moves{};
  std::array<std::int64_t, engine::kSeatCount> ms{};
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    moves[index(s)] = slot(s).submitted;
    ms[index(s)] = slot(s).submitted_ms;
  }
  try {
    play_turn(std::move(moves), ms);
  } catch (const ProtocolError&) {
    slot(seat).submitted.reset();  // not stored: this seat sends its move again
    throw;
  }
  publish(seat, id);
}

void Match::play_turn(engine::JointMove moves, const std::array<std::int64_t, engine::kSeatCount>& ms) {
  store::TurnRecord turn;
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    if (!state_->to_act().contains(s)) continue;
    turn.acted[index(s)] = true;
    turn.millis[index(s)] = ms[index(s)];
  }
  turn.moves = moves;
  services_.write("store turn " + std::to_string(stored_turns_ + 1) + " of match " + id_,
                  [id = id_, index = stored_turns_, turn = std::move(turn)](store::MatchStore& store) {
                    store.append_turn(id, index, turn);
                  });
  ++stored_turns_;
  state_->apply(moves);
  std::uint64_t count = 0;
  for (const auto& move : moves) count += move ? 1u : 0u;
  services_.metrics().moves_total.fetch_add(count, std::memory_order_relaxed);
  after_turn();
}

std::int64_t Match::turn_elapsed_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - turn_started_).count();
}

void Match::resign(const Participant* who, engine::Seat seat, const std::string& id,
                   engine::EndReason reason) {
  std::lock_guard lock(mutex_);
  require_running();
  require_seat_holder(who, seat);
  spdlog::info("match {}: {} {}", id_, seat_name(seat),
               reason == engine::EndReason::Crash ? "gave up: its bot crashed" : "resigned");
  finish(engine::Outcome::win(other(seat), reason));
  publish(seat, id);
}

void Match::leave(const Participant* who, std::optional<engine::Seat> seat) {
  std::lock_guard lock(mutex_);
  if (!seat) {
    std::erase_if(spectators_, [who](const Spectator& s) { return s.connection_id == who; });
    return;
  }
  if (slot(*seat).connection_id != who) return;  // resumed elsewhere: nothing of ours to leave
  if (status_ == MatchStatus::Waiting) {
    spdlog::info("match {}: {} left before the start", id_, seat_name(*seat));
    services_.write_or_log("free a seat of match " + id_,
                           [id = id_, seat = *seat](store::MatchStore& store) { store.record_leave(id, seat); });
    free_seat(*seat);
    ++seq_;
    publish(std::nullopt, {});
    retire_if_abandoned();
  } else if (status_ == MatchStatus::Running) {
    spdlog::info("match {}: {} left (resigns)", id_, seat_name(*seat));
    slot(*seat).connection.reset();
    slot(*seat).connection_id = nullptr;
    slot(*seat).connected = false;
    finish(engine::Outcome::win(other(*seat), engine::EndReason::Resignation));
    publish(std::nullopt, {});
  }
}

void Match::disconnected(const Participant* who, std::optional<engine::Seat> seat) {
  std::lock_guard lock(mutex_);
  if (!seat) {
    std::erase_if(spectators_, [who](const Spectator& s) { return s.connection_id == who; });
    return;
  }
  SeatSlot& mine = slot(*seat);
  if (mine.connection_id != who) return;
  mine.connection.reset();
  mine.connection_id = nullptr;
  mine.connected = false;
  if (status_ == MatchStatus::Over) return;
  spdlog::info("match {}: {} disconnected; held for {} ms", id_, seat_name(*seat),
               settings_.reconnect_grace.count());
  hold_seat(*seat);
  tell_others(*seat, protocol::PresenceEvent::Disconnected);
}

void Match::on_grace_expired(engine::Seat seat, std::uint64_t generation) {
  std::lock_guard lock(mutex_);
  SeatSlot& mine = slot(seat);
  if (generation != mine.grace_generation || mine.connected || !mine.taken) return;
  if (status_ == MatchStatus::Running) {
    forfeit(seat);
  } else if (status_ == MatchStatus::Waiting) {
    services_.write_or_log("free a seat of match " + id_,
                           [id = id_, seat](store::MatchStore& store) { store.record_leave(id, seat); });
    free_seat(seat);
    ++seq_;
    publish(std::nullopt, {});
    retire_if_abandoned();
  }
}

// A seat that does not come back in its grace loses (rules: "after it runs out, they lose").
// A seat that is away itself cannot win that way: the result waits until it comes back (it
// wins) or its own grace runs out too (both lose: a draw, reason forfeit).
void Match::forfeit(engine::Seat seat) {
  slot(seat).forfeited = true;
  const SeatSlot& opponent = slot(other(seat));
  if (opponent.connected) {
    spdlog::info("match {}: {} did not come back: forfeit", id_, seat_name(seat));
    finish(engine::Outcome::win(other(seat), engine::EndReason::Forfeit));
  } else if (opponent.forfeited) {
    spdlog::info("match {}: neither seat came back: a draw by forfeit", id_);
    finish(engine::Outcome::draw(engine::EndReason::Forfeit));
  } else {
    spdlog::info("match {}: {} did not come back, but {} is away too: its return decides", id_,
                 seat_name(seat), seat_name(other(seat)));
    return;
  }
  publish(std::nullopt, {});
}

// `seat` is back while its opponent has forfeited: it wins now. False when nothing changed.
bool Match::win_by_opponents_forfeit(engine::Seat seat) {
  if (status_ != MatchStatus::Running || slot(seat).forfeited || !slot(other(seat)).forfeited)
    return false;
  spdlog::info("match {}: {} is back, {} did not come back: forfeit", id_, seat_name(seat),
               seat_name(other(seat)));
  finish(engine::Outcome::win(seat, engine::EndReason::Forfeit));
  return true;
}

void Match::expire_unless_joined(std::chrono::milliseconds after, std::function<void()> expire) {
  std::lock_guard lock(mutex_);
  unjoined_timer_ = std::make_unique<boost::asio::steady_timer>(executor_, after);
  unjoined_timer_->async_wait([expire = std::move(expire)](const boost::system::error_code& ec) {
    if (!ec) expire();
  });
}

void Match::shutdown() {
  std::lock_guard lock(mutex_);
  ++deadline_generation_;
  deadline_timer_.cancel();
  unjoined_timer_.reset();
  for (auto& seat : seats_) {
    stop_grace(seat);
  }
}

// ---- turns, deadlines, the end ----------------------------------------------------------

void Match::start_game() {
  services_.write_or_log("start match " + id_, [id = id_, now = unix_ms()](store::MatchStore& store) {
    store.start_match(id, now);
  });
  set_status(MatchStatus::Running);
  spdlog::info("match {}: {} started ({} vs {})", id_, info_.name, slot(0).player_name,
               slot(1).player_name);
  if (state_->outcome().over) {  // a position with no legal move for the first player
    finish(state_->outcome());
    return;
  }
  start_deadline();
}

void Match::after_turn() {
  for (auto& seat : seats_) seat.submitted.reset();
  if (state_->outcome().over) {
    finish(state_->outcome());  // counts this change (seq) itself
  } else {
    ++seq_;
    start_deadline();
  }
}

void Match::start_deadline() {
  ++deadline_generation_;
  turn_started_ = Clock::now();
  if (settings_.move_time.count() <= 0) {
    deadline_.reset();
    return;
  }
  deadline_ = Clock::now() + settings_.move_time;
  deadline_timer_.expires_at(*deadline_ + deadline_margin_);
  deadline_timer_.async_wait([self = shared_from_this(), generation = deadline_generation_](
                                 const boost::system::error_code& ec) {
    if (!ec) self->on_deadline(generation);
  });
}

void Match::on_deadline(std::uint64_t generation) {
  std::lock_guard lock(mutex_);
  if (generation != deadline_generation_ || status_ != MatchStatus::Running) return;
  const engine::SeatSet acting = state_->to_act();
  if (!state_->simultaneous()) {
    for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
      if (acting.contains(s)) {
        spdlog::info("match {}: {} ran out of time", id_, seat_name(s));
        finish(engine::Outcome::win(other(s), engine::EndReason::Timeout));
      }
    publish(std::nullopt, {});
    return;
  }
  // Simultaneous: whoever has not submitted makes a null move (a missing setup loses).
  engine::JointMove moves{};
  std::array<std::int64_t, engine::kSeatCount> ms{};
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    if (acting.contains(s) && !slot(s).submitted)
      spdlog::info("match {}: {} missed the deadline of turn {}", id_, seat_name(s),
                   state_->turn());
    moves[index(s)] = slot(s).submitted;
    ms[index(s)] = slot(s).submitted ? slot(s).submitted_ms : turn_elapsed_ms();
  }
  try {
    play_turn(std::move(moves), ms);
  } catch (const ProtocolError&) {
    // Not stored, so not played: try again in a second (the sealed moves stay).
    deadline_timer_.expires_after(std::chrono::seconds(1));
    deadline_timer_.async_wait([self = shared_from_this(), generation](const boost::system::error_code& ec) {
      if (!ec) self->on_deadline(generation);
    });
    return;
  }
  publish(std::nullopt, {});
}

void Match::finish(const engine::Outcome& outcome) {
  if (status_ == MatchStatus::Over) return;
  if (!state_->outcome().over) server_outcome_ = outcome;
  set_status(MatchStatus::Over);
  ++seq_;
  ++deadline_generation_;
  deadline_timer_.cancel();
  deadline_.reset();
  for (auto& seat : seats_) {
    stop_grace(seat);
  }
  const engine::Outcome final_outcome = this->outcome();
  services_.write_or_log("store the result of match " + id_,
                         [id = id_, final_outcome, now = unix_ms()](store::MatchStore& store) {
                           store.finish_match(id, final_outcome, now);
                         });
  services_.metrics().matches_finished_total.fetch_add(1, std::memory_order_relaxed);
  spdlog::info("match {}: over, {} ({})", id_,
               final_outcome.is_draw() ? std::string("draw")
                                       : std::string(seat_name(final_outcome.winner)) + " wins",
               engine::to_string(final_outcome.reason));
  post_retire(true);
}

void Match::free_seat(engine::Seat seat) {
  tell_others(seat, protocol::PresenceEvent::Left);
  SeatSlot& mine = slot(seat);
  mine.taken = false;
  mine.token_hash.clear();
  mine.player_name.clear();
  mine.connection.reset();
  mine.connection_id = nullptr;
  mine.connected = false;
  stop_grace(mine);
}

void Match::retire_if_abandoned() {
  for (const auto& seat : seats_)
    if (seat.taken) return;
  post_retire(false);
}

void Match::post_retire(bool finished) {
  if (retired_ || !retire_) return;
  retired_ = finished;  // an abandoned open match may still be joined until it is removed
  boost::asio::post(executor_, [retire = retire_, id = id_, finished] { retire(id, finished); });
}

// ---- sending ----------------------------------------------------------------------------

Message Match::encode_for(const engine::Viewer& viewer, std::string_view you,
                          const std::string& id) const {
  protocol::StateInfo info;
  info.match = id_;
  info.game = info_.name;
  info.seq = seq_;
  info.status = status_;
  info.seat_names = &info_.seat_names;
  if (deadline_) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(*deadline_ - Clock::now());
    info.deadline_ms = std::max<long long>(0, left.count());
  }
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    info.submitted[index(s)] = slot(s).submitted.has_value();
  info.outcome = outcome();
  return make_message(protocol::encode_state(info, codec_, *state_, viewer, you, id));
}

void Match::publish(std::optional<engine::Seat> requester, const std::string& id) {
  // One encoding per seat (each sees its own secrets) and one for all spectators.
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    if (!slot(s).connected) continue;
    send_to_seat(s, encode_for(engine::Viewer::of_seat(s), seat_name(s),
                               requester == s ? id : std::string()));
  }
  if (spectators_.empty()) return;
  const bool full_view = settings_.spectators == protocol::Spectators::Full;
  const Message shared =
      encode_for(full_view ? engine::Viewer::full() : engine::Viewer::spectator(), "spectator", {});
  for (const auto& spectator : spectators_)
    if (auto connection = spectator.connection.lock()) connection->deliver(shared);
}

protocol::Players Match::players() const {
  protocol::Players out;
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    out[index(s)].seat = seat_name(s);
    if (slot(s).taken) out[index(s)].name = slot(s).player_name;
  }
  return out;
}

void Match::tell_others(engine::Seat seat, protocol::PresenceEvent event) {
  send_to_others(seat, make_message(protocol::encode_presence(id_, seat_name(seat), slot(seat).player_name,
                                                              event, settings_.reconnect_grace.count())));
}

void Match::send_to_seat(engine::Seat seat, const Message& message) {
  if (auto connection = slot(seat).connection.lock()) connection->deliver(message);
}

void Match::send_to_others(std::optional<engine::Seat> except, const Message& message) {
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    if (s != except) send_to_seat(s, message);
  for (const auto& spectator : spectators_)
    if (auto connection = spectator.connection.lock()) connection->deliver(message);
}

}  // namespace skirmish::server
