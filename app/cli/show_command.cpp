// tilewatch-cli show GAME --db PATH: a stored game as readable text: a mahjong hand's replay, one line per
// op, or a xiangqi game's moves, one line per ply.
#include <QString>

#include <cstdio>
#include <string>

#include "commands.h"
#include "database.h"
#include "mahjong_store.h"
#include "options.h"
#include "replay.h"
#include "xiangqi/notation.h"
#include "xiangqi_store.h"

namespace tw::cli {

namespace {

const char* kShowHelp =
    "usage: tilewatch-cli show GAME --db PATH [--hands] [--traditional]\n\n"
    "Prints a stored game. A mahjong hand: its replay, one line per op with its position, seat, action\n"
    "and tile, then the result; --hands adds the four hands after every op. A xiangqi game: its players\n"
    "and start position, one line per ply with the side, the ICCS move and the Chinese notation\n"
    "(--traditional: in traditional characters), then the result.\n";

// A xiangqi game, one line per ply: "  12  black  h9g7  马８进７". The stored moves were checked on import;
// a move that is not legal here (a database edited behind the program's back) is named and ends the list.
int showXiangqi(const xq::Game& g, bool traditional) {
    std::printf("game %s  xiangqi", visibleText(g.id).c_str());
    if (!g.startedAt.empty()) std::printf("  %s", visibleText(g.startedAt).c_str());
    std::printf("\n  red:   %s\n  black: %s\n", visibleText(g.red).c_str(), visibleText(g.black).c_str());
    std::string why;
    auto board = xq::startBoard(g, &why);
    if (!board)
        return std::printf("start position %s: %s\n", visibleText(g.fen).c_str(), visibleText(why).c_str()),
               1;
    std::printf("  start: %s\n", g.fen.empty() ? "the standard position" : visibleText(g.fen).c_str());
    const xq::Script script = traditional ? xq::Script::Traditional : xq::Script::Simplified;
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const xq::Move m = g.moves[i];
        const bool red = board->toMove() == xq::Side::Red;
        if (!board->isLegal(m))
            return std::printf("%4zu  %-5s  %s  error: %s\n", i + 1, red ? "red" : "black",
                               xq::iccs(m).c_str(), xq::whyIllegal(*board, m).c_str()),
                   1;
        std::printf("%4zu  %-5s  %s  %s\n", i + 1, red ? "red" : "black", xq::iccs(m).c_str(),
                    xq::chinese(*board, m, script).c_str());
        board->make(m);
    }
    const xq::Status status = board->status();
    if (status != xq::Status::Playing)
        std::printf("%s has no legal move (%s)\n", board->toMove() == xq::Side::Red ? "red" : "black",
                    status == xq::Status::Checkmate ? "checkmate" : "stalemate");
    switch (g.result) {
    case xq::Result::RedWins:
        std::printf("result: 1-0 (red wins)\n");
        break;
    case xq::Result::BlackWins:
        std::printf("result: 0-1 (black wins)\n");
        break;
    case xq::Result::Draw:
        std::printf("result: 1/2-1/2 (draw)\n");
        break;
    case xq::Result::Unknown:
        std::printf("result: not recorded\n");
        break;
    }
    for (const PlayerReport& r : g.reports)
        std::printf("report: %s accuses %s: %s\n", visibleText(r.reporter).c_str(),
                    visibleText(r.accused).c_str(), visibleText(r.reason).c_str());
    return 0;
}

// Riichi: "5p#1 (red)" for a red five.
std::string copyText(const TileCopy& c, bool redFives) {
    const bool red = redFives && c.index == 1 && (c.kind == 4 || c.kind == 13 || c.kind == 22);
    return copyName(c) + (red ? " (red)" : "");
}

const char* windName(int w) {
    return w == 0 ? "East" : w == 1 ? "South" : w == 2 ? "West" : "North";
}

std::string opText(const Op& op, bool redFives) {
    std::string t = opName(op.code);
    switch (op.code) {
    case OpCode::Riichi:
        return t;
    case OpCode::AbortiveDraw:
        return t + ": " + abortiveName(static_cast<AbortiveKind>(op.number));
    case OpCode::DoraIndicator:
    case OpCode::UraIndicator:
        return t + " " + copyText(op.copy(0), redFives) + " (dora " + kindName(hunOf(op.kind())) + ")";
    case OpCode::Lack:
        return t + " " + std::string(1, "mps"[op.type - 1]);
    case OpCode::Pass:
    case OpCode::PassRobKong:
    case OpCode::ExhaustiveDraw:
        return t;
    case OpCode::Chow:
        return t + " " + std::to_string(op.number) + std::to_string(op.number + 1) +
               std::to_string(op.number + 2) + suitLetter(suitOf(op.kind()));
    default:
        return t + " " + copyText(op.copy(0), redFives);
    }
}

std::string handText(const SeatState& s) {
    std::string out = formatTiles(s.hand.counts);
    for (int m = 0; m < s.hand.meldCount; ++m) {
        const Meld& meld = s.hand.melds[m];
        Counts c{};
        if (meld.type == MeldType::Chow)
            c[meld.kind] = c[meld.kind + 1] = c[meld.kind + 2] = 1;
        else
            c[meld.kind] = meld.isKong() ? 4 : 3;
        out += " [" + formatTiles(c) + "]";
    }
    return out;
}

} // namespace

