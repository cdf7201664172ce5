// One xiangqi engine process spoken to over UCI (SPEC §5.4): fairy-stockfish with UCI_Variant xiangqi,
// Threads 1, Hash 64, Contempt 0, and ucinewgame before every position, so that a score depends on the
// position, the engine version and the search limit only, in any order and on any instance.
//
// Synchronous: every call blocks on the process's pipes (QProcess waitFor*), so an Engine needs no event
// loop and lives in the thread that created it (EnginePool gives each one a thread of its own).
//
// We send `position fen <our board's FEN>`, never `position … moves`: the engine drops an illegal move
// silently, so legality is our board's business (xq::Board::fromFen refuses impossible positions). The
// engine's best move (UCI, ranks 1-10) is read back through our notation and checked against our move
// generator before it is returned in ICCS.
//
// Failures are sentences naming the path: a missing binary says how to install it; a process that dies or
// stops answering during a position is started again once and the position searched again, and a second
// failure is reported.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "position_score.h"
#include "xiangqi/board.h"

class QProcess;

namespace tw::engine {

inline constexpr const char* kDefaultEnginePath = "/usr/games/fairy-stockfish";
inline constexpr int kMateScore = 10000; // a mate in n moves scores ±(kMateScore − n)
// SPEC §5.4 fixes the hash size (with Threads 1 and Contempt 0): the cache key leaves them out, so they are
// constants, not settings.
inline constexpr int kHashMiB = 64;

struct EngineSettings {
    QString path = QString::fromLatin1(kDefaultEnginePath);
    int depth = 10;   // `go depth`, used when nodes is 0
    qint64 nodes = 0; // `go nodes` instead of depth when above 0
    // K > 1: every score also carries the engine's top K moves and their scores (MultiPV K), for the decision
    // model. A MultiPV search spends its time on K lines, so the best line's score may differ a little from
    // a single-line search: the limit (the cache key) says "multipv K", and K = 1 keeps today's key.
    int multiPv = 1;
    int startTimeoutMs = 15000;   // launch to uciok, and each isready to readyok
    int searchTimeoutMs = 120000; // one position, go to bestmove (depth 10 takes well under a second)

    QString limit() const; // "depth 10", "nodes 100000", "depth 10 multipv 8": the cache's key
    // Engine, version and every setting a score depends on, for the analyses' `method` column.
    QString method(const QString& version) const;
};

// The score of "score cp N" / "score mate N": centipawns, or ±(10000 − n) for mates (mate 0, the side to
// move mated already, is −10000).
int mappedScore(bool mate, int value);

class Engine {
  public:
    explicit Engine(EngineSettings settings = {});
    ~Engine(); // sends quit, then kills the process if it lingers
    Engine(const Engine&) = delete;
    Engine& operator=(const Engine&) = delete;

    // Launches the process: uci/uciok (reads the id name), the options, isready/readyok. Also done by the
    // first score(). False and *error (naming the path) when the engine is missing, cannot run, is no UCI
    // engine or does not play xiangqi.
    bool start(QString* error = nullptr);
    bool running() const;
    void stop(); // quit now; the next score() starts again

    // The engine's "id name" ("Fairy-Stockfish 11.1 LB 64") once started.
    const QString& version() const { return version_; }
    const EngineSettings& settings() const { return settings_; }
    ScoreKey key() const { return {version_, settings_.limit()}; }

    // Searches one position (ucinewgame, position fen, go). nullopt and *error on failure; a process that
    // dies or times out during the position is restarted once first.
    std::optional<PositionScore> score(const xq::Board& board, QString* error = nullptr);
    // The same from a FEN, which our board must accept first.
    std::optional<PositionScore> score(const QString& fen, QString* error = nullptr);

    // The value of `move` (ICCS, legal here) searched alone as the root move (`go depth … searchmoves`,
    // MultiPV 1) to `depth`, from the side to move's view: the played move's value from the position before
    // it when it is not among a MultiPV search's lines. Same dialogue, restart once and checks as score().
    std::optional<int> rootScore(const xq::Board& board, const QString& move, int depth,
                                 QString* error = nullptr);

    // The engine's `count` best moves at `depth` (MultiPV), best first, each with its score from the side to
    // move's view: how the simulator's players choose (app/sim). Same dialogue, restart once and checks as
    // score(); empty when the side to move has no legal move. The settings' depth and nodes are not used.
    struct Candidate {
        QString move; // ICCS
        int score = 0;
    };
    std::optional<std::vector<Candidate>> candidates(const xq::Board& board, int depth, int count,
                                                     QString* error = nullptr);

    int searches() const { return searches_; } // positions sent to the engine (go commands)
    int starts() const { return starts_; }     // processes launched, restarts included
    // The running process's id, 0 when none; readable from any thread (diagnostics, the kill test).
    qint64 processId() const { return pid_.load(); }

    // The version of the engine at `path`, from a short uci/uciok exchange, remembered per binary (path,
    // size and modification time) for the life of the program: EnginePool needs the cache key before it
    // starts any engine. Empty and *error when it cannot be had.
    static QString versionOf(const EngineSettings& settings, QString* error = nullptr);

  private:
    enum class Read { Line, Died, TimedOut };
    bool launch(QString* error);
    bool handshake(QString* error);
    bool send(const QByteArray& commands);
    Read readLine(QByteArray& line, qint64 deadlineMs);
    bool waitFor(const QByteArray& answer, int timeoutMs, const QString& what, QString* error);
    // ucinewgame, position fen, `go`, then every info line to `onInfo` until the bestmove line (*bestLine).
    // False with *error; *died when the process died or stopped answering (worth a restart).
    bool exchange(const QByteArray& fen, const QByteArray& go, int lines,
                  const std::function<void(const QByteArray&)>& onInfo, QByteArray* bestLine, QString* error,
                  bool* died);
    std::optional<PositionScore> search(const xq::Board& board, const QByteArray& fen, QString* error,
                                        bool* died);
    std::optional<std::vector<Candidate>> searchLines(const xq::Board& board, const QByteArray& fen,
                                                      int depth, int count, QString* error, bool* died);
    std::optional<int> searchRoot(const QByteArray& fen, const QByteArray& uciMove, int depth, QString* error,
                                  bool* died);
    bool setMultiPv(int count);
    // Runs `attempt(error, died)`, and once more after a restart when the process died during it.
    template <class T, class Attempt>
    std::optional<T> retried(const QByteArray& fen, QString* error, Attempt attempt);
    QString deathText() const;
    void discard();

    EngineSettings settings_;
    std::unique_ptr<QProcess> process_;
    QByteArray buffer_;
    QStringList tail_; // the last lines read, for error messages
    QString version_;
    int searches_ = 0, starts_ = 0;
    int multiPv_ = 1; // the engine's MultiPV option as last set
    std::atomic<qint64> pid_{0};
};

} // namespace tw::engine
