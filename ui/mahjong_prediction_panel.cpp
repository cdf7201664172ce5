#include "mahjong_prediction_panel.h"

#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include <cmath>

#include "choice_bars.h"
#include "mahjong_session.h"
#include "tile_strip.h"

namespace tw::ui {

using tw::models::DiscardInfo;
using tw::models::MahjongSession;

namespace {

QLabel* valueLabel(const char* name, QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setObjectName(QLatin1String(name));
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

QLabel* captionLabel(const QString& text, QWidget* parent) {
    auto* l = new QLabel(text, parent);
    QPalette pal = l->palette();
    pal.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
    l->setPalette(pal);
    return l;
}

} // namespace

MahjongPredictionPanel::MahjongPredictionPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("predictionPanel"));
    auto* top = new QVBoxLayout(this);
    top->setContentsMargins(6, 6, 6, 6);
    top->setSpacing(4);

    title_ = valueLabel("discardTitle", this);
    QFont tf = title_->font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.1);
    title_->setFont(tf);
    title_->setWordWrap(true);
    top->addWidget(title_);
    context_ = valueLabel("discardContext", this);
    QFont cf = context_->font();
    cf.setItalic(true);
    context_->setFont(cf);
    context_->setWordWrap(true);
    top->addWidget(context_);

    top->addLayout(tilesGrid());

    auto* line = new QFrame(this);
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    top->addWidget(line);

    top->addLayout(statsGrid());

    QLabel* view = captionLabel(tr("The engine's view"), this);
    view->setToolTip(
        tr("Each discard the hand could make, best first: how many steps from ready it leaves the "
           "hand and how many tiles would improve it, and the chance the reference model gives a "
           "player of choosing it (blue: the engine's choice set). The discard played is framed."));
    top->addWidget(view);
    choices_ = new ChoiceBars(this);
    top->addWidget(choices_);

    // The explanation scrolls inside its own frame: a long one (several sentences, longer in Chinese)
    // pushed the tiles above out of the panel.
    explanation_ = valueLabel("explanationLabel", this);
    explanation_->setWordWrap(true);
    explanation_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    explanation_->setMargin(4);
    explanationArea_ = new QScrollArea(this);
    explanationArea_->setObjectName(QStringLiteral("explanationArea"));
    explanationArea_->setWidget(explanation_);
    explanationArea_->setWidgetResizable(true);
    explanationArea_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    explanationArea_->setMinimumHeight(explanation_->fontMetrics().lineSpacing() * 3 + 14);
    top->addWidget(explanationArea_, 1);

    setInfo({});
}

QGridLayout* MahjongPredictionPanel::tilesGrid() {
    // The discard, its verdict beside it, then the two sets: the tiles are what the moderator compares,
    // so they come before any text that can grow (the explanation scrolls on its own below).
    auto* tiles = new QGridLayout;
    tiles->setHorizontalSpacing(8);
    tiles->setVerticalSpacing(2);
    auto strip = [&](const char* name, int faceWidth) {
        auto* s = new TileStrip(this);
        s->setObjectName(QLatin1String(name));
        s->setFaceWidth(faceWidth);
        return s;
    };
    actual_ = strip("actualTile", 40);
    actual_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    predicted_ = strip("predictedTiles", 30);
    engine_ = strip("engineTiles", 30);
    predicted_->setPlaceholder(tr("(empty)"));
    engine_->setPlaceholder(tr("(empty)"));
    verdict_ = valueLabel("predictionVerdict", this);
    verdict_->setAlignment(Qt::AlignCenter);
    verdict_->setMargin(3);
    verdict_->setWordWrap(true);
    verdict_->setAutoFillBackground(true);
    auto* actualRow = new QHBoxLayout;
    actualRow->setSpacing(8);
    actualRow->addWidget(actual_);
    actualRow->addWidget(verdict_, 1);
    tiles->addWidget(captionLabel(tr("Discarded"), this), 0, 0, Qt::AlignLeft | Qt::AlignVCenter);
    tiles->addLayout(actualRow, 0, 1);
    tiles->addWidget(captionLabel(tr("Predicted set"), this), 1, 0, Qt::AlignLeft | Qt::AlignVCenter);
    tiles->addWidget(predicted_, 1, 1);
    tiles->addWidget(captionLabel(tr("Engine's choice"), this), 2, 0, Qt::AlignLeft | Qt::AlignVCenter);
    tiles->addWidget(engine_, 2, 1);
    tiles->setColumnStretch(1, 1);
    return tiles;
}

// The discard's numbers: its engine rank, the value it lost, its fit and what became of it.
QGridLayout* MahjongPredictionPanel::statsGrid() {
    auto* stats = new QGridLayout;
    stats->setHorizontalSpacing(8);
    stats->setVerticalSpacing(2);
    rank_ = valueLabel("rankLabel", this);
    lost_ = valueLabel("valueLostLabel", this);
    fit_ = valueLabel("fitLabel", this);
    taken_ = valueLabel("takenLabel", this);
    for (QLabel* l : {rank_, fit_, taken_}) l->setWordWrap(true);
    stats->addWidget(captionLabel(tr("Engine rank"), this), 0, 0);
    stats->addWidget(rank_, 0, 1);
    stats->addWidget(captionLabel(tr("Value lost"), this), 1, 0);
    stats->addWidget(lost_, 1, 1);
    stats->addWidget(captionLabel(tr("Fit"), this), 2, 0);
    stats->addWidget(fit_, 2, 1);
    stats->addWidget(captionLabel(tr("Outcome"), this), 3, 0, Qt::AlignTop);
    stats->addWidget(taken_, 3, 1);
    stats->setColumnStretch(1, 1);
    return stats;
}

