#include "dismissal_rule.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace tw::store {

QString beyondDismissal(const QVector<StoredFlag>& dismissed, const QVector<StoredFlag>& now) {
    for (const StoredFlag& f : now) {
        if (!f.active) continue;
        const auto seen = std::find_if(dismissed.begin(), dismissed.end(),
                                       [&](const StoredFlag& d) { return d.id == f.id && d.active; });
        if (seen == dismissed.end())
            return QStringLiteral("flag %1 (%2) is new since the dismissal").arg(f.id).arg(f.kind);
        if (f.score > seen->score + 1e-9 * std::max(1.0, std::abs(seen->score)))
            return QStringLiteral("flag %1 (%2): score %3 above the dismissed %4")
                .arg(f.id)
                .arg(f.kind)
                .arg(f.score, 0, 'f', 2)
                .arg(seen->score, 0, 'f', 2);
        const QSet<QString> games(seen->games.begin(), seen->games.end());
        const auto newGames = std::count_if(f.games.begin(), f.games.end(),
                                            [&](const QString& g) { return !games.contains(g); });
        if (newGames > 0)
            return QStringLiteral("flag %1 (%2): %3 games the dismissal did not see")
                .arg(f.id)
                .arg(f.kind)
                .arg(newGames);
        QSet<QString> moves;
        for (const FlagEvidence::Move& m : seen->evidence.moves)
            moves.insert(m.gameId + QLatin1Char('#') + QString::number(m.op));
        const auto newMoves =
            std::count_if(f.evidence.moves.begin(), f.evidence.moves.end(), [&](const FlagEvidence::Move& m) {
                return !moves.contains(m.gameId + QLatin1Char('#') + QString::number(m.op));
            });
        if (newMoves > 0)
            return QStringLiteral("flag %1 (%2): %3 marked moves the dismissal did not see")
                .arg(f.id)
                .arg(f.kind)
                .arg(newMoves);
    }
    return {};
}

QString beyondUndatedDismissal(const QString& dismissedAt, const QVector<StoredFlag>& now) {
    for (const StoredFlag& f : now)
        if (f.active && f.updatedAt > dismissedAt)
            return QStringLiteral("flag %1 (%2) changed after the dismissal of %3, which kept no snapshot")
                .arg(f.id)
                .arg(f.kind)
                .arg(dismissedAt);
    return {};
}

} // namespace tw::store
