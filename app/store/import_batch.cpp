#include "import_batch.h"

#include <QJsonDocument>
#include <QSqlError>

#include "audit_log.h"
#include "database.h"
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
           prepare(
               byPrint_,
               QStringLiteral(
                   "SELECT id, COALESCE(source, '') FROM games WHERE fingerprint = ? AND duplicate_of IS NULL"
                   " ORDER BY rowid"),
               QStringLiteral("preparing the fingerprint look-up")) &&
           prepare(canonicalSeats_,
                   QStringLiteral("SELECT s.seat, COALESCE(a.canonical_id, s.player_id) FROM game_seats s"
                                  " LEFT JOIN player_aliases a ON a.player_id = s.player_id WHERE s.game_id "
                                  "= ? ORDER BY s.seat"),
                   QStringLiteral("preparing the seat look-up")) &&
           prepare(canonical_, QStringLiteral("SELECT canonical_id FROM player_aliases WHERE player_id = ?"),
                   QStringLiteral("preparing the alias look-up"));
}

bool ImportBatch::prepare(QSqlQuery& q, const QString& sql, const QString& what) {
    statements_.push_back(&q);
    return q.prepare(sql) || fail(q, what);
}

void ImportBatch::close() {
    for (QSqlQuery* q : statements_) q->clear();
    statements_.clear();
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

bool ImportBatch::fail(const QSqlQuery& q, const QString& what) {
    // A message of the database may quote the values (a name of megabytes): kept short.
    const QString reason = QString::fromStdString(limits::shortText(sqlError(q).toStdString(), 1000));
    if (open_ && game_ && recordsFault(q.lastError(), db_.isServer())) {
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
    abandon();
    if (error_)
        *error_ = game_ ? QStringLiteral("game %1: %2: %3; the batch of %4 games was not stored")
                              .arg(qs(limits::shortText(*game_)), what, reason)
                              .arg(size_)
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
    byPrint_.bindValue(0, print);
    if (!byPrint_.exec())
        return fail(byPrint_, QStringLiteral("looking up the fingerprint")), out.failed = true, out;
    std::vector<std::pair<QString, QString>> candidates;
    while (byPrint_.next())
        candidates.emplace_back(byPrint_.value(0).toString(), byPrint_.value(1).toString());
    byPrint_.finish();
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
