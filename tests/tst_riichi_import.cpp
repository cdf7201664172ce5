// Real Tenhou records through the importer into the store: every hand of the 35 mjlog files
// goes in or is refused for a fault of its file; the copies of one match are marked; a stored hand comes
// back with where it stood in its match and replays to the same points; the same matches written as
// tenhou.net/6 JSON and mjai go in too; a hand edited to differ from Tenhou's result is refused by name.
#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "database.h"
#include "importer.h"
#include "mahjong_store.h"
#include "ops_codec.h"
#include "replay.h"
#include "tenhou/mjai.h"
#include "tenhou/mjlog.h"
#include "tenhou/tenhou6.h"
#include "tenhou/to_records.h"
#include "tenhou_files.h"

using namespace tw;

namespace {

using twtest::kDir;
const auto readAll = twtest::fileText;

void writeText(const QString& path, const std::string& text) {
    std::ofstream f(path.toStdString(), std::ios::binary);
    f << text;
}

struct Run {
    pipeline::ImportResult result;
    std::vector<pipeline::ImportRejection> rejections;
    std::vector<pipeline::ImportDuplicate> duplicates;
};

Run importInto(store::MahjongStore& games, const QStringList& files) {
    Run run;
    pipeline::Importer importer(games);
    importer.onRejected = [&](const pipeline::ImportRejection& r) { run.rejections.push_back(r); };
    importer.onDuplicate = [&](const pipeline::ImportDuplicate& d) { run.duplicates.push_back(d); };
    run.result = importer.importFiles(files);
    return run;
}

// The first column of a query's rows.
QStringList column(store::Database& db, const QString& sql) {
    QStringList out;
    QSqlQuery q(db.connection());
    if (!q.exec(sql)) return {QStringLiteral("error: ") + store::sqlError(q)};
    while (q.next()) out << q.value(0).toString();
    return out;
}

QStringList mjlogFiles() { // paths
    QStringList out;
    for (const QString& n : twtest::mjlogFiles()) out << kDir + u'/' + n;
    return out;
}

} // namespace

class TestRiichiImport : public QObject {
    Q_OBJECT
  private slots:
    void realMatchesGoIn() {
        QTemporaryDir dir;
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        store::MahjongStore games(db);
        const QStringList files = mjlogFiles();
        QCOMPARE(files.size(), 35);
        const Run run = importInto(games, files);
        QVERIFY2(run.result.error.isEmpty(), qPrintable(run.result.error));
        // 349 complete hands: 335 of 33 whole matches and 14 of the two cut copies of one of them, which are
        // copies counted once. The one rejection is the cut file's unfinished eighth hand. Not named by a log
        // id, the two cut files hold the same seven hands, so they are one match (named from its hands):
        // stored once, marked as a copy of the whole match's hands, and met again in the second file.
        QCOMPARE(run.result.imported + run.result.duplicates, 349);
        QCOMPARE(run.result.duplicates, 14);
        QCOMPARE(run.result.rejected, 1);
        QVERIFY2(run.rejections[0].message().contains("no-round-end") &&
                     run.rejections[0].message().contains("stops inside hand 8"),
                 qPrintable(run.rejections[0].message()));
        // The cut copies are not named by a log id: their ids come from their hands, their sources name them.
        for (const auto& d : run.duplicates)
            QVERIFY2(d.source.find("f6eff225-no-") != std::string::npos && d.id.rfind("riichi-", 0) == 0,
                     d.source.c_str());

        // Every seat keeps the rank and rate of its player's UN tag.
        QSqlQuery q(db.connection());
        QVERIFY(q.exec("SELECT count(*), min(dan), max(dan), min(rate) FROM game_seats"));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 4 * 342);
        QVERIFY(q.value(1).toInt() >= 10); // Phoenix room: 1-dan (10) and up; the data is 7-dan and up
        QVERIFY(q.value(2).toInt() <= 20);
        QVERIFY(q.value(3).toDouble() >= 1500);

