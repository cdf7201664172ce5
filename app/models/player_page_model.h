// One player on one page: every case and flag that names them, every decision taken on
// those cases (when, by whom, what, why), their other recorded names and the merges and splits behind
// them, their games and the complaints against them. Read-only: the desk reads a PlayerPageView
// (Desk::playerPage) and each tab of the page shows one Section of it through a PlayerPageModel.
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QString>
#include <QStringList>

#include "case_view.h"

namespace tw::models {

struct PlayerCaseView {
    qint64 id = 0;
    QString kind, status, ruleset, updatedAt;
    QStringList players;
    double priority = 0;
    QStringList flags; // "Collusion: a → b (q 1.2e-27)", one per flag of the case
    // Due process: the sanction in force on the case ("" none) and a suspension's last day; who appeals
    // while an appeal stands ("" otherwise).
    QString sanction, sanctionUntil, appellant;
};

struct PlayerGameView {
    QString gameId, ruleset, startedAt, name; // name: the one the player sat under
    int seat = 0;
    double fit = -1; // the seat's game fit; -1 when not analysed or too few counted moves
    int reportsAgainst = 0;
    bool analysed = false; // -1 with this: too few counted moves (`counted`) for a fit
    int counted = 0;
};

struct PlayerReportView {
    QString gameId, reporter, accused, reason;
    // The reporter's record: their complaints, those against a player with a confirmed case, and those
    // against a player every case of whom was dismissed (store::ReporterRecord).
    int reporterReports = 0, reporterConfirmed = 0, reporterDismissed = 0;
};

struct AliasChangeView {
    QString action, name, canonical, reason, moderator, osUser, at;
};

struct PlayerPageView {
    QString player;                  // the canonical name
    QStringList otherNames;          // every other name merged into it, sorted
    QList<PlayerCaseView> cases;     // highest priority first
    QList<DecisionView> decisions;   // on those cases, newest first
    QList<AliasChangeView> aliases;  // merges and splits of any of its names, newest first
    QList<PlayerGameView> games;     // newest first, at most gameLimit
    qint64 gameCount = 0;            // all of them
    QList<PlayerReportView> reports; // complaints naming the player, in record order
    static constexpr int gameLimit = 2000;
};

class PlayerPageModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum class Section { Cases, Decisions, Aliases, Games, Reports };
    enum Role { CaseIdRole = Qt::UserRole + 1, GameIdRole };

    explicit PlayerPageModel(Section section, QObject* parent = nullptr);

    Section section() const { return section_; }
    void setPage(const PlayerPageView& page);
    const PlayerPageView& page() const { return page_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The open cases among `cases` other than `caseId`: what the desk names beside an open case.
    static QList<PlayerCaseView> otherOpenCases(const QList<PlayerCaseView>& cases, qint64 caseId);

    static QString statusText(const PlayerCaseView& c); // with its appeal and sanction
    static QString verdictText(const DecisionView& d);  // with the sanction it gave

  private:
    QStringList headers() const;
    Section section_;
    PlayerPageView page_;
};

} // namespace tw::models
