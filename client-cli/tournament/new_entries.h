#pragma once
// What a run adds to its results folder, taken away again when the run cannot start (its
// private server fails): otherwise a half-made folder stays behind, and the same command,
// run again, is told that the folder already holds a tournament. A folder the run made goes
// with everything in it; in one that was there before (a --resume, an empty folder made
// for it), only the entries that were not there go, never one that was.
#include <filesystem>
#include <set>

namespace skirmish::tournament {

class NewEntries {
 public:
  // Notes what is there now: `folder` and its entries, or the first of its parents missing.
  explicit NewEntries(const std::filesystem::path& folder);
  // Removes what was not there when this was made. Errors are ignored: the run's own error
  // is the one to report.
  void remove() const;

 private:
  std::filesystem::path folder_;       // absolute, normal
  std::filesystem::path first_missing_;  // "" when `folder_` was there
  std::set<std::filesystem::path> before_;  // its entries' names then
};

}  // namespace skirmish::tournament