int runShow(int argc, char** argv) {
    QString db;
    bool hands = false, traditional = false;
    const std::vector<Option> table{
        text({"--db"}, &db),
        flag({"--hands"}, &hands),
        flag({"--traditional"}, &traditional),
    };
    std::vector<std::string> ids;
    if (const auto stop = parseOptions("show", kShowHelp, table, argc, argv, &ids)) return *stop;
    if (ids.size() > 1) return usageError("show", "one game at a time; extra argument " + inQuotes(ids[1]));
    if (ids.empty() || db.isEmpty()) return usageError("show", "needs GAME and --db PATH");
    const std::string id = ids.front();
    store::Database database;
    QString error;
    if (!database.open(db, &error))
        return std::fprintf(stderr, "tilewatch-cli show: %s\n", terminalText(error).c_str()), 2;
    if (store::GameStore(database).kindOf(id, &error) == GameKind::Xiangqi) {
        const auto game = store::XiangqiStore(database).game(id, &error);
        if (!game) return std::fprintf(stderr, "tilewatch-cli show: %s\n", terminalText(error).c_str()), 1;
        return showXiangqi(*game, traditional);
    }
    store::MahjongStore games(database);
    auto stored = games.game(id, &error);
    if (!stored) {
        std::fprintf(stderr, "tilewatch-cli show: %s\n",
                     error.isEmpty() ? visibleText("no game " + id).c_str() : terminalText(error).c_str());
        return 1;
    }
    const GameRecord& g = stored->record;
    std::printf("game %s  %s  dealer seat %d", visibleText(g.id).c_str(), rulesetName(g.ruleset), g.dealer);
    if (!g.match.empty()) std::printf("  match %s", visibleText(g.match).c_str());
    if (!g.startedAt.empty()) std::printf("  %s", visibleText(g.startedAt).c_str());
    std::printf("\n");
    const Ruleset& rules = rulesetFor(g.ruleset);
    if (rules.carriesScores())
        std::printf("%s %d, %d honba, %d riichi sticks on the table%s\n", windName(g.start.round / 4 % 4),
                    g.start.round % 4 + 1, g.start.honba, g.start.sticks,
                    g.start.redFives ? ", red fives" : "");
    for (int s = 0; s < rules.seats(); ++s) {
        std::printf("  seat %d: %s", s + 1, visibleText(g.seats[s]).c_str());
        if (rules.carriesScores())
            std::printf("  %s, %ld points", windName((s + 1 - g.dealer + rules.seats()) % rules.seats()),
                        g.start.scores[s]);
        std::printf("\n");
    }
    Replay replay(g);
    for (int i = 0; i < replay.size(); ++i) {
        const Op& op = replay.op(i);
        const bool ok = replay.step();
        std::printf("%4d  %-7s %-22s wall %3d\n", i,
                    op.seat ? ("seat " + std::to_string(op.seat)).c_str() : "table",
                    opText(op, g.start.redFives).c_str(), replay.state().wall);
        if (!ok) {
            std::printf("      error: %s\n",
                        replay.error() ? visibleText(replay.error()->reason).c_str() : "?");
            return 1;
        }
        if (hands)
            for (int s = 1; s <= rules.seats(); ++s)
                std::printf("          seat %d  %s\n", s, handText(replay.state().seat(s)).c_str());
    }
    const GameSummary sum = summarize(replay);
    if (!sum.finished)
        std::printf("unfinished record\n");
    else if (sum.exhaustive)
        std::printf("exhaustive draw (流局)\n");
    else if (replay.state().abortiveEnd)
        std::printf("abortive draw (途中流局): %s\n", abortiveName(replay.state().abortive));
    for (const WinEvent& w : replay.state().wins) {
        if (rules.scoresYaku()) {
            std::printf("seat %d wins %s: %s\n", w.seat,
                        w.payer ? ("on seat " + std::to_string(w.payer) + "'s tile").c_str() : "by self-draw",
                        riichi::describe(w.riichiScore).c_str());
            continue;
        }
        std::printf("seat %d wins %s, %d fan:", w.seat,
                    w.payer ? ("on seat " + std::to_string(w.payer) + "'s tile").c_str() : "by self-draw",
                    w.score.fan);
        for (const auto& p : w.score.patterns) std::printf(" %s", p.c_str());
        std::printf("\n");
    }
    std::printf("points:");
    for (int s = 0; s < rules.seats(); ++s) std::printf(" seat %d %+ld", s + 1, sum.points[s]);
    std::printf("\n");
    if (rules.carriesScores() && sum.finished) {
        std::printf("scores after the hand:");
        for (int s = 0; s < rules.seats(); ++s)
            std::printf(" seat %d %ld", s + 1, g.start.scores[s] + sum.points[s]);
        std::printf("\n");
    }
    if (sum.nextDealer) std::printf("next dealer: seat %d\n", sum.nextDealer);
    for (const auto& w : sum.warnings) std::printf("warning: %s\n", w.c_str());
    return 0;
}

} // namespace tw::cli
