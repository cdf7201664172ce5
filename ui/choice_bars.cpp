#include "choice_bars.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

#include "tile_names.h"
#include "tile_renderer.h"

namespace tw::ui {

using tw::models::ChoiceView;

namespace {

constexpr int kFaceWidth = 18;
constexpr int kGap = 6;

} // namespace

ChoiceBars::ChoiceBars(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("choiceBars"));
    // Shrinks to kMinRows on a short screen rather than push the tiles above out of the panel.
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
}

void ChoiceBars::setRenderer(render::TileRenderer* renderer) {
    renderer_ = renderer;
    update();
}

void ChoiceBars::setChoices(const QList<ChoiceView>& choices) {
    const auto before = shown().size();
    choices_ = choices;
    if (shown().size() != before) updateGeometry();
    update();
}

QList<ChoiceView> ChoiceBars::shown(int rows) const {
    QList<ChoiceView> out = choices_.mid(0, rows);
    const auto played =
        std::find_if(choices_.begin(), choices_.end(), [](const ChoiceView& c) { return c.played; });
    if (played != choices_.end() && played - choices_.begin() >= rows) out.back() = *played;
    return out;
}

QString ChoiceBars::leaves(const ChoiceView& c) const {
    const QString steps = c.shanten <= 0 ? tr("ready") : tr("%n step(s)", nullptr, c.shanten);
    return tr("%1 · %n tile(s)", nullptr, c.ukeire).arg(steps);
}

QStringList ChoiceBars::rows() const {
    QStringList out;
    for (const ChoiceView& c : shown()) {
        QString line = tw::models::tileName(c.face) + QStringLiteral(" · ") + leaves(c) +
                       QStringLiteral(" · ") + tr("%1%").arg(std::lround(100 * c.chance));
        if (c.played) line += QStringLiteral(" · ") + tr("played");
        out << line;
    }
    return out;
}

int ChoiceBars::rowHeight() const {
    const qreal aspect = renderer_ ? renderer_->faceAspect() : 1.3;
    return std::max(fontMetrics().height(), int(std::round(kFaceWidth * aspect))) + 6;
}

QSize ChoiceBars::sizeHint() const {
    return {260, std::max<int>(1, shown().size()) * rowHeight()};
}

QSize ChoiceBars::minimumSizeHint() const {
    return {160, std::min<int>(kMinRows, std::max<int>(1, choices_.size())) * rowHeight()};
}

ChoiceBars::Columns ChoiceBars::columnsAt(int width, const QFontMetrics& fm) const {
    Columns c;
    c.tile = kFaceWidth + 4;
    c.percent = fm.horizontalAdvance(QStringLiteral("100%"));
    // horizontalAdvance rounds; elidedText compares the exact width: a pixel to spare, or the widest elides.
    for (const ChoiceView& v : shown()) c.text = std::max(c.text, fm.horizontalAdvance(leaves(v)) + 2);
    c.text = std::min(c.text, std::max(kMinBar, width - c.tile - c.percent - kMinBar - 3 * kGap));
    c.barLeft = c.tile + kGap + c.text + kGap;
    c.bar = std::max(20, width - c.barLeft - kGap - c.percent);
    return c;
}

void ChoiceBars::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const int h = rowHeight();
    const QList<ChoiceView> rows = shown(std::clamp(height() / h, 1, kMaxRows));
    if (rows.isEmpty()) return;
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    const QFontMetrics fm = p.fontMetrics(); // the widest: the played row is bold
    const Columns col = columnsAt(width(), fm);
    const QColor engine(40, 90, 160), other = palette().color(QPalette::Mid);
    for (int i = 0; i < rows.size(); ++i) {
        const ChoiceView& c = rows[i];
        const QRect row(0, i * h, width(), h);
        if (c.played) {
            QColor mark = palette().color(QPalette::Highlight);
            mark.setAlpha(50);
            p.fillRect(row, mark);
            p.setPen(palette().color(QPalette::Highlight));
            p.drawRect(row.adjusted(0, 0, -1, -1));
        }
        if (renderer_) {
            const QSizeF face(kFaceWidth, std::round(kFaceWidth * renderer_->faceAspect()));
            p.drawPixmap(QPointF(2, row.top() + (h - face.height()) / 2),
                         renderer_->tile(c.face, face, devicePixelRatioF(), false));
        }
        p.setFont(c.played ? bold : font());
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(col.tile + kGap, row.top(), col.text, h), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(leaves(c), Qt::ElideRight, col.text));
        const QRect track(col.barLeft, row.top() + h / 2 - 5, col.bar, 10);
        p.fillRect(track, palette().color(QPalette::AlternateBase));
        p.fillRect(
            QRect(track.topLeft(), QSize(int(std::round(col.bar * std::clamp(c.chance, 0.0, 1.0))), 10)),
            c.loss <= 0 ? engine : other);
        p.drawText(QRect(col.barLeft + col.bar + kGap, row.top(), col.percent, h),
                   Qt::AlignRight | Qt::AlignVCenter, tr("%1%").arg(std::lround(100 * c.chance)));
    }
}

} // namespace tw::ui
