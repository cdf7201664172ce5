// What shows one kind of game on the desk: its board in the centre, its panel over the move list on the
// right and the model of that list, fed from the session under review. One implementation per kind
// (mahjong_desk_views.cpp, xiangqi_desk_views.cpp), registered by the kinds' list (review_kinds.h);
// makeDeskViews() makes every kind's, in the list's order, and MainWindow shows the one of the session's
// kind.
#pragma once

#include <functional>
#include <memory>
#include <vector>

class QAbstractItemModel;
class QModelIndex;
class QListView;
class QObject;
class QWidget;

namespace tw {
enum class GameKind : int;
}
namespace tw::models {
class ReviewSession;
}
namespace tw::render {
class TileRenderer;
}

namespace tw::ui {

// What the views of every kind share, from the window that holds them.
struct DeskContext {
    QObject* owner = nullptr;                  // parent of the move list models
    tw::render::TileRenderer* tiles = nullptr; // the tile set, for a game drawn with tiles
    std::function<QListView*()> moveList;      // the list showing the kind's model
    std::function<void(int move)> showMove;    // go to a move (the session's units)
};

class DeskViews {
  public:
    virtual ~DeskViews() = default;
    virtual tw::GameKind kind() const = 0;
    virtual QWidget* board() const = 0;
    virtual QWidget* panel() const = 0;
    virtual QAbstractItemModel* moves() const = 0;
    // Follow `session` (of this kind), or nothing: nullptr clears the board, the panel and the list.
    virtual void attach(tw::models::ReviewSession* session) = 0;
    // The session's position or view changed.
    virtual void show(tw::models::ReviewSession* session) = 0;
    // The panel's height in a right column of `total` pixels when the kind comes on; the list gets the rest.
    virtual int panelHeight(int total) const = 0;
    // Whether a row of its move list stays shown when the list shows only the moves within the pair under
    // review (a kind without pairs is never asked).
    virtual bool keptByPairFilter(const QModelIndex&) const { return true; }
};

std::vector<std::unique_ptr<DeskViews>> makeDeskViews(const DeskContext& context);

} // namespace tw::ui
