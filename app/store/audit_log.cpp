#include "audit_log.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <QSqlDriver>

#include <sqlite3.h>

#include <algorithm>
#include <charconv>
#include <functional>
#include <memory>

#include "database.h"
#include "duplicates.h"
#include "player_aliases.h"

namespace tw::store {

namespace {

const std::vector<AuditedTable> kAuditedTables = {
    // A decision, note, undo or redo: the one row written with its audit row.
    {"decisions", "decisions t", "t.id", "t.id"},
    // An import batch: its games, their seats and the player reports read with them. Analyses, flags and
    // cases are not attested: a later scan rewrites them by design (they follow from the games), and a
    // case's status is checked against its decisions.
    {"games", "games t", "t.rowid", "t.rowid", "duplicate_of"},
    {"game_seats", "game_seats t LEFT JOIN games g ON g.id = t.game_id", "g.rowid", "g.rowid, t.seat"},
    {"reports", "reports t", "t.id", "t.id"},
    // A merge or split of player names: the change row (player_aliases, the current map, follows from them).
    {"alias_changes", "alias_changes t", "t.id", "t.id"},
    // A calibration, or the models an analysis calibrated for itself.
    {"decision_models", "decision_models t", "t.id", "t.id"},
};

const AuditedTable* auditedTable(const QString& name) {
    for (const AuditedTable& t : kAuditedTables)
        if (name == QLatin1String(t.table)) return &t;
    return nullptr;
}

// Column i of the current row as bytes that keep SQLite's types apart (5, 5.0, '5' and X'35' differ) and
// cannot run into the next value.
void appendTagged(QByteArray& out, char tag, qint64 v, char end) {
    char buf[24];
    buf[0] = tag;
    char* e = std::to_chars(buf + 1, buf + sizeof buf - 1, v).ptr;
    *e++ = end;
    out.append(buf, e - buf);
}

void serialise(QByteArray& out, sqlite3_stmt* st, int i) {
    switch (sqlite3_column_type(st, i)) {
    case SQLITE_NULL:
        out += 'n';
        return;
    case SQLITE_INTEGER:
        appendTagged(out, 'i', sqlite3_column_int64(st, i), ';');
        return;
    case SQLITE_FLOAT:
        out += 'r' + QByteArray::number(sqlite3_column_double(st, i), 'g', 17) + ';';
        return;
    case SQLITE_TEXT: {
        const char* p = reinterpret_cast<const char*>(sqlite3_column_text(st, i));
        const int n = sqlite3_column_bytes(st, i);
        appendTagged(out, 't', n, ':');
        out.append(p, n);
        return;
    }
    default: {
        const char* p = static_cast<const char*>(sqlite3_column_blob(st, i));
        const int n = sqlite3_column_bytes(st, i);
        appendTagged(out, 'b', n, ':');
        out.append(p, n);
    }
    }
}

void appendHex8(QByteArray& out, quint32 v) {
    static const char digits[] = "0123456789abcdef";
    char d[8];
    for (int i = 7; i >= 0; --i, v >>= 4) d[i] = digits[v & 15];
    out.append(d, 8);
}

sqlite3* handleOf(const QSqlDatabase& db) {
    const QVariant v = db.driver()->handle();
    return v.isValid() && qstrcmp(v.typeName(), "sqlite3*") == 0
               ? *static_cast<sqlite3* const*>(v.constData())
               : nullptr;
}

// Cheap 64-bit hash for naming what changed (FNV-1a, then a finaliser to spread it); the BLAKE2b over all
// rows is what the chain relies on.
quint64 quickHash(const char* p, qsizetype n) {
    quint64 h = 0xcbf29ce484222325ULL;
    for (qsizetype i = 0; i < n; ++i) h = (h ^ quint8(p[i])) * 0x100000001b3ULL;
    h ^= h >> 33, h *= 0xff51afd7ed558ccdULL, h ^= h >> 33;
    return h;
}

QString hex16(quint64 v) {
    return QStringLiteral("%1").arg(v, 16, 16, QLatin1Char('0'));
}

struct Image {
    qint64 n = 0;
    QString digest;        // BLAKE2b-256 of the rows in order
    QByteArray rows;       // 8 hex digits per row, in order
    QVector<quint64> sums; // per column, of each row's value hash: tells which column changed
};

struct RowView {
    QVariant range;
    QString key;             // "game_id g1, seat 2"
    quint32 digest = 0;      // written as 8 hex digits
    QVector<quint64> hashes; // per column
};

bool columnsOf(const QSqlDatabase& db, const QString& table, QStringList* columns, QStringList* keys,
               QString* error) {
    QSqlQuery q(db);
    if (db.driverName() == QLatin1String("QPSQL")) {
        // The server's rowid stand-in (dialect.h) is no column of the schema.
        q.prepare(QStringLiteral(
            "SELECT a.attname, COALESCE(array_position(i.indkey::int2[], a.attnum), 0) FROM pg_attribute a"
            " LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary"
            " WHERE a.attrelid = to_regclass(?) AND a.attnum > 0 AND NOT a.attisdropped AND a.attname <> "
            "'rowid'"
            " ORDER BY a.attnum"));
    } else {
        q.prepare(QStringLiteral("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid"));
    }
    q.addBindValue(table);
    if (!q.exec()) return error && (*error = sqlError(q), false);
    QVector<std::pair<int, QString>> pk;
    const AuditedTable* audited = auditedTable(table);
    const QStringList derived =
        audited ? QString::fromLatin1(audited->derived).split(u' ', Qt::SkipEmptyParts) : QStringList();
    while (q.next()) {
        if (derived.contains(q.value(0).toString())) continue;
        *columns << q.value(0).toString();
        if (q.value(1).toInt() > 0) pk.push_back({q.value(1).toInt(), q.value(0).toString()});
    }
    std::sort(pk.begin(), pk.end());
    for (const auto& k : pk) *keys << k.second;
    if (columns->isEmpty())
        return error && (*error = QStringLiteral("table %1 does not exist").arg(table), false);
    return true;
}

// On a server, through Qt: the values come as QVariants of the column's type (bigint, double, text, bytea),
// serialised as SQLite's own types are, so an image has the same form on both backends.
bool walkServerRows(const QSqlDatabase& db, const AuditedTable& t, const QStringList& columns,
                    const QStringList& keys, const QString& where, const std::vector<qint64>& binds,
                    const std::function<void(const RowView&, const QByteArray&)>& f, QString* error,
                    bool ordered) {
    QStringList select{QString::fromLatin1(t.range)};
    for (const QString& c : columns) select << QStringLiteral("t.\"%1\"").arg(c);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT %1 FROM %2 WHERE %3").arg(select.join(u','), QLatin1String(t.from), where) +
        (ordered ? QStringLiteral(" ORDER BY ") + QLatin1String(t.order) : QString()));
    for (qint64 b : binds) q.addBindValue(b);
    if (!q.exec()) return error && (*error = sqlError(q), false);
    QVector<bool> isKey;
    for (const QString& c : columns) isKey << keys.contains(c);
    QByteArray all, one;
    RowView r;
    r.hashes.resize(columns.size());
    while (q.next()) {
        all.clear();
        r.range = q.value(0).isNull() ? QVariant() : QVariant(q.value(0).toLongLong());
        QStringList key;
        for (int c = 0; c < columns.size(); ++c) {
            one.clear();
            const QVariant v = q.value(c + 1);
            if (v.isNull()) {
                one += 'n';
            } else {
                switch (v.metaType().id()) {
                case QMetaType::Int:
                case QMetaType::LongLong:
                case QMetaType::UInt:
                case QMetaType::ULongLong:
                    appendTagged(one, 'i', v.toLongLong(), ';');
                    break;
                case QMetaType::Double:
                    one += 'r' + QByteArray::number(v.toDouble(), 'g', 17) + ';';
                    break;
                case QMetaType::QByteArray: {
                    const QByteArray b = v.toByteArray();
                    appendTagged(one, 'b', b.size(), ':');
                    one += b;
                    break;
                }
                default: {
                    const QByteArray u = v.toString().toUtf8();
                    appendTagged(one, 't', u.size(), ':');
                    one += u;
                }
                }
            }
            r.hashes[c] = quickHash(one.constData(), one.size());
            all += one;
            if (isKey[c]) key << columns[c] + u' ' + (v.isNull() ? QStringLiteral("NULL") : v.toString());
        }
        if (!key.isEmpty()) r.key = key.join(QStringLiteral(", "));
        r.digest = quint32(quickHash(all.constData(), all.size()));
        f(r, all);
    }
    return true;
}

// Runs over `t`'s rows matching `where` (binds), in order when `ordered`, giving each with its hashes and,
// when `keys` is not empty, its key as text. SQLite's own calls, not QSqlQuery: through Qt every value
// becomes a QVariant (text to UTF-16 and back), which made attesting a batch a third of its import.
bool walkRows(const QSqlDatabase& db, const AuditedTable& t, const QStringList& columns,
              const QStringList& keys, const QString& where, const std::vector<qint64>& binds,
              const std::function<void(const RowView&, const QByteArray&)>& f, QString* error,
              bool ordered = true) {
    if (db.driverName() == QLatin1String("QPSQL"))
        return walkServerRows(db, t, columns, keys, where, binds, f, error, ordered);
    sqlite3* h = handleOf(db);
    if (!h) return error && (*error = QStringLiteral("not a SQLite connection"), false);
    QStringList select{QString::fromLatin1(t.range)};
    for (const QString& c : columns) select << QStringLiteral("t.\"%1\"").arg(c);
    const QByteArray sql =
        (QStringLiteral("SELECT %1 FROM %2 WHERE %3").arg(select.join(u','), QLatin1String(t.from), where) +
         (ordered ? QStringLiteral(" ORDER BY ") + QLatin1String(t.order) : QString()))
            .toUtf8();
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(h, sql.constData(), int(sql.size()), &raw, nullptr) != SQLITE_OK)
        return error && (*error = QString::fromUtf8(sqlite3_errmsg(h)), false);
    const std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> st(raw, sqlite3_finalize);
    for (std::size_t i = 0; i < binds.size(); ++i) sqlite3_bind_int64(raw, int(i + 1), binds[i]);
    QVector<bool> isKey;
    for (const QString& c : columns) isKey << keys.contains(c);
    QByteArray all, one;
    RowView r;
    r.hashes.resize(columns.size());
    int rc;
    while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
        all.clear();
        r.range = sqlite3_column_type(raw, 0) == SQLITE_NULL ? QVariant()
                                                             : QVariant(qint64(sqlite3_column_int64(raw, 0)));
        QStringList key;
        for (int c = 0; c < columns.size(); ++c) {
            one.clear();
            serialise(one, raw, c + 1);
            r.hashes[c] = quickHash(one.constData(), one.size());
            all += one;
            if (isKey[c])
                key << columns[c] + u' ' +
                           (sqlite3_column_type(raw, c + 1) == SQLITE_NULL
                                ? QStringLiteral("NULL")
                                : QString::fromUtf8(
                                      reinterpret_cast<const char*>(sqlite3_column_text(raw, c + 1))));
        }
        if (!key.isEmpty()) r.key = key.join(QStringLiteral(", "));
        r.digest = quint32(quickHash(all.constData(), all.size()));
        f(r, all);
    }
    if (rc != SQLITE_DONE) return error && (*error = QString::fromUtf8(sqlite3_errmsg(h)), false);
    return true;
}

