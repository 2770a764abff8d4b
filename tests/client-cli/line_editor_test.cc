// The line a person types at a terminal, as the client keeps it (client-cli/line_editor.h).
#include <catch2/catch.hpp>

#include "client-cli/line_editor.h"

using skirmish::client::LineEditor;

TEST_CASE("the line editor completes lines on Enter and echoes what is typed") {
  LineEditor editor;
  auto typed = editor.feed("2 RI");
  CHECK(typed.lines.empty());
  CHECK(typed.echo == "2 RI");
  CHECK(editor.pending() == "2 RI");
  typed = editor.feed("GHT\r\nx\n");  // a terminal that sends CR LF: one line, not two
  CHECK(typed.lines == std::vector<std::string>{"2 RIGHT", "x"});
  CHECK(typed.echo == "GHT\r\nx\r\n");
  CHECK(editor.pending().empty());
}

TEST_CASE("the line editor erases characters and words as a plain prompt does") {
  LineEditor editor;
  editor.feed("1 LEFT");
  auto typed = editor.feed("\x7f\x7f");  // backspace twice
  CHECK(editor.pending() == "1 LE");
  CHECK(typed.echo == "\b \b\b \b");
  editor.feed("\x17");  // Ctrl-W: the word
  CHECK(editor.pending() == "1 ");
  editor.feed("caf\xc3\xa9\x7f");  // a UTF-8 character goes whole
  CHECK(editor.pending() == "1 caf");
  editor.feed("\x15");  // Ctrl-U: the whole line
  CHECK(editor.pending().empty());
  // As many columns as the character took: two for a wide one; a combining mark goes with
  // the letter it sits on.
  editor.feed("\xe4\xb8\xad" "e\xcc\x81");  // U+4E2D, then e and U+0301
  CHECK(editor.feed("\x7f").echo == "\b \b");  // e and its accent: one column
  CHECK(editor.pending() == "\xe4\xb8\xad");
  CHECK(editor.feed("\x7f").echo == "\b\b  \b\b");  // the wide one
  CHECK(editor.pending().empty());
  editor.feed("\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd" "\xf0\x9f\x9a\x80");  // thumbs up with a skin tone, a rocket
  CHECK(editor.feed("\x7f").echo == "\b\b  \b\b");
  CHECK(editor.feed("\x7f").echo == "\b\b  \b\b");  // the tone goes with its emoji
  CHECK(editor.pending().empty());
  CHECK(editor.feed("\x7f").echo.empty());  // nothing left to erase
}

TEST_CASE("the line editor ignores arrow keys and other escape sequences, also split across reads") {
  LineEditor editor;
  editor.feed("M\x1b[C\x1b[1;5D\x1bOA\x1b[[A 4");  // ESC [ [ A: the Linux console's F1
  CHECK(editor.pending() == "M 4");
  editor.feed("\x1b[");
  editor.feed("2");
  const auto typed = editor.feed("~\n");
  CHECK(typed.lines == std::vector<std::string>{"M 4"});
}

TEST_CASE("a lone Esc takes nothing with it: the key after it counts") {
  LineEditor editor;
  editor.feed("6 LEFT\x1b");
  const auto typed = editor.feed("\r");  // Esc then Enter: the line is still sent
  CHECK(typed.lines == std::vector<std::string>{"6 LEFT"});
  editor.feed("\x1b" "a\x1b\x1b" "b");  // Alt-a types a; Esc Esc b types b
  CHECK(editor.pending() == "ab");
}

TEST_CASE("Ctrl-D ends the input on an empty line only") {
  LineEditor editor;
  CHECK_FALSE(editor.feed("ab\x04").end);
  CHECK(editor.pending() == "ab");
  editor.clear();
  const auto typed = editor.feed("\x04" "more\n");
  CHECK(typed.end);
  CHECK(typed.lines.empty());  // nothing after the end is read
}

TEST_CASE("backspace across a wrapped line moves the cursor up to where the line now ends") {
  LineEditor editor;
  editor.set_layout(5, 10);  // a 5-column prompt on a 10-column terminal
  editor.feed("abcdefg");    // abcde end the first row, fg start the second
  CHECK(editor.feed("\x7f").echo == "\b \b");  // g: backspace within the row
  CHECK(editor.feed("\x7f").echo == "\b \b");  // f: the cursor ends at the row's start
  // e, the first row's last column: a space and a backspace put a cursor held on that
  // column at the next row's start, whichever way the terminal holds it; then one row up,
  // to column 9, and the rest of the screen cleared.
  CHECK(editor.feed("\x7f").echo == " \b\x1b[1A\r\x1b[9C\x1b[J");
  CHECK(editor.pending() == "abcd");
  editor.feed("e");  // the cursor on the last column again
  CHECK(editor.feed("\x7f").echo == " \b\x1b[1A\r\x1b[9C\x1b[J");
  // Ctrl-U from the third row: back to the prompt's end, two rows up.
  editor.feed("efghijklmnopq");
  CHECK(editor.feed("\x15").echo == "\x1b[2A\r\x1b[5C\x1b[J");  // in one move
  CHECK(editor.pending().empty());
  // A wide character that did not fit in a row's last column started the next row.
  editor.set_layout(9, 10);
  editor.feed("\xe4\xb8\xad");  // U+4E2D at columns 0-1 of the second row
  CHECK(editor.feed("\x7f").echo == "\x1b[1A\r\x1b[9C\x1b[J");
  // An unknown width (not a terminal): backspaces as before.
  editor.set_layout(5, 0);
  editor.feed("abcdefg");
  CHECK(editor.feed("\x7f\x7f\x7f").echo == "\b \b\b \b\b \b");
}

TEST_CASE("a combining mark of any script goes with its letter and a prompt's colours take no columns") {
  LineEditor editor;
  // Devanagari KA and its vowel sign E (U+0947), a mark a hand-made table may not know.
  editor.feed("\xe0\xa4\x95\xe0\xa5\x87");
  CHECK(editor.feed("\x7f").echo == "\b \b");
  CHECK(editor.pending().empty());
  using skirmish::client::display_columns;
  CHECK(display_columns("\x1b[1mSelect >> \x1b[0m") == 10);
  CHECK(display_columns("two lines\nab\xe4\xb8\xad") == 4);
}
