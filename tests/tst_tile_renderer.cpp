// The tile renderer: the kind -> KDE tileset element map (pinned here from SPEC §2 and the tilesets'
// own numbering, WIND_1 North .. WIND_4 West, DRAGON_1 White), the installed tileset drawing real tiles,
// the drawn fallback, and the pixmap cache.
#include <QtTest>

#include <QImage>
#include <QPixmap>

#include "mahjong_snapshot.h"
#include "tile_renderer.h"

using tw::models::TileFace;
using tw::render::TileRenderer;

namespace {

const QString kDefaultSet = TileRenderer::defaultDirectory() + QStringLiteral("/default.desktop");

// Share of the face's pixels that are ink (clearly darker than a tile's pale face).
double inkShare(const QPixmap& pm, const QRectF& faceRect) {
    const QImage img = pm.toImage().convertToFormat(QImage::Format_ARGB32);
    const qreal dpr = pm.devicePixelRatio();
    const QRect r =
        QRectF(faceRect.topLeft() * dpr, faceRect.size() * dpr).toAlignedRect().intersected(img.rect());
    int ink = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = img.pixelColor(x, y);
            if (c.alpha() > 200 && c.lightness() < 150) ++ink;
        }
    return double(ink) / std::max(1, r.width() * r.height());
}

int opaquePixels(const QPixmap& pm) {
    const QImage img = pm.toImage().convertToFormat(QImage::Format_ARGB32);
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) n += img.pixelColor(x, y).alpha() > 200;
    return n;
}

} // namespace

