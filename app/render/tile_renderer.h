// Tiles as pixmaps: a KDE mahjongg tileset (GPL artwork, so loaded at run time from the Debian package
// kdegames-mahjongg-data-kf5, never shipped) rendered with QSvgRenderer by element id — the body
// (TILE_n, or TILE_n_SEL when highlighted), then the face on it. Without a tileset, or for an element
// the tileset lacks, a drawn tile with the face text stands in.
//
// Geometry: callers lay tiles out by face size; the body's depth reaches beyond the face on two sides
// (the tileset's 3D edge), given by depth(). Pixmaps are cached per (tileset, element, size, device
// pixel ratio, selected, edge).
#pragma once

#include <QHash>
#include <QMarginsF>
#include <QObject>
#include <QPixmap>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <memory>

#include "mahjong_snapshot.h"

class QSvgRenderer;

namespace tw::render {

class TileRenderer : public QObject {
    Q_OBJECT
  public:
    // The sides of the face where the body's depth shows, on screen. The tilesets draw each as its own
    // body: TILE_2 bottom-right, TILE_1 bottom-left, TILE_4 top-left, TILE_3 top-right.
    enum class Edge { BottomRight, BottomLeft, TopLeft, TopRight };
    Q_ENUM(Edge)

    explicit TileRenderer(QObject* parent = nullptr); // the default tileset, or the fallback without one
    explicit TileRenderer(const QString& tileset, QObject* parent = nullptr);
    ~TileRenderer() override;

    static QString defaultDirectory();      // /usr/share/kmahjongglib/tilesets
    static QStringList installedTilesets(); // names ("default", "jade", ...) found there

    // A name ("jade"), or a path to a .desktop or .svgz file; empty for "default". Returns false and
    // keeps the drawn fallback when the tileset cannot be read.
    bool load(const QString& tileset);
    bool isLoaded() const;       // false: the drawn fallback is in use
    QString tilesetPath() const; // the .svgz in use; empty for the fallback
    bool hasElement(const QString& elementId) const;
    // Whether the white dragon is drawn with a frame of our own: some tilesets (the default one) leave
    // its face blank, which reads as a missing tile.
    bool framesWhiteDragon() const { return frameWhite_; }

    qreal faceAspect() const; // face height / face width
    // Whole logical pixels, so that faces stay on the pixel grid. `rotation` (0, 90, 180, 270 degrees
    // clockwise) gives the margins of the turned pixmap that tile() returns for it.
    QMarginsF depth(const QSizeF& faceSize, Edge edge = Edge::BottomRight, int rotation = 0) const;

    // The whole tile (body and face), turned clockwise by `rotation` (a multiple of 90); the face's
    // top-left sits at (depth.left, depth.top) of it, with depth() given the same rotation.
    QPixmap tile(const tw::models::TileFace& face, const QSizeF& faceSize, qreal dpr = 1.0,
                 bool selected = false, Edge edge = Edge::BottomRight, int rotation = 0);
    QPixmap back(const QSizeF& faceSize, qreal dpr = 1.0, Edge edge = Edge::BottomRight,
                 int rotation = 0); // face down

    int cachedPixmaps() const { return int(cache_.size()); } // composed tiles
    void clearCache();

  signals:
    void tilesetChanged();

  private:
    QPixmap compose(const tw::models::TileFace& face, const QSizeF& faceSize, qreal dpr, bool selected,
                    Edge edge, bool faceDown, int rotation);
    QPixmap element(const QString& id, const QSizeF& size, qreal dpr); // one SVG element, cached
    void drawFallbackBody(class QPainter& p, const QRectF& faceRect, const QMarginsF& depth,
                          bool selected) const;
    void drawFallbackFace(class QPainter& p, const QRectF& faceRect, const tw::models::TileFace& face) const;
    void drawBackFace(class QPainter& p, const QRectF& faceRect) const;
    void drawWhiteFrame(class QPainter& p, const QRectF& faceRect) const;
    void drawRedMark(class QPainter& p, const QRectF& faceRect) const; // a red five
    bool elementIsBlank(const QString& id) const;

    std::unique_ptr<QSvgRenderer> svg_;
    QString path_;
    // Tileset metrics in its own units (the .desktop file, else the element bounds).
    qreal tileW_ = 96, tileH_ = 116, faceW_ = 69, faceH_ = 89;
    bool frameWhite_ = false;          // the tileset's white dragon has no ink (framesWhiteDragon)
    QHash<QString, QPixmap> cache_;    // composed tiles
    QHash<QString, QPixmap> elements_; // rendered SVG elements: a tile is composed from two by blitting
};

} // namespace tw::render