std::optional<Image> imageOf(const QSqlDatabase& db, const AuditedTable& t, const QStringList& columns,
                             const QStringList& keys, qint64 first, qint64 last, QVector<RowView>* rows,
                             QString* error,
                             QCryptographicHash::Algorithm algorithm = QCryptographicHash::Blake2b_256) {
    Image im;
    im.sums.fill(0, columns.size());
    // BLAKE2b rather than SHA-256: Qt's SHA-256 made this hash most of the attestation's cost on an import.
    // SHA-256 for the images a server makes itself (tw_attest: PostgreSQL has SHA-256, not BLAKE2b).
    QCryptographicHash digest(algorithm);
    const bool ok = walkRows(
        db, t, columns, keys, QStringLiteral("%1 BETWEEN ? AND ?").arg(QLatin1String(t.range)), {first, last},
        [&](const RowView& r, const QByteArray& all) {
            ++im.n;
            digest.addData(all);
            appendHex8(im.rows, r.digest);
            for (int c = 0; c < columns.size(); ++c) im.sums[c] += r.hashes[c];
            if (rows) rows->push_back(r);
        },
        error);
    if (!ok) return std::nullopt;
    im.digest = QString::fromLatin1(digest.result().toHex());
    return im;
}

QString columnsDiffer(const QStringList& columns) {
    QStringList named;
    for (const QString& c : columns) named << QStringLiteral("column ") + c;
    return named.isEmpty() ? QString()
                           : named.join(QStringLiteral(", ")) +
                                 (named.size() == 1 ? QStringLiteral(" differs") : QStringLiteral(" differ"));
}

