// ops/1 (SPEC §3): the stream reader over the whole input, then for every accepted game what the import
// and the scan do with it: replay to the end, summary, analysis, and the canonical line read back.
#include <sstream>

#include "fuzz_check.h"
#include "game_analysis.h"
#include "ops_codec.h"
#include "replay.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    OpsReaderOptions options;
    options.maxLineBytes = 1 << 16; // the limit's path without megabyte inputs
    OpsReader reader(in, options);
    OpsItem item;
    while (reader.next(item)) {
        if (!item.ok) {
            FUZZ_CHECK(!item.rejection.reason.empty());
            continue;
        }
        const GameRecord& g = item.game;
        Replay replay(g);
        const bool valid = replay.runToEnd();
        FUZZ_CHECK(valid || (replay.error() && !replay.error()->reason.empty()));
        summarize(replay);
        replay.seek(replay.size() / 2);
        const GameAnalysis a = analyzeGame(g);
        FUZZ_CHECK(a.valid == valid);
        const std::string line = writeOpsLine(g);
        GameRecord back;
        OpsRejection why;
        FUZZ_CHECK(readOpsLine(line, back, why));
        FUZZ_CHECK(writeOpsLine(back) == line);
    }
    return 0;
}
