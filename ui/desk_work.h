// The desk's long work, built by the pipeline from what the desk holds (its database, moderator and lines)
// and run by the desk on its worker thread. False when nothing started (other work runs, or no database is
// open where one is needed).
#pragma once

#include <QString>
#include <QStringList>

namespace tw::models {
class Desk;
}

namespace tw::ui {

bool startImport(models::Desk& desk, const QStringList& files);
bool startAnalysis(models::Desk& desk);
// Empty path and depth 0: the SPEC's engine and depth.
bool startXiangqiAnalysis(models::Desk& desk, const QString& enginePath = {}, int depth = 0);
// Verifies the audit trail on the worker thread (the result comes with workFinished).
bool startAuditCheck(models::Desk& desk);
// Creates the demo database at `path` (the desk opens it afterwards: MainWindow::workFinished).
bool startDemo(models::Desk& desk, const QString& path);

} // namespace tw::ui
