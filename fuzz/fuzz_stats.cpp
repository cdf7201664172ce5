// The statistics files of `scan --emit-stats`, as `scan --merge-stats` reads them: merged, turned into
// flags and player summaries, written again, and that text read back to the same text.
#include <sstream>

#include "fuzz_check.h"
#include "stats_io.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    ScanStats stats;
    std::string error;
    if (!readStats(in, stats, &error)) {
        FUZZ_CHECK(!error.empty());
        return 0;
    }
    stats.flags();
    stats.fits.players();
    std::ostringstream out;
    writeStats(out, stats);
    std::istringstream again(out.str());
    ScanStats back;
    FUZZ_CHECK(readStats(again, back, &error));
    std::ostringstream out2;
    writeStats(out2, back);
    FUZZ_CHECK(out2.str() == out.str());
    return 0;
}
