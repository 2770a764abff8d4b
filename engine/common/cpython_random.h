#pragma once
// CPython 3's `random` module, bit for bit, for the parts Tactego's placement uses:
// random.seed(str) (version 2: UTF-8 bytes + their SHA-512, as one big integer),
// getrandbits(k), randbelow(n) and shuffle(list). The Mersenne Twister is MT19937 with
// CPython's init_by_array seeding.
#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

namespace skirmish::engine {

class CPythonRandom {
 public:
  // Same as `random.seed(seed)` for a str seed.
  explicit CPythonRandom(std::string_view seed);

  std::uint32_t next_u32();                   // genrand_uint32
  std::uint32_t getrandbits(int k);           // 0 <= k <= 32
  std::uint64_t randbelow(std::uint64_t n);   // n >= 1, n < 2^32

  // random.shuffle: for i from n-1 down to 1, swap x[i] with x[randbelow(i+1)].
  template <typename T>
  void shuffle(std::span<T> items) {
    for (std::size_t i = items.size(); i-- > 1;) {
      auto j = static_cast<std::size_t>(randbelow(i + 1));
      std::swap(items[i], items[j]);
    }
  }

 private:
  void init_genrand(std::uint32_t s);
  void init_by_array(std::span<const std::uint32_t> key);

  static constexpr int kN = 624;
  std::array<std::uint32_t, kN> mt_{};
  int mti_ = kN + 1;
};

}  // namespace skirmish::engine
