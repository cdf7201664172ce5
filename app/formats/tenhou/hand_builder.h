#pragma once
// Builds one hand of a tw::tenhou::Match from what the formats without tile ids say: faces (kind and
// redness) in the order things happened. The tenhou.net/6 and mjai readers both feed it, so that every
// hand they produce has the same shape as one read from mjlog: tile ids, decoded melds with their mjlog
// code, the running scores in REACH step 2 and in each result, `ba`, the dora indicators a win saw.
//
// Tile ids are assigned deterministically: a red five is copy 0 of its five (ids 16, 52, 88, as Tenhou
// numbers them); any other tile is the lowest copy of its kind not yet in play in this hand, never copy 0
// of a five while red fives are on. A tile that leaves a hand (discard, meld) is the lowest id the hand
// holds with that face. Each step checks what it can (the tile is held, a call takes the last discard, no
// fifth copy) and answers "" or the reason.
#include <array>
#include <string>
#include <vector>

#include "tenhou/mjlog.h"

namespace tw::tenhou {

// What a tile shows: kind 0-33 (1m…9m 1p…9p 1s…9s E S W N P F C) and, for a five, whether it is red.
struct Face {
    int kind = 0;
    bool red = false;
    bool operator==(const Face&) const = default;
};

bool isFiveKind(int kind);
Face faceOf(int id, bool redFives);
std::string faceName(Face f); // "5m", "0m" for the red five, "E" … "C" (for messages)

// The mjlog meld code of a meld (the inverse of decodeMeld): a closed kan names copy 0 of its kind.
int encodeMeld(int who, const Meld& meld);

class HandBuilder {
  public:
    // `seats` 3: a three-player hand (sanma): seat 3 is the empty slot, 2m-8m are not in the set.
    explicit HandBuilder(bool redFives, int seats = 4) : redFives_(redFives), seats_(seats) {}

    std::string begin(int round, int honba, int sticks, int oya, const std::array<int, 4>& ten, Face dora,
                      const std::array<std::vector<Face>, 4>& hai);
    std::string draw(int who, Face f);
    std::string discard(int who, Face f);
    std::string discardDrawn(int who); // tsumogiri: the tile drawn last, still held
    // chi, pon and open kan of the last discard, which `from` made; `consumed` come from the caller's hand.
    std::string call(int who, MeldKind kind, int from, Face called, const std::vector<Face>& consumed);
    std::string addedKan(int who, Face added);
    std::string closedKan(int who, const std::vector<Face>& four);
    std::string kita(int who); // three players: a North set aside (nukidora)
    std::string reach(int who, int step);
    std::string dora(Face f);

    struct Win {
        int who = 0, fromWho = 0, paoWho = -1;
        int fu = 0, points = 0, limit = 0;
        std::vector<std::pair<int, int>> yaku;
        std::vector<int> yakuman;
        std::vector<Face> ura; // kept only when `withUra`
        bool withUra = false;
        std::array<int, 4> deltas{}; // in 100s
    };
    std::string agari(const Win& w);
    std::string ryuukyoku(const std::string& type, const std::array<int, 4>& deltas,
                          const std::array<bool, 4>& shown);

    const Hand& hand() const { return hand_; }
    Hand takeHand() { return std::move(hand_); }
    bool redFives() const { return redFives_; }
    // What the readers need to know of the state.
    bool reached(int who) const { return reached_[who]; } // riichi accepted (step 2)
    int lastDrawn(int who) const { return lastDrawn_[who]; }
    int lastDiscarder() const { return lastDiscarder_; }
    int lastDiscard() const { return lastDiscard_; }
    const std::vector<int>& held(int who) const { return held_[who]; }
    const std::vector<Meld>& melds(int who) const { return melds_[who]; }
    const std::array<int, 4>& scores() const { return score_; }
    int wins() const { return wins_; }
    int sticksOnTable() const { return hand_.sticks + accepted_; }

  private:
    int allocate(Face f, std::string* why); // a tile not yet in play, or -1
    int release(int who, Face f);           // removes the lowest held id with this face, or -1
    std::string record(int who, Meld meld);

    bool redFives_;
    int seats_ = 4;
    Hand hand_;
    std::array<bool, 136> used_{};
    std::array<std::vector<int>, 4> held_;
    std::array<std::vector<Meld>, 4> melds_;
    std::array<int, 4> lastDrawn_{-1, -1, -1, -1};
    std::array<bool, 4> reached_{};
    std::array<int, 4> score_{};
    std::vector<int> indicators_, uraIds_;
    std::vector<Face> uraFaces_;
    int lastDiscard_ = -1, lastDiscarder_ = -1;
    int accepted_ = 0, wins_ = 0;
};

} // namespace tw::tenhou
