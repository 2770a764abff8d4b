#pragma once
// A token bucket: `rate` messages per second on average, bursts of up to `burst`.
#include <algorithm>
#include <chrono>

namespace skirmish::server {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  RateLimiter(double rate_per_second, int burst)
      : rate_(rate_per_second), burst_(static_cast<double>(burst)), tokens_(burst_),
        last_(Clock::now()) {}

  // True when one more message may pass now (and takes its token).
  bool allow(Clock::time_point now = Clock::now()) {
    if (rate_ <= 0) return true;  // 0 = no limit
    const std::chrono::duration<double> elapsed = now - last_;
    last_ = now;
    tokens_ = std::min(burst_, tokens_ + elapsed.count() * rate_);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }

 private:
  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace skirmish::server
