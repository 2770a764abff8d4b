#pragma once
// The few top-level fields of a server message the load generator's bots react to, found
// with json_scan over the frame's own bytes: views into the text (or into `decoded` for a
// string with escapes), so a summary is valid only while the text it was made from is.
// The state's view is kept as raw text: the move picker reads it when its seat moves.
#include <optional>
#include <string>
#include <string_view>

namespace skirmish::loadgen {

struct MessageSummary {
  MessageSummary() = default;
  MessageSummary(const MessageSummary&) = delete;  // its views may point into `decoded`
  MessageSummary& operator=(const MessageSummary&) = delete;

  std::string_view type;
  std::optional<long long> id;  // when an integer
  std::string_view match;       // match_created
  std::string_view game;        // state
  std::string_view status;      // state: waiting, running or over
  long long turn = -1;          // state
  std::string_view you;         // state
  std::string_view to_act, submitted;  // state: raw JSON arrays of seat names
  std::string_view view;               // state: the raw JSON of the view
  std::string_view code, message;      // error
  // Strings that carried escapes, decoded (reused from message to message).
  std::string decoded;

  // A state in which `you` has a move to make and has not sent it yet.
  bool you_to_act() const;
};

// Fills `out` from `text`; false (with `out` partly filled) when `text` is not one
// well-formed JSON object.
bool summarize(std::string_view text, MessageSummary& out);

}  // namespace skirmish::loadgen
