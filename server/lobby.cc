#include "server/lobby.h"

#include <algorithm>

#include <boost/asio/steady_timer.hpp>
#include <spdlog/spdlog.h>

#include "engine/record.h"
#include "engine/registry.h"
#include "protocol/error_code.h"
#include "protocol/match_setup.h"
#include "server/random_ids.h"
#include "server/store/options_json.h"
#include "server/store/token_hash.h"

namespace skirmish::server {

using protocol::ErrorCode;
using protocol::ProtocolError;

Lobby::Lobby(boost::asio::any_io_executor executor, LobbySettings settings, MatchServices services)
    : executor_(std::move(executor)), settings_(settings), services_(std::move(services)) {
  services_.unattended_grace = settings_.reconnect_grace_default;
  if (!settings_.new_match_id) settings_.new_match_id = random_match_id;
  if (services_.store) {
    services_.store->for_each_match_id([this](const std::string& id) { used_ids_.add_stored(id); });
    used_ids_.settle();
  }
}

std::shared_ptr<Match> Lobby::make_match(std::string id, const engine::GameInfo& info,
                                         const protocol::GameCodec& codec, engine::Options resolved,
                                         protocol::MatchSettings settings,
                                         std::unique_ptr<engine::GameState> state) {
  std::weak_ptr<Lobby> weak = weak_from_this();
  return std::make_shared<Match>(
      executor_, std::move(id), info, codec, std::move(resolved), settings, std::move(state),
      settings_.deadline_margin,
      [weak](const std::string& mid, bool finished) {
        if (auto lobby = weak.lock()) lobby->retire(mid, finished);
      },
      services_);
}

std::pair<int, int> Lobby::restore() {
  int running = 0, open = 0;
  for (const auto& record : services_.store->load_unfinished()) {
    try {
      const engine::GameInfo* info = engine::find_game(record.game);
      const protocol::GameCodec* codec = info ? protocol::find_codec(info->name) : nullptr;
      if (!codec) throw std::invalid_argument("unknown game '" + record.game + "'");
      engine::Options settings_text = record.settings;
      const auto match_settings = protocol::take_match_settings(*info, settings_text,
                                                                settings_.reconnect_grace_default);
      auto state = engine::replay(record.game_record());
      auto match = make_match(record.id, *info, *codec, record.options, match_settings, std::move(state));
      if (auto names = set_by_creator_from(record.settings)) match->set_creator_choices(std::move(*names));
      match->set_invite_hash(invite_hash_from(record.settings));
      match->restore(record);
      {
        std::lock_guard lock(mutex_);
        matches_.emplace(record.id, match);
      }
      if (record.state == store::MatchState::Running) ++running; else ++open;
      if (record.seats.empty()) forget_if_nobody_joins(*match, match_settings.reconnect_grace);
    } catch (const std::exception& error) {
      // One bad record must not keep every other match from coming back.
      spdlog::error("match {}: cannot be reloaded from the store: {}", record.id, error.what());
    }
  }
  return {running, open};
}

std::map<std::pair<std::string, std::string>, int> Lobby::count_by_game_and_state() const {
  std::vector<std::shared_ptr<Match>> all;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, match] : matches_) all.push_back(match);
  }
  std::map<std::pair<std::string, std::string>, int> counts;
  for (const auto* game : engine::all_games())
    for (const char* state : {"open", "running", "over"}) counts[{game->name, state}] = 0;
  for (const auto& match : all) ++counts[{match->info().name, match->summary().status}];
  return counts;
}

namespace {

// "10 minutes", "90 s", "250 ms".
std::string describe_wait(std::chrono::milliseconds wait) {
  if (wait.count() % 1000 != 0) return std::to_string(wait.count()) + " ms";
  const long long seconds = wait.count() / 1000;
  if (seconds >= 60 && seconds % 60 == 0) return std::to_string(seconds / 60) + (seconds == 60 ? " minute" : " minutes");
  return std::to_string(seconds) + " s";
}

// Throws `code` naming the games this server has.
const engine::GameInfo& known_game(const std::string& game, ErrorCode code) {
  if (const engine::GameInfo* info = engine::find_game(game)) return *info;
  throw ProtocolError(code, "field 'game': unknown game '" + game + "' (games: " + engine::game_names() + ")");
}

}  // namespace

