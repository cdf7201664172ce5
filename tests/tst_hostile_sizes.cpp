// Hostile sizes: every reader of untrusted input keeps to the stated limits (rules/text_limits.h) — a name,
// an id, a tag or any other text field over its limit, or holding a NUL, refuses its record with the reason
// and never its value echoed; files read whole and lines are read no further than their limit — the stores
// refuse a bad record alone and keep the rest of the batch, and text that reaches a terminal has its
// control and bidi characters escaped. The PostgreSQL side of the batch is tst_pg_store.
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

#include "cli_run.h"
#include "hostile_batch.h"

#include "database.h"
#include "json.h"
#include "mahjong_store.h"
#include "ops_codec.h"
#include "tenhou/match_file.h"
#include "tenhou/mjai.h"
#include "tenhou/mjlog.h"
#include "tenhou/tenhou6.h"
#include "text_limits.h"
#include "visible_text.h"
#include "xiangqi/pgn.h"
#include "xiangqi/xq_lines.h"

using namespace tw;
using tw::test::cli;

namespace {

#define RUN_OK(r) QVERIFY2((r).exit == 0, (r).err.constData())

const std::string kMjlog = TW_PEER_DATA "/tenhou-mjx/2010081709gm-00a9-0000-fe3371ad.mjlog";

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

void writeFile(const QString& path, const std::string& bytes) {
    std::ofstream(path.toStdString(), std::ios::binary) << bytes;
}

// The real match with attribute `key` of its first tag holding it set to `value`.
std::string mjlogWith(const std::string& key, const std::string& value) {
    std::string text = readFile(kMjlog);
    const std::size_t at = text.find(" " + key + "=\"");
    if (at == std::string::npos) return {};
    const std::size_t from = at + key.size() + 3, to = text.find('"', from);
    return text.replace(from, to - from, value);
}

// A match of `hands` hands, each dealt and drawn at once (the reader checks tags, not the rules).
std::string mjlogOfHands(int hands) {
    std::string text =
        "<mjloggm ver=\"2.3\"><GO type=\"169\" lobby=\"0\"/><UN n0=\"a\" n1=\"b\" n2=\"c\" n3=\"d\" "
        "dan=\"1,1,1,1\" rate=\"1500,1500,1500,1500\" sx=\"M,M,M,M\"/>";
    std::string hai[4];
    for (int s = 0; s < 4; ++s)
        for (int t = 0; t < 13; ++t) hai[s].append(t ? "," : "").append(std::to_string(s * 13 + t));
    std::string hand = "<INIT seed=\"0,0,0,1,2,60\" ten=\"250,250,250,250\" oya=\"0\"";
    for (int s = 0; s < 4; ++s)
        hand.append(" hai").append(std::to_string(s)).append("=\"").append(hai[s]).append("\"");
    hand += "/><RYUUKYOKU ba=\"0,0\" sc=\"250,0,250,0,250,0,250,0\"/>";
    for (int h = 0; h < hands; ++h) text += hand;
    return text + "</mjloggm>";
}

// Record `index` of the test data as a line with `change` made to it.
std::string opsLine(const std::function<void(GameRecord&)>& change, int index = 0) {
    std::ifstream in(TW_TEST_DATA "/games/xinchang.jsonl");
    OpsReader reader(in);
    auto item = reader.next();
    for (int i = 0; i < index && item; ++i) item = reader.next();
    if (!item || !item->ok) return {};
    change(item->game);
    return writeOpsLine(item->game);
}

QString opsProblem(const std::string& line) {
    GameRecord g;
    OpsRejection why;
    return readOpsLine(line, g, why) ? QString() : QString::fromStdString(why.message());
}

std::string xqLine(const std::string& red, const std::string& extra = {}) {
    return "{\"format\":\"xq/1\",\"id\":\"g1\",\"red\":" + json::quote(red) + ",\"black\":\"b\"" + extra +
           ",\"moves\":[\"h2e2\"]}";
}

QString xqProblem(const std::string& line) {
    xq::Game g;
    xq::Rejection why;
    return xq::readXqLine(line, g, why) ? QString() : QString::fromStdString(why.reason);
}

QString pgnProblem(const std::string& text) {
    const xq::Import in = xq::readPgn(text, "t.pgn");
    return in.rejections.empty() ? QString() : QString::fromStdString(in.rejections.front().reason);
}

} // namespace

