#include "multi_row.h"

#include <algorithm>
#include <cmath>

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

MultiRowInsert::MultiRowInsert(const QSqlDatabase& db, QString into, QString columns, QStringList types,
                               QString tail)
    : db_(db), into_(std::move(into)), columns_(std::move(columns)), tail_(std::move(tail)),
      types_(std::move(types)), server_(db.driverName() == QLatin1String("QPSQL")),
      width_(int(types_.size())),
      rowsPerStatement_(server_ ? rowsPerStatement() : store::rowsPerStatement(db, width_)), full_(db),
      rest_(db) {
    static const QString plain = QStringLiteral("INSERT INTO ");
    if (server_ && tail_.isEmpty() && into_.startsWith(plain))
        copy_.emplace(db, into_.mid(plain.size()), columns_, width_);
}

bool MultiRowInsert::flush() {
    const int rows = pendingRows();
    if (rows > 0 && copy_ && copy_->usable()) {
        failed_ = nullptr;
        const bool ok = copy_->write(values_.data(), rows);
        values_.clear();
        return ok;
    }
    std::size_t from = 0;
    bool ok = true;
    for (int done = 0; ok && done < rows;) {
        const int n = std::min(rowsPerStatement_, rows - done);
        const bool full = n == rowsPerStatement_;
        // On a server the statement is the same whatever its rows: prepared once.
        ok = full || server_ ? run(full_, n, from, fullPrepared_) : run(rest_, n, from, false);
        if (ok && (full || server_)) fullPrepared_ = true;
        done += n;
        from += std::size_t(n) * std::size_t(width_);
    }
    values_.clear();
    return ok;
}

QString MultiRowInsert::sql(int rows) const {
    QString sql = into_ + QStringLiteral(" (") + columns_ + u')';
    if (server_) {
        sql += QStringLiteral(" SELECT * FROM unnest(");
        for (int c = 0; c < width_; ++c)
            sql += (c ? QStringLiteral(", CAST(? AS ") : QStringLiteral("CAST(? AS ")) + types_[c] +
                   QStringLiteral("[])");
        sql += u')';
    } else {
        const QString row = placeholders(width_);
        sql.reserve(sql.size() + rows * (row.size() + 2) + tail_.size() + 8);
        sql += QStringLiteral(" VALUES ");
        for (int r = 0; r < rows; ++r) {
            if (r) sql += QStringLiteral(", ");
            sql += row;
        }
    }
    return sql + tail_;
}

namespace {

// One element of a PostgreSQL array literal: NULL, a number, or a quoted string (a byte array in bytea's hex
// form), its backslashes and double quotes escaped.
void appendElement(QString& out, const QVariant& v) {
    // NULL where Qt's drivers bind NULL: a null variant, string or byte array.
    if (v.isNull() || (v.metaType() == QMetaType::fromType<QString>() && v.toString().isNull()) ||
        (v.metaType() == QMetaType::fromType<QByteArray>() && v.toByteArray().isNull())) {
        out += QLatin1String("NULL");
        return;
    }
    switch (v.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::Long:
    case QMetaType::ULong:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Short:
    case QMetaType::UShort:
        out += v.toString();
        return;
    case QMetaType::Bool:
        out += v.toBool() ? u't' : u'f';
        return;
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = v.toDouble();
        out += std::isnan(d)   ? QStringLiteral("NaN")
               : std::isinf(d) ? (d > 0 ? QStringLiteral("Infinity") : QStringLiteral("-Infinity"))
                               : QString::number(d, 'g', 17);
        return;
    }
    case QMetaType::QByteArray:
        out += QLatin1String("\"\\\\x");
        out += QLatin1String(v.toByteArray().toHex());
        out += u'"';
        return;
    default:
        break;
    }
    const QString text = v.toString();
    out += u'"';
    for (const QChar c : text) {
        if (c == u'"' || c == u'\\') out += u'\\';
        out += c;
    }
    out += u'"';
}

} // namespace

QString arrayLiteral(const QVariantList& values) {
    QString array = QStringLiteral("{");
    for (qsizetype i = 0; i < values.size(); ++i) {
        if (i) array += u',';
        appendElement(array, values[i]);
    }
    return array + u'}';
}

bool MultiRowInsert::run(QSqlQuery& q, int rows, std::size_t from, bool prepared) {
    failed_ = &q;
    if (!prepared && !q.prepare(sql(rows))) return false;
    if (server_) {
        for (int c = 0; c < width_; ++c) {
            QString array = QStringLiteral("{");
            for (int r = 0; r < rows; ++r) {
                if (r) array += u',';
                appendElement(array, values_[from + std::size_t(r) * std::size_t(width_) + std::size_t(c)]);
            }
            array += u'}';
            q.bindValue(c, array);
        }
    } else {
        const int count = rows * width_;
        for (int i = 0; i < count; ++i) q.bindValue(i, values_[from + std::size_t(i)]);
    }
    if (!q.exec()) return false;
    // Nothing left running: a rollback after a later failure finds no statement in progress.
    q.finish();
    return true;
}

} // namespace tw::store
