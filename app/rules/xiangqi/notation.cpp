#include "xiangqi/notation.h"

#include <algorithm>
#include <array>
#include <vector>

namespace tw::xq {

char32_t nextCodePoint(std::string_view s, std::size_t& pos) {
    const auto c = static_cast<unsigned char>(s[pos]);
    int len = c < 0x80                ? 1
              : c >= 0xc2 && c < 0xe0 ? 2
              : c >= 0xe0 && c < 0xf0 ? 3
              : c >= 0xf0 && c < 0xf5 ? 4
                                      : 0;
    if (!len || pos + len > s.size()) {
        ++pos;
        return 0xfffd;
    }
    char32_t cp = len == 1 ? c : c & (0x7f >> len);
    for (int i = 1; i < len; ++i) {
        const auto d = static_cast<unsigned char>(s[pos + i]);
        if ((d & 0xc0) != 0x80) {
            ++pos;
            return 0xfffd;
        }
        cp = (cp << 6) | (d & 0x3f);
    }
    pos += len;
    return cp;
}

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xc0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xe0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (c & 0x3f));
    } else {
        out += static_cast<char>(0xf0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3f));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3f));
        out += static_cast<char>(0x80 | (c & 0x3f));
    }
}

namespace {

std::string squareName(Square s) {
    return {static_cast<char>('a' + fileOf(s)), static_cast<char>('0' + rankOf(s))};
}

// Files 1-9 counted from the mover's right; "forward" is toward the opponent.
int sideFile(Side s, Square sq) {
    return s == Side::Red ? 9 - fileOf(sq) : fileOf(sq) + 1;
}
int advance(Side s, Square sq) {
    return s == Side::Red ? rankOf(sq) : 9 - rankOf(sq);
}
bool movesDiagonally(PieceType t) {
    return t == PieceType::Horse || t == PieceType::Advisor || t == PieceType::Elephant;
}
// Pieces written with 前/中/后 when they share a file; advisors and elephants on one file are told
// apart by the direction alone, and there is one general.
bool takesPosition(PieceType t) {
    return t == PieceType::Horse || t == PieceType::Rook || t == PieceType::Cannon || t == PieceType::Soldier;
}

// Direction '+', '-' or '.' and the number that ends every notation of m.
std::pair<char, int> motion(Side s, PieceType t, Move m) {
    const int fwd = advance(s, m.to) - advance(s, m.from);
    if (movesDiagonally(t)) return {fwd > 0 ? '+' : '-', sideFile(s, m.to)};
    if (fwd == 0) return {'.', sideFile(s, m.to)};
    return {fwd > 0 ? '+' : '-', fwd > 0 ? fwd : -fwd};
}

// xqbase's order of the mover's pieces of one type that share a file with another: files from the
// mover's right, front to rear on each. Position words index this list.
struct Tandem {
    std::array<Square, 5> squares{};
    int n = 0;
    int indexOf(Square s) const {
        for (int i = 0; i < n; ++i)
            if (squares[i] == s) return i;
        return -1;
    }
};

Tandem tandem(const Board& b, Side side, PieceType t) {
    const Piece p = makePiece(side, t);
    int perFile[9] = {};
    for (int s = 0; s < kSquares; ++s)
        perFile[fileOf(static_cast<Square>(s))] += b.at(static_cast<Square>(s)) == p;
    Tandem out;
    for (int s = 0; s < kSquares && out.n < 5; ++s)
        if (b.at(static_cast<Square>(s)) == p && perFile[fileOf(static_cast<Square>(s))] > 1)
            out.squares[out.n++] = static_cast<Square>(s);
    std::sort(out.squares.begin(), out.squares.begin() + out.n, [&](Square x, Square y) {
        if (sideFile(side, x) != sideFile(side, y)) return sideFile(side, x) < sideFile(side, y);
        return advance(side, x) > advance(side, y);
    });
    return out;
}

// ---- characters ----

enum class Word : std::uint8_t { Piece, Direction, Position, Digit };
enum Position : std::uint8_t { NoPosition, Front, Middle, Rear, Index };

struct CharMeaning {
    char32_t cp;
    Word word;
    int value; // piece type, direction char, Position, or digit 1-9
};

const CharMeaning kChars[] = {
    {U'帅', Word::Piece, 1},         {U'帥', Word::Piece, 1},       {U'将', Word::Piece, 1},
    {U'將', Word::Piece, 1},         {U'仕', Word::Piece, 2},       {U'士', Word::Piece, 2},
    {U'相', Word::Piece, 3},         {U'象', Word::Piece, 3},       {U'马', Word::Piece, 4},
    {U'馬', Word::Piece, 4},         {U'傌', Word::Piece, 4},       {U'车', Word::Piece, 5},
    {U'車', Word::Piece, 5},         {U'俥', Word::Piece, 5},       {U'炮', Word::Piece, 6},
    {U'砲', Word::Piece, 6},         {U'包', Word::Piece, 6},       {U'兵', Word::Piece, 7},
    {U'卒', Word::Piece, 7},         {U'进', Word::Direction, '+'}, {U'進', Word::Direction, '+'},
    {U'退', Word::Direction, '-'},   {U'平', Word::Direction, '.'}, {U'前', Word::Position, Front},
    {U'中', Word::Position, Middle}, {U'后', Word::Position, Rear}, {U'後', Word::Position, Rear},
    {U'一', Word::Digit, 1},         {U'二', Word::Digit, 2},       {U'三', Word::Digit, 3},
    {U'四', Word::Digit, 4},         {U'五', Word::Digit, 5},       {U'六', Word::Digit, 6},
    {U'七', Word::Digit, 7},         {U'八', Word::Digit, 8},       {U'九', Word::Digit, 9},
};

std::optional<CharMeaning> meaningOf(char32_t c) {
    if (c >= U'1' && c <= U'9') return CharMeaning{c, Word::Digit, static_cast<int>(c - U'0')};
    if (c >= U'１' && c <= U'９') return CharMeaning{c, Word::Digit, static_cast<int>(c - U'０')};
    for (const CharMeaning& m : kChars)
        if (m.cp == c) return m;
    return std::nullopt;
}

// Indexed [script][side][piece type].
const char* const kPieceWords[2][2][8] = {
    {{"", "帅", "仕", "相", "马", "车", "炮", "兵"}, {"", "将", "士", "象", "马", "车", "炮", "卒"}},
    {{"", "帥", "仕", "相", "馬", "車", "炮", "兵"}, {"", "將", "士", "象", "馬", "車", "炮", "卒"}},
};
const char* const kRedDigits[10] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
const char* const kBlackDigits[10] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
const char* const kPositionWords[2][3] = {{"前", "中", "后"}, {"前", "中", "後"}};
const char* const kDirectionWords[2][3] = {{"进", "平", "退"}, {"進", "平", "退"}}; // + . -

const char kWxfLetters[] = "?KAEHRCP";
const char* const kTypeNames[8] = {"",      "general", "advisor", "elephant",
                                   "horse", "rook",    "cannon",  "soldier"};

PieceType typeOfWxf(char c) {
    switch (c) {
    case 'K':
    case 'k':
        return PieceType::General;
    case 'A':
    case 'a':
        return PieceType::Advisor;
    case 'E':
    case 'e':
    case 'B':
    case 'b':
        return PieceType::Elephant;
    case 'H':
    case 'h':
    case 'N':
    case 'n':
        return PieceType::Horse;
    case 'R':
    case 'r':
        return PieceType::Rook;
    case 'C':
    case 'c':
        return PieceType::Cannon;
    case 'P':
    case 'p':
        return PieceType::Soldier;
    default:
        return PieceType::None;
    }
}

// ---- reading: a description of the move, then the legal moves that fit it ----

struct Description {
    PieceType type = PieceType::None;
    int file = 0; // 1-9 from the mover's right, 0 when not given
    Position position = NoPosition;
    int index = 0; // 0-4 for Position::Index
    char direction = 0;
    int number = 0;
};

bool fits(const Board& b, Move m, const Description& d) {
    const Side side = b.toMove();
    const Piece p = b.at(m.from);
    if (typeOf(p) != d.type) return false;
    if (d.file && sideFile(side, m.from) != d.file) return false;
    if (d.position == Index) {
        if (tandem(b, side, d.type).indexOf(m.from) != d.index) return false;
    } else if (d.position != NoPosition) {
        // Front, middle and rear are read on the piece's own file, so "前兵" also names the front
        // soldier of one of two crowded files (and several fits make the move ambiguous).
        int ahead = 0, behind = 0;
        for (int r = 0; r < 10; ++r) {
            const Square s = squareAt(fileOf(m.from), r);
            if (s == m.from || b.at(s) != p) continue;
            (advance(side, s) > advance(side, m.from) ? ahead : behind)++;
        }
        if (ahead + behind == 0) return false;
        if (d.position == Front && ahead != 0) return false;
        if (d.position == Rear && behind != 0) return false;
        if (d.position == Middle && (ahead != 1 || behind != 1)) return false;
    }
    const auto [direction, number] = motion(side, d.type, m);
    return direction == d.direction && number == d.number;
}

std::optional<Move> resolve(const Board& b, const Description& d, std::string_view text, std::string* error) {
    Move moves[kMaxMoves];
    const int n = b.legalMoves(moves);
    std::vector<Move> found;
    for (int i = 0; i < n; ++i)
        if (fits(b, moves[i], d)) found.push_back(moves[i]);
    if (found.size() == 1) return found.front();
    if (error) {
        if (found.empty()) {
            // A move that fits but breaks the general's safety deserves its own reason.
            const int pn = b.pseudoMoves(moves);
            std::vector<Move> pseudo;
            for (int i = 0; i < pn; ++i)
                if (fits(b, moves[i], d)) pseudo.push_back(moves[i]);
            if (pseudo.size() == 1)
                *error = "'" + std::string(text) + "' (" + iccs(pseudo.front()) + ") " +
                         whyIllegal(b, pseudo.front());
            else
                *error = "no legal move matches '" + std::string(text) + "'";
        } else {
            *error = "'" + std::string(text) + "' is ambiguous:";
            for (const Move& m : found) *error += " " + iccs(m);
        }
    }
    return std::nullopt;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool isIccsShape(std::string_view t) {
    auto fileOk = [](char c) { return (c >= 'a' && c <= 'i') || (c >= 'A' && c <= 'I'); };
    auto rankOk = [](char c) { return c >= '0' && c <= '9'; };
    if (t.size() == 5 && t[2] == '-') return fileOk(t[0]) && rankOk(t[1]) && fileOk(t[3]) && rankOk(t[4]);
    return t.size() == 4 && fileOk(t[0]) && rankOk(t[1]) && fileOk(t[2]) && rankOk(t[3]);
}

} // namespace

std::string iccs(Move m) {
    return squareName(m.from) + squareName(m.to);
}

std::optional<Move> parseIccs(std::string_view t) {
    t = trim(t);
    if (!isIccsShape(t)) return std::nullopt;
    auto square = [](char f, char r) { return squareAt((f | 0x20) - 'a', r - '0'); };
    const std::size_t second = t.size() == 5 ? 3 : 2;
    return Move{square(t[0], t[1]), square(t[second], t[second + 1])};
}

std::string uci(Move m) {
    auto name = [](Square s) { return static_cast<char>('a' + fileOf(s)) + std::to_string(rankOf(s) + 1); };
    return name(m.from) + name(m.to);
}

std::optional<Move> parseUci(std::string_view t) {
    t = trim(t);
    std::size_t i = 0;
    auto square = [&](Square& out) {
        if (i >= t.size() || t[i] < 'a' || t[i] > 'i') return false;
        const int f = t[i++] - 'a';
        int r = 0, digits = 0;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9' && digits < 2)
            r = r * 10 + (t[i++] - '0'), ++digits;
        if (!digits || r < 1 || r > 10) return false;
        out = squareAt(f, r - 1);
        return true;
    };
    Move m;
    if (!square(m.from) || !square(m.to) || i != t.size()) return std::nullopt;
    return m;
}

std::string whyIllegal(const Board& b, Move m) {
    if (m.from >= kSquares || m.to >= kSquares) return "names a square off the board";
    const Piece p = b.at(m.from);
    const char* mover = b.toMove() == Side::Red ? "red" : "black";
    if (!p) return "moves from " + squareName(m.from) + ", which is empty";
    if (sideOf(p) != b.toMove())
        return "moves the piece on " + squareName(m.from) + ", which is not " + mover + "'s (" + mover +
               " to move)";
    Move moves[kMaxMoves];
    const int n = b.pseudoMoves(moves);
    if (std::find(moves, moves + n, m) == moves + n)
        return std::string("is not a move of ") + mover + "'s " + kTypeNames[static_cast<int>(typeOf(p))] +
               " on " + squareName(m.from);
    Board after = b;
    after.make(m);
    const Square g = after.general(b.toMove()), o = after.general(opponent(b.toMove()));
    bool facing = fileOf(g) == fileOf(o);
    for (int r = std::min(rankOf(g), rankOf(o)) + 1; facing && r < std::max(rankOf(g), rankOf(o)); ++r)
        facing = !after.at(squareAt(fileOf(g), r));
    if (facing) return "leaves the generals facing each other on an open file";
    if (after.inCheck(b.toMove())) return std::string("leaves ") + mover + "'s general in check";
    return "is legal";
}

std::string chinese(const Board& b, Move m, Script script) {
    const int sc = static_cast<int>(script);
    const Side side = b.toMove();
    const int sd = static_cast<int>(side);
    const PieceType t = typeOf(b.at(m.from));
    const char* const* digits = side == Side::Red ? kRedDigits : kBlackDigits;
    std::string out;
    const Tandem tan = takesPosition(t) ? tandem(b, side, t) : Tandem{};
    const int i = tan.indexOf(m.from);
    if (i >= 0) {
        if (tan.n == 2)
            out += kPositionWords[sc][i == 0 ? 0 : 2];
        else if (tan.n == 3)
            out += kPositionWords[sc][i];
        else
            out += kRedDigits[i + 1]; // 一..五 for both sides, as xqbase writes them
        out += kPieceWords[sc][sd][static_cast<int>(t)];
    } else {
        out += kPieceWords[sc][sd][static_cast<int>(t)];
        out += digits[sideFile(side, m.from)];
    }
    const auto [direction, number] = motion(side, t, m);
    out += kDirectionWords[sc][direction == '+' ? 0 : direction == '.' ? 1 : 2];
    out += digits[number];
    return out;
}

std::string wxf(const Board& b, Move m) {
    const Side side = b.toMove();
    const PieceType t = typeOf(b.at(m.from));
    const char letter = kWxfLetters[static_cast<int>(t)];
    std::string out;
    const Tandem tan = takesPosition(t) ? tandem(b, side, t) : Tandem{};
    const int i = tan.indexOf(m.from);
    if (i >= 0 && tan.n <= 3) {
        out += tan.n == 2 ? (i == 0 ? '+' : '-') : "+.-"[i];
        out += letter;
    } else if (i >= 0) {
        out += letter;
        out += static_cast<char>('a' + i);
    } else {
        out += letter;
        out += static_cast<char>('0' + sideFile(side, m.from));
    }
    const auto [direction, number] = motion(side, t, m);
    out += direction;
    out += static_cast<char>('0' + number);
    return out;
}

std::optional<Move> parseChinese(const Board& b, std::string_view text, std::string* error) {
    text = trim(text);
    auto unreadable = [&]() -> std::optional<Move> {
        if (error) *error = "unreadable move '" + std::string(text) + "'";
        return std::nullopt;
    };
    std::vector<CharMeaning> w;
    for (std::size_t pos = 0; pos < text.size();) {
        const auto m = meaningOf(nextCodePoint(text, pos));
        if (!m || w.size() == 4) return unreadable();
        w.push_back(*m);
    }
    if (w.size() != 4 || w[2].word != Word::Direction || w[3].word != Word::Digit) return unreadable();
    Description d;
    d.direction = static_cast<char>(w[2].value);
    d.number = w[3].value;
    if (w[0].word == Word::Piece) { // 炮二平五; also 马前进三
        d.type = static_cast<PieceType>(w[0].value);
        if (w[1].word == Word::Digit)
            d.file = w[1].value;
        else if (w[1].word == Word::Position)
            d.position = static_cast<Position>(w[1].value);
        else
            return unreadable();
    } else if (w[0].word == Word::Position && w[1].word == Word::Piece) { // 前马进三
        d.position = static_cast<Position>(w[0].value);
        d.type = static_cast<PieceType>(w[1].value);
    } else if (w[0].word == Word::Position && w[1].word == Word::Digit) { // 前三进一: a soldier on file 三
        d.position = static_cast<Position>(w[0].value);
        d.type = PieceType::Soldier;
        d.file = w[1].value;
    } else if (w[0].word == Word::Digit && w[0].value <= 5 && w[1].word == Word::Piece) { // 二兵平三
        d.position = Index;
        d.index = w[0].value - 1;
        d.type = static_cast<PieceType>(w[1].value);
    } else {
        return unreadable();
    }
    return resolve(b, d, text, error);
}

std::optional<Move> parseWxf(const Board& b, std::string_view text, std::string* error) {
    text = trim(text);
    auto unreadable = [&]() -> std::optional<Move> {
        if (error) *error = "unreadable move '" + std::string(text) + "'";
        return std::nullopt;
    };
    if (text.size() != 4) return unreadable();
    const char c0 = text[0], c1 = text[1], c2 = text[2], c3 = text[3];
    auto marker = [](char c) { return c == '+' ? Front : c == '.' ? Middle : c == '-' ? Rear : NoPosition; };
    Description d;
    if (marker(c0) != NoPosition && typeOfWxf(c1) != PieceType::None) { // +C-2
        d.position = marker(c0);
        d.type = typeOfWxf(c1);
    } else if (typeOfWxf(c0) != PieceType::None && c1 >= '1' && c1 <= '9') { // C2.5
        d.type = typeOfWxf(c0);
        d.file = c1 - '0';
    } else if (typeOfWxf(c0) != PieceType::None && marker(c1) != NoPosition) { // C+.5
        d.type = typeOfWxf(c0);
        d.position = marker(c1);
    } else if (typeOfWxf(c0) != PieceType::None && c1 >= 'a' && c1 <= 'e') { // Pa+1
        d.type = typeOfWxf(c0);
        d.position = Index;
        d.index = c1 - 'a';
    } else if (c0 >= 'a' && c0 <= 'e' && c1 >= 'A' && c1 <= 'Z' && typeOfWxf(c1) != PieceType::None) { // aP+1
        d.type = typeOfWxf(c1);
        d.position = Index;
        d.index = c0 - 'a';
    } else {
        return unreadable();
    }
    if (c2 == '+' || c2 == '-' || c2 == '.')
        d.direction = c2;
    else if (c2 == '=')
        d.direction = '.';
    else
        return unreadable();
    if (c3 < '1' || c3 > '9') return unreadable();
    d.number = c3 - '0';
    return resolve(b, d, text, error);
}

std::optional<Move> parseMove(const Board& b, std::string_view text, std::string* error, Notation* notation) {
    text = trim(text);
    if (text.empty()) {
        if (error) *error = "empty move";
        return std::nullopt;
    }
    if (static_cast<unsigned char>(text[0]) >= 0x80) {
        if (notation) *notation = Notation::Chinese;
        return parseChinese(b, text, error);
    }
    if (const auto m = parseIccs(text)) {
        if (notation) *notation = Notation::Iccs;
        if (b.isLegal(*m)) return m;
        if (error) *error = "'" + std::string(text) + "' " + whyIllegal(b, *m);
        return std::nullopt;
    }
    if (notation) *notation = Notation::Wxf;
    return parseWxf(b, text, error);
}

} // namespace tw::xq
