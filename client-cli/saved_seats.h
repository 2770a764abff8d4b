#pragma once
// The interactive client keeps each seat's token in a small file while its game runs, so
// that a client that stopped (a crash, a closed terminal, a reboot) can take the seat back
// with `skirmish resume MATCH` within the reconnect grace. One file per seat, readable by
// its owner only (created 0600, in directories created 0700), removed when the game ends or
// the seat is left; one left behind by a client that never saw its game end is removed a
// day later, when another seat is saved. A file is named by its match and seat only
// (MATCH-SEAT.json), so another server's match of the same id could have the same name:
// a file that holds another server's seat is never replaced or removed for this one.
#include <chrono>
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
  // wss:// only: the --ca-file (or $SKIRMISH_CA_FILE) the seat was taken with, saved as an
  // absolute path, so that `skirmish resume` from any directory trusts the server again.
  std::string ca_file = {};
  // The client process playing the seat (0: not known, a file from an older client).
  int client_pid = 0;
};

// Whether the client that played `seat` has stopped without ending it (killed, crashed, a
// closed terminal): the seat is left behind, for `skirmish resume`, not another client's.
bool left_behind(const SavedSeat& seat);

// A seat file this old belongs to a game long over (its client stopped before the end).
inline constexpr std::chrono::hours kStaleSeatAge{24};

// $SKIRMISH_STATE_DIR, else $XDG_STATE_HOME/skirmish/seats, else ~/.local/state/skirmish/seats;
// nullopt when none of them can be told (no HOME).
std::optional<std::filesystem::path> saved_seats_dir();

// Writes the seat's file, readable by its owner only from the start (and removes seat
// files older than kStaleSeatAge); returns its path, or an error message (the game goes
// on without it). A file of that name holding a seat of another server (its "server" is
// not seat.server) is left as it is: an error, not overwritten.
struct SaveResult {
  std::optional<std::filesystem::path> path;
  std::string error;
};
SaveResult save_seat(const SavedSeat& seat);
// Removes the file of `seat` in `match` taken on `server`: only when the file says so (its
// "server", "match" and "seat"); one holding another server's seat, or unreadable, stays
// (a day-old one goes with the stale files).
void forget_seat(const std::string& server, const std::string& match, const std::string& seat);

// The seats saved for `match` (usually one; two when both were played from this account).
std::vector<SavedSeat> saved_seats(const std::string& match);

}  // namespace skirmish::client
