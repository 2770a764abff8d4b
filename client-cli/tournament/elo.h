#pragma once
// Elo estimates as cutechess-cli reports them: the rating difference that the score implies
// (score = (wins + draws / 2) / games), with a 95% error margin from the spread of the
// per-game results, the likelihood of superiority and the draw ratio.
#include <optional>

namespace skirmish::tournament {

struct EloEstimate {
  double score = 0;                  // 0..1
  std::optional<double> difference;  // nullopt when the score is 0 or 1 (infinite)
  // ± for 95%; nullopt when it cannot be computed: the interval reaches past a score of 0
  // or 1, or every game had the same result (all draws)
  std::optional<double> margin;
  double los = 0.5;                  // likelihood of superiority, 0..1
  double draw_ratio = 0;
};

// Throws std::invalid_argument for negative counts; zero games gives score 0.5, no estimate.
EloEstimate estimate_elo(int wins, int draws, int losses);

// The Elo difference for an expected score strictly between 0 and 1.
double elo_difference(double score);

}  // namespace skirmish::tournament
