// The readable report: one HTML body for both outputs. The HTML file carries its pictures as data: URIs
// and its CSS inline; the PDF lays the same body out with QTextDocument on A4 pages (QTextDocument
// reads the pictures from its resources instead). Every outside string passes through shown() (in
// forLayout) and then esc().
#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QUrl>

#include <algorithm>
#include <cmath>
#include <functional>

#include "case_history_model.h"
#include "case_queue_model.h"
#include "case_report.h"
#include "flag_evidence.h"
#include "report_html_parts.h"
#include "report_kind.h"
#include "report_pictures.h"
#include "review_kind.h"
#include "sanction_text.h"
#include "tile_names.h"
#include "tile_renderer.h"
#include "visible_text.h"

namespace tw::report {

using namespace tw::models;
using namespace tw::report::html;
using tw::render::TileRenderer;

namespace {

constexpr QChar kIsolate(0x2068), kIsolateEnd(0x2069); // FSI and PDI: shown() marks outside text with them
constexpr int kNameMax = 200, kTextMax = 2000;

// Outside text as the HTML and PDF show it: control characters escaped (visible_text.h), so none reaches
// the file raw; cut to `max` characters, since QTextDocument takes time growing faster than linearly to lay
// out a long word (the JSON report keeps the text whole); and isolated, so that a right-to-left name
// cannot turn the text after it around.
QString shown(const QString& s, int max, bool* cut) {
    if (s.isEmpty()) return s;
    QString t = QString::fromStdString(visibleText(s.toStdString()));
    if (t.size() > max) {
        t = t.left(t.at(max - 1).isHighSurrogate() ? max - 1 : max) + QChar(0x2026);
        *cut = true;
    }
    return kIsolate + t + kIsolateEnd;
}

QString detailWords(const QString& detail);

// The report with every outside text shown(): names and ids, and the texts that quote them.
CaseReport forLayout(CaseReport r, bool* cut) {
    auto name = [&](QString& s) { s = shown(s, kNameMax, cut); };
    auto text = [&](QString& s) { s = shown(s, kTextMax, cut); };
    auto names = [&](QStringList& l) { std::for_each(l.begin(), l.end(), name); };
    names(r.view.players);
    for (FlagView& f : r.view.flags) names(f.players);
    for (PlayerHistoryView& h : r.histories) name(h.player);
    for (ReportGame& g : r.games)
        name(g.gameId), name(g.match), text(g.source), names(g.players), text(g.error);
    for (ReportMove& m : r.moves) {
        name(m.move.gameId), name(m.facts.player);
        reportKind(m.kind).shown(m, name, text);
    }
    for (DecisionView& d : r.decisions) name(d.moderator), text(d.reason), text(d.note);
    for (AuditRowView& a : r.audit)
        name(a.actor), name(a.action), a.detail = detailWords(a.detail), text(a.detail);
    text(r.provenance.database), text(r.provenance.engine);
    return r;
}
// The moderator's chosen name and the account that ran the program (none on rows from before it was kept).
QString whoDecided(const DecisionView& d) {
    return d.osUser.isEmpty() ? d.moderator : CaseReport::tr("%1 (account %2)").arg(d.moderator, d.osUser);
}
// A flag's verdict as it stands: its own when a decision was taken on it alone, else the case's, which
// a decision on the whole case gives every flag without one of its own.
QString flagVerdictText(const CaseReport& r, const FlagView& f) {
    const bool own = std::any_of(r.decisions.begin(), r.decisions.end(), [&](const DecisionView& d) {
        return d.flagId == f.id && d.action != QLatin1String("note");
    });
    if (own) return CaseReport::tr("%1 (decided on this flag)").arg(CaseQueueModel::statusText(f.verdict));
    return CaseReport::tr("%1 (the case's verdict; no decision on this flag alone)")
        .arg(CaseQueueModel::statusText(r.view.status));
}
// A stored UTC time (ISO 8601, milliseconds) as a short date and time that does not wrap in a narrow
// column: "2026-11-25 22:10". What cannot be read is shown as stored.
QString shortTime(const QString& iso) {
    const QDateTime t = QDateTime::fromString(iso, Qt::ISODateWithMs);
    if (!t.isValid()) return iso;
    return t.toUTC().toString(QStringLiteral("yyyy-MM-dd")) + QChar(0x00A0) +
           t.toUTC().toString(QStringLiteral("HH:mm"));
}
// An audit row's detail (a JSON object) in words: "decision: 12 · verdict: escalated · reason: …", keys
// with spaces for underscores, what a row is about first, empty values left out, lists joined with commas;
// the hashes that attest rows (audit_log.h) as the rows they cover. Anything else as stored.
QString detailWords(const QJsonValue& v) {
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        QStringList keys{QStringLiteral("case"),    QStringLiteral("flag"),     QStringLiteral("decision"),
                         QStringLiteral("verdict"), QStringLiteral("previous"), QStringLiteral("reason"),
                         QStringLiteral("note")};
        keys.erase(std::remove_if(keys.begin(), keys.end(), [&](const QString& k) { return !o.contains(k); }),
                   keys.end());
        for (const QString& k : o.keys())
            if (!keys.contains(k) && k != QLatin1String("attests")) keys << k;
        QStringList parts;
        for (const QString& k : keys) {
            const QJsonValue value = o.value(k);
            if ((value.isString() && value.toString().isEmpty()) || value.isNull() ||
                (value.isArray() && value.toArray().isEmpty()))
                continue;
            parts << QString(k).replace(u'_', u' ') + QStringLiteral(": ") + detailWords(value);
        }
        QStringList attested;
        for (const QJsonValue& a : o.value(QStringLiteral("attests")).toArray()) {
            const QJsonObject ao = a.toObject();
            const qint64 first = ao.value(QStringLiteral("first")).toInteger(),
                         last = ao.value(QStringLiteral("last")).toInteger();
            attested << (first == last ? CaseReport::tr("%1 row %2")
                                             .arg(ao.value(QStringLiteral("table")).toString())
                                             .arg(first)
                                       : CaseReport::tr("%1 rows %2–%3")
                                             .arg(ao.value(QStringLiteral("table")).toString())
                                             .arg(first)
                                             .arg(last));
        }
        if (!attested.isEmpty())
            parts << CaseReport::tr("vouches for %1 (every column hashed)")
                         .arg(attested.join(QStringLiteral(", ")));
        return parts.join(QStringLiteral(" · "));
    }
    if (v.isArray()) {
        QStringList parts;
        for (const QJsonValue& e : v.toArray())
            parts << (e.isObject() ? QStringLiteral("(%1)").arg(detailWords(e)) : detailWords(e));
        return parts.join(QStringLiteral(", "));
    }
    if (v.isString()) return v.toString();
    if (v.isBool()) return v.toBool() ? CaseReport::tr("yes") : CaseReport::tr("no");
    if (v.isDouble()) return QString::number(v.toDouble(), 'g', 12);
    return {};
}
QString detailWords(const QString& detail) {
    QJsonParseError e;
    const QJsonDocument doc = QJsonDocument::fromJson(detail.toUtf8(), &e);
    return e.error == QJsonParseError::NoError && doc.isObject() ? detailWords(doc.object()) : detail;
}
} // namespace

