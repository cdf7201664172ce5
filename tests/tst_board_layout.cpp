// The table's layout (app/render/mahjong_layout.h), apart from painting: for the desk's and the reports'
// sizes and boards from the deal to four kongs and 24 discards a seat, no two tiles overlap, tiles stay on
// the table and off the centre box and the name plates' bands, each seat's hand is one row along its edge,
// a pond has a row per six discards (its last row growing sideways when the room runs out), the seat under
// review sits at the bottom and tiles come in painting order.
#include <QtTest>

#include "mahjong_layout.h"
#include "tile_renderer.h"

using namespace tw;
using namespace tw::models;
using namespace tw::render;

namespace {

// Overlap below a square pixel is rounding where neighbours touch.
constexpr qreal kTouch = 1.0;

qreal overlap(const QRectF& a, const QRectF& b) {
    const QRectF i = a.intersected(b);
    return i.isValid() ? i.width() * i.height() : 0;
}

MeldView meld(MeldView::Type type, int kind, int from, int claimed = -1, int added = -1) {
    MeldView m;
    m.type = type;
    const int n = type >= MeldView::ExposedKong ? 4 : 3;
    for (int i = 0; i < n; ++i) m.tiles << TileFace::of(type == MeldView::Chow ? kind + i : kind);
    m.from = from, m.claimedIndex = claimed, m.addedIndex = added;
    return m;
}

// Seats 1-4 with `concealed` tiles each, `pond` discards each (some claimed, one flagged), the dealer
// (seat 1) holding a drawn tile; `melds` go to seat `meldSeat`, whose concealed tiles lose three a meld.
MahjongSnapshot board(const QString& scenario, int focus) {
    MahjongSnapshot b;
    b.focusSeat = focus;
    b.wall = 40, b.opCount = 180;
    int pond = 0, meldSeat = 1;
    QList<MeldView> melds;
    if (scenario == QLatin1String("deal")) {
        pond = 0;
    } else if (scenario == QLatin1String("middle")) {
        pond = 11;
        melds = {meld(MeldView::Pung, 4, 3, 1), meld(MeldView::Chow, 20, 4, 0)};
    } else if (scenario == QLatin1String("four kongs")) {
        pond = 24;
        meldSeat = 2;
        melds = {meld(MeldView::ConcealedKong, 0, 0), meld(MeldView::AddedKong, 10, 3, 0, 3),
                 meld(MeldView::ExposedKong, 19, 4, 2), meld(MeldView::ExposedKong, 28, 1, 1)};
    } else if (scenario == QLatin1String("long pond")) {
        pond = 31;
        meldSeat = 3;
        melds = {meld(MeldView::Pung, 31, 2, 2)};
    }
    for (int s = 1; s <= 4; ++s) {
        SeatView& seat = b.seats[s - 1];
        seat.seat = s;
        seat.player = QStringLiteral("player-%1-with-a-long-name").arg(s);
        seat.wind = QString(QChar(u"東南西北"[s - 1]));
        seat.dealer = s == 1;
        seat.points = s * 10 - 25;
        const int held = 13 - (s == meldSeat ? 3 * int(melds.size()) : 0);
        for (int i = 0; i < held; ++i) seat.concealed << TileFace::of((i * 5 + s) % 34);
        if (s == meldSeat) seat.melds = melds;
        seat.hasDrawn = s == 1;
        seat.drawn = TileFace::of(33);
        for (int i = 0; i < pond; ++i) {
            PondView d;
            d.tile = TileFace::of((i * 7 + s) % 34);
            d.op = i * 4 + s;
            d.claimedBy = i % 9 == 4 ? s % 4 + 1 : 0;
            d.flagged = i == 3;
            d.tsumogiri = i % 5 == 2;
            seat.pond << d;
        }
    }
    return b;
}

int handTiles(const SeatView& s) {
    int n = s.concealedCount();
    for (const MeldView& m : s.melds) n += int(m.tiles.size());
    return n;
}

} // namespace

class TestBoardLayout : public QObject {
    Q_OBJECT

