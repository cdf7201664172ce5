// Analysis of every game in a database (`tilewatch-cli scan --db`, the desk's Analyse): games are read
// in id order and analysed on every core; the seat fits are stored as they come, and at the end the
// flags and cases are written in one transaction with their audit row (CaseStore::saveAnalysis).
#pragma once

#include <QString>

#include <functional>

#include "case_store.h"
#include "corpus_scan.h"

namespace tw::store {
class Database;
}

namespace tw::pipeline {

using store::Database;
using store::SaveFlagsResult;

struct DbScanOptions {
    unsigned threads = 0; // 0: one per core
    // Games read per query; the seat fits analysed by then are stored after each (one transaction), so the
    // scan does not hold the corpus's fits. Tests make it small to cross many pages.
    int page = 2000;
    FitSettings fit;
    CollusionSettings collusion;
    SelfCalibration self;
    QString actor = QStringLiteral("tilewatch");
};

struct DbScanResult {
    ScanStats stats;
    std::vector<Flag> flags;
    SaveFlagsResult saved;
    bool cancelled = false;
    FitSettings fit;    // the settings and models the players were tested against
    ModelChoice models; // with the calibrations made on this scan
};

// `progress(done, total)` is called on the calling thread now and then; returning false cancels: the
// fits stored so far stay (they are a cache), flags and cases are left as they were. False with *error
// on a database error.
bool scanDatabase(Database& db, const DbScanOptions& options, DbScanResult* result, QString* error = nullptr,
                  const std::function<bool(long done, long total)>& progress = {});

// The engine and settings an analysis ran with, stored beside its results.
QString analysisMethod(const FitSettings& settings);

} // namespace tw::pipeline
