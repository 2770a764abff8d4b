#pragma once
// A client that sends random requests of every type, mostly as a player would (create,
// join the matches others made, move at random in its game's shape) with anything else
// mixed in: watch, resume with right and wrong tokens, resign, leave, odd options, a
// dropped connection, pauses long enough for deadlines and graces to run out. It checks
// what it is sent: a reply to each request, no internal error, no fogged Tactego board
// showing it what it may not see. Seeded by its number, so a run's requests repeat.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "tests/problem_list.h"
#include "tests/server/test_client.h"

namespace skirmish::test {

// What the clients have learnt so far, so that their requests name real matches and
// seats; shared by every client's thread.
class SharedKnowledge {
 public:
  void add_match(const std::string& id);
  // A match its creator sits in, for the next player looking for a game (taken once).
  void add_waiting(const std::string& id);
  std::optional<std::string> take_waiting();
  void add_token(const std::string& token);
  // A known match or token (sometimes one that never existed), picked at random.
  std::string match(std::mt19937_64& rng);
  std::string token(std::mt19937_64& rng);

 private:
  std::string pick(const std::vector<std::string>& list, const char* unknown, std::mt19937_64& rng);

  std::mutex mutex_;
  std::vector<std::string> matches_;
  std::vector<std::string> waiting_;
  std::vector<std::string> tokens_;
};

class RandomClient {
 public:
  // Connects and says hello (throws when it cannot).
  RandomClient(unsigned short port, int number, SharedKnowledge& known);

  // Sends one request and waits for its reply; false (with the problem) when none came.
  bool step(ProblemList& problems);
  // After the last step: what this connection was sent is checked, and it is still open.
  void finish(ProblemList& problems);

  int moves_applied() const { return moves_applied_; }  // moves the server took
  int fog_states_checked() const { return fog_states_checked_; }

 private:
  void connect();
  Json next_request();
  void learn(const Json& request, const Json& reply);
  // Every frame this connection got, in order: none an internal error, and no fogged
  // Tactego state showing what this viewer may not see.
  void check_frames(ProblemList& problems);
  void check_fog(const Json& state, ProblemList& problems) const;

  unsigned short port_;
  std::string name_;
  SharedKnowledge& known_;
  std::mt19937_64 rng_;
  std::unique_ptr<TestClient> client_;
  std::string game_;              // the game of the seat held, empty when none
  std::string created_;           // a match just created, to join next
  bool joining_created_ = false;  // the request in flight joins the match it created
  int moves_applied_ = 0;
  int fog_states_checked_ = 0;
};

}  // namespace skirmish::test
