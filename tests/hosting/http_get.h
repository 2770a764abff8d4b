#pragma once
// A minimal blocking HTTP/1.1 GET for the tests (Boost.Beast), bounded by a timeout.
#include <chrono>
#include <string>

namespace skirmish::test {

struct HttpResult {
  unsigned status = 0;
  std::string content_type;
  std::string body;
};

// Throws std::runtime_error when the server cannot be reached or does not answer in time.
HttpResult http_get(unsigned short port, const std::string& target,
                    std::chrono::milliseconds wait = std::chrono::seconds(5));

}  // namespace skirmish::test
