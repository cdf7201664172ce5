// Game identity: ids that cannot collide, one game counted once whatever its id, file or the
// spelling of its players, and player aliases merged and split on a moderator's word.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include "audit_log.h"
#include "database.h"
#include "duplicates.h"
#include "fit_store.h"
#include "importer.h"
#include "mahjong_store.h"
#include "migrations.h"
#include "ops_blob.h"
#include "ops_codec.h"
#include "player_aliases.h"
#include "simulator.h"
#include "sql_script.h"
#include "xiangqi_store.h"

using namespace tw;

namespace {

// A PGN game between `red` and `black`; `moves` picks one of a few openings so games differ.
QByteArray pgn(const QString& red, const QString& black, int moves, const QString& extraTags = {}) {
    const QStringList line = {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h4", "g6g5", "c3c4", "b7b6"};
    QString t = QStringLiteral("[Red \"%1\"]\n[Black \"%2\"]\n%3\n").arg(red, black, extraTags);
    for (int i = 0; i < moves; ++i)
        t += (i % 2 == 0 ? QString::number(i / 2 + 1) + ". " : QString()) + line[i] + u' ';
    return (t + "\n").toUtf8();
}

void write(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

struct Run {
    pipeline::ImportResult result;
    QStringList rejections, duplicates;
};

Run import(store::Database& db, const QStringList& paths, const QString& root = {}) {
    store::MahjongStore games(db);
    pipeline::Importer importer(games);
    QStringList files, names;
    QString error;
    Run run;
    if (!pipeline::Importer::gameFiles(paths, root, &files, &names, &error)) {
        run.result.error = error;
        return run;
    }
    importer.onRejected = [&](const pipeline::ImportRejection& r) { run.rejections << r.message(); };
    importer.onDuplicate = [&](const pipeline::ImportDuplicate& d) { run.duplicates << d.message(); };
    run.result = importer.importFiles(files, names);
    return run;
}

// Where a file is, as a game's source names it: its full path, links resolved.
QString full(const QString& path) {
    return QFileInfo(path).canonicalFilePath();
}

// The real master games of the CCPD sample, by player ("by player" folders, each numbered from 00000001.pgn).
const QString kCcpd = QStringLiteral(TW_PEER_DATA "/xiangqi-ccpd/對局/大師對局/以棋手分類/");

QStringList column(store::Database& db, const QString& sql) {
    QStringList out;
    QSqlQuery q(db.connection());
    if (!q.exec(sql)) return {QStringLiteral("error: ") + store::sqlError(q)};
    while (q.next()) out << q.value(0).toString();
    return out;
}

} // namespace

class TestGameIdentity : public QObject {
    Q_OBJECT
  private slots:
    // Real collections number their files from 00000001.pgn in every folder: both games go in, each under
    // an id made from its content, and each keeps where it was read (its full path) as its source.
    void sameFileNameInTwoFolders() {
        QTemporaryDir dir;
        write(dir.filePath("set/許銀川/00000001.pgn"), pgn("許銀川", "胡榮華", 6));
        write(dir.filePath("set/胡榮華/00000001.pgn"), pgn("胡榮華", "呂欽", 8));
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        const Run run = import(db, {dir.filePath("set")});
        QCOMPARE(run.result.error, QString());
        QCOMPARE(run.result.imported, 2);
        QCOMPARE(run.result.duplicates, 0);
        QCOMPARE(run.result.rejected, 0);
        const QStringList ids = column(db, "SELECT id FROM games ORDER BY source");
        QCOMPARE(ids.size(), 2);
        for (const QString& id : ids) QVERIFY2(id.startsWith("xq-") && id.size() == 27, qPrintable(id));
        QCOMPARE(column(db, "SELECT source FROM games ORDER BY source"),
                 QStringList({full(dir.filePath("set/胡榮華/00000001.pgn")) + "#1",
                              full(dir.filePath("set/許銀川/00000001.pgn")) + "#1"}));
        // One player's folder on its own: the same file, the same record, stored already.
        const Run again = import(db, {dir.filePath("set/許銀川")});
        QCOMPARE(again.result.imported, 0);
        QCOMPARE(again.result.skipped, 1);
        QCOMPARE(again.result.duplicates, 0);
        QCOMPARE(column(db, "SELECT count(*) FROM games"), QStringList({"2"}));
    }

    // `import A/*.pgn B/*.pgn` of two real master folders, both numbered from 00000001.pgn, must not refuse
    // B's games as "already stored for another game" (ids were once the file names). Passed as files, as
    // folders, in reverse, by relative paths or through links, the same games go in under the same ids, none
    // of which names a file, a folder or a master; each game keeps its file's full path as its source.
    void realFoldersPassedAnyWay() {
        const QStringList masters = {QStringLiteral("吳貴臨"), QStringLiteral("洪智")};
        QStringList files;
        for (const QString& m : masters)
            for (const QString& f : QDir(kCcpd + m).entryList({"*.pgn"}, QDir::Files, QDir::Name))
                files << kCcpd + m + u'/' + f;
        QVERIFY2(files.size() == 51, "peer data missing: ../shared/peer-data/xiangqi-ccpd");
        QTemporaryDir dir;
        QVERIFY(QFile::link(kCcpd + masters[0], dir.filePath("link-a")));
        QVERIFY(QFile::link(kCcpd + masters[1], dir.filePath("link-b")));
        // Another copy of the two folders: a layout of its own, the files renamed.
        for (int i = 0; i < files.size(); ++i) {
            QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("copy/%1").arg(i % 3))));
            QVERIFY(
                QFile::copy(files[i], dir.filePath(QStringLiteral("copy/%1/game-%2.pgn").arg(i % 3).arg(i))));
        }

