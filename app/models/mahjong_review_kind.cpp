// Mahjong on the review side: a MahjongSession over the stored record, its moves counted in ops and
// discards, four seats in four hues.
#include <QCoreApplication>

#include <algorithm>

#include "database.h"
#include "fit_settings_of.h"
#include "mahjong_session.h"
#include "mahjong_store.h"
#include "record.h"
#include "review_kind.h"
#include "ruleset_labels.h"

namespace tw::models {

namespace {

class MahjongReviewKind final : public ReviewKind {
    Q_DECLARE_TR_FUNCTIONS(tw::models::MahjongReviewKind)
  public:
    tw::GameKind kind() const override { return tw::GameKind::Mahjong; }

    ReviewSession* open(store::Database& db, const tw::Thresholds& thresholds, const QString& gameId,
                        QObject* parent, QString* error) const override {
        QString why;
        const auto game = store::MahjongStore(db).game(gameId.toStdString(), &why);
        if (!game) {
            if (error) *error = why.isEmpty() ? tr("Game %1 is not in the database.").arg(gameId) : why;
            return nullptr;
        }
        return new MahjongSession(game->record, fitSettingsOf(thresholds, kind()), parent);
    }

    QString rulesetLabel(const QString& word) const override {
        tw::RulesetId id{};
        return tw::parseRulesetName(word.toStdString(), &id) ? models::rulesetLabel(id) : QString();
    }

    QString fitChartTitle() const override { return tr("Fit per discard"); }
    QString moveAxisTitle() const override { return tr("Op"); }
    QString moveTip() const override { return tr("Op %1 · %2's discard #%3"); }
    QString offPrediction() const override { return tr("Outside the predicted set"); }
    QString markedMoves() const override { return tr("Marked ops: %1"); }
    QString fitChartCaption() const override { return tr("Fit per discard in game %1"); }
    QString flagLineName() const override { return tr("flag line %1"); }
    QString builtinModelSource() const override {
        return tr("built into TileWatch: calibrated on simulated honest "
                  "players (docs/detection.md, Mahjong)");
    }
    QString engineMatches() const override {
        return tr("%1 engine matches where %2 ± %3 were expected of the reference model (z %4, q "
                  "%5), "
                  "over %6 counted decisions");
    }
    bool decidesByMoves() const override { return false; }

    QColor seatColour(int seat) const override {
        static const QColor colours[4] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28),
                                          QColor(0x2c, 0xa0, 0x2c), QColor(0x94, 0x67, 0xbd)};
        return colours[(std::max(seat, 1) - 1) % 4];
    }
};

} // namespace

const ReviewKind& mahjongReviewKind() {
    static const MahjongReviewKind k;
    return k;
}

} // namespace tw::models
