// What a case report reads: the case, its games as review sessions, the players' histories,
// the decisions and audit rows, the models its flags were tested against. Implemented by the desk (what
// the moderator sees) and by CaseReader, a read-only look at a database that the CLI's report command uses
// without building a desk.
#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>

#include "case_view.h"
#include "settings.h"

namespace tw::models {

class ReviewSession;

class CaseSource {
  public:
    virtual ~CaseSource() = default;

    virtual bool isOpen() const = 0;
    virtual QString databasePath() const = 0;
    // The pseudonym key of anonymised reports when the database keeps it (a team server: one key for every
    // desk); nullopt when it is kept beside a file instead (report/case_report.h: databasePseudonymKey).
    virtual std::optional<QByteArray> storedPseudonymKey() const { return std::nullopt; }
    virtual Thresholds thresholds() const = 0;
    virtual CaseView caseView(qint64 caseId) const = 0;
    // A stored game ready to review, of whichever kind (the caller owns it); nullptr with *error.
    virtual ReviewSession* openReview(const QString& gameId, QObject* parent,
                                      QString* error = nullptr) const = 0;
    virtual PlayerHistoryView history(const QString& player, const QString& ruleset = {}) const = 0;
    // The engines and settings the stored fits of these games came from (provenance for reports).
    virtual QStringList analysisMethods(const QStringList& gameIds) const = 0;
    // Where these games came from (provenance for reports); a game not stored is left out.
    virtual QHash<QString, GameOriginView> gameOrigins(const QStringList& gameIds) const = 0;
    virtual QList<DecisionView> decisions(qint64 caseId) const = 0;  // oldest first
    virtual QList<AuditRowView> auditTrail(qint64 caseId) const = 0; // the case's audit rows, oldest first
    virtual AuditCheckView verifyDecisions() const = 0;              // the chain and the decisions only
    // A model by the name flags give it; nothing for other names (Desk::modelView).
    virtual std::optional<ModelView> modelView(const QString& name, const QString& ruleset) const = 0;
};

} // namespace tw::models
