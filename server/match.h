#pragma once
// One match: its game state, two seats with their tokens and connections, the spectators,
// the per-move deadline and the reconnect grace timers. Every public call is thread-safe
// (one mutex per match); replies and broadcasts go out through Participant::deliver.
// Errors for the caller are thrown as protocol::ProtocolError. Its code is in three files:
// match.cc (moves, turns, deadlines, the end), match_seats.cc (joining, leaving, the
// reconnect grace) and match_sending.cc (what each participant is sent).
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json_fwd.hpp>

#include "engine/common/game.h"
#include "engine/common/options.h"
#include "engine/registry.h"
#include "protocol/game_codec.h"
#include "protocol/match_options.h"
#include "protocol/server_messages.h"
#include "protocol/state_message.h"
#include "server/match_services.h"
#include "server/participant.h"
#include "server/store/match_record.h"

namespace skirmish::server {

class Match : public std::enable_shared_from_this<Match> {
 public:
  using Clock = std::chrono::steady_clock;
  // Called (on an executor thread, no lock held) when the match may be forgotten: it ended,
  // or it was never started and every seat is empty again.
  using Retire = std::function<void(const std::string& match_id, bool finished)>;

  Match(boost::asio::any_io_executor executor, std::string id, const engine::GameInfo& info,
        const protocol::GameCodec& codec, engine::Options resolved,
        protocol::MatchSettings settings, std::unique_ptr<engine::GameState> state,
        std::chrono::milliseconds deadline_margin, Retire retire, MatchServices services = {});
  ~Match();
  Match(const Match&) = delete;
  Match& operator=(const Match&) = delete;

  // A match reloaded from the store after a restart (its state already replayed): seats
  // are held for the reconnect grace, waiting for `resume`; the move clock restarts, with
  // the full time, once every seat is back (docs/operations.md, "Restarts").
  void restore(const store::MatchRecord& record);

  const std::string& id() const { return id_; }
  // Orders matches by creation, oldest first: the stored creation time (Unix ms, kept by
  // a reloaded match), then the order in which this process made them (same millisecond).
  std::pair<std::int64_t, std::uint64_t> creation_order() const { return {created_ms_, instance_}; }
  const engine::GameInfo& info() const { return info_; }
  bool over() const;
  // The lobby removed it before it started (no player seated): nothing more will happen.
  bool removed() const;
  // The lobby's removal: only if it is still open with every seat empty, checked and done
  // under the match's lock, so that a join racing it either comes first (the match stays)
  // or is refused (no seat is ever taken in a removed match). Its spectators are told
  // (no_such_match, without id) and let go, so their connections may watch something else.
  // Returns whether it was removed.
  bool remove_if_unstarted(const std::string& why);
  // Created, not started. Read without the match's lock, so the lobby may ask under its own.
  bool waiting_for_players() const { return waiting_for_players_.load(std::memory_order_relaxed); }
  // Running with every seat away (each held for its grace). Read without the match's lock,
  // as waiting_for_players: the lobby counts both against the creator's quota, or a client
  // could take both seats of match after match, drop them, and fill the server's room for
  // matches for as long as their grace.
  bool unattended() const { return unattended_.load(std::memory_order_relaxed); }
  // Over, or removed before it started: it never counts against a quota again. Lock-free too.
  bool done() const { return done_.load(std::memory_order_relaxed); }
  protocol::MatchSummary summary() const;
  // The options its creator set (MatchTerms::set_by_creator); once, before anyone can find
  // the match. A match without them (stored by an older server) lists no terms.
  void set_creator_choices(std::vector<std::string> names) { set_by_creator_ = std::move(names); }
  // What list_matches shows of its terms, made when asked (a match keeps only the names:
  // twenty thousand matches must stay small); null when unknown.
  std::shared_ptr<const protocol::MatchTerms> terms() const;
  // A private match's invite code, as store::hash_token of its canonical_invite_code; once,
  // before anyone can find the match.
  void set_invite_hash(std::string hash) { invite_hash_ = std::move(hash); }
  bool is_private() const { return !invite_hash_.empty(); }  // immutable once published
  // Whether the match is public or `invite` (as typed) is its code.
  bool opens_with(const std::string& invite) const;
  // Before join and watch: throws unauthorized unless opens_with(invite).
  void check_invite(const std::string& invite) const;

  // Each sends its own reply (joined/watching + state) to `who`; `id` is the request's id.
  engine::Seat join(const std::shared_ptr<Participant>& who, const std::optional<std::string>& seat,
                    const std::string& player_name, const std::string& id);
  void watch(const std::shared_ptr<Participant>& who, const std::string& id);
  engine::Seat resume(const std::shared_ptr<Participant>& who, const std::string& token,
                      const std::string& id);

  // `for_turn`: the turn the client meant the move for, when it said (else any).
  void move(const Participant* who, engine::Seat seat, const nlohmann::json& message,
            std::optional<long long> for_turn, const std::string& id);
  // `reason`: Resignation, or Crash when a bot bridge gives the seat up for a failed bot.
  void resign(const Participant* who, engine::Seat seat, const std::string& id,
              engine::EndReason reason = engine::EndReason::Resignation);
  // A player leaving before the start frees the seat, after it resigns; once the game is
  // over it only lets go of it (a later resume of the seat tells it nothing); a spectator goes.
  void leave(const Participant* who, std::optional<engine::Seat> seat);
  // The connection closed: a seat is held for the reconnect grace, a spectator goes.
  void disconnected(const Participant* who, std::optional<engine::Seat> seat);

