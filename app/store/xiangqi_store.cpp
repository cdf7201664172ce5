#include "xiangqi_store.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>

#include "database.h"
#include "fingerprint.h"
#include "game_rows.h"
#include "import_batch.h"
#include "kind_sql.h"
#include "multi_row.h"
#include "player_sql.h"
#include "text_limits.h"
#include "timestamp.h"
#include "xiangqi/notation.h"

namespace tw::store {

namespace {

constexpr unsigned char kBlobTag = 0x58; // 'X'

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}
QVariant textOrNull(const std::string& s) {
    return s.empty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(QString::fromStdString(s));
}

// Why a game cannot be stored ("" when it can), and the side that moves first (1 red, 2 black).
std::string checkGame(const xq::Game& g, int* firstMover, bool moves) {
    if (g.id.empty()) return "the game has no id";
    if (g.red.empty() || g.black.empty()) return "the game does not name both players (\"?\" for unknown)";
    std::string why;
    auto board = xq::startBoard(g, &why);
    if (!board) return "bad start position: " + why;
    *firstMover = board->toMove() == xq::Side::Red ? 1 : 2;
    if (!moves) return {};
    // Pseudo-legal and not leaving the mover's general attacked is what Board::isLegal decides, at the cost
    // of one check test instead of one per legal move (it lists them all).
    xq::Move pseudo[xq::kMaxMoves];
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const xq::Move m = g.moves[i];
        auto illegal = [&] {
            return "ply " + std::to_string(i + 1) + ": '" + xq::iccs(m) + "' " + xq::whyIllegal(*board, m);
        };
        if (m.from >= xq::kSquares || m.to >= xq::kSquares)
            return "ply " + std::to_string(i + 1) + ": a move off the board";
        const int n = board->pseudoMoves(pseudo);
        if (std::find(pseudo, pseudo + n, m) == pseudo + n) return illegal();
        const xq::Side mover = board->toMove();
        const xq::Undo undo = board->make(m);
        if (board->inCheck(mover)) {
            board->unmake(m, undo);
            return illegal();
        }
    }
    return {};
}

const char* winnersOf(xq::Result r) {
    switch (r) {
    case xq::Result::RedWins:
        return "[1]";
    case xq::Result::BlackWins:
        return "[2]";
    default:
        return "[]";
    }
}
const char* pointsOf(xq::Result r) {
    switch (r) {
    case xq::Result::RedWins:
        return "[1,-1,0,0]";
    case xq::Result::BlackWins:
        return "[-1,1,0,0]";
    default:
        return "[0,0,0,0]";
    }
}

const QString kSelectGame =
    QStringLiteral("SELECT g.id, g.ruleset, g.started_at, g.ops, g.finished, g.winners, g.fen, ") +
    sql::canonicalSeat(1) + u',' + sql::canonicalSeat(2) + QStringLiteral(" FROM games AS g WHERE g.id IN ");

} // namespace

void encodeXqMoves(const std::vector<xq::Move>& moves, std::string* out) {
    out->clear();
    out->reserve(1 + 2 * moves.size());
    out->push_back(static_cast<char>(kBlobTag));
    for (const xq::Move& m : moves) {
        out->push_back(static_cast<char>(m.from));
        out->push_back(static_cast<char>(m.to));
    }
}

std::string encodeXqMoves(const std::vector<xq::Move>& moves) {
    std::string out;
    encodeXqMoves(moves, &out);
    return out;
}

bool decodeXqMoves(const char* data, std::size_t size, std::vector<xq::Move>* moves, std::string* error) {
    moves->clear();
    const auto* p = reinterpret_cast<const unsigned char*>(data);
    auto fail = [&](const std::string& why) {
        moves->clear();
        if (error) *error = "xiangqi moves blob: " + why;
        return false;
    };
    if (size == 0 || p[0] != kBlobTag) return fail("unknown format tag");
    if (size % 2 != 1) return fail("truncated move");
    moves->reserve(size / 2);
    for (std::size_t i = 1; i < size; i += 2) {
        if (p[i] >= xq::kSquares || p[i + 1] >= xq::kSquares)
            return fail("square out of range in move " + std::to_string(i / 2 + 1));
        moves->push_back({p[i], p[i + 1]});
    }
    return true;
}