// What an audit row says about a range of one table's rows (an entry of its "attests").
struct Recorded {
    qint64 audit, first, last, n;
    QStringList columns;
    QString digest;
    bool sha256; // made by the server (tw_attest): no per-row digests or column sums
    QByteArray rows;
    QStringList sums;
};
using Attestations = QHash<QString, QVector<Recorded>>;

// Every attestation in the audit log, by table, and each one's (table, index) in audit-row order. False with
// the audit row at fault (0: the log could not be read) and why.
bool readAttestations(const QSqlDatabase& db, AuditLog::Scope scope, Attestations* byTable,
                      QVector<std::pair<QString, int>>* inOrder, qint64* at, QString* why) {
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(
            QStringLiteral("SELECT id, detail FROM audit_log WHERE detail LIKE '%\"attests\"%' ORDER BY id")))
        return *at = 0, *why = sqlError(q), false;
    while (q.next()) {
        const qint64 audit = q.value(0).toLongLong();
        const QJsonArray attests = QJsonDocument::fromJson(q.value(1).toString().toUtf8())
                                       .object()
                                       .value(QStringLiteral("attests"))
                                       .toArray();
        for (const QJsonValue& v : attests) {
            const QJsonObject a = v.toObject();
            const QString table = a.value(QStringLiteral("table")).toString();
            if (scope == AuditLog::Scope::Decisions && table != QLatin1String("decisions")) continue;
            if (!auditedTable(table))
                return *at = audit,
                       *why = QStringLiteral("it attests rows of table %1, which this program does not know")
                                  .arg(table),
                       false;
            QStringList columns, sums;
            for (const QJsonValue& c : a.value(QStringLiteral("columns")).toArray()) columns << c.toString();
            for (const QJsonValue& c : a.value(QStringLiteral("sums")).toArray()) sums << c.toString();
            const bool sha256 = a.contains(QStringLiteral("sha256"));
            (*byTable)[table].push_back(
                {audit, a.value(QStringLiteral("first")).toInteger(),
                 a.value(QStringLiteral("last")).toInteger(), a.value(QStringLiteral("n")).toInteger(),
                 columns, a.value(QLatin1String(sha256 ? "sha256" : "blake2b")).toString(), sha256,
                 a.value(QStringLiteral("rows")).toString().toLatin1(), sums});
            inOrder->push_back({table, int((*byTable)[table].size() - 1)});
        }
    }
    return true;
}

