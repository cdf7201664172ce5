#include "flag_evidence.h"

#include <QLocale>

#include <algorithm>

#include <cmath>

#include "case_queue_model.h"
#include "flag_text.h"
#include "review_kind.h"
#include "statistic_words.h"

namespace tw::models {

QString FlagEvidence::title(const FlagView& f) {
    // A feeder and a receiver; players who sat together have no direction.
    const QString between = f.kind == tw::FlagKind::CoSeating ? QStringLiteral(" & ") : QStringLiteral(" → ");
    return tr("%1: %2").arg(CaseQueueModel::kindText(f), f.players.join(between));
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

QString FlagEvidence::statLabel(const QString& stat) {
    if (const auto id = statIdOf(stat)) return tr(statLabelSource(*id));
    return QString(stat).replace(u'_', u' '); // a statistic newer than the table: its words at least
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
        m.source == QLatin1String("builtin") ? reviewKind(m.kind).builtinModelSource()
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
    const QString q = QLocale().toString(f.qValue, 'g', 3), line = QLocale().toString(t.flagQ, 'g', 3);
    if (f.kind == tw::FlagKind::Collusion)
        return tr("%1 (corrected for the number of pairs tested; the flag needs less than %2)").arg(q, line);
    if (f.kind == tw::FlagKind::CoSeating)
        return tr("%1 (corrected for the number of pairs that met; the flag needs less than %2)")
            .arg(q, line);
    if (f.kind == tw::FlagKind::Reported)
        return tr("%1 (corrected for the number of players; every complaint reaches the queue, ranked by it)")
            .arg(q);
    return tr("%1 (corrected for each player's tests, all games and the latest-games windows, and for the "
              "number of "
              "players tested; the flag needs at most %2)")
        .arg(q, line);
}

namespace {

// A meaning's figure by its letter (statistic_words.h).
QString figure(char letter, const FlagView& f, double v, const Thresholds& t) {
    switch (letter) {
    case 'a':
        return f.players.value(0);
    case 'b':
        return f.players.value(1);
    case 'n':
        return QLocale().toString(v, 'f', 0);
    case 'x':
        return QLocale().toString(v, 'f', 3);
    case 'd':
        return QLocale().toString(v, 'f', 2);
    case 'Q':
        return QLocale().toString(std::log10(t.flagQ), 'f', 1);
    case 'G':
        return QString::number(t.minGames);
    case 'L':
        return QLocale().toString(t.flagLine, 'f', 2);
    default: // 'p'
        return QLocale().toString(v, 'g', 3);
    }
}

} // namespace

QString FlagEvidence::meaningOf(const FlagView& f, const QString& stat, double v, const Thresholds& t) {
    const auto id = statIdOf(stat);
    const StatMeaning* m = id ? statMeaning(meaningFamilyOf(f.kind), *id) : nullptr;
    if (!m) return tr("%1 = %2.").arg(stat, QLocale().toString(v, 'g', 3));
    const bool alternative =
        (m->variant == StatMeaning::Variant::Xiangqi && reviewKind(f.game).decidesByMoves()) ||
        (m->variant == StatMeaning::Variant::IfNotPositive && !(v > 0));
    const QString text = tr(alternative ? m->alternative : m->text);
    // All figures in one arg() call, as a figure may itself hold "%1" (a player's name).
    QString figures[3];
    int count = 0;
    for (const char* c = m->figures; *c && count < 3; ++c) figures[count++] = figure(*c, f, v, t);
    switch (count) {
    case 0:
        return text;
    case 1:
        return text.arg(figures[0]);
    case 2:
        return text.arg(figures[0], figures[1]);
    default:
        return text.arg(figures[0], figures[1], figures[2]);
    }
}

} // namespace tw::models
