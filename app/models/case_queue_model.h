// The moderators' queue: one row per case, highest priority first, fetched from the database a page at a
// time (canFetchMore / fetchMore), so a queue of any length opens at once. Status, kind and player
// filters run in SQL over the whole queue; sorting by other columns is left to a QSortFilterProxyModel
// over the rows fetched.
#pragma once

#include <QAbstractTableModel>
#include <QVector>

#include <functional>
#include <memory>

#include "case_view.h"
#include "flag_kind.h"

namespace tw::models {

struct CaseRow {
    qint64 id = 0;
    double priority = 0;
    QString kind, subject, status, ruleset, updatedAt;
    QStringList players;
    int games = 0;
    // Who holds the case on a shared queue and until when (ms since 1970 UTC); empty when free.
    QString claimedBy;
    qint64 claimedUntilMs = 0;
    QString
        reason; // why the case is there, in a few words (FlagText::reason of its strongest flag); "" unknown
    QString appellant;  // who appeals while an appeal stands (a lead's case on a server); "" otherwise
    qint64 follows = 0; // the dismissed case it was raised again after; 0 otherwise
};

class CaseQueueModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    // ClaimedBy last: a desk on a file, where nobody shares the queue, hides it.
    enum Column { Priority, Case, Kind, Players, Ruleset, Games, Status, LastChange, ClaimedBy, ColumnCount };
    // ClaimedByRole is the holder of a claim still in force (empty when free or lapsed); ClaimedUntilRole
    // its end (ms since 1970 UTC, 0 when free).
    enum Role {
        CaseIdRole = Qt::UserRole + 1,
        StatusRole,
        KindRole,
        PlayersRole,
        PriorityRole,
        ClaimedByRole,
        ClaimedUntilRole,
        ReasonRole,
        // The columns right of Kind in one line ("panda002 · panda007 — 155 games · Sichuan · Open"): a
        // queue too narrow for them shows it under the kind.
        DetailRole
    };

    // `page(offset, limit, statusFilter, kindFilter, playerFilter, total)` reads rows; the desk binds it
    // to the store, tests to anything.
    using PageReader =
        std::function<QVector<CaseRow>(int offset, int limit, const QString& status, const QString& kind,
                                       const QString& player, qint64* total)>;
    explicit CaseQueueModel(PageReader reader, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool canFetchMore(const QModelIndex& parent = {}) const override;
    void fetchMore(const QModelIndex& parent = {}) override;

    void setFilter(const QString& status, const QString& kind, const QString& player);
    QString statusFilter() const { return status_; }
    QString kindFilter() const { return kind_; }
    QString playerFilter() const { return player_; }
    qint64 totalCount() const { return total_; } // rows matching the filter, fetched or not
    int rowOfCase(qint64 caseId) const;          // -1 when not fetched
    const CaseRow& caseAt(int row) const { return rows_[row]; }
    // A decision changed a case: its row (when fetched) shows the new status in place, so the selection
    // and the scroll position stay; filters apply again at the next refresh().
    void updateCase(qint64 caseId, const QString& status, const QString& updatedAt,
                    const QString& appellant = {});
    // Another desk claimed or released a case (live news from a server): its row shows the holder in place.
    void updateClaim(qint64 caseId, const QString& holder, qint64 untilMs);
    // A claim's holder while it is in force at `nowMs`; empty once it lapsed (the case is free again).
    static QString holderAt(const CaseRow& row, qint64 nowMs);

    int pageSize = 200;

    // A flag kind's display words, translated; a stored word this build does not know, as it is.
    static QString kindText(tw::FlagKind kind);
    static QString kindText(const QString& word);
    static QString kindText(const FlagView& flag);
    static QString statusText(const QString& status);
    static QString rulesetText(const QString& ruleset); // "xinchang,sichuan" too: one name each
    static QStringList rulesetNames();                  // every ruleset a case can name, xiangqi included

  public slots:
    void refresh(); // reads the first page again (after an analysis or a decision)
    // Reads again as many rows as are fetched (live news of cases it does not hold); views keep their
    // selection and scroll position on reloaded().
    void reload();

  signals:
    void reloaded();

  private:
    PageReader reader_;
    QVector<CaseRow> rows_;
    qint64 total_ = 0;
    QString status_, kind_, player_;
};

} // namespace tw::models
