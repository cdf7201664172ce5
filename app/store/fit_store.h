// Game fits per seat (the `analyses` table), written by an analysis and read back for a player's
// history: the desk's history chart and the reports draw from here without analysing again.
#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include <vector>

#include "corpus_scan.h"

namespace tw::store {

class Database;

struct HistoryPoint {
    QString gameId, startedAt, ruleset;
    int seat = 0;
    double fit = 0; // game fit f_r (0 when the game does not qualify)
    double weight = 0;
    int counted = 0;
    bool qualifies = false;
    int result = 1; // tw::GameResult: 0 win, 1 draw, 2 loss
};

class FitStore {
  public:
    explicit FitStore(Database& db) : db_(db) {}

    // Replaces the stored fits of these seats, in one transaction. `method` names the engine and settings.
    bool save(const std::vector<SeatFit>& fits, const QString& method, QString* error = nullptr);
    // A player's analysed games, oldest first (by start time, then id); `ruleset` empty for all.
    QVector<HistoryPoint> history(const QString& player, const QString& ruleset = {},
                                  QString* error = nullptr) const;
    // Each player's mean game fit over their qualifying games of `ruleset` (empty: every mahjong ruleset),
    // one value per player: the population a player's f_u is compared with (the history's reference lines).
    std::vector<double> playerMeans(const QString& ruleset, QString* error = nullptr) const;
    // The newest row of `analyses` (every save writes new rows): a reader's cached playerMeans are current
    // while this stays the same. 0 when there is none.
    qint64 lastRow() const;
    // The distinct methods (engine and settings) the stored fits of these games were computed with.
    QStringList methodsOf(const QStringList& gameIds, QString* error = nullptr) const;
    // The per-move fits stored with a game's seats (SeatFit::moves), by seat; seats without none.
    QMap<int, std::vector<MoveFit>> movesOf(const QString& gameId, QString* error = nullptr) const;

  private:
    Database& db_;
};

} // namespace tw::store
