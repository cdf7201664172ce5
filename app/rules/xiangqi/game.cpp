#include "xiangqi/game.h"

#include "text_limits.h"

#include "xiangqi/notation.h"

namespace tw::xq {

const char* resultText(Result r) {
    switch (r) {
    case Result::RedWins:
        return "1-0";
    case Result::BlackWins:
        return "0-1";
    case Result::Draw:
        return "1/2-1/2";
    case Result::Unknown:
        break;
    }
    return "";
}

std::optional<Result> parseResult(std::string_view t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    if (t == "1-0" || t == "红胜" || t == "紅勝" || t == "红方胜" || t == "紅方勝") return Result::RedWins;
    if (t == "0-1" || t == "黑胜" || t == "黑勝" || t == "黑方胜" || t == "黑方勝") return Result::BlackWins;
    if (t == "1/2-1/2" || t == "½-½" || t == "和" || t == "和棋" || t == "和局") return Result::Draw;
    if (t == "*" || t.empty()) return Result::Unknown;
    return std::nullopt;
}

std::optional<Board> startBoard(const Game& g, std::string* error) {
    return g.fen.empty() ? std::optional<Board>(Board::start()) : Board::fromFen(g.fen, error);
}

std::string playersProblem(const Game& g) {
    if (g.red.empty() || g.red == "?") return "no Red player named";
    if (g.black.empty() || g.black == "?") return "no Black player named";
    if (g.red == g.black) return "player " + limits::shortText(g.red) + " plays both red and black";
    return {};
}

std::string textProblem(const Game& g) {
    GameRecord r; // the fields a mahjong record shares, checked alike
    r.id = g.id;
    r.seats = {g.red, g.black, {}, {}};
    r.startedAt = g.startedAt;
    r.reports = g.reports;
    std::string why = limits::textProblem("the game id", g.id, limits::kIdBytes);
    if (why.empty()) why = limits::textProblem("the Red player's name", g.red, limits::kNameBytes);
    if (why.empty()) why = limits::textProblem("the Black player's name", g.black, limits::kNameBytes);
    if (why.empty()) why = limits::textProblem("the start position (FEN)", g.fen, limits::kFenBytes);
    return why.empty() ? limits::recordTextProblem(r) : why;
}

std::string Rejection::message() const {
    std::string out = file.empty() ? "line " + std::to_string(line) : file + ":" + std::to_string(line);
    if (game) out += ", game " + std::to_string(game);
    if (!gameId.empty()) out += " (id " + limits::shortText(gameId) + ")";
    if (ply) out += ", ply " + std::to_string(ply);
    return out + ": " + reason;
}

std::optional<MoveFailure> playMoves(Board b, const std::vector<std::string>& texts, std::vector<Move>& out) {
    std::string why;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        const auto m = parseMove(b, texts[i], &why);
        if (!m) return MoveFailure{static_cast<int>(i) + 1, why};
        out.push_back(*m);
        b.make(*m);
    }
    return std::nullopt;
}

} // namespace tw::xq
