#pragma once
// The lobby: creates matches from a client's options, finds them by id, lists them, and
// forgets them when they end (after a linger, so a late `resume` still sees the result).
// Thread-safe; never calls into a match while holding its own lock.
#include <chrono>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "engine/common/options.h"
#include "protocol/server_messages.h"
#include "server/match.h"
#include "server/used_match_ids.h"

namespace skirmish::server {

struct LobbySettings {
  std::chrono::milliseconds reconnect_grace_default{60000};
  std::chrono::milliseconds deadline_margin{200};
  std::chrono::milliseconds finished_linger{60000};  // how long a finished match stays findable
  // How long a match nobody has joined waits for its first player (at least its reconnect
  // grace): time to pass its id, and a private match's invite code, to a friend.
  std::chrono::milliseconds unjoined_wait{600000};
  std::size_t max_matches = 10000;
  // Whether a match may let spectators see everything (spectators=full): in a fog match
  // that shows anyone, the opponent too, the hidden pieces. A tournament host turns it off.
  bool allow_full_spectators = true;
  // Matches created from one address and not yet started, or running with every player
  // away (0: no limit): one client must not fill the server's match table for everyone else,
  // neither by creating matches nobody joins nor by taking both seats and dropping them.
  std::size_t max_open_matches_per_address = 50;
  // Where new match ids come from (empty: random_match_id). Tests give their own.
  std::function<std::string()> new_match_id;
};

class Lobby : public std::enable_shared_from_this<Lobby> {
 public:
  Lobby(boost::asio::any_io_executor executor, LobbySettings settings, MatchServices services = {});

  // Rebuilds every unfinished match of the store (replaying its turns through the engine);
  // their seats wait for `resume` with the old tokens. Returns {running, open} counts.
  std::pair<int, int> restore();
  // Matches in memory by (game, state "open"/"running"/"over"), for /metrics.
  std::map<std::pair<std::string, std::string>, int> count_by_game_and_state() const;

  struct Created {
    std::shared_ptr<Match> match;
    std::string reply;   // the encoded match_created
    std::string invite;  // a private match's code (in the reply too), else empty
  };
  // `creator_address`: the client's IP address, for its quota of open matches. Throws
  // ProtocolError: bad_options (unknown game, bad option), server_full (too many matches),
  // too_many_open_matches (the address's quota).
  Created create(const std::string& game, engine::Options options, const std::string& id,
                 const std::string& creator_address = {});
  // `typed_id` as a person may type it (canonical_match_id). Throws ProtocolError no_such_match.
  std::shared_ptr<Match> find(const std::string& typed_id) const;

  // list_matches: open matches, and running ones that may be watched, oldest first; at most
  // kMaxListed of them, with how many there are in all; only `match_filter` when given.
  // A private match only when asked for by its id with its invite code.
  // Throws bad_message for an unknown game.
  static constexpr std::size_t kMaxListed = 200;
  struct Listing {
    std::vector<protocol::MatchSummary> matches;
    std::size_t total = 0;
  };
  Listing list(const std::string& game_filter, const std::string& match_filter = {},
               const std::string& invite = {}) const;
  std::size_t size() const;
  // How many creator addresses the quota of open matches tracks (tests), and how often all
  // of them are pruned (sweep_open_by_address).
  std::size_t addresses_tracked() const;
  static constexpr std::size_t kSweepEvery = 1024;

  // Cancels every match's timers and forgets them (server shutdown).
  void shutdown();

 private:
  void retire(const std::string& match_id, bool finished);
  // Removes a match that has not started and has no player seated (else does nothing).
  void remove_unstarted(const std::string& match_id, const std::string& why);
  void forget_finished(const std::string& match_id);  // its linger is over
  std::shared_ptr<Match> make_match(std::string id, const engine::GameInfo& info,
                                    const protocol::GameCodec& codec, engine::Options resolved,
                                    protocol::MatchSettings settings,
                                    std::unique_ptr<engine::GameState> state);
  void forget_if_nobody_joins(Match& match, std::chrono::milliseconds grace);
  // Expects mutex_ held. Throws too_many_open_matches when `address` has its quota waiting.
  void require_open_match_quota(const std::string& address);
  // Expects mutex_ held. Every so many creations, forgets the ended matches of every address
  // (the quota check does it only for the address that creates): an address that never
  // creates again would keep its last matches' memory (weak_ptr, make_shared) for good.
  void sweep_open_by_address();
  std::string no_such_match_text(const std::string& typed_id, const std::string& match_id) const;

  boost::asio::any_io_executor executor_;
  LobbySettings settings_;
  MatchServices services_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_ptr<Match>> matches_;
  // With a store, every id stored or handed out: a new match never takes an old one's.
  UsedMatchIds used_ids_;
  std::deque<std::string> lingering_;  // finished matches still findable, oldest first
  // The last matches removed before they started, with why: a late joiner is told.
  static constexpr std::size_t kRemovedRemembered = 1000;
  std::deque<std::pair<std::string, std::string>> removed_;
  // Per creator address, the matches it created that have not ended (those that wait for
  // players or for every player to come back count against its quota).
  std::unordered_map<std::string, std::vector<std::weak_ptr<Match>>> open_by_address_;
  std::size_t creations_since_sweep_ = 0;
};

}  // namespace skirmish::server
