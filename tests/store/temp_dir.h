#pragma once
// A fresh directory under the system temp dir for one test, removed afterwards.
#include <atomic>
#include <filesystem>
#include <random>
#include <string>

#include <unistd.h>

namespace skirmish::test {

class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("skirmish-store-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) +
             "-" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace skirmish::test
