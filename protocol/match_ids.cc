#include "protocol/match_ids.h"

#include <utility>

namespace skirmish::protocol {

std::string canonical_match_id(std::string typed) {
  for (char& ch : typed) {
    if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    if (ch == '0') ch = 'O';
    if (ch == '1') ch = 'I';
    if (ch == '8') ch = 'B';
  }
  return typed;
}

std::string canonical_invite_code(std::string_view typed) {
  // Only the letters and digits count: whatever a chat program put between the groups (an
  // en dash, a no-break space, a tab, a newline) is not part of the code.
  std::string compact;
  for (char ch : typed)
    if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) compact += ch;
  return canonical_match_id(std::move(compact));
}

}  // namespace skirmish::protocol
