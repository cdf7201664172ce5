#include "import_batch.h"

#include <QJsonDocument>

#include "audit_log.h"
#include "database.h"

namespace tw::store {

namespace {

// Past this many remembered players the memory is dropped: a player met again costs one ignored insert.
constexpr std::size_t kPlayerCacheLimit = 2'000'000;

QString qs(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

ImportBatch::ImportBatch(Database& db, std::unordered_set<std::string>& known, std::size_t size, QString* error)
    : db_(db), known_(known), size_(size), error_(error), player_(db.connection()), report_(db.connection()) {}

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
    // Rowids grow, so the batch's games and reports are the rows past these: the ranges its audit row attests.
    QSqlQuery last(db_.connection());
    if (!last.exec(QStringLiteral("SELECT (SELECT COALESCE(MAX(rowid), 0) FROM games), (SELECT COALESCE(MAX(id), 0) FROM reports)")) ||
        !last.next())
        return fail(last, QStringLiteral("reading the last game"));
    lastGame_ = last.value(0).toLongLong(), lastReport_ = last.value(1).toLongLong();
    last = QSqlQuery();
    return prepare(player_, QStringLiteral("INSERT INTO players (id) VALUES (?) ON CONFLICT (id) DO NOTHING"),
                   QStringLiteral("preparing the player insert")) &&
           prepare(report_, QStringLiteral("INSERT INTO reports (game_id, reporter, accused, reason) VALUES (?, ?, ?, ?)"),
                   QStringLiteral("preparing the report insert"));
}

bool ImportBatch::prepare(QSqlQuery& q, const QString& sql, const QString& what) {
    statements_.push_back(&q);
    return q.prepare(sql) || fail(q, what);
}

void ImportBatch::close() {
    for (QSqlQuery* q : statements_) q->clear();
    statements_.clear();
}

bool ImportBatch::fail(const QSqlQuery& q, const QString& what) {
    const QString reason = sqlError(q);
    close();
    db_.rollback();
    open_ = false;
    known_.clear();  // what the rolled-back batch added is not stored after all
    if (error_)
        *error_ = game_ ? QStringLiteral("game %1: %2: %3; the batch of %4 games was not stored")
                              .arg(qs(*game_), what, reason)
                              .arg(size_)
                        : QStringLiteral("%1: %2").arg(what, reason);
    return false;
}

bool ImportBatch::addPlayer(const std::string& player) {
    if (known_.count(player) || !added_.insert(player).second) return true;
    player_.bindValue(0, qs(player));
    return run(player_, QStringLiteral("writing player %1").arg(qs(player)));
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

bool ImportBatch::failBatch(const QString& why) {
    db_.rollback();
    open_ = false;
    known_.clear();
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
        if (!now.exec(QStringLiteral("SELECT (SELECT COALESCE(MAX(rowid), 0) FROM games), (SELECT COALESCE(MAX(id), 0) FROM reports)")) ||
            !now.next())
            return failBatch(sqlError(now));
        const qint64 games = now.value(0).toLongLong(), reports = now.value(1).toLongLong();
        attests = {{QStringLiteral("games"), lastGame_ + 1, games}, {QStringLiteral("game_seats"), lastGame_ + 1, games}};
        if (reports > lastReport_) attests.push_back({QStringLiteral("reports"), lastReport_ + 1, reports});
    }
    if (inserted > 0 && !AuditLog(db_).append(actor, QStringLiteral("import"), QStringLiteral("import"),
                                              QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)),
                                              &why, nullptr, attests))
        return failBatch(why);
    if (!db_.commit(&why)) return failBatch(why);
    open_ = false;
    if (known_.size() + added_.size() > kPlayerCacheLimit) known_.clear();
    known_.merge(added_);
    return true;
}

}  // namespace tw::store
