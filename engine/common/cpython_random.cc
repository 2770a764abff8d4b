#include "engine/common/cpython_random.h"

#include <openssl/evp.h>

#include <bit>
#include <stdexcept>
#include <vector>

namespace skirmish::engine {
namespace {

constexpr int kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfU;
constexpr std::uint32_t kUpperMask = 0x80000000U;
constexpr std::uint32_t kLowerMask = 0x7fffffffU;

// The seed string's UTF-8 bytes followed by their SHA-512 digest: CPython reads this as
// one big-endian integer.
std::vector<unsigned char> seed_bytes(std::string_view seed) {
  std::vector<unsigned char> bytes(seed.begin(), seed.end());
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int digest_len = 0;
  if (EVP_Digest(seed.data(), seed.size(), digest, &digest_len, EVP_sha512(), nullptr) != 1)
    throw std::runtime_error("SHA-512 failed");
  bytes.insert(bytes.end(), digest, digest + digest_len);
  return bytes;
}

// That integer as 32-bit words, least significant first, without leading zero words
// (CPython sizes the key by the integer's bit length; a zero integer is one zero word).
std::vector<std::uint32_t> to_key_words(const std::vector<unsigned char>& big_endian) {
  std::vector<std::uint32_t> words;
  std::uint32_t word = 0;
  int shift = 0;
  for (auto it = big_endian.rbegin(); it != big_endian.rend(); ++it) {
    word |= static_cast<std::uint32_t>(*it) << shift;
    shift += 8;
    if (shift == 32) {
      words.push_back(word);
      word = 0;
      shift = 0;
    }
  }
  if (shift != 0) words.push_back(word);
  while (words.size() > 1 && words.back() == 0) words.pop_back();
  if (words.empty()) words.push_back(0);
  return words;
}

}  // namespace

CPythonRandom::CPythonRandom(std::string_view seed) {
  auto key = to_key_words(seed_bytes(seed));
  init_by_array(key);
}

void CPythonRandom::init_genrand(std::uint32_t s) {
  mt_[0] = s;
  for (mti_ = 1; mti_ < kN; ++mti_) {
    auto prev = mt_[static_cast<std::size_t>(mti_ - 1)];
    mt_[static_cast<std::size_t>(mti_)] =
        1812433253U * (prev ^ (prev >> 30)) + static_cast<std::uint32_t>(mti_);
  }
}

void CPythonRandom::init_by_array(std::span<const std::uint32_t> key) {
  init_genrand(19650218U);
  std::size_t i = 1, j = 0;
  const std::size_t n = kN, len = key.size();
  for (std::size_t k = (n > len ? n : len); k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525U)) + key[j] +
             static_cast<std::uint32_t>(j);
    ++i;
    ++j;
    if (i >= n) {
      mt_[0] = mt_[n - 1];
      i = 1;
    }
    if (j >= len) j = 0;
  }
  for (std::size_t k = n - 1; k; --k) {
    mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941U)) -
             static_cast<std::uint32_t>(i);
    ++i;
    if (i >= n) {
      mt_[0] = mt_[n - 1];
      i = 1;
    }
  }
  mt_[0] = 0x80000000U;  // MSB is 1, assuring a non-zero initial array
  mti_ = kN;
}

std::uint32_t CPythonRandom::next_u32() {
  if (mti_ >= kN) {
    std::size_t kk = 0;
    auto twist = [](std::uint32_t upper, std::uint32_t lower) {
      std::uint32_t y = (upper & kUpperMask) | (lower & kLowerMask);
      return (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
    };
    for (; kk < kN - kM; ++kk) mt_[kk] = mt_[kk + kM] ^ twist(mt_[kk], mt_[kk + 1]);
    for (; kk < kN - 1; ++kk) mt_[kk] = mt_[kk + kM - kN] ^ twist(mt_[kk], mt_[kk + 1]);
    mt_[kN - 1] = mt_[kM - 1] ^ twist(mt_[kN - 1], mt_[0]);
    mti_ = 0;
  }
  std::uint32_t y = mt_[static_cast<std::size_t>(mti_++)];
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= (y >> 18);
  return y;
}

std::uint32_t CPythonRandom::getrandbits(int k) {
  if (k < 0 || k > 32) throw std::invalid_argument("getrandbits: k must be 0..32");
  if (k == 0) return 0;
  return next_u32() >> (32 - k);
}

std::uint64_t CPythonRandom::randbelow(std::uint64_t n) {
  if (n == 0 || n > 0xffffffffULL) throw std::invalid_argument("randbelow: n must be 1..2^32-1");
  const auto k = static_cast<int>(std::bit_width(n));
  std::uint64_t r = getrandbits(k);
  while (r >= n) r = getrandbits(k);
  return r;
}

}  // namespace skirmish::engine
