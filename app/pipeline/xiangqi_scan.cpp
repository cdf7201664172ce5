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

// The engine's move at a position, as the desk shows it and a decision matches it: the single-line search's
// best (what an engine user plays), else the best of the lines.
QString engineMove(const std::optional<PositionScore>& single, const std::optional<PositionScore>& lines) {
    if (single && !single->bestMove.isEmpty()) return single->bestMove;
    return lines && !lines->options.empty() ? lines->options.front().move : QString();
}

// Each position's engine move (engineMove) in ICCS, for the decisions.
std::vector<std::string> engineMoves(const std::vector<std::optional<PositionScore>>& single,
                                     const std::vector<std::optional<PositionScore>>& lines) {
    std::vector<std::string> out(single.size());
    for (std::size_t i = 0; i < single.size(); ++i)
        out[i] = engineMove(single[i], i < lines.size() ? lines[i] : std::nullopt).toStdString();
    return out;
}

// One side's moves as the desk shows them: ply, scores from the mover's view, fit, weight, the engine's move.
std::vector<MoveFit> sideMoves(const XqGameFit& fit, const std::vector<std::optional<PositionScore>>& scores,
                               const std::vector<std::optional<PositionScore>>& lines, bool red) {
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
        f.best = engineMove(before, lines[std::size_t(m.ply - 1)]).toStdString();
        moves.push_back(std::move(f));
    }
    return moves;
}

// The single-line search at the same depth or nodes as `e`: every position's score (the seed's fit, the
// window that says which moves are counted) comes from it, and the K lines only where a decision is read.
EngineSettings plainOf(const EngineSettings& e) {
    EngineSettings p = e;
    p.multiPv = 1;
    return p;
}

// What the cache holds under the single-line key, and where it holds nothing but a MultiPV search of the
// position under `linesLimit` (scores shipped with their lines, the CCPD calibration's), that search's best
// line: the same position at the same depth, so it is not searched again.
bool plainLookup(store::Database& db, const QStringList& fens, const ScoreKey& key, const QString& linesLimit,
                 std::vector<std::optional<PositionScore>>& out, QString* error) {
    ScoreCache cache(db);
    if (!cache.lookup(fens, key, out, error)) return false;
    if (linesLimit == key.limit) return true;
    QStringList missing;
    std::vector<std::size_t> where;
    for (std::size_t i = 0; i < out.size(); ++i)
        if (!out[i]) missing << fens[qsizetype(i)], where.push_back(i);
    if (missing.isEmpty()) return true;
    std::vector<std::optional<PositionScore>> lines;
    if (!cache.lookup(missing, {key.engine, linesLimit}, lines, error)) return false;
    for (std::size_t j = 0; j < lines.size(); ++j)
        if (lines[j])
            out[where[j]] = PositionScore{lines[j]->score, lines[j]->bestMove, lines[j]->depth, {}, {}};
    return true;
}

