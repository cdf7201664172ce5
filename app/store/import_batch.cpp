#include "import_batch.h"

#include <QJsonDocument>
#include <QSet>
#include <QSqlError>

#include <algorithm>
#include <optional>

#include "audit_log.h"
#include "database.h"
#include "multi_row.h"
#include "sqlite_statement.h"
#include "text_limits.h"

namespace tw::store {

namespace {

// Past this many remembered players the memory is dropped: a player met again costs one ignored insert.
constexpr std::size_t kPlayerCacheLimit = 2'000'000;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

// Whether a failed statement was refused because of the values of the record being written (so that the
// record alone is refused), rather than for a reason of the database (a lock, a full disk, a lost server):
// PostgreSQL's classes 22 (data exception: a NUL, a bad encoding, a value too long), 23 (integrity
// constraint) and 54 (program limit: an index row too large); SQLite's CONSTRAINT, TOOBIG and MISMATCH.
bool recordsFault(const QSqlError& e, bool server) {
    const QString code = e.nativeErrorCode();
    if (server)
        return code.startsWith(QLatin1String("22")) || code.startsWith(QLatin1String("23")) ||
               code.startsWith(QLatin1String("54"));
    bool ok = false;
    const int primary = code.toInt(&ok) & 0xff;
    return ok && (primary == 19 || primary == 18 || primary == 20);
}

} // namespace

ImportBatch::ImportBatch(Database& db, std::unordered_set<std::string>& known, std::size_t size,
                         QString* error)
    : db_(db), known_(known), size_(size), error_(error), player_(db.connection()), report_(db.connection()),
      byId_(db.connection()), rawSeats_(db.connection()), byPrint_(db.connection()),
      canonicalSeats_(db.connection()), canonical_(db.connection()) {}

ImportBatch::~ImportBatch() {
    if (!open_) return;
    close();
    db_.rollback();
}

bool ImportBatch::begin() {
    QString why;
    if (!db_.beginWrite(&why)) {
        if (error_) *error_ = QStringLiteral("cannot start the import transaction: %1").arg(why);
        return false;
    }
    open_ = true;
    // Rowids grow, so the batch's games and reports are the rows past these: the ranges its audit row
    // attests.
    QSqlQuery last(db_.connection());
    if (!last.exec(QStringLiteral("SELECT (SELECT COALESCE(MAX(rowid), 0) FROM games), (SELECT "
                                  "COALESCE(MAX(id), 0) FROM reports)")) ||
        !last.next())
        return fail(last, QStringLiteral("reading the last game"));
    lastGame_ = last.value(0).toLongLong(), lastReport_ = last.value(1).toLongLong();
    last = QSqlQuery();
    return prepare(player_, QStringLiteral("INSERT INTO players (id) VALUES (?) ON CONFLICT (id) DO NOTHING"),
                   QStringLiteral("preparing the player insert")) &&
           prepare(
               report_,
               QStringLiteral("INSERT INTO reports (game_id, reporter, accused, reason) VALUES (?, ?, ?, ?)"),
               QStringLiteral("preparing the report insert")) &&
           prepare(byId_, QStringLiteral("SELECT fingerprint, COALESCE(source, '') FROM games WHERE id = ?"),
                   QStringLiteral("preparing the id look-up")) &&
           prepare(rawSeats_,
                   QStringLiteral("SELECT seat, player_id FROM game_seats WHERE game_id = ? ORDER BY seat"),
                   QStringLiteral("preparing the seat look-up")) &&
           preparePrintLookUp() &&
           prepare(canonicalSeats_,
                   QStringLiteral("SELECT s.seat, COALESCE(a.canonical_id, s.player_id) FROM game_seats s"
                                  " LEFT JOIN player_aliases a ON a.player_id = s.player_id WHERE s.game_id "
                                  "= ? ORDER BY s.seat"),
                   QStringLiteral("preparing the seat look-up")) &&
           prepare(canonical_, QStringLiteral("SELECT canonical_id FROM player_aliases WHERE player_id = ?"),
                   QStringLiteral("preparing the alias look-up"));
}

bool ImportBatch::preparePrintLookUp() {
    const QString sql = QStringLiteral("SELECT id, COALESCE(source, '') FROM games WHERE fingerprint = ? AND "
                                       "duplicate_of IS NULL ORDER BY rowid");
    const QString what = QStringLiteral("preparing the fingerprint look-up");
    if (sqlite3* handle = SqliteStatement::handleOf(db_.connection())) {
        byPrintFile_ = std::make_unique<SqliteStatement>(handle);
        return byPrintFile_->prepare(sql) || fail(byPrintFile_->lastError(), what);
    }
    return prepare(byPrint_, sql, what);
}

bool ImportBatch::prepare(QSqlQuery& q, const QString& sql, const QString& what) {
    statements_.push_back(&q);
    return q.prepare(sql) || fail(q, what);
}

void ImportBatch::close() {
    for (QSqlQuery* q : statements_) q->clear();
    statements_.clear();
    if (byPrintFile_) byPrintFile_->finish();
}

bool ImportBatch::beginGame(const std::string* id) {
    game_ = id;
    gamePlayers_.clear();
    if (!careful_) return true;
    QString why;
    if (db_.exec(QStringLiteral("SAVEPOINT tw_game"), &why)) return true;
    return failBatch(why);
}

bool ImportBatch::endGame() {
    if (!careful_) return true;
    QString why;
    if (db_.exec(QStringLiteral("RELEASE SAVEPOINT tw_game"), &why)) return true;
    return failBatch(why);
}

bool ImportBatch::run(SqliteStatement& s, const QString& what) {
    return s.exec() || fail(s.lastError(), what);
}

bool ImportBatch::fail(const QSqlQuery& q, const QString& what) {
    return fail(q.lastError(), what);
}

bool ImportBatch::fail(const QSqlError& e, const QString& what) {
    // A message of the database may quote the values (a name of megabytes): kept short.
    const QString reason = QString::fromStdString(limits::shortText(sqlError(e).toStdString(), 1000));
    // Without a game (the whole batch at once) a refused row is one of the batch's: stored again carefully.
    if (open_ && (game_ || !careful_) && recordsFault(e, db_.isServer())) {
        if (careful_) {
            QString why;
            if (db_.exec(QStringLiteral("ROLLBACK TO SAVEPOINT tw_game"), &why) &&
                db_.exec(QStringLiteral("RELEASE SAVEPOINT tw_game"), &why)) {
                for (const std::string& p : gamePlayers_) added_.erase(p);
                gamePlayers_.clear();
                refusal_ = (what + QStringLiteral(": ") + reason).toStdString();
                return false;
            }
        } else {
            retry_ = true; // the caller stores the batch again, each game in its savepoint
        }
    }
    const bool wasOpen = open_;
    abandon();
    if (error_)
        *error_ =
            game_ ? QStringLiteral("game %1: %2: %3; the batch of %4 games was not stored")
                        .arg(qs(limits::shortText(*game_)), what, reason)
                        .arg(size_)
            : wasOpen
                ? QStringLiteral("%1: %2; the batch of %3 games was not stored").arg(what, reason).arg(size_)
                : QStringLiteral("%1: %2").arg(what, reason);
    return false;
}

bool ImportBatch::addPlayer(const std::string& player) {
    if (known_.count(player) || !added_.insert(player).second) return true;
    gamePlayers_.push_back(player);
    player_.bindValue(0, qs(player));
    return run(player_, QStringLiteral("writing player %1").arg(qs(limits::shortText(player))));
}

bool ImportBatch::addReports(const QVariant& gameId, const std::vector<PlayerReport>& reports) {
    for (const PlayerReport& r : reports) {
        report_.bindValue(0, gameId);
        report_.bindValue(1, qs(r.reporter));
        report_.bindValue(2, qs(r.accused));
        report_.bindValue(3, qs(r.reason));
        if (!run(report_, QStringLiteral("writing a report"))) return false;
    }
    return true;
}

namespace {

using Seats = std::vector<std::pair<int, std::string>>;

} // namespace

ImportBatch::Taken ImportBatch::taken(const QVariant& id, const QByteArray& print, const Seats& seats) {
    Taken out;
    byId_.bindValue(0, id);
    if (!byId_.exec()) return fail(byId_, QStringLiteral("looking up the id")), out.failed = true, out;
    if (!byId_.next()) return out; // not taken after all: the caller's insert failed for another reason
    const bool samePrint = byId_.value(0).toByteArray() == print;
    out.source = byId_.value(1).toString();
    byId_.finish();
    Seats stored;
    rawSeats_.bindValue(0, id);
    if (!rawSeats_.exec())
        return fail(rawSeats_, QStringLiteral("reading the seats")), out.failed = true, out;
    while (rawSeats_.next())
        stored.emplace_back(rawSeats_.value(0).toInt(), rawSeats_.value(1).toString().toStdString());
    rawSeats_.finish();
    out.same = samePrint && stored == seats;
    return out;
}

ImportBatch::CopyOf ImportBatch::copyOf(const QByteArray& print, const Seats& seats) {
    CopyOf out;
    std::vector<std::pair<QString, QString>> candidates;
    if (byPrintFile_) {
        SqliteStatement& q = *byPrintFile_;
        q.bindValue(0, print);
        if (!q.exec())
            return fail(q.lastError(), QStringLiteral("looking up the fingerprint")), out.failed = true, out;
        while (q.next()) candidates.emplace_back(q.text(0), q.text(1));
        q.finish();
    } else {
        byPrint_.bindValue(0, print);
        if (!byPrint_.exec())
            return fail(byPrint_, QStringLiteral("looking up the fingerprint")), out.failed = true, out;
        while (byPrint_.next())
            candidates.emplace_back(byPrint_.value(0).toString(), byPrint_.value(1).toString());
        byPrint_.finish();
    }
    if (candidates.empty()) return out; // the usual case: one index probe
    Seats canonical = seats;
    for (auto& [seat, player] : canonical) {
        canonical_.bindValue(0, qs(player));
        if (!canonical_.exec())
            return fail(canonical_, QStringLiteral("looking up aliases")), out.failed = true, out;
        if (canonical_.next()) player = canonical_.value(0).toString().toStdString();
        canonical_.finish();
    }
    for (const auto& [other, source] : candidates) {
        Seats stored;
        canonicalSeats_.bindValue(0, other);
        if (!canonicalSeats_.exec())
            return fail(canonicalSeats_, QStringLiteral("reading the seats")), out.failed = true, out;
        while (canonicalSeats_.next())
            stored.emplace_back(canonicalSeats_.value(0).toInt(),
                                canonicalSeats_.value(1).toString().toStdString());
        canonicalSeats_.finish();
        if (stored == canonical) return {other, source, false};
    }
    return out;
}

bool ImportBatch::write(MultiRowInsert& rows, const QString& what) {
    game_ = nullptr; // many games' rows: which one was refused is not known (stored again carefully)
    return rows.flush() || fail(rows.failed(), what);
}

bool ImportBatch::addPlayers(const std::vector<std::string>& players) {
    MultiRowInsert rows(db_.connection(), QStringLiteral("INSERT INTO players"), QStringLiteral("id"),
                        {QStringLiteral("text")}, QStringLiteral(" ON CONFLICT (id) DO NOTHING"));
    for (const std::string& p : players)
        if (!known_.count(p) && added_.insert(p).second) rows.add(qs(p));
    return write(rows, QStringLiteral("writing the players"));
}

bool ImportBatch::addReports(
    const std::vector<std::pair<QVariant, const std::vector<PlayerReport>*>>& reports) {
    MultiRowInsert rows(db_.connection(), QStringLiteral("INSERT INTO reports"),
                        QStringLiteral("game_id, reporter, accused, reason"),
                        QStringList(4, QStringLiteral("text")));
    for (const auto& [gameId, ofGame] : reports)
        for (const PlayerReport& r : *ofGame) {
            rows.add(gameId);
            rows.add(qs(r.reporter));
            rows.add(qs(r.accused));
            rows.add(qs(r.reason));
        }
    return write(rows, QStringLiteral("writing the reports"));
}

bool ImportBatch::lookUp(const std::vector<std::pair<QString, QByteArray>>& games,
                         const std::vector<std::string>& players, BatchIdentity* out) {
    game_ = nullptr;
    // Each id and fingerprint once: a fingerprint's counted games then come from one statement, in order.
    QStringList ids;
    QList<QByteArray> prints;
    QSet<QString> seenIds;
    QSet<QByteArray> seenPrints;
    bool printTwice = false;
    for (const auto& [id, print] : games) {
        if (!seenIds.contains(id)) seenIds.insert(id), ids << id;
        if (seenPrints.contains(print))
            printTwice = true;
        else
            seenPrints.insert(print), prints << print;
    }
    if (!lookUpIds(ids, out) || !lookUpPrints(prints, out)) return false;
    // Aliases matter only where a game may be a copy: its fingerprint is stored or met twice in the batch.
    bool candidates = printTwice;
    for (const QByteArray& p : prints) candidates = candidates || out->hasCountedWithPrint(p);
    return !candidates || lookUpAliases(players, out);
}

namespace {

// Runs `select` (its IN list left as "IN %1") over `values` and hands each row to `row`. On a file, a
// statement per rowsPerStatement() of them; on a server, one statement for them all, the list as one array
// of `type` (= ANY(CAST(? AS type[]))): one value for the server to parse, not one a game, and one round trip
// a batch.
template <class Value, class Row>
bool inChunks(ImportBatch& b, const QSqlDatabase& db, const QString& select, const QList<Value>& values,
              const QString& type, const QString& what, Row row) {
    QSqlQuery q(db);
    q.setForwardOnly(true);
    auto rows = [&] {
        if (!q.exec()) return b.fail(q, what);
        while (q.next()) row(q);
        q.finish();
        return true;
    };
    if (db.driverName() == QLatin1String("QPSQL")) {
        if (values.isEmpty()) return true;
        QString in = select;
        in.replace(QLatin1String("IN %1"), QStringLiteral("= ANY(CAST(? AS %1[]))").arg(type));
        if (!q.prepare(in)) return b.fail(q, what);
        QVariantList list;
        list.reserve(values.size());
        for (const Value& v : values) list << QVariant(v);
        q.bindValue(0, arrayLiteral(list));
        return rows();
    }
    const int chunk = rowsPerStatement(db, 1);
    int prepared = -1;
    for (qsizetype from = 0; from < values.size(); from += chunk) {
        const int n = int(std::min<qsizetype>(chunk, values.size() - from));
        if (n != prepared && !q.prepare(select.arg(placeholders(n)))) return b.fail(q, what);
        prepared = n;
        for (int i = 0; i < n; ++i) q.bindValue(i, values[from + i]);
        if (!rows()) return false;
    }
    return true;
}

// Stored games read as rows of (id, fingerprint, source, seat, player), a game's seats together (a game
// without seats reads as one row with a NULL seat); each whole game handed to `game`.
template <class Value, class Game>
bool storedGames(ImportBatch& b, const QSqlDatabase& db, const QString& select, const QList<Value>& values,
                 const QString& type, const QString& what, Game game) {
    std::optional<BatchIdentity::Stored> current;
    auto flush = [&] {
        if (current) game(std::move(*current));
        current.reset();
    };
    const bool ok = inChunks(b, db, select, values, type, what, [&](const QSqlQuery& q) {
        const QString id = q.value(0).toString();
        if (!current || current->id != id) {
            flush();
            current = BatchIdentity::Stored{id, q.value(2).toString(), q.value(1).toByteArray(), {}};
        }
        if (!q.value(3).isNull())
            current->seats.emplace_back(q.value(3).toInt(), q.value(4).toString().toStdString());
    });
    flush();
    return ok;
}

} // namespace

bool ImportBatch::lookUpIds(const QStringList& ids, BatchIdentity* out) {
    return storedGames(
        *this, db_.connection(),
        QStringLiteral("SELECT g.id, g.fingerprint, COALESCE(g.source, ''), s.seat, s.player_id FROM games g"
                       " LEFT JOIN game_seats s ON s.game_id = g.id WHERE g.id IN %1 ORDER BY g.id, s.seat"),
        ids, QStringLiteral("text"), QStringLiteral("looking up the ids"),
        [&](BatchIdentity::Stored&& g) { out->storedUnderId(std::move(g)); });
}

bool ImportBatch::lookUpPrints(const QList<QByteArray>& prints, BatchIdentity* out) {
    return storedGames(
        *this, db_.connection(),
        QStringLiteral("SELECT g.id, g.fingerprint, COALESCE(g.source, ''), s.seat,"
                       " COALESCE(a.canonical_id, s.player_id) FROM games g"
                       " LEFT JOIN game_seats s ON s.game_id = g.id"
                       " LEFT JOIN player_aliases a ON a.player_id = s.player_id"
                       " WHERE g.fingerprint IN %1 AND g.duplicate_of IS NULL ORDER BY g.rowid, s.seat"),
        prints, QStringLiteral("bytea"), QStringLiteral("looking up the fingerprints"),
        [&](BatchIdentity::Stored&& g) { out->countedWithPrint(std::move(g)); });
}

bool ImportBatch::lookUpAliases(const std::vector<std::string>& players, BatchIdentity* out) {
    QStringList names;
    QSet<QString> seen;
    for (const std::string& p : players)
        if (const QString n = qs(p); !seen.contains(n)) seen.insert(n), names << n;
    return inChunks(
        *this, db_.connection(),
        QStringLiteral("SELECT player_id, canonical_id FROM player_aliases WHERE player_id IN %1"), names,
        QStringLiteral("text"), QStringLiteral("looking up aliases"), [&](const QSqlQuery& q) {
            out->alias(q.value(0).toString().toStdString(), q.value(1).toString().toStdString());
        });
}

void ImportBatch::abandon() {
    // On a server the transaction is aborted: finishing a statement (DEALLOCATE) fails until the rollback.
    if (db_.isServer()) {
        db_.rollback();
        close();
    } else {
        close();
        db_.rollback();
    }
    open_ = false;
    known_.clear(); // what the rolled-back batch added is not stored after all
}

bool ImportBatch::failBatch(const QString& why) {
    abandon();
    if (error_) *error_ = QStringLiteral("the batch of %1 games was not stored: %2").arg(size_).arg(why);
    return false;
}

bool ImportBatch::finish(const QString& actor, const QJsonObject& detail, int inserted) {
    game_ = nullptr;
    close();
    QString why;
    QVector<Attest> attests;
    if (inserted > 0) {
        QSqlQuery now(db_.connection());
        if (!now.exec(QStringLiteral("SELECT (SELECT COALESCE(MAX(rowid), 0) FROM games), (SELECT "
                                     "COALESCE(MAX(id), 0) FROM reports)")) ||
            !now.next())
            return failBatch(sqlError(now));
        const qint64 games = now.value(0).toLongLong(), reports = now.value(1).toLongLong();
        attests = {{QStringLiteral("games"), lastGame_ + 1, games},
                   {QStringLiteral("game_seats"), lastGame_ + 1, games}};
        if (reports > lastReport_) attests.push_back({QStringLiteral("reports"), lastReport_ + 1, reports});
    }
    if (inserted > 0 &&
        !AuditLog(db_).append(actor, QStringLiteral("import"), QStringLiteral("import"),
                              QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)), &why,
                              nullptr, attests))
        return failBatch(why);
    if (!db_.commit(&why)) return failBatch(why);
    open_ = false;
    if (known_.size() + added_.size() > kPlayerCacheLimit) known_.clear();
    known_.merge(added_);
    return true;
}

} // namespace tw::store
