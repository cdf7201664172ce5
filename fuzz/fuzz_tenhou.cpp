// Tenhou records: mjlog XML, tenhou.net/6 JSON or mjai JSON Lines, told apart as the importer
// tells them; every match read goes through what the import does with it: one ops/1 record per hand, the
// riichi replay and scoring, the check against Tenhou's own result, and the record's line read back.
#include <iterator>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "ops_codec.h"
#include "replay.h"
#include "tenhou/mjai.h"
#include "tenhou/mjlog.h"
#include "tenhou/tenhou6.h"
#include "tenhou/to_records.h"
#include "text_limits.h"

using namespace tw;

namespace {

// What every reader's answer keeps to, whatever the input (rules/text_limits.h): a match's names within
// their limit and without NUL, its hands within theirs, and an error that never echoes a large input.
void checkLimits(const tenhou::ReadResult& read) {
    FUZZ_CHECK(read.match.has_value() != !read.error.empty());
    FUZZ_CHECK(read.error.size() <= 2 * limits::kTextBytes);
    if (!read.match) return;
    for (const tenhou::Player& p : read.match->players)
        FUZZ_CHECK(limits::textProblem("name", p.name, limits::kNameBytes).empty());
    FUZZ_CHECK(read.match->hands.size() <= limits::kMatchHands);
}

// The input with its first attribute value (the text between the first =" and the next ") made `size` bytes
// long: megabyte attributes through libexpat without megabyte inputs to mutate.
std::string withLargeAttribute(std::string_view text, std::size_t size) {
    const std::size_t open = text.find("=\"");
    if (open == std::string_view::npos) return {};
    const std::size_t from = open + 2, to = text.find('"', from);
    if (to == std::string_view::npos) return {};
    std::string value(text.substr(from, to - from));
    if (value.empty()) value = "A";
    std::string out(text.substr(0, from));
    out.reserve(text.size() + size);
    while (out.size() - from + value.size() <= size) out += value;
    out.append(size - (out.size() - from), 'A');
    out += text.substr(to);
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (!text.empty() && text.find_first_not_of(" \t\r\n") != std::string_view::npos &&
        text[text.find_first_not_of(" \t\r\n")] == '<') {
        // Around each limit: a name at and just over its raw limit, an attribute just over its own, 64 KiB,
        // 3 MiB (within the file limit: one input in eight, the slowest) and past the file limit; which one,
        // the input's length decides.
        static const std::size_t sizes[] = {3 * limits::kNameBytes,      3 * limits::kNameBytes + 1,
                                            limits::kTextBytes + 1,      std::size_t(1) << 16,
                                            limits::kTextBytes,          std::size_t(3) << 20,
                                            limits::kMatchFileBytes + 1, std::size_t(1) << 12};
        const std::string large = withLargeAttribute(text, sizes[size % std::size(sizes)]);
        if (!large.empty()) checkLimits(tenhou::readMjlog(large));
    }
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    const std::string_view line = text.substr(0, text.find('\n'));
    const tenhou::ReadResult read =
        first != std::string_view::npos && text[first] == '<' ? tenhou::readMjlog(text)
        : line.find("\"type\"") != std::string_view::npos     ? tenhou::readMjai(text)
                                                              : tenhou::readTenhou6(text);
    checkLimits(read);
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
        FUZZ_CHECK(limits::recordTextProblem(hands[i]).empty());
        const std::string ops = writeOpsLine(hands[i]);
        GameRecord back;
        OpsRejection why;
        FUZZ_CHECK(readOpsLine(ops, back, why));
        FUZZ_CHECK(back == hands[i]);
    }
    return 0;
}
