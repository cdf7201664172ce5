// The moves of the xiangqi game open in a XiangqiSession for the move list: row 0 is the start position,
// then one row per ply (row = ply), in Chinese notation (or ICCS on request) with each move's fit. The
// current row follows the session's position, Home (row 0) and End included.
#pragma once

#include <QAbstractListModel>
#include <QPointer>

#include "xiangqi_session.h"

namespace tw::models {

class XiangqiMoveListModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role {
        PlyRole = Qt::UserRole + 1, // int, 1-based (0: the start position's row)
        RedRole,                    // bool: Red's move
        MoveRole,                   // QString in the chosen notation
        FitRole,                    // double, invalid when the move was not analysed or not counted
        FlaggedRole,                // bool
        CurrentRole,                // bool: the move that led to the session's position
    };

    explicit XiangqiMoveListModel(QObject* parent = nullptr);

    void setSession(XiangqiSession* session); // nullptr empties the list
    void setNotation(XiangqiSession::Notation n);
    XiangqiSession::Notation notation() const { return notation_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  signals:
    void currentRowChanged(int row); // the position: 0 at the start

  private:
    void positionChanged(int position);

    QPointer<XiangqiSession> session_;
    XiangqiSession::Notation notation_ = XiangqiSession::Notation::Chinese;
    QStringList texts_; // per ply from 1 (row - 1), in the chosen notation
    int current_ = -1;  // the row of the session's position, -1 without a session
    int rows_ = 0;      // the start row and one per ply; kept until setSession (the session may go first)
};

} // namespace tw::models
