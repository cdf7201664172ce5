#include "mahjong_session.h"
#include "mahjong_session_private.h"

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

// The red five among `before` and not `after` (a seat's concealed copies around an op), kNoKind if none.
Kind redLeft(const std::array<std::uint8_t, kKinds>& before, const std::array<std::uint8_t, kKinds>& after) {
    for (Kind k : {Kind(4), Kind(13), Kind(22)})
        if ((before[k] & 1) && !(after[k] & 1)) return k;
    return kNoKind;
}

QString suitName(int suit) {
    switch (suit) {
    case 0:
        return MahjongSession::tr("characters");
    case 1:
        return MahjongSession::tr("dots");
    case 2:
        return MahjongSession::tr("bamboo");
    default:
        return MahjongSession::tr("honours");
    }
}

QString shantenText(int shanten) {
    if (shanten < 0) return MahjongSession::tr("a winning hand");
    if (shanten == 0) return MahjongSession::tr("ready");
    return MahjongSession::tr("%n step(s) from ready", nullptr, shanten);
}

QString improvingText(int tiles) {
    return MahjongSession::tr("%n improving tile(s)", nullptr, tiles);
}

QList<TileFace> facesOf(KindMask mask) {
    QList<TileFace> out;
    for (Kind k : kindsOf(mask)) out.append(TileFace::of(k));
    return out;
}

QString joinTexts(const QList<TileFace>& faces) {
    return tileNames(faces); // the names people read (八筒 in Chinese), not the codes
}

// What the op's player does, in the words of the move list ("discards", "pungs").
QString actionOf(const OpNote& n) {
    switch (n.op.code) {
    case OpCode::Deal:
        return n.initialDeal   ? MahjongSession::tr("is dealt")
               : n.replacement ? MahjongSession::tr("draws a replacement")
                               : MahjongSession::tr("draws");
    case OpCode::Discard:
        return MahjongSession::tr("discards");
    case OpCode::Pung:
        return MahjongSession::tr("pungs");
    case OpCode::Ron:
        return MahjongSession::tr("wins on");
    case OpCode::SelfDraw:
        return MahjongSession::tr("wins by self-draw with");
    case OpCode::ConcealedKong:
        return MahjongSession::tr("declares a concealed kong of");
    case OpCode::AddedKong:
        return MahjongSession::tr("adds to a kong");
    case OpCode::ExposedKong:
        return MahjongSession::tr("kongs");
    case OpCode::Pass:
        return MahjongSession::tr("passes");
    case OpCode::ExhaustiveDraw:
        return MahjongSession::tr("exhaustive draw");
    case OpCode::RobKong:
        return n.onNorthSetAside ? MahjongSession::tr("wins on the North set aside,")
                                 : MahjongSession::tr("robs the kong of");
    case OpCode::PassRobKong:
        return MahjongSession::tr("passes on robbing the kong");
    case OpCode::Chow:
        return MahjongSession::tr("chows");
    case OpCode::Lack:
        return MahjongSession::tr("declares void");
    case OpCode::HunIndicator:
        return MahjongSession::tr("hun indicator");
    case OpCode::GunIndicator:
        return MahjongSession::tr("gun indicator");
    case OpCode::Riichi:
        return MahjongSession::tr("declares riichi");
    case OpCode::DoraIndicator:
        return n.doraNumber > 1 ? MahjongSession::tr("kan dora indicator")
                                : MahjongSession::tr("dora indicator");
    case OpCode::UraIndicator:
        return MahjongSession::tr("ura dora indicator");
    case OpCode::AbortiveDraw:
        return MahjongSession::tr("abortive draw");
    case OpCode::Nukidora:
        return MahjongSession::tr("sets aside as a dora");
    }
    return {};
}

