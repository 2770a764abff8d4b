#include "server/store/token_hash.h"

#include <array>
#include <stdexcept>

#include <openssl/crypto.h>
#include <openssl/evp.h>

namespace skirmish::store {

namespace {
// Fetched once: OpenSSL 3 otherwise looks the algorithm up again on every digest.
const EVP_MD* sha256() {
  static EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
  return md;
}
}  // namespace

std::string hash_token(std::string_view token) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int size = 0;
  const EVP_MD* md = sha256();
  if (md == nullptr || EVP_Digest(token.data(), token.size(), digest.data(), &size, md, nullptr) != 1)
    throw std::runtime_error("SHA-256 of a seat token failed (OpenSSL)");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(size * 2);
  for (unsigned int i = 0; i < size; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 0x0f]);
  }
  return hex;
}

bool token_matches(std::string_view token, std::string_view stored_hash) {
  const std::string hash = hash_token(token);
  if (hash.size() != stored_hash.size()) return false;
  return CRYPTO_memcmp(hash.data(), stored_hash.data(), hash.size()) == 0;
}

}  // namespace skirmish::store
