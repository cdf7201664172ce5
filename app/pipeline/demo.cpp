#include "demo.h"

#include <QFile>

#include <iterator>

#include "database.h"
#include "db_scan.h"
#include "desk_jobs.h"
#include "mahjong_store.h"
#include "replay.h"
#include "score_file.h"
#include "simulator.h"
#include "xiangqi/xq_lines.h"
#include "xiangqi_scan.h"
#include "xiangqi_store.h"

namespace tw::pipeline {

namespace {

QByteArray demoFile(const QString& name, QString* error) {
    QFile f(QStringLiteral(":/demo/") + name);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error) *error = DeskJobs::tr("The demo file %1 is missing from the program.").arg(name);
        return {};
    }
    return f.readAll();
}

// The demo's xiangqi games with the engine scores computed when they were made (resources/demo/README.md):
// every position's single-line score (xiangqi-scores.txt) and the engine's lines before every counted move
// (xiangqi-lines.txt, the default scan's MultiPV search and the played moves searched alone), stored, then
// scored from those scores when this machine's engine is the one that computed them; searching them again
// would take most of an hour.
bool addDemoXiangqi(store::Database& db, QString* error, QString* note, const std::function<bool()>& goOn) {
    const QByteArray gamesText = demoFile(QStringLiteral("xiangqi-games.jsonl"), error);
    const QByteArray scoresText = demoFile(QStringLiteral("xiangqi-scores.txt"), error);
    const QByteArray linesText = demoFile(QStringLiteral("xiangqi-lines.txt"), error);
    if (gamesText.isEmpty() || scoresText.isEmpty() || linesText.isEmpty()) return false;
    const xq::Import in = xq::readXqLines(gamesText.toStdString(), "xiangqi-games.jsonl");
    if (!in.rejections.empty()) {
        if (error) *error = QString::fromStdString(in.rejections.front().message());
        return false;
    }
    if (!store::XiangqiStore(db).insertGames(in.games, nullptr, error)) return false;
    const auto scores = readScoreFile(scoresText, QStringLiteral("xiangqi-scores.txt"), error);
    if (!scores) return false;
    const auto lines = readScoreFile(linesText, QStringLiteral("xiangqi-lines.txt"), error);
    if (!lines) return false;
    if (!goOn()) return false;
    XqScanOptions o;
    o.actor = QStringLiteral("tilewatch-demo");
    QString why;
    const QString version = engine::Engine::versionOf(o.engine, &why);
    engine::EngineSettings single = o.engine;
    single.multiPv = 1;
    if (version != scores->key.engine || version != lines->key.engine ||
        single.limit() != scores->key.limit || o.engine.limit() != lines->key.limit) {
        if (note)
            *note =
                DeskJobs::tr(
                    "Its %n xiangqi game(s) are not scored yet (%1): analyse them with Analyse xiangqi.",
                    nullptr, int(in.games.size()))
                    .arg(version.isEmpty() ? why
                                           : DeskJobs::tr("their scores are from %1, the engine here is %2")
                                                 .arg(scores->key.engine, version));
        return true;
    }
    if (!importScores(db, *scores, nullptr, error) || !importScores(db, *lines, nullptr, error)) return false;
    return scanXiangqi(db, o, nullptr, error);
}

} // namespace

bool createDemoDatabase(const QString& path, QString* error,
                        const std::function<bool(int, int, const QString&)>& progress, QString* note,
                        const std::function<QString(const QString&)>& rulesetText) {
    struct Part {
        RulesetId ruleset;
        const char* names;
        int games = 400, players = 10; // about 160 games each: past the 100 games a flag needs
        bool ring = false;
    };
    // The ring of three plays in a room of its own (eight players): at the others' tables its members, who
    // bring each other along, took so many seats that an engine user there played too few games to flag.
    const Part parts[] = {{RulesetId::Xinchang, "lotus"},
                          {RulesetId::Sichuan, "panda"},
                          {RulesetId::Anshan, "pine"},
                          {RulesetId::Riichi, "maple"}, // riichi: 400 hands, about 160 a player
                          {RulesetId::Xinchang, "reed", 500, 8, true}};
    constexpr int kParts = static_cast<int>(std::size(parts));
    constexpr int kSteps = kParts + 4;
    std::vector<store::StoredGame> all;
    int step = 0;
    for (const Part& part : parts) {
        const QString ruleset = QString::fromLatin1(rulesetName(part.ruleset));
        if (progress &&
            !progress(step++, kSteps,
                      DeskJobs::tr("Simulating %1 games").arg(rulesetText ? rulesetText(ruleset) : ruleset)))
            return false;
        sim::SimOptions o;
        o.ruleset = part.ruleset;
        o.games = part.games;
        o.seed = part.ring ? 20261127 : 20261122 + int(part.ruleset);
        o.players = part.players;
        o.colludingPairs = part.ring ? 0 : 1;
        o.assisted = part.ring ? 0 : 1;
        o.lateOnset = part.ring ? 0 : 1;
        o.onsetGame = 40;
        o.colludingRings = part.ring ? 1 : 0;
        o.idPrefix = std::string(part.names) + "-";
        sim::Simulator s(o);
        auto name = [&](const std::string& id) { return part.names + id.substr(1); }; // p004 -> lotus004
        std::string why;
        const bool ok = s.run(
            [&](const GameRecord& g) {
                GameRecord r = g;
                for (auto& rep : r.reports)
                    rep.reporter = name(rep.reporter), rep.accused = name(rep.accused);
                for (auto& seat : r.seats) seat = name(seat);
                Replay replay(r);
                replay.runToEnd();
                all.push_back({r, summarize(replay), {}, {}});
            },
            &why);
        if (!ok) {
            if (error) *error = QString::fromStdString(why);
            return false;
        }
    }
    if (progress && !progress(kParts, kSteps, DeskJobs::tr("Storing %1 games").arg(all.size()))) return false;
    store::Database db;
    if (!db.open(path, error)) return false;
    store::MahjongStore games(db);
    if (!games.insertGames(all, nullptr, error)) return false;
    if (progress && !progress(kParts + 1, kSteps, DeskJobs::tr("Analysing"))) return false;
    DbScanOptions o;
    o.actor = QStringLiteral("tilewatch-demo");
    DbScanResult r;
    if (!scanDatabase(db, o, &r, error)) return false;
    if (progress && !progress(kParts + 2, kSteps, DeskJobs::tr("Storing the xiangqi games"))) return false;
    if (!addDemoXiangqi(db, error, note, [&] {
            return !progress || progress(kParts + 3, kSteps, DeskJobs::tr("Scoring the xiangqi games"));
        }))
        return false;
    if (progress) progress(kSteps, kSteps, DeskJobs::tr("Done"));
    return true;
}

} // namespace tw::pipeline
