// Mahjong on the desk: the table from above, the prediction panel of the current discard and the list of
// ops, the deal first.
#include <QListView>

#include "desk_views.h"
#include "mahjong_board_view.h"
#include "mahjong_move_list_model.h"
#include "mahjong_prediction_panel.h"
#include "mahjong_session.h"

namespace tw::ui {

namespace {

using models::MahjongMoveListModel;
using models::MahjongSession;

class MahjongDeskViews final : public DeskViews {
  public:
    explicit MahjongDeskViews(const DeskContext& context) {
        board_ = new MahjongBoardView;
        board_->setObjectName(QStringLiteral("boardView"));
        board_->setRenderer(context.tiles);
        QObject::connect(board_, &MahjongBoardView::opActivated, board_, context.showMove);
        panel_ = new MahjongPredictionPanel;
        panel_->setObjectName(QStringLiteral("predictionPanel"));
        panel_->setRenderer(context.tiles);
        moves_ = new MahjongMoveListModel(context.owner);
        QObject::connect(moves_, &MahjongMoveListModel::currentRowChanged, moves_,
                         [moves = moves_, list = context.moveList](int row) {
                             if (row < 0) return;
                             const QModelIndex i = moves->index(row);
                             list()->setCurrentIndex(i);
                             list()->scrollTo(i, QAbstractItemView::PositionAtCenter);
                         });
    }

    tw::GameKind kind() const override { return tw::GameKind::Mahjong; }
    QWidget* board() const override { return board_; }
    QWidget* panel() const override { return panel_; }
    QAbstractItemModel* moves() const override { return moves_; }

    void attach(models::ReviewSession* session) override {
        moves_->setSession(qobject_cast<MahjongSession*>(session));
        if (!session) {
            // What the board and the panel showed was the closed game's: after File → Open database the
            // panel kept the old database's discard over the new, empty board.
            board_->setSession(nullptr);
            panel_->setInfo({});
        }
    }
    void show(models::ReviewSession* session) override {
        if (auto* g = qobject_cast<MahjongSession*>(session)) {
            board_->setSnapshot(g->snapshot());
            panel_->setInfo(g->discardInfo());
        }
    }
    // The discard's facts, its choices and the reasoning take most of the column.
    int panelHeight(int total) const override { return total * 3 / 5; }
    // The pair's moves, and the deal so that the list does not start empty.
    bool keptByPairFilter(const QModelIndex& row) const override {
        return row.data(MahjongMoveListModel::PairRole).toBool() ||
               row.data(MahjongMoveListModel::InitialDealRole).toBool();
    }

  private:
    MahjongBoardView* board_;
    MahjongPredictionPanel* panel_;
    MahjongMoveListModel* moves_;
};

} // namespace

std::unique_ptr<DeskViews> mahjongDeskViews(const DeskContext& context) {
    return std::make_unique<MahjongDeskViews>(context);
}

} // namespace tw::ui
