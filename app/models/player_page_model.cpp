#include "player_page_model.h"

#include <QLocale>

#include "case_history_model.h"
#include "case_queue_model.h"
#include "sanction_text.h"

namespace tw::models {

namespace {

// A cell of the row of the cases about the player.
QVariant caseCell(const PlayerCaseView& v, int c, int role) {
    if (role == PlayerPageModel::CaseIdRole) return v.id;
    if (role == Qt::ToolTipRole && c == 5) return v.flags.join(u'\n');
    if (role != Qt::DisplayRole) return {};
    switch (c) {
    case 0:
        return v.id;
    case 1:
        return CaseQueueModel::kindText(v.kind);
    case 2:
        return PlayerPageModel::statusText(v);
    case 3:
        return QLocale().toString(v.priority, 'f', 2);
    case 4:
        return v.players.join(QStringLiteral(", "));
    case 5:
        return v.flags.join(QStringLiteral("; "));
    case 6:
        return v.updatedAt;
    }
    return {};
}

// A cell of the row of a moderator's decision in one of the player's cases.
QVariant decisionCell(const DecisionView& d, int c, int role) {
    if (role == PlayerPageModel::CaseIdRole) return d.caseId;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (c) {
    case 0:
        return d.at;
    case 1:
        return d.caseId;
    case 2:
        // The moderator's chosen name and the account that ran the program, as the reports say it.
        return d.osUser.isEmpty() ? d.moderator
                                  : PlayerPageModel::tr("%1 (account %2)").arg(d.moderator, d.osUser);
    case 3:
        return CaseHistoryModel::actionText(d.action);
    case 4:
        return d.flagId ? PlayerPageModel::tr("flag %1").arg(d.flagId) : PlayerPageModel::tr("whole case");
    case 5:
        return PlayerPageModel::verdictText(d);
    case 6:
        return d.reason;
    case 7:
        return d.note;
    }
    return {};
}

// A cell of the row of the changes to the player's aliases.
QVariant aliasCell(const AliasChangeView& a, int c, int role) {
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (c) {
    case 0:
        return a.at;
    case 1:
        return a.action == QLatin1String("merge") ? PlayerPageModel::tr("merged")
                                                  : PlayerPageModel::tr("split off");
    case 2:
        return a.name;
    case 3:
        return a.canonical;
    case 4:
        return a.osUser.isEmpty() ? a.moderator
                                  : PlayerPageModel::tr("%1 (account %2)").arg(a.moderator, a.osUser);
    case 5:
        return a.reason;
    }
    return {};
}

// A cell of the row of the player's games.
QVariant gameCell(const PlayerGameView& g, int c, int role) {
    if (role == PlayerPageModel::GameIdRole) return g.gameId;
    if (role == Qt::TextAlignmentRole && (c == 3 || c == 5 || c == 6))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    // An empty fit says why: the scan has not been over the game, or the player made
    // too few counted moves in it for a fit (Settings: counted discards for a game to count).
    if (role == Qt::ToolTipRole && c == 5 && g.fit < 0)
        return g.analysed ? PlayerPageModel::tr(
                                "%n counted move(s) of this player in the game: too few for a game fit "
                                "(Settings: counted discards for a game to count).",
                                nullptr, g.counted)
                          : PlayerPageModel::tr("Not analysed yet: File → Analyse all games.");
    if (role != Qt::DisplayRole) return {};
    switch (c) {
    case 0:
        return g.gameId;
    case 1:
        return CaseQueueModel::rulesetText(g.ruleset);
    case 2:
        return g.startedAt;
    case 3:
        return g.seat;
    case 4:
        return g.name;
    case 5:
        if (g.fit >= 0) return QLocale().toString(g.fit, 'f', 3);
        return g.analysed ? PlayerPageModel::tr("too few moves (%1)").arg(QLocale().toString(g.counted))
                          : PlayerPageModel::tr("not analysed");
    case 6:
        return g.reportsAgainst ? QLocale().toString(g.reportsAgainst) : QString();
    }
    return {};
}

// A cell of the row of the reports by and against the player.
QVariant reportCell(const PlayerReportView& p, int c, int role) {
    if (role == PlayerPageModel::GameIdRole) return p.gameId;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (c) {
    case 0:
        return p.gameId;
    case 1:
        return p.reporter;
    case 2:
        return p.accused;
    case 3:
        return p.reason;
    case 4:
        // Due process: how the reporter's complaints have ended, so one who cries wolf is known.
        if (role == Qt::ToolTipRole)
            return PlayerPageModel::tr(
                       "Of %n complaint(s) by %1: %2 against a player with a confirmed case, %3 against a "
                       "player whose every case was dismissed; the rest are open or raised no case.",
                       nullptr, p.reporterReports)
                .arg(p.reporter)
                .arg(p.reporterConfirmed)
                .arg(p.reporterDismissed);
        return PlayerPageModel::tr("%n complaint(s): %1 confirmed, %2 dismissed", nullptr, p.reporterReports)
            .arg(p.reporterConfirmed)
            .arg(p.reporterDismissed);
    }
    return {};
}

} // namespace

PlayerPageModel::PlayerPageModel(Section section, QObject* parent)
    : QAbstractTableModel(parent), section_(section) {}

void PlayerPageModel::setPage(const PlayerPageView& page) {
    beginResetModel();
    page_ = page;
    endResetModel();
}

int PlayerPageModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    switch (section_) {
    case Section::Cases:
        return int(page_.cases.size());
    case Section::Decisions:
        return int(page_.decisions.size());
    case Section::Aliases:
        return int(page_.aliases.size());
    case Section::Games:
        return int(page_.games.size());
    case Section::Reports:
        return int(page_.reports.size());
    }
    return 0;
}

int PlayerPageModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(headers().size());
}

QStringList PlayerPageModel::headers() const {
    switch (section_) {
    case Section::Cases:
        return {tr("Case"),    tr("Kind"),  tr("Status"),     tr("Priority"),
                tr("Players"), tr("Flags"), tr("Last change")};
    case Section::Decisions:
        return {tr("Time"),   tr("Case"),    tr("Moderator"), tr("Action"),
                tr("Target"), tr("Verdict"), tr("Reason"),    tr("Note")};
    case Section::Aliases:
        return {tr("Time"), tr("Change"), tr("Name"), tr("Player"), tr("Moderator"), tr("Reason")};
    case Section::Games:
        return {tr("Game"), tr("Ruleset"),  tr("Started"), tr("Seat"),
                tr("As"),   tr("Game fit"), tr("Reports")};
    case Section::Reports:
        return {tr("Game"), tr("Reporter"), tr("Against"), tr("Complaint"), tr("Reporter's record")};
    }
    return {};
}

QVariant PlayerPageModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    return headers().value(section);
}

QString PlayerPageModel::statusText(const PlayerCaseView& v) {
    // A player's sanctions and appeals stand beside their cases (lichess's mod zone).
    QString status = CaseQueueModel::statusText(v.status);
    if (!v.appellant.isEmpty()) status = tr("%1 · appeal").arg(status);
    if (!v.sanction.isEmpty())
        status = tr("%1 · %2").arg(status, SanctionText::text(v.sanction, v.sanctionUntil));
    return status;
}

QString PlayerPageModel::verdictText(const DecisionView& d) {
    const QString verdict = d.previous == d.verdict
                                ? CaseQueueModel::statusText(d.verdict)
                                : tr("%1 → %2").arg(CaseQueueModel::statusText(d.previous),
                                                    CaseQueueModel::statusText(d.verdict));
    // The sanction beside the verdict that gave it.
    return d.action == QLatin1String("decide") && !d.sanction.isEmpty()
               ? tr("%1 · %2").arg(verdict, SanctionText::text(d.sanction, d.sanctionUntil))
               : verdict;
}

QVariant PlayerPageModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const int r = index.row(), c = index.column();
    switch (section_) {
    case Section::Cases:
        return caseCell(page_.cases[r], c, role);
    case Section::Decisions:
        return decisionCell(page_.decisions[r], c, role);
    case Section::Aliases:
        return aliasCell(page_.aliases[r], c, role);
    case Section::Games:
        return gameCell(page_.games[r], c, role);
    case Section::Reports:
        return reportCell(page_.reports[r], c, role);
    }
    return {};
}

QList<PlayerCaseView> PlayerPageModel::otherOpenCases(const QList<PlayerCaseView>& cases, qint64 caseId) {
    QList<PlayerCaseView> out;
    for (const PlayerCaseView& c : cases)
        if (c.id != caseId && c.status == QLatin1String("open")) out << c;
    return out;
}

} // namespace tw::models
