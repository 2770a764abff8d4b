#include "server/match.h"

#include <algorithm>
#include <atomic>

#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "protocol/error_code.h"
#include "protocol/match_setup.h"
#include "server/match_detail.h"

namespace skirmish::server {

using protocol::ErrorCode;
using protocol::MatchStatus;
using protocol::ProtocolError;
using match_detail::index;
using match_detail::other;

namespace {

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
      hides_information_(protocol::has_hidden_information(codec, resolved_)),
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
  // Debug: a store with thousands of unfinished matches would fill the log at start; the
  // server logs one summary line at info.
  spdlog::debug("match {}: reloaded ({}, {} turns), waiting for its players to resume", id_,
               status_ == MatchStatus::Running ? "running" : "open", stored_turns_);
}

bool Match::over() const {
  std::lock_guard lock(mutex_);
  return status_ == MatchStatus::Over;
}

bool Match::removed() const {
  std::lock_guard lock(mutex_);
  return removed_;
}

bool Match::remove_if_unstarted(const std::string& why) {
  std::lock_guard lock(mutex_);
  // Once: every leave that empties it, the unjoined timer and a free seat's grace each ask
  // (a second cancel, refused by the store, stopped the server).
  if (removed_ || status_ != MatchStatus::Waiting || any_seat_taken()) return false;
  removed_ = true;
  waiting_for_players_.store(false, std::memory_order_relaxed);  // off its creator's quota at once
  done_.store(true, std::memory_order_relaxed);
  const Message notice = make_message(protocol::encode_error(
      ErrorCode::NoSuchMatch, "match " + id_ + " was removed before it started: " + why, {}));
  for (const auto& spectator : spectators_)
    if (auto connection = spectator.connection.lock()) connection->deliver(notice);
  spectators_.clear();
  return true;
}

void Match::refuse_if_removed() const {
  if (removed_)
    throw ProtocolError(ErrorCode::NoSuchMatch, "match " + id_ + " was removed before it started (every "
                                                "player in it left, or nobody joined it in time)");
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

void Match::set_status(MatchStatus status) {
  status_ = status;
  waiting_for_players_.store(status == MatchStatus::Waiting, std::memory_order_relaxed);
  if (status == MatchStatus::Over) done_.store(true, std::memory_order_relaxed);
  note_attendance();
}

void Match::note_attendance() {
  const bool anyone_here = std::any_of(seats_.begin(), seats_.end(), [](const SeatSlot& s) { return s.connected; });
  unattended_.store(status_ == MatchStatus::Running && !anyone_here, std::memory_order_relaxed);
}

// ---- playing (joining and leaving: match_seats.cc; sending: match_sending.cc) -----------

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
  // Simultaneous: seal the move; resolve once every acting seat is in. A second submission
  // replaces the first: only the submitter hears of it (others already know this seat is in,
  // and a client re-sending must not flood them).
  const bool first_submission = !slot(seat).submitted;
  if (!first_submission)
    if (auto reason = state_->check_replacement(seat, *slot(seat).submitted, text))
      throw ProtocolError(ErrorCode::IllegalMove, *reason);
  slot(seat).submitted = std::move(text);
  slot(seat).submitted_ms = turn_elapsed_ms();
  bool all_in = true;
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    if (state_->to_act().contains(s) && !slot(s).submitted) all_in = false;
  if (!all_in) {
    const std::string name(seat_name(seat));
    send_to_seat(seat, make_message(protocol::encode_submitted(id_, name, state_->turn(), id)));
    if (first_submission) send_to_others(seat, make_message(protocol::encode_submitted(id_, name, state_->turn(), {})));
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
  services_.write(store::TurnPlayed{id_, stored_turns_, std::move(turn)});
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
  services_.write_or_log(store::MatchStarted{id_, unix_ms()});
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
  // The server is stopping and everyone was told to come back after the restart: the
  // clock restarts then, with the full time (nobody can act while it drains).
  if (services_.stopping()) return;
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
  services_.write_or_log(store::MatchFinished{id_, final_outcome, unix_ms()});
  services_.metrics().matches_finished_total.fetch_add(1, std::memory_order_relaxed);
  spdlog::info("match {}: over, {} ({})", id_,
               final_outcome.is_draw() ? std::string("draw")
                                       : std::string(seat_name(final_outcome.winner)) + " wins",
               engine::to_string(final_outcome.reason));
  post_retire(true);
}

void Match::post_retire(bool finished) {
  if (retired_ || !retire_) return;
  retired_ = finished;  // an abandoned open match may still be joined until it is removed
  boost::asio::post(executor_, [retire = retire_, id = id_, finished] { retire(id, finished); });
}

}  // namespace skirmish::server
