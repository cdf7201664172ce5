#include "sqlite_statement.h"

#include <QCoreApplication>
#include <QSqlDriver>

#include <sqlite3.h>

#include <algorithm>

namespace tw::store {

sqlite3* SqliteStatement::handleOf(const QSqlDatabase& db) {
    const QVariant v = db.driver()->handle();
    return v.isValid() && qstrcmp(v.typeName(), "sqlite3*") == 0
               ? *static_cast<sqlite3* const*>(v.constData())
               : nullptr;
}

SqliteStatement::~SqliteStatement() {
    sqlite3_finalize(st_);
}

bool SqliteStatement::prepare(const QString& sql) {
    sqlite3_finalize(st_);
    st_ = nullptr;
    const int rc = sqlite3_prepare16_v2(db_, sql.constData(), int(sql.size() * sizeof(QChar)), &st_, nullptr);
    if (rc != SQLITE_OK) return fail("Unable to execute statement", QSqlError::StatementError, rc), false;
    values_.assign(std::size_t(sqlite3_bind_parameter_count(st_)), QVariant());
    utf8_.assign(values_.size(), false);
    return true;
}

void SqliteStatement::bindValue(int index, const QVariant& value) {
    if (index >= 0 && std::size_t(index) < values_.size())
        values_[std::size_t(index)] = value, utf8_[std::size_t(index)] = false;
}

void SqliteStatement::bindUtf8(int index, QByteArray utf8) {
    if (index >= 0 && std::size_t(index) < values_.size())
        values_[std::size_t(index)] = std::move(utf8), utf8_[std::size_t(index)] = true;
}

namespace {

// As Qt's driver (QSQLiteResult::exec) binds each type; a null value, or a null string or byte array, is
// NULL.
int bind(sqlite3_stmt* st, int at, const QVariant& value) {
    const int type = value.userType();
    if (value.isNull() ||
        (type == QMetaType::QString && static_cast<const QString*>(value.constData())->isNull()) ||
        (type == QMetaType::QByteArray && static_cast<const QByteArray*>(value.constData())->isNull()))
        return sqlite3_bind_null(st, at);
    switch (type) {
    case QMetaType::QByteArray: {
        const auto* bytes = static_cast<const QByteArray*>(value.constData());
        return sqlite3_bind_blob(st, at, bytes->constData(), int(bytes->size()), SQLITE_STATIC);
    }
    case QMetaType::Int:
    case QMetaType::Bool:
        return sqlite3_bind_int(st, at, value.toInt());
    case QMetaType::Double:
        return sqlite3_bind_double(st, at, value.toDouble());
    case QMetaType::UInt:
    case QMetaType::LongLong:
        return sqlite3_bind_int64(st, at, value.toLongLong());
    case QMetaType::QString: {
        const auto* text = static_cast<const QString*>(value.constData());
        return sqlite3_bind_text16(st, at, text->unicode(), int(text->size() * sizeof(QChar)), SQLITE_STATIC);
    }
    default: {
        const QString text = value.toString();
        return sqlite3_bind_text16(st, at, text.utf16(), int(text.size() * sizeof(QChar)), SQLITE_TRANSIENT);
    }
    }
}

// Text already in UTF-8; a null byte array is NULL, as a null QString is.
int bindUtf8Text(sqlite3_stmt* st, int at, const QVariant& value) {
    const auto* text = static_cast<const QByteArray*>(value.constData());
    if (text->isNull()) return sqlite3_bind_null(st, at);
    return sqlite3_bind_text(st, at, text->constData(), int(text->size()), SQLITE_STATIC);
}

} // namespace

bool SqliteStatement::exec() {
    changes_ = 0;
    error_ = QSqlError();
    running_ = rowAhead_ = false;
    if (!st_) return fail("Unable to execute statement", QSqlError::StatementError, SQLITE_MISUSE), false;
    int rc = sqlite3_reset(st_);
    if (rc != SQLITE_OK) return fail("Unable to reset statement", QSqlError::ConnectionError, rc), false;
    for (std::size_t i = 0; i < values_.size(); ++i)
        if ((rc = utf8_[i] ? bindUtf8Text(st_, int(i) + 1, values_[i]) : bind(st_, int(i) + 1, values_[i])) !=
            SQLITE_OK)
            return fail("Unable to bind parameters", QSqlError::StatementError, rc), false;
    rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) { // a query: its first row waits for next()
        running_ = rowAhead_ = true;
        return true;
    }
    if (rc == SQLITE_DONE) {
        changes_ = sqlite3_changes(db_);
        sqlite3_reset(st_); // let go of the statement: nothing stays open in the transaction
        return true;
    }
    // SQLITE_ERROR is generic: the reset says which error it was (as the driver asks).
    if (rc == SQLITE_ERROR) rc = sqlite3_reset(st_);
    fail("Unable to fetch row", QSqlError::ConnectionError, rc);
    sqlite3_reset(st_);
    return false;
}

bool SqliteStatement::next() {
    if (rowAhead_) return rowAhead_ = false, true;
    if (!running_) return false;
    int rc = sqlite3_step(st_);
    if (rc == SQLITE_ROW) return true;
    running_ = false;
    if (rc != SQLITE_DONE) {
        if (rc == SQLITE_ERROR) rc = sqlite3_reset(st_);
        fail("Unable to fetch row", QSqlError::ConnectionError, rc);
    }
    sqlite3_reset(st_);
    return false;
}

QString SqliteStatement::text(int column) const {
    const void* p = sqlite3_column_text16(st_, column);
    if (!p) return QString();
    return QString(static_cast<const QChar*>(p),
                   sqlite3_column_bytes16(st_, column) / qsizetype(sizeof(QChar)));
}

QVariant SqliteStatement::value(int column) const {
    switch (sqlite3_column_type(st_, column)) {
    case SQLITE_BLOB:
        return QByteArray(static_cast<const char*>(sqlite3_column_blob(st_, column)),
                          sqlite3_column_bytes(st_, column));
    case SQLITE_INTEGER:
        return QVariant(qlonglong(sqlite3_column_int64(st_, column)));
    case SQLITE_FLOAT:
        return sqlite3_column_double(st_, column);
    case SQLITE_NULL:
        return QVariant(QMetaType::fromType<QString>());
    default:
        return text(column);
    }
}

std::string SqliteStatement::utf8(int column) const {
    if (sqlite3_column_type(st_, column) == SQLITE_TEXT) {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st_, column));
        const std::size_t n = std::size_t(sqlite3_column_bytes(st_, column));
        if (p && std::all_of(p, p + n, [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
            return std::string(p, n);
    }
    return value(column).toString().toStdString();
}

void SqliteStatement::finish() {
    running_ = rowAhead_ = false;
    if (st_) sqlite3_reset(st_);
}

void SqliteStatement::fail(const char* what, QSqlError::ErrorType type, int code) {
    const auto* text = static_cast<const char16_t*>(sqlite3_errmsg16(db_));
    error_ = QSqlError(QCoreApplication::translate("QSQLiteResult", what), QString::fromUtf16(text), type,
                       QString::number(code));
}

} // namespace tw::store
