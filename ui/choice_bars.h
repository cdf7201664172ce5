// The engine's view of one decision, as mjai-reviewer and NAGA draw it: every discard the hand could make,
// best first, each with what it leaves (steps from ready, tiles that improve it) and a bar for the chance
// the reference model gives it; the discard played is marked. It only paints what DiscardInfo carries.
#pragma once

#include <QList>
#include <QPointer>
#include <QStringList>
#include <QWidget>

#include "mahjong_snapshot.h"

namespace tw::render {
class TileRenderer;
}

namespace tw::ui {

class ChoiceBars : public QWidget {
    Q_OBJECT
    Q_PROPERTY(QStringList rows READ rows)
  public:
    explicit ChoiceBars(QWidget* parent = nullptr);

    // At most this many rows (fewer when the panel is short, two at least): the best ones, and the played
    // one in place of the last when it lies below.
    static constexpr int kMaxRows = 5;
    static constexpr int kMinRows = 2;

    void setRenderer(render::TileRenderer* renderer);
    void setChoices(const QList<tw::models::ChoiceView>& choices);
    // One line per row shown, as a person reads it ("5m · 1 step · 13 tiles · 42% · played"): what tests and
    // accessibility read.
    QStringList rows() const;

    // Where the columns fall at a width (in the metrics of the bold font the played row uses): the text
    // column as wide as its widest row while the bar keeps kMinBar pixels; narrower, the text is elided.
    static constexpr int kMinBar = 40;
    struct Columns {
        int tile = 0, text = 0, barLeft = 0, bar = 0, percent = 0;
    };
    Columns columnsAt(int width, const QFontMetrics& bold) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    QList<tw::models::ChoiceView> shown(int rows = kMaxRows) const;
    QString leaves(const tw::models::ChoiceView& c) const;
    int rowHeight() const;

    QPointer<render::TileRenderer> renderer_;
    QList<tw::models::ChoiceView> choices_;
};

} // namespace tw::ui
