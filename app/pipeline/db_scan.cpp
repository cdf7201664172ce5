#include "db_scan.h"

#include "model_store.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <thread>

#include "database.h"
#include "fit_store.h"
#include "mahjong_store.h"

namespace tw::pipeline {

using namespace tw::store;

QString analysisMethod(const FitSettings& s) {
    return QStringLiteral(
               "tilewatch-engine shanten+ukeire; skip %1, early %2@%3, late wall<%4@%5, min %6, line %7")
        .arg(s.skipFirstDiscards)
        .arg(s.earlyUntil)
        .arg(s.earlyWeight)
        .arg(s.lateWallBelow)
        .arg(s.lateWeight)
        .arg(s.thresholds.minCountedDiscards)
        .arg(s.thresholds.flagLine);
}

namespace {
// The model of each ruleset: one `calibrate --db` wrote, else the database's own population when it is
// large enough (`needSelf`: a first pass collects the decisions, a second tests every player), else the
// built-in.
bool putModelsInForce(Database& db, bool selfEnabled, FitSettings& fit, bool& needSelf, QString* error) {
    ModelStore modelStore(db);
    for (int rs = 0; rs < kRulesetCount; ++rs) {
        QString why;
        if (const auto m = modelStore.inForce(static_cast<RulesetId>(rs), &why)) {
            fit.reference[rs] = m->model;
            fit.models[rs] = m->name();
        } else if (!why.isEmpty()) {
            if (error) *error = why;
            return false;
        } else {
            needSelf = selfEnabled;
        }
    }
    return true;
}
} // namespace

bool scanDatabase(Database& db, const DbScanOptions& options, DbScanResult* result, QString* error,
                  const std::function<bool(long, long)>& progress) {
    DbScanResult r;
    MahjongStore games(db);
    FitStore fits(db);
    const long total = games.mahjongGameCount(error);
    if (total < 0) return false;
    const unsigned threads =
        options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    FitSettings fit = options.fit;
    bool needSelf = false;
    if (!putModelsInForce(db, options.self.enabled, fit, needSelf, error)) return false;
    const QString method = analysisMethod(fit);
    // One pass over every stored game; false on a database error or when cancelled (r.cancelled).
    auto pass = [&](const FitSettings& settings, bool first, ScanStats* out) {
        CorpusScan scan(threads, settings, first, first && needSelf, !first);
        std::string after;
        for (;;) {
            QString why;
            std::vector<StoredGame> page = games.gamesAfter(after, std::max(1, options.page), &why);
            if (!why.isEmpty()) {
                if (error) *error = why;
                scan.finish();
                return false;
            }
            if (page.empty()) break;
            after = page.back().record.id;
            for (StoredGame& g : page) scan.push(std::move(g.record));
            if (first && !fits.save(scan.takeSeatFits(), method, error)) {
                scan.finish();
                return false;
            }
            // A second pass (testing against the model the first calibrated) runs the bar again.
            if (progress && !progress(scan.analysed(), total)) {
                scan.finish();
                r.cancelled = true;
                return false;
            }
        }
        *out = scan.finish();
        return !first || fits.save(scan.takeSeatFits(), method, error);
    };
    if (!pass(fit, true, &r.stats)) {
        if (r.cancelled && result) *result = std::move(r);
        return r.cancelled;
    }
    QVector<StoredModel> calibrated;
    if (needSelf) {
        SelfCalibration self = options.self;
        ModelChoice choice = chooseModels(r.stats, fit, self);
        for (int rs = 0; rs < kRulesetCount; ++rs)
            if (choice.calibration[rs] && fit.builtin(rs))
                calibrated.push_back(modelOf(static_cast<RulesetId>(rs), *choice.calibration[rs],
                                             choice.decisions[rs], QStringLiteral("scan")));
            else // a model in force (or too few players): what the first pass used stands
                choice.fit.reference[rs] = fit.reference[rs], choice.fit.models[rs] = fit.models[rs],
                choice.calibration[rs].reset();
        r.models = choice;
        // Fitted: free the sample, and the first pass's fits before the second's (the peak held both). The
        // second pass works out the fits alone: nothing else the first kept depends on the model.
        for (DecisionSampler& d : r.stats.decisions) d = {};
        if (!calibrated.isEmpty()) {
            fit = choice.fit;
            r.stats.fits = {};
            ScanStats refit;
            if (!pass(fit, false, &refit)) {
                if (r.cancelled && result) *result = std::move(r);
                return r.cancelled;
            }
            r.stats.takeFits(std::move(refit));
        }
    } else {
        r.models.fit = fit;
    }
    if (progress) progress(r.stats.games, total);
    r.fit = fit;
    r.flags = r.stats.flags(fit, options.collusion);
    const QJsonObject detail{{"games", double(r.stats.games)},
                             {"invalid", double(r.stats.invalid)},
                             {"flags", double(r.flags.size())},
                             {"method", method}};
    if (!CaseStore(db).saveAnalysis(r.flags, options.actor,
                                    QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)),
                                    &r.saved, error, AnalysisScope::Mahjong, &calibrated))
        return false;
    // The flags as stored: a model calibrated here is named by its row.
    nameCalibratedModels(r.flags, calibrated);
    if (result) *result = std::move(r);
    return true;
}

} // namespace tw::pipeline