void MahjongPredictionPanel::setRenderer(render::TileRenderer* renderer) {
    for (TileStrip* s : {actual_, predicted_, engine_}) s->setRenderer(renderer);
    choices_->setRenderer(renderer);
}

void MahjongPredictionPanel::setSession(MahjongSession* session) {
    if (session_) disconnect(session_, nullptr, this, nullptr);
    session_ = session;
    if (session_) {
        connect(session_, &MahjongSession::positionChanged, this, &MahjongPredictionPanel::refresh);
        connect(session_, &MahjongSession::viewChanged, this, &MahjongPredictionPanel::refresh);
        connect(session_, &QObject::destroyed, this, [this] { setInfo({}); });
    }
    refresh();
}

void MahjongPredictionPanel::refresh() {
    setInfo(session_ ? session_->discardInfo() : DiscardInfo{});
}

void MahjongPredictionPanel::setInfo(const DiscardInfo& info) {
    info_ = info;
    if (!info.valid) {
        title_->setText(tr("No discard yet"));
        context_->setText(tr("Step to a discard to compare it with the prediction and the engine."));
        // Cleared, not hidden: the panel keeps its layout, so stepping onto the first discard of a game
        // does not relayout the window (measured: 25-30 ms, against 6 for a plain step).
        verdict_->setText(QString());
        verdict_->setPalette(palette());
        actual_->setTiles({});
        predicted_->setTiles({});
        engine_->setTiles({});
        for (QLabel* l : {rank_, lost_, fit_, taken_, explanation_}) l->clear();
        choices_->setChoices({});
        return;
    }
    title_->setText(tr("%1's discard #%2 · op %3")
                        .arg(info.player, QString::number(info.number), QString::number(info.op)));
    context_->setText(info.current
                          ? tr("The current op · %n tile(s) left in the wall", nullptr, info.wallLeft)
                          : tr("The last discard before the current op"));
    QPalette pal = verdict_->palette();
    if (info.offPrediction && info.inEngineSet && !info.feed) {
        // Outside what a typical player would throw, but the engine's own choice: no mistake to warn of,
        // so not the warning's orange. The blue says "note it", for an engine-assist case.
        verdict_->setText(tr("Off-prediction: the engine's choice"));
        pal.setColor(QPalette::Window, QColor(40, 90, 160));
        pal.setColor(QPalette::WindowText, Qt::white);
    } else if (info.offPrediction) {
        verdict_->setText(info.feed ? tr("Off-prediction, and it fed %1").arg(info.takenByPlayer)
                                    : tr("Off-prediction"));
        pal.setColor(QPalette::Window, info.feed ? QColor(200, 50, 40) : QColor(236, 130, 30));
        pal.setColor(QPalette::WindowText, Qt::white);
    } else {
        verdict_->setText(tr("In the predicted set"));
        pal.setColor(QPalette::Window, QColor(46, 125, 80));
        pal.setColor(QPalette::WindowText, Qt::white);
    }
    verdict_->setPalette(pal);

    actual_->setTiles({info.actual});
    predicted_->setTiles(info.predicted, info.actual.kind);
    engine_->setTiles(info.engine, info.actual.kind);
    rank_->setText(info.inEngineSet ? tr("#%1 of %2 (in the choice set)").arg(info.rank).arg(info.options)
                                    : tr("#%1 of %2").arg(info.rank).arg(info.options));
    lost_->setText(QString::number(info.valueLost, 'f', 2));
    fit_->setText(info.weight > 0 ? tr("%1 (weight %2)").arg(info.fit, 0, 'f', 2).arg(info.weight)
                                  : tr("%1 (not counted)").arg(info.fit, 0, 'f', 2));
    if (!info.takenBy)
        taken_->setText(tr("Not taken"));
    else if (info.wonOn)
        taken_->setText(tr("Dealt in: %1 won on it").arg(info.takenByPlayer));
    else
        taken_->setText(tr("Taken by %1").arg(info.takenByPlayer));
    choices_->setChoices(info.choices);
    // What the decision adds to an engine test, first in the scrolling text (a label of its own pushed the
    // tiles out of the panel on a laptop screen): a counted one adds its match less the reference's chance
    // of one to the excess of matches the test weighs.
    const bool matched = info.valueLost <= 0;
    QString adds;
    if (!info.choices.isEmpty() && info.weight <= 0)
        adds = tr("Not counted in the engine test (a forced or near-forced discard, or too early).");
    else if (!info.choices.isEmpty())
        adds = (matched
                    ? tr("The engine's choice, where %1 expects one %2% of the time: %3 to the engine test's "
                         "matches over expected.")
                    : tr("Not the engine's choice, where %1 expects one %2% of the time: %3 to the engine "
                         "test's matches over expected."))
                   .arg(info.referenceName)
                   .arg(std::lround(100 * info.matchChance))
                   .arg(QString::asprintf("%+.2f", (matched ? 1.0 : 0.0) - info.matchChance));
    explanation_->setText(adds.isEmpty() ? info.explanation
                                         : adds + QStringLiteral("\n\n") + info.explanation);
}

} // namespace tw::ui