        struct Way {
            QString name;
            QStringList paths;
        };
        QStringList relative;
        for (const QString& f : files) relative << QDir(kCcpd).relativeFilePath(f);
        const QList<Way> ways = {
            {"files", files},
            {"folders", {kCcpd + masters[0], kCcpd + masters[1] + u'/'}},
            {"files in reverse", QStringList(files.rbegin(), files.rend())},
            {"relative paths", relative},
            {"links", {dir.filePath("link-a"), dir.filePath("link-b")}},
        };
        QStringList firstIds, firstSources;
        pipeline::ImportResult first;
        for (const Way& way : ways) {
            store::Database db;
            QVERIFY(db.open(dir.filePath(way.name + ".db")));
            const QString cwd = QDir::currentPath();
            if (way.name == "relative paths") QDir::setCurrent(kCcpd);
            const Run run = import(db, way.paths);
            QDir::setCurrent(cwd);
            QCOMPARE(run.result.error, QString());
            for (const QString& r : run.rejections)
                QVERIFY2(!r.contains("already stored"), qPrintable(way.name + ": " + r));
            const QStringList ids = column(db, "SELECT id FROM games ORDER BY id");
            const QStringList sources = column(db, "SELECT source FROM games ORDER BY source");
            for (const QString& id : ids)
                QVERIFY2(id.startsWith("xq-") && !id.contains(masters[0]) && !id.contains(masters[1]) &&
                             !id.contains(".pgn"),
                         qPrintable(way.name + ": " + id));
            for (const QString& source : sources)
                QVERIFY2(source.startsWith(full(kCcpd)) && QFileInfo::exists(source.section(u'#', 0, 0)),
                         qPrintable(way.name + ": " + source));
            if (firstIds.isEmpty()) {
                firstIds = ids, firstSources = sources, first = run.result;
                QVERIFY(first.imported > 40);
                continue;
            }
            QCOMPARE(ids, firstIds);
            // Of a game met twice, the record read first is stored: the same file unless read backwards.
            if (way.name != "files in reverse") QCOMPARE(sources, firstSources);
            QCOMPARE(run.result.imported, first.imported);
            QCOMPARE(run.result.duplicates, first.duplicates);
            QCOMPARE(run.result.rejected, first.rejected);
        }
        // The copy under other names, in other folders: the same games, each a copy counted once.
        store::Database db;
        QVERIFY(db.open(dir.filePath("files.db")));
        const Run copies = import(db, {dir.filePath("copy")});
        QCOMPARE(copies.result.imported, 0);
        QCOMPARE(copies.result.duplicates, first.imported + first.duplicates);
        QCOMPARE(column(db, "SELECT id FROM games ORDER BY id"), firstIds);
        QVERIFY2(copies.duplicates.value(0).startsWith(full(dir.filePath("copy")) + u'/') &&
                     copies.duplicates.value(0).contains(" (" + full(kCcpd)),
                 qPrintable(copies.duplicates.value(0)));

