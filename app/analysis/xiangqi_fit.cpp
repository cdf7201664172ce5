#include "xiangqi_fit.h"

#include "collusion.h"
#include "record.h"
#include "xiangqi/notation.h"

#include <algorithm>
#include <cmath>

namespace tw {

int xqMaterial(const xq::Board& b, xq::Side side, const XqFitSettings& s) {
    using xq::PieceType;
    return b.count(side, PieceType::Rook) * s.rookValue + b.count(side, PieceType::Cannon) * s.cannonValue +
           b.count(side, PieceType::Horse) * s.horseValue;
}

bool xqEndgame(const xq::Board& b, const XqFitSettings& s) {
    return xqMaterial(b, xq::Side::Red, s) < s.endgameBelow &&
           xqMaterial(b, xq::Side::Black, s) < s.endgameBelow;
}

double xqBase(double before, const XqFitSettings& s) {
    const double a = std::fabs(before);
    for (const auto& [limit, base] : s.bands)
        if (a <= limit) return base;
    return s.bands.back().second;
}

std::optional<double> xqMoveFit(double before, double after, const XqFitSettings& s) {
    if (!(before > s.sMin && before < s.sMax)) return std::nullopt;
    return std::clamp((after + s.sIni - before) / xqBase(before, s), s.fMin, s.fMax);
}

double xqWeight(int ply, bool endgame, const XqFitSettings& s) {
    if (ply <= s.skipPlies) return 0;
    if (ply <= s.openingUntil) return s.openingWeight;
    return endgame ? s.endgameWeight : 1.0;
}

std::vector<XqMoveFit> xqMoveFits(const std::vector<int>& scores, const std::vector<bool>& endgame,
                                  bool standardStart, const XqFitSettings& s) {
    std::vector<XqMoveFit> out;
    const int plies = scores.empty() ? 0 : static_cast<int>(scores.size()) - 1;
    out.reserve(static_cast<std::size_t>(plies));
    for (int k = 1; k <= plies; ++k) {
        XqMoveFit m;
        m.ply = k;
        m.before = k == 1 && standardStart ? s.s0 : s.scale * scores[k - 1];
        m.after = -s.scale * scores[k];
        const bool late = k - 1 < static_cast<int>(endgame.size()) && endgame[k - 1];
        m.weight = xqWeight(k, late, s);
        if (const auto f = xqMoveFit(m.before, m.after, s)) {
            m.inWindow = true;
            m.base = xqBase(m.before, s);
            m.fit = *f;
        }
        out.push_back(m);
    }
    return out;
}

std::optional<XqDecision> xqDecision(const std::vector<XqOption>& options, const std::string& played,
                                     std::optional<int> after, const XqFitSettings& s,
                                     const std::string& engineMove) {
    auto capped = [&](int cp) { return std::clamp(cp, -s.lossCap, s.lossCap); };
    std::vector<XqOption> lines;
    std::optional<int> root, engineRoot;
    for (const XqOption& o : options) {
        if (!o.root)
            lines.push_back(o);
        else if (o.move == played && !root)
            root = o.score;
        if (o.root && !engineMove.empty() && o.move == engineMove && !engineRoot) engineRoot = o.score;
    }
    if (lines.empty()) return std::nullopt;
    int best = capped(lines.front().score);
    for (const XqOption& o : lines) best = std::max(best, capped(o.score));
    // The engine's choice, valued in this search: the losses are taken against it.
    bool engineInLines = false;
    if (!engineMove.empty()) {
        for (const XqOption& o : lines)
            if (o.move == engineMove) best = capped(o.score), engineInLines = true;
        if (!engineInLines && engineRoot) best = capped(*engineRoot);
    }
    XqDecision d;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        d.losses.push_back(std::max(0.0f, float(best - capped(lines[i].score)) / 100.0f));
        if (lines[i].move == played && d.played < 0) d.played = int(i);
    }
    if (!engineInLines && engineRoot) { // the engine's choice outside the lines is an option too
        d.losses.push_back(0.0f);
        if (played == engineMove) d.played = int(d.losses.size()) - 1;
    }
    if (d.played >= 0) return d;
    if (!root && !after) return std::nullopt;
    // The root search's value is from the mover's view already; the position after is scored from the
    // opponent's.
    const int value = root ? capped(*root) : capped(-*after);
    d.fromPositionAfter = !root;
    const float worst = *std::max_element(d.losses.begin(), d.losses.end());
    d.losses.push_back(std::max({float(best - value) / 100.0f, worst, 0.01f}));
    d.played = int(d.losses.size()) - 1;
    return d;
}

XqGameFit xqGameFit(std::vector<XqMoveFit> moves, int plies, xq::Result result, const XqFitSettings& s,
                    bool redFirst) {
    XqGameFit g;
    g.plies = plies;
    g.redFirst = redFirst;
    g.moves = std::move(moves);
    double sum[2] = {0, 0};
    for (const XqMoveFit& m : g.moves) {
        if (!m.counted()) continue;
        const bool red = g.redMoved(m.ply);
        GameFit& side = red ? g.red : g.black;
        sum[red ? 0 : 1] += m.weight * m.fit;
        side.weight += m.weight;
        ++side.counted;
        if (m.decision && s.reference) {
            const XqDecision& d = *m.decision;
            side.match.add(expectDecision(*s.reference, d.losses), d.matched(),
                           d.losses[std::size_t(d.played)]);
        }
    }
    GameFit* sides[2] = {&g.red, &g.black};
    for (int i = 0; i < 2; ++i) {
        GameFit& f = *sides[i];
        f.qualifies = plies > s.minPlies && f.weight > 0;
        f.fit = f.weight > 0 ? sum[i] / f.weight : 0;
    }
    switch (result) {
    case xq::Result::RedWins:
        g.red.result = GameResult::Win, g.black.result = GameResult::Loss;
        break;
    case xq::Result::BlackWins:
        g.red.result = GameResult::Loss, g.black.result = GameResult::Win;
        break;
    case xq::Result::Draw:
    case xq::Result::Unknown:
        g.red.result = g.black.result = GameResult::Draw;
        break;
    }
    return g;
}