// The op told in a sentence, as the board's header and the move list show it.
QString textOf(const OpNote& n, const OpView& v) {
    switch (n.op.code) {
    case OpCode::ExhaustiveDraw:
        return MahjongSession::tr("Exhaustive draw");
    case OpCode::HunIndicator:
        return MahjongSession::tr("Hun indicator %1 revealed").arg(tileName(v.tile));
    case OpCode::GunIndicator:
        return MahjongSession::tr("Gun indicator %1 revealed").arg(tileName(v.tile));
    case OpCode::DoraIndicator:
        return n.doraNumber > 1
                   ? MahjongSession::tr("Kan dora indicator %1 turned over").arg(tileName(v.tile))
                   : MahjongSession::tr("Dora indicator %1 turned over").arg(tileName(v.tile));
    case OpCode::UraIndicator:
        return MahjongSession::tr("Ura dora indicator %1 shown").arg(tileName(v.tile));
    case OpCode::AbortiveDraw: {
        const QString kind = RiichiText::abortive(n.op.number);
        return n.op.seat ? MahjongSession::tr("%1 declares %2: abortive draw").arg(v.player, kind)
                         : MahjongSession::tr("Abortive draw: %1").arg(kind);
    }
    case OpCode::Lack:
        return MahjongSession::tr("%1 declares %2 void").arg(v.player, suitName(n.op.type - 1));
    case OpCode::Chow: {
        const Kind low = n.op.kind();
        return MahjongSession::tr("%1 chows %2 (%3)")
            .arg(v.player, tileName(v.tile),
                 joinTexts({TileFace::of(low), TileFace::of(low + 1), TileFace::of(low + 2)}));
    }
    default:
        return v.hasTile ? MahjongSession::tr("%1 %2 %3").arg(v.player, v.action, tileName(v.tile))
                         : MahjongSession::tr("%1 %2").arg(v.player, v.action);
    }
}

} // namespace

