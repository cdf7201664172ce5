// The desk's board for riichi, from every real Tenhou hand of the peer data: at every
// position the snapshot's dora and ura indicators, sticks, scores, riichi sticks, sideways riichi discards
// and red fives are those of the replay's own state (compared with a second replay stepped alongside, not
// with written-down values), and the layout lays each riichi discard sideways. The words for ops 23-26 and
// for wins: "declares riichi", "Kan dora indicator", "Abortive draw: …", the win's yaku, han, fu and points.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QtTest>

#include "mahjong_layout.h"
#include "mahjong_session.h"
#include "op.h"
#include "replay.h"
#include "riichi_text.h"
#include "tenhou/mjlog.h"
#include "tenhou/to_records.h"
#include "tile_renderer.h"

using namespace tw;
using namespace tw::models;

namespace {

const QString kDir = QStringLiteral(TW_PEER_DATA "/tenhou-mjx");

std::vector<GameRecord> realHands() {
    std::vector<GameRecord> out;
    const QStringList names = QDir(kDir).entryList({QStringLiteral("*.mjlog")}, QDir::Files, QDir::Name);
    for (const QString& n : names) {
        if (n.contains(QLatin1String("-no-"))) continue; // the cut copies repeat a whole match
        QFile f(kDir + u'/' + n);
        if (!f.open(QIODevice::ReadOnly)) continue;
        const QByteArray b = f.readAll();
        const tenhou::ReadResult r =
            tenhou::readMjlog(std::string_view(b.constData(), std::size_t(b.size())));
        if (!r.match) continue;
        for (GameRecord& g : tenhou::toRecords(*r.match, QFileInfo(n).completeBaseName().toStdString()))
            out.push_back(std::move(g));
    }
    return out;
}

bool redCopy(const TableState& t, const TileCopy& c) {
    return t.start.redFives && c.index == 1 && (c.kind == 4 || c.kind == 13 || c.kind == 22);
}

// The faces the board shows of the indicators are the replay's copies: kind and red alike.
QString compareFaces(const QList<TileFace>& faces, const std::vector<TileCopy>& copies, const TableState& t) {
    if (faces.size() != int(copies.size()))
        return QStringLiteral("%1 faces for %2 indicators").arg(faces.size()).arg(copies.size());
    for (int i = 0; i < faces.size(); ++i)
        if (faces[i].kind != copies[i].kind || faces[i].red != redCopy(t, copies[i]))
            return QStringLiteral("indicator %1 shows %2%3")
                .arg(i)
                .arg(faces[i].text, faces[i].red ? " red" : "");
    return {};
}

int redFaces(const SeatView& v) {
    int n = v.hasDrawn && v.drawn.red;
    for (const TileFace& f : v.concealed) n += f.red;
    for (const MeldView& m : v.melds)
        for (const TileFace& f : m.tiles) n += f.red;
    return n;
}

} // namespace

class TestRiichiBoard : public QObject {
    Q_OBJECT
    std::vector<GameRecord> hands_;

  private slots:
    void initTestCase() {
        hands_ = realHands();
        QVERIFY2(hands_.size() >= 300, "the peer data's mjlog files are missing");
    }