  private slots:
    void layout_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("tileset");
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("focus");
        QTest::addColumn<int>("pondRows"); // rows of six the pond asks for: ⌈discards / 6⌉
        // A full-screen board, a laptop's, the desk's board pane beside the queue and panels.
        const QList<QSize> sizes = {{1920, 1080}, {1366, 768}, {706, 448}};
        struct Row {
            const char* scenario;
            int focus, rows;
        };
        // 0, 11 and 24 discards: 0, 2 and 4 rows. 24 is as many as a seat makes while all four play
        // (Xinchang's wall gives a seat about 21 draws); see pondOverflow for more.
        const Row rows[] = {{"deal", 0, 0}, {"middle", 2, 2}, {"four kongs", 3, 4}};
        for (const QString& tileset : {QString(), QStringLiteral("none")})
            for (const QSize& size : sizes)
                for (const Row& r : rows)
                    QTest::addRow("%dx%d %s %s", size.width(), size.height(),
                                  tileset.isEmpty() ? "default tiles" : "drawn tiles", r.scenario)
                        << size << tileset << QString::fromLatin1(r.scenario) << r.focus << r.rows;
    }

    void layout() {
        QFETCH(QSize, size);
        QFETCH(QString, tileset);
        QFETCH(QString, scenario);
        QFETCH(int, focus);
        QFETCH(int, pondRows);
        TileRenderer tiles;
        tiles.load(tileset);
        const qreal k = tiles.faceAspect();
        const MahjongSnapshot b = board(scenario, focus);
        const QRectF area(QPointF(3, 5), QSizeF(size)); // not at the origin: the layout must follow it
        const MahjongLayout L = layoutBoard(b, area, k, tiles.depth(QSizeF(1, k)));

        QVERIFY(area.contains(L.table));
        QCOMPARE(L.table.width(), L.table.height());
        QVERIFY(L.u >= 1 && L.pu >= 1 && L.pu <= L.u); // pond tiles are never larger than hand tiles
        QVERIFY(L.pondRows >= 4);

        int total = 0;
        for (const SeatView& s : b.seats) total += handTiles(s) + int(s.pond.size());
        QCOMPARE(int(L.tiles.size()), total);

        for (std::size_t i = 0; i < L.tiles.size(); ++i) {
            const BoardTile& t = L.tiles[i];
            const QRectF r = t.screenRect();
            const QString what = QStringLiteral("seat %1 part %2 row %3 at %4,%5")
                                     .arg(t.seat)
                                     .arg(int(t.part))
                                     .arg(t.row)
                                     .arg(r.x())
                                     .arg(r.y());
            QVERIFY2(L.table.contains(r), qPrintable(what + QStringLiteral(": off the table")));
            QVERIFY2(overlap(r, L.box) < kTouch, qPrintable(what + QStringLiteral(": on the centre box")));
            for (const SeatLayout& s : L.seats)
                QVERIFY2(overlap(r, s.nameArea) < kTouch,
                         qPrintable(what + QStringLiteral(": on seat %1's name plate").arg(s.seat)));
            for (std::size_t j = i + 1; j < L.tiles.size(); ++j)
                QVERIFY2(overlap(r, L.tiles[j].screenRect()) < kTouch,
                         qPrintable(what + QStringLiteral(": under seat %1 part %2 row %3 (pond rows %4)")
                                               .arg(L.tiles[j].seat)
                                               .arg(int(L.tiles[j].part))
                                               .arg(L.tiles[j].row)
                                               .arg(L.pondRows)));
            // Painting order: a tile's depth (bottom-right) is covered by the tiles painted after it.
            if (i) {
                const QPointF a = L.tiles[i - 1].center, c = t.center;
                QVERIFY(a.x() + a.y() <= c.x() + c.y());
            }
        }

        for (const SeatLayout& s : L.seats) {
            const SeatView& seat = b.seat(s.seat);
            // The seat under review (or seat 1) at the bottom, the next in turn on its right.
            QCOMPARE(s.place, (s.seat - b.bottomSeat() + 4) % 4);
            QCOMPARE(s.pondRows, std::min(pondRows, L.pondRows));
            int hand = 0, pond = 0;
            qreal bottom = -1;
            for (const BoardTile& t : L.tiles) {
                if (t.seat != s.seat) continue;
                if (t.part == BoardTile::Pond) {
                    ++pond;
                    continue;
                }
                ++hand;
                // One row: every hand tile, sideways meld tiles too, stands on the same outer edge.
                if (bottom < 0) bottom = t.local.bottom();
                QVERIFY(std::fabs(t.local.bottom() - bottom) < 1e-9);
                QVERIFY(t.local.left() >= L.rowStart - 1e-9 && t.local.right() <= L.rowEnd + 1e-9);
                // On the seat's own side of the table: the bottom seat's hand is below the centre.
                const QPointF toCentre = t.center - L.table.center();
                const QPointF outward = s.transform.map(QPointF(0, 1)) - s.transform.map(QPointF(0, 0));
                QVERIFY(toCentre.x() * outward.x() + toCentre.y() * outward.y() > L.handTop * 0.9);
            }
            QCOMPARE(hand, handTiles(seat));
            QCOMPARE(pond, int(seat.pond.size()));
            // The name's band lies across the seat's own side, centred on it, between the pond and the hand.
            QVERIFY(L.table.contains(s.nameArea));
            QVERIFY(s.nameBand.width() > 0 && s.nameBand.height() > 0);
            QVERIFY(std::fabs(s.nameBand.center().x()) < 1e-9);
            QVERIFY(s.nameBand.top() >= L.C + s.pondRows * L.rowStep - L.rowStep + L.pk - 1e-9);
            QVERIFY(s.nameBand.bottom() <= L.handTop + 1e-9);
        }
    }

    // Discards fill rows of six from the centre outwards; past the last row the row grows sideways and
    // stays on the table. (A Sichuan seat left alone after three wins can discard 30 and more; the grown
    // row then reaches the next seat's plate corner and hand, which only a new layout can avoid.)
    void pondOverflow() {
        TileRenderer tiles(QStringLiteral("none"));
        const qreal k = tiles.faceAspect();
        const MahjongSnapshot b = board(QStringLiteral("long pond"), 1);
        const MahjongLayout L = layoutBoard(b, QRectF(0, 0, 1366, 768), k, tiles.depth(QSizeF(1, k)));
        QVector<int> perRow(L.pondRows, 0);
        for (const BoardTile& t : L.tiles) {
            QVERIFY(L.table.contains(t.screenRect()));
            if (t.seat == 1 && t.part == BoardTile::Pond) ++perRow[t.row];
        }
        const int full = std::min(L.pondRows - 1, 31 / 6); // rows of six before the last
        for (int r = 0; r < full; ++r) QCOMPARE(perRow[r], 6);
        QCOMPARE(perRow[full], 31 - 6 * full);
    }

    // A plate keeps the length its text wants while it fits the band, centred on the seat's side: its
    // own seat's, not at a corner next to the neighbour's hand.
    void plate_data() {
        QTest::addColumn<qreal>("wanted");
        QTest::addColumn<bool>("fits");
        QTest::newRow("short") << qreal(60) << true;
        QTest::newRow("too long") << qreal(5000) << false;
    }
    void plate() {
        QFETCH(qreal, wanted);
        QFETCH(bool, fits);
        TileRenderer tiles(QStringLiteral("none"));
        const qreal k = tiles.faceAspect();
        const MahjongLayout L = layoutBoard(board(QStringLiteral("middle"), 1), QRectF(0, 0, 1366, 768), k,
                                            tiles.depth(QSizeF(1, k)));
        for (const SeatLayout& s : L.seats) {
            const QRectF p = placePlate(s, wanted);
            QVERIFY(s.nameBand.adjusted(-1e-9, -1e-9, 1e-9, 1e-9).contains(p));
            QCOMPARE(std::fabs(p.width() - wanted) < 1e-9, fits);
            QVERIFY(std::fabs(p.center().x()) < 1e-9); // centred on the seat's axis
            // On screen the plate is nearer its own hand than any other seat's.
            const QPointF c = s.transform.map(p.center());
            for (const SeatLayout& o : L.seats) {
                if (o.seat == s.seat) continue;
                const QPointF own = s.transform.map(QPointF(0, L.handTop)),
                              other = o.transform.map(QPointF(0, L.handTop));
                QVERIFY2(
                    QLineF(c, own).length() < QLineF(c, other).length(),
                    qPrintable(QStringLiteral("seat %1's plate reads as seat %2's").arg(s.seat).arg(o.seat)));
            }
        }
    }
};

QTEST_MAIN(TestBoardLayout)
#include "tst_board_layout.moc"
