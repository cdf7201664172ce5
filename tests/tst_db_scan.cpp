// Analysis of a database: the flags equal those of the same games scanned from records, every seat's
// fit is stored and reads back as the player's history in order, re-running keeps the cases, and the
// CLI's `scan --db` writes the cases the desk lists.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include "audit_log.h"
#include "case_store.h"
#include "database.h"
#include "db_scan.h"
#include "fit_store.h"
#include "mahjong_store.h"
#include "model_store.h"
#include "replay.h"
#include "simulator.h"
#include "stats_io.h"

#include <bit>
#include <cmath>
#include <limits>
#include <random>
#include <sstream>

using namespace tw;
using namespace tw::store;
using namespace tw::pipeline;

namespace {

std::vector<GameRecord> corpus() {
    sim::SimOptions o;
    o.ruleset = RulesetId::Sichuan;
    o.games = 240;
    o.seed = 11;
    o.players = 12;
    o.colludingPairs = 1;
    o.assisted = 1;
    o.lateOnset = 0;
    std::vector<GameRecord> games;
    sim::Simulator s(o);
    s.run([&](const GameRecord& g) { games.push_back(g); });
    // Complaints against whoever sits in seat 3 of every 40th game.
    for (std::size_t i = 0; i < games.size(); i += 40)
        games[i].reports.push_back({games[i].seats[0], games[i].seats[2], "too lucky"});
    return games;
}

bool storeGames(Database& db, const std::vector<GameRecord>& games) {
    std::vector<StoredGame> batch;
    for (const auto& g : games) {
        Replay r(g);
        r.runToEnd();
        batch.push_back({g, summarize(r), {}, {}});
    }
    return MahjongStore(db).insertGames(batch);
}

std::vector<std::string> describe(const std::vector<Flag>& flags) {
    std::vector<std::string> out;
    for (const Flag& f : flags) {
        std::string s = std::string(flagKindWord(f.kind)) + " " + f.ruleset + " " + std::to_string(f.score) +
                        " " + std::to_string(f.games.size());
        for (const auto& p : f.players) s += " " + p;
        out.push_back(s);
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestDbScan : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    std::vector<GameRecord> games_ = corpus();

  private slots:
    // The per-move fits a seat is stored with come back from movesOf as they were saved, by seat; a row
    // written before they were typed (the same JSON keys, spliced into the detail) reads the same.
    void seatMovesRoundTrip_data() {
        QTest::addColumn<bool>("legacyRow");
        QTest::newRow("saved by FitStore") << false;
        QTest::newRow("a row of an older version") << true;
    }
    void seatMovesRoundTrip() {
        QFETCH(bool, legacyRow);
        Database db;
        QVERIFY(db.open(dir_.filePath(QStringLiteral("moves-%1.db").arg(legacyRow))));
        QVERIFY(storeGames(db, {games_[0]}));
        const std::string game = games_[0].id;
        MoveFit tested;
        tested.ply = 3, tested.before = 35, tested.after = -12, tested.fit = -0.4375, tested.weight = 0.75;
        tested.counted = true, tested.matched = false, tested.loss = 0.47, tested.best = "h2e2";
        MoveFit untested;
        untested.ply = 5, untested.before = 20, untested.after = 20, untested.fit = 1, untested.weight = 1;
        untested.counted = true, untested.best = "b0c2";
        MoveFit unscored;
        unscored.ply = 7; // a move after the engine's last score: nothing known but its place
        const std::vector<MoveFit> moves{tested, untested, unscored};
        GameFit fit;
        fit.fit = 0.25, fit.weight = 2.5, fit.counted = 2;
        QString error;
        QVERIFY2(FitStore(db).save({{game, 1, fit, moves}, {game, 2, fit, {}}}, "test", &error),
                 qPrintable(error));
        if (legacyRow) {
            const QString detail = QStringLiteral(
                "{\"fit\":0.25,\"weight\":2.5,\"result\":1,\"moves\":["
                "{\"after\":-12,\"before\":35,\"best\":\"h2e2\",\"counted\":true,\"fit\":-0.4375,"
                "\"loss\":0.47,\"matched\":false,\"ply\":3,\"weight\":0.75},"
                "{\"after\":20,\"before\":20,\"best\":\"b0c2\",\"counted\":true,\"fit\":1,\"loss\":null,"
                "\"matched\":null,\"ply\":5,\"weight\":1},"
                "{\"after\":0,\"before\":0,\"best\":\"\",\"counted\":false,\"fit\":0,\"loss\":null,"
                "\"matched\":null,\"ply\":7,\"weight\":0}]}");
            QSqlQuery q(db.connection());
            QVERIFY(q.prepare("UPDATE analyses SET detail = ? WHERE game_id = ? AND seat = 1"));
            q.addBindValue(detail);
            q.addBindValue(QString::fromStdString(game));
            QVERIFY(q.exec());
        }
        const auto stored = FitStore(db).movesOf(QString::fromStdString(game), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(stored.keys(), QList<int>{1}); // seat 2 has none
        QCOMPARE(stored.value(1).size(), moves.size());
        for (std::size_t i = 0; i < moves.size(); ++i)
            QVERIFY2(stored.value(1)[i] == moves[i], qPrintable(QString::number(i)));
    }

    // Every seat's detail reads as QString::arg(x, 0, 'g', 17) wrote it before the text was built by hand:
    // integers, signed zeros, negatives, halves, thirds, the smallest and largest doubles, the non-finite
    // ones, values whose 17th digit rounds, fits as a scan makes them (ratios of small integers) and random
    // bit patterns, with and without moves.
    void fitDetailAsArgWroteIt() {
        Database db;
        QVERIFY(db.open(dir_.filePath("detail.db")));
        QVERIFY(storeGames(db, games_));
        std::vector<double> values{0, -0.0, 1, -1, 2, 0.5, -0.4375, 0.1, 1.0 / 3, -2.0 / 3, 1e-4, 1.5e-5};
        for (const double x : {123456789012345678.0, 1e16, 1e17, 1e21, -1e-300, 5e-324, 0.22115384615384615})
            values.push_back(x);
        for (const double x : {std::numeric_limits<double>::max(), std::numeric_limits<double>::min(),
                               0.30000000000000004, qQNaN(), qInf(), -qInf()})
            values.push_back(x);
        std::mt19937_64 random(17);
        while (values.size() < 6000) {
            const std::uint64_t bits = random();
            switch (values.size() % 3) {
            case 0:
                values.push_back(double(int(bits % 201) - 100) / double(1 + (bits >> 8) % 97));
                break;
            case 1:
                values.push_back(std::ldexp(double(bits >> 11), -53) * 4 - 2);
                break;
            default:
                if (const double x = std::bit_cast<double>(bits); std::isfinite(x)) values.push_back(x);
            }
        }
        MoveFit move;
        move.ply = 4, move.fit = values[7], move.weight = 0.75, move.counted = true, move.best = "b2e2";
        auto argWrote = [](const SeatFit& f) {
            return QStringLiteral("{\"fit\":%1,\"weight\":%2,\"result\":%3%4}")
                .arg(f.fit.fit, 0, 'g', 17)
                .arg(f.fit.weight, 0, 'g', 17)
                .arg(int(f.fit.result))
                .arg(f.moves.empty()
                         ? QString()
                         : QStringLiteral(",\"moves\":") +
                               QString::fromUtf8(
                                   QJsonDocument(QJsonArray{QJsonObject{{"ply", f.moves[0].ply},
                                                                        {"before", f.moves[0].before},
                                                                        {"after", f.moves[0].after},
                                                                        {"fit", f.moves[0].fit},
                                                                        {"weight", f.moves[0].weight},
                                                                        {"counted", f.moves[0].counted},
                                                                        {"matched", QJsonValue()},
                                                                        {"loss", QJsonValue()},
                                                                        {"best", "b2e2"}}})
                                       .toJson(QJsonDocument::Compact)));
        };
        std::size_t next = 0, compared = 0;
        while (next + 1 < values.size()) {
            std::vector<SeatFit> fits;
            QMap<QPair<QString, int>, QString> expected;
            for (const GameRecord& g : games_)
                for (int seat = 1; seat <= 4 && next + 1 < values.size(); ++seat, next += 2) {
                    SeatFit f{g.id, seat, {}, {}};
                    f.fit.fit = values[next], f.fit.weight = values[next + 1];
                    f.fit.qualifies = next % 4 == 0;
                    f.fit.result = static_cast<GameResult>(next % 3);
                    if (next % 10 == 0) f.moves = {move};
                    expected[{QString::fromStdString(g.id), seat}] = argWrote(f);
                    fits.push_back(std::move(f));
                }
            QString error;
            QVERIFY2(FitStore(db).save(fits, "test", &error), qPrintable(error));
            QSqlQuery q(db.connection());
            QVERIFY(q.exec("SELECT game_id, seat, detail FROM analyses"));
            while (q.next()) {
                const auto it = expected.constFind({q.value(0).toString(), q.value(1).toInt()});
                if (it == expected.constEnd()) continue; // a seat of the round before
                QCOMPARE(q.value(2).toString(), *it);
                ++compared;
            }
        }
        QCOMPARE(compared, values.size() / 2);
    }

    // A seat twice among the fits saved at once keeps the later fit, within one statement and across
    // statements (more seats than one statement holds), and its row is the newest (lastRow()).
    void laterFitOfASeatReplacesTheEarlier() {
        Database db;
        QVERIFY(db.open(dir_.filePath("twice.db")));
        QVERIFY(storeGames(db, games_));
        std::vector<SeatFit> fits;
        auto fitOf = [](double x) {
            GameFit f;
            f.fit = x, f.weight = 1, f.counted = 9, f.qualifies = true;
            return f;
        };
        for (std::size_t i = 0; i < 200; ++i) fits.push_back({games_[i].id, 1, fitOf(double(i)), {}});
        fits.push_back({games_[0].id, 1, fitOf(-1), {}});   // its first fit went statements before
        fits.push_back({games_[199].id, 1, fitOf(-2), {}}); // just before
        fits.push_back({games_[0].id, 1, fitOf(-3), {}});   // twice replaced
        QString error;
        QVERIFY2(FitStore(db).save(fits, "test", &error), qPrintable(error));
        QCOMPARE(db.scalar("SELECT count(*) FROM analyses").toInt(), 200);
        auto fitOfGame = [&](std::size_t i) {
            return db
                .scalar(QStringLiteral("SELECT fit FROM analyses WHERE seat = 1 AND game_id = '%1'")
                            .arg(QString::fromStdString(games_[i].id)))
                .toDouble();
        };
        QCOMPARE(fitOfGame(0), -3.0);
        QCOMPARE(fitOfGame(199), -2.0);
        QCOMPARE(fitOfGame(100), 100.0);
        QCOMPARE(db.scalar("SELECT game_id FROM analyses ORDER BY rowid DESC LIMIT 1").toString(),
                 QString::fromStdString(games_[0].id));
    }

    // A row the table refuses fails the whole save with the words Qt's driver gave, and nothing of that save
    // is kept, not even the statements before the refused row's.
    void refusedFitsKeepNothing_data() {
        QTest::addColumn<QString>("game");
        QTest::addColumn<int>("seat");
        QTest::addColumn<QString>("why");
        QTest::newRow("seat 5") << QString::fromStdString(games_[0].id) << 5
                                << "writing the fits: CHECK constraint failed: seat BETWEEN 1 AND 4";
        QTest::newRow("game not stored")
            << "no-such-game" << 1 << "writing the fits: FOREIGN KEY constraint failed";
    }
    void refusedFitsKeepNothing() {
        QFETCH(QString, game);
        QFETCH(int, seat);
        QFETCH(QString, why);
        Database db;
        QVERIFY(db.open(dir_.filePath(QStringLiteral("refused-%1.db").arg(QTest::currentDataTag()))));
        const std::vector<GameRecord> stored(games_.begin(), games_.begin() + 31);
        QVERIFY(storeGames(db, stored));
        GameFit fit;
        fit.fit = 0.5, fit.weight = 1, fit.counted = 9, fit.qualifies = true;
        QString error;
        QVERIFY2(FitStore(db).save({{games_[0].id, 1, fit, {}}}, "first", &error), qPrintable(error));
        std::vector<SeatFit> fits;
        for (std::size_t g = 1; g < stored.size(); ++g)
            for (int s = 1; s <= 4; ++s) fits.push_back({stored[g].id, s, fit, {}});
        fits.push_back({game.toStdString(), seat, fit, {}});
        QVERIFY(!FitStore(db).save(fits, "second", &error));
        QCOMPARE(error, why);
        QCOMPARE(db.scalar("SELECT group_concat(method) FROM analyses").toString(), QStringLiteral("first"));
    }

    void sameFlagsAsFromRecords() {
        Database db;
        QVERIFY(db.open(dir_.filePath("a.db")));
        QVERIFY(storeGames(db, games_));
        DbScanResult r;
        QString error;
        QVector<long> seen;
        QVERIFY2(scanDatabase(db, {}, &r, &error,
                              [&](long done, long total) {
                                  seen << done;
                                  return total == long(games_.size());
                              }),
                 qPrintable(error));
        QVERIFY(!r.cancelled);
        QVERIFY(!seen.isEmpty());
        QCOMPARE(seen.last(), long(games_.size()));
        QCOMPARE(r.stats.games, long(games_.size()));

        CorpusScan direct(1);
        for (const auto& g : games_) direct.push(g);
        const std::vector<Flag> expected = direct.finish().flags();
        QVERIFY(!expected.empty());
        QCOMPARE(describe(r.flags), describe(expected));
        QVERIFY(std::any_of(expected.begin(), expected.end(),
                            [](const Flag& f) { return f.kind == tw::FlagKind::Reported; }));
        QVERIFY(std::any_of(expected.begin(), expected.end(),
                            [](const Flag& f) { return f.kind == tw::FlagKind::Collusion; }));

        CaseStore cases(db);
        QCOMPARE(r.saved.flagsNew, int(expected.size()));
        QCOMPARE(cases.caseCount(), qint64(r.saved.casesNew));
        QCOMPARE(db.scalar("SELECT count(*) FROM analyses").toInt(), 4 * int(games_.size()));

        // Again: nothing new, nothing duplicated.
        DbScanResult again;
        QVERIFY(scanDatabase(db, {}, &again, &error));
        QCOMPARE(again.saved.flagsNew + again.saved.casesNew + again.saved.flagsRetired, 0);
        QCOMPARE(cases.caseCount(), qint64(r.saved.casesNew));
        QCOMPARE(db.scalar("SELECT count(*) FROM analyses").toInt(), 4 * int(games_.size()));
    }

    // The seat fits are stored page by page as the scan reads the games (DbScanOptions::page), not held to
    // the end: over many pages, the last one short, on two threads, every seat of every game is analysed
    // once and stored once, with the rows and flags of a scan that read every game in one page; and rows
    // were stored while the scan was still reading.
    void fitsStoredOnceAcrossPages() {
        sim::SimOptions o;
        o.ruleset = RulesetId::Sichuan;
        o.games = 1210, o.seed = 12, o.players = 16;
        o.colludingPairs = 1, o.assisted = 1, o.lateOnset = 0;
        std::vector<GameRecord> games;
        sim::Simulator sim(o);
        sim.run([&](const GameRecord& g) { games.push_back(g); });
        const int n = int(games.size());
        auto rows = [](Database& db) {
            QStringList out;
            QSqlQuery q(db.connection());
            if (!q.exec("SELECT game_id, seat, quote(fit), counted, detail, method FROM analyses"
                        " ORDER BY game_id, seat"))
                return out << q.lastError().text();
            while (q.next()) {
                QStringList row;
                for (int c = 0; c < 6; ++c) row << q.value(c).toString();
                out << row.join(QLatin1Char('|'));
            }
            return out;
        };
        Database one, paged;
        QVERIFY(one.open(dir_.filePath("one-page.db")));
        QVERIFY(paged.open(dir_.filePath("pages.db")));
        QVERIFY(storeGames(one, games));
        QVERIFY(storeGames(paged, games));
        DbScanOptions whole;
        whole.threads = 1;
        QVERIFY(whole.page > n);
        DbScanOptions pages;
        pages.threads = 2;
        pages.page = 100; // 12 pages of 100 and one of 10
        DbScanResult a, b;
        QString error;
        QVERIFY2(scanDatabase(one, whole, &a, &error), qPrintable(error));
        // The threads take games in chunks of 256 and analyse them while the pages are read; a page read
        // before any fit was stored waits a little for the first chunk (its fits go with the next page).
        long reported = 0, pagesRead = 0;
        int storedWhileReading = 0;
        QVERIFY2(scanDatabase(paged, pages, &b, &error,
                              [&](long done, long total) {
                                  reported = std::max(reported, done);
                                  if (++pagesRead * pages.page < total) {
                                      storedWhileReading =
                                          paged.scalar("SELECT count(*) FROM analyses").toInt();
                                      if (storedWhileReading == 0 && pagesRead * pages.page > 256)
                                          QThread::msleep(200);
                                  }
                                  return true;
                              }),
                 qPrintable(error));
        QCOMPARE(b.stats.games, long(n));
        QCOMPARE(reported, long(n));
        QVERIFY2(storedWhileReading > 0 && storedWhileReading < 4 * n,
                 qPrintable(QString::number(storedWhileReading)));
        QCOMPARE(paged.scalar("SELECT count(*) FROM analyses").toInt(), 4 * n);
        QCOMPARE(paged.scalar("SELECT count(DISTINCT game_id) FROM analyses").toInt(), n);
        const QStringList expected = rows(one);
        QCOMPARE(expected.size(), 4 * n);
        QCOMPARE(rows(paged), expected);
        QCOMPARE(describe(b.flags), describe(a.flags));
    }

    void historyReadsBackTheScan() {
        Database db;
        QVERIFY(db.open(dir_.filePath("b.db")));
        QVERIFY(storeGames(db, games_));
        DbScanResult r;
        QVERIFY(scanDatabase(db, {}, &r));
        const std::string player = games_[0].seats[1];
        const auto& mine = r.stats.fits.games().at({player, int(RulesetId::Sichuan)});
        const auto history = FitStore(db).history(QString::fromStdString(player));
        QCOMPARE(history.size(), qsizetype(mine.size()));
        auto sorted = mine;
        std::sort(sorted.begin(), sorted.end(),
                  [](const PlayerGame& a, const PlayerGame& b) { return a.key() < b.key(); });
        for (qsizetype i = 0; i < history.size(); ++i) {
            QCOMPARE(history[i].gameId.toStdString(), sorted[i].gameId);
            QCOMPARE(history[i].fit, sorted[i].fit.fit); // exact: stored with 17 digits
            QCOMPARE(history[i].qualifies, sorted[i].fit.qualifies);
            QCOMPARE(history[i].ruleset, QStringLiteral("sichuan"));
        }
        QVERIFY(FitStore(db).history(QString::fromStdString(player), "anshan").isEmpty());
    }

    // Reports travel through --emit-stats / --merge-stats like the other statistics.
    void reportsSurviveShardMerge() {
        ScanStats whole, merged;
        CorpusScan direct(2);
        for (const auto& g : games_) direct.push(g);
        whole = direct.finish();
        for (int shard = 0; shard < 2; ++shard) {
            CorpusScan part(1);
            for (std::size_t i = shard; i < games_.size(); i += 2) part.push(games_[i]);
            std::stringstream text;
            writeStats(text, part.finish());
            std::string error;
            QVERIFY2(readStats(text, merged, &error), error.c_str());
        }
        QCOMPARE(describe(merged.flags()), describe(whole.flags()));
        QCOMPARE(merged.reports.byAccused().size(), whole.reports.byAccused().size());
        QVERIFY(!whole.reports.byAccused().empty());
    }

    // A scan's threads' statistics are moved into one at its end (ScanStats::merge(ScanStats&&)), not
    // copied: the same statistics as the copying merge, every part of them (fits, pairs with their
    // evidence, reports, the decision sample), and the parts moved from are left empty.
    void movingMergeIsTheCopyingMerge() {
        std::array<ScanStats, 2> halves;
        for (int shard = 0; shard < 2; ++shard) {
            CorpusScan part(1, {}, false, true);
            for (std::size_t i = shard; i < games_.size(); i += 2) part.push(games_[i]);
            halves[shard] = part.finish();
        }
        ScanStats copied, moved;
        for (const ScanStats& h : halves) copied.merge(h);
        for (const ScanStats& h : halves) {
            ScanStats taken = h;
            moved.merge(std::move(taken));
            QCOMPARE(taken.games, 0L);
            QVERIFY(taken.fits.games().empty() && taken.collusion.pairs().empty());
            QVERIFY(taken.reports.byAccused().empty() &&
                    taken.decisions[int(RulesetId::Sichuan)].size() == 0);
        }
        QVERIFY(copied.decisions[int(RulesetId::Sichuan)].size() > 0);
        QVERIFY(!copied.reports.byAccused().empty() && !copied.collusion.pairs().empty());
        std::stringstream a, b;
        writeStats(a, copied);
        writeStats(b, moved);
        QCOMPARE(b.str(), a.str());
    }

    void cancelLeavesCasesAlone() {
        Database db;
        QVERIFY(db.open(dir_.filePath("c.db")));
        QVERIFY(storeGames(db, games_));
        DbScanResult r;
        QVERIFY(scanDatabase(db, {}, &r, nullptr, [](long, long) { return false; }));
        QVERIFY(r.cancelled);
        QCOMPARE(db.scalar("SELECT count(*) FROM cases").toInt(), 0);
        QCOMPARE(db.scalar("SELECT count(*) FROM audit_log WHERE action = 'analysis'").toInt(), 0);
        QCOMPARE(db.scalar("SELECT count(*) FROM audit_log WHERE action = 'import'").toInt(),
                 1); // the stored batch
    }

    void cliScanDb() {
        const QString path = dir_.filePath("d.db");
        {
            Database db;
            QVERIFY(db.open(path));
            QVERIFY(storeGames(db, games_));
        }
        QProcess p;
        p.start(TW_CLI, {"scan", "--db", path, "--quiet"});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        const QList<QByteArray> lines = p.readAllStandardOutput().trimmed().split('\n');
        Database db;
        QVERIFY(db.open(path));
        QCOMPARE(db.scalar("SELECT count(*) FROM flags").toInt(), lines.size());
        QVERIFY(lines[0].startsWith("{\"kind\":"));
        QVERIFY(db.scalar("SELECT count(*) FROM cases").toInt() > 0);
        QCOMPARE(db.scalar("SELECT actor FROM audit_log WHERE action = 'analysis'").toString(),
                 QStringLiteral("tilewatch-cli"));
        p.start(TW_CLI, {"scan", "--db", path, "extra.jsonl"});
        QVERIFY(p.waitForFinished());
        QCOMPARE(p.exitCode(), 2);
    }

    // A population large enough calibrates its own reference; the model is stored, audited and named by
    // every calibrated flag. A model `calibrate --db` wrote is then in force instead, and nothing new is
    // calibrated.
    void selfCalibratesAndRecordsTheModel() {
        sim::SimOptions o;
        o.ruleset = RulesetId::Xinchang;
        o.games = 1500, o.seed = 5, o.players = 48;
        o.colludingPairs = 0, o.assisted = 2, o.lateOnset = 0;
        std::vector<GameRecord> games;
        sim::Simulator sim(o);
        sim.run([&](const GameRecord& g) { games.push_back(g); });
        Database db;
        QVERIFY(db.open(dir_.filePath("self.db")));
        QVERIFY(storeGames(db, games));
        DbScanResult r;
        QString error;
        QVERIFY2(scanDatabase(db, {}, &r, &error), qPrintable(error));
        QVERIFY(r.models.calibration[0].has_value());
        QCOMPARE(db.scalar("SELECT count(*) FROM decision_models WHERE source = 'scan'").toInt(), 1);
        const qint64 model = db.scalar("SELECT id FROM decision_models").toLongLong();
        QCOMPARE(r.fit.reference[0].s, db.scalar("SELECT s FROM decision_models").toDouble());
        QCOMPARE(r.fit.reference[0].dispersion,
                 db.scalar("SELECT dispersion FROM decision_models").toDouble());
        QVERIFY(r.fit.reference[0].dispersion >= 1);
        // The reference's reliability on the strongest band is kept for the reports: bins that sum to the
        // band.
        const auto stored = ModelStore(db).byId(model);
        QVERIFY(stored);
        const QJsonArray bins =
            QJsonDocument::fromJson(stored->detail.toUtf8()).object()["reliability"].toArray();
        QVERIFY(bins.size() >= 3);
        double binned = 0;
        for (const QJsonValue& b : bins) {
            binned += b["decisions"].toDouble();
            QVERIFY(b["predicted"].toDouble() >= b["from"].toDouble() &&
                    b["predicted"].toDouble() <= b["to"].toDouble());
        }
        QCOMPARE(binned, r.models.calibration[0]->bands.back().decisions * 1.0);
        int calibrated = 0;
        for (const Flag& f : r.flags)
            if (f.kind == tw::FlagKind::EngineAssist || f.kind == tw::FlagKind::LateOnset) {
                ++calibrated;
                QCOMPARE(f.model, "model " + std::to_string(model));
                QVERIFY(f.qValue <= 1e-3);
            }
        QVERIFY(calibrated >= 1);
        QVERIFY(db.scalar("SELECT evidence FROM flags WHERE kind = 'engine_assist'")
                    .toString()
                    .contains(QStringLiteral("\"model\":\"model %1\"").arg(model)));
        QVERIFY(db.scalar("SELECT detail FROM audit_log WHERE action = 'analysis'")
                    .toString()
                    .contains("\"models\""));
        QVERIFY(AuditLog(db).verify().ok);

        // An operator's calibration is in force from now on.
        StoredModel fixed = ModelStore::builtin(RulesetId::Xinchang);
        fixed.source = QStringLiteral("calibrate");
        fixed.model = {0.02, 0.6};
        QVector<StoredModel> rows{fixed};
        QVERIFY2(ModelStore(db).saveCalibration(rows, "tester", &error), qPrintable(error));
        DbScanResult again;
        QVERIFY2(scanDatabase(db, {}, &again, &error), qPrintable(error));
        QVERIFY(!again.models.calibration[0].has_value());
        QCOMPARE(again.fit.reference[0].s, 0.02);
        QCOMPARE(again.fit.models[0], "model " + std::to_string(rows[0].id));
        QCOMPARE(db.scalar("SELECT count(*) FROM decision_models").toInt(), 2);
        QCOMPARE(ModelStore(db).latest().size(), 1);
        QCOMPARE(ModelStore(db).latest()[0].source, QStringLiteral("calibrate"));
        QVERIFY(AuditLog(db).verify().ok);
        // Rows of the model table cannot be changed.
        QSqlQuery q(db.connection());
        QVERIFY(!q.exec("UPDATE decision_models SET s = 1"));
    }
};

QTEST_GUILESS_MAIN(TestDbScan)
#include "tst_db_scan.moc"
