#include "player_page_reader.h"

#include <QHash>
#include <QLocale>

#include <algorithm>

#include "case_source.h"
#include "case_standing.h"
#include "case_store.h"
#include "database.h"
#include "decision_store.h"
#include "flag_evidence.h"
#include "player_aliases.h"
#include "player_games.h"

namespace tw::models {

QList<PlayerCaseView> readPlayerCases(store::Database& db, const QString& player) {
    QList<PlayerCaseView> out;
    if (!db.isOpen() || player.isEmpty()) return out;
    const store::CaseStore cases(db);
    const QString canonical = store::PlayerAliases(db).canonicalOf(player);
    // A player has a handful of cases; a page of 500 is every one of them.
    for (const store::CaseSummary& c : cases.cases(store::CaseFilter{{}, {}, canonical}, 500, 0)) {
        PlayerCaseView v;
        v.id = c.id, v.kind = c.kind, v.status = c.status, v.ruleset = c.ruleset, v.updatedAt = c.updatedAt;
        v.players = c.players, v.priority = c.priority, v.appellant = c.appellant;
        const store::CaseStanding standing =
            store::standingOf(store::DecisionStore(db).decisionsOfCase(c.id));
        v.sanction = standing.sanction.kind, v.sanctionUntil = standing.sanction.until;
        for (const store::StoredFlag& f : cases.flagsOfCase(c.id)) {
            FlagView fv;
            fv.setKind(f.kind), fv.players = f.players;
            QString line = FlagEvidence::title(fv);
            if (f.evidence.qValue)
                line += QStringLiteral(" (q %1)").arg(QLocale().toString(*f.evidence.qValue, 'g', 3));
            else
                line += QStringLiteral(" (%1)").arg(QLocale().toString(f.score, 'f', 2));
            v.flags << line;
        }
        out << v;
    }
    return out;
}

PlayerPageView readPlayerPage(store::Database& db, const CaseSource& source, const QString& player) {
    PlayerPageView page;
    if (!db.isOpen() || player.isEmpty()) return page;
    const store::PlayerAliases aliases(db);
    page.player = aliases.canonicalOf(player);
    page.otherNames = aliases.otherNames(page.player);
    page.cases = readPlayerCases(db, page.player);
    for (const PlayerCaseView& c : page.cases) page.decisions << source.decisions(c.id);
    std::sort(page.decisions.begin(), page.decisions.end(), [](const DecisionView& a, const DecisionView& b) {
        return a.at != b.at ? a.at > b.at : a.id > b.id;
    });
    QStringList names = page.otherNames;
    names << page.player;
    const QVector<store::AliasChange> changes = aliases.changes();
    for (auto it = changes.crbegin(); it != changes.crend(); ++it)
        if (names.contains(it->player) || names.contains(it->canonical))
            page.aliases << AliasChangeView{it->action,    it->player, it->canonical, it->reason,
                                            it->moderator, it->osUser, it->at};
    const store::PlayerGames games(db);
    page.gameCount = games.gameCount(page.player);
    for (const store::PlayerGame& g : games.games(page.player, PlayerPageView::gameLimit))
        page.games << PlayerGameView{g.gameId,           g.ruleset,        g.startedAt, g.name,   g.seat,
                                     g.fit.value_or(-1), g.reportsAgainst, g.analysed,  g.counted};
    page.reports = readPlayerComplaints(db, page.player);
    return page;
}

QList<PlayerReportView> readPlayerComplaints(store::Database& db, const QString& player) {
    QList<PlayerReportView> out;
    if (!db.isOpen() || player.isEmpty()) return out;
    const QString canonical = store::PlayerAliases(db).canonicalOf(player);
    const store::PlayerGames games(db);
    QHash<QString, store::ReporterRecord> records; // a page names few reporters, each read once
    for (const store::PlayerReport& r : games.reportsAgainst(canonical, PlayerPageView::gameLimit)) {
        auto it = records.find(r.reporter);
        if (it == records.end()) it = records.insert(r.reporter, games.reporterRecord(r.reporter));
        out << PlayerReportView{r.gameId,    r.reporter,    r.accused,    r.reason,
                                it->reports, it->confirmed, it->dismissed};
    }
    return out;
}

} // namespace tw::models
