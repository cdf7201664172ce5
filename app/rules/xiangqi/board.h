// Xiangqi positions (SPEC §5.4): the 9×10 board, FEN, legal moves with make/unmake, check, mate and perft.
//
// Squares are numbered rank·9 + file with ICCS coordinates: file 0-8 is a-i from Red's left, rank 0-9
// from Red's side, so Red's general starts on e0 = 4 and Black's on e9 = 85. Every move table is computed
// at compile time; a move is legal when the mover's general is not attacked afterwards, where facing the
// other general on an open file counts as an attack (the flying-general rule). Perpetual check and chasing
// are not judged. Xiangqi has no stalemate draw: a side with no legal move has lost, in check or not.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tw::xq {

using Square = std::uint8_t;
inline constexpr int kSquares = 90;
inline constexpr Square kNoSquare = 0xff;

constexpr int fileOf(Square s) {
    return s % 9;
}
constexpr int rankOf(Square s) {
    return s / 9;
}
constexpr Square squareAt(int file, int rank) {
    return static_cast<Square>(rank * 9 + file);
}

enum class Side : std::uint8_t { Red = 0, Black = 1 };
constexpr Side opponent(Side s) {
    return s == Side::Red ? Side::Black : Side::Red;
}

enum class PieceType : std::uint8_t { None, General, Advisor, Elephant, Horse, Rook, Cannon, Soldier };

// A piece is its type in the low three bits with bit 3 set for Black; 0 is an empty square.
using Piece = std::uint8_t;
constexpr Piece makePiece(Side s, PieceType t) {
    return static_cast<Piece>(static_cast<int>(t) | (s == Side::Black ? 8 : 0));
}
constexpr PieceType typeOf(Piece p) {
    return static_cast<PieceType>(p & 7);
}
constexpr Side sideOf(Piece p) {
    return (p & 8) ? Side::Black : Side::Red;
}

// FEN letters: K A B N R C P (Red upper case, Black lower case).
char fenLetter(Piece p);

struct Move {
    Square from = kNoSquare, to = kNoSquare;
    constexpr bool operator==(const Move&) const = default;
};

// Enough for any position: 2 rooks and 2 cannons reach at most 17 squares each, 2 horses 8, 5 soldiers 3,
// the general 4, advisors and elephants 4 each: 119 pseudo-legal moves.
inline constexpr int kMaxMoves = 128;

// What make() returns for unmake(): the captured piece (0 if none) and the clock before the move.
struct Undo {
    Piece captured = 0;
    std::uint16_t halfmoves = 0;
};

enum class Status : std::uint8_t { Playing, Checkmate, Stalemate };

inline constexpr const char* kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

class Board {
  public:
    static Board start();
    // Reads "board side [- - halfmoves fullmoves]"; the side may be w, r (Red, as some tools write) or b.
    // Rejects malformed text and positions that cannot arise: a count above the set's (2 advisors, ...),
    // a missing or extra general, a general, advisor, elephant or soldier on a square it can never reach,
    // or the side that just moved left in check (generals facing included).
    static std::optional<Board> fromFen(std::string_view fen, std::string* error = nullptr);
    std::string fen() const; // side written as w or b

    Piece at(Square s) const { return squares_[s]; }
    Side toMove() const { return side_; }
    Square general(Side s) const { return generals_[static_cast<int>(s)]; }
    int fullmoves() const { return fullmoves_; }
    int halfmoves() const { return halfmoves_; } // plies since the last capture

    // Moves that obey the pieces' rules, ignoring the mover's own general's safety. Returns the count.
    int pseudoMoves(Move* out) const;
    int legalMoves(Move* out) const; // out: room for kMaxMoves
    std::vector<Move> legalMoves() const;
    bool isLegal(Move m) const;

    Undo make(Move m); // m must be pseudo-legal
    void unmake(Move m, Undo u);

    // Whether side s's general is attacked (or faces the other general on an open file).
    bool inCheck(Side s) const;
    bool inCheck() const { return inCheck(side_); }
    Status status() const;

    int count(Side s, PieceType t) const;

    bool operator==(const Board&) const = default;

  private:
    std::array<Piece, kSquares> squares_{};
    std::array<Square, 2> generals_{kNoSquare, kNoSquare};
    Side side_ = Side::Red;
    std::uint16_t halfmoves_ = 0;
    int fullmoves_ = 1;
};

// Leaf nodes of the legal move tree `depth` plies deep (the engine's `go perft`).
std::uint64_t perft(Board& board, int depth);

} // namespace tw::xq
