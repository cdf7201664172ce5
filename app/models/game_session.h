// One game open in the desk: its replay at the position the moderator is looking at, and the detectors'
// view of it (analyzeGame, run once on opening). Everything leaves in Qt and plain types (board_snapshot.h)
// so that ring 3 never includes the rules or analysis headers.
//
// Positions: position() is the number of ops applied (0 to opCount()); the current op is position() - 1.
// Op positions (as in flag evidence and SPEC §3 messages) are 0-based op indexes; showOp(i) moves to
// the position right after op i, so that op is the current one.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

#include "board_snapshot.h"

namespace tw {
struct GameRecord;
struct FitSettings;
namespace store {
struct StoredGame;
}
} // namespace tw

namespace tw::models {

class GameSession : public QObject {
    Q_OBJECT
    Q_PROPERTY(int position READ position WRITE seek NOTIFY positionChanged)
    Q_PROPERTY(int focusSeat READ focusSeat WRITE setFocusSeat NOTIFY viewChanged)
  public:
    enum class View {
        AllFaceUp,
        FocusSeat
    }; // FocusSeat: only the flagged seat's hand (and winners') face up
    Q_ENUM(View)

    explicit GameSession(const tw::GameRecord& game, QObject* parent = nullptr);
    GameSession(const tw::GameRecord& game, const tw::FitSettings& settings, QObject* parent = nullptr);
    explicit GameSession(const tw::store::StoredGame& game, QObject* parent = nullptr);
    ~GameSession() override;

    QString gameId() const;
    QString rulesetName() const; // "xinchang", "sichuan", "anshan"
    QStringList players() const; // seat 1 first
    int dealer() const;
    // An invalid record replays up to its first bad op; errorText() says what is wrong there.
    bool isValid() const;
    QString errorText() const;

    int position() const;
    int opCount() const; // ops that replay
    int currentOp() const { return position() - 1; }
    int initialDealEnd() const; // ops of the initial deal (and setup before it)
    OpView opView(int op) const;

    // The flagged seat (0 none): put at the bottom of the board, and its off-prediction discards are
    // what next/prevFlagged visit. Marks are the op positions of the flag's evidence.
    int focusSeat() const;
    void setFocusSeat(int seat);
    View view() const;
    void setView(View view);
    QList<int> marks() const;
    void setMarks(const QList<int>& opPositions);

    BoardSnapshot snapshot() const;

    // Discards.
    bool isDiscard(int op) const;
    bool isFlagged(int op) const;    // off-prediction (of the focus seat, or any seat without one) or marked
    DiscardInfo discardInfo() const; // the current discard, or the last one before the position
    DiscardInfo discardInfoAt(int op) const; // op must be a discard; invalid otherwise
    QList<FitPoint> fitSeries(int seat) const;
    double gameFit(int seat) const; // weighted mean of the counted discards
    QList<int> flaggedOps() const;

    // Navigation targets as op positions, -1 when there is none; they look strictly after (before) the
    // current op.
    int nextDiscardOf(int seat) const;
    int prevDiscardOf(int seat) const;
    int nextFlagged() const;
    int prevFlagged() const;

  public slots:
    void seek(int position);
    void showOp(int op); // seek(op + 1)
    void stepForward();
    void stepBack();
    void toStart();
    void toEnd();
    void toNextDiscardOf(int seat);
    void toPrevDiscardOf(int seat);
    void toNextFlagged();
    void toPrevFlagged();

  signals:
    void positionChanged(int position);
    void viewChanged(); // focus seat, view or marks changed: the snapshot looks different

  private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace tw::models
