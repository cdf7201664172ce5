#include "case_claims.h"

#include <QSqlQuery>
#include <QVariant>

#include <algorithm>

#include "database.h"

namespace tw::store {

namespace {

std::optional<Claim> failed(QString* error, const QString& why) {
    if (error) *error = why;
    return std::nullopt;
}

} // namespace

QString CaseClaims::holder(const QString& who) const {
    return db_.isServer() ? db_.serverUser() : who.trimmed();
}

std::optional<Claim> CaseClaims::claimOnServer(qint64 caseId, qint64 ttlMs, const QString& kind,
                                               QString* error) {
    // tw_claim (migrations.cpp) claims for the login, caps the time and takes the writers' lock, whatever
    // the client: a moderator's login cannot write a case any other way.
    const auto none = QVariant(QMetaType(QMetaType::LongLong));
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT o_case, o_holder, o_until FROM tw_claim(?, ?, ?)"));
    q.addBindValue(caseId ? QVariant(caseId) : none);
    q.addBindValue(ttlMs);
    q.addBindValue(kind.isNull() ? QStringLiteral("") : kind);
    if (!q.exec()) return failed(error, sqlError(q));
    if (!q.next()) return std::nullopt;
    return Claim{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toLongLong()};
}

std::optional<Claim> CaseClaims::claimNext(const QString& who, qint64 ttlMs, const CaseFilter& filter,
                                           QString* error) {
    if (error) error->clear();
    const QString me = holder(who);
    if (me.isEmpty()) return failed(error, QStringLiteral("no moderator name"));
    ttlMs = std::min(ttlMs, kMaxClaimMs);
    if (db_.isServer()) return claimOnServer(0, ttlMs, filter.kind, error);
    const QString now = nowMsSql(db_.backend());
    // The filter's kind and player are what the queue shows (CaseStore::cases): the same clauses.
    QStringList parts{
        QStringLiteral("status = 'open'"),
        QStringLiteral("(claimed_by IS NULL OR claimed_by = ? OR claimed_until < %1)").arg(now)};
    QVariantList binds{me};
    if (!filter.kind.isEmpty())
        parts << QStringLiteral(
            "id IN (SELECT cf.case_id FROM case_flags cf JOIN flags fl ON fl.id = cf.flag_id"
            " WHERE fl.kind = ?)"),
            binds << filter.kind;
    if (!db_.beginWrite(error)) return std::nullopt;
    QSqlQuery q(db_.connection());
    q.prepare(
        QStringLiteral("UPDATE cases SET claimed_by = ?, claimed_until = %1 + ? WHERE id = (SELECT id FROM"
                       " cases WHERE %2 ORDER BY priority DESC, id LIMIT 1) RETURNING id, claimed_until")
            .arg(now, parts.join(QStringLiteral(" AND "))));
    q.addBindValue(me);
    q.addBindValue(ttlMs);
    for (const QVariant& v : binds) q.addBindValue(v);
    if (!q.exec()) {
        const QString why = sqlError(q);
        db_.rollback(); // before the statement is freed (TeamThresholds::set says why)
        q = QSqlQuery();
        return failed(error, why);
    }
    std::optional<Claim> taken;
    if (q.next()) taken = Claim{q.value(0).toLongLong(), me, q.value(1).toLongLong()};
    q = QSqlQuery();
    if (!db_.commit(error)) return std::nullopt;
    return taken;
}

std::optional<Claim> CaseClaims::claim(qint64 caseId, const QString& who, qint64 ttlMs, QString* error) {
    const QString me = holder(who);
    if (me.isEmpty()) return failed(error, QStringLiteral("no moderator name"));
    ttlMs = std::min(ttlMs, kMaxClaimMs);
    if (db_.isServer()) {
        QString why;
        if (auto taken = claimOnServer(caseId, ttlMs, QString(), &why)) return taken;
        if (!why.isEmpty()) return failed(error, why);
        const auto held = claimOf(caseId, &why);
        if (held)
            return failed(error, QStringLiteral("case %1 is claimed by %2").arg(caseId).arg(held->holder));
        return failed(error, why.isEmpty() ? QStringLiteral("no case %1").arg(caseId) : why);
    }
    const QString now = nowMsSql(db_.backend());
    if (!db_.beginWrite(error)) return std::nullopt;
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral(
                  "UPDATE cases SET claimed_by = ?, claimed_until = %1 + ? WHERE id = ? AND"
                  " (claimed_by IS NULL OR claimed_by = ? OR claimed_until < %1) RETURNING claimed_until")
                  .arg(now));
    for (const QVariant& v : {QVariant(me), QVariant(ttlMs), QVariant(caseId), QVariant(me)})
        q.addBindValue(v);
    if (!q.exec()) {
        const QString why = sqlError(q);
        db_.rollback(); // before the statement is freed (TeamThresholds::set says why)
        q = QSqlQuery();
        return failed(error, why);
    }
    const bool took = q.next();
    const qint64 until = took ? q.value(0).toLongLong() : 0;
    q = QSqlQuery();
    if (!db_.commit(error)) return std::nullopt;
    if (took) return Claim{caseId, me, until};
    // Not taken: say why. (On a server row security hides a case another holds from the UPDATE, so the
    // holder is read apart.)
    QString why;
    const auto held = claimOf(caseId, &why);
    if (held) return failed(error, QStringLiteral("case %1 is claimed by %2").arg(caseId).arg(held->holder));
    return failed(error, why.isEmpty() ? QStringLiteral("no case %1").arg(caseId) : why);
}

bool CaseClaims::release(qint64 caseId, const QString& who, QString* error) {
    const QString me = holder(who);
    if (db_.isServer()) {
        QSqlQuery q(db_.connection());
        q.prepare(QStringLiteral("SELECT tw_release(?)"));
        q.addBindValue(caseId);
        if (!q.exec() || !q.next()) return error && (*error = sqlError(q), false);
        if (q.value(0).toBool()) return true;
        if (error) *error = QStringLiteral("case %1 is not claimed by %2").arg(caseId).arg(me);
        return false;
    }
    if (!db_.beginWrite(error)) return false;
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral(
        "UPDATE cases SET claimed_by = NULL, claimed_until = NULL WHERE id = ? AND claimed_by = ?"));
    q.addBindValue(caseId);
    q.addBindValue(me);
    if (!q.exec()) {
        const QString why = sqlError(q);
        db_.rollback(); // before the statement is freed (TeamThresholds::set says why)
        q = QSqlQuery();
        if (error) *error = why;
        return false;
    }
    const bool released = q.numRowsAffected() == 1;
    q = QSqlQuery();
    if (!db_.commit(error)) return false;
    if (!released && error) *error = QStringLiteral("case %1 is not claimed by %2").arg(caseId).arg(me);
    return released;
}

std::optional<Claim> CaseClaims::claimOf(qint64 caseId, QString* error) const {
    if (error) error->clear();
    QSqlQuery q(db_.connection());
    q.prepare(
        QStringLiteral("SELECT claimed_by, claimed_until FROM cases WHERE id = ? AND claimed_by IS NOT NULL"
                       " AND claimed_until >= %1")
            .arg(nowMsSql(db_.backend())));
    q.addBindValue(caseId);
    if (!q.exec()) return failed(error, sqlError(q));
    if (!q.next()) return std::nullopt;
    return Claim{caseId, q.value(0).toString(), q.value(1).toLongLong()};
}

} // namespace tw::store
