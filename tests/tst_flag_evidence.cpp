// FlagEvidence (app/models/flag_evidence.h): every kind of flag gets its facts and one
// row per statistic, each statistic explained in words of its own (never the bare "name = value"
// fallback); the report prints exactly these rows, and the desk's Evidence tab (FlagEvidenceModel) shows
// the same rows under each flag, with the complaints under a reported flag.
#include <QtTest>

#include <cmath>
#include <cstring>

#include "case_report.h"
#include "flag_evidence.h"
#include "flag_evidence_model.h"
#include "flag_text.h"
#include "statistic_words.h"

using namespace tw::models;

namespace {

using Stats = QList<QPair<QString, double>>;

FlagView flag(qint64 id, const QString& kind, const QString& ruleset, tw::GameKind game,
              const QStringList& players, const Stats& stats, double p = -1, double q = -1,
              const QString& model = {}) {
    FlagView f;
    f.id = id, f.setKind(kind), f.ruleset = ruleset, f.game = game, f.players = players, f.stats = stats;
    f.pValue = p, f.qValue = q, f.model = model;
    f.score = q > 0 ? -std::log10(q) : 1.5;
    f.games = {"g1", "g2", "g3"};
    f.evidence = {{"g1", 40, true}, {"g2", 12, false}};
    return f;
}

// One flag of every kind the detectors raise, with every statistic each writes (analysis/*.cpp).
QList<FlagView> everyKind() {
    const Stats calibrated{{"decisions", 2193},
                           {"matches", 2051},
                           {"expected_matches", 1593.2},
                           {"sd_matches", 26.4},
                           {"z_matches", 17.46},
                           {"log10_p_matches", -3},
                           {"lost", 12.5},
                           {"expected_lost", 40.2},
                           {"z_lost", 6.1},
                           {"tests", 3},
                           {"log10_p", -2.5},
                           {"log10_q", -5.52},
                           {"window_games", 25},
                           {"window_decisions", 400},
                           {"window_matches", 330},
                           {"window_expected_matches", 290.4},
                           {"window_sd_matches", 9.1},
                           {"window_z_matches", 4.3},
                           {"window_log10_p", -4},
                           {"shift_games", 50},
                           {"shift_decisions", 800},
                           {"shift_matches", 700},
                           {"shift_expected_matches", 520.6},
                           {"shift_sd_matches", 20.2},
                           {"shift_z_matches", 8.9},
                           {"shift_log10_p", -9},
                           {"think_decisions", 2100},
                           {"think_slope", 0.41},
                           {"think_se", 0.05},
                           {"think_floor", 0.12},
                           {"think_z", 5.8},
                           {"think_log10_p", 0},
                           {"think_spread_games", 140},
                           {"think_spread", 2.31},
                           {"think_spread_ceiling", 1.72},
                           {"think_spread_z", 3.1},
                           {"think_spread_log10_p", -0.5},
                           {"think_match_games", 138},
                           {"think_match_rho", -0.62},
                           {"think_match_z", -7.3},
                           {"think_match_log10_p", -1.2},
                           {"model_s", 0.0123},
                           {"model_c", 0.71},
                           {"model_dispersion", 1.8},
                           {"model_dispersion_ceiling", 2.4},
                           {"games", 120},
                           {"fit", 0.812},
                           {"fit10", 0.8},
                           {"fit25", 0.79},
                           {"fit50", 0.81},
                           {"z", 2.1}};
    const Stats seed{{"games", 120},  {"fit", 0.812},  {"fit10", 0.8},
                     {"fit25", 0.79}, {"fit50", 0.81}, {"z", 2.1}};
    return {
        flag(1, "collusion", "xinchang", tw::GameKind::Mahjong, {"panda007", "otter3"},
             {{"shared_games", 180},
              {"discards", 2400},
              {"off_prediction", 310},
              {"opportunities", 95},
              {"feeds", 31},
              {"feeds_to_others", 12},
              {"wins_on", 9},
              {"p_share", 1.2e-9},
              {"p_population", 3.4e-12}},
             2e-30, 1.19e-27),
        flag(2, "collusion", "", tw::GameKind::Mahjong, {"a", "b", "c"},
             {{"members", 3},
              {"flagged_pairs", 2},
              {"linked_pairs", 1},
              {"pair_shared_games", 400},
              {"opportunities", 120},
              {"feeds", 50}},
             -1, 1e-12),
        flag(3, "reported", "xinchang", tw::GameKind::Mahjong, {"panda007"},
             {{"reports", 7},
              {"reporters", 5},
              {"games", 6},
              {"games_played", 300},
              {"report_rate", 0.002},
              {"expected_reports", 0.6},
              {"log10_p", -4.4},
              {"log10_q", -4.2},
              {"z", 1.3}},
             std::pow(10, -4.4), std::pow(10, -4.2)),
        flag(4, "engine_assist", "sichuan", tw::GameKind::Mahjong, {"carol"}, calibrated, std::pow(10, -2.5),
             std::pow(10, -5.52), "model 3"),
        flag(5, "engine_assist", "anshan", tw::GameKind::Mahjong, {"dave"}, seed),
        flag(6, "late_onset", "xinchang", tw::GameKind::Mahjong, {"erin"}, calibrated, std::pow(10, -2.5),
             std::pow(10, -5.52), "builtin-2"),
        flag(7, "engine_assist", "xiangqi", tw::GameKind::Xiangqi, {"紅方"}, calibrated, std::pow(10, -2.5),
             std::pow(10, -5.52), "builtin-xq-1"),
    };
}

QString plain(QString html) {
    return html.remove(QStringLiteral("<bdi>")).remove(QStringLiteral("</bdi>"));
}

} // namespace