Lobby::Created Lobby::create(const std::string& game, engine::Options options,
                             const std::string& id, const std::string& creator_address) {
  const engine::GameInfo* info = &known_game(game, ErrorCode::BadOptions);
  const protocol::GameCodec* codec = protocol::find_codec(info->name);
  if (!codec) throw ProtocolError(ErrorCode::Internal, "no codec for game '" + game + "'");

  protocol::PreparedMatch prepared;
  try {
    prepared = protocol::prepare_match(*info, *codec, std::move(options),
                                       settings_.reconnect_grace_default, random_seed_text());
  } catch (const std::invalid_argument& error) {  // OptionError and the engines' own checks
    throw ProtocolError(ErrorCode::BadOptions, error.what());
  }
  const protocol::MatchSettings& match_settings = prepared.settings;
  if (match_settings.spectators == protocol::Spectators::Full && !settings_.allow_full_spectators)
    throw ProtocolError(ErrorCode::BadOptions,
                        "option 'spectators': this server does not allow 'full' (its host started it "
                        "with --full-spectators off, so that nobody watching sees hidden pieces); "
                        "use 'public' or 'none'");
  const engine::Options& resolved = prepared.resolved;
  // A private match's code goes to its creator only; the match and the store keep its hash.
  const std::string invite = match_settings.private_match ? random_invite_code() : std::string();
  const std::string invite_hash = invite.empty() ? std::string() : store::hash_token(canonical_invite_code(invite));
  // The store's copies, as their JSON text: made here, not under the lock below.
  store::OptionsText stored_options = resolved;
  store::OptionsText stored_settings = settings_as_options(match_settings, prepared.set_by_creator, invite_hash);

  std::shared_ptr<Match> match;
  {
    std::lock_guard lock(mutex_);
    // Finished matches kept for their linger do not count: they must not turn players away.
    const std::size_t live = matches_.size() - std::min(matches_.size(), lingering_.size());
    if (live >= settings_.max_matches)
      throw ProtocolError(ErrorCode::ServerFull, "too many matches on this server; try later");
    require_open_match_quota(creator_address);
    std::string match_id;
    // Unique among the live matches, and with a store among every match it holds.
    do match_id = settings_.new_match_id();
    while (matches_.count(match_id) != 0 || (services_.store && !used_ids_.claim(match_id)));
    match = make_match(match_id, *info, *codec, resolved, match_settings, std::move(prepared.state));
    match->set_creator_choices(std::move(prepared.set_by_creator));
    match->set_invite_hash(invite_hash);
    // Stored before anyone can see it; a match that cannot be stored is not created.
    services_.write(
        store::MatchCreated{match_id, info->name, std::move(stored_options), std::move(stored_settings), unix_ms()});
    matches_.emplace(match_id, match);
    // Tracked only under a quota (then pruned at each create of the address, and of every
    // address every kSweepEvery creations): a weak_ptr keeps a finished match's memory
    // (make_shared; its state and timers are freed at once) until it goes.
    if (settings_.max_open_matches_per_address > 0 && !creator_address.empty())
      open_by_address_[creator_address].push_back(match);
    if (++creations_since_sweep_ >= kSweepEvery) sweep_open_by_address();
  }
  services_.metrics().matches_created_total.fetch_add(1, std::memory_order_relaxed);
  spdlog::info("match {}: created ({}{})", match->id(), info->name, invite.empty() ? "" : ", private");

  std::string reply = protocol::encode_match_created(
      match->id(), *info, protocol::shown_options(*codec, resolved), match_settings, invite, id);

  forget_if_nobody_joins(*match, match_settings.reconnect_grace);
  return {match, std::move(reply), invite};
}

namespace {

// Drops the matches that can no longer count against their creator's quota; true when none
// is left. Finished, removed and forgotten matches never count again. A running one may
// (every player away): it stays, so that dropping both seats after a check cannot escape it.
bool forget_ended(std::vector<std::weak_ptr<Match>>& created) {
  std::erase_if(created, [](const std::weak_ptr<Match>& weak) {
    const auto match = weak.lock();
    return !match || match->done();
  });
  return created.empty();
}

}  // namespace

void Lobby::sweep_open_by_address() {
  creations_since_sweep_ = 0;
  for (auto it = open_by_address_.begin(); it != open_by_address_.end();)
    it = forget_ended(it->second) ? open_by_address_.erase(it) : std::next(it);
}