  // Calls `expire` (on the executor, no lock held) after `after`, unless a player joins
  // first: the lobby removes a match that nobody joins. Once, before anyone can find it.
  void expire_unless_joined(std::chrono::milliseconds after, std::function<void()> expire);

  // Cancels every timer (server shutdown).
  void shutdown();

 private:
  struct SeatSlot {
    bool taken = false;
    std::string token_hash;  // SHA-256 of the seat's token: the token itself is not kept
    std::string player_name;
    std::weak_ptr<Participant> connection;
    const Participant* connection_id = nullptr;  // identity of the connection holding it
    bool connected = false;
    std::optional<std::string> submitted;  // DCMS: the sealed move for this turn
    std::int64_t submitted_ms = 0;         // how long the seat took for it
    std::unique_ptr<boost::asio::steady_timer> grace_timer;  // made when first held
    std::uint64_t grace_generation = 0;
    std::chrono::steady_clock::time_point grace_ends;  // while held
    bool forfeited = false;  // its grace ran out in a running game (the result may wait)
  };
  struct Spectator {
    std::weak_ptr<Participant> connection;
    const Participant* connection_id = nullptr;
  };

  // All private members expect mutex_ held.
  void require_seat_holder(const Participant* who, engine::Seat seat) const;
  void require_running() const;
  // Throws no_such_match once the lobby removed it (remove_if_unstarted).
  void refuse_if_removed() const;
  bool any_seat_taken() const;
  void require_current_turn(std::optional<long long> for_turn) const;
  void start_game();
  // Stores then applies one turn (the store first: nobody hears of an unstored move).
  void play_turn(engine::JointMove moves, const std::array<std::int64_t, engine::kSeatCount>& ms);
  std::int64_t turn_elapsed_ms() const;
  // Returns how long the seat is held: the match's grace, or less with every seat away.
  std::chrono::milliseconds hold_seat(engine::Seat seat);
  void arm_grace(engine::Seat seat, std::chrono::milliseconds grace);
  void stop_grace(SeatSlot& seat);  // the seat is back, or the match over
  void after_turn();
  void finish(const engine::Outcome& outcome);
  void start_deadline();
  void on_deadline(std::uint64_t generation);
  void on_grace_expired(engine::Seat seat, std::uint64_t generation);
  void forfeit(engine::Seat seat);
  bool win_by_opponents_forfeit(engine::Seat seat);
  void free_seat(engine::Seat seat);
  void retire_if_abandoned();
  void publish(std::optional<engine::Seat> requester, const std::string& id);
  Message encode_for(const engine::Viewer& viewer, std::string_view you,
                     const std::string& id) const;
  engine::Viewer seat_viewer(engine::Seat seat) const;  // what `seat` may see now
  protocol::Players players() const;  // who sits where, for joined/watching
  // A presence message about `seat` to everyone else in the match.
  // `grace`: what a dropped seat is held for (`grace_ms`); the match's, unless given.
  void tell_others(engine::Seat seat, protocol::PresenceEvent event);
  void tell_others(engine::Seat seat, protocol::PresenceEvent event, std::chrono::milliseconds grace);
  void send_to_seat(engine::Seat seat, const Message& message);
  void send_to_others(std::optional<engine::Seat> except, const Message& message);
  void post_retire(bool finished);
  engine::Outcome outcome() const;
  std::string_view seat_name(engine::Seat seat) const {
    return info_.seat_names[static_cast<std::size_t>(seat)];
  }
  SeatSlot& slot(engine::Seat seat) { return seats_[static_cast<std::size_t>(seat)]; }
  const SeatSlot& slot(engine::Seat seat) const { return seats_[static_cast<std::size_t>(seat)]; }

  mutable std::mutex mutex_;
  boost::asio::any_io_executor executor_;
  const std::string id_;
  std::int64_t created_ms_ = unix_ms();  // set once, before the match is shared
  const std::uint64_t instance_ = next_instance();
  static std::uint64_t next_instance();
  const engine::GameInfo& info_;
  const protocol::GameCodec& codec_;
  const engine::Options resolved_;
  const bool hides_information_;  // some seat may not see everything (fog Tactego)
  const protocol::MatchSettings settings_;
  std::unique_ptr<engine::GameState> state_;
  const std::chrono::milliseconds deadline_margin_;
  Retire retire_;
  MatchServices services_;
  std::size_t stored_turns_ = 0;
  Clock::time_point turn_started_ = Clock::now();
  bool clock_waits_for_seats_ = false;  // reloaded: the clock starts when every seat is back

  void set_status(protocol::MatchStatus status);  // status_, and its lock-free mirrors
  void note_attendance();  // unattended_ after a seat's connection came or went
  protocol::MatchStatus status_ = protocol::MatchStatus::Waiting;
  std::atomic<bool> waiting_for_players_{true};
  std::atomic<bool> unattended_{false};
  std::atomic<bool> done_{false};
  std::optional<std::vector<std::string>> set_by_creator_;
  std::string invite_hash_;  // empty: a public match
  std::optional<engine::Outcome> server_outcome_;  // resignation, timeout, forfeit
  std::uint64_t seq_ = 0;
  std::array<SeatSlot, engine::kSeatCount> seats_;
  std::vector<Spectator> spectators_;
  boost::asio::steady_timer deadline_timer_;
  // Until the first join (a pointer: most matches are joined at once, and every byte of a
  // match counts at twenty thousand of them).
  std::unique_ptr<boost::asio::steady_timer> unjoined_timer_;
  std::optional<Clock::time_point> deadline_;
  std::uint64_t deadline_generation_ = 0;
  bool retired_ = false;
  bool removed_ = false;
};

}  // namespace skirmish::server
