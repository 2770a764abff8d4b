#pragma once
// Match ids and invite codes as people type and paste them, made canonical: the server
// looks them up so, and the client names the seats it saves so.
#include <cstddef>
#include <string>
#include <string_view>

namespace skirmish::protocol {

// A match id's characters (base32): short enough to read out, hard to guess (40 bits).
inline constexpr std::size_t kMatchIdLength = 8;

// A match id as a person may type it, made canonical: upper case, and the digits that
// base32 leaves out read as the letters they look like (0 as O, 1 as I, 8 as B).
std::string canonical_match_id(std::string typed);
// An invite code as a person may type or paste it, made canonical: only its ASCII letters
// and digits kept (dashes, spaces and any other separator dropped), then as canonical_match_id.
std::string canonical_invite_code(std::string_view typed);

}  // namespace skirmish::protocol
