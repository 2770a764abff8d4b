#pragma once
// A connection as a match sees it: something to deliver encoded messages to. Keeps the
// match code free of WebSocket details.
#include <memory>
#include <string>

namespace skirmish::server {

// One encoded message, shared by every recipient of the same bytes.
using Message = std::shared_ptr<const std::string>;

inline Message make_message(std::string text) {
  return std::make_shared<const std::string>(std::move(text));
}

class Participant {
 public:
  virtual ~Participant() = default;
  // Queues `message` for sending; callable from any thread, never blocks.
  virtual void deliver(Message message) = 0;
};

}  // namespace skirmish::server
