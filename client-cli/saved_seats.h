#pragma once
// The interactive client keeps each seat's token in a small file while its game runs, so
// that a client that stopped (a crash, a closed terminal, a reboot) can take the seat back
// with `skirmish resume MATCH` within the reconnect grace. One file per seat, readable by
// its owner only, removed when the game ends or the seat is left.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace skirmish::client {

struct SavedSeat {
  std::string server;  // the URL the seat was taken on
  std::string match;
  std::string game;
  std::string seat;
  std::string token;
};

// $SKIRMISH_STATE_DIR, else $XDG_STATE_HOME/skirmish, else ~/.local/state/skirmish/seats;
// nullopt when none of them can be told (no HOME).
std::optional<std::filesystem::path> saved_seats_dir();

// Writes the seat's file; returns its path, or an error message (the game goes on
// without it).
struct SaveResult {
  std::optional<std::filesystem::path> path;
  std::string error;
};
SaveResult save_seat(const SavedSeat& seat);
void forget_seat(const std::string& match, const std::string& seat);

// The seats saved for `match` (usually one; two when both were played from this account).
std::vector<SavedSeat> saved_seats(const std::string& match);

}  // namespace skirmish::client
