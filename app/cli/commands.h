#pragma once

#include <QString>

#include <memory>
#include <string>

#include "visible_text.h"

class QCoreApplication;

namespace tw::cli {

// Outside text (ids, names, reasons, messages quoting them) for a terminal: controls shown escaped.
inline std::string terminalText(const QString& s) {
    return visibleText(s.toStdString());
}

// Each returns the process exit status: 0 success, 1 some input rejected, 2 bad usage (SPEC §6).
int runHand(int argc, char** argv);
int runImport(int argc, char** argv);
int runShow(int argc, char** argv);
int runSimulate(int argc, char** argv);
int runScan(int argc, char** argv);
int runAudit(int argc, char** argv);
int runReport(int argc, char** argv);
int runScores(int argc, char** argv);
int runPlayers(int argc, char** argv);
int runCases(int argc, char** argv);
int runCalibrate(int argc, char** argv);

// A QGuiApplication (offscreen when headless) for `report`, which draws; a QCoreApplication otherwise.
std::unique_ptr<QCoreApplication> applicationFor(int& argc, char** argv);

} // namespace tw::cli
