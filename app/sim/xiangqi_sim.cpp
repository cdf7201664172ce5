#include "xiangqi_sim.h"

#include <QThread>

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>

#include "simulator.h"
#include "xiangqi/notation.h"

namespace tw::sim {

namespace {

using Rng = std::mt19937_64;

// Uniform in [0, 1) from the generator's bits alone, so that the games do not depend on the standard
// library's distributions.
double uniform(Rng& rng) {
    return double(rng() >> 11) * 0x1.0p-53;
}

Rng streamOf(std::uint64_t seed, std::uint64_t game, std::uint64_t stream) {
    std::seed_seq seq{std::uint32_t(seed), std::uint32_t(seed >> 32), std::uint32_t(game),
                      std::uint32_t(stream)};
    return Rng(seq);
}

struct Pairing {
    int red = 0, black = 0;
    bool redAssisted = false, blackAssisted = false; // may use the engine in this game
};

// Who uses the engine on a move: the assisted players on a share of their moves, the late-onset players
// on all of them once their onset game has come.
struct Seat {
    const XqPlayerTruth* player = nullptr;
    bool engine = false; // the player uses the engine in this game
};

std::string playerId(const std::string& prefix, int i) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%03d", i + 1);
    return prefix + buf;
}

// The position without its clocks: what makes a repetition.
std::string placement(const xq::Board& b) {
    const std::string fen = b.fen();
    const auto cut = fen.find(' ', fen.find(' ') + 1);
    return fen.substr(0, cut);
}

} // namespace

const std::vector<XqStyle>& xqStyles() {
    static const std::vector<XqStyle> styles{
        {"weak", 1, 6, 80, 0.04},
        {"club", 3, 4, 35, 0.01},
        {"strong", 6, 3, 15, 0},
    };
    return styles;
}

XiangqiSimulator::XiangqiSimulator(const XqSimOptions& options) : o_(options) {
    Rng rng = streamOf(o_.seed, 0, 1);
    const auto& styles = xqStyles();
    const int cheaters = o_.assisted + o_.lateOnset;
    // Honest players take the styles in turn from a shuffled start, so every style is there; cheaters play
    // as club players when they do not use the engine, between the weak and the strong.
    const int first = int(rng() % styles.size());
    for (int i = 0; i < o_.players; ++i) {
        XqPlayerTruth p;
        p.id = playerId(o_.playerPrefix, i);
        if (i < o_.assisted)
            p.kind = "engine_assist";
        else if (i < cheaters)
            p.kind = "late_onset";
        p.style = i < cheaters ? &styles[1] : &styles[(first + i - cheaters) % styles.size()];
        players_.push_back(p);
    }
    // Cheaters sit at random places in the list: their numbers must not give them away.
    std::shuffle(players_.begin(), players_.end(), rng);
    for (int i = 0; i < o_.players; ++i) players_[i].id = playerId(o_.playerPrefix, i);
}

std::vector<std::string> XiangqiSimulator::truthLines() const {
    std::vector<std::string> out;
    for (const XqPlayerTruth& p : players_) {
        if (p.kind == "honest") continue;
        std::string line = "{\"player\":\"" + p.id + "\",\"kind\":\"" + p.kind + "\",\"style\":\"" +
                           p.style->name + "\",\"deep_depth\":" + std::to_string(o_.deepDepth);
        if (p.kind == "engine_assist") {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%g", o_.assistShare);
            line += ",\"assist_share\":" + std::string(buf);
        } else {
            line += ",\"onset_game\":" + std::to_string(o_.onsetGame);
        }
        out.push_back(line + "}");
    }
    return out;
}

