#include "server/random_ids.h"

#include <openssl/rand.h>

#include <array>
#include <stdexcept>

namespace skirmish::server {
namespace {

template <std::size_t N>
std::array<unsigned char, N> random_bytes() {
  std::array<unsigned char, N> bytes{};
  if (RAND_bytes(bytes.data(), static_cast<int>(N)) != 1)
    throw std::runtime_error("the system random generator failed (RAND_bytes)");
  return bytes;
}

template <std::size_t N>
std::string hex(const std::array<unsigned char, N>& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text;
  text.reserve(2 * N);
  for (unsigned char b : bytes) {
    text += kDigits[b >> 4];
    text += kDigits[b & 0xF];
  }
  return text;
}

}  // namespace

std::string random_token() { return hex(random_bytes<16>()); }

std::string random_seed_text() { return hex(random_bytes<8>()); }

namespace {

// `chars` characters of the RFC 4648 base32 alphabet, 5 random bits each (at most 12).
std::string random_base32(std::size_t chars) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const auto bytes = random_bytes<8>();
  unsigned long long bits = 0;
  for (unsigned char b : bytes) bits = (bits << 8) | b;
  std::string text(chars, 'A');
  for (std::size_t i = 0; i < chars; ++i) text[chars - 1 - i] = kAlphabet[(bits >> (5 * i)) & 31u];
  return text;
}

}  // namespace

std::string random_match_id() { return random_base32(kMatchIdLength); }

std::string random_invite_code() {
  const std::string code = random_base32(12);
  return code.substr(0, 4) + "-" + code.substr(4, 4) + "-" + code.substr(8, 4);
}

}  // namespace skirmish::server
