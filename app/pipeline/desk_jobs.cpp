#include "desk_jobs.h"

#include "audit_log.h"
#include "database.h"
#include "db_scan.h"
#include "demo.h"
#include "importer.h"
#include "mahjong_store.h"
#include "xiangqi_scan.h"

namespace tw::pipeline {

namespace {

// The jobs write (games, fits, flags): a file damaged since the desk opened it is refused.
store::Database::Options writing() {
    store::Database::Options o;
    o.checkIntegrity = true;
    return o;
}

QString actorOr(const QString& actor) {
    return actor.isEmpty() ? QStringLiteral("tilewatch") : actor;
}

} // namespace

Job DeskJobs::importFiles(const QString& database, const QStringList& files, const QString& actor) {
    return [database, files, actor = actorOr(actor)](const WorkProgress& progress,
                                                     const std::atomic<bool>& cancel, QString* summary,
                                                     QStringList* problems) {
        progress(0, 0, tr("Importing"));
        store::Database db;
        if (!db.open(database, writing(), summary)) return false;
        store::MahjongStore games(db);
        games.setAuditActor(actor);
        Importer importer(games);
        importer.onProgress = [&](const ImportProgress& p) {
            progress(p.bytesDone, p.bytesTotal,
                     tr("Importing: %1 games stored, %2 rejected").arg(p.imported).arg(p.rejected));
            return !cancel.load();
        };
        importer.onRejected = [problems](const ImportRejection& r) {
            if (problems->size() < 1000) problems->push_back(r.message());
        };
        importer.onDuplicate = [problems](const ImportDuplicate& d) {
            if (problems->size() < 1000) problems->push_back(d.message());
        };
        QStringList chosen, names;
        if (!Importer::gameFiles(files, {}, &chosen, &names, summary))
            return false; // a file gone since chosen
        const ImportResult r = importer.importFiles(chosen, names);
        *summary = tr("Imported %1 games, %2 duplicates (counted once), rejected %3, already stored %4.")
                       .arg(r.imported)
                       .arg(r.duplicates)
                       .arg(r.rejected)
                       .arg(r.skipped);
        if (r.cancelled) *summary += QLatin1Char(' ') + tr("Cancelled; the batches stored before stay.");
        if (!r.error.isEmpty()) *summary += QLatin1Char(' ') + r.error;
        return r.error.isEmpty();
    };
}

Job DeskJobs::analyse(const QString& database, const Thresholds& thresholds, const QString& actor) {
    DbScanOptions o;
    o.fit.thresholds = thresholds.forKind(GameKind::Mahjong);
    o.collusion.thresholds = thresholds;
    o.actor = actorOr(actor);
    return [database, o](const WorkProgress& progress, const std::atomic<bool>& cancel, QString* summary,
                         QStringList*) {
        progress(0, 0, tr("Analysing"));
        store::Database db;
        if (!db.open(database, writing(), summary)) return false;
        DbScanResult r;
        const bool ok = scanDatabase(db, o, &r, summary, [&](long done, long total) {
            progress(done, total, tr("Analysing: %1 of %2 games").arg(done).arg(total));
            return !cancel.load();
        });
        if (!ok) return false;
        if (r.cancelled) {
            *summary = tr("Analysis cancelled; flags and cases are unchanged.");
            return true;
        }
        *summary = tr("Analysed %1 games: %2 flags (%3 new), %4 new cases.")
                       .arg(r.stats.games)
                       .arg(r.flags.size())
                       .arg(r.saved.flagsNew)
                       .arg(r.saved.casesNew);
        return true;
    };
}

Job DeskJobs::analyseXiangqi(const QString& database, const Thresholds& thresholds, const QString& enginePath,
                             int depth, const QString& actor) {
    XqScanOptions o;
    if (!enginePath.isEmpty()) o.engine.path = enginePath;
    if (depth > 0) o.engine.depth = depth;
    o.engine.multiPv = std::max(1, thresholds.of(GameKind::Xiangqi).multiPv);
    o.fit.player.thresholds = thresholds.forKind(GameKind::Xiangqi);
    o.actor = actorOr(actor);
    return [database, o](const WorkProgress& progress, const std::atomic<bool>& cancel, QString* summary,
                         QStringList*) {
        progress(0, 0, tr("Scoring xiangqi games"));
        store::Database db;
        if (!db.open(database, writing(), summary)) return false;
        XqScanResult r;
        const bool ok = scanXiangqi(
            db, o, &r, summary,
            [&](int done, int total) {
                progress(done, total,
                         tr("Scoring xiangqi games with the engine: %1 of %2").arg(done).arg(total));
            },
            &cancel);
        if (!ok) return false;
        if (r.cancelled) {
            *summary = tr("Xiangqi analysis cancelled; the games scored so far are kept, flags and cases are "
                          "unchanged.");
            return true;
        }
        *summary =
            tr("Scored %1 xiangqi games (%2 positions, %3 from the cache): %4 flags (%5 new), %6 new cases.")
                .arg(r.games)
                .arg(r.positions)
                .arg(r.cached)
                .arg(r.flags)
                .arg(r.saved.flagsNew)
                .arg(r.saved.casesNew);
        *summary +=
            QLatin1Char(' ') +
            (r.model.model ? tr("Players were tested against %1.").arg(QString::fromStdString(r.model.name))
                           : tr("The seed's line flagged (one engine line per position)."));
        if (r.model.mismatch())
            *summary += QLatin1Char(' ') +
                        tr("Warning: that model was calibrated at %1, this analysis searched at %2; its "
                           "error rate does not hold.")
                            .arg(r.model.limit, r.model.scanLimit);
        return true;
    };
}

Job DeskJobs::verifyAudit(const QString& database) {
    return [database](const WorkProgress& progress, const std::atomic<bool>&, QString* summary,
                      QStringList*) {
        progress(0, 0, tr("Verifying the audit trail"));
        store::Database db;
        if (!db.open(database, summary)) return false;
        QString error;
        const store::AuditCheck c = store::AuditLog(db).verify(&error);
        if (!error.isEmpty()) {
            *summary = tr("The audit trail could not be read: %1").arg(error);
            return false;
        }
        if (c.ok) {
            *summary = tr("The audit trail is intact: %1 rows checked.").arg(c.rows);
            return true;
        }
        *summary = c.brokenRow ? tr("The audit trail is broken at row %1: %2").arg(c.brokenRow).arg(c.reason)
                               : tr("The audit trail is broken: %1").arg(c.reason);
        return false;
    };
}

Job DeskJobs::demo(const QString& path, const std::function<QString(const QString&)>& rulesetText) {
    return [path, rulesetText](const WorkProgress& progress, const std::atomic<bool>& cancel,
                               QString* summary, QStringList*) {
        progress(0, 0, tr("Creating the demo database"));
        QString note;
        const bool ok = createDemoDatabase(
            path, summary,
            [&](int done, int total, const QString& what) {
                progress(done, total, what);
                return !cancel.load();
            },
            &note, rulesetText);
        if (ok)
            *summary = note.isEmpty() ? tr("Demo database ready.") : tr("Demo database ready. %1").arg(note);
        return ok;
    };
}

} // namespace tw::pipeline
