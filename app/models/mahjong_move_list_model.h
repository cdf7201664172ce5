// The ops of the game open in a MahjongSession for the move list: first one row "Deal" for everything before
// the first discard (the deal, the void declarations, the indicators: MahjongSession::reviewStart(), one step
// of the session), then one row per op. The row of the current position follows the session (Home and End
// included): its CurrentRole, font and background change, and currentRowChanged tells the view to move
// its selection.
#pragma once

#include <QAbstractListModel>
#include <QIcon>
#include <QPointer>
#include <QVector>

#include "mahjong_snapshot.h"

namespace tw::models {

class MahjongSession;

class MahjongMoveListModel : public QAbstractListModel {
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
        InitialDealRole,                   // bool: the "Deal" row
        FirstOpRole,                       // int: the first op of the row (the Deal row: 0)
        PairRole, // bool: passed within the pair under review (one's discard the other took, and the taking)
    };
    Q_ENUM(Role)

    explicit MahjongMoveListModel(QObject* parent = nullptr);
    ~MahjongMoveListModel() override;

    void setSession(MahjongSession* session); // nullptr empties the list
    MahjongSession* session() const;
    int currentRow() const;    // -1 only without a session or ops
    int rowOfOp(int op) const; // the row that shows op (the Deal row for every op before the first discard)

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
        bool offPrediction = false, marked = false, flagged = false, pair = false;
        bool initialDeal = false; // the Deal row: ops firstOp .. op.op
        int firstOp = 0;
    };
    int rowOfPosition(int position) const;
    void rebuild();
    void refreshFlags();
    void readFlags(); // marked and flagged of every row, from the session
    void followPosition(int position);
    QIcon flagIcon(bool marked) const;

    QPointer<MahjongSession> session_;
    QVector<Row> rows_;
    int current_ = -1;
    int dealRows_ = 0; // 1 when ops come before the first discard
    int start_ = 0;    // the session's reviewStart()
    mutable QIcon markedIcon_, offIcon_;
};

} // namespace tw::models