void MahjongSession::Private::prepare() {
    replay.seek(0);
    notes.reserve(replay.size());
    while (replay.position() < replay.size()) {
        const TableState& t = replay.state();
        OpNote n;
        n.op = replay.op(replay.position());
        n.initialDeal = t.phase == Phase::Deal;
        if (n.op.code == OpCode::Deal && n.op.seat >= 1 && n.op.seat <= t.seatCount)
            // An added kong or a North set aside that nobody won on: its seat's draw is the replacement.
            n.replacement = t.seat(n.op.seat).replacementDue ||
                            (t.phase == Phase::RobKong && !t.wonOnDiscard && n.op.seat == t.konger);
        if (takesDiscard(n.op.code) && t.phase == Phase::Claim) {
            n.claimed = t.discard.kind;
            n.takenFrom = t.discarder;
        }
        if (n.op.code == OpCode::RobKong && t.phase == Phase::RobKong) {
            n.claimed = t.kongTile.kind;
            n.takenFrom = t.konger;
            n.onNorthSetAside = t.kitaOpen;
        }
        // The discard (or added kong) a taking answers: the last op of the seat it was taken from.
        if (n.takenFrom && n.op.seat >= 1 && n.op.seat <= t.seatCount)
            for (int i = int(notes.size()) - 1; i >= 0; --i)
                if (notes[i].op.seat == n.takenFrom &&
                    (notes[i].op.code == OpCode::Discard || notes[i].op.code == OpCode::AddedKong ||
                     notes[i].op.code == OpCode::Nukidora)) {
                    notes[i].takers |= std::uint8_t(1u << (n.op.seat - 1));
                    break;
                }
        const int at = replay.position();
        const bool reds = t.start.redFives && n.op.seat >= 1 && n.op.seat <= t.seatCount;
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
        if (replay.ruleset().scoresYaku() && w.op >= 0 && w.op < int(notes.size()))
            notes[w.op].winText = RiichiText::win(w.riichiScore);
    opCount = int(notes.size());
    ended = replay.ended();
    for (int s = 1; s <= replay.state().seatCount; ++s) endPoints[s - 1] = replay.state().seat(s).points;
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

MahjongSession::MahjongSession(const GameRecord& game, QObject* parent)
    : MahjongSession(game, FitSettings{}, parent) {}

MahjongSession::MahjongSession(const GameRecord& game, const FitSettings& settings, QObject* parent)
    : ReviewSession(parent), d(std::make_unique<Private>(game)) {
    // The analysis, once, with the facts the prediction panel explains (no second replay of the game).
    d->analysis = analyzeGame(game, settings, {.keepFacts = true});
    d->settings = settings;
    d->prepare();
}

MahjongSession::MahjongSession(const store::StoredGame& game, QObject* parent)
    : MahjongSession(game.record, parent) {}

MahjongSession::~MahjongSession() = default;

QString MahjongSession::gameId() const {
    return QString::fromStdString(d->game.id);
}
QString MahjongSession::rulesetName() const {
    return QString::fromLatin1(tw::rulesetName(d->game.ruleset));
}
QStringList MahjongSession::players() const {
    QStringList out; // the seats that play (three in sanma: the fourth is nobody)
    for (int s = 0; s < seatsOf(d->game.ruleset); ++s) out << QString::fromStdString(d->game.seats[s]);
    return out;
}
int MahjongSession::dealer() const {
    return d->game.dealer;
}
bool MahjongSession::isValid() const {
    return d->error.isEmpty();
}
QString MahjongSession::errorText() const {
    return d->error;
}
int MahjongSession::position() const {
    return d->replay.position();
}
int MahjongSession::opCount() const {
    return d->opCount;
}
int MahjongSession::initialDealEnd() const {
    return d->dealEnd;
}
int MahjongSession::reviewStart() const {
    return d->setupEnd;
}

int MahjongSession::partnerSeat() const {
    return d->partnerSeat;
}
void MahjongSession::setPartnerSeat(int seat) {
    if (seat < 0 || seat > d->replay.state().seatCount || seat == d->focusSeat) seat = 0;
    if (seat == d->partnerSeat) return;
    d->partnerSeat = seat;
    emit viewChanged();
}
bool MahjongSession::isPairMove(int op) const {
    return d->pairMove(op);
}

int MahjongSession::focusSeat() const {
    return d->focusSeat;
}
void MahjongSession::setFocusSeat(int seat) {
    seat = seat >= 1 && seat <= d->replay.state().seatCount ? seat : 0;
    if (seat == d->focusSeat) return;
    d->focusSeat = seat;
    emit viewChanged();
}
MahjongSession::View MahjongSession::view() const {
    return d->view;
}
void MahjongSession::setView(View view) {
    if (view == d->view) return;
    d->view = view;
    emit viewChanged();
}
QList<int> MahjongSession::marks() const {
    return d->marks;
}
void MahjongSession::setMarks(const QList<int>& opPositions) {
    QList<int> m = opPositions;
    std::sort(m.begin(), m.end());
    m.erase(std::unique(m.begin(), m.end()), m.end());
    if (m == d->marks) return;
    d->marks = m;
    emit viewChanged();
}

OpView MahjongSession::opView(int op) const {
    OpView v;
    if (op < 0 || op >= d->opCount) return v;
    const OpNote& n = d->notes[op];
    v.op = op;
    v.code = int(n.op.code);
    v.seat = n.op.seat;
    v.player = d->player(n.op.seat);
    Kind tile = n.claimed != kNoKind ? n.claimed : n.op.kind();
    v.action = actionOf(n);
    // A void names a suit, and an abortive draw's number is the draw's kind, not a tile.
    if (n.op.code == OpCode::Lack || n.op.code == OpCode::AbortiveDraw) tile = kNoKind;
    if (tile != kNoKind) v.hasTile = true, v.tile = TileFace::of(tile);
    v.text = textOf(n, v);
    if (!n.winText.isEmpty()) v.text = tr("%1: %2", "a win, then its score").arg(v.text, n.winText);
    // The hand's last op says what it came to, seat by seat.
    if (op == d->opCount - 1 && d->ended && d->replay.ruleset().carriesScores()) {
        QStringList changes;
        for (int s = 1; s <= d->replay.state().seatCount; ++s)
            changes << tr("%1 %2", "a player and a score change")
                           .arg(d->player(s), RiichiText::change(d->endPoints[s - 1]));
        v.text = tr("%1 · score changes: %2").arg(v.text, changes.join(tr(", ", "between score changes")));
    }
    return v;
}

bool MahjongSession::isDiscard(int op) const {
    return d->discardOf(op) != nullptr;
}
bool MahjongSession::isFlagged(int op) const {
    return op >= 0 && op < d->opCount && d->flagged(op);
}

DiscardInfo MahjongSession::discardInfo() const {
    const int cur = currentOp();
    const auto& ds = d->analysis.discards;
    auto it = std::upper_bound(ds.begin(), ds.end(), cur,
                               [](int op, const DiscardAnalysis& x) { return op < x.op; });
    if (it == ds.begin()) return {};
    DiscardInfo info = discardInfoAt(std::prev(it)->op);
    info.current = info.op == cur;
    return info;
}

DiscardInfo MahjongSession::discardInfoAt(int op) const {
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

QList<FitPoint> MahjongSession::fitSeries(int seat) const {
    QList<FitPoint> out;
    for (const DiscardAnalysis& da : d->analysis.discards) {
        if (da.seat != seat || da.op >= d->opCount) continue;
        out.append({da.op, da.number, da.fit.fit, da.weight, da.offPrediction, d->flagged(da.op), da.phase,
                    d->pairMove(da.op)});
    }
    return out;
}

double MahjongSession::gameFit(int seat) const {
    return seat >= 1 && seat <= d->replay.state().seatCount ? d->analysis.seats[seat - 1].fit : 0.0;
}

QList<int> MahjongSession::flaggedOps() const {
    QList<int> out;
    for (const DiscardAnalysis& da : d->analysis.discards)
        if (da.op < d->opCount && d->flagged(da.op)) out.append(da.op);
    for (int m : d->marks)
        if (m >= 0 && m < d->opCount) out.append(m);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

int MahjongSession::nextDiscardOf(int seat) const {
    for (const DiscardAnalysis& da : d->analysis.discards)
        if (da.op > currentOp() && da.op < d->opCount && (da.seat == seat || !seat)) return da.op;
    return -1;
}

int MahjongSession::prevDiscardOf(int seat) const {
    int found = -1;
    for (const DiscardAnalysis& da : d->analysis.discards) {
        if (da.op >= currentOp()) break;
        if (da.seat == seat || !seat) found = da.op;
    }
    return found;
}

int MahjongSession::nextFlagged() const {
    const QList<int> ops = flaggedOps();
    auto it = std::upper_bound(ops.begin(), ops.end(), currentOp());
    return it == ops.end() ? -1 : *it;
}

int MahjongSession::prevFlagged() const {
    const QList<int> ops = flaggedOps();
    auto it = std::lower_bound(ops.begin(), ops.end(), currentOp());
    return it == ops.begin() ? -1 : *std::prev(it);
}

void MahjongSession::seek(int position) {
    position = std::clamp(position, 0, d->opCount);
    if (position == this->position()) return;
    d->replay.seek(position);
    emit positionChanged(this->position());
}

void MahjongSession::toNextDiscardOf(int seat) {
    showOp(nextDiscardOf(seat));
}
void MahjongSession::toPrevDiscardOf(int seat) {
    showOp(prevDiscardOf(seat));
}

QString MahjongSession::positionText() const {
    // The board's header, the move list and flag evidence name the current op, 0-based: so does this line
    // (it said "op 102 of 152" where the header said op 101).
    // A riichi hand's id is "<log id>-<nn>": the match and the hand in it, and the round it was played in.
    QString game = gameId();
    if (d->replay.ruleset().carriesScores()) {
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

ReviewMove MahjongSession::moveAt(int op) const {
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

ReviewMove MahjongSession::currentMoveFacts() const {
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
