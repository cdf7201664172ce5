#include "copy_in.h"

#include <QSqlDriver>
#include <QSqlQuery>

#include <cmath>

#include <libpq-fe.h>

namespace tw::store {

namespace {

PGconn* libpqOf(const QSqlDatabase& db) {
    const QVariant v = db.driver()->handle();
    // Qt names the type by libpq's own struct: "pg_conn*" (older drivers "PGconn*").
    return v.isValid() && (qstrcmp(v.typeName(), "pg_conn*") == 0 || qstrcmp(v.typeName(), "PGconn*") == 0)
               ? *static_cast<PGconn* const*>(v.constData())
               : nullptr;
}

// What the server said, as Qt's driver reports a failed statement: its message and its SQLSTATE (the code
// ImportBatch tells a refused record by).
QSqlError errorOf(const PGresult* r, PGconn* conn) {
    const char* message = r ? PQresultErrorMessage(r) : PQerrorMessage(conn);
    const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    return QSqlError(QStringLiteral("COPY failed"), QString::fromUtf8(message ? message : ""),
                     QSqlError::StatementError, QString::fromLatin1(state ? state : ""));
}

// Past this many bytes the rows built so far go to the server: the memory of a batch's COPY stays small.
constexpr qsizetype kSendBytes = 1 << 20;

} // namespace

void appendCopyField(QByteArray& out, const QVariant& v) {
    if (v.isNull() || (v.metaType() == QMetaType::fromType<QString>() && v.toString().isNull()) ||
        (v.metaType() == QMetaType::fromType<QByteArray>() && v.toByteArray().isNull())) {
        out += "\\N";
        return;
    }
    switch (v.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::Long:
    case QMetaType::LongLong:
    case QMetaType::Short:
        out += QByteArray::number(v.toLongLong());
        return;
    case QMetaType::UInt:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
    case QMetaType::UShort:
        out += QByteArray::number(v.toULongLong());
        return;
    case QMetaType::Bool:
        out += v.toBool() ? 't' : 'f';
        return;
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = v.toDouble();
        out += std::isnan(d)   ? QByteArray("NaN")
               : std::isinf(d) ? QByteArray(d > 0 ? "Infinity" : "-Infinity")
                               : QByteArray::number(d, 'g', 17);
        return;
    }
    case QMetaType::QByteArray:
        // bytea's input form \x…, its backslash doubled by COPY's own escaping.
        out += "\\\\x";
        out += v.toByteArray().toHex();
        return;
    default:
        break;
    }
    const QByteArray text = v.toString().toUtf8();
    for (const char c : text) {
        switch (c) {
        case '\\':
            out += "\\\\";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            out += c;
        }
    }
}

CopyIn::CopyIn(const QSqlDatabase& db, QString table, QString columns, int width)
    : db_(db), table_(std::move(table)), columns_(std::move(columns)), width_(width) {}

bool CopyIn::usable() {
    if (usable_ >= 0) return usable_ == 1;
    usable_ = 0;
    PGconn* conn = libpqOf(db_);
    if (!conn || PQtransactionStatus(conn) == PQTRANS_ACTIVE) return false;
    QSqlQuery q(db_);
    q.prepare(QStringLiteral("SELECT row_security_active(to_regclass(?))"));
    q.bindValue(0, table_);
    if (!q.exec() || !q.next()) return false;
    usable_ = q.value(0).toBool() ? 0 : 1;
    q.finish();
    return usable_ == 1;
}

bool CopyIn::failWith(const QString& text, const QString& code) {
    error_ = QSqlError(QStringLiteral("COPY failed"), text, QSqlError::StatementError, code);
    return false;
}

bool CopyIn::write(const QVariant* values, int rows) {
    PGconn* conn = libpqOf(db_);
    if (!conn) return failWith(QStringLiteral("no connection to the server"));
    const QByteArray sql =
        (QStringLiteral("COPY ") + table_ + QStringLiteral(" (") + columns_ + QStringLiteral(") FROM STDIN"))
            .toUtf8();
    PGresult* r = PQexec(conn, sql.constData());
    if (PQresultStatus(r) != PGRES_COPY_IN) {
        error_ = errorOf(r, conn);
        PQclear(r);
        // A statement that failed to start leaves no COPY to end; drain what else it returned.
        while (PGresult* rest = PQgetResult(conn)) PQclear(rest);
        return false;
    }
    PQclear(r);
    QByteArray buffer;
    buffer.reserve(kSendBytes + 64 * 1024);
    bool sent = true;
    auto send = [&] {
        sent = sent && PQputCopyData(conn, buffer.constData(), int(buffer.size())) == 1;
        buffer.clear();
    };
    for (int row = 0; row < rows && sent; ++row) {
        const QVariant* v = values + std::size_t(row) * std::size_t(width_);
        for (int c = 0; c < width_; ++c) {
            if (c) buffer += '\t';
            appendCopyField(buffer, v[c]);
        }
        buffer += '\n';
        if (buffer.size() >= kSendBytes) send();
    }
    if (!buffer.isEmpty()) send();
    // A failed send ends the COPY with an error of our own, so the server rolls it back.
    const bool ended = PQputCopyEnd(conn, sent ? nullptr : "the client could not send the rows") == 1;
    bool ok = sent && ended;
    QSqlError first;
    while (PGresult* res = PQgetResult(conn)) {
        if (PQresultStatus(res) != PGRES_COMMAND_OK && first.type() == QSqlError::NoError)
            first = errorOf(res, conn), ok = false;
        PQclear(res);
    }
    if (!ok) error_ = first.type() != QSqlError::NoError ? first : errorOf(nullptr, conn);
    return ok;
}

} // namespace tw::store
