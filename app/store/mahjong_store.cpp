#include "mahjong_store.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
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
#include "ops_blob.h"
#include "player_sql.h"
#include "sqlite_statement.h"
#include "text_limits.h"
#include "think_blob.h"
#include "timestamp.h"

namespace tw::store {

namespace {

// A riichi hand's TableStart as the JSON object of its ops/1 fields (docs/ops-riichi.md).
QString tableStartJson(const TableStart& t) {
    QJsonArray scores;
    for (long s : t.scores) scores.append(qint64(s));
    const QJsonObject o{{QStringLiteral("round"), t.round},
                        {QStringLiteral("honba"), t.honba},
                        {QStringLiteral("sticks"), t.sticks},
                        {QStringLiteral("scores"), scores},
                        {QStringLiteral("red_fives"), t.redFives}};
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

bool parseTableStart(const QString& text, TableStart* t) {
    const QJsonObject o = QJsonDocument::fromJson(text.toUtf8()).object();
    const QJsonArray scores = o.value(QStringLiteral("scores")).toArray();
    if (o.isEmpty() || scores.size() != 4) return false;
    t->set = true;
    t->round = o.value(QStringLiteral("round")).toInt();
    t->honba = o.value(QStringLiteral("honba")).toInt();
    t->sticks = o.value(QStringLiteral("sticks")).toInt();
    for (int s = 0; s < 4; ++s) t->scores[s] = long(scores[s].toInteger());
    t->redFives = o.value(QStringLiteral("red_fives")).toBool();
    return true;
}

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}
QVariant textOrNull(const std::string& s) {
    return s.empty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(QString::fromStdString(s));
}

template <typename Seq> QString intArray(const Seq& values) {
    QString s = QStringLiteral("[");
    bool first = true;
    for (const auto v : values) {
        if (!first) s += u',';
        s += QString::number(static_cast<qint64>(v));
        first = false;
    }
    s += u']';
    return s;
}

QVariant warningsJson(const std::vector<std::string>& warnings) {
    if (warnings.empty()) return QVariant(QMetaType::fromType<QString>());
    QJsonArray a;
    for (const std::string& w : warnings) a.append(qs(w));
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

std::vector<long long> parseIntArray(const QString& text) {
    std::vector<long long> out;
    const QJsonArray a = QJsonDocument::fromJson(text.toUtf8()).array();
    for (const QJsonValue& v : a) out.push_back(static_cast<long long>(v.toDouble()));
    return out;
}

// A seat's platform rank as "dan rate" (NULL when not recorded): the detection's bands by real rank.
QString seatRank(int seat) {
    return QStringLiteral(
               "(SELECT CASE WHEN dan IS NULL THEN NULL ELSE dan || ' ' || rate END FROM game_seats"
               " WHERE game_id = g.id AND seat = %1)")
        .arg(seat);
}

const QString kSelectGame =
    QStringLiteral(
        "SELECT g.id, g.ruleset, g.dealer, g.match, g.started_at, g.ops, g.valid, g.finished, g.exhaustive,"
        " g.winners, g.points, g.next_dealer, g.warnings, g.table_start, ") +
    sql::canonicalSeat(1) + u',' + sql::canonicalSeat(2) + u',' + sql::canonicalSeat(3) + u',' +
    sql::canonicalSeat(4) + QStringLiteral(",") + seatRank(1) + u',' + seatRank(2) + u',' + seatRank(3) +
    u',' + seatRank(4) + QStringLiteral(", g.think_ms FROM games AS g WHERE g.id IN ");

} // namespace

MahjongStore::MahjongStore(Database& db) : GameStore(db) {}

MahjongStore::~MahjongStore() {
    if (bulk_) endBulkImport();
}

bool MahjongStore::beginBulkImport(std::int64_t expectedGames, QString* error) {
    if (bulk_) return true;
    const std::int64_t stored = gameCount(error);
    if (stored < 0) return false;
    if (!db_.exec(QStringLiteral("PRAGMA wal_autocheckpoint = 4096"), error)) return false;
    bulkDropped_ = expectedGames >= 20000 && expectedGames * 4 >= stored;
    if (bulkDropped_ && !db_.dropLookupIndexes(error)) {
        bulkDropped_ = false;
        db_.exec(QStringLiteral("PRAGMA wal_autocheckpoint = 1000"));
        return false;
    }
    bulk_ = true;
    return true;
}

bool MahjongStore::endBulkImport(QString* error) {
    if (!bulk_) return true;
    const bool dropped = bulkDropped_;
    bulk_ = false;
    bulkDropped_ = false;
    // Only the indexes this import dropped: another process's bulk import may have dropped them too.
    const bool ok = !dropped || db_.buildLookupIndexes(error);
    db_.exec(QStringLiteral("PRAGMA wal_autocheckpoint = 1000"));
    db_.exec(QStringLiteral("PRAGMA wal_checkpoint(PASSIVE)"));
    if (ok) db_.exec(QStringLiteral("PRAGMA optimize"));
    return ok;
}

bool MahjongStore::insertGames(const std::vector<StoredGame>& batch, InsertResult* out, QString* error) {
    InsertResult result;
    if (out) *out = result;
    if (batch.empty()) return true;
    // Checked before the transaction, the same on a file and on a server: a field over its limit refuses its
    // game alone (text_limits.h), never cut.
    std::vector<const StoredGame*> order;
    order.reserve(batch.size());
    for (const StoredGame& g : batch) {
        std::string why = limits::recordTextProblem(g.record);
        if (why.empty()) why = limits::sourceProblem(g.source);
        if (!why.empty())
            result.rejected.push_back({limits::shortText(g.record.id, limits::kIdBytes),
                                       limits::shortText(g.source, limits::kSourceBytes), std::move(why)});
        else
            order.push_back(&g);
    }
    // In id order: the id-keyed b-trees (games' primary key, game_seats) are then walked front to back
    // once per batch instead of at random. Stable, so of two games with one id the first is kept.
    std::stable_sort(order.begin(), order.end(),
                     [](const StoredGame* a, const StoredGame* b) { return a->record.id < b->record.id; });
    return storeBatch(
        order.empty(), result, out, error,
        [&](InsertResult& attempt, bool* retry) { return storeGamesAtOnce(order, attempt, retry, error); },
        [&](bool careful, InsertResult& attempt, bool* retry) {
            return storeGames(order, careful, attempt, retry, error);
        });
}

namespace {

constexpr int kGameColumns = 20;
const QString kGameColumnNames = QStringLiteral(
    "id, ruleset, dealer, match, started_at, started_ms, ops, valid, finished, exhaustive, winners, points,"
    " next_dealer, warnings, imported_at, source, fingerprint, duplicate_of, table_start, think_ms");
// Their types on a server, for the batch way's arrays (multi_row.h).
const QStringList kGameColumnTypes = {"text",   "text",   "bigint", "text", "text", "bigint", "bytea",
                                      "bigint", "bigint", "bigint", "text", "text", "bigint", "text",
                                      "text",   "text",   "bytea",  "text", "text", "bytea"};
constexpr int kSeatColumns = 6;
const QString kSeatColumnNames = QStringLiteral("game_id, seat, player_id, started_ms, dan, rate");
const QStringList kSeatColumnTypes = {"text", "bigint", "text", "bigint", "bigint", "double precision"};

// What a game's row and seat rows hold, alike for the game-by-game and the whole-batch writes.
struct GameRow {
    QVariant id, startedMs;
    QByteArray print;
    std::vector<std::pair<int, std::string>> seats; // (seat, player) as recorded
};

GameRow gameRowOf(const StoredGame& g) {
    const GameRecord& r = g.record;
    const std::optional<std::int64_t> started = r.startedAt.empty() ? std::nullopt : utcMillis(r.startedAt);
    GameRow row{qs(r.id),
                started ? QVariant(qint64(*started)) : QVariant(QMetaType::fromType<qint64>()),
                g.fingerprint.isEmpty() ? fingerprint(r) : g.fingerprint,
                {}};
    for (int seat = 0; seat < seatsOf(r.ruleset); ++seat) row.seats.emplace_back(seat + 1, r.seats[seat]);
    return row;
}

// The values of the game's row in the order of kGameColumnNames, handed to `put(column, value)`.
template <class Put>
void gameValues(const StoredGame& g, const GameRow& row, const QVariant& duplicateOf,
                const QVariant& importedAt, Put put) {
    const GameRecord& r = g.record;
    const GameSummary& s = g.summary;
    const QVariant nullInt(QMetaType::fromType<qint64>());
    const QVariant nullText(QMetaType::fromType<QString>());
    static const std::array<QVariant, kRulesetCount> rulesetNames = [] {
        std::array<QVariant, kRulesetCount> out;
        for (int r = 0; r < kRulesetCount; ++r)
            out[r] = QString::fromLatin1(rulesetName(static_cast<RulesetId>(r)));
        return out;
    }();
    std::string blob;
    encodeOps(r.ops, &blob);
    const auto rulesetIndex = static_cast<std::size_t>(r.ruleset);
    put(0, row.id);
    // An unknown ruleset binds NULL and fails the NOT NULL constraint, naming the game.
    put(1, rulesetIndex < std::size(rulesetNames) ? rulesetNames[rulesetIndex] : QVariant(QString()));
    put(2, r.dealer);
    put(3, textOrNull(r.match));
    put(4, textOrNull(r.startedAt));
    put(5, row.startedMs);
    put(6, QByteArray(blob.data(), qsizetype(blob.size())));
    put(7, int(s.valid));
    put(8, int(s.finished));
    put(9, int(s.exhaustive));
    put(10, intArray(s.winners));
    put(11, intArray(s.points));
    put(12, s.nextDealer == 0 ? nullInt : QVariant(s.nextDealer));
    put(13, warningsJson(s.warnings));
    put(14, importedAt);
    put(15, textOrNull(g.source));
    put(16, row.print);
    put(17, duplicateOf);
    put(18, r.start.set ? QVariant(tableStartJson(r.start)) : nullText);
    if (r.thinkMs.empty()) {
        put(19, QVariant(QMetaType::fromType<QByteArray>()));
    } else {
        std::string times;
        encodeThinkMs(r.thinkMs, &times);
        put(19, QByteArray(times.data(), qsizetype(times.size())));
    }
}

// A seat's values in the order of kSeatColumnNames.
template <class Put> void seatValues(const StoredGame& g, const GameRow& row, int seat, Put put) {
    const SeatRank& rank = g.record.ranks[seat];
    put(0, row.id);
    put(1, seat + 1);
    put(2, qs(g.record.seats[seat]));
    put(3, row.startedMs);
    put(4, rank.dan >= 0 ? QVariant(rank.dan) : QVariant(QMetaType::fromType<qint64>()));
    put(5, rank.dan >= 0 ? QVariant(rank.rate) : QVariant(QMetaType::fromType<double>()));
}

QJsonObject batchDetail(const InsertResult& result, const std::vector<const StoredGame*>& order) {
    // Ids of the batch's first and last game (in id order) name it in the trail without listing all.
    return {{QStringLiteral("games"), result.inserted},
            {QStringLiteral("duplicates"), int(result.duplicates.size())},
            {QStringLiteral("skipped"), result.skipped},
            {QStringLiteral("conflicts"), int(result.conflicts.size())},
            {QStringLiteral("rejected"), int(result.rejected.size())},
            {QStringLiteral("first"), qs(order.front()->record.id)},
            {QStringLiteral("last"), qs(order.back()->record.id)}};
}

} // namespace

bool MahjongStore::storeGamesAtOnce(const std::vector<const StoredGame*>& order, InsertResult& result,
                                    bool* retry, QString* error) {
    // Declared before the batch: their prepared statements are let go after its rollback (a server refuses to
    // deallocate one inside an aborted transaction).
    MultiRowInsert games(db_.connection(), QStringLiteral("INSERT INTO games"), kGameColumnNames,
                         kGameColumnTypes),
        seats(db_.connection(), QStringLiteral("INSERT INTO game_seats"), kSeatColumnNames, kSeatColumnTypes);
    ImportBatch b(db_, knownPlayers_, order.size(), error);
    auto failed = [&] { return *retry = b.retry(), false; };
    if (!b.begin()) return failed();
    std::vector<GameRow> rows;
    rows.reserve(order.size());
    std::vector<std::pair<QString, QByteArray>> keys;
    keys.reserve(order.size());
    std::vector<std::string> allPlayers;
    for (const StoredGame* g : order) {
        rows.push_back(gameRowOf(*g));
        keys.emplace_back(rows.back().id.toString(), rows.back().print);
        for (const auto& seat : rows.back().seats) allPlayers.push_back(seat.second);
    }
    BatchIdentity identity;
    if (!b.lookUp(keys, allPlayers, &identity)) return failed();
    const QVariant importedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    std::vector<std::string> players;
    std::vector<std::pair<QVariant, const std::vector<PlayerReport>*>> reports;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const StoredGame& g = *order[i];
        const GameRow& row = rows[i];
        const QString& id = keys[i].first;
        if (const auto t = identity.taken(id, row.print, row.seats)) {
            result.noteTaken(t->same, g.record.id, g.source, id, t->source);
            continue;
        }
        const auto [copyId, copySource] = identity.copyOf(row.print, row.seats);
        const QString source = qs(g.source);
        identity.add(id, row.print, source, row.seats, copyId.isNull());
        gameValues(g, row, copyId.isNull() ? QVariant(QMetaType::fromType<QString>()) : QVariant(copyId),
                   importedAt, [&](int, const QVariant& v) { games.add(v); });
        for (int seat = 0; seat < seatsOf(g.record.ruleset); ++seat) {
            players.push_back(g.record.seats[seat]);
            seatValues(g, row, seat, [&](int, const QVariant& v) { seats.add(v); });
        }
        if (!g.record.reports.empty()) reports.emplace_back(row.id, &g.record.reports);
        if (copyId.isNull())
            ++result.inserted;
        else
            result.duplicates.push_back({g.record.id, g.source, copyId, copySource});
    }
    // Players before the seats that name them, games before their seats and reports: the foreign keys hold
    // after every statement. Rows go in the order of the batch, so ids and rowids are those of one game at a
    // time.
    if (!b.addPlayers(players) || !b.write(games, QStringLiteral("writing the games")) ||
        !b.write(seats, QStringLiteral("writing the seats")) || !b.addReports(reports))
        return failed();
    if (!b.finish(auditActor_, batchDetail(result, order), result.written())) return failed();
    return true;
}

namespace {

// One game of a batch into its rows: false when the batch must stop; a game refused alone is noted among the
// rejected and the batch goes on.
template <class Statement>
bool storeOne(ImportBatch& b, Statement& insGame, Statement& insSeats, const StoredGame& g,
              const QVariant& importedAt, InsertResult& result, bool* retry) {
    const GameRecord& r = g.record;
    // After a call for this game failed: true when the game alone was refused (go on with the next).
    auto refused = [&] {
        if (!b.refused()) return *retry = b.retry(), false;
        result.rejected.push_back({r.id, g.source, b.takeRefusal()});
        return true;
    };
    if (!b.beginGame(&r.id)) return false;
    const GameRow row = gameRowOf(g);
    const ImportBatch::CopyOf copy = b.copyOf(row.print, row.seats);
    if (copy.failed) return refused();
    gameValues(g, row, copy.id.isNull() ? QVariant(QMetaType::fromType<QString>()) : QVariant(copy.id),
               importedAt, [&](int column, const QVariant& v) { insGame.bindValue(column, v); });
    if (!b.run(insGame, QStringLiteral("writing the game"))) return refused();
    if (insGame.numRowsAffected() == 0) { // the id is taken: this very record again, or other content
        const ImportBatch::Taken t = b.taken(row.id, row.print, row.seats);
        if (t.failed) return refused();
        result.noteTaken(t.same, r.id, g.source, row.id.toString(), t.source);
        return b.endGame();
    }
    bool ok = true;
    for (int seat = 0; seat < seatsOf(r.ruleset) && ok; ++seat) {
        ok = b.addPlayer(r.seats[seat]) &&
             (seatValues(g, row, seat, [&](int column, const QVariant& v) { insSeats.bindValue(column, v); }),
              b.run(insSeats, QStringLiteral("writing the seats")));
    }
    if (!ok || !b.addReports(row.id, r.reports)) return refused();
    if (!b.endGame()) return false;
    if (copy.id.isNull())
        ++result.inserted;
    else
        result.duplicates.push_back({r.id, g.source, copy.id, copy.source});
    return true;
}

} // namespace

bool MahjongStore::storeGames(const std::vector<const StoredGame*>& order, bool careful, InsertResult& result,
                              bool* retry, QString* error) {
    const QString gameSql = QStringLiteral("INSERT INTO games (") + kGameColumnNames +
                            QStringLiteral(") VALUES ") + placeholders(kGameColumns) +
                            QStringLiteral(" ON CONFLICT (id) DO NOTHING"),
                  seatSql = QStringLiteral("INSERT INTO game_seats (") + kSeatColumnNames +
                            QStringLiteral(") VALUES ") + placeholders(kSeatColumns);
    const QVariant importedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    // In a file, the game and seat rows through SQLite's own API (sqlite_statement.h). Each is reset after
    // every row, so none is left running when the batch commits or rolls back; finalized after that.
    if (sqlite3* handle = SqliteStatement::handleOf(db_.connection())) {
        SqliteStatement insGame(handle), insSeats(handle);
        ImportBatch b(db_, knownPlayers_, order.size(), error);
        b.setCareful(careful);
        if (!b.begin()) return false;
        if (!insGame.prepare(gameSql))
            return b.fail(insGame.lastError(), QStringLiteral("preparing the game insert"));
        if (!insSeats.prepare(seatSql))
            return b.fail(insSeats.lastError(), QStringLiteral("preparing the seat insert"));
        for (const StoredGame* game : order)
            if (!storeOne(b, insGame, insSeats, *game, importedAt, result, retry)) return false;
        return b.finish(auditActor_, batchDetail(result, order), result.written());
    }
    ImportBatch b(db_, knownPlayers_, order.size(), error);
    b.setCareful(careful);
    QSqlQuery insGame(db_.connection()), insSeats(db_.connection());
    if (!b.begin() || !b.prepare(insGame, gameSql, QStringLiteral("preparing the game insert")) ||
        !b.prepare(insSeats, seatSql, QStringLiteral("preparing the seat insert")))
        return false;
    for (const StoredGame* game : order)
        if (!storeOne(b, insGame, insSeats, *game, importedAt, result, retry)) return false;
    return b.finish(auditActor_, batchDetail(result, order), result.written());
}

std::optional<StoredGame> MahjongStore::game(const std::string& id, QString* error) const {
    std::vector<StoredGame> games = loadGames({id}, error);
    if (games.empty()) return std::nullopt;
    return std::move(games.front());
}

std::vector<StoredGame> MahjongStore::loadGames(const std::vector<std::string>& ids, QString* error) const {
    return loadGameRows<StoredGame>(
        db_, kSelectGame, ids, error,
        [](const auto& q, StoredGame& g, QString* error) {
            GameRecord& r = g.record;
            GameSummary& s = g.summary;
            r.id = utf8Of(q, 0);
            const std::string ruleset = utf8Of(q, 1);
            if (!parseRulesetName(ruleset, &r.ruleset)) {
                if (error)
                    *error =
                        gameKindOfRuleset(ruleset) == GameKind::Xiangqi
                            ? QStringLiteral("game %1 is a xiangqi game, not a mahjong hand").arg(qs(r.id))
                            : QStringLiteral("game %1: ruleset '%2' is not a mahjong ruleset")
                                  .arg(qs(r.id), qs(ruleset));
                return false;
            }
            r.dealer = q.value(2).toInt();
            r.match = utf8Of(q, 3);
            r.startedAt = utf8Of(q, 4);
            const QByteArray blob = q.value(5).toByteArray();
            std::string why;
            if (!decodeOps(blob.constData(), std::size_t(blob.size()), &r.ops, &why)) {
                if (error) *error = QStringLiteral("game %1: %2").arg(qs(r.id), qs(why));
                return false;
            }
            s.valid = q.value(6).toInt() != 0;
            s.finished = q.value(7).toInt() != 0;
            s.exhaustive = q.value(8).toInt() != 0;
            for (const long long w : parseIntArray(q.value(9).toString())) s.winners.push_back(int(w));
            const std::vector<long long> points = parseIntArray(q.value(10).toString());
            for (std::size_t i = 0; i < 4 && i < points.size(); ++i) s.points[i] = long(points[i]);
            s.nextDealer = q.value(11).toInt(); // NULL reads as 0
            if (!q.value(12).isNull())
                for (const QJsonValue& w : QJsonDocument::fromJson(q.value(12).toString().toUtf8()).array())
                    s.warnings.push_back(w.toString().toStdString());
            if (!q.value(13).isNull() && !parseTableStart(q.value(13).toString(), &r.start)) {
                if (error) *error = QStringLiteral("game %1: its table start is not readable").arg(qs(r.id));
                return false;
            }
            for (int seat = 0; seat < 4; ++seat) r.seats[seat] = utf8Of(q, 14 + seat);
            for (int seat = 0; seat < 4; ++seat)
                if (const QVariant v = q.value(18 + seat); !v.isNull()) {
                    const QStringList f = v.toString().split(u' ');
                    r.ranks[seat] = {f.value(0).toInt(), f.value(1).toDouble()};
                }
            if (const QVariant v = q.value(22); !v.isNull()) {
                const QByteArray times = v.toByteArray();
                if (!decodeThinkMs(times.constData(), std::size_t(times.size()), &r.thinkMs, &why) ||
                    r.thinkMs.size() != r.ops.size()) {
                    if (error)
                        *error = QStringLiteral("game %1: %2")
                                     .arg(qs(r.id),
                                          why.empty() ? QStringLiteral("its think times do not match its ops")
                                                      : qs(why));
                    return false;
                }
            }
            return true;
        },
        [](StoredGame& g) -> std::vector<PlayerReport>& { return g.record.reports; });
}

// Runs a query whose first column is game ids and loads those games, in the query's order.
std::vector<StoredGame> MahjongStore::gamesAfter(const std::string& afterId, int limit,
                                                 QString* error) const {
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id FROM games WHERE ") + sql::kindIs(GameKind::Mahjong) +
              QStringLiteral(" AND id > ? AND duplicate_of IS NULL ORDER BY id LIMIT ?"));
    q.addBindValue(qs(afterId));
    q.addBindValue(limit);
    return loadGamesOf(q, error);
}

