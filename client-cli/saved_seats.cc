#include "client-cli/saved_seats.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <system_error>

#include <nlohmann/json.hpp>

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
  std::error_code ec;
  fs::create_directories(path->parent_path(), ec);
  if (ec) return {std::nullopt, "cannot create " + path->parent_path().string() + ": " + ec.message()};
  const nlohmann::json record = {{"server", seat.server}, {"match", seat.match}, {"game", seat.game},
                                 {"seat", seat.seat}, {"token", seat.token}};
  {
    std::ofstream out(*path, std::ios::trunc);
    if (!out) return {std::nullopt, "cannot write " + path->string()};
    out << record.dump() << "\n";
    if (!out.flush()) return {std::nullopt, "cannot write " + path->string()};
  }
  // The token acts for the seat: only its owner may read it.
  fs::permissions(*path, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace, ec);
  return {path, ""};
}

void forget_seat(const std::string& match, const std::string& seat) {
  if (const auto path = seat_file(match, seat)) {
    std::error_code ignored;
    fs::remove(*path, ignored);
  }
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
    found.push_back({record.value("server", ""), match, record.value("game", ""),
                     record.value("seat", ""), record.value("token", "")});
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.seat < b.seat; });
  return found;
}

}  // namespace skirmish::client
