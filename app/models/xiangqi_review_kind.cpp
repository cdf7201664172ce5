// Xiangqi on the review side: a XiangqiSession over the stored game with its stored move fits, its moves
// counted in plies, Red and Black in their own colours.
#include <QCoreApplication>

#include <vector>

#include "database.h"
#include "fit_store.h"
#include "record.h"
#include "review_kind.h"
#include "xiangqi_fit.h"
#include "xiangqi_session.h"
#include "xiangqi_store.h"

namespace tw::models {

namespace {

class XiangqiReviewKind final : public ReviewKind {
    Q_DECLARE_TR_FUNCTIONS(tw::models::XiangqiReviewKind)
  public:
    tw::GameKind kind() const override { return tw::GameKind::Xiangqi; }

    ReviewSession* open(store::Database& db, const tw::Thresholds&, const QString& gameId, QObject* parent,
                        QString* error) const override {
        QString why;
        const auto game = store::XiangqiStore(db).game(gameId.toStdString(), &why);
        if (!game) {
            if (error) *error = why.isEmpty() ? tr("Game %1 is not in the database.").arg(gameId) : why;
            return nullptr;
        }
        auto* s = new XiangqiSession(*game, parent);
        QList<XiangqiMoveFit> fits;
        for (const std::vector<MoveFit>& seat : store::FitStore(db).movesOf(gameId))
            for (const MoveFit& m : seat) {
                XiangqiMoveFit f;
                f.ply = m.ply, f.fit = m.fit, f.weight = m.weight, f.counted = m.counted;
                f.scoreBefore = m.before, f.scoreAfter = m.after, f.best = QString::fromStdString(m.best);
                if (m.loss) f.loss = *m.loss;
                fits << f;
            }
        s->setFits(fits); // the marks (setMarks) flag plies, with or without a stored fit
        return s;
    }

    QString rulesetLabel(const QString& word) const override {
        return word == QLatin1String(tw::xiangqiRulesetName()) ? tr("Xiangqi") : QString();
    }

    QString fitChartTitle() const override { return tr("Fit per move"); }
    QString moveAxisTitle() const override { return tr("Ply"); }
    QString moveTip() const override { return tr("Ply %1 · %2's move %3"); }
    QString offPrediction() const override { return tr("Not the engine's move"); }
    QString markedMoves() const override { return tr("Marked moves (plies): %1"); }
    QString fitChartCaption() const override { return tr("Fit per move in game %1"); }
    QString flagLineName() const override { return tr("seed's flag line %1"); }
    QString builtinModelSource() const override {
        return tr("built into TileWatch: calibrated on 191 real master games (CCPD) "
                  "scored at depth 10 with MultiPV 4 (docs/detection.md, Xiangqi)");
    }
    QString engineMatches() const override {
        return tr("%1 engine matches where %2 ± %3 were expected of the reference model (z %4, q "
                  "%5), "
                  "over %6 counted moves");
    }
    bool decidesByMoves() const override { return true; }

    QColor seatColour(int seat) const override {
        // Red and Black in their own colours (Red had been drawn blue and Black red).
        return seat == 1 ? QColor(0xc8, 0x1e, 0x1e) : QColor(0x30, 0x30, 0x30);
    }
};

} // namespace

const ReviewKind& xiangqiReviewKind() {
    static const XiangqiReviewKind k;
    return k;
}

} // namespace tw::models
