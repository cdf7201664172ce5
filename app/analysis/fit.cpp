#include "fit.h"

#include <algorithm>
#include <cmath>

namespace tw {

std::array<DecisionModel, kRulesetCount> FitSettings::builtinReference() {
    // Xinchang, Sichuan, Anshan: `tilewatch-cli calibrate` on 600 honest simulated players per ruleset,
    // 200 at each of --skill-scale 0.5, 1 and 2 (docs/detection.md, Mahjong, has the commands).
    // Riichi: the same on 600 honest simulated riichi players at --skill-scale 0.25, 0.5 and 1 — a stronger
    // range, because real Phoenix players match the engine more often than the default styles do, and the
    // reference must not sit below real honest play (docs/riichi.md, the built-in riichi model).
    // Sanma: the same as riichi on 600 honest simulated three-player players, who set every North aside
    // (docs/riichi.md, Three players).
    // s, c, dispersion, then the dispersion ceiling (shiftTest). One row per RulesetId, in its order:
    static_assert(static_cast<int>(RulesetId::Xinchang) == 0 && static_cast<int>(RulesetId::Sichuan) == 1 &&
                      static_cast<int>(RulesetId::Anshan) == 2 && static_cast<int>(RulesetId::Riichi) == 3 &&
                      static_cast<int>(RulesetId::Sanma) == 4 && kRulesetCount == 5,
                  "the rows below follow RulesetId");
    return {{{0.05820345864628741, 0.6254946353676198, 1.5949332860121936, 2.7088356732812735},
             {0.07990892220118138, 0.6213752098693515, 1.3606255389659716, 2.088844870318866},
             {0.13326282707891135, 0.8386068968394993, 1.678783868459224, 2.909629285006982},
             {0.071063771426249034, 0.67849007667892136, 2.0669459474463929, 4.5555406127521243},
             {0.10351962128239166, 0.70797764577475097, 1.7814363008069094, 3.323069075322608}}};
}

std::array<std::string, kRulesetCount> FitSettings::builtinModels() {
    std::array<std::string, kRulesetCount> out;
    out.fill(kBuiltinModelName);
    return out;
}

DiscardFit discardFit(const std::vector<DiscardValue>& values, Kind actual, const FitSettings& s) {
    DiscardFit f;
    f.options = static_cast<int>(values.size());
    const DiscardValue* a = nullptr;
    for (const auto& v : values)
        if (v.kind == actual) a = &v;
    if (!a || values.empty()) return f;
    const DiscardValue& best = values.front();
    for (const auto& v : values)
        if (v.shanten < a->shanten || (v.shanten == a->shanten && v.ukeire > a->ukeire)) ++f.rank;
    f.lost = discardLoss(best, *a, s);
    f.fit = std::clamp(1.0 - f.lost, s.fMin, s.fMax);
    return f;
}

double discardLoss(const DiscardValue& best, const DiscardValue& v, const FitSettings& s) {
    const int steps = v.shanten - best.shanten;
    const double ukeireLost =
        best.ukeire > 0 ? std::clamp(double(best.ukeire - v.ukeire) / best.ukeire, 0.0, 1.0) : 0.0;
    return steps * s.lossPerShanten + ukeireLost;
}

DecisionPhase discardPhase(int n, int wallLeft, const FitSettings& s) {
    if (n <= std::max(s.skipFirstDiscards, s.earlyUntil)) return DecisionPhase::Opening;
    if (wallLeft < s.lateWallBelow) return DecisionPhase::LateWall;
    return DecisionPhase::Middle;
}

double discardWeight(int n, int wallLeft, const FitSettings& s) {
    if (n <= s.skipFirstDiscards) return 0;
    switch (discardPhase(n, wallLeft, s)) {
    case DecisionPhase::Opening:
        return s.earlyWeight;
    case DecisionPhase::LateWall:
        return s.lateWeight;
    case DecisionPhase::Middle:
        break;
    }
    return 1;
}

namespace {

double resultValue(const GameFit& g, const FitSettings& s) {
    const double m = g.result == GameResult::Win    ? s.multWin
                     : g.result == GameResult::Draw ? s.multDraw
                                                    : s.multLoss;
    return g.fit * m;
}

// Sums in the same order wherever they are taken, so that every way of getting a fit gives the same bits.
double meanOfLast(const std::vector<double>& values, std::size_t n) {
    if (values.empty()) return 0.0;
    n = std::min(n, values.size());
    double sum = 0;
    for (std::size_t i = values.size() - n; i < values.size(); ++i) sum += values[i];
    return sum / n;
}

} // namespace

PlayerFit playerFit(const std::vector<GameFit>& games, const FitSettings& s) {
    std::vector<double> values;
    for (const GameFit& g : games)
        if (g.qualifies) values.push_back(resultValue(g, s));
    PlayerFit p;
    p.games = static_cast<int>(values.size());
    p.fit = meanOfLast(values, values.size());
    p.fit10 = meanOfLast(values, 10);
    p.fit25 = meanOfLast(values, 25);
    p.fit50 = meanOfLast(values, 50);
    return p;
}

std::vector<PlayerFit> playerFitsSoFar(const std::vector<GameFit>& games, const FitSettings& s) {
    std::vector<PlayerFit> out;
    out.reserve(games.size());
    std::vector<double> values;
    double total = 0; // the same additions, in the same order, as meanOfLast over all values
    PlayerFit p;
    for (const GameFit& g : games) {
        if (g.qualifies) {
            values.push_back(resultValue(g, s));
            total += values.back();
            p.games = static_cast<int>(values.size());
            p.fit = total / values.size();
            p.fit10 = meanOfLast(values, 10);
            p.fit25 = meanOfLast(values, 25);
            p.fit50 = meanOfLast(values, 50);
        }
        out.push_back(p);
    }
    return out;
}

void populationZ(std::vector<PlayerFit*>& players) {
    double sum = 0, sq = 0;
    int n = 0;
    for (const PlayerFit* p : players)
        if (p->games) sum += p->fit, sq += p->fit * p->fit, ++n;
    if (n < 2) return;
    const double mean = sum / n, sd = std::sqrt(std::max(0.0, sq / n - mean * mean));
    for (PlayerFit* p : players) {
        p->hasZ = sd > 0 && p->games;
        p->z = p->hasZ ? (p->fit - mean) / sd : 0;
    }
}

} // namespace tw
