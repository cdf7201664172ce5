// Batches of games that walk every way an import decides a record (stored, a copy of a stored game or of one
// earlier in the batch, the same game under a name met before, this very record again, an id holding other
// content, refused by the limits, refused by the database), stored with MahjongStore::insertGames, and what
// they must leave in the tables: written down here from the records, not from what a store wrote. A file
// and a server must hold exactly these rows, in this order, with these copies, reports and audit rows.
#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <QStringList>
#include <QtTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "audit_log.h"
#include "database.h"
#include "mahjong_store.h"
#include "ops_codec.h"
#include "replay.h"
#include "stored_game.h"

namespace tw::test {

struct ImportCase {
    std::vector<std::vector<store::StoredGame>> batches;
    // What each batch's InsertResult must say: inserted, stored copies, copies not stored, skipped,
    // conflicts, rejected.
    std::vector<std::array<int, 6>> results;
    std::vector<std::string> storedIds;                // games' rows in the order they were written
    std::map<std::string, std::string> duplicateOf;    // the stored copies → their counted game
    std::map<std::string, store::StoredGame> recordOf; // each stored id's record
    std::set<std::string> rejected;                    // refused records' ids
};

inline ImportCase importCase() {
    std::vector<store::StoredGame> good;
    std::ifstream in(TW_TEST_DATA "/games/xinchang.jsonl");
    OpsReader reader(in);
    OpsItem item;
    while (reader.next(item))
        if (item.ok) {
            Replay replay(item.game);
            replay.runToEnd();
            good.push_back({item.game, summarize(replay), "xinchang.jsonl:" + std::to_string(item.line), {}});
        }
    std::sort(good.begin(), good.end(), [](const store::StoredGame& a, const store::StoredGame& b) {
        return a.record.id < b.record.id;
    });
    ImportCase c;
    if (good.size() != 10) return c;
    good[0].record.reports = {{"cy", "ana", "fed the dealer"}, {"di", "bo", "slow"}};
    good[3].record.reports = {{"ana", "bo", "odd discards"}};
    auto variant = [&](std::size_t from, const char* id, const char* source) {
        store::StoredGame g = good[from];
        g.record.id = id;
        g.source = source;
        return g;
    };
    auto newNames = [](store::StoredGame g, const char* prefix) {
        for (int s = 0; s < 4; ++s) g.record.seats[s] = prefix + std::to_string(s);
        return g;
    };
    // 1: the fast way. The ten games; a copy of the fourth under another id (sorts after the games, so it
    // meets its counted game stored); the sixth again from its own line; a name over the limit.
    std::vector<store::StoredGame> b1 = good;
    b1.push_back(variant(3, "zz-copy", "elsewhere.jsonl:1"));
    b1.back().record.reports = {{"bo", "cy", "copy's report"}};
    b1.push_back(good[5]);
    b1.push_back(variant(1, "bad-long-name", "hostile:1"));
    b1.back().record.seats[1] = std::string(2800, 'x');
    // 2: a dealer outside 1-4 that only the database refuses, so the batch is stored a game at a time.
    // Beside it: the second game's moves under new players (one fingerprint, other people: no copy); the
    // third game read again from another file (a copy not stored); other content under the fifth game's id;
    // a copy of the seventh.
    std::vector<store::StoredGame> b2;
    b2.push_back(variant(2, "bad-dealer", "hostile:2"));
    b2.back().record.dealer = 7;
    b2.push_back(newNames(variant(1, "yy-new", "b2.jsonl:1"), "new"));
    b2.push_back(variant(2, good[2].record.id.c_str(), "other.jsonl:9"));
    b2.push_back(variant(4, good[4].record.id.c_str(), "b2.jsonl:3"));
    b2.back().record.dealer = b2.back().record.dealer % 4 + 1;
    b2.push_back(variant(6, "zz-copy2", "b2.jsonl:4"));
    // 3: the fast way against what is stored: the second batch's records again (but the refused one), a copy
    // of the eighth, and the ninth twice under new players and new ids: the second a copy of the first,
    // which the batch itself stores.
    std::vector<store::StoredGame> b3(b2.begin() + 1, b2.end());
    b3.push_back(variant(7, "zz-copy3", "b3.jsonl:1"));
    // Their names hold what a statement's text must escape.
    b3.push_back(newNames(variant(8, "aa-1", "b3.jsonl:2"), "NULL \"a\\b\", {c} 'd' "));
    b3.push_back(newNames(variant(8, "aa-2", "b3.jsonl:3"), "NULL \"a\\b\", {c} 'd' "));
    b3.back().record.reports = {{"NULL", "a,b", "{\"c\"} \\ 'd'"}};
    c.batches = {b1, b2, b3};
    c.results = {{10, 1, 0, 1, 0, 1}, {1, 1, 1, 0, 1, 1}, {1, 2, 1, 2, 1, 0}};
    for (const store::StoredGame& g : good) c.storedIds.push_back(g.record.id);
    c.storedIds.push_back("zz-copy");
    c.storedIds.insert(c.storedIds.end(), {"yy-new", "zz-copy2", "aa-1", "aa-2", "zz-copy3"});
    c.duplicateOf = {{"zz-copy", good[3].record.id},
                     {"zz-copy2", good[6].record.id},
                     {"zz-copy3", good[7].record.id},
                     {"aa-2", "aa-1"}};
    for (const auto& batch : c.batches)
        for (const store::StoredGame& g : batch)
            if (std::find(c.storedIds.begin(), c.storedIds.end(), g.record.id) != c.storedIds.end() &&
                !c.recordOf.count(g.record.id))
                c.recordOf.emplace(g.record.id, g);
    c.rejected = {"bad-long-name", "bad-dealer"};
    return c;
}

// Every value of a row as text, typed (a blob in hex, a real to 17 digits, NULL), so that two backends
// compare.
inline QString cell(const QVariant& v) {
    if (v.isNull()) return QStringLiteral("NULL");
    if (v.metaType() == QMetaType::fromType<QByteArray>())
        return QStringLiteral("x'%1'").arg(v.toByteArray().toHex());
    if (v.metaType() == QMetaType::fromType<double>()) return QString::number(v.toDouble(), 'g', 17);
    return v.toString();
}

inline QStringList rowsOf(const store::Database& db, const QString& select) {
    QStringList rows;
    QSqlQuery q(db.connection());
    if (!q.exec(select)) return {QStringLiteral("failed: ") + store::sqlError(q)};
    while (q.next()) {
        QStringList cells;
        for (int i = 0; i < q.record().count(); ++i) cells << cell(q.value(i));
        rows << cells.join(u'|');
    }
    return rows;
}

// What an import leaves: the tables in the order rows were written (games and reports by insertion, a game's
// seats in its order), players sorted, each import's audit row without the time or the hashes of rows (which
// hold the time of the import) and without the attested ranges' bounds (a server's identities skip the
// values of a rolled-back try).
inline std::map<QString, QStringList> importedRows(const store::Database& db) {
    std::map<QString, QStringList> t;
    t["games"] = rowsOf(
        db, QStringLiteral("SELECT id, ruleset, dealer, match, started_at, started_ms, ops, valid, finished,"
                           " exhaustive, winners, points, next_dealer, warnings, source, fingerprint,"
                           " duplicate_of, table_start, think_ms, kind, fen FROM games ORDER BY rowid"));
    t["game_seats"] = rowsOf(db, QStringLiteral("SELECT s.game_id, s.seat, s.player_id, s.started_ms, s.dan,"
                                                " s.rate FROM game_seats s JOIN games g ON g.id = s.game_id"
                                                " ORDER BY g.rowid, s.seat"));
    t["players"] = rowsOf(db, QStringLiteral("SELECT id FROM players"));
    t["players"].sort();
    t["reports"] =
        rowsOf(db, QStringLiteral("SELECT game_id, reporter, accused, reason FROM reports ORDER BY id"));
    QStringList audit;
    for (const QString& row : rowsOf(
             db, QStringLiteral(
                     "SELECT action, subject, detail FROM audit_log WHERE action = 'import' ORDER BY id"))) {
        const QString detail = row.section(u'|', 2);
        QJsonObject o = QJsonDocument::fromJson(detail.toUtf8()).object();
        QJsonArray attests;
        for (const QJsonValue& a : o.value(QStringLiteral("attests")).toArray())
            attests << QJsonObject{{QStringLiteral("table"), a[QStringLiteral("table")]},
                                   {QStringLiteral("n"), a[QStringLiteral("n")]},
                                   {QStringLiteral("columns"), a[QStringLiteral("columns")]}};
        o.insert(QStringLiteral("attests"), attests);
        audit << row.section(u'|', 0, 1) + u'|' +
                     QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
    }
    t["audit_log"] = audit;
    return t;
}

// Stores the case's batches on `db`, checks each result and the tables against what the records say, and
// gives the tables for a comparison with another backend.
inline void storeImportCase(store::Database& db, std::map<QString, QStringList>* tables) {
    const ImportCase c = importCase();
    QVERIFY2(!c.batches.empty(), "the test games are not the ten expected");
    store::MahjongStore games(db);
    for (std::size_t b = 0; b < c.batches.size(); ++b) {
        store::InsertResult r;
        QString error;
        QVERIFY2(games.insertGames(c.batches[b], &r, &error), qPrintable(error));
        QVERIFY2(error.isEmpty(), qPrintable(error));
        int storedCopies = 0;
        for (const store::InsertNote& d : r.duplicates) storedCopies += d.stored;
        // inserted, copies stored, copies not stored, skipped, conflicts, rejected
        const QList<int> got{r.inserted,
                             storedCopies,
                             int(r.duplicates.size()) - storedCopies,
                             r.skipped,
                             int(r.conflicts.size()),
                             int(r.rejected.size())};
        QCOMPARE(got, QList<int>(c.results[b].begin(), c.results[b].end()));
        for (const store::InsertRejection& x : r.rejected)
            QVERIFY2(c.rejected.count(x.id) && !x.reason.empty(), (x.id + ": " + x.reason).c_str());
    }
    const std::map<QString, QStringList> t = importedRows(db);
    // The games in the order written, each with its copy mark; their seats, players and reports from the
    // records.
    QStringList ids, marks, seats, reports, players;
    for (const std::string& id : c.storedIds) {
        const store::StoredGame& g = c.recordOf.at(id);
        const QString gid = QString::fromStdString(id);
        ids << gid;
        const auto d = c.duplicateOf.find(id);
        marks << (d == c.duplicateOf.end() ? QStringLiteral("NULL") : QString::fromStdString(d->second));
        for (int s = 0; s < 4; ++s) {
            const QString player = QString::fromStdString(g.record.seats[s]);
            seats << QStringLiteral("%1|%2|%3").arg(gid).arg(s + 1).arg(player);
            if (!players.contains(player)) players << player;
        }
        for (const PlayerReport& p : g.record.reports)
            reports << QString::fromStdString(id + '|' + p.reporter + '|' + p.accused + '|' + p.reason);
    }
    players.sort();
    QStringList gotIds, gotMarks, gotSeats;
    for (const QString& row : t.at("games"))
        gotIds << row.section(u'|', 0, 0), gotMarks << row.section(u'|', 16, 16);
    for (const QString& row : t.at("game_seats")) gotSeats << row.section(u'|', 0, 2);
    QCOMPARE(gotIds, ids);
    QCOMPARE(gotMarks, marks);
    QCOMPARE(gotSeats, seats);
    QCOMPARE(t.at("players"), players);
    QCOMPARE(t.at("reports"), reports);
    // One audit row a batch, attesting what it wrote.
    QCOMPARE(t.at("audit_log").size(), 3);
    const int reported[] = {4, 0, 1};
    for (int b = 0; b < 3; ++b) {
        const QJsonObject o =
            QJsonDocument::fromJson(t.at("audit_log")[b].section(u'|', 2).toUtf8()).object();
        QCOMPARE(o.value("games").toInt(), c.results[b][0]);
        QCOMPARE(o.value("duplicates").toInt(), c.results[b][1] + c.results[b][2]);
        QCOMPARE(o.value("rejected").toInt(), c.results[b][5]);
        const int written = c.results[b][0] + c.results[b][1];
        QMap<QString, int> n;
        for (const QJsonValue& a : o.value("attests").toArray()) n[a["table"].toString()] = a["n"].toInt();
        QCOMPARE(n.value("games"), written);
        QCOMPARE(n.value("game_seats"), 4 * written);
        QCOMPARE(n.value("reports"), reported[b]);
    }
    const store::AuditCheck check = store::AuditLog(db).verify();
    QVERIFY2(check.ok, qPrintable(check.reason));
    *tables = t;
}

} // namespace tw::test