XiangqiStore::XiangqiStore(Database& db) : GameStore(db) {}

bool XiangqiStore::insertGames(const std::vector<xq::Game>& batch, InsertResult* out, QString* error,
                               Check check, const std::vector<std::string>* sources,
                               const std::vector<QByteArray>* prints) {
    InsertResult result;
    if (out) *out = result;
    if (batch.empty()) return true;
    // Checked before the transaction (a bad game costs no write lock), the same on a file and on a server:
    // a game that fails refuses itself alone.
    std::vector<Pending> order;
    order.reserve(batch.size());
    for (std::size_t i = 0; i < batch.size(); ++i) {
        const xq::Game& g = batch[i];
        Pending p{&g, sources && i < sources->size() ? (*sources)[i] : std::string(),
                  prints && i < prints->size() ? (*prints)[i] : QByteArray(), 1};
        std::string why = xq::textProblem(g);
        if (why.empty()) why = limits::sourceProblem(p.source);
        if (why.empty()) why = checkGame(g, &p.firstMover, check == Check::Moves);
        if (!why.empty()) {
            result.rejected.push_back({g.id.empty() ? "#" + std::to_string(i + 1) + " of the batch"
                                                    : limits::shortText(g.id, limits::kIdBytes),
                                       limits::shortText(p.source, limits::kSourceBytes), std::move(why)});
            continue;
        }
        if (p.print.isEmpty()) p.print = fingerprint(g);
        order.push_back(std::move(p));
    }
    // In id order, as MahjongStore does: the id-keyed b-trees are walked front to back once per batch.
    std::stable_sort(order.begin(), order.end(),
                     [](const Pending& a, const Pending& b) { return a.game->id < b.game->id; });
    return storeBatch(
        order.empty(), result, out, error,
        [&](InsertResult& attempt, bool* retry) { return storeGamesAtOnce(order, attempt, retry, error); },
        [&](bool careful, InsertResult& attempt, bool* retry) {
            return storeGames(order, careful, attempt, retry, error);
        });
}

namespace {

// (seat, player) of the players a game names (1 red, 2 black; an unknown player has no seat).
std::vector<std::pair<int, std::string>> seatsOf(const xq::Game& g) {
    std::vector<std::pair<int, std::string>> seats;
    if (g.red != kUnknownPlayer) seats.emplace_back(1, g.red);
    if (g.black != kUnknownPlayer) seats.emplace_back(2, g.black);
    return seats;
}

// What the audit log keeps of a batch: its counts, and its first and last ids (in id order).
QJsonObject batchDetail(const InsertResult& result, const std::string& first, const std::string& last) {
    return {{QStringLiteral("ruleset"), QString::fromLatin1(kXiangqiRuleset)},
            {QStringLiteral("games"), result.inserted},
            {QStringLiteral("duplicates"), int(result.duplicates.size())},
            {QStringLiteral("skipped"), result.skipped},
            {QStringLiteral("conflicts"), int(result.conflicts.size())},
            {QStringLiteral("rejected"), int(result.rejected.size())},
            {QStringLiteral("first"), qs(first)},
            {QStringLiteral("last"), qs(last)}};
}

} // namespace