namespace {

// One game between two seats; nullopt and *error when the engine fails.
std::optional<xq::Game> play(const XqSimOptions& o, int index, const Seat (&seats)[2], engine::Engine& engine,
                             QString* error) {
    Rng rng = streamOf(o.seed, std::uint64_t(index) + 1, 2);
    xq::Game game;
    game.id = o.idPrefix + std::to_string(index + 1);
    game.red = seats[0].player->id;
    game.black = seats[1].player->id;
    game.startedAt = timeAfter(o.startTime, 30L * index);

    xq::Board board = xq::Board::start();
    std::map<std::string, int> seen{{placement(board), 1}};
    int lastScore = 0; // the last chosen move's score, from its mover's view
    xq::Side lastMover = xq::Side::Red;
    for (;;) {
        const xq::Status status = board.status();
        if (status != xq::Status::Playing) { // mated or stalemated: either way the side to move has lost
            game.result = board.toMove() == xq::Side::Red ? xq::Result::BlackWins : xq::Result::RedWins;
            break;
        }
        if (int(game.moves.size()) >= o.maxPlies) {
            const bool redView = lastMover == xq::Side::Red;
            game.result = lastScore >= 300    ? (redView ? xq::Result::RedWins : xq::Result::BlackWins)
                          : lastScore <= -300 ? (redView ? xq::Result::BlackWins : xq::Result::RedWins)
                                              : xq::Result::Draw;
            break;
        }
        const Seat& seat = seats[board.toMove() == xq::Side::Red ? 0 : 1];
        const XqStyle& style = *seat.player->style;
        const bool deep =
            seat.engine && (seat.player->kind != "engine_assist" || uniform(rng) < o.assistShare);
        const double blunderRoll = uniform(rng),
                     pickRoll = uniform(rng); // drawn every move: one stream layout
        xq::Move move;
        std::optional<int> score;
        if (!deep && blunderRoll < style.blunder) {
            const std::vector<xq::Move> legal = board.legalMoves();
            move = legal[std::min<std::size_t>(legal.size() - 1, std::size_t(pickRoll * legal.size()))];
        } else {
            const auto lines = deep ? engine.candidates(board, o.deepDepth, 1, error)
                                    : engine.candidates(board, style.depth, style.lines, error);
            if (!lines) return std::nullopt;
            // exp((score − best) / T): the best line is always the likeliest, a line 2T worse one in seven.
            std::vector<double> weight;
            double total = 0;
            for (const auto& c : *lines) {
                const double w =
                    std::exp(std::max(-50.0, (c.score - lines->front().score) / style.temperature));
                weight.push_back(w);
                total += w;
            }
            std::size_t pick = 0;
            for (double acc = weight[0]; !deep && pick + 1 < weight.size() && pickRoll * total >= acc;)
                acc += weight[++pick];
            move = *xq::parseIccs((*lines)[pick].move.toStdString());
            score = (*lines)[pick].score;
        }
        if (score) lastScore = *score, lastMover = board.toMove();
        board.make(move);
        game.moves.push_back(move);
        // Threefold repetition and 60 moves without a capture end the game drawn: the simulated players
        // would otherwise shuffle to the ply limit.
        if (++seen[placement(board)] >= 3 || board.halfmoves() >= 120) {
            game.result = xq::Result::Draw;
            break;
        }
    }

    Rng reports = streamOf(o.seed, std::uint64_t(index) + 1, 3);
    for (int s = 0; s < 2; ++s) {
        const bool won = game.result == (s == 0 ? xq::Result::RedWins : xq::Result::BlackWins);
        const double rate = (seats[s].engine ? o.reportRate : o.honestReportRate) * (won ? 3 : 1);
        if (uniform(reports) < rate)
            game.reports.push_back({seats[1 - s].player->id, seats[s].player->id, "suspicious play"});
    }
    return game;
}

} // namespace

bool XiangqiSimulator::run(const std::function<void(const xq::Game&)>& sink, QString* error,
                           const std::function<bool(int)>& progress) {
    const int n = std::max(0, o_.games);
    if (n > 0 && o_.players < 2) {
        if (error) *error = QStringLiteral("a xiangqi simulation needs at least two players");
        return false;
    }
    // Pairings first, from the seed alone: whoever has played least sits down next, against the least
    // busy of the others (ties at random), so that every player reaches about 2·games/players games.
    std::vector<Pairing> pairings(n);
    {
        Rng rng = streamOf(o_.seed, 0, 4);
        std::vector<int> played(o_.players, 0);
        auto leastBusy = [&](int except) {
            int best = -1, ties = 0;
            for (int p = 0; p < o_.players; ++p) {
                if (p == except) continue;
                if (best < 0 || played[p] < played[best])
                    best = p, ties = 1;
                else if (played[p] == played[best] && rng() % ++ties == 0)
                    best = p;
            }
            return best;
        };
        for (Pairing& g : pairings) {
            const int a = leastBusy(-1), b = leastBusy(a);
            const bool aRed = rng() % 2 == 0;
            g.red = aRed ? a : b, g.black = aRed ? b : a;
            auto assisted = [&](int p) {
                const XqPlayerTruth& t = players_[p];
                return t.kind == "engine_assist" || (t.kind == "late_onset" && played[p] >= o_.onsetGame);
            };
            g.redAssisted = assisted(g.red), g.blackAssisted = assisted(g.black);
            ++played[a], ++played[b];
        }
    }

    // Workers play games in any order; this thread hands them to the sink in game order.
    std::mutex mutex;
    std::condition_variable ready;
    std::vector<std::optional<xq::Game>> done(n);
    std::atomic<int> next{0};
    std::atomic<bool> stop{false};
    QString failure;
    const int workers = std::min(n, o_.engines > 0 ? o_.engines : std::max(1, QThread::idealThreadCount()));
    std::vector<std::unique_ptr<QThread>> threads;
    for (int w = 0; w < workers; ++w) {
        threads.emplace_back(QThread::create([&] {
            engine::Engine engine(o_.engine);
            for (int i; !stop && (i = next++) < n;) {
                const Pairing& p = pairings[i];
                const Seat seats[2] = {{&players_[p.red], p.redAssisted},
                                       {&players_[p.black], p.blackAssisted}};
                QString why;
                auto game = play(o_, i, seats, engine, &why);
                std::lock_guard lock(mutex);
                if (!game) {
                    if (failure.isEmpty()) failure = QStringLiteral("game %1: %2").arg(i + 1).arg(why);
                    stop = true;
                } else {
                    done[i] = std::move(game);
                }
                ready.notify_all();
            }
        }));
        threads.back()->start();
    }
    for (int i = 0; i < n; ++i) {
        std::optional<xq::Game> game;
        {
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return done[i].has_value() || !failure.isEmpty(); });
            if (!done[i]) break;
            game = std::move(done[i]);
            done[i].reset();
        }
        sink(*game);
        if (progress && !progress(i + 1)) {
            stop = true;
            break;
        }
    }
    stop = true;
    for (auto& t : threads) t->wait();
    if (!failure.isEmpty()) {
        if (error) *error = failure;
        return false;
    }
    return true;
}

} // namespace tw::sim
