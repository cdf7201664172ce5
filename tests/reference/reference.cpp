#include "reference.h"

#include <algorithm>
#include <functional>

namespace tw::ref {

namespace {

// Structure s: 0-33 pung of kind s, 34-54 chow starting at the s-34th chowable kind.
int chowStart(int s) {
    const int i = s - 34;
    return (i / 7) * 9 + i % 7;
}

} // namespace

int regularDistance(const Counts& c, int sets, bool capped) {
    int best = 3 * sets + 2;
    Counts target{};
    const int cap = capped ? 4 : 99;
    // Adding a kind to the target costs a draw unless a held copy is still unused.
    auto addCost = [&](int k) { return target[k] >= c[k] ? 1 : 0; };
    std::function<void(int, int, int)> dfs = [&](int left, int from, int cost) {
        if (cost >= best) return;
        if (left == 0) {
            for (int k = 0; k < kKinds; ++k) {
                if (target[k] + 2 > cap) continue;
                int add = addCost(k);
                ++target[k];
                add += addCost(k);
                --target[k];
                best = std::min(best, cost + add);
            }
            return;
        }
        for (int s = from; s < 55; ++s) {
            if (s < 34) {
                if (target[s] + 3 > cap) continue;
                int add = 0;
                for (int j = 0; j < 3; ++j) add += addCost(s), ++target[s];
                dfs(left - 1, s, cost + add);
                target[s] -= 3;
            } else {
                const int k = chowStart(s);
                if (target[k] + 1 > cap || target[k + 1] + 1 > cap || target[k + 2] + 1 > cap) continue;
                int add = 0;
                for (int j = 0; j < 3; ++j) add += addCost(k + j), ++target[k + j];
                dfs(left - 1, s, cost + add);
                for (int j = 0; j < 3; ++j) --target[k + j];
            }
        }
    };
    dfs(sets, 0, 0);
    return best;
}

int shantenRegular(const Counts& c, int sets) {
    return regularDistance(c, sets, true) - 1;
}

int shantenPairs(const Counts& c) {
    std::array<int, kKinds> have{};
    for (int k = 0; k < kKinds; ++k) have[k] = std::min<int>(c[k], 2);
    std::sort(have.begin(), have.end(), std::greater<>());
    int draws = 0;
    for (int i = 0; i < 7; ++i) draws += 2 - have[i];
    return draws - 1;
}

bool isRegularWin(const Counts& c, int sets) {
    Counts w = c;
    std::function<bool(int, bool)> rec = [&](int left, bool pair) -> bool {
        int i = 0;
        while (i < kKinds && !w[i]) ++i;
        if (i == kKinds) return left == 0 && !pair;
        if (pair && w[i] >= 2) {
            w[i] -= 2;
            bool ok = rec(left, false);
            w[i] += 2;
            if (ok) return true;
        }
        if (left == 0) return false;
        if (w[i] >= 3) {
            w[i] -= 3;
            bool ok = rec(left - 1, pair);
            w[i] += 3;
            if (ok) return true;
        }
        if (i < 27 && i % 9 <= 6 && w[i + 1] && w[i + 2]) {
            --w[i], --w[i + 1], --w[i + 2];
            bool ok = rec(left - 1, pair);
            ++w[i], ++w[i + 1], ++w[i + 2];
            if (ok) return true;
        }
        return false;
    };
    return rec(sets, true);
}

bool isRegularWinBySubstitution(Counts c, int wilds, int sets) {
    if (wilds == 0) return isRegularWin(c, sets);
    for (int k = 0; k < kKinds; ++k) {
        ++c[k]; // a wildcard may stand for a fifth copy
        const bool ok = isRegularWinBySubstitution(c, wilds - 1, sets);
        --c[k];
        if (ok) return true;
    }
    return false;
}

} // namespace tw::ref
