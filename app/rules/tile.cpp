#include "tile.h"

#include <algorithm>

namespace tw {

std::string kindName(Kind k) {
    return {char('0' + numberOf(k)), suitLetter(suitOf(k))};
}

namespace {
std::string describe(char c) {
    if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
    static const char* hex = "0123456789abcdef";
    auto u = static_cast<unsigned char>(c);
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}
} // namespace

std::optional<std::vector<Kind>> parseTiles(std::string_view text, NotationError* error,
                                            std::vector<std::size_t>* positions) {
    std::vector<Kind> out;
    std::vector<std::pair<int, std::size_t>> pending; // digits waiting for their suit letter
    auto fail = [&](std::size_t pos, std::string msg) -> std::optional<std::vector<Kind>> {
        if (error) *error = {pos, std::move(msg)};
        return std::nullopt;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c >= '1' && c <= '9') {
            pending.emplace_back(c - '0', i);
        } else if (c == 'm' || c == 'p' || c == 's' || c == 'z') {
            if (pending.empty())
                return fail(i, "suit letter '" + std::string(1, c) + "' at position " + std::to_string(i) +
                                   " has no digits before it");
            Suit s = c == 'm' ? Suit::Man : c == 'p' ? Suit::Pin : c == 's' ? Suit::Sou : Suit::Honor;
            for (auto [n, pos] : pending) {
                if (s == Suit::Honor && n > 7)
                    return fail(pos, "honour " + std::to_string(n) + "z at position " + std::to_string(pos) +
                                         " does not exist (honours are 1z-7z)");
                out.push_back(kindOf(s, n));
                if (positions) positions->push_back(pos);
            }
            pending.clear();
        } else if (c == ' ' || c == '\t') {
            if (!pending.empty())
                return fail(i, "space at position " + std::to_string(i) +
                                   " splits digits from their suit letter");
        } else if (c == '0') {
            return fail(i, "unexpected '0' at position " + std::to_string(i) + " (tile numbers are 1-9)");
        } else {
            return fail(i, "unexpected " + describe(c) + " at position " + std::to_string(i));
        }
    }
    if (!pending.empty()) {
        std::size_t pos = pending.back().second;
        return fail(text.size(), "digits at position " + std::to_string(pending.front().second) + "-" +
                                     std::to_string(pos) + " have no suit letter (m, p, s or z)");
    }
    return out;
}

std::optional<Counts> parseCounts(std::string_view text, NotationError* error) {
    std::vector<std::size_t> positions;
    auto kinds = parseTiles(text, error, &positions);
    if (!kinds) return std::nullopt;
    Counts c{};
    for (std::size_t i = 0; i < kinds->size(); ++i) {
        const Kind k = (*kinds)[i];
        if (++c[k] > 4) {
            if (error)
                *error = {positions[i], "a fifth copy of " + kindName(k) + " at position " +
                                            std::to_string(positions[i]) + " (there are four of each)"};
            return std::nullopt;
        }
    }
    return c;
}

std::string formatTiles(const Counts& counts) {
    std::string out;
    for (int s = 0; s < 4; ++s) {
        bool any = false;
        for (int n = 0; n < (s == 3 ? 7 : 9); ++n)
            for (int i = 0; i < counts[s * 9 + n]; ++i) out += char('1' + n), any = true;
        if (any) out += suitLetter(static_cast<Suit>(s));
    }
    return out;
}

std::string formatKinds(const std::vector<Kind>& kinds) {
    Counts c{};
    for (Kind k : kinds) ++c[k];
    return formatTiles(c);
}

int tileCount(const Counts& counts) {
    int n = 0;
    for (auto v : counts) n += v;
    return n;
}

} // namespace tw
