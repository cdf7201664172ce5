#pragma once

#include <memory>

class QCoreApplication;

namespace tw::cli {

// Each returns the process exit status: 0 success, 1 some input rejected, 2 bad usage (SPEC §6).
int runHand(int argc, char** argv);
int runImport(int argc, char** argv);
int runShow(int argc, char** argv);
int runSimulate(int argc, char** argv);
int runScan(int argc, char** argv);
int runAudit(int argc, char** argv);
int runReport(int argc, char** argv);
int runScores(int argc, char** argv);
int runCases(int argc, char** argv);

// A QGuiApplication (offscreen when headless) for `report`, which draws; a QCoreApplication otherwise.
std::unique_ptr<QCoreApplication> applicationFor(int& argc, char** argv);

}  // namespace tw::cli
