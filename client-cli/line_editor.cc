#include "client-cli/line_editor.h"

#include <utility>

namespace skirmish::client {

namespace {

constexpr char kCtrlD = 0x04, kBackspace = 0x08, kCtrlU = 0x15, kCtrlW = 0x17, kEsc = 0x1b, kDelete = 0x7f;

bool continuation_byte(char ch) { return (static_cast<unsigned char>(ch) & 0xC0) == 0x80; }

// The code point of one UTF-8 character (a bad sequence reads as one column's worth).
char32_t decode(std::string_view bytes) {
  const auto lead = static_cast<unsigned char>(bytes[0]);
  const int extra = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
  auto point = static_cast<char32_t>(extra == 0 ? lead : lead & (0x3F >> extra));
  for (int i = 1; i <= extra && i < static_cast<int>(bytes.size()); ++i)
    point = (point << 6) | static_cast<char32_t>(static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]) & 0x3F);
  return point;
}

// How many columns a terminal gives `point`: 0 for combining marks, 2 for East Asian wide
// characters and emoji, else 1 (the common ranges; wcwidth would need a UTF-8 locale).
int columns_of(char32_t point) {
  const auto in = [point](char32_t first, char32_t last) { return point >= first && point <= last; };
  // Marks that sit on the letter before (Latin, Hebrew, Arabic, Thai, Hangul vowels...),
  // joiners and variation selectors, emoji skin tones.
  if (in(0x0300, 0x036F) || in(0x0591, 0x05C7) || in(0x064B, 0x065F) || point == 0x0670 ||
      point == 0x0E31 || in(0x0E34, 0x0E3A) || in(0x0E47, 0x0E4E) || in(0x1160, 0x11FF) ||
      in(0x1AB0, 0x1AFF) || in(0x1DC0, 0x1DFF) || in(0x200B, 0x200F) || in(0x20D0, 0x20FF) ||
      in(0xFE00, 0xFE0F) || in(0xFE20, 0xFE2F) || in(0x1F3FB, 0x1F3FF) || in(0xE0100, 0xE01EF))
    return 0;
  // East Asian wide characters and emoji shown two columns wide.
  if (in(0x1100, 0x115F) || in(0x231A, 0x231B) || in(0x2329, 0x232A) || in(0x23E9, 0x23EC) ||
      in(0x2614, 0x2615) || point == 0x26A1 || point == 0x2705 || point == 0x274C || point == 0x2B50 ||
      point == 0x2B55 || in(0x2E80, 0x303E) || in(0x3041, 0x33FF) || in(0x3400, 0x4DBF) ||
      in(0x4E00, 0x9FFF) || in(0xA000, 0xA4CF) || in(0xAC00, 0xD7A3) || in(0xF900, 0xFAFF) ||
      in(0xFE30, 0xFE4F) || in(0xFF00, 0xFF60) || in(0xFFE0, 0xFFE6) || point == 0x1F004 ||
      point == 0x1F0CF || in(0x1F191, 0x1F19A) || in(0x1F200, 0x1F251) || in(0x1F300, 0x1F64F) ||
      in(0x1F680, 0x1F6FF) || in(0x1F900, 0x1F9FF) || in(0x1FA70, 0x1FAFF) || in(0x20000, 0x3FFFD))
    return 2;
  return 1;
}

}  // namespace

void LineEditor::erase_last_character(std::string& echo) {
  if (line_.empty()) return;
  // A UTF-8 character is erased whole, and as many columns as it took on the screen; a
  // combining mark (no column of its own) goes with the character it sits on, as it shows.
  int columns = 0;
  while (!line_.empty() && columns == 0) {
    std::size_t start = line_.size() - 1;
    while (start > 0 && continuation_byte(line_[start])) --start;
    columns = columns_of(decode(std::string_view(line_).substr(start)));
    line_.resize(start);
  }
  echo += std::string(static_cast<std::size_t>(columns), '\b') + std::string(static_cast<std::size_t>(columns), ' ') +
          std::string(static_cast<std::size_t>(columns), '\b');
}

LineEditor::Result LineEditor::feed(std::string_view bytes) {
  Result result;
  for (const char ch : bytes) {
    const bool was_after_cr = std::exchange(after_cr_, false);
    switch (escape_) {
      case Escape::Started:  // ESC [ ... is a CSI sequence, ESC O x a keypad key
        escape_ = ch == '[' ? Escape::Csi : ch == 'O' ? Escape::OneMore : Escape::None;
        csi_started_ = false;
        if (escape_ != Escape::None) continue;
        break;  // a lone Esc (or Alt with a key): the key after it is a key of its own
      case Escape::Csi:  // parameters until a final byte 0x40-0x7E
        if (ch == '[' && !csi_started_) escape_ = Escape::OneMore;  // the Linux console's F1-F5: ESC [ [ A
        else if (ch >= 0x40 && ch <= 0x7E) escape_ = Escape::None;
        csi_started_ = true;
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
