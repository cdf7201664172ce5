// The desk's long work (File → Import games, Analyse all games, Analyse xiangqi games, the demo database on
// first run) as jobs for models::Desk::run, which runs one at a time on a worker thread and reloads the
// queue when it ends. Each job opens its own connection on the database file (the worker's thread owns it;
// a damaged file is refused before anything is written), reports progress, reads the cancel flag between
// steps, and says what it did in a sentence. Ring 3 builds them from the desk's state and hands them over,
// so the desk's models need neither the engine nor the simulator.
#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>

#include "thresholds.h"

namespace tw::pipeline {

using WorkProgress = std::function<void(qint64 done, qint64 total, const QString& what)>;
// True when the work is done (or was cancelled cleanly); *summary in either case, *problems for the rows
// a moderator should see (an import's rejected and duplicate records).
using Job = std::function<bool(const WorkProgress& progress, const std::atomic<bool>& cancel,
                               QString* summary, QStringList* problems)>;

class DeskJobs : public QObject {
    Q_OBJECT
  public:
    // `actor`: who the audit rows name; empty: "tilewatch".
    static Job importFiles(const QString& database, const QStringList& files, const QString& actor);
    // Flags at `thresholds` (mahjong's own lines; one flagQ for the play tests and the pairs).
    static Job analyse(const QString& database, const Thresholds& thresholds, const QString& actor);
    // Scored by fairy-stockfish (empty path and depth 0: SPEC defaults) through the cache, keeping
    // xiangqi's thresholds.of(…).multiPv lines per position (with 2 or more, tested against the xiangqi model
    // in force: the newest `calibrate --xiangqi --store`, else the built-in one); flags at xiangqi's lines.
    static Job analyseXiangqi(const QString& database, const Thresholds& thresholds,
                              const QString& enginePath, int depth, const QString& actor);
    // Checks the audit trail's chain and the decisions against it (store::AuditLog::verify): false with the
    // broken row and the reason in *summary when it is broken. Reads only; on its own connection so that
    // a long chain never freezes the desk.
    static Job verifyAudit(const QString& database);
    // Simulates, imports and analyses a demo database at `path` (createDemoDatabase).
    static Job demo(const QString& path, const std::function<QString(const QString&)>& rulesetText = {});
};

} // namespace tw::pipeline