bool XiangqiStore::storeGamesAtOnce(const std::vector<Pending>& order, InsertResult& result, bool* retry,
                                    QString* error) {
    // The columns storeGames binds; the ones it writes as constants (valid 1, exhaustive 0, no match, next
    // dealer or warnings) are the columns' defaults. Declared before the batch: their prepared statements are
    // let go after its rollback (a server refuses to deallocate one inside an aborted transaction).
    MultiRowInsert games(db_.connection(), QStringLiteral("INSERT INTO games"),
                         QStringLiteral("id, ruleset, dealer, started_at, started_ms, ops, finished, winners,"
                                        " points, imported_at, fen, source, fingerprint, duplicate_of, kind"),
                         {"text", "text", "bigint", "text", "bigint", "bytea", "bigint", "text", "text",
                          "text", "text", "text", "bytea", "text", "bigint"}),
        seats(db_.connection(), QStringLiteral("INSERT INTO game_seats"),
              QStringLiteral("game_id, seat, player_id, started_ms"), {"text", "bigint", "text", "bigint"});
    ImportBatch b(db_, knownPlayers_, order.size(), error);
    auto failed = [&] { return *retry = b.retry(), false; };
    if (!b.begin()) return failed();
    std::vector<std::pair<QString, QByteArray>> keys;
    std::vector<std::vector<std::pair<int, std::string>>> seatsOfGame;
    std::vector<std::string> allPlayers;
    for (const Pending& p : order) {
        keys.emplace_back(qs(p.game->id), p.print);
        seatsOfGame.push_back(seatsOf(*p.game));
        for (const auto& seat : seatsOfGame.back()) allPlayers.push_back(seat.second);
    }
    BatchIdentity identity;
    if (!b.lookUp(keys, allPlayers, &identity)) return failed();
    const QVariant importedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    const QVariant nullInt(QMetaType::fromType<qint64>());
    std::vector<std::string> players;
    std::vector<std::pair<QVariant, const std::vector<PlayerReport>*>> reports;
    std::string blob;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const Pending& p = order[i];
        const xq::Game& g = *p.game;
        const QString& id = keys[i].first;
        const auto& gameSeats = seatsOfGame[i];
        if (const auto t = identity.taken(id, p.print, gameSeats)) {
            result.noteTaken(t->same, g.id, p.source, id, t->source);
            continue;
        }
        const auto [copyId, copySource] = identity.copyOf(p.print, gameSeats);
        identity.add(id, p.print, qs(p.source), gameSeats, copyId.isNull());
        const std::optional<std::int64_t> started =
            g.startedAt.empty() ? std::nullopt : utcMillis(g.startedAt);
        const QVariant startedMs = started ? QVariant(qint64(*started)) : nullInt;
        encodeXqMoves(g.moves, &blob);
        for (const QVariant& v :
             {QVariant(id), QVariant(QString::fromLatin1(kXiangqiRuleset)), QVariant(p.firstMover),
              textOrNull(g.startedAt), startedMs, QVariant(QByteArray(blob.data(), qsizetype(blob.size()))),
              QVariant(int(g.result != xq::Result::Unknown)),
              QVariant(QString::fromLatin1(winnersOf(g.result))),
              QVariant(QString::fromLatin1(pointsOf(g.result))), importedAt, textOrNull(g.fen),
              textOrNull(p.source), QVariant(p.print),
              copyId.isNull() ? QVariant(QMetaType::fromType<QString>()) : QVariant(copyId),
              QVariant(static_cast<int>(GameKind::Xiangqi))})
            games.add(v);
        for (const auto& [seat, player] : gameSeats) {
            players.push_back(player);
            seats.add(id);
            seats.add(seat);
            seats.add(qs(player));
            seats.add(startedMs);
        }
        if (!g.reports.empty()) reports.emplace_back(id, &g.reports);
        if (copyId.isNull())
            ++result.inserted;
        else
            result.duplicates.push_back({g.id, p.source, copyId, copySource});
    }
    if (!b.addPlayers(players) || !b.write(games, QStringLiteral("writing the games")) ||
        !b.write(seats, QStringLiteral("writing the seats")) || !b.addReports(reports))
        return failed();
    return b.finish(auditActor_, batchDetail(result, order.front().game->id, order.back().game->id),
                    result.written()) ||
           failed();
}

