// The statistics files of `scan --emit-stats`, as `scan --merge-stats` reads them: merged, turned into
// flags and player summaries, written again, and that text read back and written to the same text from
// the second time on (a fit of -0 is written "-0", which JSON reads as the integer 0).
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
    auto rewrite = [&](const std::string& text) {
        std::istringstream again(text);
        ScanStats back;
        FUZZ_CHECK(readStats(again, back, &error));
        std::ostringstream written;
        writeStats(written, back);
        return written.str();
    };
    const std::string second = rewrite(out.str());
    FUZZ_CHECK(rewrite(second) == second);
    return 0;
}
