#include "xiangqi_move_panel.h"

#include <QFormLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace tw::ui {

XiangqiMovePanel::XiangqiMovePanel(QWidget* parent)
    : QWidget(parent), title_(new QLabel), actual_(new QLabel), engine_(new QLabel), scores_(new QLabel),
      fit_(new QLabel), loss_(new QLabel), explanation_(new QLabel) {
    setObjectName(QStringLiteral("xiangqiMovePanel"));
    QFont big = actual_->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    for (QLabel* l : {actual_, engine_}) {
        l->setFont(big);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    actual_->setObjectName(QStringLiteral("xiangqiActual"));
    engine_->setObjectName(QStringLiteral("xiangqiEngine"));
    scores_->setObjectName(QStringLiteral("xiangqiScores"));
    fit_->setObjectName(QStringLiteral("xiangqiFit"));
    loss_->setObjectName(QStringLiteral("xiangqiLoss"));
    title_->setObjectName(QStringLiteral("xiangqiTitle"));
    QFont bold = title_->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.1);
    title_->setFont(bold);
    // Every text wraps: a long name or a long fit line takes another line instead of being cut.
    explanation_->setObjectName(QStringLiteral("xiangqiFitExplanation"));
    for (QLabel* l : {title_, scores_, fit_, loss_, explanation_}) {
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    // The move played over the engine's, large: what the moderator compares first. One line each (a move
    // is four characters); the panel is as wide as they need.
    for (QLabel* l : {actual_, engine_}) {
        l->setWordWrap(false);
        l->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    }
    auto* form = new QFormLayout;
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    form->setVerticalSpacing(8);
    form->addRow(tr("Played:"), actual_);
    form->addRow(tr("Engine's move:"), engine_);
    // The seed's figures come from two searches (before and after the move); the loss beside them from one.
    form->addRow(tr("Loss (one search):"), loss_); // what the calibrated test counts, first
    form->addRow(tr("Score before → after (the seed's):"), scores_);
    form->addRow(tr("Fit (the seed's):"), fit_);
    // Everything scrolls in one frame: at a laptop's height the figures and what the fit means would
    // otherwise squeeze one another's lines; each keeps its own height and the panel scrolls instead.
    auto* content = new QWidget;
    auto* inner = new QVBoxLayout(content);
    inner->setContentsMargins(8, 8, 8, 8);
    inner->setSpacing(8);
    inner->addWidget(title_);
    inner->addLayout(form);
    explanation_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    inner->addWidget(explanation_);
    inner->addStretch(1);
    auto* area = new QScrollArea;
    area->setObjectName(QStringLiteral("xiangqiExplanationArea"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setWidget(content);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(area, 1);
    setSnapshot({});
}

void XiangqiMovePanel::setSnapshot(const models::XiangqiSnapshot& s) {
    if (s.ply == 0) {
        title_->setText(tr("Start position"));
        for (QLabel* l : {actual_, engine_, scores_, fit_, loss_, explanation_}) l->clear();
        return;
    }
    const bool redMoved = !s.redToMove;
    title_->setText(tr("Move %1 · %2 (%3)")
                        .arg(s.ply)
                        .arg(redMoved ? tr("Red") : tr("Black"), redMoved ? s.red : s.black));
    actual_->setText(s.lastMove);
    if (!s.fit.ply) {
        engine_->setText(tr("not analysed"));
        scores_->clear();
        fit_->clear();
        loss_->clear();
        explanation_->clear();
        return;
    }
    engine_->setText(s.bestMove.isEmpty()                               ? tr("unknown")
                     : s.bestFrom == s.lastFrom && s.bestTo == s.lastTo ? tr("%1 (the same)").arg(s.bestMove)
                                                                        : s.bestMove);
    scores_->setText(tr("%1 → %2").arg(s.fit.scoreBefore).arg(s.fit.scoreAfter));
    fit_->setText(s.fit.counted ? tr("%1 (weight %2)").arg(s.fit.fit, 0, 'f', 2).arg(s.fit.weight)
                                : tr("not counted (outside the score window or in the opening)"));
    loss_->setText(s.fit.loss ? tr("%1 pawns").arg(*s.fit.loss, 0, 'f', 2)
                              : tr("no engine lines at this move"));
    // The fit is the seed's measure of how well the move kept the mover's lead (SPEC §5.4); a moderator
    // reading "the same move, fit -0.04" needs to know why the engine's own move scores under 1.
    const bool same = s.bestFrom == s.lastFrom && s.bestTo == s.lastTo && !s.bestMove.isEmpty();
    QStringList words;
    words << tr("The engine scored the mover's position at %1 centipawns before this move and %2 after it.")
                 .arg(s.fit.scoreBefore)
                 .arg(s.fit.scoreAfter);
    if (s.fit.counted) {
        words << tr("The fit says how well the move kept that lead: 1 when the lead held (to within 25 "
                    "centipawns) or grew, 0 when about 25 centipawns more were lost, below 0 for larger "
                    "losses; the bigger the lead, the more a loss is forgiven. Honest strong players average "
                    "well below 1, and a player is judged on many moves, never on one.");
        if (same && s.fit.fit < 1)
            words << tr("This was the engine's own move and still scores under 1: the search after the move "
                        "looks one move further and usually finds the lead a little smaller.");
        if (s.fit.loss)
            words << tr(
                "The loss compares the move with the engine's move, both valued in one search of the "
                "position before it (the engine's four best lines, and any move outside them searched "
                "alone), so the engine's own move loses nothing; it is what the calibrated test weighs, "
                "while the seed's fit above reads two searches.");
    } else {
        words << tr("Moves of the first rounds and moves from positions that are nearly level or already won "
                    "are not counted: they say little about engine help.");
    }
    explanation_->setText(words.join(QLatin1Char(' ')));
}

} // namespace tw::ui
