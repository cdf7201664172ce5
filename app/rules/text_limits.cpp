#include "text_limits.h"

namespace tw::limits {

std::string sizeText(std::size_t bytes) {
    if (bytes >= (std::size_t(1) << 20) && bytes % (std::size_t(1) << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= (std::size_t(1) << 10) && bytes % (std::size_t(1) << 10) == 0)
        return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string textProblem(std::string_view what, std::string_view value, std::size_t max) {
    if (value.size() > max)
        return std::string(what) + " is " + std::to_string(value.size()) +
               " bytes long, more than the limit of " + sizeText(max);
    if (value.find('\0') != std::string_view::npos)
        return std::string(what) + " holds a NUL character (U+0000), which no text field may hold";
    return {};
}

std::string recordTextProblem(const GameRecord& r) {
    std::string why = textProblem("the game id", r.id, kIdBytes);
    for (int s = 0; s < 4 && why.empty(); ++s)
        why = textProblem("the player name of seat " + std::to_string(s + 1), r.seats[s], kNameBytes);
    if (why.empty()) why = textProblem("the match id", r.match, kIdBytes);
    if (why.empty()) why = textProblem("started_at", r.startedAt, kTimeBytes);
    if (why.empty() && r.reports.size() > kReportsPerGame)
        why = "the game has " + std::to_string(r.reports.size()) + " reports, more than the limit of " +
              std::to_string(kReportsPerGame);
    for (std::size_t i = 0; i < r.reports.size() && why.empty(); ++i) {
        const std::string n = "report " + std::to_string(i + 1);
        why = textProblem(n + "'s reporter", r.reports[i].reporter, kNameBytes);
        if (why.empty()) why = textProblem(n + "'s accused", r.reports[i].accused, kNameBytes);
        if (why.empty()) why = textProblem(n + "'s reason", r.reports[i].reason, kTextBytes);
    }
    return why;
}

std::string sourceProblem(std::string_view source) {
    return textProblem("where the game was read (its file's name and place)", source, kSourceBytes);
}

std::string shortText(std::string_view text, std::size_t max) {
    if (text.size() <= max) return std::string(text);
    std::size_t cut = max;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return std::string(text.substr(0, cut)) + "\xe2\x80\xa6 (" + std::to_string(text.size()) + " bytes)";
}

} // namespace tw::limits
