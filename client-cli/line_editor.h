#pragma once
// The line a person is typing at a terminal, kept by the client rather than the terminal
// driver: the client can then draw it again under a notice (the driver's own line, typed
// half-way, vanished from the screen while it still held the text, and what was typed next
// was joined to it). Editing as a shell's plain prompt has it: backspace, Ctrl-U, Ctrl-W,
// Enter, Ctrl-D on an empty line; arrow keys and other escape sequences are ignored, never
// put into the line. A lone Esc is ignored too, and the key after it counts (Alt-x types x).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace skirmish::client {

// How many columns a terminal gives `text` (UTF-8; escape sequences, such as colours, take
// none; after its last line break, if any).
int display_columns(std::string_view text);

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
  // Where the line sits on the screen: after `start_column` columns of prompt, on a terminal
  // `width` columns wide (0: unknown). A line longer than a row wraps, and an erase that
  // crosses back over a row's start moves the cursor up, as backspace alone cannot.
  void set_layout(int start_column, int width) {
    start_column_ = start_column;
    width_ = width;
  }

 private:
  enum class Escape { None, Started, Csi, OneMore };
  // Erases the line's last character (with the marks on it); returns its columns.
  int erase_last_character();
  // Erases characters from the end while `more` says so (asked before each), and says how
  // the terminal should show that.
  void erase_while(std::string& echo, const std::function<bool()>& more);
  // The cursor's place after `text` typed after the prompt: columns from the start of the
  // prompt's row, a wide character at a row's last column pushed to the next row.
  int end_position(std::string_view text) const;

  std::string line_;
  int start_column_ = 0;
  int width_ = 0;
  Escape escape_ = Escape::None;
  bool csi_started_ = false;  // a byte of the CSI sequence came after its '['
  bool after_cr_ = false;  // a '\n' right after '\r' ends no second line
};

}  // namespace skirmish::client