// Whether the move made from position `p` (0-based) of a game is counted by the fit, read from the score of
// that position (side to move's view): past the plies left out and inside the window (SPEC §5.4).
bool decisionAt(std::size_t p, int score, const XqFitSettings& s) {
    const double before = s.scale * score;
    return int(p) >= s.skipPlies && before > s.sMin && before < s.sMax;
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

// The positions of a chunk of games, one game after another: their FENs, the move played from each where a
// decision may be read from it, and the first position of each game.
struct ChunkPositions {
    QStringList fens, played;
    std::vector<int> offsets;
};

ChunkPositions chunkPositions(const std::vector<xq::Game>& all, int start, int end,
                              const XqFitSettings& fit) {
    ChunkPositions chunk;
    QStringList& fens = chunk.fens;
    QStringList& played = chunk.played;
    std::vector<int>& offsets = chunk.offsets;
    for (int i = start; i < end; ++i) {
        const xq::Game& g = all[std::size_t(i)];
        offsets.push_back(int(fens.size()));
        const QStringList positions = gamePositions(g);
        fens << positions;
        // The moves a decision may be read from (past the plies left out): their values come from the
        // position before them, searched alone when they are not among the lines (EnginePool::score).
        for (qsizetype k = 0; k < positions.size(); ++k)
            played << (k < qsizetype(g.moves.size()) && k >= fit.skipPlies
                           ? QString::fromStdString(xq::iccs(g.moves[std::size_t(k)]))
                           : QString());
    }
    return chunk;
}

// Where the K lines are searched: before each move the fit counts, the move played valued in that search.
struct LineSearches {
    QStringList fens, played;
    std::vector<int> at; // the position in the chunk each search is for
};

LineSearches lineSearches(const std::vector<xq::Game>& all, int start, int end, const ChunkPositions& chunk,
                          const std::vector<std::optional<PositionScore>>& scores, const XqFitSettings& fit) {
    LineSearches searches;
    QStringList& lineFens = searches.fens;
    QStringList& linePlayed = searches.played;
    std::vector<int>& at = searches.at;
    const QStringList& fens = chunk.fens;
    const QStringList& played = chunk.played;
    const std::vector<int>& offsets = chunk.offsets;
    for (int i = start; i < end; ++i) {
        const int first = offsets[std::size_t(i - start)];
        const int count = int(all[std::size_t(i)].moves.size()) + 1;
        for (int p = 0; p < count; ++p) {
            const auto& s = scores[std::size_t(first + p)];
            if (!s || played[first + p].isEmpty() || !decisionAt(std::size_t(p), s->score, fit)) continue;
            lineFens << fens[first + p], linePlayed << played[first + p];
            at.push_back(first + p);
            // The engine's choice is valued in the same search too (a root search when it is not
            // among the lines): the decision's losses are taken against it.
            if (!s->bestMove.isEmpty() && s->bestMove != played[first + p]) {
                lineFens << fens[first + p], linePlayed << s->bestMove;
                at.push_back(first + p);
            }
        }
    }
    return searches;
}

// One game's fit from the chunk's scores: its two sides' moves as the desk shows them, its players' sums and
// the reports against them with the moves that matched the engine.
void fitGame(const xq::Game& g, int first, const std::vector<std::optional<PositionScore>>& chunkScores,
             const std::vector<std::optional<PositionScore>>& lines, const XqFitSettings& settings,
             std::vector<SeatFit>& seatFits, XqPlayers& players, ReportStats& reports) {
    std::vector<std::optional<PositionScore>> own(chunkScores.begin() + first,
                                                  chunkScores.begin() + first + int(g.moves.size()) + 1);
    const std::vector<std::optional<PositionScore>> ownLines(lines.begin() + first,
                                                             lines.begin() + first + int(g.moves.size()) + 1);
    std::vector<int> scores;
    for (const auto& s : own) {
        if (!s) break; // a fit needs every score up to a move
        scores.push_back(s->score);
    }
    const XqGameFit fit = xqGameFit(g, scores, settings, xqOptions(ownLines), engineMoves(own, ownLines));
    seatFits.push_back({g.id, 1, fit.red, sideMoves(fit, own, ownLines, true)});
    seatFits.push_back({g.id, 2, fit.black, sideMoves(fit, own, ownLines, false)});
    players.add(g, fit);
    for (const PlayerReport& rep : g.reports) {
        ReportedGame reported{g.id, rep.reporter, rep.reason, {}};
        for (const XqMoveFit& m : fit.moves) {
            const std::size_t at = std::size_t(m.ply - 1);
            if ((fit.redMoved(m.ply) ? g.red : g.black) == rep.accused && m.counted() &&
                engineMove(own[at], ownLines[at]) == QString::fromStdString(xq::iccs(g.moves[at])))
                reported.offPredictionOps.push_back(m.ply);
        }
        reports.addReport(rep.accused, reported);
    }
}

// The players' flags from the whole population's fits and the reports, saved as the xiangqi analysis (what
// the queue shows) with how the scan was made.
bool saveFlags(store::Database& db, const XqScanOptions& options, const XqFitSettings& fit,
               XqPlayers& players, const ReportStats& reports, XqScanResult& r, QString* error) {
    players.games.erase(store::kUnknownPlayer); // "?" is nobody: never a flag
    const std::vector<XqPlayer> fits = xqPlayerFits(players, fit.player, fit.reference);
    std::vector<Flag> flags = xqFlags(fits, fit.player, fit.reference, fit.model);
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
    return store::CaseStore(db).saveAnalysis(flags, options.actor, detail, &r.saved, error,
                                             store::AnalysisScope::Xiangqi);
}

} // namespace

