// A case's decisions as the desk lists them: one row per verdict, note, undo or redo, oldest first, with
// the audit row that vouches for it. Rows that a later undo cancelled are shown struck out.
#pragma once

#include <QAbstractTableModel>
#include <QList>
#include <QSet>

#include "case_view.h"

namespace tw::models {

class CaseHistoryModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum Column { Time, Moderator, OsUser, Action, Target, Verdict, Reason, Note, Audit, ColumnCount };
    enum Role { DecisionIdRole = Qt::UserRole + 1, UndoneRole };

    explicit CaseHistoryModel(QObject* parent = nullptr);

    // `flags` names the flag targets ("engine_assist carol"); `audit` gives each row's hash.
    void setHistory(const QList<DecisionView>& decisions, const QList<AuditRowView>& audit,
                    const QList<FlagView>& flags);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString actionText(const QString& action);

  private:
    static QString timeText(const QString& at); // as the Time column shows it
    const DecisionView* rowById(qint64 id) const;
    QString answerText(const DecisionView& d) const; // what an undo or a redo row's Reason says
    QList<DecisionView> rows_;
    QHash<qint64, QString> hashOfAudit_; // audit id -> hash
    QHash<qint64, qint64> auditOf_;      // decision id -> audit id
    QHash<qint64, QString> flagNames_;
    QSet<qint64> undone_; // decisions a standing undo cancels
};

} // namespace tw::models
