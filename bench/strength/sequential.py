"""The statistics of bench/strength/strength.py: a paired interval over deals and sequential tests.

- `paired_interval`: mean and 95 % interval of per-deal differences (Student's t).
- `control_variate_interval`: the same with the deals' luck taken out (a control variate).
- `gsprt`: the generalized sequential probability ratio test of chess engine testing (fishtest,
  Van den Bergh's normal approximation) on per-deal scores, with the hypotheses stated in Elo:
  H0 "the bot is elo0 better than the baseline" against H1 "elo1 better".
- `bernoulli_sprt`: Wald's SPRT on per-game scores against two score levels (for "wins at least
  95 % against random").
Both tests stop at the bounds of Wald (1945) for error rates alpha = beta = 0.05."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: z for a 95 % two-sided interval.
Z95 = 1.959963984540054
#: Error rates of both sequential tests: a wrong "accept H1" and a wrong "accept H0" each at most this often.
ALPHA = BETA = 0.05
LOWER = math.log(BETA / (1 - ALPHA))
UPPER = math.log((1 - BETA) / ALPHA)
#: The GSPRT's variance is the deals' own, shrunk towards PRIOR_VARIANCE as if PRIOR_DEALS deals
#: had shown it: most deals end the same whoever plays (about 4 in 5 in Glyfts), so a run of
#: identical deals has a sample variance near 0, and with a small floor 12 straight ties "accepted
#: H0" although the next deal could have gone either way. PRIOR_VARIANCE is that of deals where one
#: in five goes half a point the other way.
PRIOR_VARIANCE = 0.05
PRIOR_DEALS = 8
#: Deals the GSPRT waits for before it may stop (its variance estimate needs some).
MIN_DEALS = 8


_T_TABLE = (math.inf, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262)


def t_quantile(df: int) -> float:
    """The 97.5 % quantile of Student's t with `df` degrees of freedom: the table below 10, the
    Cornish-Fisher expansion around the normal quantile from there (within 0.1 % of the table)."""
    z = Z95
    if df <= 0:
        return math.inf
    if df < len(_T_TABLE):
        return _T_TABLE[df]
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    return z + g1 / df + g2 / df**2 + g3 / df**3


def paired_interval(differences: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the 95 % t interval of the mean of per-deal differences."""
    n = len(differences)
    if n == 0:
        return (0.0, -math.inf, math.inf)
    mean = sum(differences) / n
    if n == 1:
        return (mean, -math.inf, math.inf)
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)


def control_variate_interval(values: Sequence[float], luck: Sequence[float]) -> tuple[float, float, float, float]:
    """(mean, low, high, b): the mean of per-deal `values` with the deals' `luck` (a quantity whose
    mean is known to be zero: glyphhall/arena/luck_adjusted.py) used as a control variate, and its
    95 % t interval. The estimate is mean(values) - b mean(luck), b the regression of value on
    luck (Glasserman, Monte Carlo Methods in Financial Engineering, 4.1): b is about one where the
    game's evaluation reads a position's chances well, below one where it overstates a die's swing.
    Estimating b costs a degree of freedom and a bias of order 1/n, small beside the interval."""
    n = len(values)
    if n < 3:
        return (sum(values) / n if n else 0.0, -math.inf, math.inf, 0.0)
    mean_v, mean_l = sum(values) / n, sum(luck) / n
    spread = sum((x - mean_l) ** 2 for x in luck)
    b = sum((x - mean_l) * (v - mean_v) for x, v in zip(luck, values, strict=True)) / spread if spread else 0.0
    residual = [v - b * x for v, x in zip(values, luck, strict=True)]
    centre = sum(residual) / n
    half = t_quantile(n - 2) * math.sqrt(sum((e - centre) ** 2 for e in residual) / (n - 2) / n)
    mean = mean_v - b * mean_l
    return (mean, mean - half, mean + half, b)


def score_of(elo: float) -> float:
    """The expected score of a player `elo` points stronger (logistic Elo)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of(score: float) -> float:
    score = min(max(score, 1e-9), 1 - 1e-9)
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass(frozen=True)
class Sequential:
    """Where a sequential test stands: its log-likelihood ratio, bounds and decision."""

    llr: float
    lower: float
    upper: float
    #: "H1" (the better hypothesis holds), "H0", or None (keep playing).
    decision: str | None

    def words(self) -> str:
        state = {"H1": "accepted H1", "H0": "accepted H0", None: "going on"}[self.decision]
        return f"LLR {self.llr:+.2f} in [{self.lower:.2f}, {self.upper:.2f}]: {state}"


def _decide(llr: float) -> Sequential:
    decision = "H1" if llr >= UPPER else ("H0" if llr <= LOWER else None)
    return Sequential(llr, LOWER, UPPER, decision)


def gsprt(scores: Sequence[float], elo0: float, elo1: float) -> Sequential:
    """GSPRT on per-deal scores in [0, 1] (the bot's mean over the deal's games, 0.5 = level):
    LLR = n (s1 - s0) (2 mean - s0 - s1) / (2 variance), s0 and s1 the scores of elo0 and elo1."""
    n = len(scores)
    if n < MIN_DEALS:
        return Sequential(0.0, LOWER, UPPER, None)
    mean = sum(scores) / n
    variance = (sum((x - mean) ** 2 for x in scores) + PRIOR_DEALS * PRIOR_VARIANCE) / (n + PRIOR_DEALS)
    s0, s1 = score_of(elo0), score_of(elo1)
    return _decide(n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance))


def bernoulli_sprt(points: float, games: int, p0: float, p1: float) -> Sequential:
    """Wald's SPRT of H0 "scores p0" against H1 "scores p1" (p1 > p0), draws counting half."""
    llr = points * math.log(p1 / p0) + (games - points) * math.log((1 - p1) / (1 - p0))
    return _decide(llr)
