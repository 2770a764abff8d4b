#include "server/store/data_dir_lock.h"

#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include "server/store/sqlite_db.h"

namespace skirmish::store {

namespace {

void prepare_directory(const std::filesystem::path& dir) {
  std::error_code ec;
  const bool created = std::filesystem::create_directories(dir, ec);
  if (ec) throw StoreError("cannot create data directory " + dir.string() + ": " + ec.message());
  // Its database holds what players may not see yet (a running fog game's seed gives its
  // whole placement): a directory made here is its owner's only.
  if (created) std::filesystem::permissions(dir, std::filesystem::perms::owner_all, ec);
  if (!std::filesystem::is_directory(dir, ec))
    throw StoreError("data directory " + dir.string() + " is not a directory");
  // SQLite creates its log files there, and would say only "attempt to write a readonly
  // database" (the lock file, if it exists already, opens all the same).
  if (::faccessat(AT_FDCWD, dir.c_str(), W_OK | X_OK, AT_EACCESS) != 0)
    throw StoreError("data directory " + dir.string() + " cannot be written by this user (uid " +
                     std::to_string(::geteuid()) + "): " + std::strerror(errno) +
                     "; the database and its logs are created there");
}

std::string read_holder(int fd) {
  char text[32] = {};
  const auto n = pread(fd, text, sizeof text - 1, 0);
  std::string pid(text, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
  return pid.empty() ? std::string("unknown") : pid;
}

}  // namespace

DataDirLock::DataDirLock(const std::filesystem::path& dir) {
  prepare_directory(dir);
  const auto path = (dir / kFileName).string();
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw StoreError("data directory " + dir.string() + ": cannot open " + path + ": " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    const std::string holder = error == EWOULDBLOCK ? read_holder(fd_) : "";
    ::close(fd_);
    fd_ = -1;
    if (error == EWOULDBLOCK)
      throw StoreError("data directory " + dir.string() + " is in use by another skirmish-server (pid " +
                       holder + "); stop it first, or give this one its own --data-dir");
    throw StoreError("data directory " + dir.string() + ": cannot lock " + path + ": " + std::strerror(error));
  }
  // Who holds it, for the message above (and for people looking at the folder).
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd_, 0) != 0 || ::pwrite(fd_, pid.data(), pid.size(), 0) < 0) {
    // Only the message loses its pid; the lock itself holds.
  }
}

DataDirLock::~DataDirLock() {
  if (fd_ >= 0) ::close(fd_);
}

}  // namespace skirmish::store
