#include "tile_renderer.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QSvgRenderer>
#include <QTextStream>

#include <cmath>

namespace tw::render {

using tw::models::TileFace;

namespace {

// Past this many pixmaps the cache starts over: a resize sweep should not keep every size ever drawn.
constexpr int kCacheLimit = 4000;

struct Metrics {
    QString fileName;
    qreal tileW = 0, tileH = 0, faceW = 0, faceH = 0;
};

Metrics readDesktop(const QString& path) {
    Metrics m;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) return m;
    QTextStream in(&f);
    while (!in.atEnd()) {
        const QString line = in.readLine().trimmed();
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq < 0) continue;
        const QString key = line.left(eq).trimmed(), value = line.mid(eq + 1).trimmed();
        if (key == QLatin1String("FileName"))
            m.fileName = value;
        else if (key == QLatin1String("TileWidth"))
            m.tileW = value.toDouble();
        else if (key == QLatin1String("TileHeight"))
            m.tileH = value.toDouble();
        else if (key == QLatin1String("TileFaceWidth"))
            m.faceW = value.toDouble();
        else if (key == QLatin1String("TileFaceHeight"))
            m.faceH = value.toDouble();
    }
    return m;
}

QString bodyElement(TileRenderer::Edge edge, bool selected) {
    static const int number[4] = {2, 1, 4, 3}; // BottomRight, BottomLeft, TopLeft, TopRight
    return QStringLiteral("TILE_%1%2")
        .arg(number[int(edge)])
        .arg(selected ? QStringLiteral("_SEL") : QString());
}

QColor suitColour(QChar suit) {
    switch (suit.unicode()) {
    case 'm':
        return QColor(178, 34, 34);
    case 'p':
        return QColor(31, 95, 168);
    case 's':
        return QColor(33, 122, 60);
    default:
        return QColor(40, 40, 60);
    }
}

} // namespace

TileRenderer::TileRenderer(QObject* parent) : TileRenderer(QString(), parent) {}

TileRenderer::TileRenderer(const QString& tileset, QObject* parent) : QObject(parent) {
    load(tileset);
}

TileRenderer::~TileRenderer() = default;

QString TileRenderer::defaultDirectory() {
    return QStringLiteral("/usr/share/kmahjongglib/tilesets");
}

QStringList TileRenderer::installedTilesets() {
    QStringList names;
    const QFileInfoList files =
        QDir(defaultDirectory()).entryInfoList({QStringLiteral("*.desktop")}, QDir::Files, QDir::Name);
    for (const QFileInfo& fi : files) names << fi.completeBaseName();
    return names;
}

bool TileRenderer::load(const QString& tileset) {
    QString spec = tileset.isEmpty() ? QStringLiteral("default") : tileset;
    QString desktop, svgPath;
    if (spec.endsWith(QLatin1String(".desktop"))) {
        desktop = spec;
    } else if (spec.endsWith(QLatin1String(".svgz")) || spec.endsWith(QLatin1String(".svg"))) {
        svgPath = spec;
        const QFileInfo fi(spec);
        desktop = fi.dir().filePath(fi.completeBaseName() + QStringLiteral(".desktop"));
    } else {
        desktop = QDir(defaultDirectory()).filePath(spec + QStringLiteral(".desktop"));
    }
    const Metrics m = readDesktop(desktop);
    if (svgPath.isEmpty() && !m.fileName.isEmpty()) svgPath = QFileInfo(desktop).dir().filePath(m.fileName);

    auto svg = std::make_unique<QSvgRenderer>();
    const bool ok = !svgPath.isEmpty() && QFileInfo::exists(svgPath) && svg->load(svgPath) &&
                    svg->isValid() && svg->elementExists(QStringLiteral("TILE_1"));
    clearCache();
    if (ok) {
        svg_ = std::move(svg);
        path_ = QFileInfo(svgPath).absoluteFilePath();
        const QRectF body = svg_->boundsOnElement(QStringLiteral("TILE_1"));
        const QRectF face = svg_->boundsOnElement(QStringLiteral("CHARACTER_1"));
        tileW_ = m.tileW > 0 ? m.tileW : body.width();
        tileH_ = m.tileH > 0 ? m.tileH : body.height();
        faceW_ = m.faceW > 0 ? m.faceW : face.width();
        faceH_ = m.faceH > 0 ? m.faceH : face.height();
        frameWhite_ = elementIsBlank(TileFace::elementIdOf(31));
    } else {
        svg_.reset();
        path_.clear();
        tileW_ = 96, tileH_ = 116, faceW_ = 69, faceH_ = 89;
        frameWhite_ = false; // the fallback draws its own frame
    }
    emit tilesetChanged();
    return ok;
}

