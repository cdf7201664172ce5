#include "desk_work.h"

#include "case_queue_model.h"
#include "desk.h"
#include "desk_jobs.h"

namespace tw::ui {

bool startImport(models::Desk& desk, const QStringList& files) {
    return desk.isOpen() &&
           desk.run(pipeline::DeskJobs::importFiles(desk.databasePath(), files, desk.moderator()));
}

bool startAnalysis(models::Desk& desk) {
    return desk.isOpen() &&
           desk.run(pipeline::DeskJobs::analyse(desk.databasePath(), desk.thresholds(), desk.moderator()));
}

bool startXiangqiAnalysis(models::Desk& desk, const QString& enginePath, int depth) {
    return desk.isOpen() && desk.run(pipeline::DeskJobs::analyseXiangqi(
                                desk.databasePath(), desk.thresholds(), enginePath, depth, desk.moderator()));
}

bool startAuditCheck(models::Desk& desk) {
    return desk.isOpen() && desk.run(pipeline::DeskJobs::verifyAudit(desk.databasePath()));
}

bool startDemo(models::Desk& desk, const QString& path) {
    return desk.run(pipeline::DeskJobs::demo(path, &models::CaseQueueModel::rulesetText));
}

} // namespace tw::ui