    // Every position of every hand against the replay.
    void snapshotsFollowTheReplay() {
        int kanDora = 0, ura = 0, riichiDiscards = 0, redShown = 0, redInMelds = 0, sticksSeen = 0;
        for (const GameRecord& g : hands_) {
            MahjongSession session(g);
            QVERIFY2(session.isValid(), qPrintable(session.errorText()));
            Replay replay(g);
            for (int p = 0; p <= session.opCount(); ++p) {
                if (p > 0) QVERIFY(replay.step());
                session.seek(p);
                const TableState& t = replay.state();
                const MahjongSnapshot b = session.snapshot();
                const QString where = QStringLiteral("%1 at %2: ").arg(QString::fromStdString(g.id)).arg(p);
                QVERIFY2(b.riichi, qPrintable(where + "not a riichi board"));
                QString diff = compareFaces(b.doraIndicators, t.doraIndicators, t);
                QVERIFY2(diff.isEmpty(), qPrintable(where + "dora " + diff));
                diff = compareFaces(b.uraIndicators, t.uraIndicators, t);
                QVERIFY2(diff.isEmpty(), qPrintable(where + "ura " + diff));
                QCOMPARE(b.sticks, t.sticks);
                QCOMPARE(b.roundText, RiichiText::round(t.start));
                kanDora += p == session.opCount() && t.doraIndicators.size() > 1;
                ura += p == session.opCount() && !t.uraIndicators.empty();
                sticksSeen += b.sticks > 0;
                for (int s = 1; s <= 4; ++s) {
                    const SeatState& st = t.seat(s);
                    const SeatView& v = b.seat(s);
                    QVERIFY(v.hasScore);
                    QCOMPARE(v.score, qint64(t.start.scores[s - 1] + st.points));
                    QCOMPARE(v.riichiStick, st.riichiPaid);
                    QCOMPARE(v.riichi, st.riichi);
                    QCOMPARE(v.wind, QString(QChar(u"東南西北"[(s - t.dealer + 4) % 4])));
                    QCOMPARE(v.pond.size(), qsizetype(st.pond.size()));
                    for (int i = 0; i < v.pond.size(); ++i) {
                        QCOMPARE(v.pond[i].riichi, st.pond[i].riichi);
                        QVERIFY2(v.pond[i].tile.red == redCopy(t, st.pond[i].tile),
                                 qPrintable(where + QStringLiteral("seat %1 pond %2").arg(s).arg(i)));
                        riichiDiscards += p == session.opCount() && v.pond[i].riichi;
                    }
                    // Red fives in the hand: the concealed copy 1 of each five, and those the replay counts
                    // in the melds. A winner's hand is the scoring's: the win counted them itself.
                    int held = st.redInMelds;
                    for (Kind k : {Kind(4), Kind(13), Kind(22)})
                        held += t.start.redFives && (st.copies[k] & 1);
                    for (const WinEvent& w : t.wins)
                        if (w.seat == s) held = w.situation.redFives;
                    QVERIFY2(redFaces(v) == held,
                             qPrintable(where + QStringLiteral("seat %1 shows %2 red fives, holds %3")
                                                    .arg(s)
                                                    .arg(redFaces(v))
                                                    .arg(held)));
                    for (const MeldView& m : v.melds)
                        for (const TileFace& f : m.tiles) redInMelds += p == session.opCount() && f.red;
                    redShown += p == session.opCount() && redFaces(v) > 0;
                }
            }
        }
        // The data has all of it: the checks above ran on real cases.
        QVERIFY2(kanDora >= 5, qPrintable(QString::number(kanDora)));
        QVERIFY2(ura >= 5, qPrintable(QString::number(ura)));
        QVERIFY2(riichiDiscards >= 50, qPrintable(QString::number(riichiDiscards)));
        QVERIFY2(redShown >= 50, qPrintable(QString::number(redShown)));
        QVERIFY2(redInMelds >= 3, qPrintable(QString::number(redInMelds)));
        QVERIFY2(sticksSeen > 0, "no riichi stick on any table");
    }

