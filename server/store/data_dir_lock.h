#pragma once
// One server per data directory: two servers writing one database would each reload and
// play the same unfinished matches. The lock is an flock on <dir>/skirmish.lock, held as
// long as this object lives; the kernel drops it when the process dies (even SIGKILL), so
// a crashed server never leaves a stale lock behind.
#include <filesystem>
#include <string>

namespace skirmish::store {

class DataDirLock {
 public:
  static constexpr const char* kFileName = "skirmish.lock";

  // Creates the directory if needed. Throws StoreError when it cannot be created, is not a
  // directory, or another process holds the lock (naming its pid).
  explicit DataDirLock(const std::filesystem::path& dir);
  ~DataDirLock();
  DataDirLock(const DataDirLock&) = delete;
  DataDirLock& operator=(const DataDirLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace skirmish::store
