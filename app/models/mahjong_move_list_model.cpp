#include "mahjong_move_list_model.h"

#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

#include <algorithm>

#include "mahjong_session.h"

namespace tw::models {

MahjongMoveListModel::MahjongMoveListModel(QObject* parent) : QAbstractListModel(parent) {}
MahjongMoveListModel::~MahjongMoveListModel() = default;

MahjongSession* MahjongMoveListModel::session() const {
    return session_;
}
int MahjongMoveListModel::currentRow() const {
    return current_;
}

void MahjongMoveListModel::setSession(MahjongSession* session) {
    if (session_ == session) return;
    if (session_) disconnect(session_, nullptr, this, nullptr);
    session_ = session;
    if (session_) {
        connect(session_, &MahjongSession::positionChanged, this, &MahjongMoveListModel::followPosition);
        connect(session_, &MahjongSession::viewChanged, this, &MahjongMoveListModel::refreshFlags);
        // The QPointer is already null when destroyed() arrives: empty the list here, not via setSession.
        connect(session_, &QObject::destroyed, this, [this] {
            session_ = nullptr;
            rebuild();
        });
    }
    rebuild();
}

int MahjongMoveListModel::rowOfOp(int op) const {
    if (op < 0 || op >= start_ + int(rows_.size()) - dealRows_) return -1;
    return op < start_ ? 0 : dealRows_ + op - start_;
}

int MahjongMoveListModel::rowOfPosition(int position) const {
    if (rows_.isEmpty()) return -1;
    return position <= start_ ? 0 : rowOfOp(position - 1);
}

void MahjongMoveListModel::rebuild() {
    beginResetModel();
    rows_.clear();
    current_ = -1;
    start_ = 0, dealRows_ = 0;
    if (session_) {
        const int n = session_->opCount();
        start_ = std::clamp(session_->reviewStart(), 0, n);
        dealRows_ = start_ > 0 ? 1 : 0;
        rows_.resize(dealRows_ + n - start_);
        if (dealRows_) {
            // One row for the whole set-up: what a moderator reads of it is who declared which suit void
            // and which indicator came up, in the tooltip; the board shows the hands.
            Row& r = rows_[0];
            r.op = session_->opView(start_ - 1);
            r.op.seat = 0, r.op.player.clear(), r.op.hasTile = false, r.op.tile = {};
            r.op.code = session_->opView(0).code;
            r.op.action = tr("deal");
            QStringList events;
            for (int i = 0; i < start_; ++i) {
                const OpView v = session_->opView(i);
                if (v.code != session_->opView(0).code) events << v.text;
            }
            r.op.text = events.isEmpty() ? tr("Deal") : tr("Deal · %1").arg(events.join(tr("; ")));
            r.firstOp = 0;
            r.initialDeal = true;
        }
        for (int i = start_; i < n; ++i) {
            Row& r = rows_[dealRows_ + i - start_];
            r.op = session_->opView(i);
            r.firstOp = i;
            r.discard = session_->isDiscard(i);
        }
        for (int s = 1; s <= 4; ++s)
            for (const FitPoint& f : session_->fitSeries(s)) {
                const int row = rowOfOp(f.op);
                if (row < 0) continue;
                Row& r = rows_[row];
                r.fit = f.fit;
                r.weight = f.weight;
                r.offPrediction = f.offPrediction;
            }
        current_ = rowOfPosition(session_->position());
        readFlags();
    }
    endResetModel();
    emit currentRowChanged(current_);
}

void MahjongMoveListModel::readFlags() {
    for (Row& r : rows_) r.marked = r.flagged = r.pair = false;
    for (int m : session_->marks())
        if (const int row = rowOfOp(m); row >= 0) rows_[row].marked = true;
    for (int i = 0; i < session_->opCount(); ++i)
        if (session_->isFlagged(i)) rows_[rowOfOp(i)].flagged = true;
    for (int i = start_; i < session_->opCount(); ++i)
        if (session_->isPairMove(i)) rows_[rowOfOp(i)].pair = true;
}

void MahjongMoveListModel::refreshFlags() {
    if (!session_ || rows_.isEmpty()) return;
    readFlags();
    emit dataChanged(
        index(0), index(int(rows_.size()) - 1),
        {MarkedRole, FlaggedRole, PairRole, Qt::DecorationRole, Qt::ToolTipRole, Qt::BackgroundRole});
}

void MahjongMoveListModel::followPosition(int position) {
    const int row = rowOfPosition(position);
    if (row == current_) return;
    const int old = current_;
    current_ = row;
    const QList<int> roles = {CurrentRole, Qt::FontRole, Qt::BackgroundRole};
    if (old >= 0 && old < rows_.size()) emit dataChanged(index(old), index(old), roles);
    if (row >= 0 && row < rows_.size()) emit dataChanged(index(row), index(row), roles);
    emit currentRowChanged(current_);
}

int MahjongMoveListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(rows_.size());
}

