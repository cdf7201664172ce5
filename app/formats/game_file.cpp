#include "game_file.h"

#include <filesystem>

#include "ops_codec.h"
#include "tenhou/match_file.h"

namespace tw {

void GameFileReader::read(std::istream& in, const std::string& file) const {
    if (const auto format = tenhou::matchFormatOf(in); format != tenhou::MatchFormat::None) {
        std::string bytes, tooLarge;
        tenhou::MatchRecords m;
        if (!tenhou::readMatchText(in, bytes, &tooLarge))
            m.error = tooLarge;
        else
            m = tenhou::readMatchFile(bytes, format, std::filesystem::path(file).stem().string());
        if (!m.error.empty()) rejected(file + ": " + m.error);
        for (const tenhou::HandRejection& r : m.rejected) rejected(file + ": " + r.message());
        for (std::size_t i = 0; i < m.games.size(); ++i) game(std::move(m.games[i]), i + 1);
        return;
    }
    OpsReader reader(in);
    OpsItem item;
    while (reader.next(item)) {
        if (item.ok)
            game(std::move(item.game), item.line);
        else
            rejected(file + ":" + item.rejection.message());
    }
}

} // namespace tw
