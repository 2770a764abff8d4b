#pragma once
// Unguessable identifiers from the system CSPRNG (OpenSSL RAND_bytes): seat tokens, match
// ids, server-chosen game seeds. How typed ones are read: protocol/match_ids.h.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/match_ids.h"

namespace skirmish::server {

using protocol::canonical_invite_code;
using protocol::canonical_match_id;
using protocol::kMatchIdLength;

// 128 random bits as 32 lower-case hex digits: the only key to a seat.
std::string random_token();
// protocol::kMatchIdLength base32 characters.
std::string random_match_id();
// A match id's 40 bits, read back as random_match_id writes them; nullopt for any other
// text (a typed id is made canonical first: canonical_match_id).
std::optional<std::uint64_t> match_id_number(std::string_view id);
// A private match's invite code: 12 base32 characters (60 bits) in groups of four,
// "K7QX-2M4A-P3ZD", read out or pasted to a friend.
std::string random_invite_code();
// 16 hex digits (64 bits): a seed string for a game whose creator gave none.
std::string random_seed_text();

}  // namespace skirmish::server
