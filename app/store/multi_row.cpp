#include "multi_row.h"

#include <algorithm>

namespace tw::store {

int rowsPerStatement() {
    // Read at each use (once a statement's worth of rows), so that a test can set it for one case.
    const int test = qEnvironmentVariableIntValue("TW_TEST_ROWS_PER_STATEMENT");
    return test > 0 ? test : 500;
}

int maxBoundValues(const QSqlDatabase& db) {
    return db.driverName() == QLatin1String("QSQLITE") ? 256 : 32766;
}

int rowsPerStatement(const QSqlDatabase& db, int width) {
    return std::max(1, std::min(rowsPerStatement(), maxBoundValues(db) / std::max(1, width)));
}

QString placeholders(int n) {
    QString s;
    s.reserve(n * 3 + 2);
    s += u'(';
    for (int i = 0; i < n; ++i) s += i ? QStringLiteral(", ?") : QStringLiteral("?");
    s += u')';
    return s;
}

MultiRowInsert::MultiRowInsert(const QSqlDatabase& db, QString head, QString row, int width, QString tail)
    : db_(db), head_(std::move(head)), row_(std::move(row)), tail_(std::move(tail)), width_(width),
      rowsPerStatement_(store::rowsPerStatement(db, width)), full_(db), rest_(db) {}

bool MultiRowInsert::flush() {
    const int rows = pendingRows();
    std::size_t from = 0;
    bool ok = true;
    for (int done = 0; ok && done < rows;) {
        const int n = std::min(rowsPerStatement_, rows - done);
        ok = n == rowsPerStatement_ ? run(full_, n, from, fullPrepared_) : run(rest_, n, from, false);
        if (ok && n == rowsPerStatement_) fullPrepared_ = true;
        done += n;
        from += std::size_t(n) * std::size_t(width_);
    }
    values_.clear();
    return ok;
}

bool MultiRowInsert::run(QSqlQuery& q, int rows, std::size_t from, bool prepared) {
    failed_ = &q;
    if (!prepared) {
        QString sql = head_;
        sql.reserve(head_.size() + rows * (row_.size() + 2) + tail_.size());
        for (int r = 0; r < rows; ++r) {
            sql += r ? QStringLiteral(", ") : QStringLiteral(" ");
            sql += row_;
        }
        sql += tail_;
        if (!q.prepare(sql)) return false;
    }
    const int count = rows * width_;
    for (int i = 0; i < count; ++i) q.bindValue(i, values_[from + std::size_t(i)]);
    if (!q.exec()) return false;
    // Nothing left running: a rollback after a later failure finds no statement in progress.
    q.finish();
    written_ += rows;
    return true;
}

} // namespace tw::store
