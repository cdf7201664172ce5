// The board at the current position, as the desk paints it: the table's facts, then each seat's hand, melds
// and pond with the red fives, the flags and the pair's moves marked.
#include <QStringList>

#include "mahjong_session_private.h"
#include "riichi_text.h"
#include "tile_names.h"

namespace tw::models {

namespace {

QString windOf(int seat, int dealer, int seats) {
    static const char16_t winds[] = u"東南西北";
    return QString(QChar(winds[(seat - dealer + seats) % seats]));
}

// A tile copy's face: red when the hand plays red fives and it is copy 1 of a five.
TileFace faceOf(const TileCopy& c, bool redFives) {
    return redFives && c.index == 1 ? TileFace::redFive(c.kind) : TileFace::of(c.kind);
}

// The concealed tiles and the one shown apart (the tile drawn or won on), and a win's text.
void showHand(SeatView& v, const TableState& t, int s, const OpView& current, bool riichi, bool reds) {
    const SeatState& st = t.seat(s);
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
            patterns << MahjongSession::tr("%1 fan").arg(w.score.fan);
            v.winText = patterns.join(MahjongSession::tr(", ", "between the patterns of a win"));
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
        v.drawnCurrent = current.code == int(OpCode::Deal) && current.seat == s;
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
}

QList<MeldView> meldsOf(const Hand& hand, const std::vector<MeldNote>& meldOps, int s, int p,
                        const OpView& current) {
    QList<MeldView> melds;
    for (int m = 0; m < hand.meldCount; ++m) {
        const Meld& meld = hand.melds[m];
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
        if (current.code == int(OpCode::AddedKong) && current.seat == s && current.tile.kind == meld.kind)
            mv.current = true;
        melds.append(mv);
    }
    return melds;
}

} // namespace

QList<PondView> MahjongSession::Private::pondOf(const SeatState& st, bool reds, int p) const {
    QList<PondView> pond;
    for (const PondTile& pt : st.pond) {
        PondView pv;
        pv.tile = faceOf(pt.tile, reds);
        pv.riichi = pt.riichi;
        pv.op = pt.op;
        pv.claimedBy = pt.claimedBy;
        pv.wonOn = pt.wonOn;
        pv.tsumogiri = pt.drawnAndDiscarded;
        const DiscardAnalysis* da = discardOf(pt.op);
        pv.offPrediction = da && da->offPrediction;
        pv.flagged = flagged(pt.op);
        pv.pair = pairMove(pt.op);
        pv.current = pt.op == p - 1;
        pond.append(pv);
    }
    return pond;
}

MahjongSnapshot MahjongSession::snapshot() const {
    const TableState& t = d->replay.state();
    const int p = position();
    MahjongSnapshot b;
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
    const Ruleset& rules = d->replay.ruleset();
    const bool reds = rules.hasDora() && t.start.redFives;
    if (rules.carriesScores()) {
        b.riichi = true;
        b.roundText = RiichiText::round(t.start);
        b.honba = t.start.honba;
        b.sticks = t.sticks;
    }
    if (rules.hasDora()) {
        for (const TileCopy& c : t.doraIndicators) b.doraIndicators.append(faceOf(c, reds));
        for (const TileCopy& c : t.uraIndicators) b.uraIndicators.append(faceOf(c, reds));
    }

    for (int s = 1; s <= t.seatCount; ++s) {
        const SeatState& st = t.seat(s);
        SeatView& v = b.seats[s - 1];
        v.seat = s;
        v.player = d->player(s);
        v.wind = windOf(s, t.dealer, t.seatCount);
        v.dealer = s == t.dealer;
        v.toAct = !b.ended && (t.phase == Phase::Act || t.phase == Phase::Split) && t.turn == s;
        v.acting = b.current.seat == s;
        v.voidSuit = st.voidSuit;
        v.points = st.points;
        v.won = st.won;
        if (rules.carriesScores()) {
            v.hasScore = true;
            v.score = t.start.scores[s - 1] + st.points;
        }
        if (rules.declaresRiichi()) {
            v.riichi = st.riichi;
            v.riichiStick = st.riichiPaid;
            v.doubleRiichi = st.doubleRiichi;
            v.kita = st.kita;
        }
        v.faceUp = !b.viewSeat || s == b.viewSeat || (b.viewSeat && s == b.partnerSeat) || st.won;
        showHand(v, t, s, b.current, rules.scoresYaku(), reds);
        v.melds = meldsOf(st.hand, d->meldOps[s - 1], s, p, b.current);
        v.pond = d->pondOf(st, reds, p);
    }
    return b;
}

} // namespace tw::models
