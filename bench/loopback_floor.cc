// The floor under the server's CPU per move on this machine: what the kernel alone costs
// for one move's traffic over loopback TCP, with no WebSocket, no JSON and no game.
//
// A child process plays the server: one thread, epoll, and for every 100-byte "move" it
// reads, a 300-byte "state" sent to both connections of that pair (1 recv + 2 sends, the
// least any relay of a two-seat game can do). The parent plays the bots, closed loop, and
// afterwards reads the child's user + system CPU time from wait4(). Compare its
// "us/move" with the load generator's "server CPU per move", and its round trip (a move
// sent to the mover's state received in full) with the load generator's.
//
// With a think time each bot waits that long after its state before the next move (the
// pairs' first moves spread over the first think time), as `skirmish-loadgen --think-ms`.
//
// The relay `beast` does the same through Boost.Beast WebSockets on one Asio thread
// (bench/beast_relay.h), forwarding a ready-made state; `beast-json` parses each move and
// writes each seat's state with nlohmann/json used plainly. The bots then speak WebSocket
// by hand: an upgrade request, masked 100-byte text frames out, 300-byte text frames in.
//
//   loopback_floor [pairs=100] [seconds=5] [think_ms=0] [relay=epoll|beast|beast-json]
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <queue>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "bench/beast_relay.h"

namespace {

constexpr std::size_t kStateBytes = 300;

[[noreturn]] void die(const char* what) {
  std::perror(what);
  std::exit(1);
}

int check(int result, const char* what) {
  if (result < 0) die(what);
  return result;
}

void send_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t sent = send(fd, data, size, MSG_NOSIGNAL);
    if (sent <= 0) die("send");
    data += sent;
    size -= static_cast<std::size_t>(sent);
  }
}

int watch_all(const std::vector<int>& fds) {
  const int epoll = check(epoll_create1(0), "epoll_create1");
  for (std::size_t i = 0; i < fds.size(); ++i) {
    epoll_event event{};
    event.events = EPOLLIN;
    event.data.u64 = i;
    check(epoll_ctl(epoll, EPOLL_CTL_ADD, fds[i], &event), "epoll_ctl");
  }
  return epoll;
}

// The server side: until its peers hang up.
[[noreturn]] void relay(const std::vector<int>& seats) {
  const int epoll = watch_all(seats);
  const std::string state(kStateBytes, 's');
  std::array<char, 4096> buffer{};
  std::array<epoll_event, 256> events{};
  for (;;) {
    const int ready = epoll_wait(epoll, events.data(), static_cast<int>(events.size()), 5000);
    if (ready <= 0) _exit(ready == 0 ? 0 : 1);
    for (int k = 0; k < ready; ++k) {
      const std::size_t seat = events[static_cast<std::size_t>(k)].data.u64;
      if (recv(seats[seat], buffer.data(), buffer.size(), 0) <= 0) _exit(0);
      const std::size_t pair = seat / 2;
      send_all(seats[2 * pair], state.data(), state.size());
      send_all(seats[2 * pair + 1], state.data(), state.size());
    }
  }
}

// What the bots send and expect, for the relay chosen.
struct Wire {
  std::string move;                       // one move, as sent
  std::size_t state_bytes = kStateBytes;  // one state, as received
  std::string upgrade;                    // sent first on every connection, if not empty
};

Wire wire_for(const std::string& relay) {
  // The same 100-byte move for every relay (the epoll relay does not read it).
  const std::string payload = skirmish_bench::relay_move_text();
  if (relay == "epoll") return Wire{payload, kStateBytes, ""};
  // A masked text frame (the mask key is 0, which leaves the payload as it is); the
  // relay's 300-byte frames have a 4-byte header (126, then a 16-bit length).
  std::string frame{'\x81', static_cast<char>(0x80 | payload.size()), 0, 0, 0, 0};
  frame += payload;
  const std::string upgrade =
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  return Wire{frame, 4 + kStateBytes, upgrade};
}

// Sends the upgrade on every bot, then reads each 101 response through its blank line.
void upgrade_all(const std::vector<int>& bots, const std::string& upgrade) {
  for (const int bot : bots) send_all(bot, upgrade.data(), upgrade.size());
  for (const int bot : bots) {
    std::string response;
    char byte = 0;
    while (response.size() < 4 || response.compare(response.size() - 4, 4, "\r\n\r\n") != 0) {
      if (recv(bot, &byte, 1, 0) != 1) die("recv (upgrade)");
      response += byte;
    }
    if (response.rfind("HTTP/1.1 101", 0) != 0) {
      std::fprintf(stderr, "upgrade refused: %s\n", response.c_str());
      std::exit(1);
    }
  }
}

double seconds_of(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

using Clock = std::chrono::steady_clock;

double percentile_us(std::vector<Clock::duration>& samples, double fraction) {
  if (samples.empty()) return 0.0;
  const auto rank = static_cast<std::size_t>(fraction * static_cast<double>(samples.size() - 1));
  std::nth_element(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(rank), samples.end());
  return std::chrono::duration<double, std::micro>(samples[rank]).count();
}

}  // namespace

