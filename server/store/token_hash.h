#pragma once
// Seat tokens are secrets: the store keeps only their SHA-256, so a copy of the database
// cannot be used to take over a seat.
#include <string>
#include <string_view>

namespace skirmish::store {

// Lower-case hex SHA-256 of the token's bytes (64 characters).
std::string hash_token(std::string_view token);

// Compares in constant time, so timing does not leak how much of a guess was right.
bool token_matches(std::string_view token, std::string_view stored_hash);

}  // namespace skirmish::store
