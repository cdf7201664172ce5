// The moves of the xiangqi game open in a XiangqiSession, one row per ply, in Chinese notation (or ICCS
// on request) with each move's fit, for the move list; the current move follows the session.
#pragma once

#include <QAbstractListModel>
#include <QPointer>

#include "xiangqi_session.h"

namespace tw::models {

class XiangqiMoveListModel : public QAbstractListModel {
    Q_OBJECT
  public:
    enum Role {
        PlyRole = Qt::UserRole + 1, // int, 1-based
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
    void currentRowChanged(int row); // -1 at the start position

  private:
    void positionChanged(int position);

    QPointer<XiangqiSession> session_;
    XiangqiSession::Notation notation_ = XiangqiSession::Notation::Chinese;
    QStringList texts_; // per row, in the chosen notation
    int current_ = -1;
};

} // namespace tw::models
