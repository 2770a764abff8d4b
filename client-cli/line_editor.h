#pragma once
// The line a person is typing at a terminal, kept by the client rather than the terminal
// driver: the client can then draw it again under a notice (the driver's own line, typed
// half-way, vanished from the screen while it still held the text, and what was typed next
// was joined to it). Editing as a shell's plain prompt has it: backspace, Ctrl-U, Ctrl-W,
// Enter, Ctrl-D on an empty line; arrow keys and other escape sequences are ignored, never
// put into the line. A lone Esc is ignored too, and the key after it counts (Alt-x types x).
#include <string>
#include <string_view>
#include <vector>

namespace skirmish::client {

class LineEditor {
 public:
  struct Result {
    std::vector<std::string> lines;  // completed by Enter, in order
    bool end = false;                // Ctrl-D on an empty line: the end of input
    std::string echo;                // what the terminal should show for these keys
  };

  // The bytes the terminal sent (any split: an escape sequence or a UTF-8 character may
  // straddle two calls).
  Result feed(std::string_view bytes);
  // What has been typed on the line so far.
  const std::string& pending() const { return line_; }
  // Forgets the line typed so far (typed ahead, before a prompt asked for it).
  void clear() { line_.clear(); }

 private:
  enum class Escape { None, Started, Csi, OneMore };
  void erase_last_character(std::string& echo);

  std::string line_;
  Escape escape_ = Escape::None;
  bool csi_started_ = false;  // a byte of the CSI sequence came after its '['
  bool after_cr_ = false;  // a '\n' right after '\r' ends no second line
};

}  // namespace skirmish::client
