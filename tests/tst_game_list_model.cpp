// The Games and Players views' models on a real database of a few thousand games without a case: pages read
// after the last row (fetchMore) until the end, in order, each game once and no copy; the filters (a player
// under any of their names, a match, a ruleset, a range of days) against the same selection made here from
// what was stored; counts; the signals a view relies on; all under QAbstractItemModelTester. With
// TW_GAME_LIST_ON=server (ctest's tst_pg_game_list) the same on the tests' PostgreSQL server, whose C.UTF-8
// collation orders names as this test does.
#include <QAbstractItemModelTester>
#include <QDateTime>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>

#include "database.h"
#include "desk.h"
#include "desk_db.h"
#include "game_list_model.h"
#include "mahjong_store.h"
#include "pg_server.h"
#include "player_aliases.h"
#include "player_list_model.h"
#include "replay.h"
#include "simulator.h"
#include "timestamp.h"

using namespace tw;
using models::GameListModel;
using models::GameQuery;
using models::PlayerListModel;

namespace {

// What the test stored of one counted game, to select and order the expected rows by itself.
struct Stored {
    QString id, ruleset, match;
    std::optional<qint64> ms;
    QStringList players;
};

// The views' order: newest first, then by id; games without a time last, by id.
bool before(const Stored& a, const Stored& b) {
    if (a.ms.has_value() != b.ms.has_value()) return a.ms.has_value();
    if (a.ms && *a.ms != *b.ms) return *a.ms > *b.ms;
    return a.id < b.id;
}

void fetchAll(QAbstractItemModel& m) {
    while (m.canFetchMore({})) m.fetchMore({});
}

QStringList rowIds(const GameListModel& m) {
    QStringList ids;
    for (int r = 0; r < m.rowCount(); ++r) ids << m.index(r, 0).data(GameListModel::GameIdRole).toString();
    return ids;
}

} // namespace

