#include "xiangqi/board.h"

#include <charconv>

namespace tw::xq {

namespace {

// A target square and the square that must be empty to reach it (elephant eye, horse leg).
struct Step {
    Square to = kNoSquare, via = kNoSquare;
};

enum Dir { Up, Down, Left, Right }; // rank+1, rank-1, file-1, file+1

struct Tables {
    std::array<std::array<Square, 4>, kSquares> general{}, advisor{};
    std::array<std::uint8_t, kSquares> generalN{}, advisorN{};
    std::array<std::array<Step, 4>, kSquares> elephant{};
    std::array<std::uint8_t, kSquares> elephantN{};
    std::array<std::array<Step, 8>, kSquares> horse{};
    std::array<std::uint8_t, kSquares> horseN{};
    // Horses that attack a square, as (horse square, its leg): the inverse of `horse`, for check tests.
    std::array<std::array<Step, 8>, kSquares> horseFrom{};
    std::array<std::uint8_t, kSquares> horseFromN{};
    std::array<std::array<std::array<Square, 3>, kSquares>, 2> soldier{};
    std::array<std::array<std::uint8_t, kSquares>, 2> soldierN{};
    std::array<std::array<std::array<Square, 9>, 4>, kSquares> ray{};
    std::array<std::array<std::uint8_t, 4>, kSquares> rayN{};
};

constexpr bool onBoard(int f, int r) {
    return f >= 0 && f < 9 && r >= 0 && r < 10;
}
constexpr bool inPalace(int f, int r) {
    return f >= 3 && f <= 5 && ((r >= 0 && r <= 2) || (r >= 7 && r <= 9));
}
constexpr bool redHalf(int r) {
    return r <= 4;
}

constexpr Tables buildTables() {
    Tables t{};
    constexpr int orth[4][2] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}}; // indexed by Dir
    constexpr int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int s = 0; s < kSquares; ++s) {
        const int f = s % 9, r = s / 9;
        if (inPalace(f, r)) {
            for (const auto& d : orth)
                if (inPalace(f + d[0], r + d[1]) && redHalf(r) == redHalf(r + d[1]))
                    t.general[s][t.generalN[s]++] = squareAt(f + d[0], r + d[1]);
            for (const auto& d : diag)
                if (inPalace(f + d[0], r + d[1]) && redHalf(r) == redHalf(r + d[1]))
                    t.advisor[s][t.advisorN[s]++] = squareAt(f + d[0], r + d[1]);
        }
        for (const auto& d : diag) {
            const int tf = f + 2 * d[0], tr = r + 2 * d[1];
            if (onBoard(tf, tr) && redHalf(tr) == redHalf(r)) // elephants never cross the river
                t.elephant[s][t.elephantN[s]++] = {squareAt(tf, tr), squareAt(f + d[0], r + d[1])};
        }
        constexpr int jumps[8][4] = {// file, rank, then the leg's offset
                                     {1, 2, 0, 1}, {-1, 2, 0, 1}, {1, -2, 0, -1}, {-1, -2, 0, -1},
                                     {2, 1, 1, 0}, {2, -1, 1, 0}, {-2, 1, -1, 0}, {-2, -1, -1, 0}};
        for (const auto& j : jumps)
            if (onBoard(f + j[0], r + j[1])) {
                const Square to = squareAt(f + j[0], r + j[1]), leg = squareAt(f + j[2], r + j[3]);
                t.horse[s][t.horseN[s]++] = {to, leg};
                t.horseFrom[to][t.horseFromN[to]++] = {static_cast<Square>(s), leg};
            }
        for (int side = 0; side < 2; ++side) {
            const int forward = side == 0 ? 1 : -1;
            const bool crossed = side == 0 ? r >= 5 : r <= 4;
            if (onBoard(f, r + forward)) t.soldier[side][s][t.soldierN[side][s]++] = squareAt(f, r + forward);
            if (crossed)
                for (int df : {-1, 1})
                    if (onBoard(f + df, r)) t.soldier[side][s][t.soldierN[side][s]++] = squareAt(f + df, r);
        }
        for (int d = 0; d < 4; ++d)
            for (int tf = f + orth[d][0], tr = r + orth[d][1]; onBoard(tf, tr);
                 tf += orth[d][0], tr += orth[d][1])
                t.ray[s][d][t.rayN[s][d]++] = squareAt(tf, tr);
    }
    return t;
}

constexpr Tables kTables = buildTables();