// Why the rows of `rec`'s range no longer make the digest its audit row holds (the caller found they do not):
// the first row whose own digest the audit row does not hold and the columns whose sums moved, or rows
// removed, or rows reordered. `strays`: the table's rows outside every attested range (null on an error, with
// why).
QString mismatchOf(const QSqlDatabase& db, const Recorded& rec, const QString& table, const AuditedTable& t,
                   const QStringList& keys, const std::function<const QVector<RowView>*(QString*)>& strays) {
    QString why;
    const auto algorithm = rec.sha256 ? QCryptographicHash::Sha256 : QCryptographicHash::Blake2b_256;
    QVector<RowView> rows; // again, keeping each row and its key, to name what changed
    const auto now = imageOf(db, t, rec.columns, keys, rec.first, rec.last, &rows, &why, algorithm);
    if (!now) return why;
    // Which rows: those whose digest the audit row does not hold; which columns: those whose sum moved.
    QHash<quint32, int> left;
    for (qsizetype i = 0; i + 8 <= rec.rows.size(); i += 8) ++left[rec.rows.mid(i, 8).toUInt(nullptr, 16)];
    QVector<RowView> changed, pool = rows;
    for (const RowView& r : rows)
        if (left.value(r.digest) > 0)
            --left[r.digest];
        else
            changed << r;
    if (now->n < rec.n) {
        // A row left its range: a changed key (or link) moved it, or it was removed.
        const QVector<RowView>* s = strays(&why);
        if (!s) return why;
        pool += *s;
        changed += *s;
    }
    QStringList columns;
    for (int c = 0; c < rec.columns.size() && !rec.sums.isEmpty(); ++c) {
        quint64 sum = 0;
        for (const RowView& r : pool) sum += r.hashes[c];
        if (hex16(sum) != rec.sums.value(c)) columns << rec.columns[c];
    }
    const QString what = columnsDiffer(columns);
    if (!changed.isEmpty())
        return QStringLiteral("%1 row %2 does not match audit row %3%4")
            .arg(table, changed.first().key)
            .arg(rec.audit)
            .arg(what.isEmpty() ? QString() : QStringLiteral(": ") + what);
    if (now->n != rec.n) // and no row outside any range to account for it
        return (QStringLiteral("%1: %2 of the %3 rows with %4 %5..%6 that audit row %7 attests are "
                               "there: removed")
                    .arg(table)
                    .arg(now->n)
                    .arg(rec.n)
                    .arg(QString::fromLatin1(t.range).section(u'.', 1))
                    .arg(rec.first)
                    .arg(rec.last)
                    .arg(rec.audit));
    return QStringLiteral("%1 rows %2..%3 do not match audit row %4 (reordered?)%5")
        .arg(table)
        .arg(rec.first)
        .arg(rec.last)
        .arg(rec.audit)
        .arg(what.isEmpty() ? QString() : QStringLiteral(": ") + what);
}

} // namespace

