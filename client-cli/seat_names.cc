#include "client-cli/seat_names.h"

#include <algorithm>
#include <vector>

#include "client-cli/style.h"
#include "engine/registry.h"

namespace skirmish::client {
namespace {

// Names may be 64 characters long: the header shows the start of a long one.
constexpr std::size_t kShownNameLength = 20;

// printable(name), cut after kShownNameLength characters (UTF-8 code points, so no
// character is cut in half).
std::string shown(const std::string& name) {
  const std::string text = printable(name);
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool continuation = (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80;
    if (!continuation && characters++ == kShownNameLength) return text.substr(0, i) + "...";
  }
  return text;
}

}  // namespace

void SeatNames::update(const nlohmann::json& message) {
  const nlohmann::json players = message.value("players", nlohmann::json());
  if (!players.is_object()) return;  // an older server
  names_.clear();
  for (const auto& [seat, name] : players.items())
    names_[printable(seat)] = name.is_string() ? std::optional(name.get<std::string>()) : std::nullopt;
}

std::string SeatNames::on_presence(const nlohmann::json& presence) {
  const std::string seat = printable(presence.value("seat", ""));
  const nlohmann::json name = presence.value("name", nlohmann::json());
  if (name.is_string()) names_[seat] = name.get<std::string>();
  // An older server sends no event (it tells only drops and returns), a newer one may send
  // one this client does not know: `connected` says which of the two it is.
  std::string event = presence.value("event", "");
  if (event != "joined" && event != "left" && event != "disconnected")
    event = presence.value("connected", false) ? "reconnected" : "disconnected";
  const std::string who = label(seat);
  if (event == "joined") {
    const auto& joined = names_[seat];
    return (joined && !joined->empty() ? shown(*joined) : "a player") + " joined as " + seat;
  }
  if (event == "left") {
    names_[seat] = std::nullopt;
    return who + " left";
  }
  if (event == "reconnected") return who + " is back";
  return who + " lost the connection (seat held for " +
         std::to_string(presence.value("grace_ms", 0LL) / 1000) + " s)";
}

std::string SeatNames::label(const std::string& seat) const {
  const std::string text = printable(seat);
  const auto found = names_.find(text);
  if (found == names_.end() || !found->second || found->second->empty()) return text;
  return text + " (" + shown(*found->second) + ")";
}

std::string SeatNames::who_plays(const std::string& game, const std::string& you) const {
  std::vector<std::string> order;  // the game's seat order, then any seat it does not name
  if (const auto* info = engine::find_game(game)) order.assign(info->seat_names.begin(), info->seat_names.end());
  for (const auto& [seat, name] : names_)
    if (std::find(order.begin(), order.end(), seat) == order.end()) order.push_back(seat);
  const bool spectator = you == "spectator";
  std::string seats = spectator ? "" : label(you);
  for (const auto& seat : order) {
    const auto found = names_.find(seat);
    if (seat == you || found == names_.end() || !found->second) continue;  // free or unknown
    seats += (seats.empty() ? "" : " vs ") + label(seat);
  }
  if (!spectator) return seats;
  return seats.empty() ? "spectator" : "spectator | " + seats;
}

bool is_seat_asked(const nlohmann::json& joined, const std::string& asked) {
  const std::string seat = joined.value("seat", "");
  if (seat == asked) return true;
  if (const engine::GameInfo* game = engine::find_game(joined.value("game", ""))) {
    const auto wanted = engine::find_seat(*game, asked);
    return wanted && game->seat_names[static_cast<std::size_t>(*wanted)] == seat;
  }
  // A game this client does not know (a newer server's): a number is matched by seat_index.
  const auto index = joined.find("seat_index");
  return index != joined.end() && index->is_number_integer() && index->dump() == asked;
}

}  // namespace skirmish::client