bool TileRenderer::isLoaded() const {
    return svg_ != nullptr;
}
QString TileRenderer::tilesetPath() const {
    return path_;
}
bool TileRenderer::hasElement(const QString& elementId) const {
    return svg_ && !elementId.isEmpty() && svg_->elementExists(elementId);
}

qreal TileRenderer::faceAspect() const {
    return faceH_ / faceW_;
}

QMarginsF TileRenderer::depth(const QSizeF& faceSize, Edge edge, int rotation) const {
    // The drawn fallback has a thin edge of its own; a tileset's edge is what its body adds to the face.
    const qreal dx = std::round(svg_ ? (tileW_ - faceW_) * faceSize.width() / faceW_
                                     : std::max(1.0, faceSize.width() * 0.07));
    const qreal dy = std::round(svg_ ? (tileH_ - faceH_) * faceSize.height() / faceH_
                                     : std::max(1.0, faceSize.width() * 0.07));
    QMarginsF m;
    switch (edge) {
    case Edge::BottomRight:
        m = {0, 0, dx, dy};
        break;
    case Edge::BottomLeft:
        m = {dx, 0, 0, dy};
        break;
    case Edge::TopLeft:
        m = {dx, dy, 0, 0};
        break;
    case Edge::TopRight:
        m = {0, dy, dx, 0};
        break;
    }
    // Turning clockwise by 90 moves the top margin to the right, the right to the bottom, and so on.
    for (int r = ((rotation % 360) + 360) % 360; r >= 90; r -= 90)
        m = {m.bottom(), m.left(), m.top(), m.right()};
    return m;
}

void TileRenderer::clearCache() {
    cache_.clear();
    elements_.clear();
}

QPixmap TileRenderer::tile(const TileFace& face, const QSizeF& faceSize, qreal dpr, bool selected, Edge edge,
                           int rotation) {
    return compose(face, faceSize, dpr, selected, edge, face.isHidden(), rotation);
}

QPixmap TileRenderer::back(const QSizeF& faceSize, qreal dpr, Edge edge, int rotation) {
    return compose(TileFace::hidden(), faceSize, dpr, false, edge, true, rotation);
}

QPixmap TileRenderer::element(const QString& id, const QSizeF& size, qreal dpr) {
    const QString key = QStringLiteral("%1|%2x%3|%4")
                            .arg(id)
                            .arg(size.width(), 0, 'f', 2)
                            .arg(size.height(), 0, 'f', 2)
                            .arg(dpr, 0, 'f', 2);
    if (auto it = elements_.constFind(key); it != elements_.constEnd()) return *it;
    if (elements_.size() >= kCacheLimit) elements_.clear();
    QPixmap pm(QSize(int(std::ceil(size.width() * dpr)), int(std::ceil(size.height() * dpr))));
    pm.setDevicePixelRatio(dpr);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    svg_->render(&p, id, QRectF(QPointF(0, 0), size));
    p.end();
    elements_.insert(key, pm);
    return pm;
}

