#pragma once
// The live progress line: games done / total, time elapsed, estimated time left. On a
// terminal it is redrawn in place; otherwise (a log, CI) one line per finished game.
#include <chrono>
#include <ostream>
#include <string>

namespace skirmish::tournament {

// "1:05" or "1:02:03".
std::string format_duration(std::chrono::seconds duration);

// "[5/12] 42% elapsed 0:12, about 0:17 left". `already_done` games came from a resumed run
// and are left out of the speed estimate; nothing is estimated before a game of this run
// ends and a second has passed.
std::string progress_line(int done, int total, int already_done, std::chrono::milliseconds elapsed);

class ProgressLine {
 public:
  ProgressLine(std::ostream& out, bool terminal) : out_(out), terminal_(terminal) {}
  void show(const std::string& line);
  void finish();  // ends the in-place line
 private:
  std::ostream& out_;
  bool terminal_;
  bool drawn_ = false;
};

}  // namespace skirmish::tournament