std::size_t Lobby::addresses_tracked() const {
  std::lock_guard lock(mutex_);
  return open_by_address_.size();
}

void Lobby::require_open_match_quota(const std::string& address) {
  const std::size_t quota = settings_.max_open_matches_per_address;
  if (quota == 0 || address.empty()) return;
  auto it = open_by_address_.find(address);
  if (it == open_by_address_.end()) return;
  auto& mine = it->second;
  if (forget_ended(mine)) {
    open_by_address_.erase(it);
    return;
  }
  std::size_t waiting = 0, unattended = 0;
  for (const auto& weak : mine)
    if (const auto match = weak.lock()) {
      if (match->waiting_for_players()) ++waiting;
      if (match->unattended()) ++unattended;
    }
  const std::size_t held = waiting + unattended;
  if (held < quota) return;
  const std::string away =
      unattended == 0 ? std::string()
                      : fmt::format(" ({} of them running with every player away, held for the reconnect "
                                    "grace: each counts until a player resumes or its grace runs out)",
                                    unattended);
  throw ProtocolError(ErrorCode::TooManyOpenMatches,
                      fmt::format("{} match{} created from your address {} {} waiting for players{}, "
                                  "the most this server allows: wait until one starts, or remove one "
                                  "you created by joining it and leaving (a match whose last player "
                                  "leaves is removed); one that nobody joins is removed after {} (or its "
                                  "reconnect_grace_ms, if longer)",
                                  held, held == 1 ? "" : "es", address, held == 1 ? "is" : "are", away,
                                  describe_wait(settings_.unjoined_wait)));
}

// A match nobody joins is removed after a while: long enough for a friend to get its id (and
// a private match's code) and join, at least its reconnect grace.
void Lobby::forget_if_nobody_joins(Match& match, std::chrono::milliseconds grace) {
  const auto after = std::max(settings_.unjoined_wait, grace);
  match.expire_unless_joined(after, [weak = weak_from_this(), id = match.id(), after] {
    if (auto lobby = weak.lock()) lobby->remove_unstarted(id, "nobody joined it within " + describe_wait(after));
  });
}

std::shared_ptr<Match> Lobby::find(const std::string& typed_id) const {
  const std::string match_id = canonical_match_id(typed_id);
  std::lock_guard lock(mutex_);
  auto it = matches_.find(match_id);
  if (it == matches_.end()) throw ProtocolError(ErrorCode::NoSuchMatch, no_such_match_text(typed_id, match_id));
  return it->second;
}

// Says where a finished match went. The store is not asked whether it has this one: a read
// there commits the pending group of writes, which no client should be able to trigger at will.
// The id is quoted as the client sent it (so it finds what it sent), with the form looked up
// when that differs (case, 0/1/8).
std::string Lobby::no_such_match_text(const std::string& typed_id, const std::string& match_id) const {
  for (const auto& [id, why] : removed_)
    if (id == match_id) return "match " + match_id + " was removed before it started: " + why;
  const auto linger_s = std::chrono::duration_cast<std::chrono::seconds>(settings_.finished_linger);
  // Mistyped, not ended: the history hint would send the person after a match that never was.
  if (match_id.size() != kMatchIdLength)
    return "no match '" + typed_id + "': a match id has " + std::to_string(kMatchIdLength) +
           " letters and digits, this has " + std::to_string(match_id.size());
  const std::string looked_up = typed_id == match_id ? "" : " (looked up as " + match_id + ")";
  std::string text = "no match '" + typed_id + "'" + looked_up +
                     " here: check the id (list_matches or `skirmish list` shows the open and running ones), or the match "
                     "ended (a finished match is let go " +
                     std::to_string(linger_s.count()) + " s after its end, sooner on a busy server)";
  if (services_.store)
    text += "; a finished match's record stays in the history: GET /api/matches/" + match_id +
            ", or `skirmish replay " + match_id + "`";
  return text;
}

