#include "client-cli/line_editor.h"

#include <utility>

namespace skirmish::client {

namespace {

constexpr char kCtrlD = 0x04, kBackspace = 0x08, kCtrlU = 0x15, kCtrlW = 0x17, kEsc = 0x1b, kDelete = 0x7f;

bool continuation_byte(char ch) { return (static_cast<unsigned char>(ch) & 0xC0) == 0x80; }

}  // namespace

void LineEditor::erase_last_character(std::string& echo) {
  if (line_.empty()) return;
  // A UTF-8 character is erased whole: its continuation bytes, then its first byte.
  while (line_.size() > 1 && continuation_byte(line_.back())) line_.pop_back();
  line_.pop_back();
  echo += "\b \b";
}

LineEditor::Result LineEditor::feed(std::string_view bytes) {
  Result result;
  for (const char ch : bytes) {
    const bool was_after_cr = std::exchange(after_cr_, false);
    switch (escape_) {
      case Escape::Started:  // ESC [ ... is a CSI sequence, ESC O x a keypad key
        escape_ = ch == '[' ? Escape::Csi : ch == 'O' ? Escape::OneMore : Escape::None;
        continue;
      case Escape::Csi:  // parameters until a final byte 0x40-0x7E
        if (ch >= 0x40 && ch <= 0x7E) escape_ = Escape::None;
        continue;
      case Escape::OneMore:
        escape_ = Escape::None;
        continue;
      case Escape::None:
        break;
    }
    if (ch == '\r' || ch == '\n') {
      if (ch == '\n' && was_after_cr) continue;
      after_cr_ = ch == '\r';
      result.lines.push_back(std::exchange(line_, {}));
      result.echo += "\r\n";
    } else if (ch == kDelete || ch == kBackspace) {
      erase_last_character(result.echo);
    } else if (ch == kCtrlU) {
      while (!line_.empty()) erase_last_character(result.echo);
    } else if (ch == kCtrlW) {
      while (!line_.empty() && line_.back() == ' ') erase_last_character(result.echo);
      while (!line_.empty() && line_.back() != ' ') erase_last_character(result.echo);
    } else if (ch == kCtrlD) {
      if (line_.empty()) {
        result.end = true;
        return result;  // what follows an end is not read
      }
    } else if (ch == kEsc) {
      escape_ = Escape::Started;
    } else if (ch == '\t') {
      line_ += ' ';
      result.echo += ' ';
    } else if (static_cast<unsigned char>(ch) >= 0x20) {  // printable, or part of a UTF-8 character
      line_ += ch;
      result.echo += ch;
    }  // other control characters: ignored
  }
  return result;
}

}  // namespace skirmish::client
