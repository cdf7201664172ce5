#include "game_session.h"

#include <algorithm>
#include <cstdint>

#include "decision_model.h"
#include "discard_values.h"
#include "game_analysis.h"
#include "prediction.h"
#include "replay.h"
#include "riichi_text.h"
#include "stored_game.h"
#include "tile_names.h"

namespace tw::models {

namespace {

// What the desk needs of each op besides the op itself, worked out once while replaying.
struct OpNote {
    Op op;
    bool initialDeal = false;
    bool replacement = false; // a kong's replacement draw
    Kind claimed = kNoKind;   // pung, kong, chow, win on a discard: the discard's kind
    int takenFrom = 0;        // a claim, a win on a discard, a robbed kong: the seat it was taken from
    std::uint8_t takers = 0;  // a discard or an added kong: bit s-1, seat s took it (several may win)
    int doraNumber = 0;       // riichi: a dora indicator's number in the hand (1 the first, 2+ kan dora)
    QString winText;          // riichi: the win's score as the hand ended (ura dora included)
};

// Red fives go by copy (copy 1 of 5m, 5p and 5s), and a meld keeps kinds only: which of a meld's tiles is
// red is read off the copies that left the hand and the copy claimed, once, while replaying.
struct MeldNote {
    int op = -1;
    Kind claimed = kNoKind;
    Kind red = kNoKind;      // the five of this kind in the meld is red
    bool redClaimed = false; // ... and it is the claimed tile
    int redAddedAt = -1;     // an added kong's op that added the red five to this pung
};

bool isFive(Kind k) {
    return k == 4 || k == 13 || k == 22;
}

// The red five among `before` and not `after` (a seat's concealed copies around an op), kNoKind if none.
Kind redLeft(const std::array<std::uint8_t, kKinds>& before, const std::array<std::uint8_t, kKinds>& after) {
    for (Kind k : {Kind(4), Kind(13), Kind(22)})
        if ((before[k] & 1) && !(after[k] & 1)) return k;
    return kNoKind;
}

QString windOf(int seat, int dealer) {
    static const char16_t winds[] = u"東南西北";
    return QString(QChar(winds[(seat - dealer + 4) % 4]));
}

QString suitName(int suit) {
    switch (suit) {
    case 0:
        return GameSession::tr("characters");
    case 1:
        return GameSession::tr("dots");
    case 2:
        return GameSession::tr("bamboo");
    default:
        return GameSession::tr("honours");
    }
}

QString shantenText(int shanten) {
    if (shanten < 0) return GameSession::tr("a winning hand");
    if (shanten == 0) return GameSession::tr("ready");
    return GameSession::tr("%n step(s) from ready", nullptr, shanten);
}

QString improvingText(int tiles) {
    return GameSession::tr("%n improving tile(s)", nullptr, tiles);
}

QList<TileFace> facesOf(KindMask mask) {
    QList<TileFace> out;
    for (Kind k : kindsOf(mask)) out.append(TileFace::of(k));
    return out;
}

// A tile copy's face: red when the hand plays red fives and it is copy 1 of a five.
TileFace faceOf(const TileCopy& c, bool redFives) {
    return redFives && c.index == 1 ? TileFace::redFive(c.kind) : TileFace::of(c.kind);
}

QString joinTexts(const QList<TileFace>& faces) {
    return tileNames(faces); // the names people read (八筒 in Chinese), not the codes
}

} // namespace

struct GameSession::Private {
    explicit Private(const GameRecord& g) : game(g), replay(g) {}

    GameRecord game;
    Replay replay;
    GameAnalysis analysis;
    FitSettings settings;                         // the reference each decision's chances come from
    std::vector<OpNote> notes;                    // one per op that replays
    std::vector<int> discardIndex;                // op -> index into analysis.discards, -1 for other ops
    std::array<std::vector<MeldNote>, 4> meldOps; // meld-making ops of each seat, in order
    std::array<std::vector<int>, 4> addedKongOps; // added kongs of each seat
    int opCount = 0;
    int dealEnd = 0;
    int setupEnd = 0;                // ops before the first decision of a player
    bool ended = false;              // the record replays to the hand's end
    std::array<long, 4> endPoints{}; // each seat's score change in the hand
    QString error;
    int focusSeat = 0;
    int partnerSeat = 0;
    View view = View::AllFaceUp;
    QList<int> marks; // sorted, unique

