#include "score_file.h"

#include <algorithm>

#include "database.h"
#include "engine_pool.h"
#include "xiangqi_store.h"

namespace tw::pipeline {

using engine::gamePositions;

namespace {

constexpr const char* kMagic = "tilewatch-scores/1";
constexpr const char* kMagicOptions = "tilewatch-scores/2"; // positions may carry their MultiPV options
// ... and moves searched alone as root moves, items "=move:score" after the options
constexpr const char* kMagicRoots = "tilewatch-scores/3";

} // namespace

QByteArray writeScoreFile(const ScoreFile& file) {
    bool options = false, roots = false;
    for (const GameScores& g : file.games) {
        for (const PositionScore& s : g.scores) {
            options = options || !s.options.empty();
            roots = roots || !s.rootMoves.empty();
        }
        for (std::size_t i = 0; i < g.scores.size(); ++i) roots = roots || !g.has(i);
    }
    // A file without options stays version 1, readable by the releases before MultiPV; one without root
    // moves version 2.
    const char* magic = roots ? kMagicRoots : options ? kMagicOptions : kMagic;
    QByteArray out = QByteArray(magic) + "\nengine\t" + file.key.engine.toUtf8() + "\nlimit\t" +
                     file.key.limit.toUtf8() + "\n";
    for (const GameScores& g : file.games) {
        out += g.gameId.toUtf8() + '\t';
        for (std::size_t i = 0; i < g.scores.size(); ++i) {
            const PositionScore& s = g.scores[i];
            if (i) out += ' ';
            if (!g.has(i)) {
                out += '-';
                continue;
            }
            out +=
                QByteArray::number(s.score) + ',' + s.bestMove.toLatin1() + ',' + QByteArray::number(s.depth);
            for (const engine::MoveScore& o : s.options)
                out += ',' + o.move.toLatin1() + ':' + QByteArray::number(o.score);
            for (const engine::MoveScore& o : s.rootMoves)
                out += ",=" + o.move.toLatin1() + ':' + QByteArray::number(o.score);
        }
        out += '\n';
    }
    return out;
}

std::optional<ScoreFile> readScoreFile(const QByteArray& text, const QString& name, QString* error) {
    const QList<QByteArray> lines = text.split('\n');
    int number = 0;
    auto fail = [&](const QString& why) -> std::optional<ScoreFile> {
        if (error) *error = QStringLiteral("%1:%2: %3").arg(name).arg(number).arg(why);
        return std::nullopt;
    };
    ScoreFile file;
    bool options = false, roots = false;
    for (QByteArray line : lines) {
        ++number;
        if (line.endsWith('\r')) line.chop(1);
        if (number == 1) {
            options = line == kMagicOptions || line == kMagicRoots;
            roots = line == kMagicRoots;
            if (line != kMagic && !options)
                return fail(QStringLiteral("not a score file (the first line must be %1, %2 or %3)")
                                .arg(kMagic, kMagicOptions, kMagicRoots));
            continue;
        }
        if (line.isEmpty()) continue;
        const qsizetype tab = line.indexOf('\t');
        if (tab <= 0) return fail(QStringLiteral("expected a name, a tab and values"));
        const QString head = QString::fromUtf8(line.left(tab));
        const QByteArray rest = line.mid(tab + 1);
        if (number == 2 || number == 3) {
            const char* want = number == 2 ? "engine" : "limit";
            if (head != QLatin1String(want)) return fail(QStringLiteral("expected the %1 line").arg(want));
            (number == 2 ? file.key.engine : file.key.limit) = QString::fromUtf8(rest).trimmed();
            continue;
        }
        GameScores g;
        g.gameId = head;
        for (const QByteArray& item : rest.split(' ')) {
            if (roots && item == "-") {
                g.scored.resize(g.scores.size(), true);
                g.scored.push_back(false);
                g.scores.emplace_back();
                continue;
            }
            const QList<QByteArray> f = item.split(',');
            bool okScore = false, okDepth = false;
            const int score = f.value(0).toInt(&okScore);
            const int depth = f.value(2).toInt(&okDepth);
            PositionScore p{score, QString::fromLatin1(f.value(1)), depth, {}, {}};
            bool ok = (f.size() == 3 || (options && f.size() > 3)) && okScore && okDepth &&
                      (f[1].size() == 0 || f[1].size() == 4);
            for (qsizetype i = 3; ok && i < f.size(); ++i) {
                const bool root = roots && f[i].startsWith('=');
                const QList<QByteArray> o = f[i].mid(root ? 1 : 0).split(':');
                bool okOption = false;
                const int value = o.value(1).toInt(&okOption);
                ok = o.size() == 2 && o[0].size() == 4 && okOption;
                (root ? p.rootMoves : p.options).push_back({QString::fromLatin1(o[0]), value});
            }
            if (!ok)
                return fail(QStringLiteral("game %1, position %2: expected score,move,depth%3, not \"%4\"")
                                .arg(head)
                                .arg(g.scores.size())
                                .arg(options ? roots ? QStringLiteral("[,move:score...][,=move:score...]")
                                                     : QStringLiteral("[,move:score...]")
                                             : QString())
                                .arg(QString::fromLatin1(item.left(40))));
            g.scores.push_back(std::move(p));
            if (!g.scored.empty()) g.scored.push_back(true);
        }
        file.games.push_back(std::move(g));
    }
    if (number < 3 || file.key.engine.isEmpty() || file.key.limit.isEmpty())
        return fail(QStringLiteral("the engine and limit lines are missing"));
    return file;
}

bool exportScores(store::Database& db, const ScoreKey& key, ScoreFile* out, int* skipped, QString* error) {
    out->key = key;
    out->games.clear();
    int left = 0;
    const bool lines = key.limit.contains(QStringLiteral(" multipv "));
    store::XiangqiStore games(db);
    ScoreCache cache(db);
    for (std::string after;;) {
        QString why;
        const std::vector<xq::Game> page = games.gamesAfter(after, 1000, &why);
        if (!why.isEmpty()) {
            if (error) *error = why;
            return false;
        }
        if (page.empty()) break;
        after = page.back().id;
        for (const xq::Game& g : page) {
            std::vector<std::optional<PositionScore>> found;
            if (!cache.lookup(gamePositions(g), key, found, error)) return false;
            GameScores scores{QString::fromStdString(g.id), {}, {}};
            if (lines) {
                for (const auto& s : found) {
                    scores.scores.push_back(s.value_or(PositionScore{}));
                    scores.scored.push_back(bool(s));
                }
                if (std::find(scores.scored.begin(), scores.scored.end(), true) != scores.scored.end())
                    out->games.push_back(std::move(scores));
                else
                    ++left;
                continue;
            }
            for (const auto& s : found) {
                if (!s) break;
                scores.scores.push_back(*s);
            }
            if (scores.scores.size() == found.size() && !found.empty())
                out->games.push_back(std::move(scores));
            else
                ++left;
        }
    }
    if (skipped) *skipped = left;
    return true;
}

bool importScores(store::Database& db, const ScoreFile& file, ScoreImport* result, QString* error) {
    ScoreImport r;
    std::vector<ScoreCache::Entry> entries;
    store::XiangqiStore games(db);
    for (const GameScores& g : file.games) {
        QString why;
        const auto game = games.game(g.gameId.toStdString(), &why);
        if (!game) {
            r.problems << QStringLiteral("game %1: %2")
                              .arg(g.gameId, why.isEmpty() ? QStringLiteral("not in the database") : why);
            continue;
        }
        const QStringList fens = gamePositions(*game);
        if (fens.size() != qsizetype(g.scores.size())) {
            r.problems << QStringLiteral("game %1: %2 scores for %3 positions")
                              .arg(g.gameId)
                              .arg(g.scores.size())
                              .arg(fens.size());
            continue;
        }
        for (qsizetype i = 0; i < fens.size(); ++i)
            if (g.has(std::size_t(i))) entries.push_back({fens[i], g.scores[std::size_t(i)]});
        ++r.games;
    }
    r.positions = int(entries.size());
    if (!ScoreCache(db).insert(file.key, entries, error)) return false;
    if (result) *result = r;
    return true;
}

} // namespace tw::pipeline