    // The layout lays a riichi discard sideways and the tiles after it in its row move along.
    // A three-player hand has three players: the empty fourth seat gets no chart line, legend entry,
    // history choice or player link (each of those is built from players()).
    void sanmaHasThreePlayers() {
        QFile f(QStringLiteral(TW_TEST_DATA "/sanma/two-hands.mjlog"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray b = f.readAll();
        const tenhou::ReadResult r =
            tenhou::readMjlog(std::string_view(b.constData(), std::size_t(b.size())));
        QVERIFY2(r.match, r.error.c_str());
        const auto hands = tenhou::toRecords(*r.match, "sanma");
        QVERIFY(!hands.empty());
        models::MahjongSession session(hands.front());
        QCOMPARE(session.players(),
                 (QStringList{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C")}));
    }

    void riichiDiscardLiesSideways() {
        int checked = 0;
        for (const GameRecord& g : hands_) {
            MahjongSession session(g);
            session.seek(session.opCount());
            const MahjongSnapshot b = session.snapshot();
            const render::MahjongLayout L =
                render::layoutBoard(b, QRectF(0, 0, 900, 900), 1.3, QMarginsF(0, 0, 0.1, 0.1));
            for (const render::BoardTile& it : L.tiles) {
                if (it.part != render::BoardTile::Pond) continue;
                const SeatView& v = b.seat(it.seat);
                bool riichi = false;
                for (const PondView& pv : v.pond)
                    if (pv.op == it.op) riichi = pv.riichi;
                const int upright = render::angleOfPlace(render::placeOf(it.seat, b.bottomSeat()));
                QCOMPARE(it.angle, riichi ? upright - 90 : upright);
                checked += riichi;
            }
            // No two pond tiles of a seat overlap (the row moved along after the sideways one).
            for (const render::BoardTile& a : L.tiles)
                for (const render::BoardTile& c : L.tiles)
                    if (&a != &c && a.part == render::BoardTile::Pond && c.part == render::BoardTile::Pond &&
                        a.seat == c.seat)
                        QVERIFY2(!a.screenRect().adjusted(0.5, 0.5, -0.5, -0.5).intersects(c.screenRect()),
                                 qPrintable(QString::fromStdString(g.id)));
        }
        QVERIFY(checked >= 50);
    }

    // Ops 23-26 and wins in words, with the win's yaku, han, fu and points as the replay scored them.
    void opsAndWinsInWords() {
        int riichi = 0, kan = 0, abortive = 0, wins = 0;
        for (const GameRecord& g : hands_) {
            MahjongSession session(g);
            Replay replay(g);
            replay.runToEnd();
            for (int op = 0; op < session.opCount(); ++op) {
                const OpView v = session.opView(op);
                switch (OpCode(v.code)) {
                case OpCode::Riichi:
                    QVERIFY2(v.text.endsWith(QLatin1String("declares riichi")), qPrintable(v.text));
                    ++riichi;
                    break;
                case OpCode::DoraIndicator:
                    QVERIFY2(v.text.contains(QLatin1String("ora indicator")) && v.hasTile,
                             qPrintable(v.text));
                    kan += v.text.startsWith(QLatin1String("Kan dora indicator"));
                    break;
                case OpCode::UraIndicator:
                    QVERIFY2(v.text.startsWith(QLatin1String("Ura dora indicator")), qPrintable(v.text));
                    break;
                case OpCode::AbortiveDraw:
                    QVERIFY2(v.text.contains(QLatin1String("bortive draw")), qPrintable(v.text));
                    ++abortive;
                    break;
                default:
                    break;
                }
            }
            for (const WinEvent& w : replay.state().wins) {
                const QString text = session.opView(w.op).text;
                const riichi::RiichiScore& s = w.riichiScore;
                QVERIFY2(text.contains(QLocale().toString(qint64(s.points))), qPrintable(text));
                if (s.yakuman.empty())
                    QVERIFY2(text.contains(QStringLiteral("%1 han %2 fu").arg(s.han).arg(s.fu)),
                             qPrintable(text));
                for (const riichi::YakuHan& y : s.yaku)
                    if (y.han > 0)
                        QVERIFY2(
                            text.contains(QStringLiteral("%1 %2").arg(riichi::yakuName(y.id)).arg(y.han)),
                            qPrintable(text));
                ++wins;
            }
            // The hand's last op gives every seat's change in the hand.
            const QString last = session.opView(session.opCount() - 1).text;
            for (int s = 1; s <= 4; ++s)
                QVERIFY2(last.contains(QString::fromStdString(g.seats[s - 1]) + u' ' +
                                       RiichiText::change(replay.state().seat(s).points)),
                         qPrintable(last));
        }
        QVERIFY(riichi >= 100);
        QVERIFY(kan >= 5);
        QVERIFY(abortive >= 1);
        QVERIFY(wins >= 250);
    }

    // A red five is drawn red over the tileset's face and over the drawn one alike (no tileset has a red
    // five): clearly more red pixels than the same five, and the rest of the tile unchanged in shape.
    void redFiveIsDrawnRed() {
        auto redPixels = [](const QPixmap& pm) {
            const QImage img = pm.toImage().convertToFormat(QImage::Format_ARGB32);
            int n = 0;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x) {
                    const QColor c = img.pixelColor(x, y);
                    n += c.alpha() > 200 && c.red() > 150 && c.green() < 90 && c.blue() < 90;
                }
            return n;
        };
        render::TileRenderer withTileset;
        render::TileRenderer drawn(QStringLiteral("/nonexistent/tileset.desktop"));
        QVERIFY(!drawn.isLoaded());
        for (render::TileRenderer* r : {&withTileset, &drawn})
            for (int kind : {4, 13, 22}) {
                const QSizeF face(40, 52);
                const QPixmap plain = r->tile(TileFace::of(kind), face);
                const QPixmap red = r->tile(TileFace::redFive(kind), face);
                QCOMPARE(red.size(), plain.size());
                QVERIFY2(redPixels(red) > redPixels(plain) + 100,
                         qPrintable(QStringLiteral("%1: %2 red pixels, plain %3")
                                        .arg(kind)
                                        .arg(redPixels(red))
                                        .arg(redPixels(plain))));
            }
        QVERIFY(!TileFace::redFive(5).red); // only fives
    }

    // The desk's position line names the match, the hand in it and its round.
    void positionNamesMatchAndHand() {
        const GameRecord& g = hands_.front();
        MahjongSession session(g);
        const QString id = QString::fromStdString(g.id);
        const QString text = session.positionText();
        QVERIFY2(text.startsWith(QStringLiteral("match %1, hand %2 (")
                                     .arg(id.left(id.lastIndexOf(u'-')))
                                     .arg(id.mid(id.lastIndexOf(u'-') + 1).toInt() + 1)),
                 qPrintable(text));
        QVERIFY2(text.contains(RiichiText::round(g.start)), qPrintable(text));
    }
};

QTEST_MAIN(TestRiichiBoard)
#include "tst_riichi_board.moc"
