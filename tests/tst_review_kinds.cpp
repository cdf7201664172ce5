// The review side's registry of game kinds (app/models/review_kinds.h): every GameKind has its ReviewKind,
// its ReportKind and its DeskViews, each answering for the kind it is registered for; every ruleset word is
// named by exactly one kind; every kind's move words take the arguments their callers give.
#include <QAbstractItemModel>
#include <QListView>
#include <QWidget>
#include <QtTest>

#include <memory>
#include <set>
#include <vector>

#include "desk_views.h"
#include "record.h"
#include "report_kind.h"
#include "review_kind.h"
#include "ruleset.h"
#include "ruleset_labels.h"
#include "tile_renderer.h"

using namespace tw;

class TestReviewKinds : public QObject {
    Q_OBJECT
  private slots:
    void everyGameKindHasItsReviewSide() {
        std::set<GameKind> listed;
        for (const models::ReviewKind* k : models::reviewKinds()) QVERIFY(listed.insert(k->kind()).second);
        QCOMPARE(listed.size(), kGameKinds.size());
        for (GameKind kind : kGameKinds) {
            const QByteArray name(gameKindName(kind).data(), qsizetype(gameKindName(kind).size()));
            QVERIFY2(listed.count(kind), name.constData());
            QCOMPARE(models::reviewKind(kind).kind(), kind);
            QCOMPARE(report::reportKind(kind).kind(), kind);
        }
    }

    void everyGameKindHasItsDeskViews() {
        QWidget window;
        auto* list = new QListView(&window);
        render::TileRenderer tiles;
        ui::DeskContext context;
        context.owner = &window;
        context.tiles = &tiles;
        context.moveList = [list] { return list; };
        context.showMove = [](int) {};
        const std::vector<std::unique_ptr<ui::DeskViews>> views = ui::makeDeskViews(context);
        std::set<GameKind> kinds;
        std::set<QObject*> parts;
        for (const auto& v : views) {
            QVERIFY(kinds.insert(v->kind()).second);
            QVERIFY(v->board() && v->panel() && v->moves());
            // Each kind brings its own board, panel and list model.
            QVERIFY(parts.insert(v->board()).second && parts.insert(v->panel()).second &&
                    parts.insert(v->moves()).second);
            v->attach(nullptr); // nothing to show: cleared, not a crash
            QCOMPARE(v->moves()->rowCount(), 0);
            QVERIFY(v->panelHeight(600) > 0 && v->panelHeight(600) < 600);
        }
        QCOMPARE(kinds.size(), kGameKinds.size());
        for (const auto& v : views) delete v->board(), delete v->panel();
    }

    // A ruleset word is named by its own kind alone: the mahjong rulesets by the rules' table of labels,
    // xiangqi by its own word.
    void everyRulesetIsNamedByOneKind() {
        std::vector<std::string> words = rulesetWords();
        words.push_back(xiangqiRulesetName());
        for (const std::string& word : words) {
            int naming = 0;
            for (const models::ReviewKind* k : models::reviewKinds())
                if (const QString label = k->rulesetLabel(QString::fromStdString(word)); !label.isEmpty()) {
                    ++naming;
                    QCOMPARE(k->kind(), gameKindOfRuleset(word));
                }
            QVERIFY2(naming == 1, word.c_str());
        }
        for (const models::ReviewKind* k : models::reviewKinds())
            QVERIFY(k->rulesetLabel(QStringLiteral("no-such-ruleset")).isEmpty());
        RulesetId riichi{};
        QVERIFY(parseRulesetName("riichi", &riichi));
        QCOMPARE(models::reviewKind(GameKind::Mahjong).rulesetLabel(QStringLiteral("riichi")),
                 models::rulesetLabel(riichi));
    }

    // The callers fill every placeholder of a kind's words: none is left over and every argument shows.
    void everyKindsWordsTakeTheirArguments() {
        const QStringList args{QStringLiteral("<a>"), QStringLiteral("<b>"), QStringLiteral("<c>"),
                               QStringLiteral("<d>"), QStringLiteral("<e>"), QStringLiteral("<f>")};
        auto filled = [&](const QString& s, int arguments) {
            for (int i = 0; i < arguments; ++i)
                if (!s.contains(args[i])) return false;
            return !s.isEmpty() && !s.contains(QLatin1Char('%'));
        };
        for (const models::ReviewKind* k : models::reviewKinds()) {
            const QByteArray name(gameKindName(k->kind()).data(), qsizetype(gameKindName(k->kind()).size()));
            QVERIFY2(filled(k->fitChartTitle(), 0) && filled(k->moveAxisTitle(), 0) &&
                         filled(k->offPrediction(), 0) && filled(k->builtinModelSource(), 0),
                     name.constData());
            QVERIFY2(filled(k->moveTip().arg(args[0], args[1], args[2]), 3), name.constData());
            QVERIFY2(filled(k->markedMoves().arg(args[0]), 1), name.constData());
            QVERIFY2(filled(k->fitChartCaption().arg(args[0]), 1), name.constData());
            QVERIFY2(filled(k->flagLineName().arg(args[0]), 1), name.constData());
            QVERIFY2(filled(k->engineMatches().arg(args[0], args[1], args[2], args[3], args[4], args[5]), 6),
                     name.constData());
            QVERIFY2(k->seatColour(1) != k->seatColour(2), name.constData());
        }
    }

    // The names a kind's kept board holds are the ones an anonymised report renames and the HTML shows as
    // names: whatever `players` reports, `anonymise` and `shown` reach. Every kind's fields hold a name
    // here; each kind must find its own.
    void everyKindsBoardNamesAreReached() {
        const QString alice = QStringLiteral("alice"), bob = QStringLiteral("bob");
        for (GameKind kind : kGameKinds) {
            const QByteArray name(gameKindName(kind).data(), qsizetype(gameKindName(kind).size()));
            const report::ReportKind& k = report::reportKind(kind);
            report::ReportMove m;
            m.kind = kind;
            m.board.seats[0].player = alice;
            m.board.current.player = m.info.player = m.info.takenByPlayer = alice;
            m.xq.red = alice, m.xq.black = bob;
            QVERIFY2(k.players(m).contains(alice), name.constData());

            report::ReportMove anonymous = m;
            k.anonymise(
                anonymous,
                [&](QString& s) {
                    s.replace(alice, QStringLiteral("P1")).replace(bob, QStringLiteral("P2"));
                },
                [](QString&) {});
            for (const QString& p : k.players(anonymous))
                QVERIFY2(!p.contains(alice) && !p.contains(bob), name.constData());

            report::ReportMove shown = m;
            k.shown(
                shown, [](QString& s) { s = QLatin1Char('<') + s + QLatin1Char('>'); }, [](QString&) {});
            for (const QString& p : k.players(shown))
                QVERIFY2(p.startsWith(QLatin1Char('<')), name.constData());
        }
    }
};

QTEST_MAIN(TestReviewKinds)
#include "tst_review_kinds.moc"
