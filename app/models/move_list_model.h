// The ops of the game open in a GameSession, one row per op (row = op position), for the move list.
// The row of the current op follows the session: its CurrentRole, font and background change, and
// currentRowChanged tells the view to move its selection.
#pragma once

#include <QAbstractListModel>
#include <QIcon>
#include <QPointer>
#include <QVector>

#include "board_snapshot.h"

namespace tw::models {

class GameSession;

class MoveListModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role {
        OpPositionRole = Qt::UserRole + 1, // int, 0-based
        SeatRole,                          // int 1-4, 0 where none
        PlayerRole,                        // QString
        OpCodeRole,                        // int, the record's op code
        ActionRole,                        // QString, translated ("discards")
        TileTextRole,                      // QString "5m" / "東"; empty without a tile
        TileElementIdRole,                 // QString "CHARACTER_5"
        TileKindRole,                      // int 0-33, -1 without a tile
        IsDiscardRole,                     // bool
        FitRole,                           // double for discards, invalid otherwise
        WeightRole,                        // double for discards
        OffPredictionRole,                 // bool
        MarkedRole,                        // bool: in the flag's evidence
        FlaggedRole,                       // bool: off-prediction (focus seat) or marked
        CurrentRole,                       // bool: the session's current op
        InitialDealRole,                   // bool: part of the initial deal (a proxy may hide these)
    };
    Q_ENUM(Role)

    explicit MoveListModel(QObject* parent = nullptr);
    ~MoveListModel() override;

    void setSession(GameSession* session); // nullptr empties the list
    GameSession* session() const;
    int currentRow() const; // -1 before the first op

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

  signals:
    void currentRowChanged(int row);

  private:
    struct Row {
        OpView op;
        bool discard = false;
        double fit = 0, weight = 0;
        bool offPrediction = false, marked = false, flagged = false;
        bool initialDeal = false;
    };
    void rebuild();
    void refreshFlags();
    void followPosition(int position);
    QIcon flagIcon(bool marked) const;

    QPointer<GameSession> session_;
    QVector<Row> rows_;
    int current_ = -1;
    mutable QIcon markedIcon_, offIcon_;
};

} // namespace tw::models
