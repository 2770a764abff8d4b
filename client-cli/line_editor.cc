#include "client-cli/line_editor.h"

#include <clocale>
#include <cwchar>
#include <functional>
#include <utility>

#include <locale.h>

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

// How many columns a terminal gives `point` when the C library cannot say (no C.UTF-8
// locale): 0 for combining marks, 2 for East Asian wide characters and emoji, else 1, for
// the common ranges.
int table_columns(char32_t point) {
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

// How many columns a terminal gives `point`: the C library's wcwidth, which knows all of
// Unicode, read in C.UTF-8 whatever the user's locale (the client never sets one; the
// terminal shows UTF-8). -1 (a control or unassigned character) and no such locale: the
// table above. The table's marks come first: an emoji's skin tone, two columns to wcwidth,
// is drawn as part of its emoji by the terminals that draw emoji.
int columns_of(char32_t point) {
  if (table_columns(point) == 0) return 0;
  static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  if (utf8 != static_cast<locale_t>(nullptr)) {
    const locale_t before = uselocale(utf8);
    const int width = wcwidth(static_cast<wchar_t>(point));
    uselocale(before);
    if (width >= 0) return width;
  }
  return table_columns(point);
}

// The length of the UTF-8 character that starts `text`.
std::size_t character_length(std::string_view text) {
  std::size_t length = 1;
  while (length < text.size() && continuation_byte(text[length])) ++length;
  return length;
}

// "\x1b[5A": `count` times `command`, as an ECMA-48 sequence.
std::string repeated(int count, char command) { return "\x1b[" + std::to_string(count) + command; }

}  // namespace

int display_columns(std::string_view text) {
  if (const auto newline = text.rfind('\n'); newline != std::string_view::npos) text.remove_prefix(newline + 1);
  int columns = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {  // a colour: CSI ... final byte
      i += 2;
      while (i < text.size() && !(text[i] >= 0x40 && text[i] <= 0x7E)) ++i;
      ++i;
      continue;
    }
    const std::size_t length = character_length(text.substr(i));
    if (static_cast<unsigned char>(text[i]) >= 0x20) columns += columns_of(decode(text.substr(i, length)));
    i += length;
  }
  return columns;
}

int LineEditor::end_position(std::string_view text) const {
  int position = start_column_;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = character_length(text.substr(i));
    const int columns = columns_of(decode(text.substr(i, length)));
    // A wide character does not fit in a row's last column: the terminal starts the next row.
    if (width_ > 0 && columns == 2 && position % width_ == width_ - 1) ++position;
    position += columns;
    i += length;
  }
  return position;
}

int LineEditor::erase_last_character() {
  // A UTF-8 character is erased whole, and as many columns as it took on the screen; a
  // combining mark (no column of its own) goes with the character it sits on, as it shows.
  int columns = 0;
  while (!line_.empty() && columns == 0) {
    std::size_t start = line_.size() - 1;
    while (start > 0 && continuation_byte(line_[start])) --start;
    columns = columns_of(decode(std::string_view(line_).substr(start)));
    line_.resize(start);
  }
  return columns;
}

void LineEditor::erase_while(std::string& echo, const std::function<bool()>& more) {
  const std::size_t length = line_.size();
  const int before = end_position(line_);
  int columns = 0;
  while (!line_.empty() && more()) columns += erase_last_character();
  if (line_.size() == length) return;  // nothing to erase
  const int after = end_position(line_);
  // Within one row, backspace over it. Backspace stops at a row's start, though, and a
  // cursor just past a row's last column still stands on that column: there the cursor is
  // moved up and along, and the rest of the screen cleared.
  if (width_ <= 0 || (before % width_ != 0 && before / width_ == after / width_)) {
    const auto n = static_cast<std::size_t>(width_ > 0 ? before - after : columns);
    echo += std::string(n, '\b') + std::string(n, ' ') + std::string(n, '\b');
    return;
  }
  // Just past a row's end the terminal may hold the cursor on the last column (until the
  // next character) or have it at the next row's start (after a redraw or an erase): a
  // space and a backspace put it at the next row's start either way.
  if (before % width_ == 0) echo += " \b";
  if (const int up = before / width_ - after / width_; up > 0) echo += repeated(up, 'A');
  echo += '\r';
  if (const int column = after % width_; column > 0) echo += repeated(column, 'C');
  echo += "\x1b[J";
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
      bool first = true;
      erase_while(result.echo, [&first] { return std::exchange(first, false); });
    } else if (ch == kCtrlU) {
      erase_while(result.echo, [] { return true; });
    } else if (ch == kCtrlW) {  // the blanks before the cursor, then the word before them
      bool in_word = false;
      erase_while(result.echo, [this, &in_word] {
        in_word = in_word || line_.back() != ' ';
        return !in_word || line_.back() != ' ';
      });
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
