#include "score_cache.h"

#include <QDateTime>
#include <QSqlQuery>
#include <QVariant>

#include "database.h"
#include "engine_pool.h"

namespace tw::pipeline {

using engine::MoveScore;
using store::sqlError;

namespace {

bool failed(QString* error, const QString& what, const QSqlQuery& q) {
    if (error) *error = QStringLiteral("score cache: %1: %2").arg(what, sqlError(q));
    return false;
}

} // namespace

QString optionsText(const std::vector<MoveScore>& options, const std::vector<MoveScore>& rootMoves) {
    QStringList items;
    for (const MoveScore& o : options) items << o.move + QLatin1Char(':') + QString::number(o.score);
    for (const MoveScore& o : rootMoves)
        items << QLatin1Char('=') + o.move + QLatin1Char(':') + QString::number(o.score);
    return items.join(QLatin1Char(' '));
}

std::optional<std::vector<MoveScore>> parseOptions(const QString& text, std::vector<MoveScore>* rootMoves) {
    std::vector<MoveScore> out;
    if (rootMoves) rootMoves->clear();
    for (QString item : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const bool root = item.startsWith(QLatin1Char('='));
        if (root) item.remove(0, 1);
        const qsizetype colon = item.indexOf(QLatin1Char(':'));
        bool ok = false;
        const int score = colon == 4 ? item.mid(5).toInt(&ok) : 0;
        if (!ok) return std::nullopt;
        if (!root)
            out.push_back({item.left(4), score});
        else if (rootMoves)
            rootMoves->push_back({item.left(4), score});
    }
    return out;
}

bool ScoreCache::lookup(const QStringList& fens, const ScoreKey& key,
                        std::vector<std::optional<PositionScore>>& out, QString* error) const {
    out.assign(fens.size(), std::nullopt);
    if (fens.isEmpty()) return true;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    // One prepared point look-up per FEN: the primary key answers each in microseconds, and the statement
    // never grows with the list (SQLite caps bound parameters).
    if (!q.prepare(QStringLiteral("SELECT score, best_move, depth, options FROM engine_scores"
                                  " WHERE fen = ? AND engine = ? AND search_limit = ?")))
        return failed(error, QStringLiteral("cannot read"), q);
    for (qsizetype i = 0; i < fens.size(); ++i) {
        q.bindValue(0, fens[i]);
        q.bindValue(1, key.engine);
        q.bindValue(2, key.limit);
        if (!q.exec()) return failed(error, QStringLiteral("cannot read"), q);
        if (q.next()) {
            std::vector<engine::MoveScore> rootMoves;
            auto options = parseOptions(q.value(3).toString(), &rootMoves);
            if (!options) {
                if (error)
                    *error = QStringLiteral("score cache: unreadable options of %1: %2")
                                 .arg(fens[i], q.value(3).toString());
                return false;
            }
            out[i] = PositionScore{q.value(0).toInt(), q.value(1).toString(), q.value(2).toInt(),
                                   std::move(*options), std::move(rootMoves)};
        }
        q.finish();
    }
    return true;
}

bool ScoreCache::insert(const ScoreKey& key, const std::vector<Entry>& entries, QString* error) {
    if (entries.empty()) return true;
    if (!db_.beginWrite(error)) return false;
    QSqlQuery q(db_.connection());
    if (!q.prepare(QStringLiteral("INSERT INTO engine_scores"
                                  " (fen, engine, search_limit, score, best_move, depth, created_at, options)"
                                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (fen, engine, search_limit)"
                                  " DO UPDATE SET score = excluded.score, best_move = excluded.best_move,"
                                  " depth = excluded.depth, created_at = excluded.created_at,"
                                  " options = excluded.options"))) {
        failed(error, QStringLiteral("cannot write"), q);
        db_.rollback();
        return false;
    }
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    for (const Entry& e : entries) {
        q.bindValue(0, e.fen);
        q.bindValue(1, key.engine);
        q.bindValue(2, key.limit);
        q.bindValue(3, e.score.score);
        q.bindValue(4, e.score.bestMove.isNull() ? QStringLiteral("") : e.score.bestMove);
        q.bindValue(5, e.score.depth);
        q.bindValue(6, now);
        const QString options = optionsText(e.score.options, e.score.rootMoves);
        q.bindValue(7, options.isNull() ? QStringLiteral("") : options);
        if (!q.exec()) {
            failed(error, QStringLiteral("cannot write %1").arg(e.fen), q);
            db_.rollback();
            return false;
        }
    }
    return db_.commit(error);
}

int ScoreCache::count(const ScoreKey& key, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT count(*) FROM engine_scores WHERE engine = ? AND search_limit = ?"));
    q.addBindValue(key.engine);
    q.addBindValue(key.limit);
    if (!q.exec() || !q.next()) {
        failed(error, QStringLiteral("cannot count"), q);
        return -1;
    }
    return q.value(0).toInt();
}

void useScoreCache(engine::EnginePool& pool, store::Database& db) {
    pool.setCache([&db](const QStringList& fens, const ScoreKey& key,
                        std::vector<std::optional<PositionScore>>& out,
                        QString* error) { return ScoreCache(db).lookup(fens, key, out, error); },
                  [&db](const ScoreKey& key, const std::vector<engine::FenScore>& scores, QString* error) {
                      return ScoreCache(db).insert(key, scores, error);
                  });
}

} // namespace tw::pipeline
