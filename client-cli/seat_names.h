#pragma once
// Who sits in each seat: the players' names, which the server sends in `joined` and
// `watching` (`players`) and keeps up to date with `presence`. The names come from other
// players, so all text made here passes through printable(). An older server sends no
// names: seats are then named by the seat alone, as before.
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace skirmish::client {

class SeatNames {
 public:
  // Takes the `players` of a joined or watching message ({"red": "alice", "blue": null}).
  void update(const nlohmann::json& message);
  // Notes what a presence message changes and returns its notice ("bob joined as blue").
  std::string on_presence(const nlohmann::json& presence);
  // "blue (bob)"; just "blue" when its player gave no name or none is known.
  std::string label(const std::string& seat) const;
  // What the header says after "you: ": "red (alice) vs blue (bob)" with `you` first, free
  // seats left out; a spectator gets "spectator | " and the seats in the game's order.
  std::string who_plays(const std::string& game, const std::string& you) const;

 private:
  std::map<std::string, std::optional<std::string>> names_;  // seat -> name, nullopt: free
};

// Whether the seat a `joined` gives is the one asked for with --seat, by its name or its
// number ("0", "1": the order of the game's seats, as the server reads them).
bool is_seat_asked(const nlohmann::json& joined, const std::string& asked);

}  // namespace skirmish::client