    void prepare();
    const DiscardAnalysis* discardOf(int op) const {
        if (op < 0 || op >= int(discardIndex.size()) || discardIndex[op] < 0) return nullptr;
        return &analysis.discards[discardIndex[op]];
    }
    bool marked(int op) const { return std::binary_search(marks.begin(), marks.end(), op); }
    // Flagged is the case's word: its marks, and the off-prediction discards of the player it is about. A
    // game opened without a case (a riichi hand from Tenhou, say) has nobody under review and flags nothing;
    // every seat's off-prediction discards used to show in the flags' orange there.
    bool flagged(int op) const {
        if (marked(op)) return true;
        const DiscardAnalysis* da = discardOf(op);
        return da && da->offPrediction && focusSeat && da->seat == focusSeat;
    }
    // One of the pair took from the other, or gave to the other.
    bool pairMove(int op) const {
        if (!focusSeat || !partnerSeat || op < 0 || op >= int(notes.size())) return false;
        const OpNote& n = notes[op];
        auto pairs = [&](int a, int b) {
            return (a == focusSeat && b == partnerSeat) || (a == partnerSeat && b == focusSeat);
        };
        if (n.takenFrom && pairs(n.takenFrom, n.op.seat)) return true;
        for (int s = 1; s <= 4; ++s)
            if (n.takers >> (s - 1) & 1 && pairs(n.op.seat, s)) return true;
        return false;
    }
    QString player(int seat) const {
        return seat >= 1 && seat <= 4 ? QString::fromStdString(game.seats[seat - 1]) : QString();
    }
};

void GameSession::Private::prepare() {
    replay.seek(0);
    notes.reserve(replay.size());
    while (replay.position() < replay.size()) {
        const TableState& t = replay.state();
        OpNote n;
        n.op = replay.op(replay.position());
        n.initialDeal = t.phase == Phase::Deal;
        if (n.op.code == OpCode::Deal && n.op.seat >= 1 && n.op.seat <= 4)
            n.replacement = t.seat(n.op.seat).replacementDue;
        if (takesDiscard(n.op.code) && t.phase == Phase::Claim) {
            n.claimed = t.discard.kind;
            n.takenFrom = t.discarder;
        }
        if (n.op.code == OpCode::RobKong && t.phase == Phase::RobKong) {
            n.claimed = t.kongTile.kind;
            n.takenFrom = t.konger;
        }
        // The discard (or added kong) a taking answers: the last op of the seat it was taken from.
        if (n.takenFrom && n.op.seat >= 1 && n.op.seat <= 4)
            for (int i = int(notes.size()) - 1; i >= 0; --i)
                if (notes[i].op.seat == n.takenFrom &&
                    (notes[i].op.code == OpCode::Discard || notes[i].op.code == OpCode::AddedKong)) {
                    notes[i].takers |= std::uint8_t(1u << (n.op.seat - 1));
                    break;
                }
        const int at = replay.position();
        const bool reds = t.start.redFives && n.op.seat >= 1 && n.op.seat <= 4;
        const auto copiesBefore = reds ? t.seat(n.op.seat).copies : std::array<std::uint8_t, kKinds>{};
        const TileCopy taken =
            n.takenFrom ? (n.op.code == OpCode::RobKong ? t.kongTile : t.discard) : TileCopy{};
        if (n.op.code == OpCode::DoraIndicator) n.doraNumber = int(t.doraIndicators.size()) + 1;
        if (!replay.step()) break;
        notes.push_back(n);
        if (n.initialDeal) dealEnd = at + 1;
        const int s = n.op.seat;
        Kind red = reds ? redLeft(copiesBefore, replay.state().seat(s).copies) : kNoKind;
        const bool redClaimed = reds && n.takenFrom && taken.index == 1 && isFive(taken.kind);
        if (redClaimed) red = taken.kind;
        switch (n.op.code) {
        case OpCode::Pung:
        case OpCode::ExposedKong:
        case OpCode::Chow:
            meldOps[s - 1].push_back({at, n.claimed, red, redClaimed});
            break;
        case OpCode::ConcealedKong:
            meldOps[s - 1].push_back({at, kNoKind, red});
            break;
        case OpCode::AddedKong:
            addedKongOps[s - 1].push_back(at);
            if (red != kNoKind)
                for (MeldNote& m : meldOps[s - 1])
                    if (m.claimed == red && m.red == kNoKind && m.redAddedAt < 0) m.redAddedAt = at;
            break;
        default:
            break;
        }
    }
    // A win is told with its final score: ura dora, shown after the last win, score it again.
    for (const WinEvent& w : replay.state().wins)
        if (replay.ruleset().hasRiichi() && w.op >= 0 && w.op < int(notes.size()))
            notes[w.op].winText = RiichiText::win(w.riichiScore);
    opCount = int(notes.size());
    ended = replay.ended();
    for (int s = 1; s <= 4; ++s) endPoints[s - 1] = replay.state().seat(s).points;
    if (replay.error()) {
        error = QString::fromStdString(describe(game.id, *replay.error()));
        opCount = std::max(0, replay.error()->op);
        notes.resize(opCount);
    }
    setupEnd = opCount;
    for (int i = 0; i < opCount; ++i) {
        const OpCode c = notes[i].op.code;
        if (c != OpCode::Deal && c != OpCode::Lack && c != OpCode::HunIndicator &&
            c != OpCode::GunIndicator && c != OpCode::DoraIndicator) {
            setupEnd = i;
            break;
        }
    }
    discardIndex.assign(opCount, -1);
    for (int i = 0; i < int(analysis.discards.size()); ++i)
        if (analysis.discards[i].op < opCount) discardIndex[analysis.discards[i].op] = i;
    replay.seek(0);
}

GameSession::GameSession(const GameRecord& game, QObject* parent)
    : GameSession(game, FitSettings{}, parent) {}

GameSession::GameSession(const GameRecord& game, const FitSettings& settings, QObject* parent)
    : ReviewSession(parent), d(std::make_unique<Private>(game)) {
    // The analysis, once, with the facts the prediction panel explains (no second replay of the game).
    d->analysis = analyzeGame(game, settings, {.keepFacts = true});
    d->settings = settings;
    d->prepare();
}

GameSession::GameSession(const store::StoredGame& game, QObject* parent) : GameSession(game.record, parent) {}

GameSession::~GameSession() = default;

QString GameSession::gameId() const {
    return QString::fromStdString(d->game.id);
}
QString GameSession::rulesetName() const {
    return QString::fromLatin1(tw::rulesetName(d->game.ruleset));
}
QStringList GameSession::players() const {
    QStringList out;
    for (const auto& p : d->game.seats) out << QString::fromStdString(p);
    return out;
}
int GameSession::dealer() const {
    return d->game.dealer;
}
bool GameSession::isValid() const {
    return d->error.isEmpty();
}
QString GameSession::errorText() const {
    return d->error;
}
int GameSession::position() const {
    return d->replay.position();
}
int GameSession::opCount() const {
    return d->opCount;
}
int GameSession::initialDealEnd() const {
    return d->dealEnd;
}
int GameSession::reviewStart() const {
    return d->setupEnd;
}

int GameSession::partnerSeat() const {
    return d->partnerSeat;
}
void GameSession::setPartnerSeat(int seat) {
    if (seat < 0 || seat > 4 || seat == d->focusSeat) seat = 0;
    if (seat == d->partnerSeat) return;
    d->partnerSeat = seat;
    emit viewChanged();
}
bool GameSession::isPairMove(int op) const {
    return d->pairMove(op);
}

int GameSession::focusSeat() const {
    return d->focusSeat;
}
void GameSession::setFocusSeat(int seat) {
    seat = seat >= 1 && seat <= 4 ? seat : 0;
    if (seat == d->focusSeat) return;
    d->focusSeat = seat;
    emit viewChanged();
}
GameSession::View GameSession::view() const {
    return d->view;
}
void GameSession::setView(View view) {
    if (view == d->view) return;
    d->view = view;
    emit viewChanged();
}
QList<int> GameSession::marks() const {
    return d->marks;
}
void GameSession::setMarks(const QList<int>& opPositions) {
    QList<int> m = opPositions;
    std::sort(m.begin(), m.end());
    m.erase(std::unique(m.begin(), m.end()), m.end());
    if (m == d->marks) return;
    d->marks = m;
    emit viewChanged();
}

OpView GameSession::opView(int op) const {
    OpView v;
    if (op < 0 || op >= d->opCount) return v;
    const OpNote& n = d->notes[op];
    v.op = op;
    v.code = int(n.op.code);
    v.seat = n.op.seat;
    v.player = d->player(n.op.seat);
    Kind tile = n.claimed != kNoKind ? n.claimed : n.op.kind();
    switch (n.op.code) {
    case OpCode::Deal:
        v.action = n.initialDeal ? tr("is dealt") : n.replacement ? tr("draws a replacement") : tr("draws");
        break;
    case OpCode::Discard:
        v.action = tr("discards");
        break;
    case OpCode::Pung:
        v.action = tr("pungs");
        break;
    case OpCode::Ron:
        v.action = tr("wins on");
        break;
    case OpCode::SelfDraw:
        v.action = tr("wins by self-draw with");
        break;
    case OpCode::ConcealedKong:
        v.action = tr("declares a concealed kong of");
        break;
    case OpCode::AddedKong:
        v.action = tr("adds to a kong");
        break;
    case OpCode::ExposedKong:
        v.action = tr("kongs");
        break;
    case OpCode::Pass:
        v.action = tr("passes");
        break;
    case OpCode::ExhaustiveDraw:
        v.action = tr("exhaustive draw");
        break;
    case OpCode::RobKong:
        v.action = tr("robs the kong of");
        break;
    case OpCode::PassRobKong:
        v.action = tr("passes on robbing the kong");
        break;
    case OpCode::Chow:
        v.action = tr("chows");
        break;
    case OpCode::Lack:
        v.action = tr("declares void");
        tile = kNoKind;
        break;
    case OpCode::HunIndicator:
        v.action = tr("hun indicator");
        break;
    case OpCode::GunIndicator:
        v.action = tr("gun indicator");
        break;
    case OpCode::Riichi:
        v.action = tr("declares riichi");
        break;
    case OpCode::DoraIndicator:
        v.action = n.doraNumber > 1 ? tr("kan dora indicator") : tr("dora indicator");
        break;
    case OpCode::UraIndicator:
        v.action = tr("ura dora indicator");
        break;
    case OpCode::AbortiveDraw:
        v.action = tr("abortive draw");
        tile = kNoKind; // the op's number is the draw's kind, not a tile
        break;
    }
    if (tile != kNoKind) v.hasTile = true, v.tile = TileFace::of(tile);
    switch (n.op.code) {
    case OpCode::ExhaustiveDraw:
        v.text = tr("Exhaustive draw");
        break;
    case OpCode::HunIndicator:
        v.text = tr("Hun indicator %1 revealed").arg(tileName(v.tile));
        break;
    case OpCode::GunIndicator:
        v.text = tr("Gun indicator %1 revealed").arg(tileName(v.tile));
        break;
    case OpCode::DoraIndicator:
        v.text = n.doraNumber > 1 ? tr("Kan dora indicator %1 turned over").arg(tileName(v.tile))
                                  : tr("Dora indicator %1 turned over").arg(tileName(v.tile));
        break;
    case OpCode::UraIndicator:
        v.text = tr("Ura dora indicator %1 shown").arg(tileName(v.tile));
        break;
    case OpCode::AbortiveDraw: {
        const QString kind = RiichiText::abortive(n.op.number);
        v.text = n.op.seat ? tr("%1 declares %2: abortive draw").arg(v.player, kind)
                           : tr("Abortive draw: %1").arg(kind);
        break;
    }
    case OpCode::Lack:
        v.text = tr("%1 declares %2 void").arg(v.player, suitName(n.op.type - 1));
        break;
    case OpCode::Chow: {
        const Kind low = n.op.kind();
        v.text = tr("%1 chows %2 (%3)")
                     .arg(v.player, tileName(v.tile),
                          joinTexts({TileFace::of(low), TileFace::of(low + 1), TileFace::of(low + 2)}));
        break;
    }
    default:
        v.text = v.hasTile ? tr("%1 %2 %3").arg(v.player, v.action, tileName(v.tile))
                           : tr("%1 %2").arg(v.player, v.action);
    }
    if (!n.winText.isEmpty()) v.text = tr("%1: %2", "a win, then its score").arg(v.text, n.winText);
    // The hand's last op says what it came to, seat by seat.
    if (op == d->opCount - 1 && d->ended && d->replay.ruleset().hasRiichi()) {
        QStringList changes;
        for (int s = 1; s <= 4; ++s)
            changes << tr("%1 %2", "a player and a score change")
                           .arg(d->player(s), RiichiText::change(d->endPoints[s - 1]));
        v.text = tr("%1 · score changes: %2").arg(v.text, changes.join(tr(", ", "between score changes")));
    }
    return v;
}

BoardSnapshot GameSession::snapshot() const {
    const TableState& t = d->replay.state();
    const int p = position();
    BoardSnapshot b;
    b.gameId = gameId();
    b.ruleset = rulesetName();
    b.position = p;
    b.opCount = d->opCount;
    b.dealer = t.dealer;
    b.wall = t.wall;
    b.turn = t.turn;
    b.ended = t.phase == Phase::Ended;
    b.exhaustive = t.exhaustive;
    b.focusSeat = d->focusSeat;
    b.viewSeat = d->view == View::FocusSeat ? d->focusSeat : 0;
    b.partnerSeat = d->partnerSeat;
    if (t.hunIndicator != kNoKind) {
        b.hasHun = true;
        b.hunIndicator = TileFace::of(t.hunIndicator);
        b.hun = TileFace::of(t.hun, true);
    }
    b.current = opView(p - 1);
    const bool riichi = d->replay.ruleset().hasRiichi();
    const bool reds = riichi && t.start.redFives;
    if (riichi) {
        b.riichi = true;
        b.roundText = RiichiText::round(t.start);
        b.honba = t.start.honba;
        b.sticks = t.sticks;
        for (const TileCopy& c : t.doraIndicators) b.doraIndicators.append(faceOf(c, reds));
        for (const TileCopy& c : t.uraIndicators) b.uraIndicators.append(faceOf(c, reds));
    }

    for (int s = 1; s <= 4; ++s) {
        const SeatState& st = t.seat(s);
        SeatView& v = b.seats[s - 1];
        v.seat = s;
        v.player = d->player(s);
        v.wind = windOf(s, t.dealer);
        v.dealer = s == t.dealer;
        v.toAct = !b.ended && (t.phase == Phase::Act || t.phase == Phase::Split) && t.turn == s;
        v.acting = b.current.seat == s;
        v.voidSuit = st.voidSuit;
        v.points = st.points;
        v.won = st.won;
        if (riichi) {
            v.hasScore = true;
            v.score = t.start.scores[s - 1] + st.points;
            v.riichi = st.riichi;
            v.riichiStick = st.riichiPaid;
            v.doubleRiichi = st.doubleRiichi;
        }
        v.faceUp = !b.viewSeat || s == b.viewSeat || (b.viewSeat && s == b.partnerSeat) || st.won;

        Counts counts = st.hand.counts;
        Kind apart = kNoKind;
        TileCopy apartCopy; // the copy shown apart, where the replay knows it (red fives)
        for (const WinEvent& w : t.wins)
            if (w.seat == s) {
                apart = w.ctx.winningTile;
                if (riichi) {
                    v.winText = RiichiText::winShort(w.riichiScore);
                    // The tile won on is the discard's (or the robbed kong's) copy.
                    if (w.payer >= 1 && w.payer <= 4)
                        for (const PondTile& pt : t.seat(w.payer).pond)
                            if (pt.op == w.discardOp) apartCopy = pt.tile;
                    if (!w.payer || apartCopy.kind != apart) apartCopy = st.lastDrawn;
                    continue;
                }
                QStringList patterns;
                for (const auto& name : w.score.patterns) patterns << QString::fromStdString(name);
                patterns << tr("%1 fan").arg(w.score.fan);
                v.winText = patterns.join(tr(", ", "between the patterns of a win"));
            }
        const bool holdsDrawn =
            st.lastDrawn.kind != kNoKind && (st.copies[st.lastDrawn.kind] >> (st.lastDrawn.index - 1) & 1);
        if (apart == kNoKind && st.drew && holdsDrawn) apart = st.lastDrawn.kind, apartCopy = st.lastDrawn;
        // Red fives still in the hand: copy 1 of a five among the concealed copies.
        std::array<bool, kKinds> redHeld{};
        if (reds)
            for (Kind k : {Kind(4), Kind(13), Kind(22)}) redHeld[k] = st.copies[k] & 1;
        if (apart != kNoKind && counts[apart] > 0) {
            --counts[apart];
            v.hasDrawn = true;
            const bool red = reds && apartCopy.kind == apart && apartCopy.index == 1 && isFive(apart);
            if (red) redHeld[apart] = false;
            v.drawn = !v.faceUp ? TileFace::hidden()
                      : red     ? TileFace::redFive(apart)
                                : TileFace::of(apart, apart == t.hun);
            v.drawnCurrent = b.current.code == int(OpCode::Deal) && b.current.seat == s;
        }
        if (t.hun != kNoKind)
            for (int n = 0; n < counts[t.hun]; ++n)
                v.concealed.append(v.faceUp ? TileFace::of(t.hun, true) : TileFace::hidden());
        for (int k = 0; k < kKinds; ++k)
            if (k != t.hun)
                for (int n = 0; n < counts[k]; ++n)
                    v.concealed.append(!v.faceUp              ? TileFace::hidden()
                                       : n == 0 && redHeld[k] ? TileFace::redFive(k)
                                                              : TileFace::of(k));

        const auto& meldOps = d->meldOps[s - 1];
        for (int m = 0; m < st.hand.meldCount; ++m) {
            const Meld& meld = st.hand.melds[m];
            MeldView mv;
            mv.type = MeldView::Type(int(meld.type));
            mv.from = meld.from;
            const MeldNote note = m < int(meldOps.size()) ? meldOps[m] : MeldNote{};
            if (meld.type == MeldType::Chow) {
                for (int i = 0; i < 3; ++i) mv.tiles.append(TileFace::of(meld.kind + i));
                if (note.claimed != kNoKind) mv.claimedIndex = note.claimed - meld.kind;
                if (note.red != kNoKind && note.red >= meld.kind && note.red < meld.kind + 3)
                    mv.tiles[note.red - meld.kind] = TileFace::redFive(note.red);
            } else {
                for (int i = 0; i < (meld.isKong() ? 4 : 3); ++i) mv.tiles.append(TileFace::of(meld.kind));
                if (!meld.concealed()) mv.claimedIndex = 0;
                if (meld.type == MeldType::AddedKong) mv.addedIndex = 3;
                // The red five where it is: the claimed tile, the added one, else one from the hand (a
                // concealed kong shows its middle two face up).
                if (note.red == meld.kind)
                    mv.tiles[note.redClaimed ? 0 : 1] = TileFace::redFive(meld.kind);
                else if (note.redAddedAt >= 0 && note.redAddedAt < p && meld.type == MeldType::AddedKong)
                    mv.tiles[3] = TileFace::redFive(meld.kind);
            }
            mv.current = note.op >= 0 && note.op == p - 1;
            if (b.current.code == int(OpCode::AddedKong) && b.current.seat == s &&
                b.current.tile.kind == meld.kind)
                mv.current = true;
            v.melds.append(mv);
        }

        for (const PondTile& pt : st.pond) {
            PondView pv;
            pv.tile = faceOf(pt.tile, reds);
            pv.riichi = pt.riichi;
            pv.op = pt.op;
            pv.claimedBy = pt.claimedBy;
            pv.wonOn = pt.wonOn;
            pv.tsumogiri = pt.drawnAndDiscarded;
            const DiscardAnalysis* da = d->discardOf(pt.op);
            pv.offPrediction = da && da->offPrediction;
            pv.flagged = d->flagged(pt.op);
            pv.pair = d->pairMove(pt.op);
            pv.current = pt.op == p - 1;
            v.pond.append(pv);
        }
    }
    return b;
}

bool GameSession::isDiscard(int op) const {
    return d->discardOf(op) != nullptr;
}
bool GameSession::isFlagged(int op) const {
    return op >= 0 && op < d->opCount && d->flagged(op);
}

DiscardInfo GameSession::discardInfo() const {
    const int cur = currentOp();
    const auto& ds = d->analysis.discards;
    auto it = std::upper_bound(ds.begin(), ds.end(), cur,
                               [](int op, const DiscardAnalysis& x) { return op < x.op; });
    if (it == ds.begin()) return {};
    DiscardInfo info = discardInfoAt(std::prev(it)->op);
    info.current = info.op == cur;
    return info;
}

DiscardInfo GameSession::discardInfoAt(int op) const {
    const DiscardAnalysis* da = d->discardOf(op);
    if (!da) return {};
    const DiscardFacts& facts = da->facts;
    DiscardInfo i;
    i.valid = true;
    i.current = op == currentOp();
    i.op = op;
    i.seat = da->seat;
    i.player = d->player(da->seat);
    i.number = da->number;
    i.wallLeft = da->wallLeft;
    i.actual = TileFace::of(da->actual);
    i.predicted = facesOf(da->predicted);
    i.engine = facesOf(da->engine);
    i.rank = da->fit.rank;
    i.options = da->fit.options;
    i.valueLost = da->fit.lost;
    i.fit = da->fit.fit;
    i.weight = da->weight;
    i.offPrediction = da->offPrediction;
    i.inEngineSet = da->engine >> da->actual & 1;
    i.heldPredicted = da->heldPredicted;
    i.marked = d->marked(op);
    i.takenBy = da->takenBy;
    i.takenByPlayer = d->player(da->takenBy);
    i.wonOn = da->wonOn;
    i.feed = da->feed();
    for (int s = 0; s < 4; ++s) i.suitScores[s] = facts.suitScores[s];
    i.step = int(da->step);
    i.shantenAfter = facts.shantenAfter;
    i.ukeireAfter = facts.ukeireAfter;
    i.bestShanten = facts.bestShanten;
    i.bestUkeire = facts.bestUkeire;
    if (facts.kept && da->fit.options > 0) {
        const int r = static_cast<int>(d->analysis.ruleset);
        const std::span<const float> losses(da->losses.data(), da->fit.options);
        const std::vector<double> chances = optionProbabilities(d->settings.reference[r], losses);
        for (int k = 0; k < da->fit.options; ++k)
            i.choices.append({TileFace::of(facts.optionKinds[k]), facts.optionShanten[k],
                              facts.optionUkeire[k], losses[k], chances[k], k == da->played});
        i.matchChance = da->expected.match;
        i.referenceName = QString::fromStdString(d->settings.models[r]);
    }

    // Written for a moderator: what a typical player would throw here and why, what the engine
    // would keep, and where this discard stands, without the prediction's step numbers.
    switch (da->step) {
    case PredictionStep::ForcedVoid:
        i.stepText =
            tr("The hand still held tiles of its declared void suit, and the rules make those go first.");
        break;
    case PredictionStep::WeakSuits: {
        QStringList lowest;
        for (int s = 0; s < 3; ++s)
            if (facts.lowestSuits >> s & 1) lowest << suitName(s);
        i.stepText =
            lowest.isEmpty()
                ? tr("A typical player first lets go of lone tiles of the weak suits and lone honour tiles.")
                : tr("A typical player first breaks up the weakest suit (%1) and lets go of lone tiles of "
                     "other "
                     "weak suits and lone honour tiles.")
                      .arg(lowest.join(QLatin1String(", ")));
        break;
    }
    case PredictionStep::Singles:
        i.stepText =
            tr("No suit is weak, so a typical player lets go of a lone tile, one that pairs or runs with "
               "nothing.");
        break;
    case PredictionStep::BestRemaining:
        i.stepText = tr("No tile is clearly spare, so a typical player throws what keeps the hand closest to "
                        "ready with the most tiles that would improve it.");
        break;
    }
    QStringList parts;
    parts << tr("How much each suit is worth to this hand (under 20 is weak): characters %1, dots %2, bamboo "
                "%3, honours %4.")
                 .arg(i.suitScores[0])
                 .arg(i.suitScores[1])
                 .arg(i.suitScores[2])
                 .arg(i.suitScores[3]);
    parts << i.stepText;
    parts << (i.offPrediction ? tr("%1 was not among those tiles (%2).")
                              : tr("%1 was one of those tiles (%2)."))
                 .arg(tileName(i.actual), joinTexts(i.predicted));
    if (i.heldPredicted) parts << tr("The player held one of them and threw another tile instead.");
    parts << tr("The engine would throw %1 and keep the rest, leaving the hand %2 with %3;")
                 .arg(joinTexts(i.engine), shantenText(i.bestShanten), improvingText(i.bestUkeire));
    parts << (i.inEngineSet ? tr("this discard is the engine's choice.")
                            : tr("this discard leaves it %1 with %2.")
                                  .arg(shantenText(i.shantenAfter), improvingText(i.ukeireAfter)));
    if (i.takenBy) parts << (i.wonOn ? tr("%1 won on it.") : tr("%1 took it.")).arg(i.takenByPlayer);
    i.explanation = parts.join(QLatin1Char(' '));
    return i;
}

QList<FitPoint> GameSession::fitSeries(int seat) const {
    QList<FitPoint> out;
    for (const DiscardAnalysis& da : d->analysis.discards) {
        if (da.seat != seat || da.op >= d->opCount) continue;
        out.append({da.op, da.number, da.fit.fit, da.weight, da.offPrediction, d->flagged(da.op), da.phase,
                    d->pairMove(da.op)});
    }
    return out;
}

double GameSession::gameFit(int seat) const {
    return seat >= 1 && seat <= 4 ? d->analysis.seats[seat - 1].fit : 0.0;
}

QList<int> GameSession::flaggedOps() const {
    QList<int> out;
    for (const DiscardAnalysis& da : d->analysis.discards)
        if (da.op < d->opCount && d->flagged(da.op)) out.append(da.op);
    for (int m : d->marks)
        if (m >= 0 && m < d->opCount) out.append(m);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

int GameSession::nextDiscardOf(int seat) const {
    for (const DiscardAnalysis& da : d->analysis.discards)
        if (da.op > currentOp() && da.op < d->opCount && (da.seat == seat || !seat)) return da.op;
    return -1;
}

int GameSession::prevDiscardOf(int seat) const {
    int found = -1;
    for (const DiscardAnalysis& da : d->analysis.discards) {
        if (da.op >= currentOp()) break;
        if (da.seat == seat || !seat) found = da.op;
    }
    return found;
}

int GameSession::nextFlagged() const {
    const QList<int> ops = flaggedOps();
    auto it = std::upper_bound(ops.begin(), ops.end(), currentOp());
    return it == ops.end() ? -1 : *it;
}

int GameSession::prevFlagged() const {
    const QList<int> ops = flaggedOps();
    auto it = std::lower_bound(ops.begin(), ops.end(), currentOp());
    return it == ops.begin() ? -1 : *std::prev(it);
}

void GameSession::seek(int position) {
    position = std::clamp(position, 0, d->opCount);
    if (position == this->position()) return;
    d->replay.seek(position);
    emit positionChanged(this->position());
}

void GameSession::toNextDiscardOf(int seat) {
    showOp(nextDiscardOf(seat));
}
void GameSession::toPrevDiscardOf(int seat) {
    showOp(prevDiscardOf(seat));
}

QString GameSession::positionText() const {
    // The board's header, the move list and flag evidence name the current op, 0-based: so does this line
    // (it said "op 102 of 152" where the header said op 101).
    // A riichi hand's id is "<log id>-<nn>": the match and the hand in it, and the round it was played in.
    QString game = gameId();
    if (d->replay.ruleset().hasRiichi()) {
        const int dash = game.lastIndexOf(u'-');
        bool ok = false;
        const int hand = dash > 0 ? game.mid(dash + 1).toInt(&ok) : 0;
        const QString round = RiichiText::round(d->game.start);
        game = ok ? tr("match %1, hand %2 (%3)").arg(game.left(dash)).arg(hand + 1).arg(round)
                  : tr("%1 (%2)").arg(game, round);
    }
    if (position() == 0) return tr("%1 · %2 ops").arg(game, QString::number(opCount()));
    return tr("%1 · op %2 · %3 ops").arg(game, QString::number(currentOp()), QString::number(opCount()));
}

ReviewMove GameSession::moveAt(int op) const {
    const DiscardAnalysis* da = d->discardOf(op);
    if (!da) return {};
    ReviewMove m;
    m.valid = true;
    m.current = op == currentOp();
    m.move = op;
    m.seat = da->seat;
    m.player = d->player(da->seat);
    m.number = da->number;
    m.actual = TileFace::textOf(da->actual);
    m.actualText = tileName(TileFace::of(da->actual));
    for (const TileFace& f : facesOf(da->engine)) m.engine << f.text;
    m.counted = da->weight > 0;
    m.fit = da->fit.fit;
    m.weight = da->weight;
    m.valueLost = da->fit.lost;
    m.offPrediction = da->offPrediction;
    m.marked = d->marked(op);
    m.flagged = d->flagged(op);
    return m;
}

ReviewMove GameSession::currentMoveFacts() const {
    const int cur = currentOp();
    const auto& ds = d->analysis.discards;
    auto it = std::upper_bound(ds.begin(), ds.end(), cur,
                               [](int op, const DiscardAnalysis& x) { return op < x.op; });
    if (it == ds.begin()) return {};
    ReviewMove m = moveAt(std::prev(it)->op);
    m.current = m.move == cur;
    return m;
}

} // namespace tw::models