namespace html {

// The isolate marks become <bdi> elements, in text; an attribute takes no markup, so they go there. A
// control character that reached here past shown() (a field of the database edited by hand) is escaped
// all the same.
QString esc(const QString& s) {
    QString out;
    for (QChar c : s.toHtmlEscaped()) {
        if (c == kIsolate || c == kIsolateEnd)
            out += c == kIsolate ? QLatin1String("<bdi>") : QLatin1String("</bdi>");
        else if (c.category() == QChar::Other_Control && c != u'\n' && c != u'\t')
            out += QString::fromStdString(visibleText(QString(c).toStdString()));
        else
            out += c;
    }
    return out;
}
QString attr(const QString& s) {
    return QString(s).remove(kIsolate).remove(kIsolateEnd).toHtmlEscaped();
}

QString num(double v, int decimals) {
    return QLocale().toString(v, 'f', decimals);
}
QString tileText(const QList<TileFace>& tiles) {
    QStringList t;
    for (const TileFace& f : tiles) t << models::tileName(f); // 八筒 in a Chinese report
    return t.isEmpty() ? CaseReport::tr("(empty)") : t.join(u' ');
}

QString img(const ImageSink& sink, const QImage& image, int width, const QString& alt, const QString& cls) {
    const QSizeF size = image.deviceIndependentSize();
    return QStringLiteral("<img src=\"%1\" width=\"%2\" height=\"%3\" alt=\"%4\" class=\"%5\">")
        .arg(attr(sink(image)), QString::number(width),
             QString::number(qRound(width * size.height() / size.width())), attr(alt), cls);
}

QString row(const QString& caption, const QString& value) {
    return QStringLiteral("<tr><th>%1</th><td>%2</td></tr>").arg(esc(caption), value);
}

} // namespace html