constexpr int sideBit(Side s) {
    return s == Side::Black ? 8 : 0;
}

// Squares a piece of this side may ever stand on; a FEN with a piece elsewhere cannot arise in play.
bool placeable(Piece p, Square s) {
    const int f = fileOf(s), r = rankOf(s);
    const bool red = sideOf(p) == Side::Red;
    const int own = red ? r : 9 - r; // rank counted from the piece's own back rank
    switch (typeOf(p)) {
    case PieceType::General:
        return f >= 3 && f <= 5 && own <= 2;
    case PieceType::Advisor:
        return own <= 2 && ((f == 4 && own == 1) || ((f == 3 || f == 5) && own != 1));
    case PieceType::Elephant:
        return (own == 0 || own == 4) ? (f == 2 || f == 6) : own == 2 && (f == 0 || f == 4 || f == 8);
    case PieceType::Soldier:
        return own >= 5 || (own >= 3 && f % 2 == 0);
    default:
        return true;
    }
}

PieceType typeOfLetter(char c) {
    switch (c | 0x20) {
    case 'k':
        return PieceType::General;
    case 'a':
        return PieceType::Advisor;
    case 'b':
    case 'e':
        return PieceType::Elephant;
    case 'n':
    case 'h':
        return PieceType::Horse;
    case 'r':
        return PieceType::Rook;
    case 'c':
        return PieceType::Cannon;
    case 'p':
        return PieceType::Soldier;
    default:
        return PieceType::None;
    }
}

const char* typeName(PieceType t) {
    static const char* const names[] = {"none",  "general", "advisor", "elephant",
                                        "horse", "rook",    "cannon",  "soldier"};
    return names[static_cast<int>(t)];
}

} // namespace

char fenLetter(Piece p) {
    const char c = "?KABNRCP"[p & 7];
    return sideOf(p) == Side::Black ? static_cast<char>(c | 0x20) : c;
}

Board Board::start() {
    static const Board start = *fromFen(kStartFen);
    return start;
}

std::optional<Board> Board::fromFen(std::string_view text, std::string* error) {
    auto fail = [&](std::string why) -> std::optional<Board> {
        if (error) *error = "bad FEN: " + std::move(why);
        return std::nullopt;
    };
    std::vector<std::string_view> fields;
    for (std::size_t i = 0; i < text.size();) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i > start) fields.push_back(text.substr(start, i - start));
    }
    if (fields.empty()) return fail("empty");
    if (fields.size() > 6) return fail("more than 6 fields");

    Board b;
    std::array<std::array<int, 8>, 2> counts{};
    int rank = 9, file = 0;
    for (char c : fields[0]) {
        if (c == '/') {
            if (file != 9)
                return fail("rank " + std::to_string(rank) + " has " + std::to_string(file) +
                            " files, not 9");
            if (--rank < 0) return fail("more than 10 ranks");
            file = 0;
        } else if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > 9) return fail("rank " + std::to_string(rank) + " is longer than 9 files");
        } else {
            const PieceType t = typeOfLetter(c);
            if (t == PieceType::None) return fail(std::string("unknown piece letter '") + c + "'");
            if (file >= 9) return fail("rank " + std::to_string(rank) + " is longer than 9 files");
            const Side side = (c >= 'a' && c <= 'z') ? Side::Black : Side::Red;
            const Piece p = makePiece(side, t);
            const Square s = squareAt(file, rank);
            if (!placeable(p, s))
                return fail(std::string(side == Side::Red ? "red " : "black ") + typeName(t) + " on " +
                            static_cast<char>('a' + file) + std::to_string(rank) +
                            ", where it can never stand");
            b.squares_[s] = p;
            ++counts[static_cast<int>(side)][static_cast<int>(t)];
            if (t == PieceType::General) b.generals_[static_cast<int>(side)] = s;
            ++file;
        }
    }
    if (rank != 0 || file != 9) return fail("the board needs 10 ranks of 9 files");
    static constexpr int limit[8] = {0, 1, 2, 2, 2, 2, 2, 5};
    for (int side = 0; side < 2; ++side) {
        const char* who = side == 0 ? "red" : "black";
        if (counts[side][1] != 1)
            return fail(std::string(who) + " has " + std::to_string(counts[side][1]) + " generals");
        for (int t = 2; t < 8; ++t)
            if (counts[side][t] > limit[t])
                return fail(std::string(who) + " has " + std::to_string(counts[side][t]) + " " +
                            typeName(static_cast<PieceType>(t)) + "s (at most " + std::to_string(limit[t]) +
                            ")");
    }
    if (fields.size() > 1) {
        const std::string_view s = fields[1];
        if (s == "w" || s == "r" || s == "W" || s == "R")
            b.side_ = Side::Red;
        else if (s == "b" || s == "B")
            b.side_ = Side::Black;
        else
            return fail("side to move must be w, r or b, found '" + std::string(s) + "'");
    }
    auto number = [&](std::size_t i, int& out) {
        if (fields.size() <= i) return true;
        const auto r = std::from_chars(fields[i].data(), fields[i].data() + fields[i].size(), out);
        return r.ec == std::errc() && r.ptr == fields[i].data() + fields[i].size() && out >= 0;
    };
    int half = 0, full = 1;
    if (!number(4, half) || half > 65535) return fail("bad halfmove clock '" + std::string(fields[4]) + "'");
    if (!number(5, full) || full < 1) return fail("bad move number '" + std::string(fields[5]) + "'");
    b.halfmoves_ = static_cast<std::uint16_t>(half);
    b.fullmoves_ = full;
    if (b.inCheck(opponent(b.side_)))
        return fail(
            std::string(b.side_ == Side::Red ? "black is in check with red" : "red is in check with black") +
            " to move (or the generals face each other)");
    return b;
}

