#include "uci_engine.h"

#include <QDateTime>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QProcess>

#include <algorithm>
#include <functional>

#include "xiangqi/notation.h"

namespace tw::engine {

namespace {

constexpr int kTailLines = 3; // the last lines read, shown when the engine fails
constexpr int kTailChars = 100;

QString missingText(const QString& path) {
    return QStringLiteral("fairy-stockfish not found at %1: install the Debian package fairy-stockfish "
                          "(scripts/setup-debian.sh)")
        .arg(path);
}

QString seconds(int ms) {
    return QString::number(ms / 1000.0, 'g', 3) + QStringLiteral(" s");
}

// What one `info` line says, when it carries a score.
struct Info {
    int line = 1; // multipv index
    int depth = 0;
    int score = 0;
    bool bound = false; // lowerbound / upperbound: a fail high or low, not the iteration's result
    QByteArray move;    // the first move of the PV, when given
};

std::optional<Info> parseInfo(const QByteArray& line) {
    const QList<QByteArray> t = line.split(' ');
    Info info;
    bool scored = false;
    for (qsizetype i = 1; i < t.size(); ++i) {
        const QByteArray& w = t[i];
        if (w == "string") break; // free text: nothing after it is ours
        if (w == "pv") {          // then moves
            if (i + 1 < t.size()) info.move = t[i + 1];
            break;
        }
        if (w == "multipv" && i + 1 < t.size()) info.line = t[++i].toInt();
        if (w == "depth" && i + 1 < t.size()) info.depth = t[++i].toInt();
        if (w == "lowerbound" || w == "upperbound") info.bound = true;
        if (w == "score" && i + 2 < t.size()) {
            bool ok = false;
            const int v = t[i + 2].toInt(&ok);
            if (ok && (t[i + 1] == "cp" || t[i + 1] == "mate")) {
                info.score = t[i + 1] == "mate" ? mappedScore(true, v) : v;
                scored = true;
            }
            i += 2;
        }
    }
    if (!scored) return std::nullopt;
    return info;
}

} // namespace

QString EngineSettings::limit() const {
    const QString go =
        nodes > 0 ? QStringLiteral("nodes %1").arg(nodes) : QStringLiteral("depth %1").arg(depth);
    return multiPv > 1 ? go + QStringLiteral(" multipv %1").arg(multiPv) : go;
}

QString EngineSettings::method(const QString& version) const {
    return QStringLiteral(
               "%1, UCI_Variant xiangqi, %2, Threads 1, Hash %3, Contempt 0, ucinewgame per position")
        .arg(version, limit())
        .arg(kHashMiB);
}

int mappedScore(bool mate, int value) {
    if (!mate) return value;
    // "mate n": the side to move mates in n moves (n > 0) or is mated in −n (n < 0); "mate 0": mated now.
    return value > 0 ? kMateScore - value : -(kMateScore + value);
}

Engine::Engine(EngineSettings settings) : settings_(std::move(settings)) {}

Engine::~Engine() {
    stop();
}

bool Engine::running() const {
    return process_ && process_->state() == QProcess::Running;
}

void Engine::stop() {
    if (!process_) return;
    if (process_->state() == QProcess::Running) {
        process_->write("quit\n");
        process_->waitForBytesWritten(1000);
        if (!process_->waitForFinished(2000)) {
            process_->kill();
            process_->waitForFinished(2000);
        }
    }
    discard();
}

void Engine::discard() {
    if (process_ && process_->state() != QProcess::NotRunning) {
        process_->kill();
        process_->waitForFinished(5000);
    }
    process_.reset();
    buffer_.clear();
    pid_ = 0;
}

bool Engine::launch(QString* error) {
    discard();
    const QFileInfo file(settings_.path);
    if (!file.exists()) {
        if (error) *error = missingText(settings_.path);
        return false;
    }
    if (file.isDir() || !file.isExecutable()) {
        if (error)
            *error =
                QStringLiteral("%1 is not an executable program: install the Debian package fairy-stockfish "
                               "(scripts/setup-debian.sh) or correct the engine path in the settings")
                    .arg(settings_.path);
        return false;
    }
    process_ = std::make_unique<QProcess>();
    // stderr joins stdout so that whatever the engine says before dying ends up in our message.
    process_->setProcessChannelMode(QProcess::MergedChannels);
    process_->start(settings_.path, {});
    ++starts_;
    if (!process_->waitForStarted(settings_.startTimeoutMs)) {
        if (error)
            *error = QStringLiteral("cannot start %1: %2").arg(settings_.path, process_->errorString());
        discard();
        return false;
    }
    pid_ = process_->processId();
    tail_.clear();
    multiPv_ = 1;
    return true;
}

bool Engine::send(const QByteArray& commands) {
    if (!running()) return false;
    if (process_->write(commands) != commands.size()) return false;
    // No event loop here: the pipe is fed only inside a waitFor* call.
    while (process_->bytesToWrite() > 0)
        if (!process_->waitForBytesWritten(settings_.startTimeoutMs)) return false;
    return true;
}

Engine::Read Engine::readLine(QByteArray& line, qint64 deadlineMs) {
    const QDeadlineTimer deadline(deadlineMs);
    for (;;) {
        const qsizetype nl = buffer_.indexOf('\n');
        if (nl >= 0) {
            line = buffer_.left(nl);
            buffer_.remove(0, nl + 1);
            if (line.endsWith('\r')) line.chop(1);
            if (!line.startsWith("option ")) {
                tail_ << QString::fromUtf8(line.size() > kTailChars ? line.left(kTailChars) + "..." : line);
                if (tail_.size() > kTailLines) tail_.removeFirst();
            }
            return Read::Line;
        }
        if (!process_) return Read::Died;
        if (process_->state() == QProcess::NotRunning) {
            const QByteArray rest = process_->readAll();
            if (rest.isEmpty()) return Read::Died;
            buffer_ += rest;
            if (!buffer_.contains('\n')) buffer_ += '\n'; // a last line without its end
            continue;
        }
        if (deadline.hasExpired()) return Read::TimedOut;
        process_->waitForReadyRead(int(std::min<qint64>(deadline.remainingTime(), 1000)));
        buffer_ += process_->readAll();
    }
}

QString Engine::deathText() const {
    QString how;
    if (!process_ || process_->state() != QProcess::NotRunning)
        how = QStringLiteral("stopped answering");
    else if (process_->exitStatus() == QProcess::CrashExit)
        how = QStringLiteral("died (killed or crashed)");
    else
        how = QStringLiteral("exited with code %1").arg(process_->exitCode());
    QString text = QStringLiteral("%1 %2").arg(settings_.path, how);
    if (!tail_.isEmpty())
        text += QStringLiteral("; its last words: \"%1\"").arg(tail_.join(QStringLiteral(" | ")));
    return text;
}

bool Engine::waitFor(const QByteArray& answer, int timeoutMs, const QString& what, QString* error) {
    QByteArray line;
    for (;;) {
        switch (readLine(line, timeoutMs)) {
        case Read::Line:
            if (line.trimmed() == answer) return true;
            continue;
        case Read::Died:
            if (error) *error = QStringLiteral("%1 (waiting for %2)").arg(deathText(), what);
            return false;
        case Read::TimedOut:
            if (error)
                *error =
                    QStringLiteral("%1 gave no %2 within %3").arg(settings_.path, what, seconds(timeoutMs));
            return false;
        }
    }
}

bool Engine::handshake(QString* error) {
    if (!send("uci\n")) {
        if (error) *error = deathText();
        return false;
    }
    bool xiangqi = false;
    version_.clear();
    QByteArray line;
    for (;;) {
        const Read r = readLine(line, settings_.startTimeoutMs);
        if (r == Read::Died) {
            if (error)
                *error = QStringLiteral("%1 (waiting for uciok: is it a UCI engine?)").arg(deathText());
            return false;
        }
        if (r == Read::TimedOut) {
            if (error)
                *error = QStringLiteral("%1 is not a UCI engine: no uciok within %2")
                             .arg(settings_.path, seconds(settings_.startTimeoutMs));
            return false;
        }
        if (line.startsWith("id name ")) version_ = QString::fromUtf8(line.mid(8)).trimmed();
        if (line.startsWith("option name UCI_Variant ") && (line + ' ').contains(" var xiangqi "))
            xiangqi = true;
        if (line.trimmed() == "uciok") break;
    }
    if (!xiangqi) {
        if (error)
            *error =
                QStringLiteral("%1 does not play xiangqi (no UCI_Variant xiangqi among its options): install "
                               "the Debian package fairy-stockfish (scripts/setup-debian.sh)")
                    .arg(settings_.path);
        return false;
    }
    if (version_.isEmpty())
        version_ = QFileInfo(settings_.path).fileName(); // no id name: the key still needs one
    const QByteArray options = "setoption name UCI_Variant value xiangqi\n"
                               "setoption name Threads value 1\n"
                               "setoption name Hash value " +
                               QByteArray::number(kHashMiB) +
                               "\n"
                               "setoption name Contempt value 0\n"
                               "isready\n";
    if (!send(options)) {
        if (error) *error = deathText();
        return false;
    }
    return waitFor("readyok", settings_.startTimeoutMs, QStringLiteral("readyok after the options"), error);
}

bool Engine::start(QString* error) {
    if (running()) return true;
    if (!launch(error)) return false;
    if (!handshake(error)) {
        discard();
        return false;
    }
    return true;
}

bool Engine::exchange(const QByteArray& fen, const QByteArray& go, int lines,
                      const std::function<void(const QByteArray&)>& onInfo, QByteArray* bestLine,
                      QString* error, bool* died) {
    *died = false;
    auto fail = [&](const QString& why) {
        *died = true;
        if (error) *error = why;
        return false;
    };
    // ucinewgame clears the hash and histories: the score must not depend on what was searched before.
    if (!setMultiPv(lines) || !send("ucinewgame\nisready\n")) return fail(deathText());
    QString why;
    if (!waitFor("readyok", settings_.startTimeoutMs, QStringLiteral("readyok after ucinewgame"), &why))
        return fail(why);
    if (!send("position fen " + fen + "\n" + go + "\n")) return fail(deathText());
    ++searches_;
    for (;;) {
        const Read r = readLine(*bestLine, settings_.searchTimeoutMs);
        if (r == Read::Died) return fail(deathText());
        if (r == Read::TimedOut)
            return fail(QStringLiteral("%1 gave no bestmove within %2")
                            .arg(settings_.path, seconds(settings_.searchTimeoutMs)));
        if (bestLine->startsWith("bestmove")) return true;
        if (bestLine->startsWith("info ")) onInfo(*bestLine);
    }
}

std::optional<PositionScore> Engine::search(const xq::Board& board, const QByteArray& fen, QString* error,
                                            bool* died) {
    const QByteArray go = settings_.nodes > 0 ? "go nodes " + QByteArray::number(settings_.nodes)
                                              : "go depth " + QByteArray::number(settings_.depth);
    const int k = std::max(1, settings_.multiPv);
    std::optional<Info> last, lastExact;
    std::vector<Info> lines(
        static_cast<std::size_t>(k)); // per multipv index: its latest exact line with a move
    QByteArray line;
    auto onInfo = [&](const QByteArray& info) {
        const auto i = parseInfo(info);
        if (!i || i->line < 1 || i->line > k) return;
        if (i->line == 1) {
            last = i;
            if (!i->bound) lastExact = i;
        }
        Info& kept = lines[std::size_t(i->line - 1)];
        if (k > 1 && !i->bound && !i->move.isEmpty() && i->depth >= kept.depth) kept = *i;
    };
    if (!exchange(fen, go, k, onInfo, &line, error, died)) return std::nullopt;
    // The last exact line is the final depth's result; a bound line comes last only when the search was cut
    // off inside an iteration (a node limit), and then it is all there is.
    const std::optional<Info> final = lastExact ? lastExact : last;
    const QString where = QStringLiteral(" (position fen %1)").arg(QString::fromLatin1(fen));
    if (!final) {
        if (error) *error = QStringLiteral("%1 gave a bestmove without a score%2").arg(settings_.path, where);
        return std::nullopt;
    }
    PositionScore out{final->score, QString(), final->depth, {}, {}};
    const QList<QByteArray> words = line.simplified().split(' ');
    const QByteArray best = words.size() > 1 ? words[1] : QByteArray();
    const bool noMove = board.legalMoves().empty();
    if (best == "(none)" || best.isEmpty()) {
        if (!noMove) {
            if (error)
                *error = QStringLiteral("%1 found no move where our board has legal moves%2")
                             .arg(settings_.path, where);
            return std::nullopt;
        }
        return out;
    }
    const auto move = xq::parseUci(best.toStdString());
    if (!move || !board.isLegal(*move)) {
        if (error)
            *error = QStringLiteral("%1 answered bestmove %2, which is not a legal move here%3")
                         .arg(settings_.path, QString::fromLatin1(best), where);
        return std::nullopt;
    }
    out.bestMove = QString::fromStdString(xq::iccs(*move));
    // Only the final depth's lines: a line left from an earlier iteration (fewer legal moves than K, or a
    // node limit cutting the last iteration short) was searched less deeply than the others.
    for (const Info& l : lines) {
        if (l.move.isEmpty() || l.depth != out.depth) continue;
        const auto option = xq::parseUci(l.move.toStdString());
        if (!option || !board.isLegal(*option)) {
            if (error)
                *error = QStringLiteral("%1 gave the line %2, which is not a legal move here%3")
                             .arg(settings_.path, QString::fromLatin1(l.move), where);
            return std::nullopt;
        }
        out.options.push_back({QString::fromStdString(xq::iccs(*option)), l.score});
    }
    std::stable_sort(out.options.begin(), out.options.end(),
                     [](const MoveScore& a, const MoveScore& b) { return a.score > b.score; });
    return out;
}

template <class T, class Attempt>
std::optional<T> Engine::retried(const QByteArray& fen, QString* error, Attempt attempt) {
    if (!running() && !start(error)) return std::nullopt;
    bool died = false;
    QString first;
    auto out = attempt(&first, &died);
    if (out || !died) {
        if (!out && error) *error = first;
        return out;
    }
    // Once: a crash may be a one-off (memory, a signal from outside); a second one on the same position is
    // not.
    discard();
    QString why;
    if (!start(&why)) {
        if (error) *error = QStringLiteral("%1; restarting it failed: %2").arg(first, why);
        return std::nullopt;
    }
    QString second;
    out = attempt(&second, &died);
    if (out) return out;
    if (died) {
        discard();
        if (error)
            *error = QStringLiteral(
                         "the engine failed twice on position fen %1 (restarted once): first %2; then %3")
                         .arg(QString::fromLatin1(fen), first, second);
    } else if (error) {
        *error = second;
    }
    return std::nullopt;
}

std::optional<PositionScore> Engine::score(const xq::Board& board, QString* error) {
    const QByteArray fen = QByteArray::fromStdString(board.fen());
    return retried<PositionScore>(fen, error,
                                  [&](QString* why, bool* died) { return search(board, fen, why, died); });
}

std::optional<std::vector<Engine::Candidate>> Engine::candidates(const xq::Board& board, int depth, int count,
                                                                 QString* error) {
    const QByteArray fen = QByteArray::fromStdString(board.fen());
    return retried<std::vector<Candidate>>(fen, error, [&](QString* why, bool* died) {
        return searchLines(board, fen, std::max(1, depth), std::max(1, count), why, died);
    });
}

std::optional<int> Engine::rootScore(const xq::Board& board, const QString& move, int depth, QString* error) {
    const QByteArray fen = QByteArray::fromStdString(board.fen());
    const auto m = xq::parseIccs(move.toStdString());
    if (!m || !board.isLegal(*m)) {
        if (error)
            *error = QStringLiteral("%1 is not a legal move in position fen %2")
                         .arg(move, QString::fromLatin1(fen));
        return std::nullopt;
    }
    const QByteArray uciMove = QByteArray::fromStdString(xq::uci(*m));
    return retried<int>(fen, error, [&](QString* why, bool* died) {
        return searchRoot(fen, uciMove, std::max(1, depth), why, died);
    });
}

std::optional<int> Engine::searchRoot(const QByteArray& fen, const QByteArray& uciMove, int depth,
                                      QString* error, bool* died) {
    // The last exact score of the final depth; a bound only if nothing exact came (as search() reads).
    std::optional<Info> last, lastExact;
    auto onInfo = [&](const QByteArray& info) {
        const auto i = parseInfo(info);
        if (!i || i->line != 1) return;
        last = i;
        if (!i->bound) lastExact = i;
    };
    QByteArray line;
    if (!exchange(fen, "go depth " + QByteArray::number(depth) + " searchmoves " + uciMove, 1, onInfo, &line,
                  error, died))
        return std::nullopt;
    const std::optional<Info> final = lastExact ? lastExact : last;
    const QList<QByteArray> words = line.simplified().split(' ');
    if (!final || words.value(1) != uciMove) {
        if (error)
            *error = QStringLiteral("%1 did not search %2 alone in position fen %3 (answered \"%4\")")
                         .arg(settings_.path, QString::fromLatin1(uciMove), QString::fromLatin1(fen),
                              QString::fromLatin1(line));
        return std::nullopt;
    }
    return final->score;
}

bool Engine::setMultiPv(int count) {
    if (count == multiPv_) return true;
    if (!send("setoption name MultiPV value " + QByteArray::number(count) + "\n")) return false;
    multiPv_ = count;
    return true;
}

std::optional<std::vector<Engine::Candidate>> Engine::searchLines(const xq::Board& board,
                                                                  const QByteArray& fen, int depth, int count,
                                                                  QString* error, bool* died) {
    // Per line (multipv index): the latest exact score and first move. Lines of the last iteration replace
    // those of the one before; a line the last iteration did not reach keeps its earlier value.
    struct Line {
        int depth = 0, score = 0;
        QByteArray move;
    };
    std::vector<Line> lines(count);
    auto onInfo = [&](const QByteArray& info) {
        const auto i = parseInfo(info);
        if (!i || i->bound || i->move.isEmpty() || i->line < 1 || i->line > count ||
            i->depth < lines[i->line - 1].depth)
            return;
        lines[i->line - 1] = {i->depth, i->score, i->move};
    };
    QByteArray line;
    if (!exchange(fen, "go depth " + QByteArray::number(depth), count, onInfo, &line, error, died))
        return std::nullopt;
    std::vector<Candidate> out;
    for (const Line& l : lines) {
        if (l.move.isEmpty()) continue; // fewer legal moves than lines asked for
        const auto move = xq::parseUci(l.move.toStdString());
        if (!move || !board.isLegal(*move)) {
            if (error)
                *error =
                    QStringLiteral("%1 gave the line %2, which is not a legal move here (position fen %3)")
                        .arg(settings_.path, QString::fromLatin1(l.move), QString::fromLatin1(fen));
            return std::nullopt;
        }
        out.push_back({QString::fromStdString(xq::iccs(*move)), l.score});
    }
    if (out.empty() && !board.legalMoves().empty()) {
        if (error)
            *error = QStringLiteral("%1 gave no line where our board has legal moves (position fen %2)")
                         .arg(settings_.path, QString::fromLatin1(fen));
        return std::nullopt;
    }
    // MultiPV lines come sorted by score; keep that order even if a stale line from an earlier depth is left.
    std::stable_sort(out.begin(), out.end(),
                     [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
    return out;
}

std::optional<PositionScore> Engine::score(const QString& fen, QString* error) {
    std::string why;
    const auto board = xq::Board::fromFen(fen.toStdString(), &why);
    if (!board) {
        if (error)
            *error = QStringLiteral("not a xiangqi position (%1): %2").arg(fen, QString::fromStdString(why));
        return std::nullopt;
    }
    return score(*board, error);
}

QString Engine::versionOf(const EngineSettings& settings, QString* error) {
    static QMutex mutex;
    static QHash<QString, QString> known; // "path|size|mtime" -> id name
    const QFileInfo file(settings.path);
    if (!file.exists()) {
        if (error) *error = missingText(settings.path);
        return {};
    }
    const QString binary = QStringLiteral("%1|%2|%3")
                               .arg(file.canonicalFilePath())
                               .arg(file.size())
                               .arg(file.lastModified().toMSecsSinceEpoch());
    {
        QMutexLocker lock(&mutex);
        const auto it = known.constFind(binary);
        if (it != known.constEnd()) return *it;
    }
    Engine probe(settings);
    if (!probe.start(error)) return {};
    QMutexLocker lock(&mutex);
    known.insert(binary, probe.version());
    return probe.version();
}

} // namespace tw::engine
