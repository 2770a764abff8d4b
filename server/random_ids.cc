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

// RFC 4648 base32: A-Z are 0-25, 2-7 are 26-31.
constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

// `chars` characters of the base32 alphabet, 5 random bits each (at most 12).
std::string random_base32(std::size_t chars) {
  const auto bytes = random_bytes<8>();
  unsigned long long bits = 0;
  for (unsigned char b : bytes) bits = (bits << 8) | b;
  std::string text(chars, 'A');
  for (std::size_t i = 0; i < chars; ++i) text[chars - 1 - i] = kAlphabet[(bits >> (5 * i)) & 31u];
  return text;
}

}  // namespace

std::string random_match_id() { return random_base32(kMatchIdLength); }

std::optional<std::uint64_t> match_id_number(std::string_view id) {
  if (id.size() != kMatchIdLength) return std::nullopt;
  std::uint64_t number = 0;
  for (const char c : id) {
    const std::size_t value = kAlphabet.find(c);
    if (value == std::string_view::npos) return std::nullopt;
    number = (number << 5) | value;
  }
  return number;
}

std::string random_invite_code() {
  const std::string code = random_base32(12);
  return code.substr(0, 4) + "-" + code.substr(4, 4) + "-" + code.substr(8, 4);
}

}  // namespace skirmish::server