class TestTileRenderer : public QObject {
    Q_OBJECT
  private slots:
    void elementIds_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("elementId");
        QTest::addColumn<QString>("text");
        // Suits: m characters, p dots (the tilesets call them rods), s bamboo; numbers 1-9 as they are.
        const char* suitIds[3] = {"CHARACTER_", "ROD_", "BAMBOO_"};
        const char* letters[3] = {"m", "p", "s"};
        for (int suit = 0; suit < 3; ++suit)
            for (int n = 1; n <= 9; ++n) {
                const QString text = QString::number(n) + QLatin1String(letters[suit]);
                QTest::newRow(qPrintable(text))
                    << suit * 9 + n - 1 << QString(suitIds[suit] + QString::number(n)) << text;
            }
        // Honours in SPEC §2 order; the tilesets number winds North, South, East, West.
        QTest::newRow("1z East") << 27 << "WIND_3" << QStringLiteral("東");
        QTest::newRow("2z South") << 28 << "WIND_2" << QStringLiteral("南");
        QTest::newRow("3z West") << 29 << "WIND_4" << QStringLiteral("西");
        QTest::newRow("4z North") << 30 << "WIND_1" << QStringLiteral("北");
        QTest::newRow("5z White") << 31 << "DRAGON_1" << QStringLiteral("白");
        QTest::newRow("6z Green") << 32 << "DRAGON_2" << QStringLiteral("發");
        QTest::newRow("7z Red") << 33 << "DRAGON_3" << QStringLiteral("中");
    }
    void elementIds() {
        QFETCH(int, kind);
        QFETCH(QString, elementId);
        QFETCH(QString, text);
        const TileFace f = TileFace::of(kind);
        QCOMPARE(f.kind, kind);
        QCOMPARE(f.elementId, elementId);
        QCOMPARE(f.text, text);
        QVERIFY(!f.isHidden());
        TileRenderer r(kDefaultSet);
        QVERIFY2(
            r.isLoaded(),
            "the KDE tilesets are missing: install kdegames-mahjongg-data-kf5 (scripts/setup-debian.sh)");
        QVERIFY2(r.hasElement(elementId), qPrintable(elementId + " is not in " + r.tilesetPath()));
    }

    void outOfRangeKindsAreFaceDown() {
        for (int kind : {-1, 34, 99}) {
            const TileFace f = TileFace::of(kind);
            QVERIFY(f.isHidden());
            QVERIFY(f.elementId.isEmpty());
            QVERIFY(TileFace::elementIdOf(kind).isEmpty());
        }
    }

    void installedTilesetDrawsFaces() {
        QVERIFY(TileRenderer::installedTilesets().contains(QStringLiteral("default")));
        TileRenderer r; // the default tileset
        QVERIFY(r.isLoaded());
        QVERIFY(r.tilesetPath().endsWith(QLatin1String("default.svgz")));
        const QSizeF face(60, 60 * r.faceAspect());
        const QMarginsF d = r.depth(face);
        QCOMPARE(d.left(), 0.0);
        QCOMPARE(d.top(), 0.0);
        QVERIFY(d.right() > 0 && d.bottom() > 0); // the tileset's 3D edge
        const QPixmap fiveM = r.tile(TileFace::of(4), face, 1.0);
        QCOMPARE(fiveM.size(),
                 QSize(int(std::ceil(face.width() + d.right())), int(std::ceil(face.height() + d.bottom()))));
        const QRectF faceRect(QPointF(0, 0), face);
        const double ink = inkShare(fiveM, faceRect);
        QVERIFY2(ink > 0.03, qPrintable(QString("5m has only %1 ink").arg(ink)));
        // A face is drawn on the body: a blank body has no ink, and two kinds differ.
        const QPixmap blank =
            r.tile(TileFace{4, QStringLiteral("NO_SUCH_ELEMENT"), QString(), false}, face, 1.0);
        QVERIFY2(inkShare(blank, faceRect) < ink / 4,
                 qPrintable(QString("blank %1, 5m %2").arg(inkShare(blank, faceRect)).arg(ink)));
        QVERIFY(fiveM.toImage() != r.tile(TileFace::of(13), face, 1.0).toImage());
        // Loaded by name, the same tileset.
        TileRenderer byName(QStringLiteral("default"));
        QCOMPARE(byName.tilesetPath(), r.tilesetPath());
        TileRenderer jade(QStringLiteral("jade"));
        QVERIFY(jade.isLoaded());
        QVERIFY(jade.tilesetPath().endsWith(QLatin1String("jade.svgz")));
    }

    void edgesPlaceTheFace() {
        TileRenderer r;
        const QSizeF face(40, 40 * r.faceAspect());
        using E = TileRenderer::Edge;
        const QMarginsF br = r.depth(face, E::BottomRight), tl = r.depth(face, E::TopLeft);
        const QMarginsF bl = r.depth(face, E::BottomLeft), tr = r.depth(face, E::TopRight);
        QCOMPARE(br.right(), tl.left());
        QCOMPARE(br.bottom(), tl.top());
        QVERIFY(bl.left() > 0 && bl.bottom() > 0 && bl.right() == 0 && bl.top() == 0);
        QVERIFY(tr.right() > 0 && tr.top() > 0 && tr.left() == 0 && tr.bottom() == 0);
        // With the depth top-left the face sits bottom-right: its ink is there, not at the origin.
        const QPixmap pm = r.tile(TileFace::of(27), face, 1.0, false, E::TopLeft);
        QVERIFY(inkShare(pm, QRectF(QPointF(tl.left(), tl.top()), face)) > 0.03);
    }

    void fallbackWithoutTileset() {
        TileRenderer r(QStringLiteral("/nonexistent/tilesets/none.desktop"));
        QVERIFY(!r.isLoaded());
        QVERIFY(r.tilesetPath().isEmpty());
        QVERIFY(!r.hasElement(QStringLiteral("CHARACTER_5")));
        const QSizeF face(48, 62);
        for (int kind : {4, 13, 22, 27, 31, 33}) {
            const QPixmap pm = r.tile(TileFace::of(kind), face, 1.0);
            QVERIFY(!pm.isNull());
            QVERIFY(opaquePixels(pm) > face.width() * face.height() * 0.8); // a whole tile, not a blank
            const QRectF faceRect(QPointF(r.depth(face).left(), r.depth(face).top()), face);
            if (kind != 31) QVERIFY2(inkShare(pm, faceRect) > 0.02, qPrintable(TileFace::of(kind).text));
        }
        const QPixmap back = r.back(face, 1.0);
        QVERIFY(opaquePixels(back) > face.width() * face.height() * 0.8);
        QVERIFY(back.toImage() != r.tile(TileFace::of(4), face, 1.0).toImage());
        // Loading a real tileset afterwards switches over.
        QSignalSpy changed(&r, &TileRenderer::tilesetChanged);
        QVERIFY(r.load(kDefaultSet));
        QCOMPARE(changed.count(), 1);
        QVERIFY(r.isLoaded());
    }

    // The white dragon has a face in every tileset and in the fallback: the default tileset leaves its
    // element blank (it read as a missing tile), so the renderer frames it.
    void whiteDragonHasAFrame() {
        for (const QString& set : {QStringLiteral("default"), QStringLiteral("jade"),
                                   QStringLiteral("/nonexistent/tilesets/none.desktop")}) {
            TileRenderer r(set);
            const QSizeF face(48, std::round(48 * r.faceAspect()));
            const QRectF faceRect(QPointF(r.depth(face).left(), r.depth(face).top()), face);
            const double white = inkShare(r.tile(TileFace::of(31), face, 1.0), faceRect);
            QVERIFY2(white > 0.03, qPrintable(QStringLiteral("%1: white dragon ink %2").arg(set).arg(white)));
        }
        TileRenderer r;
        QVERIFY(r.framesWhiteDragon()); // the default tileset's DRAGON_1 has no ink of its own
    }

    void missingElementFallsBackToText() {
        TileRenderer r;
        QVERIFY(r.isLoaded());
        const QSizeF face(48, 48 * r.faceAspect());
        const TileFace odd{4, QStringLiteral("NO_SUCH_ELEMENT"), QStringLiteral("5m"), false};
        QVERIFY(!r.hasElement(odd.elementId));
        const QPixmap pm = r.tile(odd, face, 1.0);
        QVERIFY(inkShare(pm, QRectF(QPointF(0, 0), face)) > 0.02);
    }

    void cache() {
        TileRenderer r;
        const TileFace f = TileFace::of(9);
        const QSizeF face(40, 52);
        const QPixmap a = r.tile(f, face, 1.0);
        QCOMPARE(r.tile(f, face, 1.0).cacheKey(), a.cacheKey());
        const int cached = r.cachedPixmaps();
        QVERIFY(r.tile(f, QSizeF(41, 53), 1.0).cacheKey() != a.cacheKey());
        const QPixmap selected = r.tile(f, face, 1.0, true);
        QVERIFY(selected.cacheKey() != a.cacheKey());
        QVERIFY(selected.toImage() != a.toImage()); // TILE_n_SEL is another body
        const QPixmap hiDpi = r.tile(f, face, 2.0);
        QVERIFY(hiDpi.cacheKey() != a.cacheKey());
        QCOMPARE(hiDpi.devicePixelRatio(), 2.0);
        QCOMPARE(hiDpi.width(), a.width() * 2);
        QVERIFY(r.tile(f, face, 1.0, false, TileRenderer::Edge::TopLeft).cacheKey() != a.cacheKey());
        QVERIFY(r.tile(TileFace::of(10), face, 1.0).cacheKey() != a.cacheKey());
        QCOMPARE(r.cachedPixmaps(), cached + 5);
        // Another tileset never hands back this one's pixmaps.
        r.load(QStringLiteral("jade"));
        QVERIFY(r.tile(f, face, 1.0).cacheKey() != a.cacheKey());
        r.clearCache();
        QCOMPARE(r.cachedPixmaps(), 0);
    }
};

QTEST_MAIN(TestTileRenderer)
#include "tst_tile_renderer.moc"
