// Xiangqi on the desk: the board, the panel of the move in hand and the list of plies.
#include <QListView>

#include <algorithm>

#include "desk_views.h"
#include "xiangqi_board_view.h"
#include "xiangqi_move_list_model.h"
#include "xiangqi_move_panel.h"
#include "xiangqi_session.h"

namespace tw::ui {

namespace {

using models::XiangqiMoveListModel;
using models::XiangqiSession;

class XiangqiDeskViews final : public DeskViews {
  public:
    explicit XiangqiDeskViews(const DeskContext& context) {
        board_ = new XiangqiBoardView;
        panel_ = new XiangqiMovePanel;
        moves_ = new XiangqiMoveListModel(context.owner);
        QObject::connect(moves_, &XiangqiMoveListModel::currentRowChanged, moves_,
                         [moves = moves_, list = context.moveList](int row) {
                             if (list()->model() != moves) return;
                             const QModelIndex i = moves->index(std::max(row, 0));
                             list()->setCurrentIndex(i);
                             list()->scrollTo(i, QAbstractItemView::PositionAtCenter);
                         });
    }

    tw::GameKind kind() const override { return tw::GameKind::Xiangqi; }
    QWidget* board() const override { return board_; }
    QWidget* panel() const override { return panel_; }
    QAbstractItemModel* moves() const override { return moves_; }

    void attach(models::ReviewSession* session) override {
        auto* x = qobject_cast<XiangqiSession*>(session);
        board_->setSession(x);
        moves_->setSession(x);
        if (!session) panel_->setSnapshot({});
    }
    void show(models::ReviewSession*) override { panel_->setSnapshot(board_->snapshot()); }
    // The move's facts need less height than a discard's: the list of plies gets the rest.
    int panelHeight(int total) const override {
        return std::min(total / 2, panel_->sizeHint().height() + 40);
    }

  private:
    XiangqiBoardView* board_;
    XiangqiMovePanel* panel_;
    XiangqiMoveListModel* moves_;
};

} // namespace

std::unique_ptr<DeskViews> xiangqiDeskViews(const DeskContext& context) {
    return std::make_unique<XiangqiDeskViews>(context);
}

} // namespace tw::ui
