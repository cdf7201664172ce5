// xq/1 JSON Lines (SPEC §5.4): the line reader over the whole input; every accepted game is played through
// and written back (xq_exercise.h).
#include <string_view>

#include "xq_exercise.h"

using namespace tw::xq;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const Import im = readXqLines(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.jsonl");
    for (const Game& g : im.games) exerciseGame(g);
    for (const Rejection& r : im.rejections) FUZZ_CHECK(!r.reason.empty() && !r.message().empty());
    return 0;
}
