// Xiangqi notations and import (app/rules/xiangqi/notation.h, game.h, pgn.h): every move of the 15 sample
// master games through ICCS, Chinese (simplified and traditional) and WXF and back; both sample files read
// to the same moves; hand-written cases for front/middle/rear and 一二三四五; readers' rejections with ply
// and reason; GB18030 and Big5 files made here with iconv; xq/1 JSON Lines round trips.
#include <QtTest>

#include "iconv_text.h"

#include <QFile>
#include <QRegularExpression>

#include <string>
#include <vector>

#include "xiangqi/board.h"
#include "xiangqi/game.h"
#include "xiangqi/notation.h"
#include "xiangqi/pgn.h"
#include "xiangqi/xq_lines.h"

using namespace tw::xq;

namespace {

const QString kPeer = QStringLiteral(TW_PEER_DATA) + "/xiangqi/";

QString q(const std::string& s) {
    return QString::fromStdString(s);
}
std::string s8(const QString& s) {
    return s.toStdString();
}

Board boardOf(const QString& fen) {
    std::string error;
    const auto b = Board::fromFen(s8(fen), &error);
    if (!b) throw std::runtime_error("bad test FEN " + s8(fen) + ": " + error);
    return *b;
}

// An ICCS move written by hand, without the code under test.
Move moveOf(const QString& iccs) {
    const QByteArray s = iccs.toLatin1();
    if (s.size() != 4) throw std::runtime_error("bad test move " + iccs.toStdString());
    return {squareAt(s[0] - 'a', s[1] - '0'), squareAt(s[2] - 'a', s[3] - '0')};
}

QByteArray readPeer(const QString& name) {
    QFile f(kPeer + name);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

// The sample files split by hand, independently of the PGN reader: one list of move texts per game.
std::vector<QStringList> sampleTokens(const QByteArray& bytes, bool iccs) {
    std::vector<QStringList> games;
    static const QRegularExpression coordinate("\\b[a-i][0-9][a-i][0-9]\\b");
    for (const QString& line : QString::fromUtf8(bytes).split('\n')) {
        if (line.startsWith("[Event")) games.emplace_back();
        if (line.startsWith('[') || line.trimmed().isEmpty() || games.empty()) continue;
        if (iccs) {
            for (auto it = coordinate.globalMatch(line); it.hasNext();) games.back() << it.next().captured();
        } else {
            for (const QString& t : line.split(' ', Qt::SkipEmptyParts))
                if (!t.endsWith('.')) games.back() << t;
        }
    }
    return games;
}

using twtest::iconvTo;

QString movesText(const std::vector<Move>& moves) {
    QStringList out;
    for (const Move& m : moves) out << q(iccs(m));
    return out.join(' ');
}

const char* const kTwoRooks = "3k5/9/9/9/7R1/9/9/7R1/9/4K4 w - - 0 1";         // h5 front, h2 rear
const char* const kBlackRooks = "3k5/9/1r7/9/9/9/1r7/9/9/4K4 b - - 0 1";       // b3 front, b7 rear
const char* const kThreeSoldiers = "3k5/9/4P4/4P4/4P4/9/9/9/9/4K4 w - - 0 1";  // e7 e6 e5
const char* const kFourSoldiers = "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1"; // g6 g5 c6 c5
const char* const kFiveSoldiers = "3k5/9/4P4/2P1P4/2P1P4/9/9/9/9/4K4 w - - 0 1";
const char* const kBlackHorses = "3k5/9/1n7/9/1n7/9/9/9/9/4K4 b - - 0 1";   // b5 front, b7 rear
const char* const kBlackSoldiers = "3k5/9/9/9/9/2p6/2p6/9/9/4K4 b - - 0 1"; // c3 front, c4 rear
const char* const kBlackStart = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1";
const char* const kPin = "3k5/9/9/9/4r4/9/9/9/4R4/4K4 w - - 0 1";

} // namespace

class TestXiangqiNotation : public QObject {
    Q_OBJECT
  private slots:
    void coordinates_data() {
        QTest::addColumn<QString>("iccs");
        QTest::addColumn<QString>("uci");
        QTest::newRow("cannon") << "h2e2"
                                << "h3e3";
        QTest::newRow("black back rank") << "a9a8"
                                         << "a10a9";
        QTest::newRow("red back rank") << "e0e1"
                                       << "e1e2";
    }
    void coordinates() {
        QFETCH(QString, iccs);
        QFETCH(QString, uci);
        const Move m = moveOf(iccs);
        QCOMPARE(q(tw::xq::iccs(m)), iccs);
        QCOMPARE(q(tw::xq::uci(m)), uci);
        QVERIFY(parseIccs(s8(iccs)) == m);
        QVERIFY(parseIccs(s8(iccs.toUpper().insert(2, '-'))) == m);
        QVERIFY(parseUci(s8(uci)) == m);
        QVERIFY(!parseUci(s8(iccs.left(1) + "0" + iccs.mid(2)))); // UCI has no rank 0
    }