bool XiangqiStore::storeGames(const std::vector<Pending>& order, bool careful, InsertResult& result,
                              bool* retry, QString* error) {
    ImportBatch b(db_, knownPlayers_, order.size(), error);
    b.setCareful(careful);
    QSqlQuery insGame(db_.connection()), insSeat(db_.connection());
    if (!b.begin() ||
        !b.prepare(
            insGame,
            QStringLiteral(
                "INSERT INTO games (id, ruleset, dealer, match, started_at, started_ms, ops, valid, finished,"
                " exhaustive, winners, points, next_dealer, warnings, imported_at, fen, source,"
                " fingerprint, duplicate_of, kind)"
                " VALUES (?, ?, ?, NULL, ?, ?, ?, 1, ?, 0, ?, ?, NULL, NULL, ?, ?, ?, ?, ?, ") +
                QString::number(static_cast<int>(GameKind::Xiangqi)) +
                QStringLiteral(")"
                               " ON CONFLICT (id) DO NOTHING"),
            QStringLiteral("preparing the game insert")) ||
        !b.prepare(insSeat,
                   QStringLiteral(
                       "INSERT INTO game_seats (game_id, seat, player_id, started_ms) VALUES (?, ?, ?, ?)"),
                   QStringLiteral("preparing the seat insert")))
        return false;

    insGame.bindValue(1, QString::fromLatin1(kXiangqiRuleset));
    insGame.bindValue(9, QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    const QVariant nullInt(QMetaType::fromType<qint64>());
    std::string blob;
    for (const Pending& p : order) {
        const xq::Game& g = *p.game;
        // After a call for this game failed: true when the game alone was refused (go on with the next).
        auto refused = [&] {
            if (!b.refused()) return *retry = b.retry(), false;
            result.rejected.push_back({g.id, p.source, b.takeRefusal()});
            return true;
        };
        if (!b.beginGame(&g.id)) return false;
        const QVariant id = qs(g.id);
        const std::optional<std::int64_t> started =
            g.startedAt.empty() ? std::nullopt : utcMillis(g.startedAt);
        const QVariant startedMs = started ? QVariant(qint64(*started)) : nullInt;
        encodeXqMoves(g.moves, &blob);
        insGame.bindValue(0, id);
        insGame.bindValue(2, p.firstMover);
        insGame.bindValue(3, textOrNull(g.startedAt));
        insGame.bindValue(4, startedMs);
        insGame.bindValue(5, QByteArray::fromRawData(blob.data(), qsizetype(blob.size())));
        insGame.bindValue(6, int(g.result != xq::Result::Unknown));
        insGame.bindValue(7, QString::fromLatin1(winnersOf(g.result)));
        insGame.bindValue(8, QString::fromLatin1(pointsOf(g.result)));
        insGame.bindValue(10, textOrNull(g.fen));
        const std::vector<std::pair<int, std::string>> seats = seatsOf(g);
        const ImportBatch::CopyOf copy = b.copyOf(p.print, seats);
        if (copy.failed) {
            if (refused()) continue;
            return false;
        }
        insGame.bindValue(11, textOrNull(p.source));
        insGame.bindValue(12, p.print);
        insGame.bindValue(13,
                          copy.id.isNull() ? QVariant(QMetaType::fromType<QString>()) : QVariant(copy.id));
        if (!b.run(insGame, QStringLiteral("writing the game"))) {
            if (refused()) continue;
            return false;
        }
        if (insGame.numRowsAffected() == 0) { // the id is taken: this very record again, or other content
            const ImportBatch::Taken t = b.taken(id, p.print, seats);
            if (t.failed) {
                if (refused()) continue;
                return false;
            }
            result.noteTaken(t.same, g.id, p.source, id.toString(), t.source);
            if (!b.endGame()) return false;
            continue;
        }
        bool ok = true;
        const std::pair<int, const std::string*> sides[] = {{1, &g.red}, {2, &g.black}};
        for (const auto& [seat, player] : sides) {
            if (!ok || *player == kUnknownPlayer) continue;
            insSeat.bindValue(0, id);
            insSeat.bindValue(1, seat);
            insSeat.bindValue(2, qs(*player));
            insSeat.bindValue(3, startedMs);
            ok = b.addPlayer(*player) && b.run(insSeat, QStringLiteral("writing the seats"));
        }
        if (!ok || !b.addReports(id, g.reports)) {
            if (refused()) continue;
            return false;
        }
        if (!b.endGame()) return false;
        if (copy.id.isNull())
            ++result.inserted;
        else
            result.duplicates.push_back({g.id, p.source, copy.id, copy.source});
    }
    return b.finish(auditActor_, batchDetail(result, order.front().game->id, order.back().game->id),
                    result.written());
}

std::optional<xq::Game> XiangqiStore::game(const std::string& id, QString* error) const {
    if (error) error->clear();
    std::vector<xq::Game> games = loadGames({id}, error);
    if (games.empty()) return std::nullopt;
    return std::move(games.front());
}

std::vector<xq::Game> XiangqiStore::loadGames(const std::vector<std::string>& ids, QString* error) const {
    return loadGameRows<xq::Game>(
        db_, kSelectGame, ids, error,
        [](const auto& q, xq::Game& g, QString* error) {
            g.id = utf8Of(q, 0);
            if (const QString ruleset = q.value(1).toString(); ruleset != QLatin1String(kXiangqiRuleset)) {
                if (error)
                    *error =
                        QStringLiteral("game %1 is a %2 game, not a xiangqi game").arg(qs(g.id), ruleset);
                return false;
            }
            g.startedAt = utf8Of(q, 2);
            const QByteArray blob = q.value(3).toByteArray();
            std::string why;
            if (!decodeXqMoves(blob.constData(), std::size_t(blob.size()), &g.moves, &why)) {
                if (error) *error = QStringLiteral("game %1: %2").arg(qs(g.id), qs(why));
                return false;
            }
            if (q.value(4).toInt() != 0) {
                const QString winners = q.value(5).toString();
                g.result = winners == QLatin1String("[1]")   ? xq::Result::RedWins
                           : winners == QLatin1String("[2]") ? xq::Result::BlackWins
                                                             : xq::Result::Draw;
            }
            g.fen = utf8Of(q, 6); // NULL reads as ""
            g.red = q.value(7).isNull() ? kUnknownPlayer : utf8Of(q, 7);
            g.black = q.value(8).isNull() ? kUnknownPlayer : utf8Of(q, 8);
            return true;
        },
        [](xq::Game& g) -> std::vector<PlayerReport>& { return g.reports; });
}

// Runs a query whose first column is game ids and loads those games, in the query's order.
std::vector<xq::Game> XiangqiStore::loadGamesOf(QSqlQuery& q, QString* error) const {
    const auto ids = idsOf(q, error);
    return ids ? loadGames(*ids, error) : std::vector<xq::Game>{};
}

std::vector<xq::Game> XiangqiStore::gamesOfPlayer(const std::string& player, int limit, int offset,
                                                  QString* error) const {
    // game_seats_by_player finds the player's seats; a player's games are few enough to sort.
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT s.game_id FROM game_seats AS s JOIN games AS g ON g.id = s.game_id"
                             " WHERE s.player_id IN ") +
              sql::namesOf() + QStringLiteral(" AND ") + sql::kindIs(GameKind::Xiangqi, "g") +
              QStringLiteral(" AND g.duplicate_of IS NULL"
                             " ORDER BY s.started_ms IS NULL, s.started_ms, s.game_id LIMIT ? OFFSET ?"));
    q.addBindValue(qs(player));
    q.addBindValue(qs(player));
    q.addBindValue(limit);
    q.addBindValue(offset);
    return loadGamesOf(q, error);
}

std::vector<xq::Game> XiangqiStore::gamesAfter(const std::string& afterId, int limit, QString* error) const {
    // The literal kind lets SQLite use the index games_by_kind (a bound value would not).
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id FROM games WHERE ") + sql::kindIs(GameKind::Xiangqi) +
              QStringLiteral(" AND id > ? AND duplicate_of IS NULL ORDER BY id LIMIT ?"));
    q.bindValue(0, qs(afterId));
    q.bindValue(1, limit);
    return loadGamesOf(q, error);
}

std::int64_t XiangqiStore::gameCount(QString* error) const {
    const QVariant v =
        db_.scalar(QStringLiteral("SELECT count(*) FROM games WHERE ") + sql::kindIs(GameKind::Xiangqi) +
                       QStringLiteral(" AND duplicate_of IS NULL"),
                   error);
    return v.isValid() ? v.toLongLong() : -1;
}

QString XiangqiStore::rulesetOf(const std::string& id, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT ruleset FROM games WHERE id = ?"));
    q.bindValue(0, qs(id));
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return {};
    }
    return q.next() ? q.value(0).toString() : QString();
}

} // namespace tw::store