QPixmap TileRenderer::compose(const TileFace& face, const QSizeF& faceSize, qreal dpr, bool selected,
                              Edge edge, bool faceDown, int rotation) {
    rotation = ((rotation % 360) + 360) % 360;
    const QString what = faceDown ? QStringLiteral("#back")
                                  : face.elementId + QLatin1Char('|') + face.text + (face.red ? "|red" : "");
    const QString key = QStringLiteral("%1|%2|%3x%4|%5|%6|%7|%8")
                            .arg(path_, what)
                            .arg(faceSize.width(), 0, 'f', 2)
                            .arg(faceSize.height(), 0, 'f', 2)
                            .arg(dpr, 0, 'f', 2)
                            .arg(int(selected))
                            .arg(int(edge))
                            .arg(rotation);
    if (auto it = cache_.constFind(key); it != cache_.constEnd()) return *it;
    if (cache_.size() >= kCacheLimit) cache_.clear();

    QPixmap pm;
    if (rotation) {
        // A turned tile is the upright one turned: exact for quarter turns, and no SVG work.
        const QPixmap upright = compose(face, faceSize, dpr, selected, edge, faceDown, 0);
        pm = upright.transformed(QTransform().rotate(rotation));
        pm.setDevicePixelRatio(dpr);
    } else {
        const QMarginsF d = depth(faceSize, edge);
        const QSizeF body(faceSize.width() + d.left() + d.right(), faceSize.height() + d.top() + d.bottom());
        pm = QPixmap(QSize(int(std::ceil(body.width() * dpr)), int(std::ceil(body.height() * dpr))));
        pm.setDevicePixelRatio(dpr);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setRenderHint(QPainter::TextAntialiasing);
        const QRectF faceRect(QPointF(d.left(), d.top()), faceSize);
        const QString bodyId = bodyElement(edge, selected);
        if (svg_ && svg_->elementExists(bodyId))
            p.drawPixmap(QPointF(0, 0), element(bodyId, body, dpr));
        else
            drawFallbackBody(p, faceRect, d, selected);
        if (faceDown)
            drawBackFace(p, faceRect);
        else if (hasElement(face.elementId)) {
            p.drawPixmap(faceRect.topLeft(), element(face.elementId, faceSize, dpr));
            if (face.kind == 31 && frameWhite_) drawWhiteFrame(p, faceRect);
        } else
            drawFallbackFace(p, faceRect, face);
        if (face.red && !faceDown) drawRedMark(p, faceRect);
        p.end();
    }
    cache_.insert(key, pm);
    return pm;
}

// No tileset has a red five: the face gets a red wash and a red frame inside its edge, over the tileset's
// face or the drawn one alike, so a red five reads as red at a glance and the face stays legible.
void TileRenderer::drawRedMark(QPainter& p, const QRectF& faceRect) const {
    const qreal w = faceRect.width();
    const qreal pen = std::max<qreal>(1.5, w * 0.07);
    const QRectF inner = faceRect.adjusted(pen / 2 + 0.5, pen / 2 + 0.5, -pen / 2 - 0.5, -pen / 2 - 0.5);
    p.save();
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(235, 40, 40, 46));
    p.drawRoundedRect(inner, w * 0.1, w * 0.1);
    p.setPen(QPen(QColor(214, 28, 28), pen));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(inner, w * 0.1, w * 0.1);
    // A red corner, as Tenhou's red fives carry their colour in the face.
    const qreal r = std::max<qreal>(2, w * 0.13);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(214, 28, 28));
    p.drawEllipse(QPointF(inner.left() + r * 1.3, inner.top() + r * 1.3), r, r);
    p.restore();
}

void TileRenderer::drawFallbackBody(QPainter& p, const QRectF& faceRect, const QMarginsF& d,
                                    bool selected) const {
    const qreal r = faceRect.width() * 0.12;
    const QRectF side = faceRect.translated(d.right() - d.left(), d.bottom() - d.top());
    p.setPen(QPen(QColor(120, 104, 70), 1));
    p.setBrush(QColor(196, 178, 132));
    p.drawRoundedRect(side.adjusted(0.5, 0.5, -0.5, -0.5), r, r);
    p.setPen(QPen(QColor(150, 140, 118), 1));
    p.setBrush(selected ? QColor(255, 240, 160) : QColor(251, 248, 239));
    p.drawRoundedRect(faceRect.adjusted(0.5, 0.5, -0.5, -0.5), r, r);
}

