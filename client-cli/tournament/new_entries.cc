#include "client-cli/tournament/new_entries.h"

#include <system_error>
#include <vector>

namespace skirmish::tournament {

namespace fs = std::filesystem;

namespace {

// Not following a symbolic link: one that points nowhere is there too, and not ours.
bool there(const fs::path& path) {
  std::error_code error;
  return fs::exists(fs::symlink_status(path, error));
}

}  // namespace

// Normal and absolute: "new/../out" is walked as "out", so that no ".." is ever removed.
NewEntries::NewEntries(const fs::path& folder) : folder_(fs::absolute(folder).lexically_normal()) {
  if (folder_.has_filename() == false) folder_ = folder_.parent_path();  // "out/" is "out"
  if (!there(folder_)) {
    first_missing_ = folder_;
    while (first_missing_.has_parent_path() && first_missing_.parent_path() != first_missing_ &&
           !there(first_missing_.parent_path()))
      first_missing_ = first_missing_.parent_path();
    return;
  }
  std::error_code error;
  for (fs::directory_iterator it(folder_, error), end; !error && it != end; it.increment(error))
    before_.insert(it->path().filename());
}

void NewEntries::remove() const {
  std::error_code error;
  if (!first_missing_.empty()) {
    fs::remove_all(first_missing_, error);
    return;
  }
  std::vector<fs::path> added;
  for (fs::directory_iterator it(folder_, error), end; !error && it != end; it.increment(error))
    if (before_.count(it->path().filename()) == 0) added.push_back(it->path());
  for (const auto& path : added) fs::remove_all(path, error);
}

}  // namespace skirmish::tournament
