// The machine-readable report; every key is listed in docs/report-json.md and
// docs/case-report.schema.json (tst_report checks the output against the schema both ways).
#include <QJsonArray>

#include "case_report.h"
#include "flag_text.h"

namespace tw::report {

using namespace tw::models;

namespace {

QJsonArray strings(const QStringList& l) {
    return QJsonArray::fromStringList(l);
}

QJsonArray tiles(const QList<TileFace>& faces) {
    QJsonArray a;
    for (const TileFace& t : faces) a << t.text;
    return a;
}

QJsonValue probability(double v) {
    return v < 0 ? QJsonValue() : QJsonValue(v);
}

// One function per section of the report, in the order of docs/report-json.md.

QJsonObject provenanceJson(const Provenance& p) {
    return QJsonObject{{QLatin1String("program"), p.program},
                       {QLatin1String("version"), p.version},
                       {QLatin1String("generated_at"), p.generatedAt},
                       {QLatin1String("database"), p.database},
                       {QLatin1String("ruleset"), p.ruleset},
                       {QLatin1String("engine"), p.engine},
                       {QLatin1String("language"), p.language},
                       {QLatin1String("anonymised"), p.anonymised},
                       {QLatin1String("thresholds"),
                        QJsonObject{{QLatin1String("flag_line"), p.thresholds.flagLine},
                                    {QLatin1String("min_games"), p.thresholds.minGames},
                                    {QLatin1String("min_counted_discards"), p.thresholds.minCountedDiscards},
                                    {QLatin1String("collusion_q"), p.thresholds.flagQ}}}};
}

QJsonArray flagsJson(const QList<FlagView>& flags, const Thresholds& thresholds) {
    QJsonArray out;
    for (const FlagView& f : flags) {
        QJsonArray stats, evidence;
        for (const auto& [name, value] : f.stats)
            stats << QJsonObject{
                {QLatin1String("name"), name},
                {QLatin1String("value"), value},
                {QLatin1String("meaning"), CaseReport::meaningOf(f, name, value, thresholds)}};
        for (const EvidenceMove& m : f.evidence)
            evidence << QJsonObject{{QLatin1String("game"), m.gameId},
                                    {QLatin1String("op"), m.op},
                                    {QLatin1String("strong"), m.strong}};
        out << QJsonObject{{QLatin1String("id"), f.id},
                           {QLatin1String("kind"), f.kindWord()},
                           {QLatin1String("ruleset"), f.ruleset},
                           {QLatin1String("players"), strings(f.players)},
                           {QLatin1String("score"), f.score},
                           {QLatin1String("p_value"), probability(f.pValue)},
                           {QLatin1String("q_value"), probability(f.qValue)},
                           {QLatin1String("active"), f.active},
                           {QLatin1String("verdict"), f.verdict},
                           {QLatin1String("games"), strings(f.games)},
                           {QLatin1String("statistics"), stats},
                           {QLatin1String("explanation"), FlagText::sentence(f)},
                           {QLatin1String("model"), f.model},
                           {QLatin1String("evidence"), evidence}};
    }
    return out;
}

QJsonArray modelsJson(const QList<ModelView>& reportModels) {
    QJsonArray models;
    for (const ModelView& m : reportModels) {
        QJsonArray bins;
        for (const ReliabilityBinView& b : m.reliability)
            bins << QJsonObject{{QLatin1String("from"), b.from},
                                {QLatin1String("to"), b.to},
                                {QLatin1String("decisions"), b.decisions},
                                {QLatin1String("predicted"), b.predicted},
                                {QLatin1String("observed"), b.observed}};
        models << QJsonObject{{QLatin1String("name"), m.name},
                              {QLatin1String("source"), m.source},
                              {QLatin1String("ruleset"), m.ruleset},
                              {QLatin1String("s"), m.s},
                              {QLatin1String("c"), m.c},
                              {QLatin1String("dispersion"), m.dispersion},
                              {QLatin1String("players"), m.players},
                              {QLatin1String("decisions"), m.decisions},
                              {QLatin1String("reliability"), bins}};
    }
    return models;
}

QJsonArray evidenceGamesJson(const CaseView& c) {
    QJsonArray evidenceGames;
    for (const auto& [game, ops] : c.evidenceGames) {
        QJsonArray a;
        for (int op : ops) a << op;
        evidenceGames << QJsonObject{{QLatin1String("game"), game}, {QLatin1String("ops"), a}};
    }
    return evidenceGames;
}

QJsonArray movesJson(const QList<ReportMove>& reportMoves) {
    QJsonArray moves;
    for (const ReportMove& m : reportMoves) {
        // What both games say of a move from `facts`; the prediction panel's mahjong facts from `info`.
        const DiscardInfo& d = m.info;
        const ReviewMove& f = m.facts;
        moves << QJsonObject{{QLatin1String("game"), m.move.gameId},
                             {QLatin1String("op"), m.move.op},
                             {QLatin1String("strong"), m.move.strong},
                             {QLatin1String("discard_op"), f.valid ? f.move : -1},
                             {QLatin1String("player"), f.player},
                             {QLatin1String("seat"), f.seat},
                             {QLatin1String("actual"), f.valid ? QJsonValue(f.actual) : QJsonValue()},
                             {QLatin1String("predicted"), tiles(d.predicted)},
                             {QLatin1String("engine"), QJsonArray::fromStringList(f.engine)},
                             {QLatin1String("rank"), d.rank},
                             {QLatin1String("options"), d.options},
                             {QLatin1String("value_lost"), f.valueLost},
                             {QLatin1String("fit"), f.fit},
                             {QLatin1String("weight"), f.weight},
                             {QLatin1String("off_prediction"), f.offPrediction},
                             {QLatin1String("feed"), d.feed},
                             {QLatin1String("taken_by"), d.takenByPlayer},
                             {QLatin1String("wall_left"), d.wallLeft}};
    }
    return moves;
}

QJsonArray gamesJson(const QList<ReportGame>& reportGames) {
    QJsonArray games;
    for (const ReportGame& g : reportGames) {
        QJsonArray fits;
        for (double f : g.gameFits) fits << f;
        games << QJsonObject{{QLatin1String("game"), g.gameId},
                             {QLatin1String("match"), g.match},
                             {QLatin1String("source"), g.source},
                             {QLatin1String("ruleset"), g.ruleset},
                             {QLatin1String("players"), strings(g.players)},
                             {QLatin1String("focus_seat"), g.focusSeat},
                             {QLatin1String("ops"), g.opCount},
                             {QLatin1String("game_fits"), fits},
                             {QLatin1String("error"), g.error}};
    }
    return games;
}

QJsonArray playersJson(const QList<PlayerHistoryView>& histories) {
    QJsonArray players;
    for (const PlayerHistoryView& h : histories) {
        int qualifying = 0;
        HistoryPointView last;
        for (const HistoryPointView& pt : h.points)
            if (pt.qualifies) ++qualifying, last = pt;
        players << QJsonObject{{QLatin1String("player"), h.player},
                               {QLatin1String("ruleset"), h.ruleset},
                               {QLatin1String("games"), int(h.points.size())},
                               {QLatin1String("qualifying_games"), qualifying},
                               {QLatin1String("fit"), last.fu},
                               {QLatin1String("fit10"), last.fu10},
                               {QLatin1String("fit25"), last.fu25},
                               {QLatin1String("fit50"), last.fu50}};
    }
    return players;
}

QJsonArray decisionsJson(const QList<DecisionView>& reportDecisions) {
    QJsonArray decisions;
    for (const DecisionView& d : reportDecisions)
        decisions << QJsonObject{{QLatin1String("id"), d.id},
                                 {QLatin1String("flag"), d.flagId},
                                 {QLatin1String("action"), d.action},
                                 {QLatin1String("verdict"), d.verdict},
                                 {QLatin1String("previous"), d.previous},
                                 {QLatin1String("reason"), d.reason},
                                 {QLatin1String("note"), d.note},
                                 {QLatin1String("moderator"), d.moderator},
                                 {QLatin1String("os_user"), d.osUser},
                                 {QLatin1String("at"), d.at},
                                 {QLatin1String("answers"), d.answers},
                                 {QLatin1String("sanction"), d.sanction},
                                 {QLatin1String("sanction_until"), d.sanctionUntil},
                                 {QLatin1String("appellant"), d.appellant}};
    return decisions;
}

// The appeal in force, or null.
QJsonValue appealJson(const CaseView& c) {
    if (!c.underAppeal) return QJsonValue::Null;
    return QJsonObject{{QLatin1String("appellant"), c.appellant},
                       {QLatin1String("reason"), c.appealReason},
                       {QLatin1String("recorded_by"), c.appealBy},
                       {QLatin1String("at"), c.appealAt}};
}

QJsonArray auditJson(const QList<AuditRowView>& rows) {
    QJsonArray audit;
    for (const AuditRowView& a : rows)
        audit << QJsonObject{{QLatin1String("id"), a.id},
                             {QLatin1String("at"), a.at},
                             {QLatin1String("actor"), a.actor},
                             {QLatin1String("action"), a.action},
                             {QLatin1String("subject"), a.subject},
                             {QLatin1String("detail"), a.detail},
                             {QLatin1String("prev_hash"), a.prevHash},
                             {QLatin1String("hash"), a.hash}};
    return audit;
}

} // namespace

QJsonObject CaseReport::toJson() const {
    const CaseView& c = view;
    const Provenance& p = provenance;
    QJsonObject out;
    out[QLatin1String("format")] = QStringLiteral("tilewatch-case-report/1");
    out[QLatin1String("provenance")] = provenanceJson(p);
    QJsonArray raised;
    for (const Rule& r : raisedBy()) {
        raised.append(QJsonObject{{QLatin1String("kind"), r.kind},
                                  {QLatin1String("rule"), r.rule},
                                  {QLatin1String("value"), r.value},
                                  {QLatin1String("min_games"), r.minGames},
                                  {QLatin1String("model"), r.model}});
    }
    out[QLatin1String("raised_by")] = raised;
    out[QLatin1String("case")] = QJsonObject{{QLatin1String("id"), c.id},
                                             {QLatin1String("kind"), c.kind},
                                             {QLatin1String("subject"), c.subject},
                                             {QLatin1String("status"), c.status},
                                             {QLatin1String("ruleset"), c.ruleset},
                                             {QLatin1String("players"), strings(c.players)},
                                             {QLatin1String("priority"), c.priority},
                                             {QLatin1String("games"), c.games},
                                             {QLatin1String("updated_at"), c.updatedAt},
                                             {QLatin1String("sanction"), c.sanction},
                                             {QLatin1String("sanction_until"), c.sanctionUntil},
                                             {QLatin1String("appeal"), appealJson(c)},
                                             {QLatin1String("evidence_as_of"), c.evidenceAsOf},
                                             {QLatin1String("evidence_as_of_at"), c.evidenceAsOfAt},
                                             {QLatin1String("follows"), c.follows}};
    out[QLatin1String("summary")] = summary();
    out[QLatin1String("flags")] = flagsJson(c.flags, p.thresholds);
    out[QLatin1String("models")] = modelsJson(models);
    out[QLatin1String("evidence_games")] = evidenceGamesJson(c);
    out[QLatin1String("moves")] = movesJson(moves);
    out[QLatin1String("moves_left_out")] = movesLeftOut;
    out[QLatin1String("games")] = gamesJson(games);
    out[QLatin1String("games_left_out")] = gamesLeftOut;
    out[QLatin1String("players")] = playersJson(histories);
    out[QLatin1String("decisions")] = decisionsJson(decisions);
    out[QLatin1String("audit")] = auditJson(audit);
    out[QLatin1String("audit_check")] = QJsonObject{{QLatin1String("ok"), auditCheck.ok},
                                                    {QLatin1String("rows"), auditCheck.rows},
                                                    {QLatin1String("broken_row"), auditCheck.brokenRow},
                                                    {QLatin1String("reason"), auditCheck.reason}};
    return out;
}

} // namespace tw::report