    // Written by hand after xqbase's conventions.
    void writeMove_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("move");
        QTest::addColumn<QString>("simplified");
        QTest::addColumn<QString>("traditional");
        QTest::addColumn<QString>("wxf");
        const QString start(kStartFen), black(kBlackStart);
        QTest::newRow("cannon across") << start << "h2e2"
                                       << "炮二平五"
                                       << "炮二平五"
                                       << "C2.5";
        QTest::newRow("horse") << start << "h0g2"
                               << "马二进三"
                               << "馬二進三"
                               << "H2+3";
        QTest::newRow("advisor") << start << "f0e1"
                                 << "仕四进五"
                                 << "仕四進五"
                                 << "A4+5";
        QTest::newRow("elephant") << start << "c0e2"
                                  << "相七进五"
                                  << "相七進五"
                                  << "E7+5";
        QTest::newRow("general") << start << "e0e1"
                                 << "帅五进一"
                                 << "帥五進一"
                                 << "K5+1";
        QTest::newRow("rook") << start << "i0i2"
                              << "车一进二"
                              << "車一進二"
                              << "R1+2";
        QTest::newRow("soldier") << start << "c3c4"
                                 << "兵七进一"
                                 << "兵七進一"
                                 << "P7+1";
        QTest::newRow("cannon captures") << start << "b2b9"
                                         << "炮八进七"
                                         << "炮八進七"
                                         << "C8+7";
        QTest::newRow("black horse") << black << "h9g7"
                                     << "马８进７"
                                     << "馬８進７"
                                     << "H8+7";
        QTest::newRow("black cannon back") << black << "h7h8"
                                           << "炮８退１"
                                           << "炮８退１"
                                           << "C8-1";
        QTest::newRow("black cannon across") << black << "b7e7"
                                             << "炮２平５"
                                             << "炮２平５"
                                             << "C2.5";
        QTest::newRow("black advisor") << black << "d9e8"
                                       << "士４进５"
                                       << "士４進５"
                                       << "A4+5";
        QTest::newRow("black elephant") << black << "g9e7"
                                        << "象７进５"
                                        << "象７進５"
                                        << "E7+5";
        QTest::newRow("black general") << black << "e9e8"
                                       << "将５进１"
                                       << "將５進１"
                                       << "K5+1";
        QTest::newRow("front rook") << kTwoRooks << "h5h8"
                                    << "前车进三"
                                    << "前車進三"
                                    << "+R+3";
        QTest::newRow("rear rook") << kTwoRooks << "h2h4"
                                   << "后车进二"
                                   << "後車進二"
                                   << "-R+2";
        QTest::newRow("rear rook across") << kTwoRooks << "h2a2"
                                          << "后车平九"
                                          << "後車平九"
                                          << "-R.9";
        QTest::newRow("black front rook") << kBlackRooks << "b3b0"
                                          << "前车进３"
                                          << "前車進３"
                                          << "+R+3";
        QTest::newRow("black rear rook") << kBlackRooks << "b7b8"
                                         << "后车退１"
                                         << "後車退１"
                                         << "-R-1";
        QTest::newRow("front of three") << kThreeSoldiers << "e7e8"
                                        << "前兵进一"
                                        << "前兵進一"
                                        << "+P+1";
        QTest::newRow("middle of three") << kThreeSoldiers << "e6d6"
                                         << "中兵平六"
                                         << "中兵平六"
                                         << ".P.6";
        QTest::newRow("rear of three") << kThreeSoldiers << "e5f5"
                                       << "后兵平四"
                                       << "後兵平四"
                                       << "-P.4";
        QTest::newRow("first of four (right file, front)") << kFourSoldiers << "g6g7"
                                                           << "一兵进一"
                                                           << "一兵進一"
                                                           << "Pa+1";
        QTest::newRow("second of four") << kFourSoldiers << "g5f5"
                                        << "二兵平四"
                                        << "二兵平四"
                                        << "Pb.4";
        QTest::newRow("third of four (left file, front)") << kFourSoldiers << "c6c7"
                                                          << "三兵进一"
                                                          << "三兵進一"
                                                          << "Pc+1";
        QTest::newRow("fourth of four") << kFourSoldiers << "c5d5"
                                        << "四兵平六"
                                        << "四兵平六"
                                        << "Pd.6";
        QTest::newRow("third of five") << kFiveSoldiers << "e5d5"
                                       << "三兵平六"
                                       << "三兵平六"
                                       << "Pc.6";
        QTest::newRow("fifth of five") << kFiveSoldiers << "c5b5"
                                       << "五兵平八"
                                       << "五兵平八"
                                       << "Pe.8";
        QTest::newRow("black front horse") << kBlackHorses << "b5c3"
                                           << "前马进３"
                                           << "前馬進３"
                                           << "+H+3";
        QTest::newRow("black rear horse") << kBlackHorses << "b7a9"
                                          << "后马退１"
                                          << "後馬退１"
                                          << "-H-1";
        QTest::newRow("black front soldier") << kBlackSoldiers << "c3c2"
                                             << "前卒进１"
                                             << "前卒進１"
                                             << "+P+1";
        QTest::newRow("black rear soldier") << kBlackSoldiers << "c4d4"
                                            << "后卒平４"
                                            << "後卒平４"
                                            << "-P.4";
    }
    void writeMove() {
        QFETCH(QString, fen);
        QFETCH(QString, move);
        QFETCH(QString, simplified);
        QFETCH(QString, traditional);
        QFETCH(QString, wxf);
        const Board b = boardOf(fen);
        const Move m = moveOf(move);
        QVERIFY(b.isLegal(m));
        QCOMPARE(q(chinese(b, m)), simplified);
        QCOMPARE(q(chinese(b, m, Script::Traditional)), traditional);
        QCOMPARE(q(tw::xq::wxf(b, m)), wxf);
        for (const QString& text : {simplified, traditional, wxf}) {
            std::string error;
            const auto back = parseMove(b, s8(text), &error);
            QVERIFY2(back, error.c_str());
            QCOMPARE(q(iccs(*back)), move);
        }
    }