const std::vector<AuditedTable>& auditedTables() {
    return kAuditedTables;
}

QString AuditLog::hashOf(const QString& prevHash, const AuditRow& r) {
    // Fields joined by a unit separator, which none of them can hold unescaped in JSON or a player id
    // that matters; the id is included so rows cannot be reordered.
    const QString text =
        QStringList{QString::number(r.id), prevHash, r.at, r.actor, r.action, r.subject, r.detail}.join(
            QChar(0x1f));
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

bool AuditLog::append(const QString& actor, const QString& action, const QString& subject,
                      const QString& detail, QString* error, qint64* id, const QVector<Attest>& attests) {
    QString attested = detail;
    if (!attests.isEmpty()) {
        QJsonObject o = QJsonDocument::fromJson(detail.toUtf8()).object();
        QJsonArray images;
        for (const Attest& a : attests) {
            const AuditedTable* t = auditedTable(a.table);
            QStringList columns, keys;
            QString why = QStringLiteral("%1 is not an audited table").arg(a.table);
            std::optional<Image> im;
            if (t && columnsOf(db_.connection(), a.table, &columns, &keys, &why))
                im = imageOf(db_.connection(), *t, columns, {}, a.first, a.last, nullptr, &why);
            if (!im) {
                if (error) *error = QStringLiteral("attesting %1: %2").arg(a.table, why);
                return false;
            }
            QJsonArray sums;
            for (quint64 s : im->sums) sums << hex16(s);
            images << QJsonObject{{QStringLiteral("table"), a.table},
                                  {QStringLiteral("first"), a.first},
                                  {QStringLiteral("last"), a.last},
                                  {QStringLiteral("n"), im->n},
                                  {QStringLiteral("columns"), QJsonArray::fromStringList(columns)},
                                  {QStringLiteral("blake2b"), im->digest},
                                  {QStringLiteral("rows"), QString::fromLatin1(im->rows)},
                                  {QStringLiteral("sums"), sums}};
        }
        o.insert(QStringLiteral("attests"), images);
        attested = QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    }
    if (db_.isServer()) {
        // The server makes the row: id, time, the login as actor, link and hash (tw_append_audit,
        // migrations.cpp); no login but the owner may insert one itself.
        QSqlQuery q(db_.connection());
        q.prepare(QStringLiteral("SELECT tw_append_audit(?, ?, ?)"));
        q.addBindValue(action);
        q.addBindValue(subject);
        q.addBindValue(attested.isEmpty() ? QStringLiteral("{}") : attested);
        if (!q.exec() || !q.next()) {
            if (error) *error = sqlError(q);
            return false;
        }
        if (id) *id = q.value(0).toLongLong();
        return true;
    }
    QSqlQuery last(db_.connection());
    if (!last.exec(QStringLiteral("SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1"))) {
        if (error) *error = sqlError(last);
        return false;
    }
    AuditRow row;
    QString prev = QStringLiteral(""); // not null: prev_hash is NOT NULL
    row.id = 1;
    if (last.next()) {
        row.id = last.value(0).toLongLong() + 1;
        prev = last.value(1).toString();
    }
    row.at = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    row.actor = actor, row.action = action, row.subject = subject,
    row.detail = attested.isEmpty() ? QStringLiteral("{}") : attested;
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("INSERT INTO audit_log (id, at, actor, action, subject, detail, prev_hash, hash)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QVariant& v :
         {QVariant(row.id), QVariant(row.at), QVariant(row.actor), QVariant(row.action),
          QVariant(row.subject), QVariant(row.detail), QVariant(prev), QVariant(hashOf(prev, row))})
        q.addBindValue(v);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return false;
    }
    if (id) *id = row.id;
    return true;
}

