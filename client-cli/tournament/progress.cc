#include "client-cli/tournament/progress.h"

#include <cstdio>

namespace skirmish::tournament {

std::string format_duration(std::chrono::seconds duration) {
  long long total = duration.count() < 0 ? 0 : duration.count();
  const long long hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60;
  char text[32];
  if (hours > 0) std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", hours, minutes, seconds);
  else std::snprintf(text, sizeof text, "%lld:%02lld", minutes, seconds);
  return text;
}

std::string progress_line(int done, int total, int already_done, std::chrono::milliseconds elapsed) {
  using std::chrono::seconds;
  std::string line = "[" + std::to_string(done) + "/" + std::to_string(total) + "]";
  if (total > 0) line += " " + std::to_string(done * 100 / total) + "%";
  line += " elapsed " + format_duration(std::chrono::duration_cast<seconds>(elapsed));
  const int played_now = done - already_done;
  // Games that end within the first second (a bot that crashes at once) say nothing of
  // the rest: an estimate from them read "about 0:00 left".
  if (done >= total) {
    line += ", done";
  } else if (played_now > 0 && elapsed >= seconds(1)) {
    const long long left_ms = elapsed.count() * (total - done) / played_now;
    line += ", about " + format_duration(seconds((left_ms + 999) / 1000)) + " left";  // never 0:00
  } else {
    line += ", estimating time left";
  }
  return line;
}

void ProgressLine::show(const std::string& line) {
  if (terminal_) {
    out_ << "\r" << line << "\x1b[K" << std::flush;
    drawn_ = true;
  } else {
    out_ << line << "\n" << std::flush;
  }
}

void ProgressLine::finish() {
  if (terminal_ && drawn_) out_ << "\n" << std::flush;
  drawn_ = false;
}

}  // namespace skirmish::tournament
