#include "xiangqi_scan.h"

#include <QJsonDocument>
#include <QJsonObject>

#include "database.h"
#include "engine_pool.h"
#include "fit_store.h"
#include "model_store.h"
#include "score_cache.h"
#include "xiangqi/notation.h"
#include "xiangqi_store.h"

namespace tw::pipeline {

using engine::Engine;
using engine::EnginePool;
using engine::gamePositions;
using engine::PoolResult;

namespace {

// One side's moves as the desk shows them: ply, scores from the mover's view, fit, weight, the engine's move.
std::vector<MoveFit> sideMoves(const XqGameFit& fit, const std::vector<std::optional<PositionScore>>& scores,
                               bool red) {
    std::vector<MoveFit> moves;
    for (const XqMoveFit& m : fit.moves) {
        if (fit.redMoved(m.ply) != red) continue;
        const auto& before = scores[std::size_t(m.ply - 1)];
        MoveFit f;
        f.ply = m.ply;
        f.before = int(std::lround(m.before)), f.after = int(std::lround(m.after));
        f.fit = m.fit, f.weight = m.weight, f.counted = m.counted();
        if (m.decision) {
            f.matched = m.decision->matched();
            f.loss = m.decision->losses[std::size_t(m.decision->played)];
        }
        if (before) f.best = before->bestMove.toStdString();
        moves.push_back(std::move(f));
    }
    return moves;
}

// Every stored xiangqi game, in id order.
bool allGames(store::Database& db, std::vector<xq::Game>* all, QString* error) {
    store::XiangqiStore games(db);
    for (std::string after;;) {
        QString why;
        std::vector<xq::Game> page = games.gamesAfter(after, 1000, &why);
        if (!why.isEmpty()) return error && (*error = why, true), false;
        if (page.empty()) return true;
        after = page.back().id;
        for (auto& g : page) all->push_back(std::move(g));
    }
}

} // namespace

std::vector<std::vector<XqOption>> xqOptions(const std::vector<std::optional<PositionScore>>& scores) {
    std::vector<std::vector<XqOption>> out(scores.size());
    for (std::size_t i = 0; i < scores.size(); ++i)
        if (scores[i])
            for (const engine::MoveScore& o : scores[i]->options)
                out[i].push_back({o.move.toStdString(), o.score});
    return out;
}

bool cachedXiangqi(store::Database& db, const ScoreKey& key, std::vector<XqScoredGame>* out, QString* error) {
    std::vector<xq::Game> all;
    if (!allGames(db, &all, error)) return false;
    ScoreCache cache(db);
    for (xq::Game& g : all) {
        std::vector<std::optional<PositionScore>> found;
        if (!cache.lookup(gamePositions(g), key, found, error)) return false;
        XqScoredGame scored{std::move(g), {}, xqOptions(found)};
        for (const auto& s : found) {
            if (!s) break;
            scored.scores.push_back(s->score);
        }
        out->push_back(std::move(scored));
    }
    return true;
}

bool chooseXiangqiModel(store::Database& db, const XqScanOptions& options, const QString& version,
                        XqModelChoice* out, QString* error) {
    return store::chooseXiangqiModel(db, options.engine.multiPv, options.fit, options.engine.limit(), version,
                                     out, error);
}

bool scanXiangqi(store::Database& db, const XqScanOptions& options, XqScanResult* result, QString* error,
                 const std::function<void(int, int)>& progress, const std::atomic<bool>* cancel) {
    XqScanResult r;
    std::vector<xq::Game> all;
    if (!allGames(db, &all, error)) return false;
    r.games = int(all.size());
    // The model is chosen before any game is fitted: the moves' decisions are scored against it.
    XqScanOptions o = options;
    {
        QString why;
        const QString version =
            Engine::versionOf(options.engine, &why); // remembered per binary; "" if it fails
        if (!chooseXiangqiModel(db, options, version, &r.model, error)) return false;
        o.fit.reference = r.model.model;
        o.fit.model = r.model.name;
    }

    EnginePool pool(options.engine, options.engines);
    useScoreCache(pool, db);
    XqPlayers players;
    ReportStats reports;
    const int total = int(all.size());
    for (int start = 0; start < total; start += options.gamesPerChunk) {
        if (cancel && cancel->load()) {
            r.cancelled = true;
            break;
        }
        const int end = std::min(total, start + options.gamesPerChunk);
        QStringList fens;
        std::vector<int> offsets; // first position of each game in `fens`
        for (int i = start; i < end; ++i) {
            offsets.push_back(int(fens.size()));
            fens << gamePositions(all[std::size_t(i)]);
        }
        const PoolResult scored = pool.score(
            fens,
            [&](int done, int) {
                if (progress)
                    progress(start + (end - start) * done / std::max<int>(1, int(fens.size())), total);
            },
            cancel);
        r.positions += int(fens.size());
        r.cached += scored.cached;
        r.searched += scored.searched;
        if (!scored.error.isEmpty()) return error && (*error = scored.error, true), false;
        if (scored.cancelled) {
            r.cancelled = true;
            break;
        }
        if (r.method.isEmpty()) r.method = options.engine.method(scored.engine);
        std::vector<SeatFit> seatFits;
        for (int i = start; i < end; ++i) {
            const xq::Game& g = all[std::size_t(i)];
            const int first = offsets[std::size_t(i - start)];
            std::vector<std::optional<PositionScore>> own(
                scored.scores.begin() + first, scored.scores.begin() + first + int(g.moves.size()) + 1);
            std::vector<int> scores;
            for (const auto& s : own) {
                if (!s) break; // a fit needs every score up to a move
                scores.push_back(s->score);
            }
            const XqGameFit fit = xqGameFit(g, scores, o.fit, xqOptions(own));
            seatFits.push_back({g.id, 1, fit.red, sideMoves(fit, own, true)});
            seatFits.push_back({g.id, 2, fit.black, sideMoves(fit, own, false)});
            players.add(g, fit);
            for (const PlayerReport& rep : g.reports) {
                ReportedGame reported{g.id, rep.reporter, rep.reason, {}};
                for (const XqMoveFit& m : fit.moves) {
                    const auto& before = own[std::size_t(m.ply - 1)];
                    if ((fit.redMoved(m.ply) ? g.red : g.black) == rep.accused && m.counted() && before &&
                        before->bestMove == QString::fromStdString(xq::iccs(g.moves[std::size_t(m.ply - 1)])))
                        reported.offPredictionOps.push_back(m.ply);
                }
                reports.addReport(rep.accused, reported);
            }
        }
        QString why;
        if (!store::FitStore(db).save(seatFits, r.method, &why)) return error && (*error = why, true), false;
        if (progress) progress(end, total);
    }
    if (!r.cancelled) {
        players.games.erase(store::kUnknownPlayer); // "?" is nobody: never a flag
        const std::vector<XqPlayer> fits = xqPlayerFits(players, o.fit.player, o.fit.reference);
        std::vector<Flag> flags = xqFlags(fits, o.fit.player, o.fit.reference, o.fit.model);
        for (Flag& f : xqReportFlags(reports, fits))
            if (f.players.front() != store::kUnknownPlayer) flags.push_back(std::move(f));
        r.flags = int(flags.size());
        r.players = fits;
        r.flagList = flags;
        std::stable_sort(r.flagList.begin(), r.flagList.end(),
                         [](const Flag& a, const Flag& b) { return a.score > b.score; });
        const QString detail = QString::fromUtf8(
            QJsonDocument(QJsonObject{{QStringLiteral("population"), QStringLiteral("xiangqi")},
                                      {QStringLiteral("games"), r.games},
                                      {QStringLiteral("positions"), r.positions},
                                      {QStringLiteral("method"), r.method},
                                      {QStringLiteral("model"),
                                       r.model.model ? QJsonValue(QString::fromStdString(r.model.name))
                                                     : QJsonValue(QStringLiteral("seed line"))}})
                .toJson(QJsonDocument::Compact));
        if (!store::CaseStore(db).saveAnalysis(flags, options.actor, detail, &r.saved, error,
                                               store::AnalysisScope::Xiangqi))
            return false;
    }
    if (result) *result = r;
    return true;
}

} // namespace tw::pipeline
