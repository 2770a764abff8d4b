#include "server/store/store_write.h"

#include <type_traits>

#include <nlohmann/json.hpp>

#include "protocol/json_writer.h"
#include "server/store/match_store.h"
#include "server/store/options_json.h"

namespace skirmish::store {

namespace {

template <typename... Handlers>
struct Overloaded : Handlers... {
  using Handlers::operator()...;
};
template <typename... Handlers>
Overloaded(Handlers...) -> Overloaded<Handlers...>;

template <typename Value>
void write_pair(protocol::JsonWriter& json, const Value& pair) {
  json.begin_array();
  for (const auto& value : pair) {
    if (!value) json.null();
    else if constexpr (std::is_same_v<std::decay_t<decltype(*value)>, std::string>) json.string(*value);
    else json.number(*value);
  }
  json.end_array();
}

TurnRecord read_turn(const nlohmann::json& line) {
  TurnRecord turn;
  const auto& moves = line.at("moves");
  const auto& millis = line.at("ms");
  if (!moves.is_array() || moves.size() != engine::kSeatCount || !millis.is_array() ||
      millis.size() != engine::kSeatCount)
    throw StoreError("a turn needs \"moves\" and \"ms\" for both seats");
  for (std::size_t seat = 0; seat < engine::kSeatCount; ++seat) {
    if (!moves[seat].is_null()) turn.moves[seat] = moves[seat].get<std::string>();
    if (!millis[seat].is_null()) turn.millis[seat] = millis[seat].get<std::int64_t>();
    turn.acted[seat] = turn.millis[seat].has_value();  // a seat that acted has its time
  }
  return turn;
}

engine::Outcome read_result(const nlohmann::json& line) {
  const std::string reason_name = line.at("reason").get<std::string>();
  const auto reason = engine::end_reason_from_string(reason_name);
  if (!reason) throw StoreError("unknown end reason \"" + reason_name + "\"");
  const int winner = line.at("winner").get<int>();
  return winner < 0 ? engine::Outcome::draw(*reason) : engine::Outcome::win(winner, *reason);
}

}  // namespace

const std::string& match_of(const StoreWrite& write) {
  return std::visit([](const auto& w) -> const std::string& { return w.match; }, write);
}

void apply(const StoreWrite& write, MatchStore& store) {
  std::visit(Overloaded{
                 [&](const MatchCreated& w) { store.create_match(w.match, w.game, w.options, w.settings, w.at_ms); },
                 [&](const SeatTaken& w) { store.record_join_hashed(w.match, w.seat, w.name, w.token_hash, w.at_ms); },
                 [&](const SeatFreed& w) { store.record_leave(w.match, w.seat); },
                 [&](const MatchStarted& w) { store.start_match(w.match, w.at_ms); },
                 [&](const TurnPlayed& w) { store.append_turn(w.match, w.turn_index, w.turn); },
                 [&](const MatchFinished& w) { store.finish_match(w.match, w.result, w.at_ms); },
                 [&](const MatchCancelled& w) { store.cancel_match(w.match, w.at_ms); },
             },
             write);
}

std::span<const MatchState> states_for(const StoreWrite& write) {
  return std::visit(Overloaded{
                        [](const MatchCreated&) { return std::span<const MatchState>(); },
                        [](const SeatTaken&) { return std::span<const MatchState>(kSeatStates); },
                        [](const SeatFreed&) { return std::span<const MatchState>(kSeatStates); },
                        [](const MatchStarted&) { return std::span<const MatchState>(kStartStates); },
                        [](const TurnPlayed&) { return std::span<const MatchState>(kTurnStates); },
                        [](const MatchFinished&) { return std::span<const MatchState>(kFinishStates); },
                        [](const MatchCancelled&) { return std::span<const MatchState>(kCancelStates); },
                    },
                    write);
}

std::string describe(const StoreWrite& write) {
  return std::visit(
      Overloaded{
          [](const MatchCreated& w) { return "create match " + w.match; },
          [](const SeatTaken& w) { return "seat a player in match " + w.match; },
          [](const SeatFreed& w) { return "free a seat of match " + w.match; },
          [](const MatchStarted& w) { return "start match " + w.match; },
          [](const TurnPlayed& w) {
            return "store turn " + std::to_string(w.turn_index + 1) + " of match " + w.match;
          },
          [](const MatchFinished& w) { return "store the result of match " + w.match; },
          [](const MatchCancelled& w) { return "cancel match " + w.match; },
      },
      write);
}

void append_journal_line(std::string& out, std::uint64_t seq, const StoreWrite& write) {
  protocol::JsonWriter json(out);
  json.begin_object().key("seq").number(static_cast<long long>(seq));
  std::visit(Overloaded{
                 [&](const MatchCreated& w) {
                   json.key("op").plain_string("create").key("match").string(w.match);
                   json.key("game").string(w.game).key("options").raw(w.options.json);
                   json.key("settings").raw(w.settings.json);
                   json.key("at").number(w.at_ms);
                 },
                 [&](const SeatTaken& w) {
                   json.key("op").plain_string("join").key("match").string(w.match);
                   json.key("seat").number(w.seat).key("name").string(w.name);
                   json.key("token_sha256").string(w.token_hash).key("at").number(w.at_ms);
                 },
                 [&](const SeatFreed& w) {
                   json.key("op").plain_string("leave").key("match").string(w.match);
                   json.key("seat").number(w.seat);
                 },
                 [&](const MatchStarted& w) {
                   json.key("op").plain_string("start").key("match").string(w.match);
                   json.key("at").number(w.at_ms);
                 },
                 [&](const TurnPlayed& w) {
                   json.key("op").plain_string("turn").key("match").string(w.match);
                   json.key("turn").number(static_cast<long long>(w.turn_index)).key("moves");
                   write_pair(json, w.turn.moves);
                   json.key("ms");
                   write_pair(json, w.turn.millis);
                 },
                 [&](const MatchFinished& w) {
                   json.key("op").plain_string("finish").key("match").string(w.match);
                   json.key("winner").number(w.result.winner);
                   json.key("reason").plain_string(engine::to_string(w.result.reason));
                   json.key("at").number(w.at_ms);
                 },
                 [&](const MatchCancelled& w) {
                   json.key("op").plain_string("cancel").key("match").string(w.match);
                   json.key("at").number(w.at_ms);
                 },
             },
             write);
  json.end_object();
  out += '\n';
}

std::pair<std::uint64_t, StoreWrite> parse_journal_line(std::string_view text) {
  const auto line = nlohmann::json::parse(text, nullptr, false);
  if (!line.is_object()) throw StoreError("not a JSON object");
  try {
    const auto seq = line.at("seq").get<std::uint64_t>();
    const std::string op = line.at("op").get<std::string>();
    std::string match = line.at("match").get<std::string>();
    const auto at = [&] { return line.at("at").get<std::int64_t>(); };
    if (op == "create")
      return {seq, MatchCreated{std::move(match), line.at("game").get<std::string>(),
                                read_options_json(line.at("options")), read_options_json(line.at("settings")), at()}};
    if (op == "join")
      return {seq, SeatTaken{std::move(match), line.at("seat").get<int>(), line.at("name").get<std::string>(),
                             line.at("token_sha256").get<std::string>(), at()}};
    if (op == "leave") return {seq, SeatFreed{std::move(match), line.at("seat").get<int>()}};
    if (op == "start") return {seq, MatchStarted{std::move(match), at()}};
    if (op == "turn")
      return {seq, TurnPlayed{std::move(match), line.at("turn").get<std::size_t>(), read_turn(line)}};
    if (op == "finish") return {seq, MatchFinished{std::move(match), read_result(line), at()}};
    if (op == "cancel") return {seq, MatchCancelled{std::move(match), at()}};
    throw StoreError("unknown op \"" + op + "\"");
  } catch (const nlohmann::json::exception& error) {
    throw StoreError(std::string("a field is missing or has the wrong type (") + error.what() + ")");
  }
}

}  // namespace skirmish::store
