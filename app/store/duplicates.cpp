#include "duplicates.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

#include <map>
#include <string>
#include <vector>

#include "database.h"
#include "fingerprint.h"
#include "migrations.h"
#include "ops_blob.h"
#include "xiangqi_store.h"

namespace tw::store {

namespace {

bool failed(const QSqlQuery& q, QString* error) {
    if (error) *error = sqlError(q);
    return false;
}

// The rows whose duplicate_of differs from what it should be: (id, what it should be, "" = counted).
bool wrongCopies(Database& db, const QStringList& players, std::vector<std::pair<QString, QString>>* updates,
                 QString* error) {
    // Only fingerprints held by two or more records can hold a copy; of those, with `players`, the ones of
    // their games (the whole group is read: the other records of a game may sit under other names).
    QString where =
        QStringLiteral("g.fingerprint IN (SELECT fingerprint FROM games WHERE fingerprint IS NOT NULL"
                       " GROUP BY fingerprint HAVING count(*) > 1)");
    if (!players.isEmpty())
        where +=
            QStringLiteral(" AND g.fingerprint IN (SELECT g2.fingerprint FROM game_seats s2 JOIN games g2"
                           " ON g2.id = s2.game_id WHERE s2.player_id IN (SELECT value FROM %1))")
                .arg(jsonValuesSql(db.backend(), QStringLiteral("?")));
    QSqlQuery q(db.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral(
                  "SELECT g.id, g.fingerprint, g.duplicate_of, s.seat, COALESCE(a.canonical_id, s.player_id)"
                  " FROM games g LEFT JOIN game_seats s ON s.game_id = g.id"
                  " LEFT JOIN player_aliases a ON a.player_id = s.player_id"
                  " WHERE %1 ORDER BY g.fingerprint, g.rowid, s.seat")
                  .arg(where));
    if (!players.isEmpty())
        q.addBindValue(QString::fromUtf8(
            QJsonDocument(QJsonArray::fromStringList(players)).toJson(QJsonDocument::Compact)));
    if (!q.exec()) return failed(q, error);

    struct Record {
        QString id, duplicateOf, seats;
    };
    QByteArray group;
    std::vector<Record> records;
    auto settle = [&] {
        std::map<QString, QString> first; // canonical seats -> the record that counts
        for (const Record& r : records) {
            const auto [at, isNew] = first.emplace(r.seats, r.id);
            const QString want = isNew ? QString() : at->second;
            if (want != r.duplicateOf) updates->emplace_back(r.id, want);
        }
        records.clear();
    };
    while (q.next()) {
        const QString id = q.value(0).toString();
        if (q.value(1).toByteArray() != group) settle(), group = q.value(1).toByteArray();
        if (records.empty() || records.back().id != id) records.push_back({id, q.value(2).toString(), {}});
        if (!q.value(3).isNull())
            records.back().seats += q.value(3).toString() + u'\x1f' + q.value(4).toString() + u'\x1e';
    }
    settle();
    // A copy whose fingerprint no other record shares (the query above never sees it) is wrong too.
    QSqlQuery lone(db.connection());
    lone.setForwardOnly(true);
    if (!lone.exec(QStringLiteral("SELECT g.id FROM games g LEFT JOIN games o ON o.id = g.duplicate_of"
                                  " WHERE g.duplicate_of IS NOT NULL AND (o.id IS NULL OR o.fingerprint IS "
                                  "DISTINCT FROM g.fingerprint)")))
        return failed(lone, error);
    while (lone.next()) updates->emplace_back(lone.value(0).toString(), QString());
    return true;
}

} // namespace

QString checkDuplicates(Database& db, QString* error) {
    std::vector<std::pair<QString, QString>> wrong;
    if (!wrongCopies(db, {}, &wrong, error) || wrong.empty()) return {};
    const auto& [id, want] = wrong.front();
    // Worded as the audit's own findings: table, row, column.
    return want.isEmpty()
               ? QStringLiteral(
                     "games row id %1, column duplicate_of: marked as a copy, but it is the record "
                     "of its game that counts")
                     .arg(id)
               : QStringLiteral("games row id %1, column duplicate_of: a copy of game %2 not marked so (it "
                                "would be counted twice)")
                     .arg(id, want);
}

bool markDuplicates(Database& db, const QStringList& players, QString* error, int* changed) {
    if (changed) *changed = 0;
    std::vector<std::pair<QString, QString>> updates; // id, new duplicate_of ("" = none)
    if (!wrongCopies(db, players, &updates, error)) return false;
    QSqlQuery u(db.connection());
    if (!u.prepare(QStringLiteral("UPDATE games SET duplicate_of = ? WHERE id = ?"))) return failed(u, error);
    for (const auto& [id, of] : updates) {
        u.bindValue(0, of.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(of));
        u.bindValue(1, id);
        if (!u.exec()) return failed(u, error);
    }
    if (changed) *changed = int(updates.size());
    return true;
}

bool fillGameIdentity(Database& db, QString* error) {
    QSqlQuery q(db.connection());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT id, ruleset, dealer, ops, fen FROM games WHERE fingerprint IS NULL")))
        return failed(q, error);
    std::vector<std::pair<QString, QByteArray>> prints;
    while (q.next()) {
        const QString id = q.value(0).toString();
        const QByteArray blob = q.value(3).toByteArray();
        std::string why;
        bool ok = false;
        if (gameKindOfRuleset(q.value(1).toString().toStdString()) == GameKind::Xiangqi) {
            xq::Game g;
            g.fen = q.value(4).toString().toStdString();
            ok = decodeXqMoves(blob.constData(), std::size_t(blob.size()), &g.moves, &why);
            if (ok) prints.emplace_back(id, fingerprint(g));
        } else {
            GameRecord r;
            ok = parseRulesetName(q.value(1).toString().toStdString(), &r.ruleset) &&
                 decodeOps(blob.constData(), std::size_t(blob.size()), &r.ops, &why);
            r.dealer = q.value(2).toInt();
            if (ok) prints.emplace_back(id, fingerprint(r));
        }
        if (!ok) {
            if (error)
                *error = QStringLiteral("game %1 cannot be read: %2").arg(id, QString::fromStdString(why));
            return false;
        }
    }
    q.finish();
    QSqlQuery u(db.connection());
    if (!u.prepare(QStringLiteral("UPDATE games SET fingerprint = ? WHERE id = ?"))) return failed(u, error);
    for (const auto& [id, print] : prints) {
        u.bindValue(0, print);
        u.bindValue(1, id);
        if (!u.exec()) return failed(u, error);
    }
    return markDuplicates(db, {}, error);
}

} // namespace tw::store
