#pragma once
// Unguessable identifiers from the system CSPRNG (OpenSSL RAND_bytes): seat tokens, match
// ids, server-chosen game seeds. How typed ones are read: protocol/match_ids.h.
#include <string>

#include "protocol/match_ids.h"

namespace skirmish::server {

using protocol::canonical_invite_code;
using protocol::canonical_match_id;
using protocol::kMatchIdLength;

// 128 random bits as 32 lower-case hex digits: the only key to a seat.
std::string random_token();
// protocol::kMatchIdLength base32 characters.
std::string random_match_id();
// A private match's invite code: 12 base32 characters (60 bits) in groups of four,
// "K7QX-2M4A-P3ZD", read out or pasted to a friend.
std::string random_invite_code();
// 16 hex digits (64 bits): a seed string for a game whose creator gave none.
std::string random_seed_text();

}  // namespace skirmish::server
