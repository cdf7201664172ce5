// One mahjong game open in the desk: its replay at the position the moderator is looking at, and the
// detectors' view of it (analyzeGame, run once on opening). Everything leaves in Qt and plain types
// (mahjong_snapshot.h) so that ring 3 never includes the rules or analysis headers.
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

#include "mahjong_snapshot.h"
#include "review_session.h"

namespace tw {
struct GameRecord;
struct FitSettings;
namespace store {
struct StoredGame;
}
} // namespace tw

namespace tw::models {

// The mahjong ReviewSession: a move is an op position.
class MahjongSession : public ReviewSession {
    Q_OBJECT
  public:
    enum class View {
        AllFaceUp,
        FocusSeat
    }; // FocusSeat: only the flagged seat's hand (and winners') face up
    Q_ENUM(View)

    explicit MahjongSession(const tw::GameRecord& game, QObject* parent = nullptr);
    MahjongSession(const tw::GameRecord& game, const tw::FitSettings& settings, QObject* parent = nullptr);
    explicit MahjongSession(const tw::store::StoredGame& game, QObject* parent = nullptr);
    ~MahjongSession() override;

    tw::GameKind kind() const override { return tw::GameKind::Mahjong; }
    QString gameId() const override;
    QString rulesetName() const override; // "xinchang", "sichuan", "anshan", "riichi"
    QStringList players() const override; // seat 1 first
    int dealer() const;
    // An invalid record replays up to its first bad op; errorText() says what is wrong there.
    bool isValid() const override;
    QString errorText() const override;

    int position() const override;
    int opCount() const override; // ops that replay
    int currentOp() const { return position() - 1; }
    int currentMove() const override { return currentOp(); }
    int positionAfter(int op) const override { return op + 1; }
    // The deal, the void declarations and the indicators: every op before the first decision of a player
    // (the first discard, or a kong or win before it). The desk shows them as one step, "Deal".
    int reviewStart() const override;
    QString positionText() const override;
    int initialDealEnd() const; // ops of the initial deal (and setup before it)
    OpView opView(int op) const;

    // The flagged seat (0 none): put at the bottom of the board, and its off-prediction discards are
    // what next/prevFlagged visit. Marks are the op positions of the flag's evidence.
    int focusSeat() const override;
    void setFocusSeat(int seat) override;
    View view() const;
    void setView(View view);
    void setAllHandsVisible(bool all) override { setView(all ? View::AllFaceUp : View::FocusSeat); }
    int partnerSeat() const override;
    void setPartnerSeat(int seat) override;
    bool isPairMove(int op) const override;
    QList<int> marks() const override;
    void setMarks(const QList<int>& opPositions) override;

    MahjongSnapshot snapshot() const;

    // Discards.
    bool isDiscard(int op) const;
    bool isFlagged(int op) const;            // marked, or off-prediction of the focus seat (none without one)
    DiscardInfo discardInfo() const;         // the current discard, or the last one before the position
    DiscardInfo discardInfoAt(int op) const; // op must be a discard; invalid otherwise
    QList<FitPoint> fitSeries(int seat) const override;
    double gameFit(int seat) const override; // weighted mean of the counted discards
    ReviewMove moveAt(int op) const override;
    ReviewMove currentMoveFacts() const override;
    QList<int> flaggedOps() const;

    // Navigation targets as op positions, -1 when there is none; they look strictly after (before) the
    // current op.
    int nextDiscardOf(int seat) const;
    int prevDiscardOf(int seat) const;
    int nextFlagged() const override;
    int prevFlagged() const override;
    int nextOwnMove() const override { return nextDiscardOf(focusSeat() ? focusSeat() : 1); }
    int prevOwnMove() const override { return prevDiscardOf(focusSeat() ? focusSeat() : 1); }

  public slots:
    void seek(int position) override;
    void showOp(int op) { showMove(op); }
    void toNextDiscardOf(int seat);
    void toPrevDiscardOf(int seat);

  private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace tw::models
