#include "flag_text.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

#include "corpus_scan.h"
#include "fit.h"
#include "review_kind.h"

namespace tw::models {

namespace {

QString count(double v) {
    return QLocale().toString(qint64(std::llround(v)));
}
QString fixed(double v, int digits) {
    return QLocale().toString(v, 'f', digits);
}
// A probability as "0.034" or "1e-19"; from log10 so that an underflowed value still reads.
QString probability(double log10) {
    if (log10 > -3) return QLocale().toString(std::pow(10.0, log10), 'g', 2);
    const double exponent = std::floor(log10), mantissa = std::pow(10.0, log10 - exponent);
    return QStringLiteral("%1e%2").arg(QLocale().toString(mantissa, 'f', 1)).arg(int(exponent));
}
double log10Of(double p) {
    return p > 0 ? std::log10(p) : -308;
}

} // namespace

bool FlagText::has(const FlagView& f, const QString& name) {
    for (const auto& [n, v] : f.stats)
        if (n == name) return true;
    return false;
}

double FlagText::stat(const FlagView& f, const QString& name, double fallback) {
    for (const auto& [n, v] : f.stats)
        if (n == name) return v;
    return fallback;
}

bool FlagText::has(const FlagView& f, tw::StatId id) {
    const std::string_view k = tw::statKey(id);
    return has(f, QLatin1String(k.data(), qsizetype(k.size())));
}

double FlagText::stat(const FlagView& f, tw::StatId id, double fallback) {
    const std::string_view k = tw::statKey(id);
    return stat(f, QLatin1String(k.data(), qsizetype(k.size())), fallback);
}

// Where a flag's reference model was fitted, so the sentence says what the player was compared with. The
// names are those the scan gives (fit.h, corpus_scan.h, model_file.cpp, the database's "model N").
QString FlagText::modelOrigin(const QString& model) {
    if (model.startsWith(QLatin1String("builtin")))
        return tr(
            "the strongest band of 600 honest simulated players per ruleset at three strengths; an honest "
            "player stronger than that band can be flagged");
    if (model == QLatin1String(tw::kScanCalibrated))
        return tr("the strongest honest band of this scan's own population");
    if (model.startsWith(QLatin1String("file "))) return tr("a model read from a file written by calibrate");
    if (model == QLatin1String(tw::FitSettings::kUncalibratedModelName))
        return tr("the model fitted on real Phoenix hands, which raises no flag");
    return tr("the strongest honest band of a population calibrated in this database (calibrate --store)");
}

// A pair's shared games are more than the games its evidence is in (the queue's Games, the Game box): said
// beside each other, "94 games" in the queue and "152 shared games" in the flag no longer contradict
//.
QString FlagText::evidenceGames(const FlagView& f) {
    if (f.games.isEmpty() || !has(f, tw::StatId::SharedGames) ||
        qint64(f.games.size()) == std::llround(stat(f, tw::StatId::SharedGames)))
        return {};
    return QLatin1Char(' ') + tr("The marked moves are in %1 of them, the games the case lists.")
                                  .arg(count(double(f.games.size())));
}

QString FlagText::leadTest(const FlagView& f) {
    if (!has(f, tw::StatId::ZMatches)) return {};
    QString lead;
    double leadP = stat(f, tw::StatId::Log10PMatches);
    for (const QString& prefix : {QStringLiteral("window_"), QStringLiteral("shift_")})
        if (has(f, prefix + QStringLiteral("log10_p")) && stat(f, prefix + QStringLiteral("log10_p")) < leadP)
            leadP = stat(f, prefix + QStringLiteral("log10_p")), lead = prefix;
    if (has(f, tw::StatId::LookaheadLog10P) && stat(f, tw::StatId::LookaheadLog10P) < leadP &&
        stat(f, tw::StatId::LookaheadLog10P) <=
            std::min({stat(f, tw::StatId::ThinkLog10P, 0), stat(f, tw::StatId::ThinkSpreadLog10P, 0),
                      stat(f, tw::StatId::ThinkMatchLog10P, 0)}))
        return QStringLiteral("lookahead_");
    // Of the think-time tests, the one with the smallest p, when it leads the family.
    QString time;
    double timeP = leadP;
    for (const QString& name :
         {QStringLiteral("think_"), QStringLiteral("think_spread_"), QStringLiteral("think_match_")})
        if (has(f, name + QStringLiteral("log10_p")) && stat(f, name + QStringLiteral("log10_p")) < timeP)
            timeP = stat(f, name + QStringLiteral("log10_p")), time = name;
    return time.isEmpty() ? lead : time;
}

QString FlagText::reason(const FlagView& f) {
    if (f.kind && tw::testsPlay(*f.kind)) {
        if (!has(f, tw::StatId::ZMatches)) return tr("the seed's line");
        const QString lead = leadTest(f);
        if (lead == QLatin1String("window_")) return tr("latest games");
        if (lead == QLatin1String("shift_")) return tr("own earlier games");
        if (lead == QLatin1String("lookahead_")) return tr("lookahead");
        if (lead == QLatin1String("think_")) return tr("think times");
        if (lead == QLatin1String("think_spread_")) return tr("times by game");
        if (lead == QLatin1String("think_match_")) return tr("matches against times");
        return tr("engine matches");
    }
    if (f.kind == tw::FlagKind::Collusion)
        return f.players.size() >= 3 && stat(f, tw::StatId::TestedAsGroup) > 0 ? tr("feeds in a ring")
                                                                               : tr("feeds");
    if (f.kind == tw::FlagKind::CoSeating) return tr("shared tables");
    return {}; // a report: the kind says it all
}

// An engine-assist or late-onset flag of the calibrated test: the test of the family with the smallest
// p-value (fit_stats.h) in words.
QString FlagText::calibratedSentence(const FlagView& f, const QString& model) {
    const QString a = f.players.value(0);
    // The sentence tells the test of the family with the smallest p-value (fit_stats.h).
    const QString lead = leadTest(f), time = lead.startsWith(QLatin1String("think_")) ? lead : QString();
    const QString q = probability(stat(f, tw::StatId::Log10Q));
    if (lead == QLatin1String("lookahead_"))
        return tr("%1 took the lookahead engine's side, where it and the one-step engine disagree, more "
                  "than "
                  "any honest player guided by the one-step values could: %2 of a win above the most "
                  "such a "
                  "player can expect (z %3, q %4), over %5 such decisions.")
                   .arg(a, fixed(stat(f, tw::StatId::LookaheadExcess), 2),
                        fixed(stat(f, tw::StatId::LookaheadZ), 1), q,
                        count(stat(f, tw::StatId::LookaheadDecisions))) +
               model;
    if (time == QLatin1String("think_match_"))
        return tr("In %1's games, how often its choices matched the engine went with how much its think "
                  "times followed the difficulty of the decisions, beyond what the games' make-up "
                  "explains "
                  "(rank correlation %2 over %3 games, z %4, q %5): what a relay switched on in some "
                  "games "
                  "and not in others leaves.")
                   .arg(a, fixed(stat(f, tw::StatId::ThinkMatchRho), 2),
                        count(stat(f, tw::StatId::ThinkMatchGames)),
                        fixed(stat(f, tw::StatId::ThinkMatchZ), 1), q) +
               model;
    if (time == QLatin1String("think_spread_"))
        return tr("%1's games differ in how their think times follow the difficulty of the decisions "
                  "more "
                  "than the population's ceiling allows of an honest player: %2 times the spread of one "
                  "slope against the ceiling %3 (z %4, q %5), over %6 games.")
                   .arg(a, fixed(stat(f, tw::StatId::ThinkSpread), 2),
                        fixed(stat(f, tw::StatId::ThinkSpreadCeiling), 2),
                        fixed(stat(f, tw::StatId::ThinkSpreadZ), 1), q,
                        count(stat(f, tw::StatId::ThinkSpreadGames))) +
               model;
    if (time == QLatin1String("think_"))
        return tr("%1's think times follow the difficulty of the decisions less than the population's "
                  "floor "
                  "allows of an honest player: slope %2 ± %3 against the floor %4 (z %5, q %6), over %7 "
                  "timed decisions.")
                   .arg(a, fixed(stat(f, tw::StatId::ThinkSlope), 2), fixed(stat(f, tw::StatId::ThinkSe), 2),
                        fixed(stat(f, tw::StatId::ThinkFloor), 2), fixed(stat(f, tw::StatId::ThinkZ), 1), q,
                        count(stat(f, tw::StatId::ThinkDecisions))) +
               model;
    const double matches = stat(f, lead + QStringLiteral("matches")),
                 expected = stat(f, lead + QStringLiteral("expected_matches"));
    const double sd = stat(f, lead + QStringLiteral("sd_matches")),
                 z = stat(f, lead + QStringLiteral("z_matches"));
    const double decisions = stat(f, lead + QStringLiteral("decisions"));
    if (lead == QLatin1String("shift_"))
        return tr("In %1's latest %2 games: %3 engine matches where %4 ± %5 were expected from the "
                  "player's own earlier "
                  "games (z %6, q %7), over %8 counted decisions.")
                   .arg(a, count(stat(f, tw::StatId::ShiftGames)), count(matches), count(expected), count(sd),
                        fixed(z, 1), q, count(decisions)) +
               model;
    // Xiangqi counts moves (the engine's top lines at each), mahjong discards and other decisions.
    const QString core = reviewKind(f.game).engineMatches().arg(count(matches), count(expected), count(sd),
                                                                fixed(z, 1), q, count(decisions));
    if (lead == QLatin1String("window_"))
        return tr("In %1's latest %2 games: %3.").arg(a, count(stat(f, tw::StatId::WindowGames)), core) +
               model;
    return tr("%1: %2.").arg(a, core) + model;
}

QString FlagText::sentence(const FlagView& f) {
    const QString a = f.players.value(0), b = f.players.value(1);
    const QString model =
        f.model.isEmpty() ? QString() : tr(" Tested against %1: %2.").arg(f.model, modelOrigin(f.model));
    if ((f.kind && tw::testsPlay(*f.kind)) && has(f, tw::StatId::ZMatches))
        return calibratedSentence(f, model);
    if (f.kind && tw::testsPlay(*f.kind))
        return tr("%1's fit f_u is %2 over %3 games, at or past the seed's line (the seed's method; no "
                  "calibrated error rate).")
            .arg(a, fixed(stat(f, tw::StatId::Fit), 3), count(stat(f, tw::StatId::Games)));
    if (f.kind == tw::FlagKind::Collusion && f.players.size() >= 3 && stat(f, tw::StatId::TestedAsGroup) > 0)
        return tr("A ring of %1 players (%2): %3 feeds among three of them in %4 opportunities, where %5 "
                  "were "
                  "expected from what each gives to and takes from everyone else (q %6); %7 of its pairs "
                  "flagged "
                  "on their own.")
            .arg(count(f.players.size()), f.players.join(QStringLiteral(", ")),
                 count(stat(f, tw::StatId::GroupFeeds)), count(stat(f, tw::StatId::GroupOpportunities)),
                 fixed(stat(f, tw::StatId::ExpectedFeeds), 1), probability(log10Of(f.qValue)),
                 count(stat(f, tw::StatId::FlaggedPairs)));
    if (f.kind == tw::FlagKind::Collusion && f.players.size() >= 3)
        return tr("A ring of %1 players (%2): %3 of its pairs flagged on their own, %4 more linked; %5 feeds "
                  "among them "
                  "in %6 opportunities (q %7 for its strongest pair).")
            .arg(count(f.players.size()), f.players.join(QStringLiteral(", ")),
                 count(stat(f, tw::StatId::FlaggedPairs)), count(stat(f, tw::StatId::LinkedPairs)),
                 count(stat(f, tw::StatId::Feeds)), count(stat(f, tw::StatId::Opportunities)),
                 probability(log10Of(f.qValue)));
    if (f.kind == tw::FlagKind::Collusion && has(f, tw::StatId::ExpectedFeeds))
        return tr("%1 fed %2 %3 times and %2 fed %1 %4 times in %5 shared games, where %6 were expected from "
                  "what each gives to and takes from everyone else (q %7).")
                   .arg(a, b, count(stat(f, tw::StatId::Feeds)), count(stat(f, tw::StatId::FeedsBack)),
                        count(stat(f, tw::StatId::SharedGames)), fixed(stat(f, tw::StatId::ExpectedFeeds), 1),
                        probability(log10Of(f.qValue))) +
               evidenceGames(f);
    if (f.kind == tw::FlagKind::CoSeating)
        return tr("%1 and %2 sat at the same table %3 times (the hands of one match once), where %4 were "
                  "expected if the players of their pool were seated at random (q %5). Sitting together says "
                  "nothing about play by itself.")
            .arg(a, b, count(stat(f, tw::StatId::SharedGames)),
                 fixed(stat(f, tw::StatId::ExpectedSharedGames), 1), probability(log10Of(f.qValue)));
    if (f.kind == tw::FlagKind::Collusion)
        return tr("%1 fed %2 %3 times in %4 shared games, where %5 feeds went to the other players (q %6).")
                   .arg(a, b, count(stat(f, tw::StatId::Feeds)), count(stat(f, tw::StatId::SharedGames)),
                        count(stat(f, tw::StatId::FeedsToOthers)), probability(log10Of(f.qValue))) +
               evidenceGames(f);
    if (f.kind == tw::FlagKind::Reported) {
        if (has(f, tw::StatId::ExpectedReports))
            return tr("%1 reports against %2 in %3 games, where %4 were expected at the population's rate (q "
                      "%5).")
                .arg(count(stat(f, tw::StatId::Reports)), a, count(stat(f, tw::StatId::GamesPlayed)),
                     fixed(stat(f, tw::StatId::ExpectedReports), 1),
                     probability(stat(f, tw::StatId::Log10Q)));
        return tr("%1 reports against %2.").arg(count(stat(f, tw::StatId::Reports)), a);
    }
    return QString();
}

} // namespace tw::models
