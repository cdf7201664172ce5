#pragma once

namespace tw::cli {

// Each returns the process exit status: 0 success, 1 some input rejected, 2 bad usage (SPEC §6).
int runHand(int argc, char** argv);
int runImport(int argc, char** argv);
int runShow(int argc, char** argv);
int runSimulate(int argc, char** argv);
int runScan(int argc, char** argv);

}  // namespace tw::cli