void TileRenderer::drawFallbackFace(QPainter& p, const QRectF& faceRect, const TileFace& face) const {
    const QString text = face.text;
    if (text.isEmpty()) return;
    QFont font = p.font();
    font.setBold(true);
    const QRectF inner = faceRect.adjusted(faceRect.width() * 0.08, faceRect.height() * 0.06,
                                           -faceRect.width() * 0.08, -faceRect.height() * 0.06);
    if (face.kind >= 0 && face.kind < 27 && text.size() == 2) {
        // A suit tile: the number large, the suit's character under it.
        static const char16_t suits[] = u"万筒条";
        const QColor colour = suitColour(text.at(1));
        p.setPen(colour);
        font.setPixelSize(int(inner.height() * 0.48));
        p.setFont(font);
        p.drawText(QRectF(inner.left(), inner.top(), inner.width(), inner.height() * 0.55), Qt::AlignCenter,
                   text.left(1));
        font.setPixelSize(int(inner.height() * 0.32));
        font.setBold(false);
        p.setFont(font);
        p.drawText(
            QRectF(inner.left(), inner.top() + inner.height() * 0.52, inner.width(), inner.height() * 0.45),
            Qt::AlignCenter, QString(QChar(suits[face.kind / 9])));
        return;
    }
    if (face.kind == 31) {
        drawWhiteFrame(p, faceRect);
        return;
    }
    p.setPen(face.kind == 33   ? QColor(178, 34, 34)
             : face.kind == 32 ? QColor(33, 122, 60)
                               : QColor(30, 30, 60));
    font.setPixelSize(int(std::min(inner.height() * 0.55, inner.width() * 0.9)));
    p.setFont(font);
    p.drawText(inner, Qt::AlignCenter, text);
}

// White dragon: a blue frame, as on real tiles, with an inner line so it reads even when small.
void TileRenderer::drawWhiteFrame(QPainter& p, const QRectF& faceRect) const {
    const QRectF inner = faceRect.adjusted(faceRect.width() * 0.08, faceRect.height() * 0.06,
                                           -faceRect.width() * 0.08, -faceRect.height() * 0.06);
    const QRectF frame = inner.adjusted(inner.width() * 0.12, inner.height() * 0.1, -inner.width() * 0.12,
                                        -inner.height() * 0.1);
    p.save();
    p.setPen(QPen(QColor(31, 95, 168), std::max<qreal>(1.2, faceRect.width() * 0.08)));
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(frame, 3, 3);
    p.setPen(QPen(QColor(31, 95, 168), std::max<qreal>(0.8, faceRect.width() * 0.03)));
    const qreal in = std::max<qreal>(2, faceRect.width() * 0.12);
    p.drawRoundedRect(frame.adjusted(in, in, -in, -in), 2, 2);
    p.restore();
}

// Hardly any pixel of the element with ink (opaque, darker than the face): the tileset left it blank.
bool TileRenderer::elementIsBlank(const QString& id) const {
    if (!svg_ || !svg_->elementExists(id)) return false;
    QImage img(48, 64, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    QPainter p(&img);
    svg_->render(&p, id, QRectF(0, 0, img.width(), img.height()));
    p.end();
    int ink = 0; // a hairline outline of the face (the default tileset's) is not a face
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const QColor c = QColor::fromRgba(img.pixel(x, y));
            if (c.alpha() > 60 && c.lightness() < 200) ++ink;
        }
    return ink < img.width() * img.height() / 100;
}

void TileRenderer::drawBackFace(QPainter& p, const QRectF& faceRect) const {
    const qreal r = faceRect.width() * 0.12;
    const QRectF f = faceRect.adjusted(faceRect.width() * 0.04, faceRect.width() * 0.04,
                                       -faceRect.width() * 0.04, -faceRect.width() * 0.04);
    QLinearGradient g(f.topLeft(), f.bottomRight());
    g.setColorAt(0, QColor(58, 140, 118));
    g.setColorAt(1, QColor(28, 96, 80));
    p.setPen(QPen(QColor(20, 70, 58), 1));
    p.setBrush(g);
    p.drawRoundedRect(f, r, r);
    p.setPen(QPen(QColor(255, 255, 255, 60), 1));
    p.setBrush(Qt::NoBrush);
    const qreal in = f.width() * 0.14;
    p.drawRoundedRect(f.adjusted(in, in, -in, -in), r * 0.6, r * 0.6);
}

} // namespace tw::render
