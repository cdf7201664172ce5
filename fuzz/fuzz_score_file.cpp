// Engine score files (`tilewatch-cli scores import`, the demo's scores): read, written and read back to
// the same text; every best move is read as ICCS as the score cache's users do. The import into a
// database (importScores) is not run here: it looks games up by id and recomputes their positions.
#include "fuzz_check.h"
#include "score_file.h"
#include "xiangqi/notation.h"

using namespace tw;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QByteArray text(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    const auto file = pipeline::readScoreFile(text, QStringLiteral("fuzz.scores"), &error);
    if (!file) {
        FUZZ_CHECK(!error.isEmpty());
        return 0;
    }
    for (const pipeline::GameScores& g : file->games)
        for (const engine::PositionScore& s : g.scores) xq::parseIccs(s.bestMove.toStdString());
    const QByteArray written = pipeline::writeScoreFile(*file);
    const auto back = pipeline::readScoreFile(written, QStringLiteral("again"), &error);
    FUZZ_CHECK(back.has_value());
    FUZZ_CHECK(pipeline::writeScoreFile(*back) == written);
    return 0;
}
