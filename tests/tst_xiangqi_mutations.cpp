// Hostile input for the xiangqi readers (app/rules/xiangqi): the sample files (ICCS and Chinese PGN, in
// UTF-8, GB18030 and Big5), an xq/1 file and FENs, with random bytes changed, inserted, deleted and
// spliced. Whatever comes in, nothing crashes or hangs, every game read replays legally from its start,
// and every game refused says why. Seeded, so a failure can be replayed; TW_MUTATION_ROUNDS (default 300
// per file) runs longer, and under -fsanitize=address,undefined it checks memory too (docs/contributing.md,
// Testing).
#include <QFile>
#include <QtTest>

#include <random>

#include "iconv_text.h"
#include "xiangqi/game.h"
#include "xiangqi/notation.h"
#include "xiangqi/pgn.h"
#include "xiangqi/xq_lines.h"

using namespace tw;

namespace {

std::string fileText(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + path.toStdString());
    return f.readAll().toStdString();
}

// One random edit: a byte changed (often to a byte that matters to the readers), inserted or deleted, or
// a piece of the text copied over another place.
void mutate(std::string& s, std::mt19937_64& rng) {
    static const std::string special = "[]\"\\{}(); \n\r\t.+-=0123456789abcdefghiRNBAKCPrnbakcp/*";
    if (s.empty()) {
        s.push_back(char(rng()));
        return;
    }
    const std::size_t at = rng() % s.size();
    switch (rng() % 5) {
    case 0:
        s[at] = char(rng());
        break;
    case 1:
        s[at] = special[rng() % special.size()];
        break;
    case 2:
        s.insert(s.begin() + std::ptrdiff_t(at), char(rng() % 2 ? rng() : special[rng() % special.size()]));
        break;
    case 3:
        s.erase(at, 1 + rng() % 8);
        break;
    default: {
        const std::size_t from = rng() % s.size(), n = 1 + rng() % 40;
        const std::string piece = s.substr(from, n);
        s.replace(at, std::min(piece.size(), s.size() - at), piece);
    }
    }
}

// Every game read replays legally from its start position; every rejection has a reason.
void checkImport(const xq::Import& in, const std::string& what) {
    for (const xq::Game& g : in.games) {
        std::string why;
        auto board = xq::startBoard(g, &why);
        QVERIFY2(board, (what + ": unreadable start kept: " + why).c_str());
        for (const xq::Move& m : g.moves) {
            QVERIFY2(board->isLegal(m), (what + ": illegal move kept in " + g.id).c_str());
            board->make(m);
        }
    }
    for (const xq::Rejection& r : in.rejections)
        QVERIFY2(!r.reason.empty(), (what + ": a rejection without a reason").c_str());
}

int rounds() {
    const int n = qEnvironmentVariableIntValue("TW_MUTATION_ROUNDS");
    return n > 0 ? n : 300;
}

} // namespace

class TestXiangqiMutations : public QObject {
    Q_OBJECT

  private slots:
    void files_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("jsonLines");
        const QString dir = QStringLiteral(TW_PEER_DATA "/xiangqi/");
        const std::string trad = fileText(dir + "trad.pgn");
        QTest::newRow("iccs pgn") << QByteArray::fromStdString(fileText(dir + "bulk_games_uci.pgn")) << false;
        QTest::newRow("chinese pgn, utf-8") << QByteArray::fromStdString(trad) << false;
        for (const char* encoding : {"GB18030", "BIG5"}) {
            QString error;
            const std::string bytes = twtest::iconvTo(
                encoding == std::string("BIG5") ? twtest::traditional(trad) : trad, encoding, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QTest::newRow(qPrintable(QStringLiteral("chinese pgn, %1").arg(encoding)))
                << QByteArray::fromStdString(bytes) << false;
        }
        const xq::Import games = xq::readPgn(fileText(dir + "bulk_games_uci.pgn"));
        std::string lines;
        for (const xq::Game& g : games.games) lines += xq::writeXqLine(g) + "\n";
        QTest::newRow("xq/1") << QByteArray::fromStdString(lines) << true;
    }

    void files() {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, jsonLines);
        const std::string original = bytes.toStdString();
        std::mt19937_64 rng(20261124);
        int read = 0, refused = 0;
        for (int round = 0; round < rounds(); ++round) {
            std::string text = original;
            const int edits = 1 + int(rng() % 12);
            for (int e = 0; e < edits; ++e) mutate(text, rng);
            const xq::Import in = jsonLines ? xq::readXqLines(text, "m.jsonl") : xq::readGames(text, "m.pgn");
            checkImport(in, "round " + std::to_string(round));
            if (QTest::currentTestFailed()) return;
            read += int(in.games.size()), refused += int(in.rejections.size());
        }
        // The edits must reach the parsers: some games still read, some refused.
        QVERIFY(read > 0);
        QVERIFY(refused > 0);
    }

    // FENs: mutated start and middle-game positions are read or refused, and what is read writes back to a
    // FEN that reads to the same board.
    void fens() {
        const std::vector<std::string> seeds{
            xq::kStartFen, "3k4r/9/9/8n/9/9/C8/9/9/R3K4 b - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3"};
        std::mt19937_64 rng(7);
        int read = 0;
        for (int round = 0; round < 10 * rounds(); ++round) {
            std::string fen = seeds[rng() % seeds.size()];
            for (int e = 0, n = 1 + int(rng() % 4); e < n; ++e) mutate(fen, rng);
            std::string why;
            const auto b = xq::Board::fromFen(fen, &why);
            if (!b) {
                QVERIFY2(!why.empty(), fen.c_str());
                continue;
            }
            ++read;
            const auto again = xq::Board::fromFen(b->fen());
            QVERIFY2(again && *again == *b, fen.c_str());
            b->legalMoves(); // generating moves from anything read must be safe
        }
        QVERIFY(read > 0);
    }

    // Move texts in every notation, mutated: parsed to a legal move or refused with a reason.
    void moveTexts() {
        const xq::Board b = xq::Board::start();
        std::vector<std::string> seeds;
        for (const xq::Move& m : b.legalMoves()) {
            seeds.push_back(xq::iccs(m));
            seeds.push_back(xq::chinese(b, m));
            seeds.push_back(xq::chinese(b, m, xq::Script::Traditional));
            seeds.push_back(xq::wxf(b, m));
        }
        std::mt19937_64 rng(3);
        for (int round = 0; round < 16 * rounds(); ++round) {
            std::string text = seeds[rng() % seeds.size()];
            for (int e = 0, n = 1 + int(rng() % 3); e < n; ++e) mutate(text, rng);
            std::string why;
            const auto m = xq::parseMove(b, text, &why);
            if (m)
                QVERIFY2(b.isLegal(*m), text.c_str());
            else
                QVERIFY2(!why.empty(), text.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestXiangqiMutations)
#include "tst_xiangqi_mutations.moc"
