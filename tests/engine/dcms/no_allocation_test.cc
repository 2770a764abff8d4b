// The typed hot path allocates nothing: apply_orders on a game in play, captures included.
// This program replaces the global operator new to count allocations, so it runs alone.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "engine/dcms/dcms.h"

namespace {
std::atomic<long long> allocations{0};
}  // namespace

// Every plain form of new and delete is replaced, so each pair agrees (sanitizers check).
void* operator new(std::size_t size) {
  ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  ++allocations;
  return std::malloc(size == 0 ? 1 : size);
}
void* operator new[](std::size_t size, const std::nothrow_t& tag) noexcept {
  return operator new(size, tag);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

using namespace skirmish::engine::dcms;

TEST_CASE("apply_orders does not allocate, even when pieces are captured", "[dcms][alloc]") {
  skirmish::engine::Rng rng(5);
  int captures_seen = 0;
  for (int game = 0; game < 200; ++game) {
    DcmsState state(*shipped_map("small"), "SMCD", 60);
    state.apply({state.random_move(kBlue, rng), state.random_move(kRed, rng)});
    DcmsState copy = state;  // a copied state must be allocation-free too
    for (DcmsState* s : {&state, &copy}) {
      while (s->phase() == Phase::Play) {
        const Orders blue = s->random_orders(kBlue, rng);
        const Orders red = s->random_orders(kRed, rng);
        const long long before = allocations.load();
        s->apply_orders(blue, red);
        const long long used = allocations.load() - before;
        REQUIRE(used == 0);
        captures_seen += static_cast<int>(s->last_turn()->captures.size());
      }
    }
  }
  CHECK(captures_seen > 0);
}
