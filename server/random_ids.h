#pragma once
// Unguessable identifiers from the system CSPRNG (OpenSSL RAND_bytes): seat tokens, match
// ids, server-chosen game seeds.
#include <string>
#include <string_view>

namespace skirmish::server {

// 128 random bits as 32 lower-case hex digits: the only key to a seat.
std::string random_token();
// 8 base32 characters (40 bits): short enough to read out, hard to guess.
std::string random_match_id();
// A match id as a person may type it, made canonical: upper case, and the digits that
// base32 leaves out read as the letters they look like (0 as O, 1 as I, 8 as B).
std::string canonical_match_id(std::string typed);
// A private match's invite code: 12 base32 characters (60 bits) in groups of four,
// "K7QX-2M4A-P3ZD", read out or pasted to a friend.
std::string random_invite_code();
// An invite code as a person may type or paste it, made canonical: only its ASCII letters
// and digits kept (dashes, spaces and any other separator dropped), then as canonical_match_id.
std::string canonical_invite_code(std::string_view typed);
// 16 hex digits (64 bits): a seed string for a game whose creator gave none.
std::string random_seed_text();

}  // namespace skirmish::server
