// Tenhou records (issue 17): mjlog XML, tenhou.net/6 JSON or mjai JSON Lines, told apart as the importer
// tells them; every match read goes through what the import does with it: one ops/1 record per hand, the
// riichi replay and scoring, the check against Tenhou's own result, and the record's line read back.
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "ops_codec.h"
#include "replay.h"
#include "tenhou/mjai.h"
#include "tenhou/mjlog.h"
#include "tenhou/tenhou6.h"
#include "tenhou/to_records.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    const std::string_view line = text.substr(0, text.find('\n'));
    const tenhou::ReadResult read =
        first != std::string_view::npos && text[first] == '<' ? tenhou::readMjlog(text)
        : line.find("\"type\"") != std::string_view::npos     ? tenhou::readMjai(text)
                                                              : tenhou::readTenhou6(text);
    FUZZ_CHECK(read.match.has_value() != !read.error.empty());
    if (!read.match) return 0;
    const std::vector<GameRecord> hands = tenhou::toRecords(*read.match, "2010081709gm-00a9-0000-fe3371ad");
    FUZZ_CHECK(hands.size() == read.match->hands.size());
    for (std::size_t i = 0; i < hands.size(); ++i) {
        Replay replay(hands[i]);
        const bool valid = replay.runToEnd();
        FUZZ_CHECK(valid || (replay.error() && !replay.error()->reason.empty()));
        if (valid) tenhou::checkHand(replay, read.match->hands[i]);
        summarize(replay);
        replay.seek(replay.size() / 2);
        const std::string ops = writeOpsLine(hands[i]);
        GameRecord back;
        OpsRejection why;
        FUZZ_CHECK(readOpsLine(ops, back, why));
        FUZZ_CHECK(back == hands[i]);
    }
    return 0;
}