XqGameFit xqGameFit(const xq::Game& game, const std::vector<int>& scores, const XqFitSettings& s,
                    const std::vector<std::vector<XqOption>>& options,
                    const std::vector<std::string>& engineMoves) {
    const int plies = static_cast<int>(game.moves.size());
    std::vector<bool> endgame;
    endgame.reserve(game.moves.size());
    auto board = xq::startBoard(game);
    const bool redFirst = !board || board->toMove() == xq::Side::Red;
    if (board)
        for (const xq::Move& m : game.moves) {
            endgame.push_back(xqEndgame(*board, s));
            board->make(m);
        }
    // Scores beyond the game are ignored; moves without both of their scores are not counted.
    std::vector<int> known(scores.begin(),
                           scores.begin() + std::min<std::size_t>(scores.size(), game.moves.size() + 1));
    std::vector<XqMoveFit> moves = xqMoveFits(known, endgame, game.fen.empty(), s);
    for (int k = static_cast<int>(moves.size()) + 1; k <= plies; ++k) {
        XqMoveFit m;
        m.ply = k;
        m.weight = xqWeight(k, k - 1 < static_cast<int>(endgame.size()) && endgame[k - 1], s);
        moves.push_back(m);
    }
    for (XqMoveFit& m : moves) {
        const std::size_t before = std::size_t(m.ply - 1);
        if (!m.counted() || before >= options.size()) continue;
        const std::optional<int> after =
            before + 1 < known.size() ? std::optional<int>(known[before + 1]) : std::nullopt;
        m.decision = xqDecision(options[before], xq::iccs(game.moves[before]), after, s,
                                before < engineMoves.size() ? engineMoves[before] : std::string());
    }
    return xqGameFit(std::move(moves), plies, game.result, s, redFirst);
}

void XqPlayers::add(const xq::Game& game, const XqGameFit& fit) {
    games[game.red].push_back({game.startedAt, game.id, fit.red});
    games[game.black].push_back({game.startedAt, game.id, fit.black});
    for (const auto& r : game.reports) reported.insert(r.accused);
}

std::vector<XqPlayer> xqPlayerFits(const XqPlayers& players, const FitSettings& s,
                                   const std::optional<DecisionModel>& reference) {
    std::vector<XqPlayer> out;
    for (auto [player, games] : players.games) {
        std::sort(games.begin(), games.end(),
                  [](const PlayerGame& a, const PlayerGame& b) { return a.key() < b.key(); });
        games.erase(std::unique(games.begin(), games.end()), games.end());
        XqPlayer p;
        p.player = player;
        std::vector<GameFit> fits;
        for (const PlayerGame& g : games) {
            fits.push_back(g.fit);
            if (g.fit.qualifies) p.games.push_back(g.gameId);
        }
        p.fit = playerFit(fits, s);
        if (reference) p.test = playerTest(fits, s, *reference);
        p.reported = players.reported.count(player) > 0;
        out.push_back(std::move(p));
    }
    std::vector<PlayerFit*> population;
    std::vector<PlayerTest*> tested;
    std::vector<double> logP;
    for (XqPlayer& p : out) {
        population.push_back(&p.fit);
        if (p.test.tests) tested.push_back(&p.test), logP.push_back(p.test.logP);
    }
    populationZ(population);
    const std::vector<double> logQ = benjaminiHochbergLog(logP);
    for (std::size_t i = 0; i < tested.size(); ++i) tested[i]->logQ = logQ[i];
    return out;
}

namespace {

// The mahjong flag rules read only the player, fit, report and games of a summary; the ruleset is set after.
std::vector<PlayerSummary> summaries(const std::vector<XqPlayer>& players) {
    std::vector<PlayerSummary> out;
    for (const XqPlayer& p : players)
        out.push_back({p.player, RulesetId::Xinchang, p.fit, p.test, p.reported, p.games,
                       static_cast<int>(p.games.size())});
    return out;
}

} // namespace

std::vector<Flag> xqFlags(const std::vector<XqPlayer>& players, const FitSettings& s,
                          const std::optional<DecisionModel>& reference, const std::string& model) {
    // FitStats::flags reads the fit, the test, the report and the games, and the model of the summaries'
    // ruleset (slot 0 here); the ruleset is overwritten below. Without a model of master play the seed's
    // line is all there is, so it flags.
    FitSettings rule = s;
    rule.seedFlags = !reference;
    if (reference) rule.reference[0] = *reference, rule.models[0] = model;
    std::vector<Flag> flags = FitStats{}.flags(summaries(players), rule);
    for (Flag& f : flags) f.ruleset = xiangqiRulesetName();
    return flags;
}

std::vector<Flag> xqReportFlags(const ReportStats& reports, const std::vector<XqPlayer>& players) {
    std::vector<Flag> flags = reports.flags(summaries(players));
    for (Flag& f : flags) f.ruleset = xiangqiRulesetName();
    return flags;
}

} // namespace tw