class TestHostileSizes : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void opsFieldsKeepToTheirLimits() {
        const std::string name(limits::kNameBytes, 'n');
        QCOMPARE(opsProblem(opsLine([&](GameRecord& g) { g.seats[0] = name; })), QString());
        QString why = opsProblem(opsLine([&](GameRecord& g) { g.seats[2] = name + "n"; }));
        QVERIFY2(why.contains("player name of seat 3 is 257 bytes long, more than the limit of 256 bytes"),
                 qPrintable(why));
        QVERIFY2(!why.contains(QString::fromStdString(name)), "the name is echoed");
        why = opsProblem(opsLine([&](GameRecord& g) { g.seats[1] = std::string("a\0b", 3); }));
        QVERIFY2(why.contains("NUL"), qPrintable(why));
        why = opsProblem(opsLine([&](GameRecord& g) { g.id = std::string(limits::kIdBytes + 1, 'i'); }));
        QVERIFY2(why.contains("game id is 513 bytes long"), qPrintable(why));
        QVERIFY2(why.size() < 1000, "the id is echoed whole");
        why = opsProblem(opsLine([&](GameRecord& g) { g.match = std::string(limits::kIdBytes + 1, 'm'); }));
        QVERIFY2(why.contains("match id is 513 bytes long"), qPrintable(why));
        why = opsProblem(opsLine(
            [&](GameRecord& g) { g.startedAt = "2024-05-01T20:15:00." + std::string(60, '0') + "Z"; }));
        QVERIFY2(why.contains("started_at is 81 bytes long"), qPrintable(why));
        why = opsProblem(opsLine([&](GameRecord& g) {
            g.reports = {{"a", "b", std::string(limits::kTextBytes + 1, 'r')}};
        }));
        QVERIFY2(why.contains("report 1's reason is 4097 bytes long"), qPrintable(why));
        why = opsProblem(opsLine([&](GameRecord& g) { g.reports = {{std::string(300, 'a'), "b", ""}}; }));
        QVERIFY2(why.contains("report 1's reporter is 300 bytes long"), qPrintable(why));
        why = opsProblem(opsLine([&](GameRecord& g) {
            g.reports.assign(limits::kReportsPerGame + 1, {"a", "b", ""});
        }));
        QVERIFY2(why.contains("101 reports, more than the limit of 100"), qPrintable(why));
    }

    void xqAndPgnFieldsKeepToTheirLimits() {
        QCOMPARE(xqProblem(xqLine(std::string(limits::kNameBytes, 'r'))), QString());
        QString why = xqProblem(xqLine(std::string(limits::kNameBytes + 1, 'r')));
        QVERIFY2(why.contains("Red player's name is 257 bytes long"), qPrintable(why));
        QVERIFY2(xqProblem(xqLine(std::string("r\0s", 3))).contains("NUL"), "a NUL in a name");
        why = xqProblem(xqLine("r", ",\"fen\":\"" + std::string(300, 'x') + "\""));
        QVERIFY2(why.contains("start position (FEN) is 300 bytes long"), qPrintable(why));
        // A line over the limit is refused as such, whatever it holds.
        const std::string longLine = xqLine(std::string(limits::kLineBytes, 'r'));
        const xq::Import lines =
            xq::readXqLines(xqLine("a") + "\n" + longLine + "\n" + xqLine("c"), "x.jsonl");
        QCOMPARE(int(lines.games.size()), 2);
        QCOMPARE(int(lines.rejections.size()), 1);
        QVERIFY2(lines.rejections[0].reason.find("longer than 4 MiB") != std::string::npos,
                 lines.rejections[0].reason.c_str());

        const std::string moves = "\n1. h2e2 h9g7 *\n";
        QCOMPARE(pgnProblem("[Red \"" + std::string(256, 'r') + "\"]\n[Black \"b\"]" + moves), QString());
        why = pgnProblem("[Red \"" + std::string(257, 'r') + "\"]\n[Black \"b\"]" + moves);
        QVERIFY2(why.contains("Red player's name is 257 bytes long"), qPrintable(why));
        why = pgnProblem("[Event \"" + std::string(limits::kTextBytes + 1, 'e') +
                         "\"]\n[Red \"r\"]\n[Black \"b\"]" + moves);
        QVERIFY2(why.contains("tag Event is 4097 bytes long"), qPrintable(why));
        why = pgnProblem("[ID \"" + std::string(limits::kIdBytes + 1, 'i') +
                         "\"]\n[Red \"r\"]\n[Black \"b\"]" + moves);
        QVERIFY2(why.contains("game id is 513 bytes long"), qPrintable(why));
        why = pgnProblem("[Red \"r\"]\n[Black \"b\"]\n" + std::string(limits::kPgnFileBytes, ' ') + moves);
        QVERIFY2(why.contains("larger than 64 MiB"), qPrintable(why));
    }

    void tenhouReadersKeepToTheirLimits() {
        QVERIFY(tenhou::readMjlog(mjlogWith("n0", std::string(limits::kNameBytes, 'A'))).match);
        auto read = tenhou::readMjlog(mjlogWith("n0", std::string(limits::kNameBytes + 1, 'A')));
        QVERIFY2(read.error.find("player name n0 is 257 bytes long") != std::string::npos,
                 read.error.c_str());
        read = tenhou::readMjlog(mjlogWith("n1", "a%00b"));
        QVERIFY2(read.error.find("NUL") != std::string::npos, read.error.c_str());
        // Megabytes in one attribute: refused at its size, the name never echoed.
        read = tenhou::readMjlog(mjlogWith("n2", std::string(std::size_t(2) << 20, 'A')));
        QVERIFY2(read.error.find("attribute n2 is 2097152 bytes long") != std::string::npos,
                 read.error.c_str());
        QVERIFY(read.error.size() < 300);
        read = tenhou::readMjlog(mjlogWith("sx", std::string(limits::kTextBytes + 1, 'M')));
        QVERIFY2(read.error.find("attribute sx is 4097 bytes long") != std::string::npos, read.error.c_str());
        read = tenhou::readMjlog(mjlogWith("n3", std::string(limits::kMatchFileBytes, 'A')));
        QVERIFY2(read.error.find("larger than 4 MiB") != std::string::npos, read.error.c_str());
        QCOMPARE(int(tenhou::readMjlog(mjlogOfHands(int(limits::kMatchHands))).match->hands.size()),
                 int(limits::kMatchHands));
        read = tenhou::readMjlog(mjlogOfHands(int(limits::kMatchHands) + 1));
        QVERIFY2(read.error.find("more than 200 hands") != std::string::npos, read.error.c_str());

        const tenhou::Match match = *tenhou::readMjlog(readFile(kMjlog)).match;
        for (const bool mjai : {false, true}) {
            auto write = [&](const tenhou::Match& m) {
                return mjai ? tenhou::writeMjai(m) : tenhou::writeTenhou6(m);
            };
            auto readBack = [&](const std::string& text) {
                return mjai ? tenhou::readMjai(text) : tenhou::readTenhou6(text);
            };
            tenhou::Match m = match;
            m.players[1].name = std::string(limits::kNameBytes, 'A');
            QVERIFY2(readBack(write(m)).match, readBack(write(m)).error.c_str());
            m.players[1].name += "A";
            read = readBack(write(m));
            QVERIFY2(read.error.find("name 1 is 257 bytes long") != std::string::npos, read.error.c_str());
            m.players[1].name = std::string("a\0b", 3);
            QVERIFY2(readBack(write(m)).error.find("NUL") != std::string::npos, "a NUL in a name");
            std::string text = write(match);
            text.insert(text.find('\n') == std::string::npos ? text.size() - 1 : text.find('\n'),
                        std::string(limits::kMatchFileBytes, ' '));
            read = readBack(text);
            QVERIFY2(read.error.find("larger than 4 MiB") != std::string::npos, read.error.c_str());
        }
        std::string log = "{\"name\":[\"a\",\"b\",\"c\",\"d\"],\"log\":[[]";
        for (std::size_t i = 0; i < limits::kMatchHands; ++i) log += ",[]";
        read = tenhou::readTenhou6(log + "]}");
        QVERIFY2(read.error.find("201 hands, more than the limit of 200") != std::string::npos,
                 read.error.c_str());
    }

    void storeRefusesABadRecordAloneOnAFile() {
        store::Database db;
        QString why;
        QVERIFY2(db.open(dir_.filePath("batch.db"), &why), qPrintable(why));
        test::checkBadRecordsRefusedAlone(db);
    }

    void importRejectsAloneWithTheReason() {
        // A name of a megabyte and one holding a NUL among good records: refused at read, named, not echoed.
        std::string lines;
        for (int i = 0; i < 4; ++i)
            lines += opsLine([&](GameRecord& g) { g.id = "good-" + std::to_string(i); }, i) + "\n";
        lines +=
            opsLine([](GameRecord& g) { g.id = "huge", g.seats[0] = std::string(1 << 20, 'N'); }, 4) + "\n";
        lines += opsLine([](GameRecord& g) { g.id = "nul", g.seats[3] = std::string("N\0N", 3); }, 5) + "\n";
        const QString games = dir_.filePath("hostile.jsonl"), db = dir_.filePath("hostile.db");
        writeFile(games, lines);
        const auto r = cli({"import", games, "--db", db});
        QCOMPARE(r.exit, 1);
        QVERIFY2(r.out.contains("imported 4, duplicates 0, rejected 2"), r.out.constData());
        QVERIFY2(r.err.contains("game huge, the player name of seat 1 is 1048576 bytes long"),
                 r.err.constData());
        QVERIFY2(r.err.contains("game nul, the player name of seat 4 holds a NUL"), r.err.constData());
        QVERIFY2(r.err.size() < 4000, "a name is echoed");

        // Files read whole are read no further than their limit: a match of 5 MiB is refused as such.
        const QString match = dir_.filePath("2010081709gm-00a9-0000-fe3371ad.mjlog");
        writeFile(match, mjlogWith("n0", std::string(5 << 20, 'A')));
        const auto m = cli({"import", match, "--db", dir_.filePath("match.db")});
        QVERIFY2(m.out.contains("imported 0, duplicates 0, rejected 1"), m.out.constData());
        QVERIFY2(m.err.contains("larger than 4 MiB, the limit for one match"), m.err.constData());

        // An xq/1 line over the limit is read no further than it, and the lines after it go in.
        const QString xq = dir_.filePath("long.jsonl");
        writeFile(
            xq,
            xqLine("a") + "\n" + xqLine(std::string(limits::kLineBytes, 'r')) + "\n" +
                "{\"format\":\"xq/1\",\"id\":\"g2\",\"red\":\"c\",\"black\":\"d\",\"moves\":[\"h2e2\"]}\n");
        const auto x = cli({"import", xq, "--db", dir_.filePath("xq.db")});
        QVERIFY2(x.out.contains("imported 2, duplicates 0, rejected 1"), x.out.constData());
        QVERIFY2(x.err.contains("long.jsonl:2: game g1 (#2 in the file), the line is longer than 4 MiB"),
                 x.err.constData());
    }

    void bidiAndControlsAreEscapedOnTerminals() {
        QCOMPARE(QString::fromStdString(visibleText("a\u200fb\u200ec\u202ed\u2066e\u061cf\x1b[2Jg\xc2\x9bh")),
                 QString("a\\u{200f}b\\u{200e}c\\u{202e}d\\u{2066}e\\u{61c}f\\x1b[2Jg\\u{9b}h"));
        QCOMPARE(QString::fromStdString(json::quote("a\u200fb\u202ec\u2069")),
                 QString("\"a\\u200fb\\u202ec\\u2069\""));
        QCOMPARE(json::parse(json::quote("a\u200fb\u202ec"))->string, std::string("a\u200fb\u202ec"));

        // Every player's name holds U+202E and U+200F: neither reaches the terminal raw.
        const QString games = dir_.filePath("bidi.jsonl"), db = dir_.filePath("bidi.db");
        RUN_OK(cli({"simulate", "--ruleset", "sichuan", "--games", "600", "--seed", "4", "--players", "12",
                    "-o", games}));
        QFile f(games);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QByteArray text = f.readAll();
        f.close();
        text.replace("\"p0", "\"\xe2\x80\xae\xe2\x80\x8fp0");
        writeFile(games, text.toStdString());
        RUN_OK(cli({"import", games, "--db", db}));
        RUN_OK(cli({"scan", "--db", db, "--quiet"}));
        const QByteArray rlo = "\xe2\x80\xae", rlm = "\xe2\x80\x8f";
        const auto cases = cli({"cases", "list", "--db", db});
        RUN_OK(cases);
        QVERIFY2(cases.out.contains("\\u202e\\u200fp0"), cases.out.left(300).constData());
        QVERIFY(!cases.out.contains(rlo) && !cases.out.contains(rlm));
        const auto show = cli({"show", "sichuan-1", "--db", db});
        RUN_OK(show);
        QVERIFY2(show.out.contains("\\u{202e}\\u{200f}p0"), show.out.left(300).constData());
        QVERIFY(!show.out.contains(rlo) && !show.out.contains(rlm));
        const auto players = cli({"scan", "--db", db, "--players", "--quiet"});
        RUN_OK(players);
        QVERIFY(!players.out.contains(rlo) && !players.out.contains(rlm));
    }

    void passwordsNeverShownWhateverTheSpelling() {
        for (const char* address :
             {"POSTGRESQL://alice:Pw0rdX@localhost/tw", "Postgres://alice:Pw0rdX@/tw",
              "postgress://alice:Pw0rdX@localhost/tw", "postgresql://alice:Pw0rdX@localhost:notaport/tw",
              "host=localhost password=Pw0rdX dbname=tw", "host=localhost PASSWORD='Pw0rdX x' user=alice",
              "dbname=tw Password = Pw0rdX", "postgresql://alice@/tw?sslmode=disable&PASSWORD=Pw0rdX"}) {
            QVERIFY2(store::Database::isServerAddress(address), address);
            store::Database db;
            QString why;
            QVERIFY(!db.open(address, &why));
            QVERIFY2(!why.contains("Pw0rdX") && !why.isEmpty(), qPrintable(why));
            for (const char* command : {"cases", "players", "audit"}) {
                const auto r = cli({command, "list", "--db", address});
                QVERIFY(r.exit != 0);
                QVERIFY2(!r.err.contains("Pw0rdX") && !r.out.contains("Pw0rdX"), r.err.constData());
            }
        }
        QVERIFY(!store::Database::isServerAddress("games.db"));
        QVERIFY(!store::Database::isServerAddress("dir/host-list.db"));
        QCOMPARE(store::Database::shownAddress("host=h password='a b\\' c' user=u"),
                 QString("host=h password=*** user=u"));
    }
};

QTEST_GUILESS_MAIN(TestHostileSizes)
#include "tst_hostile_sizes.moc"
