#include "client-cli/tournament/report.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace skirmish::tournament {

namespace {

std::string signed_rounded(double value) {
  const long long rounded = std::llround(value);
  return (rounded > 0 ? "+" : "") + std::to_string(rounded);
}

std::string wdl(int w, int d, int l) {
  return std::to_string(w) + "-" + std::to_string(d) + "-" + std::to_string(l);
}

std::string pairing_cell(const Standings& s, const std::string& a, const std::string& b) {
  if (a == b) return "x";
  const auto row = s.pairings.find(a);
  if (row == s.pairings.end()) return ".";
  const auto cell = row->second.find(b);
  if (cell == row->second.end()) return ".";
  return wdl(cell->second.wins, cell->second.draws, cell->second.losses);
}

std::size_t name_width(const Standings& s) {
  std::size_t width = 3;
  for (const auto& row : s.table) width = std::max(width, row.bot.size());
  return width;
}

}  // namespace

std::string format_elo(const Standing& row) {
  if (row.games == 0) return "-";
  if (!row.elo.difference) return row.elo.score >= 1.0 ? "+inf" : "-inf";
  std::string text = signed_rounded(*row.elo.difference);
  if (row.elo.margin) text += " +/- " + std::to_string(std::llround(*row.elo.margin));
  return text;
}

std::string standings_text(const Standings& s) {
  const int w = static_cast<int>(name_width(s));
  std::ostringstream out;
  out << std::left << std::setw(5) << "Rank" << std::setw(w + 2) << "Bot" << std::right
      << std::setw(7) << "Points" << std::setw(7) << "Games" << std::setw(10) << "W-D-L"
      << std::setw(9) << "Crashes" << std::setw(10) << "Timeouts" << "  Elo\n";
  for (const auto& row : s.table) {
    out << std::left << std::setw(5) << row.rank << std::setw(w + 2) << row.bot << std::right
        << std::setw(7) << row.points << std::setw(7) << row.games << std::setw(10)
        << wdl(row.wins, row.draws, row.losses) << std::setw(9) << row.crashes << std::setw(10)
        << row.timeouts << "  " << format_elo(row) << "\n";
  }
  out << "\nPairings (W-D-L of the row's bot against the column's bot):\n";
  std::size_t cell = 7;
  for (const auto& row : s.table) cell = std::max(cell, row.bot.size() + 2);
  out << std::left << std::setw(w + 2) << "";
  for (const auto& col : s.table) out << std::right << std::setw(static_cast<int>(cell)) << col.bot;
  out << "\n";
  for (const auto& row : s.table) {
    out << std::left << std::setw(w + 2) << row.bot;
    for (const auto& col : s.table)
      out << std::right << std::setw(static_cast<int>(cell)) << pairing_cell(s, row.bot, col.bot);
    out << "\n";
  }
  out << "Elo: difference against the field implied by the score, with a 95% error margin "
         "(as cutechess-cli reports it); none where the games cannot bound it (too few, or all drawn).\n";
  return out.str();
}

std::string standings_markdown(const Standings& s, const std::string& title) {
  std::ostringstream out;
  out << "# " << title << "\n\n";
  out << "| Rank | Bot | Points | Games | W | D | L | Crashes | Timeouts | Elo |\n";
  out << "|---:|---|---:|---:|---:|---:|---:|---:|---:|---|\n";
  for (const auto& row : s.table) {
    out << "| " << row.rank << " | " << row.bot << " | " << row.points << " | " << row.games
        << " | " << row.wins << " | " << row.draws << " | " << row.losses << " | " << row.crashes
        << " | " << row.timeouts << " | " << format_elo(row) << " |\n";
  }
  out << "\n## Pairings\n\nW-D-L of the row's bot against the column's bot.\n\n|  |";
  for (const auto& col : s.table) out << " " << col.bot << " |";
  out << "\n|---|";
  for (std::size_t i = 0; i < s.table.size(); ++i) out << "---|";
  out << "\n";
  for (const auto& row : s.table) {
    out << "| " << row.bot << " |";
    for (const auto& col : s.table) out << " " << pairing_cell(s, row.bot, col.bot) << " |";
    out << "\n";
  }
  out << "\nElo: difference against the field implied by the score, with a 95% error margin "
         "(as cutechess-cli reports it); none where the games cannot bound it (too few, or all drawn).\n";
  return out.str();
}

}  // namespace skirmish::tournament