QVector<AuditRow> AuditLog::allRows(QString* error) const {
    return rowsFor(QString(), error);
}

QVector<AuditRow> AuditLog::rowsFor(const QString& subject, QString* error) const {
    QVector<AuditRow> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT id, at, actor, action, subject, detail, prev_hash, hash FROM audit_log") +
        (subject.isNull() ? QString() : QStringLiteral(" WHERE subject = ?")) +
        QStringLiteral(" ORDER BY id"));
    if (!subject.isNull()) q.addBindValue(subject);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return out;
    }
    while (q.next())
        out.push_back({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                       q.value(3).toString(), q.value(4).toString(), q.value(5).toString(),
                       q.value(6).toString(), q.value(7).toString()});
    return out;
}

AuditCheck AuditLog::verify(QString* error, Scope scope) const {
    AuditCheck check;
    if (scope == Scope::Decisions) {
        check = verifyChain(check, error, scope);
        return check;
    }
    // A damaged file can hold a chain that checks out on the pages still readable. A value that breaks a
    // CHECK or NOT NULL constraint is no damaged page but an edit with the constraints off: the checks
    // below then name its row and column, and quick_check's words follow.
    QString constraints;
    {
        QSqlQuery integrity(db_.connection());
        QStringList lines;
        // A server checks its own pages (checksums, WAL); there is no file of ours to check.
        if (db_.isServer())
            lines << QStringLiteral("ok");
        else if (!integrity.exec(QStringLiteral("PRAGMA quick_check(5)")))
            lines << sqlError(integrity);
        while (!db_.isServer() && integrity.next()) lines << integrity.value(0).toString();
        const bool edits = std::all_of(lines.begin(), lines.end(), [](const QString& l) {
            return l.startsWith(QLatin1String("CHECK constraint failed")) ||
                   l.startsWith(QLatin1String("NULL value in"));
        });
        const QString says =
            QStringLiteral("PRAGMA quick_check says: %1").arg(lines.join(QStringLiteral("; ")));
        if (lines != QStringList{QStringLiteral("ok")} && !edits) {
            check.ok = false;
            check.reason = QStringLiteral("the file is damaged: ") + says;
            return check;
        }
        if (lines != QStringList{QStringLiteral("ok")}) constraints = says;
    }
    check = verifyChain(check, error, scope);
    // The copy marks are not attested (the program rewrites them when aliases change): they must be
    // what the attested fingerprints and the attested alias changes say, or a game is counted twice.
    if (check.ok) {
        QString why;
        QString wrong = PlayerAliases(db_).check(&why);
        if (wrong.isEmpty() && why.isEmpty()) wrong = checkDuplicates(db_, &why);
        if (!wrong.isEmpty() || !why.isEmpty()) check.ok = false, check.reason = why.isEmpty() ? wrong : why;
    }
    if (constraints.isEmpty()) return check;
    check.reason = check.ok ? constraints : check.reason + QStringLiteral("; ") + constraints;
    check.ok = false;
    return check;
}

AuditCheck AuditLog::verifyChain(AuditCheck check, QString* error, Scope scope) const {
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral(
            "SELECT id, at, actor, action, subject, detail, prev_hash, hash FROM audit_log ORDER BY id"))) {
        if (error) *error = sqlError(q);
        check.ok = false;
        check.reason = sqlError(q);
        return check;
    }
    QString prev;
    qint64 expectedId = 1;
    while (q.next()) {
        const AuditRow r{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                         q.value(3).toString(),   q.value(4).toString(), q.value(5).toString(),
                         q.value(6).toString(),   q.value(7).toString()};
        ++check.rows;
        auto broken = [&](const QString& why) {
            check.ok = false;
            check.brokenRow = r.id;
            check.reason = why;
        };
        if (r.id != expectedId)
            broken(QStringLiteral("row %1 is missing").arg(expectedId));
        else if (r.prevHash != prev)
            broken(QStringLiteral("its link to the previous row does not match"));
        else if (hashOf(prev, r) != r.hash)
            broken(QStringLiteral("its contents do not match its hash"));
        if (!check.ok) return check;
        prev = r.hash;
        ++expectedId;
    }
    q = QSqlQuery();
    check = verifyAttested(check, error, scope);
    return check.ok ? verifyDecisions(check, error) : check;
}

