// The floor under the server's CPU per move on this machine: what the kernel alone costs
// for one move's traffic over loopback TCP, with no WebSocket, no JSON and no game.
//
// A child process plays the server: one thread, epoll, and for every 100-byte "move" it
// reads, a 300-byte "state" sent to both connections of that pair (1 recv + 2 sends, the
// least any relay of a two-seat game can do). The parent plays the bots, closed loop, and
// afterwards reads the child's user + system CPU time from wait4(). Compare its
// "us/move" with the load generator's "server CPU per move".
//
//   loopback_floor [pairs=100] [seconds=5]
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr std::size_t kMoveBytes = 100;
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

double seconds_of(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  const int pairs = argc > 1 ? std::atoi(argv[1]) : 100;
  const int seconds = argc > 2 ? std::atoi(argv[2]) : 5;
  if (pairs < 1 || pairs > 20000 || seconds < 1) {
    std::fprintf(stderr, "usage: loopback_floor [pairs 1..20000] [seconds >= 1]\n");
    return 2;
  }

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
  if (server == 0) relay(seats);
  for (const int seat : seats) close(seat);

  // Each pair: the seat to move sends a move; once both seats have the state, the other moves.
  const int epoll = watch_all(bots);
  const std::string move(kMoveBytes, 'm');
  std::vector<std::size_t> state_bytes(static_cast<std::size_t>(2 * pairs), 0);
  std::vector<int> mover(static_cast<std::size_t>(pairs), 0);
  for (std::size_t pair = 0; pair < mover.size(); ++pair) send_all(bots[2 * pair], move.data(), move.size());
  std::array<char, 4096> buffer{};
  std::array<epoll_event, 256> events{};
  long long moves = 0;
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(seconds)) {
    const int ready = epoll_wait(epoll, events.data(), static_cast<int>(events.size()), 1000);
    for (int k = 0; k < ready; ++k) {
      const std::size_t bot = events[static_cast<std::size_t>(k)].data.u64;
      const ssize_t got = recv(bots[bot], buffer.data(), buffer.size(), 0);
      if (got <= 0) die("recv");
      state_bytes[bot] += static_cast<std::size_t>(got);
      const std::size_t pair = bot / 2;
      if (state_bytes[2 * pair] < kStateBytes || state_bytes[2 * pair + 1] < kStateBytes) continue;
      state_bytes[2 * pair] -= kStateBytes;
      state_bytes[2 * pair + 1] -= kStateBytes;
      ++moves;
      mover[pair] ^= 1;
      send_all(bots[2 * pair + static_cast<std::size_t>(mover[pair])], move.data(), move.size());
    }
  }
  for (const int bot : bots) shutdown(bot, SHUT_RDWR);

  int status = 0;
  rusage usage{};
  check(wait4(server, &status, 0, &usage), "wait4");
  const double user = seconds_of(usage.ru_utime);
  const double system = seconds_of(usage.ru_stime);
  std::printf("%d pairs, %d s: %lld moves, %.0f moves/s\n", pairs, seconds, moves,
              static_cast<double>(moves) / seconds);
  std::printf("relay CPU: user %.2f s + system %.2f s = %.2f us per move (1 recv + 2 sends)\n",
              user, system, moves > 0 ? (user + system) / static_cast<double>(moves) * 1e6 : 0.0);
  return 0;
}
