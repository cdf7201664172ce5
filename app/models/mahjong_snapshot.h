// What the desk shows of one mahjong game at one position, in Qt and plain types only: ring 3 (ui/) draws
// these and never sees the rules headers. Tiles come with the KDE tileset element id (the cutechess way: the
// core names the SVG element, the GUI draws it).
#pragma once

#include <QList>
#include <QMetaType>
#include <QString>

#include <array>

namespace tw::models {

struct TileFace {
    int kind = -1;     // 0-33 (m1..m9, p1..p9, s1..s9, E S W N White Green Red); -1 face down
    QString elementId; // "CHARACTER_5", "WIND_3"; empty face down
    QString text;      // "5m" for suits, "東" for honours; the drawn fallback and plain-text lists use it
    bool wild = false; // Anshan hun (混): a wildcard in this hand
    bool red =
        false; // riichi: a red five (aka dora); the tilesets have no such element, the painter marks it

    bool isHidden() const { return kind < 0; }
    bool operator==(const TileFace& o) const { return kind == o.kind && wild == o.wild && red == o.red; }

    static TileFace of(int kind, bool wild = false); // kind outside 0-33 gives a face-down tile
    static TileFace redFive(int kind);               // a red copy of 5m, 5p or 5s
    static TileFace hidden() { return {}; }
    // KDE mahjongg tileset element of a kind: CHARACTER_n (m), ROD_n (p, dots), BAMBOO_n (s); winds
    // WIND_1 North, WIND_2 South, WIND_3 East, WIND_4 West; dragons DRAGON_1 White, 2 Green, 3 Red.
    static QString elementIdOf(int kind);
    static QString textOf(int kind);
};

struct MeldView {
    enum Type { Chow, Pung, ExposedKong, AddedKong, ConcealedKong };
    Type type = Pung;
    QList<TileFace> tiles; // in kind order (a chow low to high)
    int from = 0;          // seat the claimed tile came from, 0 for a concealed kong
    int claimedIndex = -1; // which of `tiles` was the claimed discard, -1 when none
    int addedIndex = -1;   // added kong: the tile added to the pung
    bool current = false;  // made by the current op
    bool isKong() const { return type >= ExposedKong; }
};

struct PondView {
    TileFace tile;
    int op = -1;            // position of the discard op
    int claimedBy = 0;      // seat that punged, konged, chowed or won on it; 0 for none
    bool wonOn = false;     // a seat won on it (dealt in)
    bool tsumogiri = false; // the tile just drawn went straight out (the replay tells it from the copies)
    bool offPrediction = false;
    bool flagged = false; // off-prediction for the seat under review, or in the flag's evidence
    bool current = false; // the current op
    bool pair = false;    // taken by the partner of the seat under review, or from it (a pair's case)
    bool riichi = false;  // riichi: the seat's riichi discard, laid sideways
};

struct SeatView {
    int seat = 0; // 1-4
    QString player;
    QString wind; // seat wind from the dealer: 東 南 西 北
    bool dealer = false;
    bool faceUp = true;        // concealed tiles shown; false: backs only
    bool toAct = false;        // the seat whose turn it is
    bool acting = false;       // the current op is this seat's
    QList<TileFace> concealed; // sorted, hun first; face down when !faceUp
    bool hasDrawn = false;     // the tile drawn this turn (or the winning tile) is shown apart
    TileFace drawn;
    bool drawnCurrent = false; // the current op dealt it
    QList<MeldView> melds;
    QList<PondView> pond; // in discard order
    int voidSuit = -1;    // Sichuan 定缺: 0 m, 1 p, 2 s; -1 none
    qint64 points = 0;    // net payments so far
    // Riichi: the seat's score (the hand's starting score plus its payments so far), and its declaration.
    bool hasScore = false;
    qint64 score = 0;
    bool riichi = false;       // declared (its riichi discard made)
    bool riichiStick = false;  // its 1,000 points lie on the table
    bool doubleRiichi = false; // declared on its first discard
    int kita = 0;              // three-player riichi: Norths set aside, each a dora
    bool won = false;
    QString winText; // "缺三, 3 fan"; riichi "Riichi 1, Pinfu 1 — 2 han 30 fu, 2,000"; empty when not won
    int concealedCount() const { return int(concealed.size()) + (hasDrawn ? 1 : 0); }
};

struct OpView {
    int op = -1;  // 0-based op position; -1 before the first op
    int code = 0; // the record's op code (10 deal, 11 discard, ...)
    int seat = 0; // 0 where none
    QString player;
    QString action; // translated: "discards", "pungs", ...
    bool hasTile = false;
    TileFace tile;
    QString text; // one readable line: "bo discards 5p"
};

struct MahjongSnapshot {
    QString gameId;
    QString ruleset;  // "xinchang", "sichuan", "anshan", "riichi" (for showing; `riichi` says which table)
    int position = 0; // ops applied
    int opCount = 0;
    std::array<SeatView, 4> seats; // seat s is element s-1
    int dealer = 1;
    int wall = 0; // tiles left to draw
    int turn = 0;
    bool ended = false;
    bool exhaustive = false;
    bool hasHun = false; // Anshan: the hun indicator is revealed
    TileFace hunIndicator;
    TileFace hun; // the wildcard kind
    // Riichi: the round ("East 2, 1 honba, 2 sticks"), the indicators turned over so far (kan dora
    // included) and, after a win in riichi, the ura indicators; the riichi sticks on the table.
    bool riichi = false;
    QString roundText;
    QList<TileFace> doraIndicators;
    QList<TileFace> uraIndicators;
    int honba = 0;
    int sticks = 0;
    OpView current;      // the last op applied
    int focusSeat = 0;   // the flagged seat; 0 none. The board puts it at the bottom.
    int viewSeat = 0;    // 0: every hand face up; else only this seat's (and its partner's, and winners')
    int partnerSeat = 0; // a pair under review: the focus seat's partner; 0 none
    int bottomSeat() const { return focusSeat ? focusSeat : 1; }
    const SeatView& seat(int s) const { return seats[s - 1]; }
};

// The prediction panel of one discard (SPEC §5.1 and §5.3).
// One discard the hand could make, as the engine and the reference model see it.
struct ChoiceView {
    TileFace face;
    int shanten = 0, ukeire = 0; // what the hand is left with
    double loss = 0;             // the value lost against the engine's best (0: in its choice set)
    double chance = 0;           // the reference model's probability of this choice
    bool played = false;
};

struct DiscardInfo {
    bool valid = false;   // false: no discard at or before the position
    bool current = false; // it is the current op (not an earlier one)
    int op = -1;
    int seat = 0;
    QString player;
    int number = 0; // the seat's n-th discard
    int wallLeft = 0;
    TileFace actual;
    QList<TileFace> predicted; // the predicted set
    QList<TileFace> engine;    // the engine's choice set
    int rank = 0, options = 0; // #rank of options distinct discards
    double valueLost = 0;
    double fit = 1;
    double weight = 0; // 0: left out of the fit
    bool offPrediction = false;
    bool inEngineSet = false;
    bool heldPredicted = false; // discarded outside the set while holding a predicted kind
    bool marked = false;        // in the flag's evidence
    int takenBy = 0;            // seat that claimed it or whose ready hand it completed; 0 none
    QString takenByPlayer;
    bool wonOn = false;                    // dealt in
    bool feed = false;                     // off-prediction and taken
    std::array<double, 4> suitScores{};    // m, p, s, honours (SPEC §5.1 step 1)
    int step = 0;                          // 2, 3 or 4 (SPEC §5.1); 20 forced void suit
    QString stepText;                      // translated step description
    int shantenAfter = 0, ukeireAfter = 0; // what the actual discard left
    int bestShanten = 0, bestUkeire = 0;   // what the engine's choice leaves
    QString explanation;                   // translated paragraph
    // The engine's view: every discard the hand could make, best first, with the reference model's chance
    // of each; what this decision adds to an engine test (counted ones only: matched − the chance of a
    // match), and the reference's name.
    QList<ChoiceView> choices;
    double matchChance = 0;
    QString referenceName;
};

} // namespace tw::models

Q_DECLARE_METATYPE(tw::models::MahjongSnapshot)
Q_DECLARE_METATYPE(tw::models::DiscardInfo)
Q_DECLARE_METATYPE(tw::models::TileFace)
