#include "client-cli/tournament/elo.h"

#include <cmath>
#include <stdexcept>

namespace skirmish::tournament {

namespace {

// Inverse of the error function (Giles' approximation refined by two Newton steps), as
// cutechess's phiInv needs it.
double erf_inverse(double x) {
  const double w0 = -std::log((1.0 - x) * (1.0 + x));
  double y;
  if (w0 < 5.0) {
    const double w = w0 - 2.5;
    double p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
    y = p * x;
  } else {
    const double w = std::sqrt(w0) - 3.0;
    double p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
    y = p * x;
  }
  const double two_over_sqrt_pi = 2.0 / std::sqrt(3.14159265358979323846);
  for (int i = 0; i < 2; ++i) y -= (std::erf(y) - x) / (two_over_sqrt_pi * std::exp(-y * y));
  return y;
}

// The standard normal quantile.
double phi_inverse(double p) { return std::sqrt(2.0) * erf_inverse(2.0 * p - 1.0); }

}  // namespace

double elo_difference(double score) { return -400.0 * std::log10(1.0 / score - 1.0); }

EloEstimate estimate_elo(int wins, int draws, int losses) {
  if (wins < 0 || draws < 0 || losses < 0)
    throw std::invalid_argument("estimate_elo: negative game count");
  EloEstimate e;
  const int games = wins + draws + losses;
  if (games == 0) {
    e.score = 0.5;
    return e;
  }
  const double n = games;
  const double w = wins / n, d = draws / n, l = losses / n;
  e.score = w + d / 2.0;
  e.draw_ratio = d;
  if (wins + losses > 0)
    e.los = 0.5 + 0.5 * std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses)));
  if (e.score <= 0.0 || e.score >= 1.0) return e;
  e.difference = elo_difference(e.score);
  const double deviation = w * std::pow(1.0 - e.score, 2) + d * std::pow(0.5 - e.score, 2) +
                           l * std::pow(0.0 - e.score, 2);
  // Every game alike (all drawn): no spread to measure, so no interval; a margin of 0
  // would claim certainty that two draws do not give.
  if (deviation <= 0.0) return e;
  const double stdev = std::sqrt(deviation) / std::sqrt(n);
  const double low = e.score + phi_inverse(0.025) * stdev;
  const double high = e.score + phi_inverse(0.975) * stdev;
  if (low > 0.0 && high < 1.0) e.margin = (elo_difference(high) - elo_difference(low)) / 2.0;
  return e;
}

}  // namespace skirmish::tournament
