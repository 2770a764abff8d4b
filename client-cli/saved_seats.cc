#include "client-cli/saved_seats.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string_view>
#include <system_error>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "client-cli/server_url.h"

namespace skirmish::client {

namespace fs = std::filesystem;

namespace {

std::optional<fs::path> env_path(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return std::nullopt;
  return fs::path(value);
}

// Match ids and seat names come from the server: only plain names become file names.
bool plain(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
  });
}

std::optional<fs::path> seat_file(const std::string& match, const std::string& seat) {
  const auto dir = saved_seats_dir();
  if (!dir || !plain(match) || !plain(seat)) return std::nullopt;
  return *dir / (match + "-" + seat + ".json");
}

// Like create_directories, but each directory it makes is the owner's only (0700): the
// names of the files in it say which matches this account plays. Existing ones are left
// as they are. Returns an error message, or "".
std::string create_private_directories(const fs::path& dir) {
  fs::path made;
  for (const auto& part : dir) {
    made /= part;
    std::error_code ec;
    if (fs::is_directory(made, ec)) continue;
    if (::mkdir(made.c_str(), 0700) == 0 || errno == EEXIST) continue;
    return "cannot create " + made.string() + ": " + std::strerror(errno);
  }
  return "";
}

// Writes `text` to a file that is the owner's only from its first byte: open() makes it
// 0600 (the umask can only take bits away), and an existing one (from an older client,
// maybe 0644) is made 0600 before the token is written. Returns an error message, or "".
std::string write_private_file(const fs::path& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return "cannot write " + path.string() + ": " + std::strerror(errno);
  std::string error;
  if (::fchmod(fd, 0600) != 0) error = "cannot make " + path.string() + " private: " + std::strerror(errno);
  for (std::size_t written = 0; error.empty() && written < text.size();) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) error = "cannot write " + path.string() + ": " + std::strerror(errno);
    else written += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0 && error.empty()) error = "cannot write " + path.string() + ": " + std::strerror(errno);
  return error;
}

bool is_seat_file_name(const std::string& name) {
  constexpr std::string_view kSuffix = ".json";
  if (name.size() <= kSuffix.size() || !name.ends_with(kSuffix)) return false;
  const std::string stem = name.substr(0, name.size() - kSuffix.size());
  const auto dash = stem.find('-');
  return dash != std::string::npos && plain(stem.substr(0, dash)) && plain(stem.substr(dash + 1));
}

// A client that stopped before its game ended (and was not resumed) leaves its seat file;
// a day later the game is long over (the reconnect grace is a minute), so it goes.
void remove_stale_seat_files(const fs::path& dir) {
  std::error_code ec;
  const auto now = fs::file_time_type::clock::now();
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (!is_seat_file_name(entry.path().filename().string()) || !entry.is_regular_file(ec)) continue;
    const auto written = entry.last_write_time(ec);
    if (!ec && now - written > kStaleSeatAge) fs::remove(entry.path(), ec);
  }
}

// A relative --ca-file names a file from where the client ran; resume may run elsewhere.
std::string absolute_ca_file(const SavedSeat& seat) {
  if (seat.ca_file.empty() || !seat.server.starts_with("wss://")) return "";  // ws:// uses none
  std::error_code ec;
  const fs::path absolute = fs::absolute(seat.ca_file, ec);
  return ec ? seat.ca_file : absolute.lexically_normal().string();
}

// The seat file at `path` as JSON: null when there is none, or it is no JSON object (a
// file cut short, not a seat's), or it cannot be read. Not followed when a symlink.
nlohmann::json read_seat_file(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return nullptr;
  std::string text;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0 || text.size() > (1u << 20)) break;  // a seat's file is a few hundred bytes
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  auto record = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  return record.is_object() ? record : nlohmann::json(nullptr);
}

std::string string_field(const nlohmann::json& record, const char* key) {
  const auto it = record.find(key);
  return it != record.end() && it->is_string() ? it->get<std::string>() : "";
}

nlohmann::json seat_record(const SavedSeat& seat) {
  nlohmann::json record = {{"server", seat.server}, {"match", seat.match}, {"game", seat.game},
                           {"seat", seat.seat}, {"token", seat.token}};
  if (auto ca_file = absolute_ca_file(seat); !ca_file.empty()) record["ca_file"] = ca_file;
  if (seat.client_pid > 0) record["client_pid"] = seat.client_pid;
  return record;
}

}  // namespace

std::optional<fs::path> saved_seats_dir() {
  if (auto dir = env_path("SKIRMISH_STATE_DIR")) return dir;
  if (auto state = env_path("XDG_STATE_HOME")) return *state / "skirmish" / "seats";
  if (auto home = env_path("HOME")) return *home / ".local" / "state" / "skirmish" / "seats";
  return std::nullopt;
}

SaveResult save_seat(const SavedSeat& seat) {
  const auto path = seat_file(seat.match, seat.seat);
  if (!path) return {std::nullopt, "no place to keep it (set SKIRMISH_STATE_DIR)"};
  if (auto error = create_private_directories(path->parent_path()); !error.empty()) return {std::nullopt, error};
  remove_stale_seat_files(path->parent_path());
  // Match ids are unique on one server only: a file of this name may hold another server's
  // seat (or a faulty server may name another's match). Its token is not ours to replace.
  if (const auto existing = read_seat_file(*path); existing.is_object() && existing.contains("server")) {
    const std::string server = string_field(existing, "server");
    if (!same_server(server, seat.server))
      return {std::nullopt, path->string() + " holds a seat of match " + seat.match + " on another server (" +
                                (server.empty() ? std::string("not named") : server) +
                                "), which is left as it is"};
  }
  // The token acts for the seat: only its owner may read it.
  if (auto error = write_private_file(*path, seat_record(seat).dump() + "\n"); !error.empty())
    return {std::nullopt, error};
  return {path, ""};
}

bool left_behind(const SavedSeat& seat) {
  // Signal 0 only asks whether the process exists.
  return seat.client_pid > 0 && ::kill(seat.client_pid, 0) != 0 && errno == ESRCH;
}

void forget_seat(const std::string& server, const std::string& match, const std::string& seat) {
  const auto path = seat_file(match, seat);
  if (!path) return;
  const auto record = read_seat_file(*path);
  if (!record.is_object() || !same_server(string_field(record, "server"), server) ||
      string_field(record, "match") != match || string_field(record, "seat") != seat)
    return;  // not this server's seat (or not a seat's file at all): someone else's to keep
  std::error_code ignored;
  fs::remove(*path, ignored);
}

std::vector<SavedSeat> saved_seats(const std::string& match) {
  std::vector<SavedSeat> found;
  const auto dir = saved_seats_dir();
  std::error_code ec;
  if (!dir || !plain(match) || !fs::is_directory(*dir, ec)) return found;
  for (const auto& entry : fs::directory_iterator(*dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(match + "-", 0) != 0 || entry.path().extension() != ".json") continue;
    std::ifstream in(entry.path());
    const auto record = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (!record.is_object() || record.value("match", "") != match) continue;
    found.push_back({record.value("server", ""), match, record.value("game", ""), record.value("seat", ""),
                     record.value("token", ""), record.value("ca_file", ""), record.value("client_pid", 0)});
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.seat < b.seat; });
  return found;
}

}  // namespace skirmish::client
