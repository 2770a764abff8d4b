#include "server/store/quick_check.h"

#include <string_view>

namespace skirmish::store {

namespace {

constexpr std::size_t kQuickCheckMaxProblems = 100;  // SQLite's default for quick_check

std::vector<std::string> problems_of(const std::vector<std::string>& rows) {
  std::vector<std::string> problems;
  for (const std::string& row : rows) {
    std::string_view rest = row;
    while (!rest.empty()) {
      const auto newline = rest.find('\n');
      std::string_view line = rest.substr(0, newline);
      rest = newline == std::string_view::npos ? std::string_view{} : rest.substr(newline + 1);
      while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
      if (line.empty() || line.starts_with("***")) continue;  // "*** in database main ***"
      problems.emplace_back(line);
    }
  }
  return problems;
}

}  // namespace

std::string summarize_problems(const std::vector<std::string>& rows, std::size_t shown) {
  const auto problems = problems_of(rows);
  std::string summary;
  for (std::size_t i = 0; i < problems.size() && i < shown; ++i)
    summary += (i == 0 ? "" : "; ") + problems[i];
  // quick_check stops at 100 problems: a full list may stand for more.
  if (problems.size() > shown)
    summary += std::string(" (and ") + (problems.size() >= kQuickCheckMaxProblems ? "at least " : "") +
               std::to_string(problems.size() - shown) + " more)";
  return summary;
}

void require_intact(SqliteDb& db) {
  std::vector<std::string> rows;
  {
    Statement check(db, "PRAGMA quick_check");
    while (check.step()) rows.push_back(check.text(0));
  }
  if (rows.size() == 1 && rows.front() == "ok") return;
  const std::string summary = summarize_problems(rows);
  throw StoreError("database " + db.path() + " is corrupt: " +
                   (summary.empty() ? "quick_check gave no result" : summary) +
                   "; `sqlite3 " + db.path() +
                   " \"PRAGMA quick_check\"` lists every problem; restore a backup, see "
                   "docs/operations.md");
}

}  // namespace skirmish::store
