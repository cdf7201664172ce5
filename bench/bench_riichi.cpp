// Riichi throughput: reading the real Tenhou matches of peer-data/tenhou-mjx in each format —
// the reader, the conversion to our records, the replay and the check of every hand against Tenhou's own
// result (tenhou::readMatchFile, what import does before it stores) — and the analysis of the same hands
// (analyzeGame under HandRules::riichi()), beside the Xinchang analysis of simulated games in the same run
// as the reference. Not a unit test.
//   build/bin/bench_riichi [--rounds N] [--xinchang-games N] [--write DIR]
// --write DIR also writes each match as DIR/tenhou6/<id>.json and DIR/mjai/<id>.mjson, for timing
// `tilewatch-cli import` (the store write included) on each format.
// The tenhou.net/6 and mjai texts are written from the mjlog matches first (writeTenhou6, writeMjai; not
// timed). Each figure is the median of N rounds (default 5) on one thread; wall time.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>
#include <vector>

#include "game_analysis.h"
#include "simulator.h"
#include "tenhou/match_file.h"
#include "tenhou/mjai.h"
#include "tenhou/mjlog.h"
#include "tenhou/tenhou6.h"

using namespace tw;

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

template <class F> double seconds(F f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

int main(int argc, char** argv) {
    int rounds = 5, xinchangGames = 2000;
    std::string writeDir;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--rounds") rounds = std::max(1, std::atoi(argv[i + 1]));
        if (a == "--xinchang-games") xinchangGames = std::max(1, std::atoi(argv[i + 1]));
        if (a == "--write") writeDir = argv[i + 1];
    }
    const QString dir = QStringLiteral(TW_PEER_DATA "/tenhou-mjx");
    const QRegularExpression copy(QStringLiteral("-no-(game|round)-end\\.mjlog$")); // marked copies
    struct File {
        std::string id, mjlog, tenhou6, mjai;
    };
    std::vector<File> files;
    for (const QString& name : QDir(dir).entryList({QStringLiteral("*.mjlog")}, QDir::Files, QDir::Name)) {
        if (copy.match(name).hasMatch()) continue;
        QFile f(dir + u'/' + name);
        if (!f.open(QIODevice::ReadOnly))
            return std::fprintf(stderr, "cannot read %s\n", qPrintable(name)), 1;
        File file{QFileInfo(name).completeBaseName().toStdString(), f.readAll().toStdString(), {}, {}};
        const tenhou::ReadResult m = tenhou::readMjlog(file.mjlog);
        if (!m.match) return std::fprintf(stderr, "%s: %s\n", qPrintable(name), m.error.c_str()), 1;
        file.tenhou6 = tenhou::writeTenhou6(*m.match);
        file.mjai = tenhou::writeMjai(*m.match);
        if (!writeDir.empty()) {
            for (const auto& [sub, suffix, text] :
                 {std::tuple{"tenhou6", ".json", &file.tenhou6}, std::tuple{"mjai", ".mjson", &file.mjai}}) {
                QDir().mkpath(QString::fromStdString(writeDir + "/" + sub));
                QFile out(QString::fromStdString(writeDir + "/" + sub + "/" + file.id + suffix));
                if (!out.open(QIODevice::WriteOnly) || out.write(text->data(), qint64(text->size())) < 0)
                    return std::fprintf(stderr, "cannot write %s\n", qPrintable(out.fileName())), 1;
            }
        }
        files.push_back(std::move(file));
    }
    if (files.empty()) return std::fputs("no real mjlog file in peer-data/tenhou-mjx\n", stderr), 1;

    std::vector<GameRecord> hands;
    auto readAll = [&](std::string File::*text, tenhou::MatchFormat format) {
        std::vector<GameRecord> out;
        for (const File& f : files) {
            tenhou::MatchRecords m = tenhou::readMatchFile(f.*text, format, f.id);
            if (!m.error.empty() || !m.rejected.empty()) {
                std::fprintf(stderr, "%s: %s\n", f.id.c_str(),
                             m.error.empty() ? m.rejected.front().message().c_str() : m.error.c_str());
                std::exit(1);
            }
            for (GameRecord& g : m.games) out.push_back(std::move(g));
        }
        return out;
    };
    const struct {
        const char* name;
        std::string File::*text;
        tenhou::MatchFormat format;
    } formats[] = {{"mjlog", &File::mjlog, tenhou::MatchFormat::Mjlog},
                   {"tenhou.net/6", &File::tenhou6, tenhou::MatchFormat::Tenhou6},
                   {"mjai", &File::mjai, tenhou::MatchFormat::Mjai}};
    std::printf("%zu real matches; median of %d rounds, one thread\n", files.size(), rounds);
    for (const auto& f : formats) {
        std::vector<double> t;
        std::size_t n = 0;
        for (int r = 0; r < rounds; ++r) t.push_back(seconds([&] { n = readAll(f.text, f.format).size(); }));
        std::size_t bytes = 0;
        for (const File& file : files) bytes += (file.*f.text).size();
        std::printf("read+convert+replay+check %-13s %4zu hands, %5.1f MB: %8.0f hands/s\n", f.name, n,
                    bytes / 1e6, n / median(t));
    }
    hands = readAll(&File::mjlog, tenhou::MatchFormat::Mjlog);

    std::vector<GameRecord> xinchang;
    sim::SimOptions o;
    o.ruleset = RulesetId::Xinchang, o.games = xinchangGames, o.seed = 7, o.players = 60;
    sim::Simulator(o).run([&](const GameRecord& g) { xinchang.push_back(g); });

    auto analyse = [&](const std::vector<GameRecord>& games, const char* name) {
        std::vector<double> t;
        long decisions = 0;
        for (int r = 0; r < rounds; ++r) {
            long d = 0;
            t.push_back(seconds([&] {
                for (const GameRecord& g : games) {
                    const GameAnalysis a = analyzeGame(g);
                    for (const DiscardAnalysis& x : a.discards) d += x.weight > 0;
                }
            }));
            decisions = d;
        }
        const double s = median(t);
        std::printf("analysis %-28s %5zu hands: %8.0f hands/s, %9.0f counted decisions/s (%ld decisions)\n",
                    name, games.size(), games.size() / s, decisions / s, decisions);
    };
    analyse(hands, "riichi (real Phoenix)");
    analyse(xinchang, "xinchang (simulated, ref.)");
    return 0;
}