class TestFlagEvidence : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    // Each statistic once, in the detector's order, with its value and a sentence of its own.
    void everyStatisticExplained() {
        const Thresholds t;
        for (const FlagView& f : everyKind()) {
            const QList<EvidenceRow> rows = FlagEvidence::statistics(f, t);
            QCOMPARE(rows.size(), f.stats.size());
            for (int i = 0; i < rows.size(); ++i) {
                const auto& [name, value] = f.stats[i];
                // The label in words, not the detector's key.
                QCOMPARE(rows[i].label, FlagEvidence::statLabel(name));
                QVERIFY2(!rows[i].label.contains(u'_'), qPrintable(rows[i].label));
                QCOMPARE(rows[i].stat, name);
                QCOMPARE(rows[i].value, QLocale().toString(value, 'g', 4));
                QVERIFY2(
                    !rows[i].explanation.isEmpty() && !rows[i].explanation.startsWith(name + " ="),
                    qPrintable(
                        QString("%1 of %2 has no words: %3").arg(name, f.kindWord(), rows[i].explanation)));
            }
        }
    }

    // The facts: the sentence, the score, the calibrated p and q (with what q was corrected for) and the
    // model, where the flag has them.
    // The words table: every statistic found by its key and labelled, and every sentence given as many
    // figures as it has places (%1, %2, ...), its alternative too, so that no figure is left out or a
    // "%3" printed.
    void statisticWordsAreWhole() {
        auto places = [](const char* text) {
            int n = 0;
            while (QString::fromUtf8(text).contains(QStringLiteral("%%1").arg(n + 1))) ++n;
            return n;
        };
        int meanings = 0;
        for (int i = 0; i < kStatCount; ++i) {
            const auto id = static_cast<StatId>(i);
            QCOMPARE(statIdOf(QString::fromLatin1(statKey(id))), std::optional<StatId>(id));
            QVERIFY(statLabelSource(id) && *statLabelSource(id));
            for (auto family : {MeaningFamily::Collusion, MeaningFamily::CoSeating, MeaningFamily::Reported,
                                MeaningFamily::Play}) {
                const StatMeaning* m = statMeaning(family, id);
                if (!m) continue;
                ++meanings;
                const int figures = int(std::strlen(m->figures));
                QVERIFY2(places(m->text) == figures, std::string(statKey(id)).c_str());
                QCOMPARE(m->alternative != nullptr, m->variant != StatMeaning::Variant::One);
                if (m->alternative)
                    QVERIFY2(places(m->alternative) == figures, std::string(statKey(id)).c_str());
            }
        }
        QCOMPARE(meanings, 92); // the sentences meaningOf had before they became this table
        // A key this build does not know is no statistic (its words at least are shown: statLabel).
        for (const char* unknown : {"", "feeds_to", "feeds_to_others ", "Feeds", "zz", "a"})
            QCOMPARE(statIdOf(QString::fromLatin1(unknown)), std::optional<StatId>());
        QVERIFY(!statIdOf(QStringLiteral("a_statistic_newer_than_the_table")));
    }

    void factsOfEachKind() {
        const Thresholds t;
        for (const FlagView& f : everyKind()) {
            QStringList labels;
            for (const EvidenceRow& r : FlagEvidence::facts(f, t)) labels << r.label;
            QCOMPARE(labels.contains("In words"), !FlagText::sentence(f).isEmpty());
            QVERIFY(labels.contains("Score"));
            // z is never called a q-value: only a flag with a q-value says its score is one.
            for (const EvidenceRow& r : FlagEvidence::facts(f, t))
                if (r.label == "Score") QCOMPARE(r.value.contains("q-value"), f.qValue >= 0);
            QCOMPARE(labels.contains("p-value"), f.pValue >= 0);
            QCOMPARE(labels.contains("q-value"), f.qValue >= 0);
            QCOMPARE(labels.contains("Model"), !f.model.isEmpty());
        }
        const FlagView collusion = everyKind().first();
        const QList<EvidenceRow> facts = FlagEvidence::facts(collusion, t);
        const auto q = std::find_if(facts.begin(), facts.end(),
                                    [](const EvidenceRow& r) { return r.label == "q-value"; });
        QVERIFY(q != facts.end());
        QVERIFY2(q->value.startsWith("1.19E-27 (corrected for the number of pairs tested"),
                 qPrintable(q->value));
        const FlagView model = everyKind()[3];
        const QString rich = FlagEvidence::richText(model, t);
        for (const QString& s :
             {QString("model 3"), QString("Model s"), QString("The model's sensitivity s = 0.012"),
              QString("700 engine matches where 521 ± 20")})
            QVERIFY2(rich.contains(s.toHtmlEscaped()), qPrintable(s));
    }

    // The report prints the very rows, in order: the same words on paper as on screen.
    void reportPrintsTheRows() {
        tw::report::CaseReport r;
        r.view.id = 5;
        r.view.kind = "collusion";
        r.view.flags = everyKind();
        for (const FlagView& f : r.view.flags) r.view.players << f.players;
        const QString html = plain(r.toHtml());
        const Thresholds t = r.provenance.thresholds;
        for (const FlagView& f : r.view.flags) {
            qsizetype at = html.indexOf(FlagEvidence::title(f).toHtmlEscaped());
            QVERIFY2(at >= 0, qPrintable(FlagEvidence::title(f)));
            for (const EvidenceRow& row : FlagEvidence::facts(f, t) + FlagEvidence::statistics(f, t)) {
                for (const QString& cell : {row.label, row.value, row.explanation}) {
                    if (cell.isEmpty()) continue;
                    const qsizetype next = html.indexOf(cell.toHtmlEscaped(), at);
                    QVERIFY2(next >= 0,
                             qPrintable(QString("the report lacks «%1» of %2").arg(cell, f.kindWord())));
                    at = next;
                }
            }
        }
    }

    // The desk's tree: a top row per flag, under it the facts, the verdict, the extent and the statistics;
    // the complaints under a reported flag only.
    void deskModelShowsTheRows() {
        FlagEvidenceModel m;
        QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Thresholds t;
        const QList<FlagView> flags = everyKind();
        const QList<PlayerReportView> complaints{{"g7", "otter3", "panda007", "feeds his friend every hand"},
                                                 {"g9", "lynx", "panda007", ""}};
        ModelView model3;
        model3.name = "model 3", model3.source = "scan", model3.ruleset = "sichuan", model3.s = 0.0123,
        model3.c = 0.71, model3.dispersion = 1.8, model3.players = 40, model3.decisions = 91234,
        model3.createdAt = "2026-11-20T10:00:00Z";
        const QList<ModelView> models{model3};
        QSignalSpy reset(&m, &QAbstractItemModel::rowsInserted);
        m.setFlags(flags, t, complaints, models);
        QVERIFY(reset.count() > 0);
        QCOMPARE(m.rowCount(), flags.size());
        for (int i = 0; i < flags.size(); ++i) {
            const FlagView& f = flags[i];
            const QModelIndex top = m.index(i, 0);
            QCOMPARE(top.data().toString(), FlagEvidence::title(f));
            QCOMPARE(top.data(FlagEvidenceModel::FlagIdRole).toLongLong(), f.id);
            QCOMPARE(m.indexOfFlag(f.id), top);
            QList<EvidenceRow> expected = FlagEvidence::facts(f, t);
            if (const ModelView* model = FlagEvidenceModel::modelOf(f, models))
                expected << FlagEvidence::modelFacts(*model);
            expected << EvidenceRow{"Verdict", "Open", {}, {}}
                     << EvidenceRow{"Evidence", FlagEvidence::extent(f), {}, {}};
            expected << FlagEvidence::statistics(f, t);
            const bool reported = f.kind == tw::FlagKind::Reported;
            QCOMPARE(m.rowCount(top), expected.size() + (reported ? complaints.size() : 0));
            for (int r = 0; r < expected.size(); ++r) {
                QCOMPARE(m.index(r, FlagEvidenceModel::Label, top).data().toString(), expected[r].label);
                QCOMPARE(m.index(r, FlagEvidenceModel::Value, top).data().toString(), expected[r].value);
                QCOMPARE(m.index(r, FlagEvidenceModel::Explanation, top).data().toString(),
                         expected[r].explanation);
            }
            if (reported) {
                const QModelIndex first = m.index(int(expected.size()), 0, top);
                QCOMPARE(first.data().toString(), QString("Complaint"));
                QCOMPARE(m.index(first.row(), 1, top).data().toString(), QString("by otter3 in g7"));
                QCOMPARE(m.index(first.row(), 2, top).data().toString(),
                         QString("feeds his friend every hand"));
            }
        }
        QCOMPARE(m.indexOfFlag(999), QModelIndex());
        // The flag tested against model 3 says where the model comes from, in the report's words.
        const QModelIndex carol = m.indexOfFlag(4);
        QCOMPARE(m.index(5, 0, carol).data().toString(), QString("Fitted"));
        QCOMPARE(m.index(5, 1, carol).data().toString(),
                 QString("by the analysis itself on 40 players and 91,234 decisions, 2026-11-20"));
        QCOMPARE(m.index(6, 1, carol).data().toString(),
                 QString("s 0.0123, c 0.710, dispersion between games 1.80"));
        QCOMPARE(FlagEvidenceModel::modelOf(flags[5], models), nullptr); // builtin-2: not given
        m.setFlags({}, t);
        QCOMPARE(m.rowCount(), 0);
    }
};

QTEST_MAIN(TestFlagEvidence)
#include "tst_flag_evidence.moc"