class TestGameListModel : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    std::vector<Stored> counted_;        // every counted game, in the views' order
    QStringList copies_;                 // stored copies of counted games (never listed)
    QString alias_, canonical_;          // alias_ merged into canonical_
    QMap<QString, QStringList> namesOf_; // canonical player → every name

    std::vector<Stored> expected(const std::function<bool(const Stored&)>& keep) const {
        std::vector<Stored> out;
        for (const Stored& s : counted_)
            if (keep(s)) out.push_back(s);
        return out;
    }
    static QStringList idsOf(const std::vector<Stored>& v) {
        QStringList ids;
        for (const Stored& s : v) ids << s.id;
        return ids;
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        db_ = dir_.filePath(QStringLiteral("games.db"));
        if (qEnvironmentVariable("TW_GAME_LIST_ON") == QLatin1String("server")) {
            QString error;
            QVERIFY2(test::usePgServer(&error), qPrintable(error));
            db_ = test::newPgDatabase(QStringLiteral("game_list"), &error);
            QVERIFY2(!db_.isEmpty(), qPrintable(error));
        }
        // 40 simulated games of two rulesets, each stored 80 times over with other players, ids and times:
        // 3,200 games, two at each start time (so pages end inside a second), every 37th without a time,
        // every tenth copy in a match, and some copies of stored games under new ids.
        std::vector<GameRecord> base;
        for (RulesetId r : {RulesetId::Sichuan, RulesetId::Xinchang}) {
            sim::SimOptions o;
            o.ruleset = r;
            o.games = 20;
            o.seed = 5;
            o.players = 12;
            sim::Simulator(o).run([&](const GameRecord& g) { base.push_back(g); });
        }
        std::vector<store::StoredGame> batch;
        int n = 0;
        for (int k = 0; k < 80; ++k) {
            for (const GameRecord& original : base) {
                GameRecord g = original;
                g.id = QStringLiteral("g%1-%2")
                           .arg(k, 2, 10, QLatin1Char('0'))
                           .arg(QString::fromStdString(original.id))
                           .toStdString();
                for (std::string& seat : g.seats) seat = std::to_string(k) + "-" + seat;
                g.match = k % 10 == 0 ? "m" + std::to_string(k) : std::string();
                // Offsets differ: the order is by the UTC instant, not by the text.
                const QDateTime at =
                    QDateTime(QDate(2025, 1, 1), QTime(0, 0), Qt::UTC).addSecs(qint64(n / 2) * 3600);
                g.startedAt = n % 37 == 0 ? std::string()
                              : n % 2     ? at.toOffsetFromUtc(8 * 3600).toString(Qt::ISODate).toStdString()
                                          : at.toString(Qt::ISODate).toStdString();
                ++n;
                Replay replay(g);
                replay.runToEnd();
                batch.push_back({g, summarize(replay), {}, {}});
                Stored s{QString::fromStdString(g.id),
                         QString::fromLatin1(rulesetName(g.ruleset)),
                         QString::fromStdString(g.match),
                         {},
                         {}};
                if (auto ms = store::utcMillis(g.startedAt)) s.ms = *ms;
                for (const std::string& p : g.seats) s.players << QString::fromStdString(p);
                counted_.push_back(s);
            }
        }
        // Copies: the same game, players and all, under another id (as a second export of one table),
        // imported after it.
        std::vector<store::StoredGame> copies;
        for (int i = 0; i < 5; ++i) {
            store::StoredGame copy = batch[size_t(i) * 101];
            copy.record.id = "copy-" + std::to_string(i);
            copies_ << QString::fromStdString(copy.record.id);
            copies.push_back(copy);
        }
        store::Database db;
        QString error;
        QVERIFY2(db.open(db_, &error), qPrintable(error));
        QVERIFY2(store::MahjongStore(db).insertGames(batch, nullptr, &error), qPrintable(error));
        QVERIFY2(store::MahjongStore(db).insertGames(copies, nullptr, &error), qPrintable(error));
        // One player known under a second name.
        canonical_ = counted_[0].players[0];
        for (const Stored& s : counted_)
            for (const QString& p : s.players)
                if (alias_.isEmpty() && p != canonical_ && !s.players.contains(canonical_)) alias_ = p;
        QVERIFY(!alias_.isEmpty());
        QVERIFY2(store::PlayerAliases(db).merge(alias_, canonical_, QStringLiteral("same person"),
                                                QStringLiteral("test"), &error),
                 qPrintable(error));
        std::sort(counted_.begin(), counted_.end(), before);
        namesOf_[canonical_] = {canonical_, alias_};
    }

    void cleanupTestCase() {
        if (db_.startsWith(QLatin1String("postgresql:"))) test::dropPgDatabase(db_);
    }

    // Every game once, in order, no copy; the count agrees; QAbstractItemModelTester checks each step.
    void pagesToTheEnd() {
        models::Desk desk;
        QVERIFY(desk.openDatabase(db_));
        GameListModel* m = desk.gameList();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m->pageSize = 97; // pages that end anywhere, inside a second's pair too
        m->refresh();
        QCOMPARE(m->rowCount(), 97);
        QCOMPARE(m->totalCount(), qint64(counted_.size()));
        QSignalSpy inserted(m, &QAbstractItemModel::rowsInserted);
        int fetches = 0;
        while (m->canFetchMore({})) {
            const int before = m->rowCount();
            m->fetchMore({});
            ++fetches;
            QVERIFY(m->rowCount() - before <= 97);
        }
        QCOMPARE(m->rowCount(), int(counted_.size()));
        QCOMPARE(rowIds(*m), idsOf(counted_));
        for (const QString& copy : copies_) QVERIFY(!rowIds(*m).contains(copy));
        QCOMPARE(inserted.size(), int(counted_.size() - 1) / 97); // a last empty read inserts nothing
        QVERIFY(fetches >= inserted.size());
        // The roles a view reads.
        const Stored& first = counted_.front();
        QCOMPARE(m->index(0, 0).data(GameListModel::PlayersRole).toStringList(), first.players);
        QCOMPARE(m->index(0, 0).data(GameListModel::RulesetRole).toString(), first.ruleset);
        QCOMPARE(m->index(0, 0).data(GameListModel::StartedMsRole).toLongLong(), *first.ms);
        QCOMPARE(m->index(0, GameListModel::Game).data().toString(), first.id);
        QVERIFY(!m->index(m->rowCount() - 1, 0).data(GameListModel::StartedMsRole).isValid());
    }

    void filters_data() {
        QTest::addColumn<QString>("player");
        QTest::addColumn<QString>("match");
        QTest::addColumn<QString>("ruleset");
        QTest::addColumn<QDate>("from");
        QTest::addColumn<QDate>("to");
        const auto row = [](const char* name, const QString& player, const QString& match,
                            const QString& ruleset, const QDate& from = {}, const QDate& to = {}) {
            QTest::addRow("%s", name) << player << match << ruleset << from << to;
        };
        const QString none;
        row("player", counted_[500].players[2], none, none);
        row("canonical player", canonical_, none, none);
        row("player by other name", alias_, none, none);
        row("unknown player", QStringLiteral("nobody-at-all"), none, none);
        row("match", none, QStringLiteral("m30"), none);
        row("ruleset", none, none, QStringLiteral("xinchang"));
        row("days", none, none, none, QDate(2025, 1, 10), QDate(2025, 1, 20));
        row("from a day", none, none, none, QDate(2025, 2, 20));
        row("player, ruleset and days", canonical_, none, QStringLiteral("sichuan"), QDate(2025, 1, 1),
            QDate(2025, 2, 1));
    }
    void filters() {
        QFETCH(QString, player);
        QFETCH(QString, match);
        QFETCH(QString, ruleset);
        QFETCH(QDate, from);
        QFETCH(QDate, to);
        models::Desk desk;
        QVERIFY(desk.openDatabase(db_));
        GameListModel* m = desk.gameList();
        m->pageSize = 50;
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(m, &QAbstractItemModel::modelReset);
        m->setQuery({player, match, ruleset, from, to});
        QCOMPARE(reset.size(), 1);
        m->setQuery({player, match, ruleset, from, to}); // the same query reads nothing again
        QCOMPARE(reset.size(), 1);
        const QStringList names = namesOf_.value(player, {player});
        const QStringList canonicalNames = player == alias_ ? namesOf_[canonical_] : names;
        const qint64 fromMs = from.isValid() ? QDateTime(from, QTime(0, 0), Qt::UTC).toMSecsSinceEpoch() : 0;
        const qint64 untilMs =
            to.isValid() ? QDateTime(to.addDays(1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch() : 0;
        const auto want = expected([&](const Stored& s) {
            if (!player.isEmpty() && std::none_of(s.players.begin(), s.players.end(), [&](const QString& p) {
                    return canonicalNames.contains(p);
                }))
                return false;
            if (!match.isEmpty() && s.match != match) return false;
            if (!ruleset.isEmpty() && s.ruleset != ruleset) return false;
            if (from.isValid() && (!s.ms || *s.ms < fromMs)) return false;
            if (to.isValid() && (!s.ms || *s.ms >= untilMs)) return false;
            return true;
        });
        QCOMPARE(m->totalCount(), qint64(want.size()));
        fetchAll(*m);
        QCOMPARE(rowIds(*m), idsOf(want));
        if (player != QLatin1String("nobody-at-all")) QVERIFY(!want.empty()); // a filter that finds something
    }

    // Players: by name, a page at a time, found by any part of any of their names, with their games.
    void players() {
        models::Desk desk;
        QVERIFY(desk.openDatabase(db_));
        PlayerListModel* m = desk.playerList();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        m->pageSize = 30;
        m->refresh();
        QCOMPARE(m->rowCount(), 30);
        std::map<QString, qint64> games; // canonical name → counted games
        for (const Stored& s : counted_)
            for (const QString& p : s.players) ++games[p == alias_ ? canonical_ : p];
        QCOMPARE(m->totalCount(), qint64(games.size()));
        QSignalSpy inserted(m, &QAbstractItemModel::rowsInserted);
        fetchAll(*m);
        QCOMPARE(m->rowCount(), int(games.size()));
        QVERIFY(inserted.size() >= int(games.size() / 30) - 1);
        int row = 0;
        for (const auto& [name, count] : games) {
            QCOMPARE(m->index(row, 0).data(PlayerListModel::PlayerRole).toString(), name);
            QCOMPARE(m->index(row, 0).data(PlayerListModel::GamesRole).toLongLong(), count);
            ++row;
        }
        // The other name, in other letters' case, finds the player it belongs to, never itself.
        m->setSearch(alias_.toUpper());
        fetchAll(*m);
        qint64 named = 0;
        for (const auto& [name, count] : games)
            if (name.contains(alias_) || (name == canonical_)) ++named;
        QCOMPARE(m->totalCount(), named);
        QCOMPARE(m->rowCount(), int(named));
        bool found = false;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString name = m->index(r, 0).data(PlayerListModel::PlayerRole).toString();
            QVERIFY(name != alias_);
            if (name == canonical_) {
                found = true;
                QCOMPARE(m->index(r, PlayerListModel::OtherNames).data().toString(), alias_);
            }
        }
        QVERIFY(found);
        // A part of a name: every player whose name holds it.
        const QString part = QStringLiteral("3-");
        m->setSearch(part);
        fetchAll(*m);
        qint64 holding = 0;
        for (const auto& [name, count] : games)
            if (name.contains(part) || (name == canonical_ && alias_.contains(part))) ++holding;
        QCOMPARE(m->totalCount(), holding);
        QCOMPARE(m->rowCount(), int(holding));
        // LIKE's own characters are searched for as they are.
        m->setSearch(QStringLiteral("%"));
        QCOMPARE(m->rowCount(), 0);
    }

    // The open cases of each player, as the player page reads them (CaseStore's own player filter), on the
    // desk tests' scanned database: a pair's case, engine and late-onset cases, reported players.
    void openCases() {
        if (db_.startsWith(QLatin1String("postgresql:"))) QSKIP("the scan runs on a file here");
        const QString scanned = dir_.filePath(QStringLiteral("scanned.db"));
        QVERIFY(twtest::makeDeskDb(scanned));
        models::Desk desk;
        QVERIFY(desk.openDatabase(scanned));
        PlayerListModel* m = desk.playerList();
        QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        fetchAll(*m);
        QVERIFY(m->rowCount() > 0);
        int withCases = 0;
        for (int r = 0; r < m->rowCount(); ++r) {
            const QString name = m->index(r, 0).data(PlayerListModel::PlayerRole).toString();
            int open = 0;
            for (const models::PlayerCaseView& c : desk.casesOfPlayer(name))
                open += c.status == QLatin1String("open");
            QCOMPARE(m->index(r, 0).data(PlayerListModel::OpenCasesRole).toInt(), open);
            QCOMPARE(m->index(r, PlayerListModel::OpenCases).data().toInt(), open);
            withCases += open > 0;
        }
        QVERIFY(withCases > 0 && withCases < m->rowCount()); // some players have a case, some none
    }
};

QTEST_MAIN(TestGameListModel)
#include "tst_game_list_model.moc"
