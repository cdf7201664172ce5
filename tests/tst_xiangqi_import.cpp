// Xiangqi games into the database: the sample master games (ICCS and Chinese PGN, from the
// peer data) stored and read back exactly as the readers give them; a file with one bad game stores the
// others and names the bad one's ply; GB18030 and Big5 files made here with iconv; xq/1 JSON Lines; the CLI;
// a database holding mahjong hands and xiangqi games side by side, with shared players; the audit chain.
#include <QProcess>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include "iconv_text.h"

#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "audit_log.h"
#include "database.h"
#include "db_scan.h"
#include "fingerprint.h"
#include "importer.h"
#include "mahjong_store.h"
#include "ops_blob.h"
#include "ops_codec.h"
#include "simulator.h"
#include "xiangqi/board.h"
#include "xiangqi/game.h"
#include "xiangqi/notation.h"
#include "xiangqi/pgn.h"
#include "xiangqi/xq_lines.h"
#include "xiangqi_store.h"

using namespace tw;
using tw::pipeline::ImportRejection;
using tw::pipeline::ImportResult;
using tw::store::Database;
using tw::store::XiangqiStore;

namespace {

const QString kPeer = QStringLiteral(TW_PEER_DATA) + "/xiangqi/";
const char* const kFourSoldiers = "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
const char* const kBlackToMove = "3k5/9/1r7/9/9/9/1r7/9/9/4K4 b - - 0 1";

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QByteArray readPeer(const QString& name) {
    QFile f(kPeer + name);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

void writeBytes(const QString& path, const std::string& bytes) {
    std::ofstream f(path.toStdString(), std::ios::binary);
    f << bytes;
}

xq::Move moveOf(const char* iccs) {
    return {xq::squareAt(iccs[0] - 'a', iccs[1] - '0'), xq::squareAt(iccs[2] - 'a', iccs[3] - '0')};
}

using twtest::iconvTo;

struct Imported {
    ImportResult result;
    std::vector<ImportRejection> rejections;
};

Imported importInto(Database& db, const QStringList& files, int batchSize = 2000) {
    store::MahjongStore games(db);
    pipeline::Importer importer(games);
    importer.batchSize = batchSize;
    Imported out;
    importer.onRejected = [&](const ImportRejection& r) { out.rejections.push_back(r); };
    out.result = importer.importFiles(files);
    return out;
}

// Random legal games from the standard start (a fixed seed): players from `players`, times a minute apart
// in reverse id order (so time order and id order differ), every result, a report now and then.
std::vector<xq::Game> randomGames(int n, std::uint32_t seed, const std::vector<std::string>& players) {
    std::mt19937 rng(seed);
    std::vector<xq::Game> out;
    for (int i = 0; i < n; ++i) {
        xq::Game g;
        g.id = QString("syn-%1").arg(i, 6, 10, QChar('0')).toStdString();
        g.red = players[rng() % players.size()];
        do g.black = players[rng() % players.size()];
        while (g.black == g.red);
        g.result = xq::Result(rng() % 4);
        g.startedAt = QDateTime(QDate(2025, 3, 1), QTime(12, 0), Qt::UTC)
                          .addSecs(60LL * (n - i))
                          .toString(Qt::ISODate)
                          .toStdString();
        if (i % 17 == 0) g.reports = {{g.black, g.red, "engine"}};
        xq::Board b = xq::Board::start();
        const int plies = 30 + int(rng() % 130);
        xq::Move moves[xq::kMaxMoves];
        for (int k = 0; k < plies; ++k) {
            const int count = b.legalMoves(moves);
            if (count == 0) break;
            const xq::Move m = moves[rng() % count];
            g.moves.push_back(m);
            b.make(m);
        }
        out.push_back(std::move(g));
    }
    return out;
}

std::string xqLines(const std::vector<xq::Game>& games) {
    std::string text;
    for (const xq::Game& g : games) text += xq::writeXqLine(g) + "\n";
    return text;
}

// The games as Chinese-notation PGN, moves glued to their numbers as some sites write them.
std::string chinesePgn(const std::vector<xq::Game>& games) {
    std::string pgn;
    for (const xq::Game& g : games) {
        pgn += "[ID \"" + g.id + "\"]\n[Red \"" + g.red + "\"]\n[Black \"" + g.black + "\"]\n\n";
        xq::Board b = xq::Board::start();
        for (std::size_t i = 0; i < g.moves.size(); ++i) {
            if (i % 2 == 0) {
                if (i) pgn += ' ';
                pgn += std::to_string(i / 2 + 1);
                pgn += '.';
            }
            pgn += xq::chinese(b, g.moves[i]);
            b.make(g.moves[i]);
        }
        pgn += "\n\n";
    }
    return pgn;
}

QVariant scalar(Database& db, const QString& sql, const QVariantList& binds = {}) {
    QSqlQuery qq(db.connection());
    qq.prepare(sql);
    for (int i = 0; i < binds.size(); ++i) qq.bindValue(i, binds[i]);
    if (!qq.exec() || !qq.next()) return {};
    return qq.value(0);
}

} // namespace

class TestXiangqiImport : public QObject {
    Q_OBJECT
  private slots:
    // Both sample files in one import: 30 games, each read back exactly as the reader gives it.
    void sampleFiles() {
        QTemporaryDir dir;
        const QString iccsFile = kPeer + "bulk_games_uci.pgn", tradFile = kPeer + "trad.pgn";
        const QByteArray iccsBytes = readPeer("bulk_games_uci.pgn"), tradBytes = readPeer("trad.pgn");
        QVERIFY2(!iccsBytes.isEmpty() && !tradBytes.isEmpty(),
                 qPrintable("cannot read the samples in " + kPeer));
        // Stored as the importer names them: no game has an ID tag, so each is named by its content.
        xq::Import a = xq::readPgn(iccsBytes.toStdString(), "bulk_games_uci.pgn");
        xq::Import c = xq::readPgn(tradBytes.toStdString(), "trad.pgn");
        QCOMPARE(int(a.games.size()), 15);
        QCOMPARE(int(c.games.size()), 15);
        for (xq::Import* file : {&a, &c})
            for (std::size_t i = 0; i < file->games.size(); ++i) {
                QVERIFY(!file->ownIds[i]);
                file->games[i].id = store::contentId(file->games[i]);
            }

        Database db;
        QVERIFY(db.open(dir.filePath("x.db")));
        const Imported in = importInto(db, {iccsFile, tradFile});
        QVERIFY2(in.result.error.isEmpty(), qPrintable(in.result.error));
        // The two samples are the same 15 games in two notations, except that game 2's ply 71 reads
        // 前兵进一 (e5e6) in one and 后兵进一 (e3e4) in the other: 16 games; the 14 copies have the ids of
        // the games they copy (same moves, same players) and are counted, not stored again.
        QCOMPARE(in.result.imported, 16);
        QCOMPARE(in.result.duplicates, 14);
        QCOMPARE(in.result.rejected, 0);
        QCOMPARE(in.result.skipped, 0);
        QCOMPARE(in.result.unfinished, 0);
        XiangqiStore store(db);
        QCOMPARE(store.gameCount(), 16);
        QCOMPARE(store::MahjongStore(db).gameCount(), 16);
        int moves = 0;
        std::set<std::string> distinct;
        for (const xq::Import* file : {&a, &c})
            for (const xq::Game& want : file->games) {
                QString error;
                const auto got = store.game(want.id, &error);
                QVERIFY2(got, qPrintable(q(want.id) + ": " + error));
                if (!distinct.insert(want.id).second) continue; // a copy: the record read first is stored
                QVERIFY2(*got == want, qPrintable(q(want.id)));
                moves += int(got->moves.size());
            }
        QCOMPARE(int(distinct.size()), 16);
        QCOMPARE(moves, 1378 + int(c.games[1].moves.size()));
        QCOMPARE(q(store.game(c.games[0].id)->red), q(c.games[0].red));
        // Each keeps where it was read: the sample file's full path and the game's place there.
        QCOMPARE(
            scalar(db, QString("SELECT source FROM games WHERE id = '%1'").arg(q(a.games[0].id))).toString(),
            QFileInfo(iccsFile).canonicalFilePath() + "#1");

        // Paging through every game in id order.
        std::vector<std::string> ids;
        for (std::string after;;) {
            const auto page = store.gamesAfter(after, 7);
            if (page.empty()) break;
            for (const xq::Game& g : page) ids.push_back(g.id);
            after = page.back().id;
        }
        QCOMPARE(int(ids.size()), 16);
        QVERIFY(std::is_sorted(ids.begin(), ids.end()));

        // The busiest player's games (no times in the samples: in id order), the copies left out.
        std::map<std::string, int> seen;
        for (const xq::Game& g : a.games) ++seen[g.red], ++seen[g.black];
        const std::string player =
            std::max_element(seen.begin(), seen.end(), [](const auto& x, const auto& y) {
                return x.second < y.second;
            })->first;
        std::vector<std::string> want;
        for (const xq::Import* file : {&a, &c})
            for (const xq::Game& g : file->games)
                if ((g.red == player || g.black == player) &&
                    std::find(ids.begin(), ids.end(), g.id) != ids.end())
                    want.push_back(g.id);
        std::sort(want.begin(), want.end());
        want.erase(std::unique(want.begin(), want.end()), want.end()); // a copy is its game
        std::vector<std::string> got;
        for (const xq::Game& g : store.gamesOfPlayer(player, 100)) got.push_back(g.id);
        QCOMPARE(got, want);
        QVERIFY(got.size() >= 2);
        // Players are the shared players table: each name once.
        std::set<std::string> names;
        for (const xq::Game& g : a.games) names.insert({g.red, g.black});
        QCOMPARE(scalar(db, "SELECT count(*) FROM players").toInt(), int(names.size()));

        // A second import skips every game and writes no audit row.
        const qint64 auditRows = scalar(db, "SELECT count(*) FROM audit_log").toLongLong();
        QVERIFY(auditRows >= 1);
        const Imported again = importInto(db, {iccsFile, tradFile});
        QCOMPARE(again.result.imported, 0);
        QCOMPARE(again.result.skipped, 16);    // the records stored, from the files they were read from
        QCOMPARE(again.result.duplicates, 14); // the copies, from the other file, again
        QCOMPARE(again.result.rejected, 0);
        QCOMPARE(store.gameCount(), 16);
        QCOMPARE(scalar(db, "SELECT count(*) FROM audit_log").toLongLong(), auditRows);
        const store::AuditCheck check = store::AuditLog(db).verify();
        QVERIFY2(check.ok, qPrintable(check.reason));
        QVERIFY(scalar(db, "SELECT detail FROM audit_log ORDER BY id LIMIT 1")
                    .toString()
                    .contains("\"ruleset\":\"xiangqi\""));
    }

