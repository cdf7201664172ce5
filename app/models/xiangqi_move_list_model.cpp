#include "xiangqi_move_list_model.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace tw::models {

XiangqiMoveListModel::XiangqiMoveListModel(QObject* parent) : QAbstractListModel(parent) {}

void XiangqiMoveListModel::setSession(XiangqiSession* session) {
    beginResetModel();
    if (session_) disconnect(session_, nullptr, this, nullptr);
    session_ = session;
    texts_.clear();
    current_ = -1;
    rows_ = 0;
    if (session_) {
        // Written once: a move's notation needs the position before it, and the list shows them all.
        for (int ply = 1; ply <= session_->plies(); ++ply) texts_ << session_->moveText(ply, notation_);
        current_ = session_->position();
        rows_ = int(texts_.size()) + 1;
        connect(session_, &XiangqiSession::positionChanged, this, &XiangqiMoveListModel::positionChanged);
        connect(session_, &XiangqiSession::fitsChanged, this,
                [this] { emit dataChanged(index(0), index(rows_ - 1)); });
    }
    endResetModel();
}

void XiangqiMoveListModel::setNotation(XiangqiSession::Notation n) {
    notation_ = n;
    setSession(session_);
}

void XiangqiMoveListModel::positionChanged(int position) {
    const int old = current_;
    current_ = position;
    for (int row : {old, current_})
        if (row >= 0 && row < rowCount()) emit dataChanged(index(row), index(row));
    emit currentRowChanged(current_);
}

int XiangqiMoveListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : rows_;
}

QVariant XiangqiMoveListModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rows_ || !session_) return {};
    const int ply = index.row();
    if (ply == 0) { // the start position: Home shows it, and the list says so
        switch (role) {
        case Qt::DisplayRole:
            return tr("Start position");
        case Qt::FontRole: {
            if (current_ != 0) return {};
            QFont f;
            f.setBold(true);
            return f;
        }
        case PlyRole:
        case kMoveRole:
            return 0;
        case RedRole:
        case FlaggedRole:
            return false;
        case MoveRole:
            return QString();
        case CurrentRole:
            return current_ == 0;
        }
        return {};
    }
    const bool red = session_->isRedMove(ply);
    const XiangqiMoveFit fit = session_->fitOf(ply);
    switch (role) {
    case Qt::DisplayRole: {
        QString text =
            QStringLiteral("%1. %2 %3").arg(ply).arg(red ? tr("Red") : tr("Black"), texts_[ply - 1]);
        if (fit.ply && fit.counted) text += tr("  fit %1").arg(fit.fit, 0, 'f', 2);
        return text;
    }
    case Qt::ForegroundRole:
        return red ? QBrush(QColor(170, 30, 30)) : QVariant();
    case Qt::FontRole: {
        if (index.row() != current_) return {};
        QFont f;
        f.setBold(true);
        return f;
    }
    case Qt::BackgroundRole:
        return fit.flagged ? QBrush(QColor(255, 220, 180)) : QVariant();
    case PlyRole:
    case kMoveRole:
        return ply;
    case RedRole:
        return red;
    case MoveRole:
        return texts_[ply - 1];
    case FitRole:
        return fit.ply && fit.counted ? QVariant(fit.fit) : QVariant();
    case FlaggedRole:
        return fit.flagged;
    case CurrentRole:
        return index.row() == current_;
    }
    return {};
}

} // namespace tw::models