std::string Board::fen() const {
    std::string out;
    for (int r = 9; r >= 0; --r) {
        int empty = 0;
        for (int f = 0; f < 9; ++f) {
            const Piece p = squares_[squareAt(f, r)];
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) out += static_cast<char>('0' + empty), empty = 0;
            out += fenLetter(p);
        }
        if (empty) out += static_cast<char>('0' + empty);
        if (r) out += '/';
    }
    out += side_ == Side::Red ? " w - - " : " b - - ";
    out += std::to_string(halfmoves_) + " " + std::to_string(fullmoves_);
    return out;
}

int Board::pseudoMoves(Move* out) const {
    const Tables& T = kTables;
    const int me = sideBit(side_);
    const int sideIndex = static_cast<int>(side_);
    int n = 0;
    for (int s = 0; s < kSquares; ++s) {
        const Piece p = squares_[s];
        if (!p || (p & 8) != me) continue;
        const Square from = static_cast<Square>(s);
        auto add = [&](Square to) {
            const Piece q = squares_[to];
            if (!q || (q & 8) != me) out[n++] = {from, to};
        };
        switch (typeOf(p)) {
        case PieceType::General:
            for (int i = 0; i < T.generalN[s]; ++i) add(T.general[s][i]);
            break;
        case PieceType::Advisor:
            for (int i = 0; i < T.advisorN[s]; ++i) add(T.advisor[s][i]);
            break;
        case PieceType::Elephant:
            for (int i = 0; i < T.elephantN[s]; ++i)
                if (!squares_[T.elephant[s][i].via]) add(T.elephant[s][i].to);
            break;
        case PieceType::Horse:
            for (int i = 0; i < T.horseN[s]; ++i)
                if (!squares_[T.horse[s][i].via]) add(T.horse[s][i].to);
            break;
        case PieceType::Soldier:
            for (int i = 0; i < T.soldierN[sideIndex][s]; ++i) add(T.soldier[sideIndex][s][i]);
            break;
        case PieceType::Rook:
            for (int d = 0; d < 4; ++d)
                for (int i = 0; i < T.rayN[s][d]; ++i) {
                    const Square to = T.ray[s][d][i];
                    if (!squares_[to]) {
                        out[n++] = {from, to};
                        continue;
                    }
                    if ((squares_[to] & 8) != me) out[n++] = {from, to};
                    break;
                }
            break;
        case PieceType::Cannon:
            for (int d = 0; d < 4; ++d) {
                int i = 0;
                const int len = T.rayN[s][d];
                for (; i < len && !squares_[T.ray[s][d][i]]; ++i) out[n++] = {from, T.ray[s][d][i]};
                for (++i; i < len; ++i) { // past the screen: the first piece is the only capture
                    const Piece q = squares_[T.ray[s][d][i]];
                    if (!q) continue;
                    if ((q & 8) != me) out[n++] = {from, T.ray[s][d][i]};
                    break;
                }
            }
            break;
        case PieceType::None:
            break;
        }
    }
    return n;
}