namespace {

const char* kCss = R"(
body { font-family: "DejaVu Sans", "Noto Sans", "Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", sans-serif; color: #222; max-width: 980px; margin: 24px auto; padding: 0 16px; }
h1 { font-size: 20pt; margin-bottom: 2px; }
h2 { font-size: 15pt; border-bottom: 1px solid #999; margin-top: 24px; }
h3 { font-size: 12pt; margin-bottom: 4px; }
h4 { font-size: 10.5pt; margin-bottom: 4px; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { border: 1px solid #bbb; padding: 3px 6px; vertical-align: top; text-align: left; }
th { background-color: #eeeeee; font-weight: bold; }
.facts th { width: 120px; }
.small { font-size: 8pt; }
.small th { width: 25%; }
table.move { border: none; }
td.plain { border: none; padding: 0 10px 0 0; }
.summary { background-color: #f3f0e6; border: 1px solid #d8d0b8; padding: 8px; }
.verdict { font-weight: bold; }
.muted { color: #666666; }
.mono { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; }
.picture { max-width: 100%; height: auto; }
.when, .nowrap { white-space: nowrap; }
)";

} // namespace

namespace {

// The title, what the case is about, and what this layout leaves out.
QString heading(const CaseReport& r, bool cut) {
    const CaseView& c = r.view;
    const Provenance& pv = r.provenance;
    QString h;
    h += QStringLiteral("<h1>%1</h1>").arg(esc(CaseReport::tr("Case report: case %1").arg(c.id)));
    h += QStringLiteral("<p class=\"muted\">%1</p>")
             .arg(esc(CaseReport::tr("%1 · %2 · generated %3 · TileWatch %4")
                          .arg(CaseQueueModel::kindText(c.kind), c.players.join(QStringLiteral(", ")),
                               pv.generatedAt, pv.version)));
    if (pv.anonymised)
        h += QStringLiteral("<p class=\"muted\">%1</p>")
                 .arg(esc(CaseReport::tr("Anonymised: player ids are replaced by pseudonyms that stay the "
                                         "same across the reports of this database.")));
    if (cut)
        h += QStringLiteral("<p class=\"muted\">%1</p>")
                 .arg(esc(
                     CaseReport::tr(
                         "Names and ids longer than %1 characters, and texts longer than %2, are cut short "
                         "here (…); the JSON report has them whole.")
                         .arg(QString::number(kNameMax), QString::number(kTextMax))));
    return h;
}

// Summary and verdict.
QString summarySection(const CaseReport& r) {
    const CaseView& c = r.view;
    QString h;
    h += QStringLiteral("<h2>%1</h2>").arg(esc(CaseReport::tr("Summary and verdict")));
    h += QStringLiteral("<p class=\"summary\">%1</p>").arg(esc(r.summary()));
    h += QStringLiteral("<table class=\"facts\">");
    h += row(CaseReport::tr("Kind"), esc(CaseQueueModel::kindText(c.kind)));
    h += row(
        CaseReport::tr("Verdict"),
        QStringLiteral("<span class=\"verdict\">%1</span>").arg(esc(CaseQueueModel::statusText(c.status))));
    h += row(CaseReport::tr("Players"), esc(c.players.join(QStringLiteral(", "))));
    h += row(CaseReport::tr("Ruleset"), esc(CaseReport::rulesetText(c.ruleset)));
    h += row(CaseReport::tr("Priority"), esc(num(c.priority)));
    h += row(CaseReport::tr("Games"), esc(QLocale().toString(c.games)));
    h += row(CaseReport::tr("Last change (UTC)"), esc(shortTime(c.updatedAt)));
    h += QStringLiteral("</table>");
    return h;
}

// Players and their history.
QString playersSection(const CaseReport& r, const ImageSink& sink) {
    const CaseView& c = r.view;
    QString h;
    h += QStringLiteral("<h2>%1</h2>").arg(esc(CaseReport::tr("Players and their history")));
    h += QStringLiteral("<p>%1</p>")
             .arg(esc(CaseReport::tr("f_u is the player's mean agreement with the engine over qualifying "
                                     "games (1 = always the engine's choice); "
                                     "the last 10, 25 and 50 show the same over the latest games, so a "
                                     "change of play stands out.")));
    h += QStringLiteral(
             "<table><tr><th>%1</th><th>%2</th><th>%3</th><th>f_u</th><th>%4</th><th>%5</th><th>%6</th></tr>")
             .arg(esc(CaseReport::tr("Player")), esc(CaseReport::tr("Games")),
                  esc(CaseReport::tr("Qualifying")), esc(CaseReport::tr("Last 10")),
                  esc(CaseReport::tr("Last 25")), esc(CaseReport::tr("Last 50")));
    for (const PlayerHistoryView& ph : r.histories) {
        int qualifying = 0;
        HistoryPointView last;
        for (const HistoryPointView& pt : ph.points)
            if (pt.qualifies) ++qualifying, last = pt;
        h += QStringLiteral(
                 "<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td></tr>")
                 .arg(esc(ph.player), QString::number(ph.points.size()), QString::number(qualifying),
                      num(last.fu, 3), num(last.fu10, 3), num(last.fu25, 3), num(last.fu50, 3));
    }
    h += QStringLiteral("</table>");
    QStringList evidenceIds;
    for (const auto& g : c.evidenceGames) evidenceIds << g.first;
    for (const PlayerHistoryView& ph : r.histories)
        h += QStringLiteral("<p>%1</p>")
                 .arg(img(sink, historyPicture(ph, evidenceIds), 640,
                          CaseReport::tr("History of %1").arg(ph.player)));
    return h;
}

// Flags and their statistics.
QString flagsSection(const CaseReport& r, const QString& pageBreak) {
    const CaseView& c = r.view;
    const Provenance& pv = r.provenance;
    QString h;
    h += QStringLiteral("<h2%1>%2</h2>").arg(pageBreak, esc(CaseReport::tr("Flags and statistics")));
    for (const FlagView& f : c.flags) {
        // The wording of a flag's evidence is FlagEvidence's, the same the desk's Evidence tab shows.
        h += QStringLiteral("<h3>%1</h3>").arg(esc(FlagEvidence::title(f)));
        h += QStringLiteral("<table class=\"facts\">");
        for (const EvidenceRow& fact : FlagEvidence::facts(f, pv.thresholds))
            h += row(fact.label, esc(fact.value));
        h += row(CaseReport::tr("Verdict"), esc(flagVerdictText(r, f)));
        h += row(CaseReport::tr("Active"),
                 esc(f.active ? CaseReport::tr("yes")
                              : CaseReport::tr("no, the latest analysis no longer raises it")));
        h += row(CaseReport::tr("Evidence"), esc(FlagEvidence::extent(f)));
        h += QStringLiteral("</table>");
        if (const QList<EvidenceRow> stats = FlagEvidence::statistics(f, pv.thresholds); !stats.isEmpty()) {
            h += QStringLiteral("<table><tr><th>%1</th><th>%2</th><th>%3</th></tr>")
                     .arg(esc(CaseReport::tr("Statistic")), esc(CaseReport::tr("Value")),
                          esc(CaseReport::tr("What it means")));
            for (const EvidenceRow& s : stats)
                h += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                         .arg(esc(s.label), esc(s.value), esc(s.explanation));
            h += QStringLiteral("</table>");
        }
    }
    return h;
}

// The models behind the calibrated flags, each with its reliability plot.
QString modelsSection(const CaseReport& r, const ImageSink& sink) {
    QString h;
    for (const ModelView& m : r.models) {
        h += QStringLiteral("<h3>%1</h3>").arg(esc(CaseReport::tr("Decision model: %1").arg(m.name)));
        h += QStringLiteral("<table class=\"facts\">");
        for (const EvidenceRow& fact : FlagEvidence::modelFacts(m)) h += row(fact.label, esc(fact.value));
        h += QStringLiteral("</table>");
        if (!m.reliability.isEmpty())
            h +=
                QStringLiteral("<p>%1</p><p class=\"muted\">%2</p>")
                    .arg(img(sink, reliabilityPicture(m), 420,
                             CaseReport::tr("Reliability of %1").arg(m.name)),
                         esc(CaseReport::tr(
                             "Each point: the strongest honest players' decisions of one difficulty, by the "
                             "model's chance of an engine match (across) against how often they matched "
                             "(up); on the diagonal the model is exact, and the point's size is its share of "
                             "decisions.")));
    }
    return h;
}

// Evidence games: the fit chart, then the board at each pictured move.
QString evidenceSection(const CaseReport& r, const ImageSink& sink, bool paged, const QString& pageBreak) {
    QString h;
    h += QStringLiteral("<h2%1>%2</h2>").arg(pageBreak, esc(CaseReport::tr("Evidence games")));
    if (r.games.isEmpty())
        h += QStringLiteral("<p>%1</p>").arg(esc(CaseReport::tr("This case has no evidence games.")));
    TileRenderer tiles(r.tileset);
    for (const ReportGame& g : r.games) {
        const ReviewKind& words = reviewKind(g.kind);
        QStringList ops;
        for (int op : g.ops) ops << QString::number(op);
        h += QStringLiteral("<h3>%1</h3>").arg(esc(CaseReport::tr("Game %1").arg(g.gameId)));
        h += QStringLiteral("<p>%1</p>")
                 .arg(esc(ops.isEmpty()
                              ? CaseReport::tr("No marked moves: the whole game counts toward the flag.")
                              : words.markedMoves().arg(ops.join(QStringLiteral(", ")))));
        // Where it came from: its match and the file it was read from (pseudonyms when anonymised).
        QStringList origin;
        if (!g.match.isEmpty()) origin << CaseReport::tr("match %1").arg(g.match);
        if (!g.source.isEmpty()) origin << CaseReport::tr("read from %1").arg(g.source);
        if (!origin.isEmpty())
            h += QStringLiteral("<p class=\"muted\">%1</p>").arg(esc(origin.join(QStringLiteral(" · "))));
        if (!g.error.isEmpty()) {
            h += QStringLiteral("<p>%1</p>")
                     .arg(esc(CaseReport::tr("The game could not be opened: %1").arg(g.error)));
            continue;
        }
        QStringList seats;
        // A seat with too few counted moves has no game fit: its mean over none (0.000) read as a fit under
        // a chart of discards near 1.
        const int minCounted = r.provenance.thresholds.forKind(g.kind).minCountedDiscards;
        for (int s = 0; s < g.players.size(); ++s)
            seats << (g.counted.value(s) >= minCounted
                          ? CaseReport::tr("seat %1 %2 (game fit %3)")
                                .arg(s + 1)
                                .arg(g.players[s], num(g.gameFits.value(s), 3))
                          : CaseReport::tr("seat %1 %2 (no game fit: %3 counted moves, %4 needed)")
                                .arg(s + 1)
                                .arg(g.players[s])
                                .arg(g.counted.value(s))
                                .arg(minCounted));
        h += QStringLiteral("<p class=\"muted\">%1</p>")
                 .arg(esc(CaseReport::rulesetText(g.ruleset) + QStringLiteral(" · ") +
                          seats.join(QStringLiteral("; "))));
        h += QStringLiteral("<p>%1</p>")
                 .arg(img(sink, gamePicture(g), 640, words.fitChartCaption().arg(g.gameId)));
        for (const ReportMove& m : r.moves)
            if (m.move.gameId == g.gameId) h += reportKind(m.kind).moveSection(m, g, sink, paged, tiles);
    }
    if (r.movesLeftOut > 0)
        h += QStringLiteral("<p class=\"muted\">%1</p>")
                 .arg(esc(CaseReport::tr(
                     "%n more marked move(s) are not pictured; the JSON report lists every one.", nullptr,
                     r.movesLeftOut)));
    if (r.gamesLeftOut > 0)
        h += QStringLiteral("<p class=\"muted\">%1</p>")
                 .arg(esc(CaseReport::tr(
                     "%n more evidence game(s) are not shown; the JSON report lists every one.", nullptr,
                     r.gamesLeftOut)));
    return h;
}

// The decisions taken on the case, undone ones included.
QString decisionsSection(const CaseReport& r, const QString& pageBreak) {
    QString h;
    h += QStringLiteral("<h2%1>%2</h2>").arg(pageBreak, esc(CaseReport::tr("Decisions")));
    // Where the case stands by due process: the sanction in force, an appeal, and which evidence this report
    // shows (the snapshot kept with the decision, not the latest scan).
    const CaseView& c = r.view;
    if (!c.sanction.isEmpty())
        h += QStringLiteral("<p><b>%1</b></p>")
                 .arg(esc(CaseReport::tr("Sanction in force: %1.")
                              .arg(SanctionText::text(c.sanction, c.sanctionUntil))));
    if (c.underAppeal)
        h += QStringLiteral("<p class=\"warning\">%1</p>")
                 .arg(esc(
                     CaseReport::tr("Under appeal by %1 (recorded by %2, %3): %4. Only a lead decides it.")
                         .arg(c.appellant, c.appealBy, shortTime(c.appealAt), c.appealReason)));
    if (c.evidenceAsOf)
        h += QStringLiteral("<p>%1</p>")
                 .arg(esc(
                     CaseReport::tr("The flags and evidence in this report are as they were at decision %1 "
                                    "(%2): the verdict rests on them, whatever later scans found.")
                         .arg(c.evidenceAsOf)
                         .arg(shortTime(c.evidenceAsOfAt))));
    if (c.follows)
        h +=
            QStringLiteral("<p>%1</p>")
                .arg(esc(CaseReport::tr("This case was opened after dismissed case %1: a scan found evidence "
                                        "beyond that dismissal.")
                             .arg(c.follows)));
    if (r.decisions.isEmpty()) {
        h += QStringLiteral("<p>%1</p>")
                 .arg(esc(CaseReport::tr("No decision has been recorded on this case.")));
    } else {
        // The headers are single words a narrow column broke inside ("Moderato r").
        h += QStringLiteral("<table><tr><th class=\"nowrap\">%1</th><th class=\"nowrap\">%2</th><th "
                            "class=\"nowrap\">%3</th><th class=\"nowrap\">%4</th><th "
                            "class=\"nowrap\">%5</th><th class=\"nowrap\">%6</th><th "
                            "class=\"nowrap\">%7</th></tr>")
                 .arg(esc(CaseReport::tr("Time (UTC)")), esc(CaseReport::tr("Moderator")),
                      esc(CaseReport::tr("Action")), esc(CaseReport::tr("Target")),
                      esc(CaseReport::tr("Verdict")), esc(CaseReport::tr("Reason")),
                      esc(CaseReport::tr("Note")));
        for (const DecisionView& d : r.decisions) {
            QString verdict = d.previous == d.verdict
                                  ? CaseQueueModel::statusText(d.verdict)
                                  : CaseReport::tr("%1 → %2").arg(CaseQueueModel::statusText(d.previous),
                                                                  CaseQueueModel::statusText(d.verdict));
            if (d.action == QLatin1String("decide") && !d.sanction.isEmpty())
                verdict =
                    CaseReport::tr("%1 · %2").arg(verdict, SanctionText::text(d.sanction, d.sanctionUntil));
            const QString reason = d.action == QLatin1String("appeal")
                                       ? CaseReport::tr("Appeal by %1: %2").arg(d.appellant, d.reason)
                                       : d.reason;
            h += QStringLiteral("<tr><td "
                                "class=\"when\">%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</"
                                "td><td>%7</td></tr>")
                     .arg(esc(shortTime(d.at)), esc(whoDecided(d)),
                          esc(CaseHistoryModel::actionText(d.action)),
                          esc(d.flagId ? CaseReport::tr("flag %1").arg(d.flagId)
                                       : CaseReport::tr("whole case")),
                          esc(verdict), esc(reason), esc(d.note));
        }
        h += QStringLiteral("</table>");
    }
    return h;
}

// The case's audit rows and whether the whole chain verifies.
QString auditSection(const CaseReport& r) {
    QString h;
    h += QStringLiteral("<h3>%1</h3>").arg(esc(CaseReport::tr("Audit trail")));
    h += QStringLiteral("<p>%1</p>")
             .arg(esc(CaseReport::tr("Each row of the audit log carries the hash of the row before it, so a "
                                     "changed or removed row breaks the chain.")));
    h +=
        r.auditCheck.ok
            ? QStringLiteral("<p>%1</p>").arg(esc(CaseReport::tr("The audit trail verifies.")))
            : QStringLiteral("<p class=\"warning\"><b>%1</b></p>")
                  .arg(esc(
                      CaseReport::tr(
                          "The audit trail does not verify: %1. What this report shows may have been changed "
                          "behind the program's back.")
                          .arg(r.auditCheck.reason)));
    if (r.audit.isEmpty()) {
        h += QStringLiteral("<p>%1</p>").arg(esc(CaseReport::tr("No audit rows concern this case.")));
    } else {
        h += QStringLiteral(
                 "<table><tr><th>#</th><th>%1</th><th>%2</th><th>%3</th><th>%4</th><th>%5</th></tr>")
                 .arg(esc(CaseReport::tr("Time (UTC)")), esc(CaseReport::tr("Actor")),
                      esc(CaseReport::tr("Action")), esc(CaseReport::tr("Detail")),
                      esc(CaseReport::tr("Hash")));
        for (const AuditRowView& a : r.audit)
            h += QStringLiteral(
                     "<tr><td>%1</td><td class=\"when\">%2</td><td>%3</td><td>%4</td><td>%5</td><td "
                     "class=\"mono\">%6</td></tr>")
                     .arg(a.id)
                     .arg(esc(shortTime(a.at)), esc(a.actor), esc(a.action), esc(a.detail),
                          esc(a.hash.left(16)));
        h += QStringLiteral("</table>");
    }
    return h;
}

// Provenance: the program, the database, the engine and the thresholds behind the report.
QString provenanceSection(const CaseReport& r) {
    const Provenance& pv = r.provenance;
    QString h;
    h += QStringLiteral("<h2>%1</h2>").arg(esc(CaseReport::tr("About this report")));
    h += QStringLiteral("<table class=\"facts\">");
    h += row(CaseReport::tr("Program"), esc(pv.program + u' ' + pv.version));
    h += row(CaseReport::tr("Generated (UTC)"), esc(pv.generatedAt));
    h += row(CaseReport::tr("Database"), esc(pv.database));
    h += row(CaseReport::tr("Ruleset"), esc(CaseReport::rulesetText(pv.ruleset)));
    h += row(CaseReport::tr("Engine and method"), esc(pv.engine));
    QStringList raised;
    for (const CaseReport::Rule& rule : r.raisedBy()) raised << esc(CaseReport::ruleText(rule));
    if (!raised.isEmpty()) h += row(CaseReport::tr("Raised by"), raised.join(QStringLiteral("<br>")));
    h += row(CaseReport::tr("Thresholds in force"),
             esc(CaseReport::tr("flag line %1 over at least %2 games; a game counts with %3 counted "
                                "discards; collusion q below %4")
                     .arg(num(pv.thresholds.flagLine))
                     .arg(pv.thresholds.minGames)
                     .arg(pv.thresholds.minCountedDiscards)
                     .arg(QLocale().toString(pv.thresholds.flagQ, 'g', 3))));
    h += QStringLiteral("</table>");
    return h;
}

QString body(const CaseReport& original, const ImageSink& sink, bool paged) {
    bool cut = false;
    const CaseReport r = forLayout(original, &cut);
    const QString pageBreak = paged ? QStringLiteral(" style=\"page-break-before: always\"") : QString();
    // The flags follow the players' charts on their page: a page of their own left the page before with a
    // single chart on it, nearly blank. The evidence and the decisions start their own.
    return heading(r, cut) + summarySection(r) + playersSection(r, sink) + flagsSection(r, QString()) +
           modelsSection(r, sink) + evidenceSection(r, sink, paged, pageBreak) +
           decisionsSection(r, pageBreak) + auditSection(r) + provenanceSection(r);
}

// QTextDocument moves a picture that does not fit to the next page but leaves its heading behind, and
// splits a board from the facts beside it. Each picture and each board-with-facts table that would
// straddle a page starts the next one instead, with its heading (the blocks just before it).
void keepTogether(QTextDocument& doc, qreal pageHeight) {
    QAbstractTextDocumentLayout* layout = doc.documentLayout();
    // A straddling unit's height includes the jump to the next page, so its height cannot tell whether it
    // would fit; one that already starts at a page's top stays where it is.
    auto straddles = [&](qreal top, qreal bottom) {
        const qreal intoPage = top - std::floor(top / pageHeight) * pageHeight;
        return intoPage > pageHeight * 0.02 && int(top / pageHeight) != int((bottom - 1) / pageHeight);
    };
    // `first` is the unit's first block (or the one just before a table); its heading goes with it.
    auto keep = [&](const QTextBlock& first, qreal bottom) {
        QTextBlock target = first, b = first;
        for (int back = 0; back < 4 && b.isValid(); ++back, b = b.previous())
            if (b.blockFormat().headingLevel() > 0) {
                target = b;
                break;
            }
        QTextBlockFormat f = target.blockFormat();
        if (f.pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore) return false;
        if (!straddles(layout->blockBoundingRect(target).top(), bottom)) return false;
        f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        QTextCursor(target).setBlockFormat(f);
        // A format change lays out incrementally and leaves later blocks where they were: all again.
        doc.markContentsDirty(0, doc.characterCount());
        return true;
    };
    for (int guard = 0; guard < 200; ++guard) {
        bool moved = false;
        for (auto it = doc.rootFrame()->begin(); !it.atEnd() && !moved; ++it) {
            if (auto* table = qobject_cast<QTextTable*>(it.currentFrame())) {
                if (table->columns() == 2 && table->rows() <= 2)
                    moved = keep(doc.findBlock(table->firstPosition() - 1),
                                 layout->frameBoundingRect(table).bottom());
                continue;
            }
            const QTextBlock b = it.currentBlock();
            if (!b.isValid()) continue;
            bool picture = false;
            for (auto f = b.begin(); !f.atEnd() && !picture; ++f)
                picture = f.fragment().charFormat().isImageFormat();
            if (picture) moved = keep(b, layout->blockBoundingRect(b).bottom());
        }
        if (!moved) return;
    }
}

} // namespace

QString CaseReport::toHtml() const {
    const ImageSink inline_ = [](const QImage& image) {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        image.save(&buffer, "PNG");
        return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
    };
    // The policy is a second wall behind the escaping: no script runs and nothing is fetched, even if
    // some outside text slipped through unescaped.
    return QStringLiteral(
               "<!DOCTYPE html>\n<html lang=\"%1\"><head><meta charset=\"utf-8\">"
               "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
               "img-src data:; style-src 'unsafe-inline'\">"
               "<meta name=\"generator\" content=\"TileWatch %2\"><title>%3</title><style>%4</style></head>\n"
               "<body>\n%5\n</body></html>\n")
        .arg(attr(QString(provenance.language).replace(u'_', u'-')), esc(provenance.version),
             esc(tr("Case report: case %1").arg(view.id)), QString::fromLatin1(kCss),
             body(*this, inline_, false));
}

bool CaseReport::writePdf(QIODevice* out, QString* error) const {
    QPdfWriter writer(out);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(16, 14, 16, 14), QPageLayout::Millimeter);
    writer.setResolution(300);
    writer.setTitle(tr("Case report: case %1").arg(view.id));
    writer.setCreator(QStringLiteral("TileWatch %1").arg(provenance.version));

    QTextDocument doc;
    doc.setDefaultFont(reportFont(9));
    doc.setDocumentMargin(0);
    int n = 0;
    const ImageSink resource = [&](const QImage& image) {
        const QUrl name(QStringLiteral("picture-%1.png").arg(++n));
        doc.addResource(QTextDocument::ImageResource, name, QVariant(image));
        return name.toString();
    };
    // QTextDocument knows no <bdi>: the isolate marks do its work there.
    doc.setHtml(QStringLiteral("<html><head><style>%1</style></head><body>%2</body></html>")
                    .arg(QString::fromLatin1(kCss), body(*this, resource, true)
                                                        .replace(QLatin1String("<bdi>"), kIsolate)
                                                        .replace(QLatin1String("</bdi>"), kIsolateEnd)));

    QPainter painter;
    if (!painter.begin(&writer)) {
        if (error) *error = tr("Cannot start the PDF: %1").arg(out->errorString());
        return false;
    }
    doc.documentLayout()->setPaintDevice(&writer);
    const QRectF page = writer.pageLayout().paintRectPixels(writer.resolution());
    QFont footFont = reportFont(7.5);
    const qreal footH = QFontMetricsF(footFont, &writer).height() * 2;
    const QSizeF area(page.width(), page.height() - footH);
    doc.setPageSize(area);
    keepTogether(doc, area.height());
    const int pages = doc.pageCount();
    for (int i = 0; i < pages; ++i) {
        if (i > 0) writer.newPage();
        painter.save();
        painter.translate(0, -i * area.height());
        doc.drawContents(&painter, QRectF(0, i * area.height(), area.width(), area.height()));
        painter.restore();
        painter.setFont(footFont);
        painter.setPen(QColor(110, 110, 110));
        painter.drawText(QRectF(0, area.height(), area.width(), footH), Qt::AlignLeft | Qt::AlignBottom,
                         tr("TileWatch case report · case %1").arg(view.id));
        painter.drawText(QRectF(0, area.height(), area.width(), footH), Qt::AlignRight | Qt::AlignBottom,
                         tr("page %1 of %2").arg(i + 1).arg(pages));
    }
    return painter.end();
}

} // namespace tw::report