Lobby::Listing Lobby::list(const std::string& game_filter, const std::string& match_filter,
                           const std::string& invite) const {
  if (!game_filter.empty()) known_game(game_filter, ErrorCode::BadMessage);
  std::vector<std::shared_ptr<Match>> all;
  {
    std::lock_guard lock(mutex_);
    if (!match_filter.empty()) {
      if (auto it = matches_.find(canonical_match_id(match_filter)); it != matches_.end())
        all.push_back(it->second);
    } else {
      all.reserve(matches_.size());
      for (const auto& [id, match] : matches_) all.push_back(match);
    }
    std::erase_if(all, [&](const auto& match) {
      return !game_filter.empty() && match->info().name != game_filter;
    });
    // Unlisted: shown only to whoever names it with its code (`skirmish join` shows the
    // terms before taking the seat).
    std::erase_if(all, [&](const auto& match) {
      return match->is_private() && (match_filter.empty() || invite.empty() || !match->opens_with(invite));
    });
  }
  // Oldest first, so the list reads the same from call to call.
  std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) {
    return a->creation_order() < b->creation_order();
  });
  Listing out;
  for (const auto& match : all) {
    auto summary = match->summary();
    if (summary.status == "over") continue;
    // A running match nobody may watch has nothing to offer: no seat, no view.
    if (summary.status == "running" && summary.spectators_allowed == protocol::Spectators::None)
      continue;
    ++out.total;
    if (out.matches.size() >= kMaxListed) continue;
    summary.terms = match->terms();
    out.matches.push_back(std::move(summary));
  }
  return out;
}

std::size_t Lobby::size() const {
  std::lock_guard lock(mutex_);
  return matches_.size();
}

void Lobby::remove_unstarted(const std::string& match_id, const std::string& why) {
  std::shared_ptr<Match> match;
  {
    std::lock_guard lock(mutex_);
    auto it = matches_.find(match_id);
    if (it == matches_.end()) return;
    match = it->second;
  }
  // Only if it is still open with every seat empty: a join may have come meanwhile.
  if (!match->remove_if_unstarted(why)) return;
  {
    std::lock_guard lock(mutex_);
    if (const auto it = matches_.find(match_id); it != matches_.end() && it->second == match) matches_.erase(it);
    removed_.emplace_back(match_id, why);
    if (removed_.size() > kRemovedRemembered) removed_.pop_front();
  }
  spdlog::info("match {}: removed before it started ({})", match_id, why);
  services_.write_or_log(store::MatchCancelled{match_id, unix_ms()});
}

void Lobby::retire(const std::string& match_id, bool finished) {
  if (!finished) {  // an open match whose seats are all empty again: gone at once
    remove_unstarted(match_id, "every player in it left");
    return;
  }
  // A finished match stays findable for a while, so a dropped player can still see the end;
  // at most max_matches of them (a busy server of short games finishes thousands a minute),
  // the oldest going first.
  std::shared_ptr<Match> evicted;  // released after the lock
  {
    std::lock_guard lock(mutex_);
    lingering_.push_back(match_id);
    if (lingering_.size() > settings_.max_matches) {
      if (auto it = matches_.find(lingering_.front()); it != matches_.end()) {
        evicted = std::move(it->second);
        matches_.erase(it);
      }
      lingering_.pop_front();
    }
  }
  auto timer = std::make_shared<boost::asio::steady_timer>(executor_, settings_.finished_linger);
  timer->async_wait([timer, weak = weak_from_this(), match_id](const boost::system::error_code& ec) {
    if (ec) return;
    if (auto lobby = weak.lock()) lobby->forget_finished(match_id);
  });
}

void Lobby::forget_finished(const std::string& match_id) {
  std::lock_guard lock(mutex_);
  // Already let go to make room: on a busy server of short games that is most of them, and
  // looking for each through the whole queue cost a scan of max_matches ids per game.
  const auto match = matches_.find(match_id);
  if (match == matches_.end()) return;
  // Lingers end in the order they began, so the search almost always stops at the front.
  const auto it = std::find(lingering_.begin(), lingering_.end(), match_id);
  if (it == lingering_.end()) return;  // not lingering (never finished): not this timer's to forget
  lingering_.erase(it);
  matches_.erase(match);
}

void Lobby::shutdown() {
  std::unordered_map<std::string, std::shared_ptr<Match>> all;
  {
    std::lock_guard lock(mutex_);
    all.swap(matches_);
    lingering_.clear();
  }
  for (auto& [id, match] : all) match->shutdown();
}

}  // namespace skirmish::server
