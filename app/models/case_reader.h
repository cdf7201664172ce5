// A read-only look at a database through the CaseSource interface: what a report reads, without
// the desk's queue model, undo stack or workers. The desk reads through one of these on its own connection;
// the CLI's report command opens one of its own.
#pragma once

#include <QCoreApplication>

#include <memory>
#include <optional>

#include "case_source.h"

namespace tw::store {
class Database;
}

namespace tw::models {

class CaseReader : public CaseSource {
    Q_DECLARE_TR_FUNCTIONS(tw::models::CaseReader)
  public:
    CaseReader();                                 // with a connection of its own: open() it
    explicit CaseReader(tw::store::Database& db); // on someone else's connection (the desk's)
    ~CaseReader() override;
    CaseReader(const CaseReader&) = delete;
    CaseReader& operator=(const CaseReader&) = delete;

    // Opens (and migrates, as every command does) the database at `path`; a reader on a borrowed
    // connection cannot.
    bool open(const QString& path, QString* error = nullptr);
    void setThresholds(const Thresholds& t);

    bool isOpen() const override;
    QString databasePath() const override;
    std::optional<QByteArray> storedPseudonymKey() const override;
    Thresholds thresholds() const override;
    CaseView caseView(qint64 caseId) const override;
    ReviewSession* openReview(const QString& gameId, QObject* parent,
                              QString* error = nullptr) const override;
    PlayerHistoryView history(const QString& player, const QString& ruleset = {}) const override;
    QStringList analysisMethods(const QStringList& gameIds) const override;
    QHash<QString, GameOriginView> gameOrigins(const QStringList& gameIds) const override;
    QList<DecisionView> decisions(qint64 caseId) const override;
    QList<AuditRowView> auditTrail(qint64 caseId) const override;
    AuditCheckView verifyDecisions() const override;
    std::optional<ModelView> modelView(const QString& name, const QString& ruleset) const override;

    // Which game a stored record is; nothing when it is not stored.
    std::optional<tw::GameKind> kindOfGame(const QString& gameId) const;

  private:
    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace tw::models