    // What the rows hold: the side to move first as dealer, the FEN only when not standard, the result
    // as winners and points, no seat and no player for "?", reports, times.
    void storedRows() {
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath("x.db")));
        xq::Game black;
        black.id = "fen-game";
        black.red = "红方";
        black.black = "p2";
        black.result = xq::Result::BlackWins;
        black.startedAt = "2025-05-01T20:15:00+08:00";
        black.reports = {{"红方", "p2", "engine"}, {"x", "p2", ""}};
        black.fen = kBlackToMove;
        black.moves = {moveOf("b3b0"), moveOf("e0e1"), moveOf("b7b8")};
        xq::Game unknown;
        unknown.id = "no-names";
        unknown.red = "?";
        unknown.black = "?";
        unknown.result = xq::Result::Draw;
        unknown.moves = {moveOf("h2e2")};
        xq::Game red;
        red.id = "red-wins";
        red.red = "p2";
        red.black = "?";
        red.result = xq::Result::RedWins;
        xq::Game none;
        none.id = "no-result";
        none.red = "p3";
        none.black = "p2";
        XiangqiStore store(db);
        store::InsertResult ins;
        QString error;
        QVERIFY2(store.insertGames({black, unknown, red, none, black}, &ins, &error), qPrintable(error));
        QCOMPARE(ins.inserted, 4);
        QCOMPARE(ins.skipped, 1); // the same id twice in one batch
        for (const xq::Game& g : {black, unknown, red, none}) {
            const auto back = store.game(g.id, &error);
            QVERIFY2(back && *back == g, qPrintable(q(g.id) + " " + error));
        }
        QSqlQuery r(db.connection());
        QVERIFY(r.exec("SELECT id, ruleset, dealer, fen, finished, winners, points, started_ms, match, valid"
                       " FROM games ORDER BY id"));
        const QStringList rows[] = {
            {"fen-game", "xiangqi", "2", kBlackToMove, "1", "[2]", "[-1,1,0,0]", "1746101700000", "", "1"},
            {"no-names", "xiangqi", "1", "", "1", "[]", "[0,0,0,0]", "", "", "1"},
            {"no-result", "xiangqi", "1", "", "0", "[]", "[0,0,0,0]", "", "", "1"},
            {"red-wins", "xiangqi", "1", "", "1", "[1]", "[1,-1,0,0]", "", "", "1"}};
        for (const QStringList& want : rows) {
            QVERIFY(r.next());
            QStringList got;
            for (int i = 0; i < 10; ++i) got << r.value(i).toString();
            QCOMPARE(got, want);
        }
        QVERIFY(r.exec(
            "SELECT game_id || ':' || seat || ':' || player_id FROM game_seats ORDER BY game_id, seat"));
        QStringList seats;
        while (r.next()) seats << r.value(0).toString();
        QCOMPARE(seats, QStringList({"fen-game:1:红方", "fen-game:2:p2", "no-result:1:p3", "no-result:2:p2",
                                     "red-wins:1:p2"}));
        QCOMPARE(scalar(db, "SELECT count(*) FROM players WHERE id = '?'").toInt(), 0);
        QCOMPARE(scalar(db, "SELECT count(*) FROM players").toInt(), 3);
        QCOMPARE(scalar(db, "SELECT count(*) FROM reports WHERE game_id = 'fen-game'").toInt(), 2);
        // p2's games, oldest first, the one without a time after the ones with (here all lack one but
        // fen-game): fen-game first, then by id.
        std::vector<std::string> ids;
        for (const xq::Game& g : store.gamesOfPlayer("p2", 10)) ids.push_back(g.id);
        QCOMPARE(ids, std::vector<std::string>({"fen-game", "no-result", "red-wins"}));
        ids.clear();
        for (const xq::Game& g : store.gamesOfPlayer("p2", 1, 1)) ids.push_back(g.id);
        QCOMPARE(ids, std::vector<std::string>({"no-result"}));
        QVERIFY(store.gamesOfPlayer("?", 10).empty());
        QCOMPARE(store.rulesetOf("fen-game"), QString("xiangqi"));
        QCOMPARE(store.rulesetOf("nothing"), QString());
        // Stored as the xiangqi kind (games.kind), which is what every xiangqi look-up walks.
        QCOMPARE(store::MahjongStore(db).kindOf("fen-game"), std::optional(GameKind::Xiangqi));
        QCOMPARE(scalar(db, "SELECT count(*) FROM games WHERE kind <> 1").toInt(), 0);
        QVERIFY(!store::MahjongStore(db).kindOf("nothing"));
        QVERIFY(!store.game("nothing", &error));
        QVERIFY(error.isEmpty());
    }

    // The store checks again what the readers checked: a caller that skipped them stores nothing bad, and a
    // bad game is refused alone.
    void insertChecksEveryGame_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("moves");
        QTest::addColumn<QString>("reason");
        QTest::newRow("illegal move") << ""
                                      << "h2e2 h2e3"
                                      << "game bad: ply 2: 'h2e3' moves from h2, which is empty";
        QTest::newRow("wrong side") << ""
                                    << "h9g7"
                                    << "game bad: ply 1: 'h9g7'";
        QTest::newRow("bad FEN") << "4k4/9/9 w"
                                 << ""
                                 << "game bad: bad start position: bad FEN";
    }
    void insertChecksEveryGame() {
        QFETCH(QString, fen);
        QFETCH(QString, moves);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        Database db;
        QVERIFY(db.open(dir.filePath("x.db")));
        xq::Game good;
        good.id = "good";
        good.red = "a";
        good.black = "b";
        good.moves = {moveOf("h2e2")};
        xq::Game bad = good;
        bad.id = "bad";
        bad.fen = fen.toStdString();
        bad.moves.clear();
        for (const QString& m : moves.split(' ', Qt::SkipEmptyParts))
            bad.moves.push_back(moveOf(qPrintable(m)));
        XiangqiStore store(db);
        QString error;
        // The bad game is refused alone, with its reason; the good one of the batch is stored.
        store::InsertResult result;
        QVERIFY2(store.insertGames({good, bad}, &result, &error), qPrintable(error));
        QCOMPARE(int(result.rejected.size()), 1);
        QCOMPARE(QString::fromStdString(result.rejected[0].id), QString("bad"));
        const QString why = QString::fromStdString(result.rejected[0].reason);
        QVERIFY2(why.startsWith(reason.mid(QStringLiteral("game bad: ").size())), qPrintable(why));
        QCOMPARE(result.inserted, 1);
        QCOMPARE(store::MahjongStore(db).gameCount(), 1);
        QVERIFY(!store::MahjongStore(db).hasGame("bad"));
        QCOMPARE(scalar(db, "SELECT count(*) FROM audit_log").toInt(), 1);
        QCOMPARE(scalar(db, "SELECT count(*) FROM players").toInt(), 2);
        // The importer's lighter check (its readers checked every move) still reads the start position.
        if (!fen.isEmpty()) {
            QVERIFY(store.insertGames({good, bad}, &result, &error, XiangqiStore::Check::ReaderChecked));
            QCOMPARE(int(result.rejected.size()), 1);
            QVERIFY2(QString::fromStdString(result.rejected[0].reason)
                         .startsWith(reason.mid(QStringLiteral("game bad: ").size())),
                     result.rejected[0].reason.c_str());
            QCOMPARE(store::MahjongStore(db).gameCount(), 1);
        }
    }

    // The ICCS sample rewritten in WXF ("C2.5", "+R-1") imports to the same moves.
    void wxfFile() {
        const QString iccsFile = kPeer + "bulk_games_uci.pgn";
        const xq::Import a =
            xq::readPgn(readPeer("bulk_games_uci.pgn").toStdString(), iccsFile.toStdString());
        QCOMPARE(int(a.games.size()), 15);
        std::string pgn;
        for (const xq::Game& g : a.games) {
            pgn += "[ID \"" + g.id + "\"]\n[Red \"" + g.red + "\"]\n[Black \"" + g.black +
                   "\"]\n[Format \"WXF\"]\n\n";
            xq::Board b = xq::Board::start();
            for (std::size_t i = 0; i < g.moves.size(); ++i) {
                if (i % 2 == 0) pgn += std::to_string(i / 2 + 1) + ". ";
                pgn += xq::wxf(b, g.moves[i]) + " ";
                b.make(g.moves[i]);
            }
            pgn += "\n\n";
        }
        QVERIFY(pgn.find("+R") != std::string::npos || pgn.find("-R") != std::string::npos ||
                pgn.find("+P") != std::string::npos);
        QTemporaryDir dir;
        writeBytes(dir.filePath("wxf.pgn"), pgn);
        Database db;
        QVERIFY(db.open(dir.filePath("x.db")));
        const Imported in = importInto(db, {dir.filePath("wxf.pgn")});
        QCOMPARE(in.result.rejected, 0);
        QCOMPARE(in.result.imported, 15);
        for (const xq::Game& want : a.games) {
            const auto got = XiangqiStore(db).game(want.id);
            QVERIFY2(got && *got == want, want.id.c_str());
        }
    }

    void movesBlob() {
        const std::vector<xq::Move> moves = {moveOf("h2e2"), moveOf("h9g7"), moveOf("a0a9"), moveOf("i9i0")};
        const std::string blob = store::encodeXqMoves(moves);
        QCOMPARE(int(blob.size()), 9);
        QCOMPARE(int(blob[0]), 0x58);
        std::vector<xq::Move> back;
        std::string error;
        QVERIFY(store::decodeXqMoves(blob.data(), blob.size(), &back, &error));
        QVERIFY(back == moves);
        QVERIFY(store::decodeXqMoves("X", 1, &back, &error) && back.empty());
        const std::string ops = store::encodeOps({353211});
        QVERIFY(!store::decodeXqMoves(ops.data(), ops.size(), &back, &error));
        QVERIFY2(q(error).contains("unknown format tag"), error.c_str());
        QVERIFY(!store::decodeXqMoves(blob.data(), blob.size() - 1, &back, &error));
        QVERIFY2(q(error).contains("truncated"), error.c_str());
        const std::string offBoard = std::string("X") + char(4) + char(90);
        QVERIFY(!store::decodeXqMoves(offBoard.data(), offBoard.size(), &back, &error));
        QVERIFY2(q(error).contains("square out of range in move 1"), error.c_str());
        // and the mahjong codec refuses a xiangqi blob rather than misreading it
        std::vector<std::int64_t> opsBack;
        QVERIFY(!store::decodeOps(blob.data(), blob.size(), &opsBack, &error));
    }

    // A three-game file whose middle game is bad: that game alone is rejected, naming its ply and reason.
    void badGameInTheMiddle_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("where"); // how the message names the game
        QTest::addColumn<int>("ply");
        QTest::addColumn<QString>("reason");
        const QString head = "[Red \"a\"]\n[Black \"b\"]\n\n1. h2e2 h9g7 1-0\n\n[Red \"c\"]\n[Black \"d\"]\n";
        const QString tail = "\n\n[Red \"e\"]\n[Black \"f\"]\n\n1. c3c4 *\n";
        QTest::newRow("illegal ICCS move")
            << "mid.pgn" << head + "1. h2e2 h9g7\n2. h2e3 h7h3" + tail << "game mid.pgn#2 (#2 in the file)"
            << 3 << "'h2e3' moves from h2, which is empty";
        QTest::newRow("ambiguous Chinese move")
            << "mid.pgn" << head + QString("[FEN \"%1\"]\n1. 前兵进一").arg(kFourSoldiers) + tail
            << "game mid.pgn#2 (#2 in the file)" << 1 << "is ambiguous";
        QTest::newRow("impossible Chinese move")
            << "mid.pgn" << head + "1. 炮二平五 炮８进９" + tail << "game mid.pgn#2 (#2 in the file)" << 2
            << "no legal move matches '炮８进９'";
        QTest::newRow("bad FEN") << "mid.pgn" << head + "[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n1. e0e1" + tail
                                 << "game mid.pgn#2 (#2 in the file)" << 0 << "bad FEN";
        // Read by content, whatever the name.
        QTest::newRow("PGN named .txt")
            << "mid.txt" << head + "1. h2e2 h9g7 2. h2e3" + tail << "game mid.txt#2 (#2 in the file)" << 3
            << "moves from h2, which is empty";
        // One rule for players in both formats: each side named, "?" is no name, and not the same player
        // twice.
        const QString first = "[Red \"a\"]\n[Black \"b\"]\n\n1. h2e2 h9g7 1-0\n\n";
        QTest::newRow("same player on both sides")
            << "mid.pgn" << first + "[Red \"c\"]\n[Black \"c\"]\n1. h2e2" + tail
            << "game mid.pgn#2 (#2 in the file)" << 0 << "player c plays both red and black";
        QTest::newRow("no Red tag") << "mid.pgn" << first + "[Black \"d\"]\n1. h2e2" + tail
                                    << "game mid.pgn#2 (#2 in the file)" << 0 << "no Red player named";
        QTest::newRow("Red tag empty") << "mid.pgn" << first + "[Red \"\"]\n[Black \"d\"]\n1. h2e2" + tail
                                       << "game mid.pgn#2 (#2 in the file)" << 0 << "no Red player named";
        QTest::newRow("Black is ?") << "mid.pgn" << first + "[Red \"c\"]\n[Black \"?\"]\n1. h2e2" + tail
                                    << "game mid.pgn#2 (#2 in the file)" << 0 << "no Black player named";
        QTest::newRow("no tags at all") << "mid.pgn" << first + "1. h2e2 h9g7 *" + tail
                                        << "game mid.pgn#2 (#2 in the file)" << 0 << "no Red player named";
        const QString line1 = R"({"format":"xq/1","id":"g1","red":"p1","black":"p2","moves":["h2e2"]})";
        const QString line3 =
            R"({"format":"xq/1","id":"g3","red":"p1","black":"p2","result":"0-1","moves":[]})";
        // Escaped, not a raw string: moc (6.4) loses the class after a raw string with an unmatched brace.
        QTest::newRow("truncated JSON line")
            << "mid.jsonl"
            << line1 + "\n{\"format\":\"xq/1\",\"id\":\"g2\",\"red\":\"p1\",\"bla\n" + line3 + "\n"
            << "game g2 (#2 in the file)" << 0 << "not valid JSON";
        QTest::newRow("illegal xq/1 move")
            << "mid.jsonl"
            << line1 + "\n" +
                   R"({"format":"xq/1","id":"g2","red":"p1","black":"p2","moves":["h2e2","h9g7","h2e3"]})" +
                   "\n" + line3
            << "game g2 (#2 in the file)" << 3 << "'h2e3' moves from h2, which is empty";
        QTest::newRow("xq/1 Red is ?")
            << "mid.jsonl"
            << line1 + "\n" + R"({"format":"xq/1","id":"g2","red":"?","black":"p2","moves":[]})" + "\n" +
                   line3
            << "game g2 (#2 in the file)" << 0 << "no Red player named";
        QTest::newRow("xq/1 line not a record") << "mid.jsonl" << line1 + "\n[1, 2]\n" + line3
                                                << "game #2 in the file" << 0 << "not a JSON object";
    }
    void badGameInTheMiddle() {
        QFETCH(QString, name);
        QFETCH(QString, text);
        QFETCH(QString, where);
        QFETCH(int, ply);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString file = dir.filePath(name);
        writeBytes(file, text.toStdString());
        Database db;
        QVERIFY(db.open(dir.filePath("x.db")));
        const Imported in = importInto(db, {file});
        QVERIFY2(in.result.error.isEmpty(), qPrintable(in.result.error));
        QCOMPARE(in.result.imported, 2);
        QCOMPARE(in.result.rejected, 1);
        QCOMPARE(int(in.rejections.size()), 1);
        const ImportRejection& r = in.rejections[0];
        QCOMPARE(r.place, 2);
        QCOMPARE(r.kind, tw::GameKind::Xiangqi);
        QCOMPARE(r.step, ply ? ply : -1); // a defect that is not one move has no step
        const QString message = r.message();
        QVERIFY2(message.startsWith(file + ":" + QString::number(r.line) + ": " + where + ", "),
                 qPrintable(message));
        QVERIFY2(r.line >= 2, qPrintable(message));
        if (ply)
            QVERIFY2(message.contains(QString(", ply %1: ").arg(ply)), qPrintable(message));
        else
            QVERIFY2(!message.contains("ply"), qPrintable(message));
        QVERIFY2(message.contains(reason), qPrintable(message));
        XiangqiStore store(db);
        QCOMPARE(store.gameCount(), 2);
        const bool json = name.endsWith(".jsonl");
        // A PGN game without an ID tag is stored under its content's id: found by where it was read.
        auto id = [&](int n) {
            return json ? "g" + std::to_string(n)
                        : scalar(db, QString("SELECT id FROM games WHERE source = '%1#%2'")
                                         .arg(QFileInfo(file).canonicalFilePath())
                                         .arg(n))
                              .toString()
                              .toStdString();
        };
        QVERIFY(store.game(id(1)));
        QVERIFY(store.game(id(3)));
        QVERIFY(!store.game(id(2)));
        QCOMPARE(int(store.game(json ? id(3) : id(1))->result),
                 int(json ? xq::Result::BlackWins : xq::Result::RedWins));
        const store::AuditCheck check = store::AuditLog(db).verify();
        QVERIFY2(check.ok, qPrintable(check.reason));
    }

    // The Chinese sample in GB18030 and in Big5 (made here from the UTF-8 file) stores the same games.
    void encodings() {
        const QByteArray utf8 = readPeer("trad.pgn");
        QVERIFY2(!utf8.isEmpty(), "peer data missing");
        QString error;
        const std::string gb = iconvTo(utf8.toStdString(), "GB18030", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const std::string big5 = iconvTo(twtest::traditional(utf8.toStdString()), "BIG5", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(gb != utf8.toStdString() && big5 != gb);

        std::vector<std::vector<xq::Game>> stored;
        for (const std::string& bytes : {utf8.toStdString(), gb, big5}) {
            QTemporaryDir dir;
            const QString file = dir.filePath("trad.pgn"); // the same name: the same game ids
            writeBytes(file, bytes);
            Database db;
            QVERIFY(db.open(dir.filePath("x.db")));
            const Imported in = importInto(db, {file});
            QCOMPARE(in.result.rejected, 0);
            QCOMPARE(in.result.imported, 15);
            stored.push_back(XiangqiStore(db).gamesAfter("", 100));
            QCOMPARE(int(stored.back().size()), 15);
        }
        QVERIFY(stored[0] == stored[1]);
        QVERIFY(stored[0] == stored[2]);
        QVERIFY(stored[0][0].red != "?" && !stored[0][0].moves.empty());
    }

    // Mahjong hands and xiangqi games in one database, the same people playing both.
    void mixedWithMahjong() {
        QTemporaryDir dir;
        sim::SimOptions o;
        o.ruleset = RulesetId::Sichuan;
        o.games = 60;
        o.seed = 4;
        o.players = 8;
        std::string mahjong;
        std::set<std::string> people;
        std::map<std::string, int> mahjongGamesOf;
        sim::Simulator(o).run([&](const GameRecord& g) {
            mahjong += writeOpsLine(g) + "\n";
            for (const std::string& p : g.seats) people.insert(p), ++mahjongGamesOf[p];
        });
        const std::vector<std::string> players(people.begin(), people.end());
        const std::vector<xq::Game> xiangqi = randomGames(40, 7, players);
        writeBytes(dir.filePath("hands.jsonl"), mahjong);
        writeBytes(dir.filePath("games.jsonl"), xqLines(xiangqi));

        Database db;
        QVERIFY(db.open(dir.filePath("x.db")));
        const Imported in = importInto(db, {dir.filePath("hands.jsonl"), dir.filePath("games.jsonl")}, 25);
        QVERIFY2(in.result.error.isEmpty(), qPrintable(in.result.error));
        QCOMPARE(in.result.rejected, 0);
        QCOMPARE(in.result.imported, 100);
        store::MahjongStore hands(db);
        XiangqiStore games(db);
        QCOMPARE(hands.gameCount(), 100);
        QCOMPARE(games.gameCount(), 40);
        QCOMPARE(hands.playerCount(), qint64(players.size())); // one row per person, whatever they play

        // The mahjong look-ups see hands only, the xiangqi ones games only.
        int pages = 0, seen = 0;
        for (std::string after;; ++pages) {
            const auto page = hands.gamesAfter(after, 7);
            if (page.empty()) break;
            seen += int(page.size());
            after = page.back().record.id;
        }
        QCOMPARE(seen, 60);
        const std::string& p = players.front();
        const auto handsOfP = hands.gamesOfPlayer(p, 1000);
        QCOMPARE(int(handsOfP.size()), mahjongGamesOf[p]);
        std::vector<std::string> want;
        for (const xq::Game& g : xiangqi)
            if (g.red == p || g.black == p) want.push_back(g.id);
        std::reverse(want.begin(), want.end()); // later ids started earlier: oldest first is reverse id order
        std::vector<std::string> got;
        for (const xq::Game& g : games.gamesOfPlayer(p, 1000)) got.push_back(g.id);
        QCOMPARE(got, want);
        QVERIFY(!want.empty());
        const auto pair = hands.gamesOfPair(players[0], players[1], 1000);
        for (const store::StoredGame& g : pair) QVERIFY(q(g.record.id).startsWith("sichuan-"));
        for (const xq::Game& g : xiangqi) {
            const auto back = games.game(g.id);
            QVERIFY(back && *back == g);
        }
        QString error;
        QVERIFY(!hands.game(xiangqi[0].id, &error));
        QVERIFY2(error.contains("is a xiangqi game"), qPrintable(error));
        QVERIFY(!games.game("sichuan-1", &error));
        QVERIFY2(error.contains("is a sichuan game, not a xiangqi game"), qPrintable(error));

        // The analysis over the database takes the hands and leaves the xiangqi games alone.
        pipeline::DbScanOptions options;
        options.threads = 1;
        pipeline::DbScanResult scan;
        QVERIFY2(pipeline::scanDatabase(db, options, &scan, &error), qPrintable(error));
        QCOMPARE(int(scan.stats.games), 60);
        const store::AuditCheck check = store::AuditLog(db).verify();
        QVERIFY2(check.ok, qPrintable(check.reason));
        QVERIFY(check.rows >=
                6); // 3 hand batches, 2 game batches (a chunk may span both files), the analysis
    }

    // Progress after every batch; a cancel between batches keeps whole games only, and a second run
    // completes the file.
    void progressAndCancel() {
        QTemporaryDir dir;
        const QString file = dir.filePath("many.jsonl");
        writeBytes(file, xqLines(randomGames(300, 11, {"a", "b", "c", "d"})));
        const QString path = dir.filePath("x.db");
        {
            Database db;
            QVERIFY(db.open(path));
            store::MahjongStore hands(db);
            pipeline::Importer importer(hands);
            importer.batchSize = 20;
            int calls = 0;
            importer.onProgress = [&](const pipeline::ImportProgress& p) {
                ++calls;
                return p.imported < 20;
            };
            const ImportResult r = importer.importFiles({file});
            QVERIFY(r.cancelled);
            QCOMPARE(r.imported, 20);
            QCOMPARE(calls, 1);
            QCOMPARE(XiangqiStore(db).gameCount(), 20);
            QCOMPARE(scalar(db, "SELECT count(*) FROM games g WHERE (SELECT count(*) FROM game_seats s"
                                " WHERE s.game_id = g.id) != 2")
                         .toInt(),
                     0);
            QCOMPARE(scalar(db, "PRAGMA integrity_check").toString(), QString("ok"));
        }
        Database db;
        QVERIFY(db.open(path));
        store::MahjongStore hands(db);
        pipeline::Importer importer(hands);
        importer.batchSize = 50;
        std::vector<pipeline::ImportProgress> seen;
        importer.onProgress = [&](const pipeline::ImportProgress& p) {
            seen.push_back(p);
            return true;
        };
        const ImportResult r = importer.importFiles({file});
        QVERIFY(!r.cancelled);
        QCOMPARE(r.imported, 280);
        QCOMPARE(r.skipped, 20);
        QVERIFY(seen.size() >= 6);
        for (std::size_t i = 1; i < seen.size(); ++i) QVERIFY(seen[i].bytesDone >= seen[i - 1].bytesDone);
        QCOMPARE(seen.back().bytesDone, seen.back().bytesTotal);
        QCOMPARE(seen.back().read, 300);
        QCOMPARE(XiangqiStore(db).gameCount(), 300);
    }

    void commandLine() {
        QTemporaryDir dir;
        const QString dbPath = dir.filePath("c.db");
        const QString trad = kPeer + "trad.pgn";
        QProcess p;
        auto run = [&](const QStringList& args) {
            p.start(TW_CLI, args);
            return p.waitForFinished(60000);
        };
        QVERIFY(run({"import", trad, "--db", dbPath, "--quiet"}));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString(p.readAllStandardOutput()).trimmed(),
                 QString("imported 15, duplicates 0, rejected 0"));

        const QString bad = dir.filePath("bad.pgn");
        writeBytes(bad, "[Red \"a\"]\n[Black \"b\"]\n1. h2e2 h9g7 1-0\n\n[Red \"c\"]\n[Black \"d\"]\n"
                        "1. h2e2 h9g7\n2. h2e3 h7h3\n\n[Red \"e\"]\n[Black \"f\"]\n1. c3c4\n");
        QVERIFY(run({"import", bad, trad, "--db", dbPath}));
        QCOMPARE(p.exitCode(), 1); // some input rejected
        QCOMPARE(QString(p.readAllStandardOutput()).trimmed(),
                 QString("imported 2, duplicates 0, rejected 1"));
        const QString err = p.readAllStandardError();
        QVERIFY2(err.contains(
                     "rejected: " + bad +
                     ":8: game bad.pgn#2 (#2 in the file), ply 3: 'h2e3' moves from h2, which is empty\n"),
                 qPrintable(err));
        QVERIFY2(err.contains("15 already in the database"), qPrintable(err));

        QVERIFY(run({"import", trad}));
        QCOMPARE(p.exitCode(), 2); // no --db
        QVERIFY(run({"import", "--db", dbPath}));
        QCOMPARE(p.exitCode(), 2); // no file
        QVERIFY(run({"import", trad, "--db", dbPath, "--frobnicate"}));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(QString(p.readAllStandardError()).contains("unknown option --frobnicate"));
        QVERIFY(run({"import", "--help"}));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QString(p.readAllStandardOutput()).contains("xq/1"));

        // show: one line per ply with the side, ICCS and Chinese notation, as our notation writes them.
        xq::Import read =
            xq::readPgn(readPeer("trad.pgn").toStdString(), QFileInfo(trad).fileName().toStdString());
        QCOMPARE(int(read.games.size()), 15);
        xq::Game& g = read.games[2];
        g.id = store::contentId(g); // no ID tag: stored under its content's id
        QVERIFY(run({"show", q(g.id), "--db", dbPath}));
        QCOMPARE(p.exitCode(), 0);
        const QStringList lines =
            QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.value(0), "game " + q(g.id) + "  xiangqi");
        QCOMPARE(lines.value(1), "  red:   " + q(g.red));
        QCOMPARE(lines.value(2), "  black: " + q(g.black));
        QCOMPARE(lines.value(3), QString("  start: the standard position"));
        xq::Board b = xq::Board::start();
        for (std::size_t i = 0; i < g.moves.size(); ++i) {
            const QString want = QString("%1  %2  %3  %4")
                                     .arg(i + 1, 4)
                                     .arg(i % 2 ? "black" : "red  ")
                                     .arg(q(xq::iccs(g.moves[i])), q(xq::chinese(b, g.moves[i])));
            QCOMPARE(lines.value(4 + int(i)), want);
            b.make(g.moves[i]);
        }
        QCOMPARE(lines.value(4 + int(g.moves.size())), QString("result: not recorded"));
        QCOMPARE(lines.size(), 5 + int(g.moves.size()));
        const xq::Import badRead = xq::readGameFile(bad.toStdString());
        QCOMPARE(int(badRead.games.size()), 2);
        QVERIFY(run({"show", q(store::contentId(badRead.games[0])), "--db", dbPath, "--traditional"}));
        QCOMPARE(p.exitCode(), 0);
        const QString shown = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(shown.contains("   2  black  h9g7  馬８進７\n") && shown.contains("result: 1-0 (red wins)"),
                 qPrintable(shown));
        QVERIFY(run({"show", "bad.pgn#2", "--db", dbPath}));
        QCOMPARE(p.exitCode(), 1); // rejected, so not stored
        QVERIFY(run({"show", "--db", dbPath}));
        QCOMPARE(p.exitCode(), 2);

        // A mahjong file into the same database still imports and shows as before.
        sim::SimOptions o;
        o.ruleset = RulesetId::Anshan;
        o.games = 5;
        o.seed = 3;
        std::string hands;
        sim::Simulator(o).run([&](const GameRecord& r) { hands += writeOpsLine(r) + "\n"; });
        writeBytes(dir.filePath("a.jsonl"), hands);
        QVERIFY(run({"import", dir.filePath("a.jsonl"), "--db", dbPath, "--quiet"}));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(QString(p.readAllStandardOutput()).trimmed(),
                 QString("imported 5, duplicates 0, rejected 0"));
        QVERIFY(run({"show", "anshan-1", "--db", dbPath}));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(QString(p.readAllStandardOutput()).contains("game anshan-1  anshan"));
        QVERIFY(run({"audit", "verify", "--db", dbPath}));
        QCOMPARE(p.exitCode(), 0);
    }

    // Text meant for a terminal shows control characters escaped: a game id or player name cannot retitle
    // the window or clear the screen through import's rejection line or show.
    void terminalEscapesShownEscaped() {
        QTemporaryDir dir;
        const QString file = dir.filePath("esc.pgn"), dbPath = dir.filePath("e.db");
        writeBytes(file, "[ID \"g\x1b]0;pwn\x07\x1b[2J\"]\n[Red \"a\"]\n[Black \"b\"]\n1. h2e3\n\n"
                         "[ID \"ok\"]\n[Red \"r\x1b[2J\"]\n[Black \"b\xc2\x9b\"]\n1. h2e2\n");
        QProcess p;
        p.start(TW_CLI, {"import", file, "--db", dbPath, "--quiet"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        const QByteArray err = p.readAllStandardError();
        QVERIFY2(err.contains("(id g\\x1b]0;pwn\\x07\\x1b[2J)") ||
                     err.contains("game g\\x1b]0;pwn\\x07\\x1b[2J"),
                 err.constData());
        QVERIFY(!err.contains('\x1b') && !err.contains('\x07'));
        p.start(TW_CLI, {"show", "ok", "--db", dbPath});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray out = p.readAllStandardOutput();
        QVERIFY2(out.contains("  red:   r\\x1b[2J\n  black: b\\u{9b}\n"), out.constData());
        QVERIFY(!out.contains('\x1b') && !out.contains("\xc2\x9b"));
    }

    // Throughput on synthetic games (printed, not asserted: the machine varies; TW_XQ_RATE_GAMES=N for
    // another count). Every game must go in.
    void importRate_data() {
        QTest::addColumn<QString>("format");
        QTest::newRow("xq/1") << "xq/1";
        QTest::newRow("Chinese PGN") << "pgn";
    }
    void importRate() {
        QFETCH(QString, format);
        const int n = qEnvironmentVariableIntValue("TW_XQ_RATE_GAMES") > 0
                          ? qEnvironmentVariableIntValue("TW_XQ_RATE_GAMES")
                          : 3000;
        std::vector<std::string> players;
        for (int i = 0; i < 500; ++i) players.push_back("player-" + std::to_string(i));
        const std::vector<xq::Game> games = randomGames(n, 5, players);
        QTemporaryDir dir;
        const QString file = dir.filePath(format == "pgn" ? "rate.pgn" : "rate.jsonl");
        writeBytes(file, format == "pgn" ? chinesePgn(games) : xqLines(games));
        Database db;
        QVERIFY(db.open(dir.filePath("rate.db")));
        QElapsedTimer timer;
        timer.start();
        const Imported in = importInto(db, {file});
        const double seconds = timer.nsecsElapsed() / 1e9;
        QVERIFY2(in.result.error.isEmpty(), qPrintable(in.result.error));
        QCOMPARE(in.result.rejected, 0);
        QCOMPARE(in.result.imported, n);
        long long plies = 0;
        for (const xq::Game& g : games) plies += qint64(g.moves.size());
        qInfo("%s: %d games (%lld plies, %.1f MB) in %.2f s: %.0f games/s", qPrintable(format), n, plies,
              QFileInfo(file).size() / 1e6, seconds, n / seconds);
        // spot check: a game read back from the PGN (no times, results or reports there) has its moves
        const xq::Game& last = games.back();
        const auto back = XiangqiStore(db).game(last.id);
        QVERIFY(back && back->moves == last.moves);
    }
};

QTEST_GUILESS_MAIN(TestXiangqiImport)
#include "tst_xiangqi_import.moc"
