// Match: what each participant is sent. One encoding per seat (each sees its own secrets)
// and one for all spectators.
#include "server/match.h"

#include <algorithm>

#include "server/match_detail.h"

namespace skirmish::server {

using match_detail::index;

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
  // A move sealed for a turn that never resolved (the game ended by resignation, leave or
  // forfeit meanwhile) is no longer waiting: an ended game lists none.
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s)
    info.submitted[index(s)] = status_ == protocol::MatchStatus::Running && slot(s).submitted.has_value();
  info.outcome = outcome();
  return make_message(protocol::encode_state(info, codec_, *state_, viewer, you, id));
}

// In a match with hidden information (fog Tactego) a seat sees what a spectator sees until
// the game starts: a seat left before the start passes to someone else, and its hidden
// pieces must not have been shown to anyone but the player who plays them.
engine::Viewer Match::seat_viewer(engine::Seat seat) const {
  return status_ == protocol::MatchStatus::Waiting && hides_information_ ? engine::Viewer::spectator()
                                                                         : engine::Viewer::of_seat(seat);
}

void Match::publish(std::optional<engine::Seat> requester, const std::string& id) {
  // One encoding per seat (each sees its own secrets) and one for all spectators.
  for (engine::Seat s = 0; s < engine::kSeatCount; ++s) {
    if (!slot(s).connected) continue;
    send_to_seat(s, encode_for(seat_viewer(s), seat_name(s), requester == s ? id : std::string()));
  }
  if (spectators_.empty()) return;
  const bool full_view = settings_.spectators == protocol::Spectators::Full;
  const Message shared =
      encode_for(full_view ? engine::Viewer::full() : engine::Viewer::spectator(), "spectator", {});
  for (const auto& spectator : spectators_)
    if (auto connection = spectator.connection.lock()) connection->deliver(shared);
}

void Match::tell_others(engine::Seat seat, protocol::PresenceEvent event) {
  tell_others(seat, event, settings_.reconnect_grace);
}

void Match::tell_others(engine::Seat seat, protocol::PresenceEvent event, std::chrono::milliseconds grace) {
  send_to_others(seat, make_message(protocol::encode_presence(id_, seat_name(seat), slot(seat).player_name,
                                                              event, grace.count())));
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