    // What the readers accept beyond what the writers produce.
    void readVariants_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("move");
        const QString start(kStartFen), black(kBlackStart);
        QTest::newRow("ASCII digits for red") << start << "炮2平5"
                                              << "h2e2";
        QTest::newRow("砲") << start << "砲二平五"
                            << "h2e2";
        QTest::newRow("包") << start << "包二平五"
                            << "h2e2";
        QTest::newRow("傌 進") << start << "傌二進三"
                               << "h0g2";
        QTest::newRow("俥") << start << "俥一進二"
                            << "i0i2";
        QTest::newRow("帥") << start << "帥五進一"
                            << "e0e1";
        QTest::newRow("spaces around") << start << "  炮二平五 "
                                       << "h2e2";
        QTest::newRow("WXF =") << start << "C2=5"
                               << "h2e2";
        QTest::newRow("WXF lower case") << start << "c2.5"
                                        << "h2e2";
        QTest::newRow("WXF N for the horse") << start << "N2+3"
                                             << "h0g2";
        QTest::newRow("WXF B for the elephant") << start << "B7+5"
                                                << "c0e2";
        QTest::newRow("ICCS upper case with dash") << start << "H2-E2"
                                                   << "h2e2";
        QTest::newRow("black ASCII digits") << black << "马8进7"
                                            << "h9g7";
        QTest::newRow("black Chinese numerals") << black << "马八进七"
                                                << "h9g7";
        QTest::newRow("black traditional") << black << "馬８進７"
                                           << "h9g7";
        QTest::newRow("WXF marker after the piece") << kTwoRooks << "R+.5"
                                                    << "h5e5";
        QTest::newRow("position after the piece") << kTwoRooks << "车前进三"
                                                  << "h5h8";
        QTest::newRow("plain file, only one rook can") << kTwoRooks << "车二进三"
                                                       << "h5h8";
        QTest::newRow("position and file (soldier implied)") << kFourSoldiers << "前三进一"
                                                             << "g6g7";
        QTest::newRow("WXF index before the piece") << kFourSoldiers << "bP.4"
                                                    << "g5f5";
        QTest::newRow("WXF middle marker after the piece") << kThreeSoldiers << "P..6"
                                                           << "e6d6";
    }
    void readVariants() {
        QFETCH(QString, fen);
        QFETCH(QString, text);
        QFETCH(QString, move);
        std::string error;
        const auto m = parseMove(boardOf(fen), s8(text), &error);
        QVERIFY2(m, error.c_str());
        QCOMPARE(q(iccs(*m)), move);
    }

    void rejectMove_data() {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        const QString start(kStartFen);
        QTest::newRow("not the piece's move") << start << "h2e3"
                                              << "'h2e3' is not a move of red's cannon on h2";
        QTest::newRow("empty square") << start << "e4e5"
                                      << "moves from e4, which is empty";
        QTest::newRow("the other side's piece") << start << "h9g7"
                                                << "which is not red's";
        QTest::newRow("pinned (ICCS)") << kPin << "e1d1"
                                       << "leaves red's general in check";
        QTest::newRow("pinned (Chinese)") << kPin << "车五平六"
                                          << "(e1d1) leaves red's general in check";
        QTest::newRow("flying general") << "4k4/9/9/9/4c4/9/9/9/9/4K4 b - - 0 1"
                                        << "e5d5"
                                        << "generals facing";
        QTest::newRow("no such move") << start << "炮二进九"
                                      << "no legal move matches '炮二进九'";
        QTest::newRow("leg blocked") << start << "马二进四"
                                     << "no legal move matches";
        QTest::newRow("front of two files") << kFourSoldiers << "前兵进一"
                                            << "'前兵进一' is ambiguous: c6c7 g6g7";
        QTest::newRow("two rooks on the file") << kTwoRooks << "车二平五"
                                               << "is ambiguous: h2e2 h5e5";
        QTest::newRow("middle of two") << kTwoRooks << "中车进一"
                                       << "no legal move matches";
        QTest::newRow("three characters") << start << "炮二平"
                                          << "unreadable move '炮二平'";
        QTest::newRow("unknown letter") << start << "X2.5"
                                        << "unreadable move 'X2.5'";
        QTest::newRow("empty") << start << ""
                               << "empty move";
    }
    void rejectMove() {
        QFETCH(QString, fen);
        QFETCH(QString, text);
        QFETCH(QString, reason);
        std::string error;
        QVERIFY(!parseMove(boardOf(fen), s8(text), &error));
        QVERIFY2(q(error).contains(reason), error.c_str());
    }

    // Every move of the 15 sample games, from the ICCS file: ICCS, Chinese (both scripts) and WXF back
    // to the same move; and the ICCS file read by the PGN reader gives the moves split out by hand.
    void sampleRoundTrips() {
        const QByteArray bytes = readPeer("bulk_games_uci.pgn");
        QVERIFY2(!bytes.isEmpty(),
                 qPrintable("cannot read " + kPeer + "bulk_games_uci.pgn (peer data missing?)"));
        const Import in = readPgn(bytes.toStdString(), "bulk_games_uci.pgn");
        QCOMPARE(int(in.rejections.size()), 0);
        const auto tokens = sampleTokens(bytes, true);
        QCOMPARE(int(tokens.size()), 15);
        QCOMPARE(int(in.games.size()), 15);
        int moves = 0;
        for (int g = 0; g < 15; ++g) {
            QCOMPARE(movesText(in.games[g].moves), tokens[g].join(' '));
            Board b = Board::start();
            for (std::size_t i = 0; i < in.games[g].moves.size(); ++i) {
                const Move m = in.games[g].moves[i];
                const QString where = QString("game %1 ply %2").arg(g + 1).arg(i + 1);
                for (const std::string& text :
                     {iccs(m), chinese(b, m), chinese(b, m, Script::Traditional), wxf(b, m)}) {
                    std::string error;
                    const auto back = parseMove(b, text, &error);
                    QVERIFY2(back, qPrintable(where + ": " + q(error)));
                    QVERIFY2(*back == m, qPrintable(where + ": " + q(text) + " read as " + q(iccs(*back))));
                }
                QVERIFY(parseUci(uci(m)) == m);
                b.make(m);
                ++moves;
            }
        }
        QCOMPARE(moves, 1378);
    }

    // The Chinese file holds the same games; its README names the one inversion (game 2, ply 71: 后兵进一
    // where the ICCS file has e5e6, the front soldier). Our Chinese for every other move is the file's text.
    void sampleFilesAgree() {
        const QByteArray iccsBytes = readPeer("bulk_games_uci.pgn"), tradBytes = readPeer("trad.pgn");
        QVERIFY2(!iccsBytes.isEmpty() && !tradBytes.isEmpty(), "peer data missing");
        const Import a = readPgn(iccsBytes.toStdString(), "bulk_games_uci.pgn");
        const Import c = readPgn(tradBytes.toStdString(), "trad.pgn");
        QCOMPARE(int(c.rejections.size()), 0);
        QCOMPARE(int(c.games.size()), 15);
        QCOMPARE(q(c.encoding), QString("UTF-8"));
        const auto texts = sampleTokens(tradBytes, false);
        QCOMPARE(int(texts.size()), 15);
        int differing = 0;
        for (int g = 0; g < 15; ++g) {
            QCOMPARE(q(c.games[g].red), q(a.games[g].red));
            QCOMPARE(q(c.games[g].black), q(a.games[g].black));
            QCOMPARE(c.games[g].moves.size(), a.games[g].moves.size());
            QCOMPARE(int(texts[g].size()), int(a.games[g].moves.size()));
            Board b = Board::start();
            for (std::size_t i = 0; i < a.games[g].moves.size(); ++i) {
                const Move m = a.games[g].moves[i];
                if (g == 1 && i + 1 == 71) {
                    QCOMPARE(texts[g][int(i)], QString("后兵进一"));
                    QCOMPARE(q(chinese(b, m)), QString("前兵进一"));
                    QCOMPARE(q(iccs(c.games[g].moves[i])), QString("e3e4")); // what the text says
                } else {
                    QCOMPARE(q(chinese(b, m)), texts[g][int(i)]);
                    differing += !(c.games[g].moves[i] == m);
                }
                b.make(m);
            }
        }
        // The inverted soldier move stays legal and the game goes on with the same moves: ply 71 of game 2
        // is the only difference between the two files.
        QCOMPARE(differing, 0);
        for (int g = 0; g < 15; ++g)
            if (g != 1) QCOMPARE(movesText(c.games[g].moves), movesText(a.games[g].moves));
    }

    void pgnFeatures() {
        const std::string pgn = "[Event \"Club \"Spring\" Cup\"]\n"
                                "[Red \"Wang \"the Rook\"\"]\n"
                                "[Black \"Li\"]\n"
                                "[Result \"1-0\"]\n"
                                "[Date \"2024.05.01\"]\n"
                                "\n"
                                "1.炮二平五马８进７2.马二进三 {a comment (with parens)} 车９平８ (2... "
                                "马２进３ 3.车一平二 {nested} (3... 卒７进１))\n"
                                "3.车一平二 $1 马２进３! 4.兵七进一 1-0\n"
                                "\n"
                                "[Red \"Chen\"]\n"
                                "[Black \"Zhou\"]\n"
                                "1. C2.5 H8+7 ; a line comment 炮八平五\n"
                                "2. H2+3 R9.8\n"
                                "[Red \"Sun\"]\n"
                                "[ID \"g-77\"]\n"
                                "[Black \"Qian\"]\n"
                                "[Result \"*\"]\n"
                                "[FEN \"3k5/9/1r7/9/9/9/1r7/9/9/4K4 b - - 0 1\"]\n"
                                "1... b3b0 2. e0e1 b7b8 0-1\n";
        const Import in = readPgn(pgn, "club.pgn");
        QCOMPARE(int(in.rejections.size()), 0);
        QCOMPARE(int(in.games.size()), 3);
        const Game& a = in.games[0];
        QCOMPARE(q(a.id), QString("club.pgn#1"));
        QCOMPARE(q(a.red), QString("Wang \"the Rook\"")); // stray quotes kept
        QCOMPARE(q(a.black), QString("Li"));
        QCOMPARE(int(a.result), int(Result::RedWins));
        QCOMPARE(q(a.startedAt), QString("2024-05-01T00:00:00Z"));
        QCOMPARE(movesText(a.moves), QString("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4"));
        const Game& b = in.games[1];
        QCOMPARE(q(b.id), QString("club.pgn#2"));
        QCOMPARE(int(b.result), int(Result::Unknown)); // no Result tag, no result in the movetext
        QCOMPARE(q(b.startedAt), QString());
        QCOMPARE(movesText(b.moves), QString("h2e2 h9g7 h0g2 i9h9"));
        const Game& c = in.games[2];
        QCOMPARE(q(c.id), QString("g-77"));
        QCOMPARE(int(c.result), int(Result::BlackWins)); // "*" in the tag, 0-1 in the movetext
        QCOMPARE(q(c.fen), QString("3k5/9/1r7/9/9/9/1r7/9/9/4K4 b - - 0 1"));
        QCOMPARE(movesText(c.moves), QString("b3b0 e0e1 b7b8"));

        // The same file with CRLF line ends.
        QString crlf = QString::fromStdString(pgn);
        crlf.replace("\n", "\r\n");
        QVERIFY(readPgn(s8(crlf), "club.pgn").games == in.games);

        // A game of tags alone, then a blank line and the next game's tags.
        const Import headers =
            readPgn("[Red \"a\"]\n[Black \"b\"]\n\n[Red \"c\"]\n[Black \"d\"]\n1. h2e2\n", "h.pgn");
        QCOMPARE(int(headers.games.size()), 2);
        QCOMPARE(int(headers.games[0].moves.size()), 0);
        QCOMPARE(q(headers.games[1].red), QString("c"));
        QCOMPARE(int(headers.games[1].moves.size()), 1);

        // Bare coordinate moves, no tags: read as PGN, and refused for naming no player (as xq/1 would).
        const Import bare = readGames("1. h2e2 h9g7 2. h0g2\n", "bare.txt");
        QCOMPARE(int(bare.games.size()), 0);
        QCOMPARE(q(bare.rejections.at(0).reason), QString("no Red player named"));
        // Full-width move numbers and a Chinese result.
        const Import wide =
            readPgn("[Red \"a\"]\n[Black \"b\"]\n１．炮二平五　马８进７　２．马二进三 红胜", "wide.pgn");
        QCOMPARE(int(wide.rejections.size()), 0);
        QCOMPARE(movesText(wide.games.at(0).moves), QString("h2e2 h9g7 h0g2"));
        QCOMPARE(int(wide.games.at(0).result), int(Result::RedWins));
    }

    // A three-game file whose middle game is bad: it alone is rejected, with its ply and reason.
    void pgnRejections_data() {
        QTest::addColumn<QString>("middle");
        QTest::addColumn<int>("ply");
        QTest::addColumn<QString>("reason");
        QTest::newRow("illegal ICCS move")
            << "1. h2e2 h9g7 2. h2e3 h7h3" << 3 << "'h2e3' moves from h2, which is empty";
        QTest::newRow("impossible Chinese move")
            << "1. 炮二平五 炮８进９" << 2 << "no legal move matches '炮８进９'";
        QTest::newRow("ambiguous Chinese move")
            << QString("[FEN \"%1\"]\n1. 前兵进一").arg(kFourSoldiers) << 1 << "is ambiguous";
        QTest::newRow("bad FEN") << "[FEN \"4k4/9/9/9/9/9/9/9/9/4K4 w\"]\n1. e0e1" << 0 << "bad FEN";
        QTest::newRow("unreadable text") << "1. h2e2 @@@@ h0g2" << 2 << "unreadable";
        QTest::newRow("black moves first") << "1. h9g7" << 1 << "which is not red's";
        QTest::newRow("move after mate") << "[FEN \"R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1\"]\n1... e9e8" << 1
                                         << "leaves black's general in check";
    }
    void pgnRejections() {
        QFETCH(QString, middle);
        QFETCH(int, ply);
        QFETCH(QString, reason);
        const QString pgn = "[Red \"a\"]\n[Black \"b\"]\n\n1. h2e2 h9g7 1-0\n\n[Red \"c\"]\n[Black \"d\"]\n" +
                            middle + "\n\n[Red \"e\"]\n[Black \"f\"]\n\n1. c3c4 *\n";
        const Import in = readPgn(s8(pgn), "t.pgn");
        QCOMPARE(int(in.games.size()), 2);
        QCOMPARE(q(in.games[0].red), QString("a"));
        QCOMPARE(q(in.games[1].red), QString("e"));
        QCOMPARE(int(in.rejections.size()), 1);
        const Rejection& r = in.rejections[0];
        QCOMPARE(r.game, 2);
        QCOMPARE(q(r.gameId), QString("t.pgn#2"));
        QCOMPARE(r.ply, ply);
        QVERIFY2(q(r.reason).contains(reason), r.reason.c_str());
        QVERIFY2(q(r.message()).startsWith("t.pgn:"), r.message().c_str());
        if (ply) QVERIFY2(q(r.message()).contains(QString("ply %1: ").arg(ply)), r.message().c_str());
    }

    // The Chinese sample converted here to GB18030 reads as the UTF-8 file does.
    void gb18030File() {
        const QByteArray utf8 = readPeer("trad.pgn");
        QVERIFY2(!utf8.isEmpty(), "peer data missing");
        QString error;
        const std::string gb = iconvTo(utf8.toStdString(), "GB18030", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(gb != utf8.toStdString());
        const Import a = readPgn(utf8.toStdString(), "trad.pgn");
        const Import b = readPgn(gb, "trad.pgn");
        QCOMPARE(q(b.encoding), QString("GB18030"));
        QCOMPARE(int(b.rejections.size()), 0);
        QVERIFY(a.games == b.games);
    }

    // Big5 has no simplified characters: the sample is first written in traditional ones, then converted.
    void big5File() {
        QString text = QString::fromUtf8(readPeer("trad.pgn"));
        QVERIFY2(!text.isEmpty(), "peer data missing");
        const std::pair<const char*, const char*> traditional[] = {{"马", "馬"}, {"车", "車"}, {"进", "進"},
                                                                   {"后", "後"}, {"帅", "帥"}, {"将", "將"}};
        for (const auto& [s, t] : traditional) text.replace(QString::fromUtf8(s), QString::fromUtf8(t));
        QString error;
        const std::string big5 = iconvTo(text.toStdString(), "BIG5", &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const Import a = readPgn(readPeer("trad.pgn").toStdString(), "trad.pgn");
        const Import b = readPgn(big5, "trad.pgn");
        QCOMPARE(q(b.encoding), QString("Big5"));
        QCOMPARE(int(b.rejections.size()), 0);
        QVERIFY(a.games == b.games);
        // and the same bytes are not taken for GB18030 text, which they would also decode as
        Encoding e = Encoding::Utf8;
        QVERIFY(decodeText(big5, &e));
        QCOMPARE(int(e), int(Encoding::Big5));
    }

    void undecodable() {
        const Import in = readPgn(std::string("[Red \"\x80\xff\"]\n1. h2e2\n"), "bad.pgn");
        QCOMPARE(int(in.games.size()), 0);
        QCOMPARE(int(in.rejections.size()), 1);
        QVERIFY2(q(in.rejections[0].reason).contains("neither UTF-8, GB18030 nor Big5"),
                 in.rejections[0].reason.c_str());
    }

    // A WXF file written from the sample reads back to the same moves.
    void wxfFile() {
        const Import in = readPgn(readPeer("bulk_games_uci.pgn").toStdString(), "s.pgn");
        QCOMPARE(int(in.games.size()), 15);
        std::string pgn;
        for (const Game& g : in.games) {
            pgn += "[Red \"" + g.red + "\"]\n[Black \"" + g.black + "\"]\n[Format \"WXF\"]\n\n";
            Board b = Board::start();
            for (std::size_t i = 0; i < g.moves.size(); ++i) {
                if (i % 2 == 0) pgn += std::to_string(i / 2 + 1) + ". ";
                pgn += wxf(b, g.moves[i]) + " ";
                b.make(g.moves[i]);
            }
            pgn += "\n\n";
        }
        const Import back = readPgn(pgn, "s.pgn");
        QCOMPARE(int(back.rejections.size()), 0);
        QVERIFY(back.games == in.games);
    }

    void xqLinesRoundTrip() {
        Import in = readPgn(readPeer("bulk_games_uci.pgn").toStdString(), "s.pgn");
        QCOMPARE(int(in.games.size()), 15);
        Game extra;
        extra.id = "g\"16";
        extra.red = "红方";
        extra.black = "p2";
        extra.result = Result::Draw;
        extra.startedAt = "2024-05-01T20:15:00+08:00";
        extra.reports = {{"p2", "红方", "engine"}};
        extra.fen = kTwoRooks;
        extra.moves = {moveOf("h5h6"), moveOf("d9d8")};
        in.games.push_back(extra);
        std::string text;
        for (const Game& g : in.games) text += writeXqLine(g) + "\n";
        const Import back = readXqLines(text, "s.jsonl");
        QCOMPARE(int(back.rejections.size()), 0);
        QVERIFY(back.games == in.games);
        std::string again;
        for (const Game& g : back.games) again += writeXqLine(g) + "\n";
        QCOMPARE(q(again), q(text));
        QCOMPARE(q(writeXqLine(extra)),
                 QString("{\"format\":\"xq/"
                         "1\",\"id\":\"g\\\"16\",\"red\":\"红方\",\"black\":\"p2\",\"result\":\"1/2-1/2\","
                         "\"started_at\":\"2024-05-01T20:15:00+08:00\",\"reports\":[{\"reporter\":\"p2\","
                         "\"accused\":\"红方\","
                         "\"reason\":\"engine\"}],\"fen\":\"%1\",\"moves\":[\"h5h6\",\"d9d8\"]}")
                     .arg(kTwoRooks));
        // readGames tells the two formats apart
        QCOMPARE(int(readGames(text, "s.jsonl").games.size()), 16);
    }

    void xqLineRejections_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("ply");
        QTest::addColumn<QString>("reason");
        const QString head = R"({"format":"xq/1","id":"g2","red":"p1","black":"p2",)";
        QTest::newRow("not JSON") << R"({"format":"xq/1","id":"g2",)" << 0 << "not valid JSON";
        QTest::newRow("wrong format")
            << R"({"format":"ops/1","id":"g2","red":"p1","black":"p2","moves":[]})" << 0 << "'format'";
        QTest::newRow("no moves") << head + R"("result":"1-0"})" << 0 << "'moves' is missing";
        QTest::newRow("same player") << R"({"format":"xq/1","id":"g2","red":"p1","black":"p1","moves":[]})"
                                     << 0 << "plays both red and black";
        QTest::newRow("bad result") << head + R"("result":"2-0","moves":[]})" << 0 << "field 'result'";
        QTest::newRow("bad time") << head + R"("started_at":"yesterday","moves":[]})" << 0 << "started_at";
        QTest::newRow("bad FEN") << head + R"("fen":"9/9 w","moves":[]})" << 0 << "field 'fen': bad FEN";
        QTest::newRow("not ICCS") << head + R"("moves":["h2e2","马８进７"]})" << 2 << "not an ICCS move";
        QTest::newRow("illegal move")
            << head + R"("moves":["h2e2","h9g7","h2e3"]})" << 3 << "'h2e3' moves from h2, which is empty";
        QTest::newRow("UCI ranks") << head + R"("moves":["h3e3"]})" << 1
                                   << "'h3e3' moves from h3, which is empty";
        // One on-demand pass in the line's order: the start position may come after the moves, an illegal
        // move is still named before a later unreadable one, and a JSON defect anywhere wins.
        QTest::newRow("FEN after the moves")
            << head + "\"moves\":[\"h5h6\",\"h6h5\"],\"fen\":\"" + QString(kTwoRooks) + "\"}" << 2
            << "'h6h5'";
        QTest::newRow("illegal before not ICCS")
            << head + R"("moves":["h2e3",5]})" << 1 << "'h2e3' is not a move";
        QTest::newRow("not ICCS number")
            << head + R"("moves":["h2e2",5]})" << 2 << "not an ICCS move such as \"h2e2\", found 5";
        QTest::newRow("duplicate moves")
            << head + R"("moves":[],"moves":["h2e2"]})" << 0 << "duplicate key \"moves\"";
        QTest::newRow("bad escape after moves")
            << head + R"("moves":["h2e3"],"x":"\ud800"})" << 0 << "unpaired surrogate";
        QTest::newRow("trailing text") << head + R"("moves":[]} x)" << 0 << "trailing characters";
    }
    void xqLineRejections() {
        QFETCH(QString, line);
        QFETCH(int, ply);
        QFETCH(QString, reason);
        const std::string text = "\xef\xbb\xbf"
                                 R"({"format":"xq/1","id":"g1","red":"p1","black":"p2","moves":["h2e2"]})"
                                 "\r\n\n" +
                                 s8(line) + "\n" +
                                 R"({"format":"xq/1","id":"g3","red":"p1","black":"p2","moves":[]})";
        const Import in = readXqLines(text, "x.jsonl");
        QCOMPARE(int(in.games.size()), 2);
        QCOMPARE(q(in.games[0].id), QString("g1"));
        QCOMPARE(q(in.games[1].id), QString("g3"));
        QCOMPARE(int(in.rejections.size()), 1);
        const Rejection& r = in.rejections[0];
        QCOMPARE(int(r.line), 3);
        QCOMPARE(r.game, 2);
        QCOMPARE(q(r.gameId), QString("g2"));
        QCOMPARE(r.ply, ply);
        QVERIFY2(q(r.reason).contains(reason), r.reason.c_str());
        QVERIFY2(q(r.message()).startsWith("x.jsonl:3, game 2 (id g2)"), r.message().c_str());
    }

    void missingFile() {
        const Import in = readGameFile("/nonexistent/games.pgn");
        QCOMPARE(int(in.rejections.size()), 1);
        QVERIFY(q(in.rejections[0].message()).contains("cannot open"));
    }
};

QTEST_GUILESS_MAIN(TestXiangqiNotation)
#include "tst_xiangqi_notation.moc"