AuditCheck AuditLog::verifyAttested(AuditCheck check, QString* error, Scope scope) const {
    auto broken = [&](qint64 row, const QString& why) {
        check.ok = false;
        check.brokenRow = row;
        check.reason = why;
        return check;
    };
    Attestations byTable;
    QVector<std::pair<QString, int>> inOrder; // (table, index in byTable) in audit-row order
    {
        qint64 at = 0;
        QString why;
        if (!readAttestations(db_.connection(), scope, &byTable, &inOrder, &at, &why)) {
            if (error && at == 0) *error = why;
            return broken(at, why);
        }
    }
    // Rows of a table inside no attested range (from the first attested one on): added behind the
    // program's back, or moved out of their range by a changed key. Found once per table, when needed.
    QHash<QString, QVector<RowView>> strays;
    auto straysOf = [&](const QString& table, const QStringList& columns, const QStringList& keys,
                        QString* why) -> const QVector<RowView>* {
        if (strays.contains(table)) return &strays[table];
        const QVector<Recorded>& recorded = byTable[table];
        qint64 from = recorded.first().first;
        for (const Recorded& r : recorded) from = std::min(from, r.first);
        const AuditedTable& t = *auditedTable(table);
        QVector<RowView>& out = strays[table];
        auto inside = [&](qint64 v) {
            return std::any_of(recorded.begin(), recorded.end(),
                               [&](const Recorded& r) { return v >= r.first && v <= r.last; });
        };
        if (!walkRows(
                db_.connection(), t, columns, keys,
                QStringLiteral("%1 IS NULL OR %1 >= ?").arg(QLatin1String(t.range)), {from},
                [&](const RowView& r, const QByteArray&) {
                    if (r.range.isNull() || !inside(r.range.toLongLong())) out.push_back(r);
                },
                why, false))
            return nullptr;
        return &out;
    };

    for (const auto& entry : inOrder) {
        const QString& table = entry.first; // a plain name: the mismatch's lambda captures it
        const Recorded& rec = byTable[table][entry.second];
        const AuditedTable& t = *auditedTable(table);
        QStringList present, keys;
        QString why;
        if (!columnsOf(db_.connection(), table, &present, &keys, &why)) return broken(rec.audit, why);
        for (const QString& c : rec.columns)
            if (!present.contains(c))
                return broken(
                    rec.audit,
                    QStringLiteral("%1: column %2, which it attests, no longer exists").arg(table, c));
        const auto algorithm = rec.sha256 ? QCryptographicHash::Sha256 : QCryptographicHash::Blake2b_256;
        auto now =
            imageOf(db_.connection(), t, rec.columns, {}, rec.first, rec.last, nullptr, &why, algorithm);
        if (!now) return broken(rec.audit, why);
        if (now->n == rec.n && now->digest == rec.digest) continue;
        return broken(rec.audit, mismatchOf(db_.connection(), rec, table, t, keys, [&](QString* w) {
                          return straysOf(table, rec.columns, keys, w);
                      }));
    }
    // Rows added where only attested rows should be.
    for (const QString& table : byTable.keys()) {
        QStringList columns, keys;
        QString why;
        if (!columnsOf(db_.connection(), table, &columns, &keys, &why)) return broken(0, why);
        // Every range holds its rows (checked above), so the rows from the first range on number their sum
        // unless some lie outside every range.
        const AuditedTable& t = *auditedTable(table);
        qint64 from = byTable[table].first().first, attested = 0;
        for (const Recorded& r : byTable[table]) from = std::min(from, r.first), attested += r.n;
        QSqlQuery count(db_.connection());
        count.prepare(QStringLiteral("SELECT count(*) FROM %1 WHERE %2 IS NULL OR %2 >= ?")
                          .arg(QLatin1String(t.from), QLatin1String(t.range)));
        count.addBindValue(from);
        if (!count.exec() || !count.next()) return broken(0, sqlError(count));
        if (count.value(0).toLongLong() == attested) continue;
        const QVector<RowView>* s = straysOf(table, keys, keys, &why);
        if (!s) return broken(0, why);
        if (!s->isEmpty())
            return broken(0, QStringLiteral(
                                 "%1 row %2 is vouched for by no audit row (added behind the program's back)")
                                 .arg(table, s->first().key));
    }
    return check;
}

