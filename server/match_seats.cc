// Match: who sits where. Joining, watching and resuming; leaving; a dropped connection's
// seat held for the reconnect grace, and the forfeit when it runs out.
#include "server/match.h"

#include <algorithm>

#include <boost/asio/steady_timer.hpp>
#include <spdlog/spdlog.h>

#include "protocol/error_code.h"
#include "server/match_detail.h"
#include "server/random_ids.h"
#include "server/store/token_hash.h"

namespace skirmish::server {

using match_detail::index;
using match_detail::other;
using protocol::ErrorCode;
using protocol::MatchStatus;
using protocol::ProtocolError;

void Match::stop_grace(SeatSlot& seat) {
  ++seat.grace_generation;  // a grace timer that already fired finds itself stale
  if (seat.grace_timer) seat.grace_timer->cancel();
}

// Holds a seat nobody is connected to for the reconnect grace; then it forfeits (running)
// or is freed (open). With every seat away the server's own grace is the most any of them
// is held: nobody is waiting, and otherwise one client could keep matches (and the
// server's room for them) for the longest grace by taking both seats and going.
std::chrono::milliseconds Match::hold_seat(engine::Seat seat) {
  const bool anyone_here = std::any_of(seats_.begin(), seats_.end(), [](const SeatSlot& s) { return s.connected; });
  if (anyone_here) {
    arm_grace(seat, settings_.reconnect_grace);
    return settings_.reconnect_grace;
  }
  const auto grace = std::min(settings_.reconnect_grace, services_.unattended_grace);
  arm_grace(seat, grace);
  // A seat already held with the match's longer grace is shortened too.
  const auto ends = std::chrono::steady_clock::now() + grace;
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    if (s != seat && slot(s).taken && !slot(s).forfeited && slot(s).grace_ends > ends) arm_grace(s, grace);
  return grace;
}

void Match::arm_grace(engine::Seat seat, std::chrono::milliseconds grace) {
  SeatSlot& mine = slot(seat);
  const std::uint64_t generation = ++mine.grace_generation;
  // Made on first use: most seats are never held, and a finished match lingers a minute.
  if (!mine.grace_timer) mine.grace_timer = std::make_unique<boost::asio::steady_timer>(executor_);
  mine.grace_ends = std::chrono::steady_clock::now() + grace;
  mine.grace_timer->expires_after(grace);
  mine.grace_timer->async_wait(
      [self = shared_from_this(), seat, generation](const boost::system::error_code& ec) {
        if (!ec) self->on_grace_expired(seat, generation);
      });
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

engine::Seat Match::join(const std::shared_ptr<Participant>& who,
                         const std::optional<std::string>& seat_wanted,
                         const std::string& player_name, const std::string& id) {
  std::lock_guard lock(mutex_);
  refuse_if_removed();
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
  std::string token_hash = store::hash_token(token);  // hashed once: the store gets the hash
  services_.write(store::SeatTaken{id_, seat, player_name, token_hash, unix_ms()});
  unjoined_timer_.reset();  // someone came: its pending wait ends, aborted
  SeatSlot& mine = slot(seat);
  mine.taken = true;
  mine.token_hash = std::move(token_hash);
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
  refuse_if_removed();
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
  // Its grace ran out while the other seat was away too: it has lost, and the result only
  // waits to learn whether the other one comes back (forfeit()).
  if (status_ == MatchStatus::Running && mine.forfeited)
    throw ProtocolError(ErrorCode::Unauthorized,
                        "seat '" + std::string(seat_name(seat)) + "' of match " + id_ +
                            " forfeited: its reconnect grace ran out while it was away. The result waits for " +
                            std::string(seat_name(other(seat))) +
                            ": it wins if it comes back within its own grace, else the game is a draw");
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
  note_attendance();
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
    who->deliver(encode_for(seat_viewer(seat), seat_name(seat), id));
  return seat;
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
    services_.write_or_log(store::SeatFreed{id_, *seat});
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
  } else {  // over: the connection moved on, and a later resume of the seat is no news to it
    slot(*seat).connection.reset();
    slot(*seat).connection_id = nullptr;
    slot(*seat).connected = false;
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
  note_attendance();
  const auto held_for = hold_seat(*seat);
  spdlog::info("match {}: {} disconnected; held for {} ms", id_, seat_name(*seat), held_for.count());
  // The server is stopping: everyone gets its shutdown notice; "X lost the connection"
  // before it (the other seat's close can come first) would mislead.
  if (!services_.stopping()) tell_others(*seat, protocol::PresenceEvent::Disconnected, held_for);
}

void Match::on_grace_expired(engine::Seat seat, std::uint64_t generation) {
  std::lock_guard lock(mutex_);
  if (services_.stopping()) return;  // as the clock (on_deadline): decided after the restart
  SeatSlot& mine = slot(seat);
  if (generation != mine.grace_generation || mine.connected || !mine.taken) return;
  if (status_ == MatchStatus::Running) {
    forfeit(seat);
  } else if (status_ == MatchStatus::Waiting) {
    services_.write_or_log(store::SeatFreed{id_, seat});
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

bool Match::any_seat_taken() const {
  return std::any_of(seats_.begin(), seats_.end(), [](const SeatSlot& s) { return s.taken; });
}

void Match::retire_if_abandoned() {
  if (!any_seat_taken()) post_retire(false);
}

protocol::Players Match::players() const {
  protocol::Players out;
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    out[index(s)].seat = seat_name(s);
    if (slot(s).taken) out[index(s)].name = slot(s).player_name;
  }
  return out;
}

}  // namespace skirmish::server
