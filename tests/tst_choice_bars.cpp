// The engine's view (ui/choice_bars.h): the rows a moderator reads, best first, the played one marked and
// kept in view when it lies below the rows shown; at the panel's width the text is not cut.
#include <QtTest>

#include <QImage>
#include <QPainter>

#include "choice_bars.h"

using namespace tw;
using tw::models::ChoiceView;
using tw::models::TileFace;

namespace {

QList<ChoiceView> choices(int n, int played) {
    QList<ChoiceView> out;
    double total = 0;
    for (int i = 0; i < n; ++i) total += 1.0 / (i + 1);
    for (int i = 0; i < n; ++i)
        out.append({TileFace::of(i), 3, 35 - i, i == 0 ? 0.0 : 0.1 * i, 1.0 / (i + 1) / total, i == played});
    return out;
}

} // namespace

class TestChoiceBars : public QObject {
    Q_OBJECT
  private slots:
    void rowsBestFirstWithThePlayedOne() {
        ui::ChoiceBars bars;
        bars.setChoices(choices(4, 1));
        const QStringList rows = bars.rows();
        QCOMPARE(rows.size(), 4);
        // (No translator here: the plural forms read "step(s)".)
        QVERIFY2(rows[0].startsWith(QStringLiteral("1m · ")) && rows[0].contains(QStringLiteral("35")) &&
                     rows[0].endsWith(QStringLiteral(" · 48%")),
                 qPrintable(rows[0]));
        QVERIFY(!rows[0].endsWith(QStringLiteral("played")));
        QVERIFY2(rows[1].endsWith(QStringLiteral(" · played")), qPrintable(rows[1]));
    }

    // Eleven options, the ninth played: the rows shown end with it, in place of the last of the best.
    void playedBelowTheRowsStaysInView() {
        ui::ChoiceBars bars;
        bars.setChoices(choices(11, 8));
        const QStringList rows = bars.rows();
        QCOMPARE(rows.size(), ui::ChoiceBars::kMaxRows);
        QVERIFY2(rows.back().startsWith(QStringLiteral("9m ")) &&
                     rows.back().endsWith(QStringLiteral("played")),
                 qPrintable(rows.back()));
        QCOMPARE(rows.filter(QStringLiteral("played")).size(), 1);
    }

    // At the prediction panel's width on a 1366-pixel screen (about 290 pixels) the widest row's text fits
    // whole and the bar keeps its room; only far narrower is the text elided.
    void textFitsAtThePanelWidth() {
        ui::ChoiceBars bars;
        bars.setChoices(choices(6, 0));
        QFont bold = bars.font();
        bold.setBold(true);
        QImage image(290, bars.sizeHint().height(), QImage::Format_ARGB32);
        QPainter p(&image);
        p.setFont(bold);
        const QFontMetrics fm = p.fontMetrics();
        const auto wide = bars.columnsAt(290, fm);
        const int needed = fm.horizontalAdvance(bars.rows()[0].section(QStringLiteral(" · "), 1, 2));
        QVERIFY2(wide.text > needed, qPrintable(QString("text %1 <= %2").arg(wide.text).arg(needed)));
        const QString widest = bars.rows()[0].section(QStringLiteral(" · "), 1, 2);
        QCOMPARE(fm.elidedText(widest, Qt::ElideRight, wide.text), widest);
        QVERIFY(wide.bar >= ui::ChoiceBars::kMinBar);
        QVERIFY(wide.barLeft + wide.bar + wide.percent <= 290);
        const auto narrow = bars.columnsAt(150, fm);
        QVERIFY(narrow.text < needed);
        p.end();
        bars.resize(290, bars.sizeHint().height());
        bars.render(&image); // paints without a renderer (no tiles) and without failing
    }
};

QTEST_MAIN(TestChoiceBars)
#include "tst_choice_bars.moc"
