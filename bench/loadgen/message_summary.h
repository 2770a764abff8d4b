#pragma once
// The few top-level fields of a server message the load generator's bots react to, read
// with nlohmann's SAX interface: no DOM is built. A state is parsed whole only when its
// seat is about to move (pick_move), so the bots spend their time on the server's traffic,
// not on their own JSON trees.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace skirmish::loadgen {

struct MessageSummary {
  std::string type;
  std::optional<long long> id;
  std::string match;    // match_created
  std::string status;   // state: waiting, running or over
  long long turn = -1;  // state
  std::string you;      // state
  std::vector<std::string> to_act, submitted;  // state: seat names
  std::string code, message;                   // error

  // A state in which `you` has a move to make and has not sent it yet.
  bool you_to_act() const;
};

// Fills `out` from `text`; false (with `out` partly filled) when it is not a JSON object.
bool summarize(std::string_view text, MessageSummary& out);

}  // namespace skirmish::loadgen