std::vector<StoredGame> MahjongStore::loadGamesOf(QSqlQuery& q, QString* error) const {
    const auto ids = idsOf(q, error);
    return ids ? loadGames(*ids, error) : std::vector<StoredGame>{};
}

std::vector<StoredGame> MahjongStore::gamesOfPlayer(const std::string& player, int limit, int offset,
                                                    QString* error) const {
    // game_seats_by_player (player_id, started_ms DESC, game_id) gives this order without a sort; SQLite puts
    // NULLs last in a descending order. The join only drops xiangqi games (a primary-key probe per row).
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(
        QStringLiteral("SELECT s.game_id FROM game_seats AS s JOIN games AS g ON g.id = s.game_id"
                       " WHERE s.player_id IN ") +
        sql::namesOf() + QStringLiteral(" AND ") + sql::kindIs(GameKind::Mahjong, "g") +
        QStringLiteral(" AND g.duplicate_of IS NULL ORDER BY s.started_ms DESC%1, s.game_id LIMIT ? OFFSET ?")
            .arg(nullsLastSql(db_.backend())));
    q.addBindValue(qs(player));
    q.addBindValue(qs(player));
    q.addBindValue(limit);
    q.addBindValue(offset);
    return loadGamesOf(q, error);
}

std::vector<StoredGame> MahjongStore::gamesOfPair(const std::string& a, const std::string& b, int limit,
                                                  int offset, QString* error) const {
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT s1.game_id FROM game_seats AS s1"
                             " JOIN game_seats AS s2 ON s2.game_id = s1.game_id AND s2.seat <> s1.seat"
                             " JOIN games AS g ON g.id = s1.game_id"
                             " WHERE s1.player_id IN ") +
              sql::namesOf() + QStringLiteral(" AND s2.player_id IN ") + sql::namesOf() +
              QStringLiteral(" AND ") + sql::kindIs(GameKind::Mahjong, "g") +
              QStringLiteral(
                  " AND g.duplicate_of IS NULL ORDER BY s1.started_ms DESC%1, s1.game_id LIMIT ? OFFSET ?")
                  .arg(nullsLastSql(db_.backend())));
    for (const std::string* p : {&a, &a, &b, &b}) q.addBindValue(qs(*p));
    q.addBindValue(limit);
    q.addBindValue(offset);
    return loadGamesOf(q, error);
}

std::int64_t MahjongStore::mahjongGameCount(QString* error) const {
    const QVariant v =
        db_.scalar(QStringLiteral("SELECT count(*) FROM games WHERE ") + sql::kindIs(GameKind::Mahjong) +
                       QStringLiteral(" AND duplicate_of IS NULL"),
                   error);
    return v.isValid() ? v.toLongLong() : -1;
}

} // namespace tw::store
