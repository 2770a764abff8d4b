#include <catch2/catch.hpp>

#include "server/store/token_hash.h"

using skirmish::store::hash_token;
using skirmish::store::token_matches;

TEST_CASE("hash_token is SHA-256 in lower-case hex") {
  // FIPS 180-2 test vectors.
  CHECK(hash_token("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(hash_token("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_CASE("token_matches accepts only the token that was hashed") {
  const auto stored = hash_token("s3cret-token");
  CHECK(token_matches("s3cret-token", stored));
  CHECK_FALSE(token_matches("s3cret-tokeN", stored));
  CHECK_FALSE(token_matches("", stored));
  CHECK_FALSE(token_matches("s3cret-token", stored.substr(1)));
}