AuditCheck AuditLog::verifyDecisions(AuditCheck check, QString* error) const {
    auto broken = [&](qint64 row, const QString& why) {
        check.ok = false;
        check.brokenRow = row;
        check.reason = why;
        return check;
    };
    // Decision rows against the audit rows written with them, both ways.
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral(
            "SELECT d.id, d.case_id, d.action, d.verdict, COALESCE(d.audit_id, 0), a.id, a.action, "
            "a.subject, a.detail"
            " FROM decisions d LEFT JOIN audit_log a ON a.id = d.audit_id"
            " UNION ALL"
            " SELECT NULL, NULL, NULL, NULL, NULL, a.id, a.action, a.subject, a.detail FROM audit_log a"
            " WHERE a.action IN ('decide', 'note', 'undo', 'redo', 'appeal')"
            " AND NOT EXISTS (SELECT 1 FROM decisions d WHERE d.audit_id = a.id)"))) {
        if (error) *error = sqlError(q);
        return broken(0, sqlError(q));
    }
    while (q.next()) {
        if (q.value(0).isNull())
            return broken(q.value(5).toLongLong(), QStringLiteral("its decision is missing"));
        const qint64 id = q.value(0).toLongLong();
        if (q.value(5).isNull()) return broken(0, QStringLiteral("decision %1 has no audit row").arg(id));
        const QJsonObject detail = QJsonDocument::fromJson(q.value(8).toString().toUtf8()).object();
        if (q.value(2).toString() != q.value(6).toString() ||
            q.value(7).toString() != QStringLiteral("case:%1").arg(q.value(1).toLongLong()) ||
            detail.value(QStringLiteral("decision")).toInteger() != id ||
            detail.value(QStringLiteral("verdict")).toString() != q.value(3).toString())
            return broken(q.value(5).toLongLong(),
                          QStringLiteral("decision %1 does not match its audit row").arg(id));
    }
    // Each decision's verdict before it is the verdict the decisions before it left on its target (a case or
    // one flag of it; "open" before the first), and a note changes none: a row that says otherwise was
    // written against a verdict someone had changed behind the decisions (a case's status set by hand).
    {
        QSqlQuery p(db_.connection());
        p.setForwardOnly(true);
        if (!p.exec(QStringLiteral("SELECT id, case_id, COALESCE(flag_id, 0), action, verdict, previous,"
                                   " COALESCE(audit_id, 0) FROM decisions ORDER BY id"))) {
            if (error) *error = sqlError(p);
            return broken(0, sqlError(p));
        }
        QHash<std::pair<qint64, qint64>, QString> verdicts;
        while (p.next()) {
            const std::pair<qint64, qint64> target{p.value(1).toLongLong(), p.value(2).toLongLong()};
            const QString before = verdicts.value(target, QStringLiteral("open"));
            const QString verdict = p.value(4).toString(), previous = p.value(5).toString();
            if (previous != before)
                return broken(p.value(6).toLongLong(),
                              QStringLiteral("decision %1 says the verdict before it was \"%2\", but the "
                                             "decisions before it left \"%3\"")
                                  .arg(p.value(0).toLongLong())
                                  .arg(previous, before));
            if (p.value(3).toString() == QLatin1String("note") && verdict != before)
                return broken(p.value(6).toLongLong(),
                              QStringLiteral("decision %1 is a note but changes the verdict to \"%2\"")
                                  .arg(p.value(0).toLongLong())
                                  .arg(verdict));
            verdicts.insert(target, verdict);
        }
    }
    // A case's status is its latest case verdict.
    QSqlQuery c(db_.connection());
    c.setForwardOnly(true);
    if (!c.exec(QStringLiteral("SELECT c.id, c.status, (SELECT d.verdict FROM decisions d WHERE d.case_id = "
                               "c.id AND d.flag_id IS NULL"
                               " ORDER BY d.id DESC LIMIT 1) FROM cases c"))) {
        if (error) *error = sqlError(c);
        return broken(0, sqlError(c));
    }
    while (c.next()) {
        const QString expected = c.value(2).isNull() ? QStringLiteral("open") : c.value(2).toString();
        if (c.value(1).toString() != expected)
            return broken(0, QStringLiteral("case %1 is \"%2\" but its decisions say \"%3\"")
                                 .arg(c.value(0).toLongLong())
                                 .arg(c.value(1).toString(), expected));
    }
    return check;
}

} // namespace tw::store