QIcon MahjongMoveListModel::flagIcon(bool marked) const {
    QIcon& icon = marked ? markedIcon_ : offIcon_;
    if (!icon.isNull()) return icon;
    // Drawn, not shipped: one small pennant in the evidence colour (red) or the off-prediction colour.
    QPixmap pm(32, 32);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(QColor(70, 70, 70), 2.5));
    p.drawLine(QPointF(8, 4), QPointF(8, 29));
    QPainterPath flag;
    flag.moveTo(9, 5);
    flag.lineTo(27, 11);
    flag.lineTo(9, 18);
    flag.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(marked ? QColor(200, 40, 40) : QColor(230, 140, 20));
    p.drawPath(flag);
    p.end();
    icon = QIcon(pm);
    return icon;
}

QVariant MahjongMoveListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = rows_[index.row()];
    switch (role) {
    case Qt::DisplayRole: {
        if (r.initialDeal) return tr("%1–%2  Deal").arg(r.firstOp).arg(r.op.op);
        QString line = tr("%1  %2").arg(r.op.op).arg(r.op.text);
        if (r.discard) line += tr("  fit %1").arg(r.fit, 0, 'f', 2);
        return line;
    }
    case Qt::ToolTipRole: {
        const QString pair =
            r.pair ? QLatin1Char('\n') + tr("passed within the pair under review") : QString();
        if (!r.discard) return r.op.text + pair;
        return tr("%1\nfit %2, weight %3%4%5")
                   .arg(r.op.text, QString::number(r.fit, 'f', 2), QString::number(r.weight, 'g', 2),
                        r.offPrediction ? tr(", off-prediction") : QString(),
                        r.marked ? tr(", in the flag's evidence") : QString()) +
               pair;
    }
    case Qt::DecorationRole:
        if (r.flagged) return flagIcon(r.marked);
        return {};
    case Qt::FontRole:
        if (index.row() == current_) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::BackgroundRole:
        if (index.row() == current_) return QColor(255, 236, 170);
        if (r.pair) return QColor(242, 222, 248); // the board's pair colour, light
        return {};
    case OpPositionRole:
    case kMoveRole:
        return r.op.op;
    case SeatRole:
        return r.op.seat;
    case PlayerRole:
        return r.op.player;
    case OpCodeRole:
        return r.op.code;
    case ActionRole:
        return r.op.action;
    case TileTextRole:
        return r.op.hasTile ? r.op.tile.text : QString();
    case TileElementIdRole:
        return r.op.hasTile ? r.op.tile.elementId : QString();
    case TileKindRole:
        return r.op.hasTile ? r.op.tile.kind : -1;
    case IsDiscardRole:
        return r.discard;
    case FitRole:
        return r.discard ? QVariant(r.fit) : QVariant();
    case WeightRole:
        return r.discard ? QVariant(r.weight) : QVariant();
    case OffPredictionRole:
        return r.offPrediction;
    case MarkedRole:
        return r.marked;
    case FlaggedRole:
        return r.flagged;
    case CurrentRole:
        return index.row() == current_;
    case InitialDealRole:
        return r.initialDeal;
    case PairRole:
        return r.pair;
    case FirstOpRole:
        return r.firstOp;
    default:
        return {};
    }
}

QHash<int, QByteArray> MahjongMoveListModel::roleNames() const {
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    static const std::pair<int, const char*> ours[] = {{OpPositionRole, "opPosition"},
                                                       {SeatRole, "seat"},
                                                       {PlayerRole, "player"},
                                                       {OpCodeRole, "opCode"},
                                                       {ActionRole, "action"},
                                                       {TileTextRole, "tileText"},
                                                       {TileElementIdRole, "tileElementId"},
                                                       {TileKindRole, "tileKind"},
                                                       {IsDiscardRole, "isDiscard"},
                                                       {FitRole, "fit"},
                                                       {WeightRole, "weight"},
                                                       {OffPredictionRole, "offPrediction"},
                                                       {MarkedRole, "marked"},
                                                       {FlaggedRole, "flagged"},
                                                       {CurrentRole, "current"},
                                                       {InitialDealRole, "initialDeal"},
                                                       {FirstOpRole, "firstOp"},
                                                       {PairRole, "pair"}};
    for (const auto& [role, name] : ours) names.insert(role, name);
    return names;
}

} // namespace tw::models