        // The command line given the two folders' files one by one.
        QProcess p;
        p.start(TW_CLI,
                QStringList{"import"} + files + QStringList{"--db", dir.filePath("cli.db"), "--quiet"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).trimmed(),
                 QStringLiteral("imported %1, duplicates %2, rejected %3")
                     .arg(first.imported)
                     .arg(first.duplicates)
                     .arg(first.rejected));
        QVERIFY(!QString::fromUtf8(p.readAllStandardError()).contains("already stored"));
    }

    // One game under two file names (another folder, renamed) is one game: the second is a copy, named
    // with the full paths of both, counted once.
    void sameGameUnderTwoNames() {
        QTemporaryDir dir;
        write(dir.filePath("x/00000001.pgn"), pgn("許銀川", "呂欽", 10));
        write(dir.filePath("y/renamed.pgn"), pgn("許銀川", "呂欽", 10, "[Event \"又\"]"));
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        const Run run = import(db, {dir.filePath("y/renamed.pgn"), dir.filePath("x/00000001.pgn")});
        QCOMPARE(run.result.imported, 1);
        QCOMPARE(run.result.duplicates, 1);
        QCOMPARE(run.result.rejected, 0);
        QCOMPARE(store::XiangqiStore(db).gameCount(), 1);
        QCOMPARE(int(store::XiangqiStore(db).gamesOfPlayer("許銀川", 10).size()), 1);
        const QString id = column(db, "SELECT id FROM games").value(0);
        QCOMPARE(run.duplicates.size(), 1);
        QCOMPARE(run.duplicates[0],
                 QStringLiteral("%1#1: game %2 is a copy of game %2 (%3#1), counted once")
                     .arg(full(dir.filePath("x/00000001.pgn")), id, full(dir.filePath("y/renamed.pgn"))));
        // Renamed again, by a relative path: still that game.
        write(dir.filePath("z/third name.pgn"), pgn("許銀川", "呂欽", 10));
        const QString cwd = QDir::currentPath();
        QDir::setCurrent(dir.path());
        const Run third = import(db, {"z/third name.pgn"});
        QDir::setCurrent(cwd);
        QCOMPARE(third.result.duplicates, 1);
        QCOMPARE(column(db, "SELECT id FROM games"), QStringList({id}));
    }

    // The same id for other content is refused naming both records by their full paths; the very same
    // record again is skipped quietly.
    void takenIdNamesBothSources() {
        QTemporaryDir dir;
        write(dir.filePath("a/g.pgn"), pgn("甲", "乙", 6, "[ID \"club-1\"]"));
        write(dir.filePath("b/g.pgn"), pgn("丙", "丁", 8, "[ID \"club-1\"]"));
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        QCOMPARE(import(db, {dir.filePath("a/g.pgn")}).result.imported, 1);
        const Run again = import(db, {dir.filePath("a/g.pgn")});
        QCOMPARE(again.result.imported, 0);
        QCOMPARE(again.result.skipped, 1);
        QCOMPARE(again.result.rejected, 0);
        const Run other = import(db, {dir.filePath("b/g.pgn")});
        QCOMPARE(other.result.imported, 0);
        QCOMPARE(other.result.rejected, 1);
        QCOMPARE(other.rejections.size(), 1);
        QCOMPARE(other.rejections[0],
                 QStringLiteral("%1#1: game club-1, the id is already stored for another game (read from "
                                "%2#1); not stored")
                     .arg(full(dir.filePath("b/g.pgn")), full(dir.filePath("a/g.pgn"))));
        QCOMPARE(column(db, "SELECT player_id FROM game_seats ORDER BY seat"), QStringList({"甲", "乙"}));
    }

    // One game under two ids (an ID tag of its own in one folder, none in the other) is stored once as
    // counted and once as a copy; the counts and a player's games see it once.
    void duplicateCountedOnce() {
        QTemporaryDir dir;
        write(dir.filePath("c/by-player/00000001.pgn"), pgn("許銀川", "呂欽", 10, "[ID \"bp-1\"]"));
        write(dir.filePath("c/by-event/00000001.pgn"),
              pgn("許銀川", "呂欽", 10, "[Event \"二\"]\n[Date \"1999.01.02\"]"));
        write(dir.filePath("c/by-event/00000002.pgn"), pgn("許銀川", "呂欽", 8));
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        const Run run = import(db, {dir.filePath("c")});
        QCOMPARE(run.result.imported, 2);
        QCOMPARE(run.result.duplicates, 1);
        QCOMPARE(run.duplicates.size(), 1);
        const QString copy =
            column(db, "SELECT id FROM games WHERE source LIKE '%by-event/00000001.pgn#1'").value(0);
        const QString other =
            column(db, "SELECT id FROM games WHERE source LIKE '%by-event/00000002.pgn#1'").value(0);
        QVERIFY2(copy.startsWith("xq-"), qPrintable(copy));
        // One batch is stored in id order: bp-1 first, so the record without an ID tag is the copy.
        QCOMPARE(run.duplicates[0], full(dir.filePath("c/by-event/00000001.pgn")) + "#1: game " + copy +
                                        " is a copy of game bp-1 (" +
                                        full(dir.filePath("c/by-player/00000001.pgn")) + "#1), counted once");
        store::XiangqiStore xq(db);
        QCOMPARE(xq.gameCount(), 2);
        QCOMPARE(int(xq.gamesOfPlayer("許銀川", 100).size()), 2);
        QCOMPARE(int(xq.gamesAfter("", 100).size()), 2);
        QCOMPARE(column(db, "SELECT duplicate_of FROM games WHERE duplicate_of IS NOT NULL"),
                 QStringList({"bp-1"}));
        QVERIFY(store::AuditLog(db).verify().ok);
        QString error;
        QCOMPARE(store::checkDuplicates(db, &error), QString());
        // Edited behind the program's back: the copy counted again, then a counted game marked as a copy.
        QVERIFY(db.exec(QString("UPDATE games SET duplicate_of = NULL WHERE id = '%1'").arg(copy)));
        QCOMPARE(store::checkDuplicates(db, &error),
                 QString("games row id %1, column duplicate_of: a copy of game bp-1 not marked so (it would "
                         "be counted twice)")
                     .arg(copy));
        QVERIFY(db.exec(
            QString("UPDATE games SET duplicate_of = 'bp-1' WHERE id IN ('%1', '%2')").arg(copy, other)));
        QCOMPARE(store::checkDuplicates(db, &error),
                 QString("games row id %1, column duplicate_of: marked as a "
                         "copy, but it is the record of its game that "
                         "counts")
                     .arg(other));
        QCOMPARE(error, QString());
    }

    // Mahjong: the same hand under another id is a copy; a different hand between the same players is not.
    void mahjongDuplicate() {
        QTemporaryDir dir;
        sim::SimOptions o;
        o.ruleset = RulesetId::Anshan, o.games = 3, o.seed = 11, o.players = 6;
        std::vector<GameRecord> records;
        sim::Simulator(o).run([&](const GameRecord& g) { records.push_back(g); });
        GameRecord copy = records[0];
        copy.id = "renamed";
        copy.match = "another match";
        QByteArray lines;
        for (const GameRecord& g : records) lines += QByteArray::fromStdString(writeOpsLine(g)) + '\n';
        write(dir.filePath("a.jsonl"), lines);
        write(dir.filePath("b.jsonl"), QByteArray::fromStdString(writeOpsLine(copy)) + '\n');
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        const Run run = import(db, {dir.filePath("a.jsonl"), dir.filePath("b.jsonl")});
        QCOMPARE(run.result.imported, 3);
        QCOMPARE(run.result.duplicates, 1);
        QVERIFY2(run.duplicates.value(0).startsWith(
                     QStringLiteral("%1:1: game renamed is a copy of game %2 (%3:1)")
                         .arg(full(dir.filePath("b.jsonl")), QString::fromStdString(records[0].id),
                              full(dir.filePath("a.jsonl")))),
                 qPrintable(run.duplicates.value(0)));
        // The same file under another name holds the same records: copies, counted once, not stored again.
        QVERIFY(QFile::copy(dir.filePath("a.jsonl"), dir.filePath("a copy.jsonl")));
        const Run again = import(db, {dir.filePath("a copy.jsonl")});
        QCOMPARE(again.result.imported, 0);
        QCOMPARE(again.result.duplicates, 3);
        QCOMPARE(column(db, "SELECT count(*) FROM games"), QStringList({"4"}));
        store::MahjongStore games(db);
        QCOMPARE(games.mahjongGameCount(), 3);
        QCOMPARE(int(games.gamesAfter("", 100).size()), 3);
        QCOMPARE(int(games.gamesOfPlayer(records[0].seats[0], 100).size()),
                 int(std::count_if(records.begin(), records.end(), [&](const GameRecord& g) {
                     return std::find(g.seats.begin(), g.seats.end(), records[0].seats[0]) != g.seats.end();
                 })));
    }

    // A file that is not a game file, and a PGN with no game, are each one rejection: every file is
    // accounted for.
    void everyFileAccountedFor() {
        QTemporaryDir dir;
        write(dir.filePath("d/LICENSE"), "Creative Commons\n\nAttribution 4.0\n-- CC-BY --\n");
        write(dir.filePath("d/empty.pgn"), "");
        write(dir.filePath("d/ok.pgn"), pgn("甲", "乙", 4));
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        const Run run = import(db, {dir.filePath("d")});
        QCOMPARE(run.result.imported, 1);
        QCOMPARE(run.result.rejected, 2);
        QCOMPARE(run.rejections.size(), 2);
        QVERIFY2(
            run.rejections[0].endsWith(
                "LICENSE: not a game file: neither JSON Lines (ops/1, xq/1), PGN nor a Tenhou log (mjlog, "
                "tenhou.net/6, mjai)"),
            qPrintable(run.rejections[0]));
        QVERIFY2(run.rejections[1].endsWith("empty.pgn: the file holds no game"),
                 qPrintable(run.rejections[1]));
        QVERIFY(import(db, {dir.filePath("nowhere")}).result.error.contains("no such file or folder"));
    }

    // Two spellings of one player: suggested with the evidence, merged on a moderator's word (the copy then
    // counts once and histories gather both names), split again (both count), each change audited.
    void aliasesMergeAndSplit() {
        QTemporaryDir dir;
        write(dir.filePath("e/1.pgn"), pgn("楊官璘", "李義庭", 10));
        write(dir.filePath("e/2.pgn"), pgn("楊官麟", "李義庭", 10)); // the same game, the name misspelt
        write(dir.filePath("e/3.pgn"), pgn("廣東 楊官璘", "胡榮華", 8));
        write(dir.filePath("e/4.pgn"), pgn("楊官麟", "胡榮華", 6));
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        QCOMPARE(import(db, {dir.filePath("e")}).result.imported, 4);
        store::PlayerAliases aliases(db);
        QString error;
        const auto suggestions = aliases.suggestions(&error);
        QCOMPARE(error, QString());
        QStringList seen;
        for (const auto& s : suggestions) seen << s.name + " > " + s.into + ": " + s.why;
        QVERIFY2(seen.contains("楊官麟 > 楊官璘: 1 copy of the same game, same opponent") ||
                     seen.contains("楊官璘 > 楊官麟: 1 copy of the same game, same opponent"),
                 qPrintable(seen.join(" | ")));
        QVERIFY2(seen.contains("廣東 楊官璘 > 楊官璘: prefix 廣東"), qPrintable(seen.join(" | ")));
        QCOMPARE(aliases.canonicalOf("楊官麟"), QString("楊官麟")); // suggested, not merged

        store::XiangqiStore xq(db);
        QCOMPARE(xq.gameCount(), 4);
        const auto merged = aliases.merge("楊官麟", "楊官璘", "misspelt", "mod", &error);
        QVERIFY2(merged, qPrintable(error));
        QCOMPARE(merged->duplicatesChanged, 1);
        QVERIFY(!merged->osUser.isEmpty());
        QVERIFY(aliases.merge("廣東 楊官璘", "楊官麟", "region prefix", "mod", &error)); // into the canonical
        QCOMPARE(aliases.canonicalOf("廣東 楊官璘"), QString("楊官璘"));
        QCOMPARE(xq.gameCount(), 3);
        QCOMPARE(int(xq.gamesOfPlayer("楊官璘", 100).size()), 3);
        QCOMPARE(aliases.otherNames("楊官璘"), QStringList({"廣東 楊官璘", "楊官麟"}));
        QCOMPARE(aliases.otherNames("楊官麟"), QStringList({"楊官璘", "廣東 楊官璘"}));
        // Games read back name the canonical player, as every analysis must see them.
        const QString fourth = column(db, "SELECT id FROM games WHERE source LIKE '%/e/4.pgn#1'").value(0);
        QCOMPARE(QString::fromStdString(xq.game(fourth.toStdString())->red), QString("楊官璘"));
        QVERIFY(!aliases.merge("楊官麟", "胡榮華", "", "mod", &error));
        QVERIFY2(error.contains("split it first"), qPrintable(error));
        QVERIFY(!aliases.merge("nobody", "胡榮華", "", "mod", &error));
        QVERIFY2(error.contains("no player is named \"nobody\""), qPrintable(error));

        const auto split = aliases.split("楊官麟", "two people after all", "mod", &error);
        QVERIFY2(split, qPrintable(error));
        QCOMPARE(split->duplicatesChanged, 1);
        QCOMPARE(xq.gameCount(), 4);
        QCOMPARE(int(xq.gamesOfPlayer("楊官璘", 100).size()), 2);
        QCOMPARE(aliases.changes().size(), 3);
        QCOMPARE(aliases.changes().back().action, QString("split"));
        QCOMPARE(
            column(db,
                   "SELECT action || ' ' || subject FROM audit_log WHERE action LIKE 'alias%' ORDER BY id"),
            QStringList({"alias_merge player:楊官麟", "alias_merge player:廣東 楊官璘",
                         "alias_split player:楊官麟"}));
        const store::AuditCheck intact = store::AuditLog(db).verify();
        QVERIFY2(intact.ok, qPrintable(intact.reason));
        QCOMPARE(aliases.players().size(), 4); // 楊官璘 (with 廣東 楊官璘), 楊官麟, 李義庭, 胡榮華
        // Each change row attested column by column; the alias map checked against the changes.
        QVERIFY(db.exec("DROP TRIGGER alias_changes_no_update"));
        QVERIFY(db.exec("UPDATE alias_changes SET moderator = 'someone else' WHERE id = 1"));
        store::AuditCheck edited = store::AuditLog(db).verify();
        QVERIFY(!edited.ok);
        QVERIFY2(edited.reason.contains("alias_changes row id 1") &&
                     edited.reason.contains("column moderator"),
                 qPrintable(edited.reason));
        QVERIFY(db.exec("UPDATE alias_changes SET moderator = 'mod' WHERE id = 1"));
        QVERIFY(store::AuditLog(db).verify().ok);
        QVERIFY(db.exec("INSERT INTO player_aliases (player_id, canonical_id) VALUES ('李義庭', '胡榮華')"));
        edited = store::AuditLog(db).verify();
        QCOMPARE(edited.reason,
                 QString("player_aliases makes \"李義庭\" a name of \"胡榮華\", which no merge says"));
    }

    // A database from before game identity (schema 5) holding one game twice: opening it computes the
    // fingerprints and marks the copy, so no analysis counts it twice.
    void migrationFindsStoredDuplicates() {
        QTemporaryDir dir;
        const QString path = dir.filePath("old.db");
        sim::SimOptions o;
        o.ruleset = RulesetId::Sichuan, o.games = 2, o.seed = 3, o.players = 4;
        std::vector<GameRecord> records;
        sim::Simulator(o).run([&](const GameRecord& g) { records.push_back(g); });
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase("QSQLITE", "old");
            raw.setDatabaseName(path);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            for (const store::Migration& m : store::migrations())
                if (m.version <= 5)
                    for (const QString& statement : store::splitSqlScript(QString::fromUtf8(m.sql)))
                        QVERIFY2(q.exec(statement), qPrintable(statement));
            QVERIFY(q.exec(QStringLiteral("PRAGMA application_id = %1").arg(store::kApplicationId)));
            QVERIFY(q.exec("PRAGMA user_version = 5"));
            const std::pair<std::string, int> rows[] = {{"first", 0}, {"again", 0}, {"other", 1}};
            for (const auto& [id, i] : rows) {
                const GameRecord& g = records[std::size_t(i)];
                q.prepare("INSERT INTO games (id, ruleset, dealer, ops, imported_at) VALUES (?, 'sichuan', "
                          "?, ?, 'x')");
                q.addBindValue(QString::fromStdString(id));
                q.addBindValue(g.dealer);
                q.addBindValue(QByteArray::fromStdString(store::encodeOps(g.ops)));
                QVERIFY2(q.exec(), qPrintable(store::sqlError(q)));
                for (int seat = 0; seat < 4; ++seat) {
                    q.exec(QStringLiteral("INSERT OR IGNORE INTO players (id) VALUES ('%1')")
                               .arg(QString::fromStdString(g.seats[seat])));
                    q.prepare("INSERT INTO game_seats (game_id, seat, player_id) VALUES (?, ?, ?)");
                    q.addBindValue(QString::fromStdString(id));
                    q.addBindValue(seat + 1);
                    q.addBindValue(QString::fromStdString(g.seats[seat]));
                    QVERIFY2(q.exec(), qPrintable(store::sqlError(q)));
                }
            }
            q.finish();
            raw.close();
        }
        QSqlDatabase::removeDatabase("old");
        store::Database db;
        QString error;
        QVERIFY2(db.open(path, &error), qPrintable(error));
        QCOMPARE(db.schemaVersion(), store::latestSchemaVersion());
        QCOMPARE(column(db, "SELECT id || ' ' || COALESCE(duplicate_of, '-') FROM games ORDER BY rowid"),
                 QStringList({"first -", "again first", "other -"}));
        QCOMPARE(column(db, "SELECT count(*) FROM games WHERE length(fingerprint) = 16"), QStringList({"3"}));
        store::MahjongStore games(db);
        QCOMPARE(games.mahjongGameCount(), 2);
        QCOMPARE(int(games.gamesAfter("", 10).size()), 2);
    }

    // The same through tilewatch-cli: a folder imported whole, the summary line, duplicates named; players
    // listed, suggested, merged and split; a file scan analyses a copied hand once.
    void commandLine() {
        QTemporaryDir dir;
        write(dir.filePath("f/a/00000001.pgn"), pgn("楊官璘", "李義庭", 10));
        write(dir.filePath("f/b/00000001.pgn"), pgn("楊官麟", "李義庭", 10));
        write(dir.filePath("f/b/00000002.pgn"), pgn("楊官麟", "李義庭", 10, "[Event \"again\"]"));
        const QString db = dir.filePath("t.db");
        QProcess p;
        auto run = [&](const QStringList& args) {
            p.start(TW_CLI, args);
            return p.waitForFinished(60000);
        };
        QVERIFY(run({"import", dir.filePath("f"), "--db", db, "--quiet"}));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).trimmed(),
                 QString("imported 2, duplicates 1, rejected 0"));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY2(err.contains("duplicate: " + full(dir.filePath("f/b/00000002.pgn")) + "#1: game xq-") &&
                     err.contains(" (" + full(dir.filePath("f/b/00000001.pgn")) + "#1), counted once"),
                 qPrintable(err));

        QVERIFY(run({"players", "list", "--db", db, "--suggest"}));
        QCOMPARE(p.exitCode(), 0);
        // As many games each: the name that sorts later goes into the other.
        const QString suggested = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(
            suggested.contains(
                R"("name":"楊官麟","into":"楊官璘","why":"1 copy of the same game, same opponent","evidence":1)"),
            qPrintable(suggested));
        QVERIFY(run({"players", "merge", "楊官麟", "--into", "楊官璘", "--db", db, "--moderator", "mod",
                     "--reason", "typo"}));
        QCOMPARE(p.exitCode(), 0);
        // f/a's game now counts and the f/b record (f/b/00000002 was the same record again) is its copy.
        QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains(R"("duplicates_changed":1)"));
        QVERIFY(run({"players", "list", "--db", db}));
        QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts),
                 QStringList({R"({"id":"李義庭","aliases":[],"games":1})",
                              R"({"id":"楊官璘","aliases":["楊官麟"],"games":1})"}));
        QVERIFY(run({"players", "merge", "楊官麟", "--into", "李義庭", "--db", db}));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("split it first"));
        QVERIFY(run({"players", "split", "楊官麟", "--db", db}));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(run({"players", "changes", "--db", db}));
        const QStringList changes =
            QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(changes.size(), 2);
        QVERIFY2(changes[1].contains(R"("action":"split","player":"楊官麟","canonical":"楊官璘")"),
                 qPrintable(changes[1]));
        QVERIFY(run({"players", "merge", "--db", db}));
        QCOMPARE(p.exitCode(), 2);

        // scan over files: the copied hand is named and analysed once.
        sim::SimOptions o;
        o.ruleset = RulesetId::Xinchang, o.games = 4, o.seed = 21, o.players = 6;
        QByteArray lines, copy;
        sim::Simulator(o).run([&](const GameRecord& g) {
            lines += QByteArray::fromStdString(writeOpsLine(g)) + '\n';
            if (copy.isEmpty()) {
                GameRecord again = g;
                again.id = "copy";
                copy = QByteArray::fromStdString(writeOpsLine(again)) + '\n';
            }
        });
        write(dir.filePath("g1.jsonl"), lines);
        write(dir.filePath("g2.jsonl"), copy);
        QVERIFY(run({"scan", dir.filePath("g1.jsonl"), dir.filePath("g2.jsonl"), "--players"}));
        const QString scanErr = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(
            scanErr.contains(
                QStringLiteral("duplicate: %1:1: game copy is a copy of game").arg(dir.filePath("g2.jsonl"))),
            qPrintable(scanErr));
        QVERIFY2(scanErr.contains("4 games analysed"), qPrintable(scanErr));
    }
};

QTEST_GUILESS_MAIN(TestGameIdentity)
#include "tst_game_identity.moc"
