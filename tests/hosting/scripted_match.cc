#include "tests/hosting/scripted_match.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "engine/registry.h"

namespace skirmish::test {

namespace {

std::vector<long long> numbers(const std::string& text) {
  std::istringstream in(text);
  std::vector<long long> out;
  long long value = 0;
  while (in >> value) out.push_back(value);
  return out;
}

}  // namespace

ScriptedMatch::ScriptedMatch(std::string game, engine::Options game_options, std::uint64_t move_seed,
                             Json match_options)
    : game_(std::move(game)), game_options_(std::move(game_options)),
      match_options_(std::move(match_options)), rng_(move_seed),
      state_(engine::create_game(game_, game_options_)) {}

void ScriptedMatch::start(unsigned short port) {
  for (int s = 0; s < 2; ++s) {
    clients_[static_cast<std::size_t>(s)] =
        std::make_unique<TestClient>(port, game_ + "-seat" + std::to_string(s), std::chrono::seconds(10));
    clients_[static_cast<std::size_t>(s)]->hello(s == 0 ? "alice" : "bob");
  }
  Json options = Json::object();
  for (const auto& [name, value] : game_options_.values()) options[name] = value;
  options["move_time_ms"] = 0;
  options.update(match_options_);
  id_ = clients_[0]->create_match(game_, options);
  const auto* info = engine::find_game(game_);
  for (int s = 0; s < 2; ++s) {
    const auto i = static_cast<std::size_t>(s);
    tokens_[i] = clients_[i]->join(id_, info->seat_names[i]).at("token").get<std::string>();
  }
  choose_pending();
}

void ScriptedMatch::choose_pending() {
  pending_ = {};
  sent_ = {};
  if (state_->outcome().over) return;
  for (engine::Seat s = 0; s < 2; ++s)
    if (state_->to_act().contains(s)) pending_[static_cast<std::size_t>(s)] = state_->random_move(s, rng_);
}

Json ScriptedMatch::move_message(engine::Seat seat, const std::string& text) const {
  Json message = {{"type", "move"}};
  const auto n = numbers(text);
  if (game_ == "onedchess") {
    message["position"] = n.at(0);
    message["direction"] = text.substr(text.find(' ') + 1);
  } else if (game_ == "tactego") {
    message["from"] = {n.at(0), n.at(1)};
    message["to"] = {n.at(2), n.at(3)};
  } else if (state_->turn() == 0) {  // DCMS setup: row col pairs, cheeSe first
    Json placement = Json::array();
    for (std::size_t i = 0; i + 1 < n.size(); i += 2) placement.push_back({n[i], n[i + 1]});
    message["placement"] = placement;
  } else {
    message["move"] = text;
  }
  (void)seat;
  return message;
}

void ScriptedMatch::send_move(engine::Seat seat) {
  const auto i = static_cast<std::size_t>(seat);
  const Json reply = clients_[i]->request(move_message(seat, *pending_[i]), std::chrono::seconds(10));
  if (reply.at("type") == "error")
    throw MoveRefused(game_ + " match " + id_ + ": move '" + *pending_[i] + "' refused: " + reply.dump());
  if (reply.at("type") == "state") last_state_ = reply;
  sent_[i] = true;
  note_seqs(i);
}

void ScriptedMatch::note_seqs(std::size_t seat) {
  const auto& frames = clients_[seat]->frames();
  for (; frames_checked_[seat] < frames.size(); ++frames_checked_[seat]) {
    const Json message = Json::parse(frames[frames_checked_[seat]]);
    if (message.at("type") != "state") continue;
    const auto seq = message.at("seq").get<std::uint64_t>();
    if (seq <= last_seq_[seat])
      seq_problems_.push_back("seat " + std::to_string(seat) + " got seq " + std::to_string(seq) +
                              " after " + std::to_string(last_seq_[seat]));
    last_seq_[seat] = seq;
  }
}

const std::vector<std::string>& ScriptedMatch::seq_problems() {
  for (std::size_t s = 0; s < 2; ++s)
    if (clients_[s]) note_seqs(s);
  return seq_problems_;
}

void ScriptedMatch::submit_first_half() {
  if (!state_->simultaneous()) throw std::logic_error("submit_first_half is for DCMS");
  send_move(0);
}

void ScriptedMatch::play(int turns) {
  for (int t = 0; t < turns && !state_->outcome().over; ++t) {
    for (engine::Seat s = 0; s < 2; ++s)
      if (pending_[static_cast<std::size_t>(s)] && !sent_[static_cast<std::size_t>(s)]) send_move(s);
    state_->apply(pending_);
    turns_.push_back(pending_);
    choose_pending();
  }
}

bool ScriptedMatch::play_until_cut_off() {
  try {
    play_to_end();
    return true;
  } catch (const MoveRefused&) {
    throw;
  } catch (const std::exception&) {  // no reply: the connection is gone with the server
    return false;
  }
}

std::size_t ScriptedMatch::turns_told() const {
  std::size_t told = 0;
  for (const auto& client : clients_)
    for (const std::string& frame : client->frames()) {
      const Json message = Json::parse(frame);
      if (message.at("type") == "state") told = std::max(told, message.at("turn").get<std::size_t>());
    }
  return told;
}

void ScriptedMatch::follow_stored_turns(std::size_t stored_turns) {
  const std::size_t told = turns_told();
  const std::string where = game_ + " match " + id_ + ": the server stored " + std::to_string(stored_turns) +
                            " turns, ";
  if (stored_turns < told) throw std::runtime_error(where + "but " + std::to_string(told) + " were told of");
  if (stored_turns == turns_.size() + 1 && !state_->outcome().over) {  // the turn in flight
    state_->apply(pending_);
    turns_.push_back(pending_);
    choose_pending();
  }
  if (stored_turns != turns_.size())
    throw std::runtime_error(where + "the players played " + std::to_string(turns_.size()));
}

void ScriptedMatch::resume(unsigned short port) {
  for (int s = 0; s < 2; ++s) {
    const auto i = static_cast<std::size_t>(s);
    note_seqs(i);  // the old connection's last states
    frames_checked_[i] = 0;
    clients_[i] = std::make_unique<TestClient>(port, game_ + "-seat" + std::to_string(s) + "-resumed",
                                               std::chrono::seconds(10));
    clients_[i]->hello(s == 0 ? "alice" : "bob");
    const Json joined = clients_[i]->request({{"type", "resume"}, {"match", id_}, {"token", tokens_[i]}});
    if (joined.at("type") != "joined" || joined.at("resumed") != true)
      throw std::runtime_error(game_ + " match " + id_ + ": resume failed: " + joined.dump());
    clients_[i]->wait_for("state", std::chrono::seconds(10));
    note_seqs(i);
  }
  // A sealed DCMS move not yet resolved was not stored: it is sent again.
  sent_ = {};
}

}  // namespace skirmish::test
