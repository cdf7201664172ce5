#include "flag_evidence.h"

#include <QLocale>

#include <algorithm>

#include <cmath>

#include "case_queue_model.h"
#include "flag_text.h"

namespace tw::models {

QString FlagEvidence::title(const FlagView& f) {
    // A feeder and a receiver; players who sat together have no direction.
    const QString between =
        f.kind == QLatin1String("co_seating") ? QStringLiteral(" & ") : QStringLiteral(" → ");
    return tr("%1: %2").arg(CaseQueueModel::kindText(f.kind), f.players.join(between));
}

QList<EvidenceRow> FlagEvidence::facts(const FlagView& f, const Thresholds& t) {
    QList<EvidenceRow> rows;
    if (const QString words = FlagText::sentence(f); !words.isEmpty())
        rows.append(EvidenceRow{tr("In words"), words, {}, {}});
    // Only a tested flag's score is −log10 of a q-value; the seed's line ranks by its z, which is no q.
    rows.append(EvidenceRow{
        tr("Score"),
        f.qValue >= 0
            ? tr("%1 (−log10 of the q-value: the queue's one scale)").arg(QLocale().toString(f.score, 'f', 2))
            : tr("%1 (the seed's z: no calibrated error rate; the queue puts it at %2)")
                  .arg(QLocale().toString(f.score, 'f', 2),
                       QLocale().toString(std::max(0.0, f.score), 'f', 2)),
        {},
        {}});
    if (f.pValue >= 0) rows.append(EvidenceRow{tr("p-value"), QLocale().toString(f.pValue, 'g', 3), {}, {}});
    if (f.qValue >= 0) rows.append(EvidenceRow{tr("q-value"), qValueText(f, t), {}, {}});
    if (!f.model.isEmpty()) rows.append(EvidenceRow{tr("Model"), f.model, {}, {}});
    return rows;
}

QString FlagEvidence::extent(const FlagView& f) {
    return tr("%n marked move(s)", nullptr, int(f.evidence.size())) + QStringLiteral(", ") +
           tr("%n game(s)", nullptr, int(f.games.size()));
}

// The statistics' names are the detectors' keys ("feeds_to_others"): shown as they are, they were English
// in the Chinese desk and broke mid-word in a narrow pane. Each has a label in words.
QString FlagEvidence::statLabel(const QString& stat) {
    static const struct {
        const char* name;
        const char* label;
    } labels[] = {
        {"decisions", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Counted decisions")},
        {"discards", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Discards")},
        {"expected_feeds", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Expected feeds")},
        {"expected_lost", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Expected value lost")},
        {"expected_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Expected engine matches")},
        {"expected_reports", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Expected reports")},
        {"expected_shared_games", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Expected shared games")},
        {"feeds", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Feeds")},
        {"feeds_back", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Feeds back")},
        {"feeds_to_others", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Feeds to others")},
        {"fit", QT_TRANSLATE_NOOP("tw::report::CaseReport", "The player's fit")},
        {"fit10", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Fit, latest 10 games")},
        {"fit25", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Fit, latest 25 games")},
        {"fit50", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Fit, latest 50 games")},
        {"flagged_pairs", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Flagged pairs")},
        {"games", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Games")},
        {"games_first", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Games of the first")},
        {"games_played", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Games played")},
        {"games_second", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Games of the second")},
        {"group_feeds", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Feeds within the ring")},
        {"group_opportunities", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Chances within the ring")},
        {"linked_pairs", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Linked pairs")},
        {"log10_p", QT_TRANSLATE_NOOP("tw::report::CaseReport", "log10 p")},
        {"log10_p_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "log10 p of the matches")},
        {"log10_q", QT_TRANSLATE_NOOP("tw::report::CaseReport", "log10 q")},
        {"lookahead_decisions", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Lookahead decisions")},
        {"lookahead_excess", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Lookahead excess")},
        {"lookahead_log10_p", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Lookahead log10 p")},
        {"lookahead_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Lookahead matches")},
        {"lookahead_z", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Lookahead z")},
        {"lost", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Value lost")},
        {"matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Engine matches")},
        {"members", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Members")},
        {"model_c", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Model c")},
        {"model_dispersion", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Model dispersion")},
        {"model_dispersion_ceiling", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Dispersion ceiling")},
        {"model_s", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Model s")},
        {"off_prediction", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Off-prediction discards")},
        {"opportunities", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Chances to feed")},
        {"opportunities_back", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Chances to feed back")},
        {"p_feeder", QT_TRANSLATE_NOOP("tw::report::CaseReport", "p of the feeder")},
        {"p_population", QT_TRANSLATE_NOOP("tw::report::CaseReport", "p against the population")},
        {"p_receiver", QT_TRANSLATE_NOOP("tw::report::CaseReport", "p of the receiver")},
        {"p_seating", QT_TRANSLATE_NOOP("tw::report::CaseReport", "p of the seating")},
        {"p_share", QT_TRANSLATE_NOOP("tw::report::CaseReport", "p of the share")},
        {"pair_shared_games", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shared games of the pairs")},
        {"report_rate", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Report rate")},
        {"reporters", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Reporters")},
        {"reports", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Reports")},
        {"sd_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Spread of the matches")},
        {"shared_games", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shared games")},
        {"shift_decisions", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shift: decisions")},
        {"shift_expected_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shift: expected matches")},
        {"shift_games", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shift: games")},
        {"shift_log10_p", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shift: log10 p")},
        {"shift_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shift: matches")},
        {"shift_sd_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shift: spread")},
        {"shift_z_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Shift: z")},
        {"tested_as_group", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Tested as a ring")},
        {"tests", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Tests")},
        {"think_decisions", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Timed decisions")},
        {"think_floor", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think-time floor")},
        {"think_log10_p", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think time: log10 p")},
        {"think_match_games", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Time and matches: games")},
        {"think_match_log10_p", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Time and matches: log10 p")},
        {"think_match_rho", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Time and matches: rho")},
        {"think_match_z", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Time and matches: z")},
        {"think_se", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think-time slope error")},
        {"think_slope", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think-time slope")},
        {"think_spread", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think-time spread")},
        {"think_spread_ceiling", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think-time spread ceiling")},
        {"think_spread_games", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think-time spread: games")},
        {"think_spread_log10_p", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think-time spread: log10 p")},
        {"think_spread_z", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think-time spread: z")},
        {"think_z", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Think time: z")},
        {"window_decisions", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Window: decisions")},
        {"window_expected_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Window: expected matches")},
        {"window_games", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Window: games")},
        {"window_log10_p", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Window: log10 p")},
        {"window_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Window: matches")},
        {"window_sd_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Window: spread")},
        {"window_z_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Window: z")},
        {"wins_on", QT_TRANSLATE_NOOP("tw::report::CaseReport", "Wins on the pair's tiles")},
        {"z", QT_TRANSLATE_NOOP("tw::report::CaseReport", "z")},
        {"z_lost", QT_TRANSLATE_NOOP("tw::report::CaseReport", "z of the value lost")},
        {"z_matches", QT_TRANSLATE_NOOP("tw::report::CaseReport", "z of the matches")},
    };
    for (const auto& l : labels)
        if (stat == QLatin1String(l.name)) return tr(l.label);
    return QString(stat).replace(u'_', u' '); // a statistic newer than this table: its words at least
}

QList<EvidenceRow> FlagEvidence::statistics(const FlagView& f, const Thresholds& t) {
    QList<EvidenceRow> rows;
    for (const auto& [name, value] : f.stats)
        rows.append(EvidenceRow{statLabel(name), statValue(value), meaningOf(f, name, value, t), name});
    return rows;
}

QString FlagEvidence::statValue(double value) {
    return QLocale().toString(value, 'g', 4);
}

QList<EvidenceRow> FlagEvidence::modelFacts(const ModelView& m) {
    const QString fitted =
        m.source == QLatin1String("builtin")
            ? (m.kind == tw::GameKind::Xiangqi
                   ? tr("built into TileWatch: calibrated on 191 real master games (CCPD) "
                        "scored at depth 10 with MultiPV 4 (README, Detection: xiangqi)")
                   : tr("built into TileWatch: calibrated on simulated honest "
                        "players (README, Detection)"))
        : m.source == QLatin1String("given")
            ? tr("given on the command line (scan --xq-model)")
            : tr("%1 on %2 players and %3 decisions, %4")
                  .arg(m.source == QLatin1String("scan") ? tr("by the analysis itself")
                                                         : tr("with tilewatch-cli calibrate"),
                       QLocale().toString(m.players), QLocale().toString(m.decisions), m.createdAt.left(10));
    return {EvidenceRow{tr("Fitted"), fitted, {}, {}},
            EvidenceRow{tr("Parameters"),
                        tr("s %1, c %2, dispersion between games %3")
                            .arg(QLocale().toString(m.s, 'f', 4), QLocale().toString(m.c, 'f', 3),
                                 QLocale().toString(m.dispersion, 'f', 2)),
                        {},
                        {}}};
}

QString FlagEvidence::richText(const FlagView& f, const Thresholds& t, const ModelView* model) {
    auto esc = [](const QString& s) { return s.toHtmlEscaped(); };
    QString h = QStringLiteral("<b>%1</b><table cellspacing=\"0\" cellpadding=\"2\">").arg(esc(title(f)));
    for (const EvidenceRow& r : facts(f, t))
        h += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(r.label), esc(r.value));
    h += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(tr("Evidence")), esc(extent(f)));
    if (model)
        for (const EvidenceRow& r : modelFacts(*model))
            h += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>")
                     .arg(esc(tr("Decision model: %1").arg(model->name) + QStringLiteral(" · ") + r.label),
                          esc(r.value));
    h += QStringLiteral("</table>");
    const QList<EvidenceRow> stats = statistics(f, t);
    if (!stats.isEmpty()) {
        h += QStringLiteral("<table cellspacing=\"0\" cellpadding=\"2\"><tr><th align=\"left\">%1</th><th "
                            "align=\"left\">%2</th><th align=\"left\">%3</th></tr>")
                 .arg(esc(tr("Statistic")), esc(tr("Value")), esc(tr("What it means")));
        for (const EvidenceRow& r : stats)
            h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                     .arg(esc(r.label), esc(r.value), esc(r.explanation));
        h += QStringLiteral("</table>");
    }
    return h;
}

QString FlagEvidence::qValueText(const FlagView& f, const Thresholds& t) {
    const QString q = QLocale().toString(f.qValue, 'g', 3), line = QLocale().toString(t.collusionQ, 'g', 3);
    if (f.kind == QLatin1String("collusion"))
        return tr("%1 (corrected for the number of pairs tested; the flag needs less than %2)").arg(q, line);
    if (f.kind == QLatin1String("co_seating"))
        return tr("%1 (corrected for the number of pairs that met; the flag needs less than %2)")
            .arg(q, line);
    if (f.kind == QLatin1String("reported"))
        return tr("%1 (corrected for the number of players; every complaint reaches the queue, ranked by it)")
            .arg(q);
    return tr("%1 (corrected for each player's tests, all games and the latest-games windows, and for the "
              "number of "
              "players tested; the flag needs at most %2)")
        .arg(q, line);
}

QString FlagEvidence::meaningOf(const FlagView& f, const QString& stat, double v, const Thresholds& t) {
    const QString a = f.players.value(0), b = f.players.value(1);
    const QString n = QLocale().toString(v, 'f', 0);
    const QString x = QLocale().toString(v, 'f', 3);
    const QString p = QLocale().toString(v, 'g', 3);
    if (f.kind == QLatin1String("collusion")) {
        if (stat == QLatin1String("members")) return tr("%1 players form the ring.").arg(n);
        if (stat == QLatin1String("flagged_pairs"))
            return tr("%1 of its pairs are flagged on their own.").arg(n);
        if (stat == QLatin1String("linked_pairs"))
            return tr("%1 of its pairs pass a looser line on their own (q below 0.05).").arg(n);
        if (stat == QLatin1String("pair_shared_games"))
            return tr("Its pairs sat together in %1 games, counted per pair.").arg(n);
        if (stat == QLatin1String("opportunities"))
            return tr("%1 off-prediction discards could have fed a partner: the giver held a safe "
                      "alternative and the "
                      "receiver's wait did not cover nearly every tile.")
                .arg(n);
        if (stat == QLatin1String("shared_games"))
            return tr("%1 and %2 sat at the same table in %3 games.").arg(a, b, n);
        if (stat == QLatin1String("discards")) return tr("%1 made %2 discards in those games.").arg(a, n);
        if (stat == QLatin1String("off_prediction"))
            return tr("%1 of those discards were outside the predicted discard set: tiles a player keeping "
                      "the hand's shape would hold.")
                .arg(n);
        if (stat == QLatin1String("feeds"))
            return tr("%1 times %2 took an off-prediction discard of %3 at once (claimed it or won on it): a "
                      "feed.")
                .arg(n, b, a);
        if (stat == QLatin1String("feeds_to_others"))
            return tr("%1 off-prediction discards of %2 were taken by the other players at the table.")
                .arg(n, a);
        if (stat == QLatin1String("wins_on")) return tr("%1 won %2 times on a discard of %3.").arg(b, n, a);
        if (stat == QLatin1String("p_share"))
            return tr("The chance of %1 getting this large a share of the feeds if %2 fed every opponent "
                      "alike: %3.")
                .arg(b, a, p);
        if (stat == QLatin1String("p_population"))
            return tr("The chance of this many feeds at the feeding rate of the whole population: %1.")
                .arg(p);
        if (stat == QLatin1String("feeds_back"))
            return tr("%1 times %2 took an off-prediction discard of %3 at once: feeds the other way.")
                .arg(n, a, b);
        if (stat == QLatin1String("opportunities_back"))
            return tr("%1 off-prediction discards of %2 could have fed %3.").arg(n, b, a);
        if (stat == QLatin1String("expected_feeds"))
            return tr("Feeds expected among them if each fed them at the rate it feeds everyone else and "
                      "took "
                      "from them at the rate it takes from everyone else (the larger of the two): %1.")
                .arg(x);
        if (stat == QLatin1String("p_feeder"))
            return tr("The chance of this many feeds among them if each player fed them no more often than "
                      "it "
                      "feeds the other players (exact, given each one's own feeds): %1.")
                .arg(p);
        if (stat == QLatin1String("p_receiver"))
            return tr("The chance of this many feeds among them if each player took from them no more often "
                      "than it takes from the other players (exact): %1.")
                .arg(p);
        if (stat == QLatin1String("expected_shared_games"))
            return tr("Shared games expected if players were seated at random: %1.").arg(x);
        if (stat == QLatin1String("p_seating"))
            return tr("The chance of sitting together this often if players were seated at random: %1.")
                .arg(p);
        if (stat == QLatin1String("tested_as_group"))
            return v > 0
                       ? tr("Three of them were tested as one group: every feed among the three counts, none "
                            "as a feed to others.")
                       : tr("The ring was joined from pairs; no three of them were tested as one group.");
        if (stat == QLatin1String("group_feeds"))
            return tr("%1 feeds among the three tested as a group, every way.").arg(n);
        if (stat == QLatin1String("group_opportunities"))
            return tr("%1 off-prediction discards of one of the three could have fed another of them.")
                .arg(n);
    } else if (f.kind == QLatin1String("co_seating")) {
        if (stat == QLatin1String("shared_games"))
            return tr("%1 and %2 sat at the same table in %3 games.").arg(a, b, n);
        if (stat == QLatin1String("expected_shared_games"))
            return tr("Shared games expected if every seat of %1's games were filled at random from the "
                      "other players' games: %2.")
                .arg(a, x);
        if (stat == QLatin1String("games_first")) return tr("%1 played %2 games.").arg(a, n);
        if (stat == QLatin1String("games_second")) return tr("%1 played %2 games.").arg(b, n);
    } else if (f.kind == QLatin1String("reported")) {
        if (stat == QLatin1String("games_played")) return tr("%1 played %2 games.").arg(a, n);
        if (stat == QLatin1String("report_rate"))
            return tr("Reports per player and game in the whole population: %1.")
                .arg(QLocale().toString(v, 'g', 3));
        if (stat == QLatin1String("expected_reports"))
            return tr("Reports a player with as many games would get at that rate: %1.")
                .arg(QLocale().toString(v, 'f', 2));
        if (stat == QLatin1String("log10_p"))
            return tr("log10 of the chance of this many reports at the population's rate: %1.")
                .arg(QLocale().toString(v, 'f', 2));
        if (stat == QLatin1String("log10_q"))
            return tr("The same after the correction for the number of players (Benjamini–Hochberg): %1.")
                .arg(QLocale().toString(v, 'f', 2));
        if (stat == QLatin1String("reports")) return tr("%1 reports by other players name %2.").arg(n, a);
        if (stat == QLatin1String("reporters"))
            return tr("The reports come from %1 different players.").arg(n);
        if (stat == QLatin1String("games")) return tr("The reports concern %1 games.").arg(n);
        if (stat == QLatin1String("z"))
            return tr("%1's fit lies %2 standard deviations from the mean of all players of the ruleset.")
                .arg(a, QLocale().toString(v, 'f', 2));
    } else {
        const QString d = QLocale().toString(v, 'f', 2);
        const bool xiangqi = f.game == tw::GameKind::Xiangqi;
        if (stat == QLatin1String("decisions"))
            return xiangqi ? tr("%1 of %2's moves were counted (past the opening, from positions the mover "
                                "did not stand to "
                                "lose), each against the engine's top lines.")
                                 .arg(n, a)
                           : tr("%1 of %2's discards were counted: every one with a real choice, however "
                                "forced, weighted by the model.")
                                 .arg(n, a);
        if (stat == QLatin1String("matches")) return tr("%1 of them were the engine's own choice.").arg(n);
        if (stat == QLatin1String("expected_matches"))
            return tr("The reference model (the strongest honest band it was fitted on) would make %1 such "
                      "matches in the same positions.")
                .arg(x);
        if (stat == QLatin1String("sd_matches"))
            return tr("Give or take %1 (one standard deviation).").arg(x);
        if (stat == QLatin1String("z_matches"))
            return tr("The matches lie %1 standard deviations above that expectation.").arg(d);
        if (stat == QLatin1String("log10_p_matches"))
            return tr("log10 of the chance of at least this many matches under the reference model: %1.")
                .arg(d);
        if (stat == QLatin1String("lost"))
            return xiangqi ? tr("Value %1 lost against the engine's choices, in pawns: %2.").arg(a, x)
                           : tr("Value %1 lost against the engine's choices, in fit units: %2.").arg(a, x);
        if (stat == QLatin1String("expected_lost"))
            return tr("The reference model would lose %1 in the same positions.").arg(x);
        if (stat == QLatin1String("z_lost"))
            return tr("%1 lost %2 standard deviations less than that.").arg(a, d);
        if (stat == QLatin1String("tests"))
            return tr("Tests made of this player (all games; each window of latest games against the model "
                      "and against the player's own earlier games): %1; the p-value is corrected for them.")
                .arg(n);
        if (stat == QLatin1String("log10_p"))
            return tr("log10 of the player's p-value after that correction: %1.").arg(d);
        if (stat == QLatin1String("log10_q"))
            return tr("log10 of the q-value, corrected also for every player tested (Benjamini–Hochberg): "
                      "%1. The flag needs at most %2.")
                .arg(d, QLocale().toString(std::log10(t.collusionQ), 'f', 1));
        if (stat == QLatin1String("lookahead_decisions"))
            return tr("Counted decisions where the lookahead engine's best lies outside the one-step "
                      "engine's "
                      "choice: %1.")
                .arg(n);
        if (stat == QLatin1String("lookahead_matches"))
            return tr("Of them, %1 where %2 played the lookahead's best.").arg(n, a);
        if (stat == QLatin1String("lookahead_excess"))
            return tr("The lookahead's value of %1's discards there, less the most an honest player guided "
                      "by "
                      "the one-step values can expect: %2 of a win.")
                .arg(a, x);
        if (stat == QLatin1String("lookahead_z"))
            return tr("That excess in standard deviations of the bound: %1.").arg(d);
        if (stat == QLatin1String("lookahead_log10_p"))
            return tr("log10 of the chance of such an excess from any such honest player (Freedman's bound): "
                      "%1.")
                .arg(d);
        if (stat == QLatin1String("think_decisions"))
            return tr("Counted decisions of %1 whose records carry a think time: %2.").arg(a, n);
        if (stat == QLatin1String("think_slope"))
            return tr("How much longer %1 takes on harder decisions (the slope of ln think time on "
                      "difficulty): "
                      "%2.")
                .arg(a, x);
        if (stat == QLatin1String("think_se")) return tr("Give or take %1 (its standard error).").arg(x);
        if (stat == QLatin1String("think_floor"))
            return tr("The floor an honest player is tested against: a quarter of the population's median "
                      "slope, "
                      "%1.")
                .arg(x);
        if (stat == QLatin1String("think_z"))
            return tr("The slope lies %1 standard errors from that floor (negative: below it).").arg(d);
        if (stat == QLatin1String("think_log10_p"))
            return tr("log10 of the chance of a slope this low at the floor: %1.").arg(d);
        if (stat == QLatin1String("think_spread_games"))
            return tr("Games of %1 whose think times could be set against difficulty: %2.").arg(a, n);
        if (stat == QLatin1String("think_spread"))
            return tr("How far those games differ in how their times follow difficulty, in multiples of what "
                      "one slope in every game allows: %1.")
                .arg(x);
        if (stat == QLatin1String("think_spread_ceiling"))
            return tr("The most an honest player is allowed: 1.5 times the population's median player, %1.")
                .arg(x);
        if (stat == QLatin1String("think_spread_z"))
            return tr("The spread lies %1 standard errors from that ceiling (positive: beyond it).").arg(d);
        if (stat == QLatin1String("think_spread_log10_p"))
            return tr("log10 of the chance of a spread this wide at the ceiling: %1.").arg(d);
        if (stat == QLatin1String("think_match_games"))
            return tr("Games of %1 with both think times and engine matches to compare: %2.").arg(a, n);
        if (stat == QLatin1String("think_match_rho"))
            return tr("Rank correlation, over those games and with their make-up taken out, of the share of "
                      "engine matches with how much the times followed difficulty (either sign: a relay's "
                      "choices may match more or less than the player's own): %1.")
                .arg(x);
        if (stat == QLatin1String("think_match_z"))
            return tr("That correlation in standard errors of a player in whom the two are unrelated: %1.")
                .arg(d);
        if (stat == QLatin1String("think_match_log10_p"))
            return tr("log10 of the chance of a correlation this far from 0 where the two are unrelated: %1.")
                .arg(d);
        if (stat == QLatin1String("window_games"))
            return tr("The window of latest games that stands out most: %1 games.").arg(n);
        if (stat == QLatin1String("window_decisions"))
            return xiangqi ? tr("Counted moves in that window: %1.").arg(n)
                           : tr("Counted decisions in that window: %1.").arg(n);
        if (stat == QLatin1String("window_matches")) return tr("Engine matches in that window: %1.").arg(n);
        if (stat == QLatin1String("window_expected_matches"))
            return tr("Expected of the reference model there: %1.").arg(x);
        if (stat == QLatin1String("window_sd_matches")) return tr("Give or take %1 there.").arg(x);
        if (stat == QLatin1String("window_z_matches"))
            return tr("The window's matches lie %1 standard deviations above.").arg(d);
        if (stat == QLatin1String("window_log10_p"))
            return tr("log10 of that window's own p-value: %1.").arg(d);
        if (stat == QLatin1String("shift_games"))
            return tr("The window of latest games that stands out most against %1's own earlier games: %2 "
                      "games.")
                .arg(a, n);
        if (stat == QLatin1String("shift_decisions"))
            return xiangqi ? tr("Counted moves in that window: %1.").arg(n)
                           : tr("Counted decisions in that window: %1.").arg(n);
        if (stat == QLatin1String("shift_matches")) return tr("Engine matches in that window: %1.").arg(n);
        if (stat == QLatin1String("shift_expected_matches"))
            return tr("Expected at the level %1 played at in the earlier games: %2.").arg(a, x);
        if (stat == QLatin1String("shift_sd_matches"))
            return tr("Give or take %1 there (widened as much as honest players' games vary, and for the "
                      "earlier level being itself measured).")
                .arg(x);
        if (stat == QLatin1String("shift_z_matches"))
            return tr("The window's matches lie %1 standard deviations above the player's own earlier level.")
                .arg(d);
        if (stat == QLatin1String("shift_log10_p"))
            return tr("log10 of that comparison's own p-value: %1.").arg(d);
        if (stat == QLatin1String("model_dispersion_ceiling"))
            return tr("The most an honest player's games vary at its own level, as a multiple of independent "
                      "decisions: %1 (the latest games are compared with the earlier ones with it).")
                .arg(x);
        if (stat == QLatin1String("model_s"))
            return tr("The model's sensitivity s = %1: an option losing s is chosen e^−1 times as often as "
                      "the best.")
                .arg(x);
        if (stat == QLatin1String("model_c"))
            return tr("The model's consistency c = %1: how sharply bigger losses are avoided.").arg(x);
        if (stat == QLatin1String("model_dispersion"))
            return tr("Honest players' games vary %1 times as much as independent decisions would; the "
                      "test's variance is widened by it.")
                .arg(x);
        if (stat == QLatin1String("games"))
            return tr("The seed's method: %1 games of %2 count toward the fit (at least %3 are needed for an "
                      "engine-assist flag).")
                .arg(n, a, QString::number(t.minGames));
        if (stat == QLatin1String("fit"))
            return xiangqi
                       ? tr("The seed's method: f_u = %1: how little %2's moves lose against the engine's "
                            "score over those games (1 = never worse than its expectation); the flag line is "
                            "%3.")
                             .arg(x, a, QLocale().toString(t.flagLine, 'f', 2))
                       : tr("The seed's method: f_u = %1: how closely %2's discards agree with the engine "
                            "over those games (1 = always the engine's choice); the flag line is %3.")
                             .arg(x, a, QLocale().toString(t.flagLine, 'f', 2));
        if (stat == QLatin1String("fit10"))
            return tr("The seed's method: the same agreement over %1's latest 10 games: %2.").arg(a, x);
        if (stat == QLatin1String("fit25"))
            return tr("The seed's method: the same agreement over %1's latest 25 games: %2.").arg(a, x);
        if (stat == QLatin1String("fit50"))
            return tr("The seed's method: the same agreement over %1's latest 50 games: %2.").arg(a, x);
        if (stat == QLatin1String("z"))
            return tr("The seed's method: %1's fit lies %2 standard deviations from the mean of all players "
                      "of the ruleset; strong honest players also sit high.")
                .arg(a, QLocale().toString(v, 'f', 2));
    }
    return tr("%1 = %2.").arg(stat, p);
}

} // namespace tw::models