bool Board::inCheck(Side s) const {
    const Tables& T = kTables;
    const Square g = generals_[static_cast<int>(s)];
    if (g == kNoSquare) return false;
    const int enemy = sideBit(opponent(s));
    // An enemy soldier attacks from the square in front of the general (from the general's side) or
    // beside it; beside the general it stands in our palace, so it has crossed the river.
    const int behind = s == Side::Red ? Down : Up;
    for (int d = 0; d < 4; ++d) {
        const auto& ray = T.ray[g][d];
        const int len = T.rayN[g][d];
        int i = 0;
        while (i < len && !squares_[ray[i]]) ++i;
        if (i == len) continue;
        const Piece first = squares_[ray[i]];
        if ((first & 8) == enemy) {
            const PieceType t = typeOf(first);
            if (t == PieceType::Rook || t == PieceType::General) return true; // the general: flying general
            if (t == PieceType::Soldier && i == 0 && d != behind) return true;
        }
        for (++i; i < len; ++i) {
            const Piece q = squares_[ray[i]];
            if (!q) continue;
            if (q == (enemy | static_cast<int>(PieceType::Cannon))) return true;
            break;
        }
    }
    const Piece horse = static_cast<Piece>(enemy | static_cast<int>(PieceType::Horse));
    for (int i = 0; i < T.horseFromN[g]; ++i)
        if (squares_[T.horseFrom[g][i].to] == horse && !squares_[T.horseFrom[g][i].via]) return true;
    return false;
}

Undo Board::make(Move m) {
    const Undo u{squares_[m.to], halfmoves_};
    const Piece p = squares_[m.from];
    squares_[m.to] = p;
    squares_[m.from] = 0;
    if (typeOf(p) == PieceType::General) generals_[static_cast<int>(side_)] = m.to;
    halfmoves_ = u.captured ? 0 : static_cast<std::uint16_t>(halfmoves_ + 1);
    if (side_ == Side::Black) ++fullmoves_;
    side_ = opponent(side_);
    return u;
}

void Board::unmake(Move m, Undo u) {
    side_ = opponent(side_);
    if (side_ == Side::Black) --fullmoves_;
    const Piece p = squares_[m.to];
    squares_[m.from] = p;
    squares_[m.to] = u.captured;
    if (typeOf(p) == PieceType::General) generals_[static_cast<int>(side_)] = m.from;
    halfmoves_ = u.halfmoves;
}

int Board::legalMoves(Move* out) const {
    const int n = pseudoMoves(out);
    // Try each move on a scratch copy: a const board stays untouched and may be shared between threads.
    Board b = *this;
    const Side me = side_;
    const int mine = static_cast<int>(me);
    int kept = 0;
    for (int i = 0; i < n; ++i) {
        const Move m = out[i];
        const Piece p = b.squares_[m.from], captured = b.squares_[m.to];
        b.squares_[m.to] = p;
        b.squares_[m.from] = 0;
        const bool general = typeOf(p) == PieceType::General;
        if (general) b.generals_[mine] = m.to;
        if (!b.inCheck(me)) out[kept++] = m;
        b.squares_[m.from] = p;
        b.squares_[m.to] = captured;
        if (general) b.generals_[mine] = m.from;
    }
    return kept;
}

std::vector<Move> Board::legalMoves() const {
    Move buffer[kMaxMoves];
    const int n = legalMoves(buffer);
    return {buffer, buffer + n};
}

bool Board::isLegal(Move m) const {
    if (m.from >= kSquares || m.to >= kSquares) return false;
    Move buffer[kMaxMoves];
    const int n = legalMoves(buffer);
    for (int i = 0; i < n; ++i)
        if (buffer[i] == m) return true;
    return false;
}

Status Board::status() const {
    Move buffer[kMaxMoves];
    if (legalMoves(buffer)) return Status::Playing;
    return inCheck() ? Status::Checkmate : Status::Stalemate;
}

int Board::count(Side s, PieceType t) const {
    const Piece p = makePiece(s, t);
    int n = 0;
    for (Piece q : squares_) n += q == p;
    return n;
}

std::uint64_t perft(Board& b, int depth) {
    if (depth <= 0) return 1;
    Move moves[kMaxMoves];
    const int n = b.legalMoves(moves);
    if (depth == 1) return static_cast<std::uint64_t>(n);
    std::uint64_t total = 0;
    for (int i = 0; i < n; ++i) {
        const Undo u = b.make(moves[i]);
        total += perft(b, depth - 1);
        b.unmake(moves[i], u);
    }
    return total;
}

} // namespace tw::xq
