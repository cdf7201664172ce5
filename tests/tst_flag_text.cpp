// FlagText (app/models/flag_text.h): one row per kind of flag and per test of the family that leads, the
// figures it must say and what it must not (Kajongg style: a flag's statistics in, the sentence's parts out).
#include <QtTest>

#include "flag_text.h"

using namespace tw::models;

using Stats = QList<QPair<QString, double>>;

class TestFlagText : public QObject {
    Q_OBJECT

    // A calibrated engine flag: all decisions at log10 p −3, and the given tests beside it.
    static Stats calibrated(const Stats& more) {
        Stats s{{"decisions", 2193},  {"matches", 2051},    {"expected_matches", 1593.2},
                {"sd_matches", 26.4}, {"z_matches", 17.46}, {"log10_p_matches", -3},
                {"log10_q", -5.52}};
        return s + more;
    }
    static Stats with(Stats s, const QString& name, double value) {
        for (auto& [n, v] : s)
            if (n == name) v = value;
        return s;
    }

  private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void sentence_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("ruleset");
        QTest::addColumn<int>("game"); // the game kind the sentence counts in (moves or decisions)
        QTest::addColumn<Stats>("stats");
        QTest::addColumn<QStringList>("says");
        QTest::addColumn<QStringList>("absent");
        const Stats window{{"window_games", 25},       {"window_decisions", 400},
                           {"window_matches", 330},    {"window_expected_matches", 290.4},
                           {"window_sd_matches", 9.1}, {"window_z_matches", 4.3},
                           {"window_log10_p", -4}};
        const Stats shift{{"shift_games", 50},        {"shift_decisions", 800},
                          {"shift_matches", 700},     {"shift_expected_matches", 520.6},
                          {"shift_sd_matches", 20.2}, {"shift_z_matches", 8.9},
                          {"shift_log10_p", -9}};
        QTest::newRow("all decisions lead")
            << "engine_assist"
            << "xinchang" << int(tw::GameKind::Mahjong) << with(calibrated(window), "window_log10_p", -1)
            << QStringList{"p1: 2,051 engine matches where 1,593 ± 26", "z 17.5", "q 3.0e-6",
                           "2,193 counted decisions",
                           "Tested against builtin-2: the strongest band of 600 honest simulated"}
            << QStringList{"latest"};
        QTest::newRow("window leads")
            << "late_onset"
            << "xinchang" << int(tw::GameKind::Mahjong) << with(calibrated(window), "log10_p_matches", -2)
            << QStringList{"In p1's latest 25 games: 330 engine matches where 290 ± 9", "z 4.3",
                           "400 counted decisions"}
            << QStringList{"earlier"};
        QTest::newRow("own earlier games lead")
            << "late_onset"
            << "xinchang" << int(tw::GameKind::Mahjong) << calibrated(window + shift)
            << QStringList{"In p1's latest 50 games: 700 engine matches where 521 ± 20", "own earlier games",
                           "z 8.9", "800 counted decisions"}
            << QStringList{"strongest honest"};
        const Stats times{{"think_decisions", 2100},
                          {"think_slope", 0.41},
                          {"think_se", 0.05},
                          {"think_floor", 0.12},
                          {"think_z", 5.8},
                          {"think_log10_p", 0},
                          {"think_spread_games", 140},
                          {"think_spread", 2.31},
                          {"think_spread_ceiling", 1.72},
                          {"think_spread_z", 3.1},
                          {"think_spread_log10_p", -6},
                          {"think_match_games", 138},
                          {"think_match_rho", -0.62},
                          {"think_match_z", -7.3},
                          {"think_match_log10_p", -12.8}};
        QTest::newRow("a relay in some games: matches against times lead")
            << "engine_assist"
            << "xinchang" << int(tw::GameKind::Mahjong) << calibrated(times)
            << QStringList{"how often its choices matched the engine went with how much its think times "
                           "followed",
                           "rank correlation -0.62 over 138 games", "z -7.3"}
            << QStringList{"engine matches where", "ceiling"};
        QTest::newRow("the games' spread leads")
            << "engine_assist"
            << "xinchang" << int(tw::GameKind::Mahjong) << with(calibrated(times), "think_match_log10_p", -1)
            << QStringList{"games differ in how their think times follow",
                           "2.31 times the spread of one slope", "ceiling 1.72", "over 140 games"}
            << QStringList{"rank correlation"};
        QTest::newRow("xiangqi counts moves")
            << "engine_assist"
            << "xiangqi" << int(tw::GameKind::Xiangqi) << calibrated({})
            << QStringList{"2,051 engine matches", "2,193 counted moves"} << QStringList{"decisions"};
        QTest::newRow("the seed's line")
            << "engine_assist"
            << "anshan" << int(tw::GameKind::Mahjong) << Stats{{"games", 120}, {"fit", 0.812}, {"z", 2.1}}
            << QStringList{"f_u is 0.812 over 120 games", "no calibrated error rate"} << QStringList{"q "};
        QTest::newRow("collusion") << "collusion"
                                   << "xinchang" << int(tw::GameKind::Mahjong)
                                   << Stats{{"feeds", 31}, {"shared_games", 180}, {"feeds_to_others", 12}}
                                   << QStringList{"p1 fed p2 31 times in 180 shared games",
                                                  "12 feeds went to the other players"}
                                   << QStringList{"ring"};
        QTest::newRow("collusion, both ways against each one's own rates")
            << "collusion"
            << "xinchang" << int(tw::GameKind::Mahjong)
            << Stats{{"feeds", 17}, {"feeds_back", 4}, {"shared_games", 26}, {"expected_feeds", 5.24}}
            << QStringList{"p1 fed p2 17 times and p2 fed p1 4 times in 26 shared games", "5.2 were expected",
                           "everyone else"}
            << QStringList{"went to the other players"};
        QTest::newRow("co_seating") << "co_seating"
                                    << "xinchang" << int(tw::GameKind::Mahjong)
                                    << Stats{{"shared_games", 35}, {"expected_shared_games", 6.63}}
                                    << QStringList{"p1 and p2 sat at the same table 35 times",
                                                   "6.6 were expected", "says nothing about play"}
                                    << QStringList{"fed"};
        QTest::newRow("reported")
            << "reported"
            << "xinchang" << int(tw::GameKind::Mahjong)
            << Stats{{"reports", 7}, {"games_played", 300}, {"expected_reports", 0.6}, {"log10_q", -4.2}}
            << QStringList{"7 reports against p1 in 300 games", "0.6 were expected"} << QStringList{};
    }

    // The queue's few words say the same test the sentence tells.
    void reason_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<Stats>("stats");
        QTest::addColumn<QString>("reason");
        const Stats window{{"window_games", 25}, {"window_log10_p", -4}};
        const Stats times{
            {"think_log10_p", -1}, {"think_spread_log10_p", -6}, {"think_match_log10_p", -12.8}};
        QTest::newRow("all decisions") << "engine_assist" << calibrated({}) << "engine matches";
        QTest::newRow("latest games") << "late_onset" << calibrated(window) << "latest games";
        QTest::newRow("own earlier games")
            << "late_onset" << calibrated({{"shift_games", 50}, {"shift_log10_p", -9}})
            << "own earlier games";
        QTest::newRow("matches against times")
            << "engine_assist" << calibrated(times) << "matches against times";
        QTest::newRow("times by game")
            << "engine_assist" << with(calibrated(times), "think_match_log10_p", -1) << "times by game";
        QTest::newRow("the seed's line")
            << "engine_assist" << Stats{{"games", 120}, {"fit", 0.812}} << "the seed's line";
        QTest::newRow("feeds") << "collusion" << Stats{{"feeds", 31}} << "feeds";
        QTest::newRow("a report says nothing more") << "reported" << Stats{{"reports", 7}} << "";
    }
    void reason() {
        QFETCH(QString, kind);
        QFETCH(Stats, stats);
        QFETCH(QString, reason);
        FlagView f;
        f.setKind(kind), f.players = {"p1", "p2"}, f.stats = stats;
        QCOMPARE(FlagText::reason(f), reason);
    }

    void sentence() {
        QFETCH(QString, kind);
        QFETCH(QString, ruleset);
        QFETCH(int, game);
        QFETCH(Stats, stats);
        QFETCH(QStringList, says);
        QFETCH(QStringList, absent);
        FlagView f;
        f.setKind(kind), f.ruleset = ruleset, f.game = tw::GameKind(game), f.players = {"p1", "p2"},
                         f.stats = stats;
        if (FlagText::has(f, "log10_q"))
            f.qValue = std::pow(10.0, FlagText::stat(f, "log10_q")), f.model = "builtin-2";
        const QString text = FlagText::sentence(f);
        for (const QString& s : says)
            QVERIFY2(text.contains(s), qPrintable(QString("«%1» lacks «%2»").arg(text, s)));
        for (const QString& s : absent)
            QVERIFY2(!text.contains(s), qPrintable(QString("«%1» has «%2»").arg(text, s)));
    }
};

QTEST_GUILESS_MAIN(TestFlagText)
#include "tst_flag_text.moc"
