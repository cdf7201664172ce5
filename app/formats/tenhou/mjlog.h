#pragma once
// Tenhou's mjlog XML (`<mjloggm ver="2.3">`, one file = one match) read into a typed record: the match
// (GO type, lobby), the four players (UN: names URL-decoded to UTF-8, dan, rate, sex) and each hand (INIT)
// with its events in order. Pure C++20 over libexpat; the reader gets the text, never a file name, and
// answers either a match or one precise error (byte offset, tag, hand number, reason). A three-player game
// (GO type bit 0x10) keeps Tenhou's four slots with seat 3 empty; its Norths set aside (kita) are calls of
// kind Nukidora. The format and what is kept or ignored: docs/tenhou-mjlog.md.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tw::tenhou {

// GO type bits as Tenhou writes them.
struct GoType {
    int raw = 0;
    bool vsHuman() const { return raw & 0x01; }
    bool redFives() const { return !(raw & 0x02); }   // 0x02 set = no red fives
    bool openTanyao() const { return !(raw & 0x04); } // 0x04 set = no kuitan
    bool hanchan() const { return raw & 0x08; }
    bool sanma() const { return raw & 0x10; }
    bool fast() const { return raw & 0x40; }
    // 0x20 and 0x80 together name the room: 0 ippan, 0x80 joukyuu, 0x20 tokujou, 0xA0 houou (Phoenix).
    int room() const { return raw & 0xA0; }
};

struct Player {
    std::string name; // UTF-8, decoded from %XX
    int dan = 0;      // 0 = new … 10 = 1-dan … 20 = tenhou-i
    double rate = 0;
    std::string sex; // "M", "F", "C" (computer) as written
};

enum class MeldKind { Chi, Pon, AddedKan, ClosedKan, OpenKan, Nukidora };
const char* meldKindName(MeldKind k);

// One N tag's m decoded by Tenhou's meld bit encoding. Seats are absolute (0-3).
struct Meld {
    MeldKind kind = MeldKind::Chi;
    std::vector<int> tiles; // every tile of the meld, ascending (3 for chi/pon, 4 for kans, 1 for nukidora)
    int called = -1;        // the tile taken from another player (-1 for a closed kan and nukidora)
    int added = -1;         // the tile added to a pon (added kan only)
    int fromWho = -1;       // who discarded the called tile (-1 for closed kan and nukidora)
};

// Decodes m for the caller `who`; nullopt with `why` filled when m is no valid meld code.
std::optional<Meld> decodeMeld(int who, int m, std::string* why = nullptr);

struct Draw {
    int who = 0;
    int tile = 0;
};
struct Discard {
    int who = 0;
    int tile = 0;
};
struct Call {
    int who = 0;
    int m = 0;
    Meld meld;
};
struct Reach {
    int who = 0;
    int step = 1;             // 1 declared, 2 accepted (1,000 paid)
    std::array<int, 4> ten{}; // scores in 100s after step 2 (zeros at step 1)
};
struct Dora {
    int indicator = 0;
};
struct Agari {
    int who = 0, fromWho = 0; // fromWho == who: tsumo
    int honba = 0, sticks = 0;
    std::vector<int> hai;    // closed hand incl. the winning tile
    std::vector<Meld> melds; // decoded m list
    int machi = 0;           // winning tile
    int fu = 0, points = 0, limit = 0;
    std::vector<std::pair<int, int>> yaku; // (yaku id, han)
    std::vector<int> yakuman;
    std::vector<int> doraHai, doraHaiUra;
    std::array<int, 4> scores{}, deltas{}; // sc, in 100s
    int paoWho = -1;
};
struct Ryuukyoku {
    std::string type; // "" exhaustive draw, or yao9, reach4, ron3, kan4, kaze4, nm
    int honba = 0, sticks = 0;
    std::array<int, 4> scores{}, deltas{};
    std::array<std::vector<int>, 4> shown; // hai0..3: hands shown tenpai
};
using Event = std::variant<Draw, Discard, Call, Reach, Dora, Agari, Ryuukyoku>;

struct Hand {
    int round = 0; // 0 = East 1 … 7 = South 4 (…)
    int honba = 0, sticks = 0;
    std::array<int, 2> dice{};
    int doraIndicator = 0;
    std::array<int, 4> ten{}; // scores in 100s at the start
    int oya = 0;
    std::array<std::vector<int>, 4> hai; // 13 tile ids each
    std::vector<Event> events;
};

struct Match {
    GoType type;
    int lobby = 0;
    std::array<Player, 4> players;
    std::vector<Hand> hands;                   // complete hands only (ended by AGARI or RYUUKYOKU)
    bool ended = false;                        // owari seen: the match ran to its end
    bool droppedUnfinishedHand = false;        // the text stopped inside a hand, which is left out
    std::vector<std::pair<int, double>> owari; // final (score in 100s, points) per seat
    // Tenhou's log id when the text carries it (tenhou.net/6's "ref"); "" otherwise (mjlog and mjai do not:
    // Tenhou names an mjlog file by it).
    std::string logId;
    int seats() const { return type.sanma() ? 3 : 4; }
};

struct ReadResult {
    std::optional<Match> match;
    std::string error; // empty when match is set
};

// Reads one mjlog text. Never throws on any input. The limits of rules/text_limits.h hold: a text longer
// than kMatchFileBytes, more than kMatchHands hands, a name longer than kNameBytes (decoded) or holding
// %00, and any other attribute longer than kTextBytes are refused.
ReadResult readMjlog(std::string_view text);
// Why a match file over limits::kMatchFileBytes is refused (each Tenhou reader and the importer alike).
std::string matchTooLarge();

// %XX URL decoding; nullopt when the escape is bad or the result is not valid UTF-8.
std::optional<std::string> urlDecodeUtf8(std::string_view s);
bool validUtf8(std::string_view s);

} // namespace tw::tenhou