int main(int argc, char** argv) {
  const int pairs = argc > 1 ? std::atoi(argv[1]) : 100;
  const int seconds = argc > 2 ? std::atoi(argv[2]) : 5;
  const int think_ms = argc > 3 ? std::atoi(argv[3]) : 0;
  const std::string relay_kind = argc > 4 ? argv[4] : "epoll";
  if (pairs < 1 || pairs > 20000 || seconds < 1 || think_ms < 0 ||
      (relay_kind != "epoll" && relay_kind != "beast" && relay_kind != "beast-json")) {
    std::fprintf(stderr,
                 "usage: loopback_floor [pairs 1..20000] [seconds >= 1] [think_ms >= 0] "
                 "[relay epoll|beast|beast-json]\n");
    return 2;
  }
  const Wire wire = wire_for(relay_kind);
  const auto think = std::chrono::milliseconds(think_ms);

  const int listener = check(socket(AF_INET, SOCK_STREAM, 0), "socket");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  check(bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), "bind");
  check(listen(listener, 4096), "listen");
  socklen_t length = sizeof address;
  check(getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length), "getsockname");

  std::vector<int> bots, seats;
  const int on = 1;
  for (int i = 0; i < 2 * pairs; ++i) {
    const int bot = check(socket(AF_INET, SOCK_STREAM, 0), "socket");
    check(connect(bot, reinterpret_cast<sockaddr*>(&address), sizeof address), "connect");
    const int seat = check(accept(listener, nullptr, nullptr), "accept");
    // As the server and the load generator do: no Nagle delay on small messages.
    check(setsockopt(bot, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on), "setsockopt");
    check(setsockopt(seat, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on), "setsockopt");
    bots.push_back(bot);
    seats.push_back(seat);
  }

  const pid_t server = check(fork(), "fork");
  if (server == 0) {
    if (relay_kind == "epoll") relay(seats);
    const auto json = relay_kind == "beast" ? skirmish_bench::RelayJson::none
                                            : skirmish_bench::RelayJson::nlohmann;
    skirmish_bench::run_beast_relay(seats, json, kStateBytes);
  }
  for (const int seat : seats) close(seat);
  if (!wire.upgrade.empty()) upgrade_all(bots, wire.upgrade);

  // Each pair: the seat to move sends a move; once both seats have the state, the other
  // moves (after the think time, if any).
  const int epoll = watch_all(bots);
  const std::string& move = wire.move;
  const std::size_t state_size = wire.state_bytes;
  std::vector<std::size_t> state_bytes(static_cast<std::size_t>(2 * pairs), 0);
  std::vector<int> mover(static_cast<std::size_t>(pairs), 0);
  std::vector<Clock::time_point> sent_at(static_cast<std::size_t>(pairs));
  std::vector<Clock::duration> round_trips;
  using Due = std::pair<Clock::time_point, std::size_t>;  // a pair's next move, when
  std::priority_queue<Due, std::vector<Due>, std::greater<>> due;
  const auto start = Clock::now();
  std::mt19937 spread(1);
  for (std::size_t pair = 0; pair < mover.size(); ++pair) {
    const auto offset = think_ms > 0 ? std::chrono::milliseconds(spread() % static_cast<unsigned>(think_ms))
                                     : std::chrono::milliseconds(0);
    due.push({start + offset, pair});
  }
  std::array<char, 4096> buffer{};
  std::array<epoll_event, 256> events{};
  long long moves = 0;
  while (Clock::now() - start < std::chrono::seconds(seconds)) {
    const auto now = Clock::now();
    while (!due.empty() && due.top().first <= now) {
      const std::size_t pair = due.top().second;
      due.pop();
      sent_at[pair] = Clock::now();
      send_all(bots[2 * pair + static_cast<std::size_t>(mover[pair])], move.data(), move.size());
    }
    int wait_ms = 1000;
    if (!due.empty())
      wait_ms = static_cast<int>(
          std::chrono::ceil<std::chrono::milliseconds>(due.top().first - Clock::now()).count());
    const int ready = epoll_wait(epoll, events.data(), static_cast<int>(events.size()),
                                 std::max(wait_ms, 0));
    for (int k = 0; k < ready; ++k) {
      const std::size_t bot = events[static_cast<std::size_t>(k)].data.u64;
      const ssize_t got = recv(bots[bot], buffer.data(), buffer.size(), 0);
      if (got <= 0) die("recv");
      state_bytes[bot] += static_cast<std::size_t>(got);
      const std::size_t pair = bot / 2;
      const std::size_t mover_bot = 2 * pair + static_cast<std::size_t>(mover[pair]);
      if (bot == mover_bot && state_bytes[bot] >= state_size && sent_at[pair] != Clock::time_point{}) {
        round_trips.push_back(Clock::now() - sent_at[pair]);
        sent_at[pair] = Clock::time_point{};
      }
      if (state_bytes[2 * pair] < state_size || state_bytes[2 * pair + 1] < state_size) continue;
      state_bytes[2 * pair] -= state_size;
      state_bytes[2 * pair + 1] -= state_size;
      ++moves;
      mover[pair] ^= 1;
      due.push({Clock::now() + think, pair});
    }
  }
  for (const int bot : bots) shutdown(bot, SHUT_RDWR);

  int status = 0;
  rusage usage{};
  check(wait4(server, &status, 0, &usage), "wait4");
  const double user = seconds_of(usage.ru_utime);
  const double system = seconds_of(usage.ru_stime);
  std::printf("%d pairs, think %d ms, %d s: %lld moves, %.0f moves/s\n", pairs, think_ms,
              seconds, moves, static_cast<double>(moves) / seconds);
  std::printf("relay CPU (%s): user %.2f s + system %.2f s = %.2f us per move (1 recv + 2 sends)\n",
              relay_kind.c_str(), user, system,
              moves > 0 ? (user + system) / static_cast<double>(moves) * 1e6 : 0.0);
  const double p50 = percentile_us(round_trips, 0.5), p99 = percentile_us(round_trips, 0.99),
               p999 = percentile_us(round_trips, 0.999);
  std::printf("round trip (move sent -> the mover's state in full): p50 %.0f us, p99 %.0f us, "
              "p99.9 %.0f us\n", p50, p99, p999);
  return 0;
}
