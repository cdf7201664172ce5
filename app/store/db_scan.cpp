#include "db_scan.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <thread>

#include "database.h"
#include "fit_store.h"
#include "game_store.h"

namespace tw::store {

namespace {
constexpr int kPage = 2000;
}

QString analysisMethod(const FitSettings& s) {
    return QStringLiteral("tilewatch-engine shanten+ukeire; skip %1, early %2@%3, late wall<%4@%5, min %6, line %7")
        .arg(s.skipFirstDiscards)
        .arg(s.earlyUntil)
        .arg(s.earlyWeight)
        .arg(s.lateWallBelow)
        .arg(s.lateWeight)
        .arg(s.minCountedDiscards)
        .arg(s.flagLine);
}

bool scanDatabase(Database& db, const DbScanOptions& options, DbScanResult* result, QString* error,
                  const std::function<bool(long, long)>& progress) {
    DbScanResult r;
    GameStore games(db);
    FitStore fits(db);
    const long total = games.mahjongGameCount(error);
    if (total < 0) return false;
    const unsigned threads = options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    const QString method = analysisMethod(options.fit);
    CorpusScan scan(threads, options.fit, true);
    std::string after;
    long read = 0;
    for (;;) {
        QString why;
        std::vector<StoredGame> page = games.gamesAfter(after, kPage, &why);
        if (!why.isEmpty()) {
            if (error) *error = why;
            scan.finish();
            return false;
        }
        if (page.empty()) break;
        after = page.back().record.id;
        for (StoredGame& g : page) scan.push(std::move(g.record));
        read += long(page.size());
        if (!fits.save(scan.takeSeatFits(), method, error)) {
            scan.finish();
            return false;
        }
        if (progress && !progress(scan.analysed(), total)) {
            scan.finish();
            r.cancelled = true;
            if (result) *result = std::move(r);
            return true;
        }
    }
    r.stats = scan.finish();
    if (!fits.save(scan.takeSeatFits(), method, error)) return false;
    if (progress) progress(r.stats.games, total);
    r.flags = r.stats.flags(options.fit, options.collusion);
    const QJsonObject detail{{"games", double(r.stats.games)}, {"invalid", double(r.stats.invalid)},
                             {"flags", double(r.flags.size())}, {"method", method}};
    if (!CaseStore(db).saveAnalysis(r.flags, options.actor,
                                    QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)), &r.saved,
                                    error))
        return false;
    if (result) *result = std::move(r);
    return true;
}

}  // namespace tw::store