        // A stored hand comes back whole: same record, and its replay gives the stored points.
        const auto read = tenhou::readMjlog(readAll(files.front()));
        QVERIFY(read.match);
        const auto records =
            tenhou::toRecords(*read.match, QFileInfo(files.front()).completeBaseName().toStdString());
        for (const GameRecord& r : records) {
            const auto stored = games.game(r.id);
            QVERIFY2(stored, r.id.c_str());
            QCOMPARE(stored->record.start, r.start);
            QCOMPARE(stored->record.ops, r.ops);
            QCOMPARE(stored->record.startedAt, r.startedAt);
            Replay replay(stored->record);
            QVERIFY(replay.runToEnd());
            for (int s = 1; s <= 4; ++s)
                QCOMPARE(replay.state().seat(s).points, stored->summary.points[s - 1]);
        }
        // Importing again stores nothing twice.
        const Run again = importInto(games, files);
        QCOMPARE(again.result.imported, 0);
        QCOMPARE(again.result.skipped, 342);
        QCOMPARE(again.result.duplicates, 7);
    }

    // The other two formats of the same matches (written by our writers from the mjlog) import as well.
    void tenhou6AndMjaiGoIn() {
        QTemporaryDir dir;
        QStringList files;
        int hands = 0;
        for (const QString& path : mjlogFiles()) {
            if (path.contains(QLatin1String("-no-"))) continue;
            const auto read = tenhou::readMjlog(readAll(path));
            QVERIFY(read.match);
            hands += int(read.match->hands.size());
            const QString stem = QFileInfo(path).completeBaseName();
            writeText(dir.filePath(stem + ".json"), tenhou::writeTenhou6(*read.match));
            writeText(dir.filePath(stem + ".mjai.jsonl"), tenhou::writeMjai(*read.match));
            files << dir.filePath(stem + ".json") << dir.filePath(stem + ".mjai.jsonl");
        }
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        store::MahjongStore games(db);
        const Run run = importInto(games, files);
        QVERIFY2(run.rejections.empty(),
                 run.rejections.empty() ? "" : qPrintable(run.rejections[0].message()));
        QCOMPARE(hands, 335);
        // The two files of one match hold the same hands: the second copy of each is marked.
        QCOMPARE(run.result.imported, 335);
        QCOMPARE(run.result.duplicates, 335);
    }

    // A record that disagrees with Tenhou's own result is refused, naming the hand and the difference.
    void handThatDiffersIsRefused() {
        QTemporaryDir dir;
        const QString path = mjlogFiles().front();
        std::string text = readAll(path);
        // The first hand's first win pays one point more than Tenhou's scoring gives.
        const std::size_t agari = text.find("<AGARI ");
        QVERIFY(agari != std::string::npos);
        const std::size_t ten = text.find("ten=\"", agari);
        const std::size_t comma = text.find(',', ten);
        const std::size_t end = text.find(',', comma + 1);
        const int points = std::stoi(text.substr(comma + 1, end - comma - 1));
        text.replace(comma + 1, end - comma - 1, std::to_string(points + 100));
        const QString edited = dir.filePath("edited.mjlog");
        writeText(edited, text);
        store::Database db;
        QVERIFY(db.open(dir.filePath("t.db")));
        store::MahjongStore games(db);
        const Run run = importInto(games, {edited});
        QCOMPARE(run.result.rejected, 1);
        const QString message = run.rejections[0].message();
        QVERIFY2(message.contains("edited.mjlog") && message.contains("differs from Tenhou's record") &&
                     message.contains(QString::number(points + 100)),
                 qPrintable(message));
        QCOMPARE(run.result.imported + 1, int(tenhou::readMjlog(text).match->hands.size()));
    }

    // A match's id is its Tenhou log id (the name Tenhou gives its log file, or tenhou.net/6's
    // "ref"), else one made from its hands, the same whatever the file is called or wherever it lies: the
    // same match under two other names is one match, its hands copies counted once. Each hand keeps its
    // file's full path and its place there as its source.
    void matchIdsFromLogIdOrContent() {
        QTemporaryDir dir;
        const QString original = mjlogFiles().front();
        const QString logId = QFileInfo(original).completeBaseName();
        QCOMPARE(logId, QString("2010081709gm-00a9-0000-fe3371ad"));
        const std::string text = readAll(original);
        const auto read = tenhou::readMjlog(text);
        QVERIFY(read.match);
        for (const char* sub : {"a", "b", "c", "d", "e"}) QVERIFY(QDir(dir.path()).mkpath(sub));
        writeText(dir.filePath("a/" + logId + ".mjlog"), text);
        writeText(dir.filePath("b/renamed.mjlog"), text);
        writeText(dir.filePath("c/another name.mjlog"), text);
        std::string six = tenhou::writeTenhou6(*read.match);
        QVERIFY(six.front() == '{');
        writeText(dir.filePath("d/export.json"), six);
        writeText(dir.filePath("d/with-ref.json"),
                  "{\"ref\":\"" + logId.toStdString() + "\"," + six.substr(1));
        const std::string mjai = tenhou::writeMjai(*read.match);
        writeText(dir.filePath("e/x.mjai.jsonl"), mjai);
        writeText(dir.filePath("e/y.jsonl"), mjai);

        int n = 0;
        struct Imported {
            Run run;
            QStringList ids, matches, sources;
        };
        auto importAlone = [&](const QStringList& files) {
            Imported out;
            store::Database db;
            if (!db.open(dir.filePath(QStringLiteral("alone-%1.db").arg(++n)))) return out;
            store::MahjongStore games(db);
            out.run = importInto(games, files);
            out.ids = column(db, "SELECT id FROM games WHERE duplicate_of IS NULL ORDER BY id");
            out.matches = column(db, "SELECT DISTINCT match FROM games ORDER BY match");
            out.sources = column(db, "SELECT source FROM games ORDER BY source");
            return out;
        };
        const Imported a = importAlone({dir.filePath("a/" + logId + ".mjlog")});
        QVERIFY(a.ids.size() > 5);
        QCOMPARE(a.matches, QStringList({logId}));
        for (const QString& id : a.ids) QVERIFY2(id.startsWith(logId + "-"), qPrintable(id));
        QCOMPARE(a.sources.value(0),
                 QFileInfo(dir.filePath("a/" + logId + ".mjlog")).canonicalFilePath() + "#1");

        const Imported b = importAlone({dir.filePath("b/renamed.mjlog")});
        const Imported c = importAlone({dir.filePath("c/another name.mjlog")});
        QCOMPARE(b.ids.size(), a.ids.size());
        QCOMPARE(b.ids, c.ids);
        QCOMPARE(b.matches, c.matches);
        QCOMPARE(b.matches.size(), 1);
        QVERIFY2(b.matches[0].startsWith("riichi-") && b.ids[0].startsWith(b.matches[0] + "-"),
                 qPrintable(b.ids[0]));

        // tenhou.net/6 carrying the log id as "ref" is that match; without it, named from its hands.
        const Imported ref = importAlone({dir.filePath("d/with-ref.json")});
        QCOMPARE(ref.matches, QStringList({logId}));
        QCOMPARE(ref.ids.size(), a.ids.size());
        const Imported exported = importAlone({dir.filePath("d/export.json")});
        QVERIFY2(exported.matches.value(0).startsWith("riichi-"), qPrintable(exported.matches.value(0)));

        // mjai has no id: the same file under two names is one match, the second its copies.
        const Imported m = importAlone({dir.filePath("e/x.mjai.jsonl"), dir.filePath("e/y.jsonl")});
        QCOMPARE(m.run.result.imported, a.ids.size());
        QCOMPARE(m.run.result.duplicates, a.ids.size());
        QCOMPARE(m.matches.size(), 1);
        QVERIFY2(m.matches[0].startsWith("riichi-"), qPrintable(m.matches.value(0)));
        QVERIFY2(m.run.duplicates.front().message().startsWith(
                     QFileInfo(dir.filePath("e/y.jsonl")).canonicalFilePath() + "#1: game " + m.matches[0]),
                 qPrintable(m.run.duplicates.front().message()));

        // All three mjlog copies into one database: one match counted, the renamed two its copies.
        QStringList folders, names;
        QString error;
        QVERIFY(pipeline::Importer::gameFiles({dir.filePath("a"), dir.filePath("b"), dir.filePath("c")}, {},
                                              &folders, &names, &error));
        const Imported all = importAlone(folders);
        QCOMPARE(all.run.result.imported, a.ids.size());
        QCOMPARE(all.run.result.duplicates, 2 * a.ids.size());
        QCOMPARE(all.run.result.rejected, a.run.result.rejected * 3);
        QCOMPARE(all.ids, a.ids);
    }

    // `tilewatch-cli show` prints a stored riichi hand readably: where it stands, red fives, riichi, dora and
    // each win with Tenhou's own fu and points (read here from the mjlog, not from our scoring).
    void showPrintsARiichiHand() {
        QTemporaryDir dir;
        const QString path = dir.filePath("t.db");
        const QString file = mjlogFiles().front();
        {
            store::Database db;
            QVERIFY(db.open(path));
            store::MahjongStore games(db);
            QCOMPARE(importInto(games, {file}).result.rejected, 0);
        }
        const auto read = tenhou::readMjlog(readAll(file));
        QVERIFY(read.match);
        int checked = 0;
        for (std::size_t i = 0; i < read.match->hands.size(); ++i) {
            const tenhou::Hand& h = read.match->hands[i];
            const QString id = QFileInfo(file).completeBaseName() + QString::asprintf("-%02zu", i);
            QProcess p;
            p.start(QStringLiteral(TW_CLI), {"show", id, "--db", path});
            QVERIFY(p.waitForFinished(30000));
            QCOMPARE(p.exitCode(), 0);
            const QString out = QString::fromUtf8(p.readAllStandardOutput());
            const char* winds[] = {"East", "South", "West", "North"};
            QVERIFY2(out.contains(
                         QString::asprintf("%s %d, %d honba", winds[h.round / 4], h.round % 4 + 1, h.honba)),
                     qPrintable(out.left(300)));
            for (int s = 0; s < 4; ++s) QVERIFY(out.contains(QString::asprintf("%d points", h.ten[s] * 100)));
            bool riichi = false, red = false;
            for (const auto& e : h.events) {
                if (const auto* a = std::get_if<tenhou::Agari>(&e)) {
                    const QString line =
                        a->yakuman.empty()
                            ? QString::asprintf("seat %d wins [^\\n]* %d fu[^\\n]* %d\\n", a->who + 1, a->fu,
                                                a->points)
                            : QString::asprintf("seat %d wins [^\\n]* %d\\n", a->who + 1, a->points);
                    QVERIFY2(out.contains(QRegularExpression(line)), qPrintable(line));
                    ++checked;
                }
                riichi |= std::holds_alternative<tenhou::Reach>(e);
                if (const auto* d = std::get_if<tenhou::Draw>(&e))
                    red |= d->tile == 16 || d->tile == 52 || d->tile == 88;
            }
            QCOMPARE(out.contains(QRegularExpression("seat \\d  riichi ")), riichi);
            if (red) QVERIFY(out.contains("(red)"));
            QVERIFY(out.contains("dora indicator"));
        }
        QVERIFY(checked > 0);
    }

    // ops/1 keeps everything a riichi hand needs: each real hand written and read back is the same record.
    void opsLinesRoundTrip() {
        int n = 0;
        for (const QString& path : mjlogFiles()) {
            const auto read = tenhou::readMjlog(readAll(path));
            QVERIFY(read.match);
            for (const GameRecord& g : tenhou::toRecords(*read.match, "m")) {
                const std::string line = writeOpsLine(g);
                GameRecord back;
                OpsRejection why;
                QVERIFY2(readOpsLine(line, back, why), why.reason.c_str());
                QCOMPARE(back, g);
                ++n;
            }
        }
        QCOMPARE(n, 349);
        GameRecord g;
        OpsRejection why;
        QVERIFY(!readOpsLine(R"({"format":"ops/1","id":"x","ruleset":"riichi","seats":["a","b","c","d"],)"
                             R"("dealer":1,"scores":[1,2,3],"ops":[111110]})",
                             g, why));
        QVERIFY2(why.reason.find("field 'scores' must be an array of 4 integers") != std::string::npos,
                 why.reason.c_str());
        QVERIFY(!readOpsLine(R"({"format":"ops/1","id":"x","ruleset":"riichi","seats":["a","b","c","d"],)"
                             R"("dealer":1,"dan":[1,2,3,"x"],"ops":[111110]})",
                             g, why));
        QVERIFY2(why.reason.find("field 'dan' element 3") != std::string::npos, why.reason.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRiichiImport)
#include "tst_riichi_import.moc"
