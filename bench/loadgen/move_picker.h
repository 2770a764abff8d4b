#pragma once
// Random legal moves read off the views the server sends (docs/protocol.md), written as the
// text of a `move` request. The load generator's bots think no further than this. The view
// is read in place with json_scan; the picker keeps its scratch lists from move to move so
// that a move costs no allocation once warm.
#include <array>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/json_writer.h"

namespace skirmish::loadgen {

enum class Game { onedchess, tactego, dcms };
std::optional<Game> game_named(std::string_view name);

class MovePicker {
 public:
  // Replaces `out` with a complete `move` request with `id` for `seat` (0 or 1), a move
  // chosen uniformly among the legal ones in `view` (the raw JSON of the state's view).
  // False when the view offers no move or is not the view of `game` it should be.
  bool pick(Game game, std::string_view view, int seat, long long id, std::mt19937_64& rng, std::string& out);

 private:
  bool onedchess(std::string_view view, int seat, std::mt19937_64& rng, protocol::JsonWriter& out);
  bool tactego(std::string_view view, int seat, std::mt19937_64& rng, protocol::JsonWriter& out);
  bool dcms(std::string_view view, int seat, std::mt19937_64& rng, protocol::JsonWriter& out);

  std::string decoded_;  // a string of the view that carried escapes
  std::string pieces_;   // DCMS: the pieces' letters, when they carried escapes
  std::string move_;     // DCMS: the move's text
  std::vector<int> positions_;
  std::vector<std::array<char, 2>> cells_;  // Tactego: owner and kind of each square, row by row
  std::vector<std::array<int, 4>> moves_;
  std::vector<std::array<int, 2>> squares_;
};

}  // namespace skirmish::loadgen