std::vector<std::vector<XqOption>> xqOptions(const std::vector<std::optional<PositionScore>>& scores) {
    std::vector<std::vector<XqOption>> out(scores.size());
    for (std::size_t i = 0; i < scores.size(); ++i)
        if (scores[i]) {
            for (const engine::MoveScore& o : scores[i]->options)
                out[i].push_back({o.move.toStdString(), o.score});
            for (const engine::MoveScore& o : scores[i]->rootMoves)
                out[i].push_back({o.move.toStdString(), o.score, true});
        }
    return out;
}

bool cachedXiangqi(store::Database& db, const ScoreKey& key, std::vector<XqScoredGame>* out, QString* error) {
    std::vector<xq::Game> all;
    if (!allGames(db, &all, error)) return false;
    ScoreCache cache(db);
    // The scores from the single-line search (or the lines' best where only they are cached), the options
    // from the lines, as a scan reads them.
    const qsizetype cut = key.limit.indexOf(QStringLiteral(" multipv "));
    const ScoreKey plainKey{key.engine, cut < 0 ? key.limit : key.limit.left(cut)};
    for (xq::Game& g : all) {
        const QStringList fens = gamePositions(g);
        std::vector<std::optional<PositionScore>> found, lines;
        if (!plainLookup(db, fens, plainKey, key.limit, found, error)) return false;
        if (!cache.lookup(fens, key, lines, error)) return false;
        XqScoredGame scored{std::move(g), {}, xqOptions(lines), engineMoves(found, lines)};
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

// The model `o` tests against, set in its fit.
bool modelFor(store::Database& db, XqScanOptions* o, XqModelChoice* model, QString* error) {
    QString why;
    const QString version = Engine::versionOf(o->engine, &why); // remembered per binary; "" if it fails
    if (!chooseXiangqiModel(db, *o, version, model, error)) return false;
    o->fit.reference = model->model;
    o->fit.model = model->name;
    return true;
}

// The stored games, or those of this worker's shard.
bool shardGames(store::Database& db, const XqScanOptions& options, std::vector<xq::Game>* all,
                QString* error) {
    if (!allGames(db, all, error)) return false;
    if (options.shards > 1)
        std::erase_if(*all,
                      [&](const xq::Game& g) { return !inXqShard(g.id, options.shard, options.shards); });
    return true;
}

bool scanXiangqi(store::Database& db, const XqScanOptions& options, XqScanResult* result, QString* error,
                 const std::function<void(int, int)>& progress, const std::atomic<bool>* cancel) {
    XqScanResult r;
    std::vector<xq::Game> all;
    if (!shardGames(db, options, &all, error)) return false;
    r.games = int(all.size());
    // The model is chosen before any game is fitted: the moves' decisions are scored against it.
    XqScanOptions o = options;
    if (!modelFor(db, &o, &r.model, error)) return false;

    // Two searches of a position at most: the single line for every position, and the K lines (with the
    // played move searched alone when it is not among them) only before the moves the fit counts, a third of
    // them: the loss of a counted move comes from that one search, the seed's fit from the single line.
    const bool withLines = options.engine.multiPv > 1;
    EnginePool pool(plainOf(options.engine), options.engines);
    EnginePool linesPool(options.engine, options.engines);
    useScoreCache(pool, db);
    useScoreCache(linesPool, db);
    if (withLines) {
        const QString linesLimit = options.engine.limit();
        pool.setCache(
            [&db, linesLimit](const QStringList& fens, const ScoreKey& key,
                              std::vector<std::optional<PositionScore>>& out,
                              QString* error) { return plainLookup(db, fens, key, linesLimit, out, error); },
            [&db](const ScoreKey& key, const std::vector<engine::FenScore>& scores, QString* error) {
                return ScoreCache(db).insert(key, scores, error);
            });
    }
    XqPlayers players;
    ReportStats reports;
    const int total = int(all.size());
    for (int start = 0; start < total; start += options.gamesPerChunk) {
        if (cancel && cancel->load()) {
            r.cancelled = true;
            break;
        }
        const int end = std::min(total, start + options.gamesPerChunk);
        const ChunkPositions positions = chunkPositions(all, start, end, o.fit);
        const QStringList& fens = positions.fens;
        const std::vector<int>& offsets = positions.offsets;
        // Progress: the single line first (half of the chunk's span), then the lines.
        const int span = end - start;
        auto report = [&](int half, int done, int all) {
            if (progress)
                progress(start + (withLines ? span * half / 2 + span * done / std::max(1, all) / 2
                                            : span * done / std::max(1, all)),
                         total);
        };
        const PoolResult scored = pool.score(
            fens, [&](int done, int all) { report(0, done, all); }, cancel);
        r.positions += int(fens.size());
        r.cached += scored.cached;
        r.searched += scored.searched;
        if (!scored.error.isEmpty()) return error && (*error = scored.error, true), false;
        if (scored.cancelled) {
            r.cancelled = true;
            break;
        }
        std::vector<std::optional<PositionScore>> lines(fens.size());
        if (withLines) {
            const LineSearches searches = lineSearches(all, start, end, positions, scored.scores, o.fit);
            const QStringList& lineFens = searches.fens;
            const QStringList& linePlayed = searches.played;
            const std::vector<int>& at = searches.at;
            const PoolResult withOptions = linesPool.score(
                lineFens, [&](int done, int all) { report(1, done, all); }, cancel, linePlayed);
            r.searched += withOptions.searched;
            if (!withOptions.error.isEmpty()) return error && (*error = withOptions.error, true), false;
            if (withOptions.cancelled) {
                r.cancelled = true;
                break;
            }
            for (std::size_t j = 0; j < at.size(); ++j) lines[std::size_t(at[j])] = withOptions.scores[j];
        }
        if (r.method.isEmpty())
            r.method = withLines
                           ? options.engine.method(scored.engine) +
                                 QStringLiteral("; every position's score from %1, the lines only before "
                                                "a counted move")
                                     .arg(pool.settings().limit())
                           : options.engine.method(scored.engine);
        if (options.scoreOnly) { // a cluster worker: the scores are in the cache, the fits are the scan's
            if (progress) progress(end, total);
            continue;
        }
        std::vector<SeatFit> seatFits;
        for (int i = start; i < end; ++i)
            fitGame(all[std::size_t(i)], offsets[std::size_t(i - start)], scored.scores, lines, o.fit,
                    seatFits, players, reports);
        QString why;
        if (!store::FitStore(db).save(seatFits, r.method, &why)) return error && (*error = why, true), false;
        if (progress) progress(end, total);
    }
    if (!r.cancelled && !options.scoreOnly && !saveFlags(db, options, o.fit, players, reports, r, error))
        return false;
    if (result) *result = r;
    return true;
}

bool inXqShard(const std::string& gameId, int shard, int shards) {
    std::uint64_t h = 1469598103934665603ull; // FNV-1a: fixed by the id's bytes alone
    for (const unsigned char c : gameId) h = (h ^ c) * 1099511628211ull;
    return shards <= 1 || int(h % std::uint64_t(shards)) == shard;
}

} // namespace tw::pipeline
