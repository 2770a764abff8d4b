#include "tests/server/random_client.h"

#include <chrono>
#include <set>
#include <thread>
#include <utility>

namespace skirmish::test {
namespace {

template <typename T, std::size_t N>
const T& one_of(const T (&choices)[N], std::mt19937_64& rng) {
  return choices[rng() % N];
}

// Options for a new match: valid ones mostly, short deadlines and graces so that timeouts
// and forfeits happen too, and now and then a value the server must refuse.
Json random_options(const std::string& game, std::mt19937_64& rng) {
  Json options = Json::object();
  if (rng() % 3 == 0) options["move_time_ms"] = one_of({0, 150, 400}, rng);
  if (rng() % 3 == 0) options["reconnect_grace_ms"] = one_of({0, 300, 2000}, rng);
  if (rng() % 4 == 0) options["spectators"] = one_of({"none", "public", "full"}, rng);
  if (game == "tactego") {
    options["pieces"] = one_of({"small_game", "basic", "assassins"}, rng);
    options["length"] = one_of({4, 6, 10}, rng);
    options["width"] = one_of({3, 5, 10}, rng);
    if (rng() % 2 == 0) options["fog"] = true;
  } else if (game == "dcms") {
    options["map"] = one_of({"classic", "small", "arena"}, rng);
    options["pieces"] = one_of({"SM", "SMC", "SMCD"}, rng);
  }
  if (rng() % 10 == 0) options[one_of({"length", "map", "fog", "nonsense"}, rng)] = "bad value";
  return options;
}

// A move of `game`'s shape (any game's when empty), legal now and then.
Json random_move(const std::string& game, std::mt19937_64& rng) {
  const auto small = [&] { return static_cast<int>(rng() % 6); };
  Json move{{"type", "move"}};
  std::size_t shape = rng() % 4;  // 0: 1D Chess, 1: Tactego, 2: DCMS setup, 3: DCMS play
  if (game == "onedchess") shape = 0;
  if (game == "tactego") shape = 1;
  if (game == "dcms") shape = 2 + rng() % 2;
  switch (shape) {
    case 0:
      move["position"] = static_cast<int>(rng() % 9);
      move["direction"] = one_of({"LEFT", "RIGHT"}, rng);
      break;
    case 1: {  // a step to a neighbouring square, mostly
      const int row = small(), col = small();
      const bool along_rows = rng() % 2 == 0;
      const int step = rng() % 2 == 0 ? 1 : -1;
      move["from"] = {row, col};
      move["to"] = {along_rows ? row + step : row, along_rows ? col : col + step};
      break;
    }
    case 2:
      move["placement"] = {{small(), small()}, {small(), small()}};
      break;
    default:
      move["move"] = std::string(one_of({"M", "m", "C", "S", "X"}, rng)) + " " + std::to_string(rng() % 9);
  }
  if (rng() % 5 == 0) move["turn"] = static_cast<int>(rng() % 4);
  return move;
}

// Any request at all, about a known match now and then.
Json any_request(SharedKnowledge& known, std::mt19937_64& rng) {
  const std::string game = one_of({"tactego", "dcms", "onedchess"}, rng);
  switch (rng() % 10) {
    case 0:
      return {{"type", "create_match"}, {"game", game}, {"options", random_options(game, rng)}};
    case 1:
      return {{"type", "join"}, {"match", known.match(rng)}};
    case 2:
      return {{"type", "watch"}, {"match", known.match(rng)}};
    case 3:
      return {{"type", "resume"}, {"match", known.match(rng)}, {"token", known.token(rng)}};
    case 4:
      return {{"type", "resign"}, {"reason", one_of({"crash", "bored"}, rng)}};
    case 5:
      return {{"type", "leave"}};
    case 6:
      return {{"type", one_of({"list_matches", "list_games", "ping", "hello"}, rng)}};
    default:
      return random_move("", rng);
  }
}

}  // namespace

void SharedKnowledge::add_match(const std::string& id) {
  std::lock_guard lock(mutex_);
  matches_.push_back(id);
}

void SharedKnowledge::add_waiting(const std::string& id) {
  std::lock_guard lock(mutex_);
  waiting_.push_back(id);
}

std::optional<std::string> SharedKnowledge::take_waiting() {
  std::lock_guard lock(mutex_);
  if (waiting_.empty()) return std::nullopt;
  std::string id = std::move(waiting_.back());
  waiting_.pop_back();
  return id;
}

void SharedKnowledge::add_token(const std::string& token) {
  std::lock_guard lock(mutex_);
  tokens_.push_back(token);
}

std::string SharedKnowledge::match(std::mt19937_64& rng) { return pick(matches_, "NOSUCH23", rng); }
std::string SharedKnowledge::token(std::mt19937_64& rng) { return pick(tokens_, "not-a-token", rng); }

std::string SharedKnowledge::pick(const std::vector<std::string>& list, const char* unknown, std::mt19937_64& rng) {
  std::lock_guard lock(mutex_);
  if (list.empty() || rng() % 8 == 0) return unknown;
  return list[rng() % list.size()];
}

RandomClient::RandomClient(unsigned short port, int number, SharedKnowledge& known)
    : port_(port), name_("random" + std::to_string(number)), known_(known),
      rng_(static_cast<std::uint64_t>(number) * 7919 + 1) {
  connect();
}

bool RandomClient::step(ProblemList& problems) {
  if (rng_() % 40 == 0) {  // the network fails; the client comes back on a new connection
    client_->drop();
    check_frames(problems);
    connect();
  }
  // Short pauses, and now and then a long one: deadlines and graces run out too.
  if (rng_() % 3 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(rng_() % 10));
  if (rng_() % 80 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(200 + rng_() % 400));
  const Json request = next_request();
  Json reply;
  try {
    reply = client_->request(request, 5s);
  } catch (const std::exception& error) {
    problems.add(name_ + ": no reply to " + request.dump() + ": " + error.what());
    return false;
  }
  learn(request, reply);
  return true;
}

void RandomClient::finish(ProblemList& problems) {
  check_frames(problems);
  if (client_->closed()) problems.add(name_ + ": the server closed the connection");
}

void RandomClient::connect() {
  client_ = std::make_unique<TestClient>(port_, name_);
  client_->hello(name_);
  game_.clear();
}

Json RandomClient::next_request() {
  if (!created_.empty()) {
    joining_created_ = true;
    return {{"type", "join"}, {"match", std::exchange(created_, {})}};
  }
  const auto roll = rng_() % 20;
  if (!game_.empty()) {  // seated: mostly moves
    if (roll < 15) return random_move(game_, rng_);
    if (roll == 15) return {{"type", "resign"}};
    if (roll == 16) return {{"type", "leave"}};
    return any_request(known_, rng_);
  }
  if (roll < 8) {
    if (auto waiting = known_.take_waiting()) return {{"type", "join"}, {"match", *waiting}};
    Json join{{"type", "join"}, {"match", known_.match(rng_)}};
    if (rng_() % 3 == 0) join["seat"] = one_of({"0", "1", "red", "white", "blue", "purple"}, rng_);
    return join;
  }
  if (roll < 12) {
    const std::string game = one_of({"tactego", "dcms", "onedchess"}, rng_);
    return {{"type", "create_match"}, {"game", game}, {"options", random_options(game, rng_)}};
  }
  if (roll < 14) return {{"type", "watch"}, {"match", known_.match(rng_)}};
  return any_request(known_, rng_);
}

void RandomClient::learn(const Json& request, const Json& reply) {
  const bool joining_created = std::exchange(joining_created_, false);
  const std::string type = reply.value("type", "");
  if (request.at("type") == "move" && (type == "state" || type == "submitted")) ++moves_applied_;
  if (type == "match_created") {
    created_ = reply.at("match").get<std::string>();
    known_.add_match(created_);
  } else if (type == "joined") {
    known_.add_token(reply.at("token").get<std::string>());
    game_ = reply.at("game").get<std::string>();
    if (joining_created) known_.add_waiting(reply.at("match").get<std::string>());
  } else if (type == "left" || type == "watching") {
    game_.clear();
  } else if (type == "error") {
    const std::string code = reply.value("code", "");
    if (code == "not_in_match" || code == "game_over") game_.clear();
  }
}

void RandomClient::check_frames(ProblemList& problems) {
  bool full_view = false;  // a spectator of everything (spectators=full)
  for (const std::string& frame : client_->frames()) {
    if (frame.find("\"internal\"") != std::string::npos) problems.add(name_ + ": " + frame);
    const Json message = Json::parse(frame, nullptr, false);
    const std::string type = message.is_object() ? message.value("type", "") : "";
    if (type == "watching") full_view = message.value("full_view", false);
    if (type == "joined") full_view = false;
    if (type == "state" && message.value("game", "") == "tactego" && message.at("view").value("fog", false) &&
        !full_view) {
      check_fog(message, problems);
      ++fog_states_checked_;
    }
  }
}

// A player sees the kinds of its own pieces and of those revealed in combat, a spectator
// only the revealed ones; nobody sees the seed before the end (docs/protocol.md).
void RandomClient::check_fog(const Json& state, ProblemList& problems) const {
  const Json& view = state.at("view");
  const std::string you = state.at("you").get<std::string>();
  const char own = you == "red" ? 'R' : you == "blue" ? 'B' : '\0';  // '\0': a spectator
  std::set<std::pair<int, int>> revealed;
  for (const Json& square : view.at("revealed")) revealed.emplace(square.at(0).get<int>(), square.at(1).get<int>());
  const Json& board = view.at("board");
  for (std::size_t row = 0; row < board.size(); ++row)
    for (std::size_t col = 0; col < board[row].size(); ++col) {
      const Json& cell = board[row][col];
      if (!cell.is_string()) continue;
      const std::string piece = cell.get<std::string>();
      const bool may_see = piece.front() == own || revealed.count({static_cast<int>(row), static_cast<int>(col)});
      if (!may_see && piece.substr(1) != "?")
        problems.add(name_ + " (" + you + ") was shown " + piece + " at [" + std::to_string(row) + ", " +
                     std::to_string(col) + "] in " + state.at("match").get<std::string>());
    }
  if (state.at("status") != "over" && !view.at("seed").is_null())
    problems.add(name_ + " (" + you + ") was shown the seed of " + state.at("match").get<std::string>());
}

}  // namespace skirmish::test
