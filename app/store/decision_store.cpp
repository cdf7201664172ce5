#include "decision_store.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <pwd.h>
#include <unistd.h>

#include "audit_log.h"
#include "case_standing.h"
#include "database.h"
#include "decision_snapshot.h"

namespace tw::store {

namespace {

const char* const kColumns =
    "id, case_id, COALESCE(flag_id, 0), action, verdict, previous, reason, note, moderator, created_at,"
    " COALESCE(answers, 0), COALESCE(audit_id, 0), os_user, sanction, sanction_until, appellant, snapshot";

Decision rowOf(const QSqlQuery& q) {
    Decision d;
    d.id = q.value(0).toLongLong();
    d.caseId = q.value(1).toLongLong();
    d.flagId = q.value(2).toLongLong();
    d.action = q.value(3).toString();
    d.verdict = q.value(4).toString();
    d.previous = q.value(5).toString();
    d.reason = q.value(6).toString();
    d.note = q.value(7).toString();
    d.moderator = q.value(8).toString();
    d.at = q.value(9).toString();
    d.answers = q.value(10).toLongLong();
    d.auditId = q.value(11).toLongLong();
    d.osUser = q.value(12).toString();
    d.sanction = q.value(13).toString();
    d.sanctionUntil = q.value(14).toString();
    d.appellant = q.value(15).toString();
    d.snapshot = q.value(16).toString();
    return d;
}

std::optional<Decision> failed(QString* error, const QString& why) {
    if (error) *error = why;
    return std::nullopt;
}

} // namespace

bool DecisionStore::isVerdict(const QString& v) {
    return v == QLatin1String("open") || v == QLatin1String("confirmed") || v == QLatin1String("dismissed") ||
           v == QLatin1String("escalated");
}

bool DecisionStore::isSanction(const QString& kind) {
    return sanctionKinds().contains(kind);
}

QStringList DecisionStore::sanctionKinds() {
    return {QStringLiteral("warning"), QStringLiteral("mark"), QStringLiteral("suspension"),
            QStringLiteral("ban")};
}

QString DecisionStore::sanctionProblem(const Sanction& s, qint64 flagId, const QString& verdict,
                                       const QString& today) {
    if (s.kind.isEmpty())
        return s.until.isEmpty() ? QString() : QStringLiteral("only a suspension has an end date");
    if (!isSanction(s.kind)) return QStringLiteral("unknown sanction \"%1\"").arg(s.kind);
    if (flagId != 0 || verdict != QLatin1String("confirmed"))
        return QStringLiteral("a sanction goes with a confirmed case, not with a verdict of \"%1\"")
            .arg(verdict);
    if (s.kind != QLatin1String("suspension"))
        return s.until.isEmpty() ? QString() : QStringLiteral("only a suspension has an end date");
    const QDate end = QDate::fromString(s.until, QStringLiteral("yyyy-MM-dd"));
    if (!end.isValid() || end.toString(QStringLiteral("yyyy-MM-dd")) != s.until)
        return QStringLiteral("a suspension needs its last day as YYYY-MM-DD, not \"%1\"").arg(s.until);
    if (s.until <= today)
        return QStringLiteral("a suspension ends after the day it is given, not on %1").arg(s.until);
    return {};
}

QString DecisionStore::osAccount() {
    const uid_t uid = ::geteuid();
    const passwd* pw = ::getpwuid(uid);
    return pw && pw->pw_name && *pw->pw_name ? QString::fromLocal8Bit(pw->pw_name) : QString::number(uid);
}

QString DecisionStore::subjectOf(qint64 caseId) {
    return QStringLiteral("case:%1").arg(caseId);
}

QString DecisionStore::verdictOf(qint64 caseId, qint64 flagId, QString* error) const {
    QSqlQuery q(db_.connection());
    if (flagId == 0) {
        q.prepare(QStringLiteral("SELECT status FROM cases WHERE id = ?"));
        q.addBindValue(caseId);
    } else {
        q.prepare(QStringLiteral(
            "SELECT verdict FROM decisions WHERE case_id = ? AND flag_id = ? ORDER BY id DESC LIMIT 1"));
        q.addBindValue(caseId);
        q.addBindValue(flagId);
    }
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return {};
    }
    return q.next() ? q.value(0).toString() : QStringLiteral("open");
}

std::optional<Decision> DecisionStore::decide(qint64 caseId, qint64 flagId, const QString& verdict,
                                              const QString& reason, const QString& note,
                                              const QString& moderator, QString* error,
                                              const Sanction& sanction) {
    if (!isVerdict(verdict)) return failed(error, QStringLiteral("unknown verdict \"%1\"").arg(verdict));
    Decision d;
    d.caseId = caseId, d.flagId = flagId, d.action = QStringLiteral("decide"), d.verdict = verdict;
    d.reason = reason, d.note = note, d.moderator = moderator;
    d.sanction = sanction.kind, d.sanctionUntil = sanction.until;
    return write(d, error);
}

std::optional<Decision> DecisionStore::appeal(qint64 caseId, const QString& appellant, const QString& reason,
                                              const QString& note, const QString& moderator, QString* error) {
    Decision d;
    d.caseId = caseId, d.action = QStringLiteral("appeal"), d.verdict = QStringLiteral("open");
    d.appellant = appellant.trimmed(), d.reason = reason, d.note = note, d.moderator = moderator;
    return write(d, error);
}

std::optional<Decision> DecisionStore::addNote(qint64 caseId, qint64 flagId, const QString& note,
                                               const QString& moderator, QString* error) {
    if (note.trimmed().isEmpty()) return failed(error, QStringLiteral("an empty note"));
    Decision d;
    d.caseId = caseId, d.flagId = flagId, d.action = QStringLiteral("note"), d.note = note,
    d.moderator = moderator;
    return write(d, error); // verdict filled in as the current one
}

std::optional<Decision> DecisionStore::byId(qint64 id, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT %1 FROM decisions WHERE id = ?").arg(QLatin1String(kColumns)));
    q.addBindValue(id);
    if (!q.exec()) return failed(error, sqlError(q));
    if (!q.next()) return failed(error, QStringLiteral("decision %1 does not exist").arg(id));
    return rowOf(q);
}

std::optional<Decision> DecisionStore::undo(qint64 decisionId, const QString& moderator, QString* error) {
    const auto found = byId(decisionId, error);
    if (!found) return std::nullopt;
    const Decision& original = *found;
    if (original.action == QLatin1String("undo"))
        return failed(error, QStringLiteral("decision %1 is an undo; redo it instead").arg(decisionId));
    Decision d;
    d.caseId = original.caseId, d.flagId = original.flagId, d.action = QStringLiteral("undo");
    d.verdict = original.previous, d.previous = original.verdict, d.answers = original.id;
    d.reason = original.reason, d.moderator = moderator;
    return write(d, error);
}

std::optional<Decision> DecisionStore::redo(qint64 undoId, const QString& moderator, QString* error) {
    const auto found = byId(undoId, error);
    if (!found) return std::nullopt;
    const Decision& undone = *found;
    if (undone.action != QLatin1String("undo"))
        return failed(error, QStringLiteral("decision %1 is not an undo").arg(undoId));
    Decision d;
    d.caseId = undone.caseId, d.flagId = undone.flagId, d.action = QStringLiteral("redo");
    d.verdict = undone.previous, d.previous = undone.verdict, d.answers = undone.id;
    d.reason = undone.reason, d.moderator = moderator;
    return write(d, error);
}

std::optional<Decision> DecisionStore::writeOnServer(Decision d, QString* error) {
    // The server works out everything a row says but the choice itself: who (the login), the verdict before
    // it (from the decisions before it), the ids, the time, the audit row and its hash (tw_decide,
    // migrations.cpp). A moderator's login can write decisions no other way.
    d.osUser = osAccount();
    const auto none = QVariant(QMetaType(QMetaType::LongLong));
    QSqlQuery q(db_.connection());
    q.prepare(
        QStringLiteral("SELECT o_id, o_verdict, o_previous, o_reason, o_note, o_at, o_audit, o_moderator,"
                       " o_sanction, o_until, o_appellant, o_snapshot"
                       " FROM tw_decide(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    auto text = [](const QString& s) { return QVariant(s.isNull() ? QStringLiteral("") : s); };
    for (const QVariant& v :
         {QVariant(d.caseId), d.flagId ? QVariant(d.flagId) : none, QVariant(d.action), text(d.verdict),
          text(d.reason), text(d.note), d.answers ? QVariant(d.answers) : none, QVariant(d.osUser),
          text(d.sanction), text(d.sanctionUntil), text(d.appellant)})
        q.addBindValue(v);
    if (!q.exec() || !q.next()) {
        QString why = sqlError(q);
        q = QSqlQuery();
        // The server's own words, without the PL/pgSQL context lines.
        why = why.section(u'\n', 0, 0).remove(QStringLiteral("ERROR:  ")).trimmed();
        return failed(error, why.isEmpty() ? QStringLiteral("the server wrote no decision") : why);
    }
    d.id = q.value(0).toLongLong();
    d.verdict = q.value(1).toString();
    d.previous = q.value(2).toString();
    d.reason = q.value(3).toString();
    d.note = q.value(4).toString();
    d.at = q.value(5).toString();
    d.auditId = q.value(6).toLongLong();
    d.moderator = q.value(7).toString();
    d.sanction = q.value(8).toString();
    d.sanctionUntil = q.value(9).toString();
    d.appellant = q.value(10).toString();
    d.snapshot = q.value(11).toString();
    return d;
}

bool DecisionStore::settlePrevious(Decision& d, const QString& current, QString* error) {
    auto refuse = [&](const QString& why) { return error && (*error = why, true), false; };
    if (d.action == QLatin1String("appeal")) {
        if (d.flagId != 0) return refuse(QStringLiteral("an appeal is against the verdict on a whole case"));
        if (standingOf(decisionsOfCase(d.caseId)).underAppeal)
            return refuse(QStringLiteral("case %1 is already under appeal").arg(d.caseId));
        if (current != QLatin1String("confirmed") && current != QLatin1String("dismissed"))
            return refuse(QStringLiteral("case %1 is %2, not decided: there is nothing to appeal")
                              .arg(d.caseId)
                              .arg(current));
        if (d.appellant.isEmpty() || d.reason.trimmed().isEmpty())
            return refuse(QStringLiteral("an appeal names who appeals and on what grounds"));
        d.previous = current;
    } else if (d.action == QLatin1String("decide") || d.action == QLatin1String("note")) {
        d.previous = current;
        if (d.action == QLatin1String("note")) d.verdict = current;
    } else if (current != d.previous) {
        // The row being answered is no longer the latest word on its target.
        return refuse(QStringLiteral("the verdict changed to \"%1\" since; nothing was undone").arg(current));
    }
    return true;
}

bool DecisionStore::settleInForce(Decision& d, QString* error) {
    if (d.action == QLatin1String("note")) {
        d.sanction.clear(), d.sanctionUntil.clear(), d.snapshot.clear();
        return true;
    }
    // What is in force on the target: its latest row that is not a note.
    const QString target = d.flagId ? QStringLiteral("flag_id = ?") : QStringLiteral("flag_id IS NULL");
    QVariantList binds{d.caseId};
    if (d.flagId) binds << d.flagId;
    auto inForce = [&](const QString& more, QVariantList extra, Decision* out) {
        QSqlQuery q(db_.connection());
        QVariantList all = binds;
        all << extra;
        if (!runQuery(
                q,
                QStringLiteral("SELECT action, snapshot, sanction, sanction_until, appellant FROM decisions"
                               " WHERE case_id = ? AND %1 AND action <> 'note'%2 ORDER BY id DESC LIMIT 1")
                    .arg(target, more),
                all, error))
            return false;
        if (q.next())
            out->action = q.value(0).toString(), out->snapshot = q.value(1).toString(),
            out->sanction = q.value(2).toString(), out->sanctionUntil = q.value(3).toString(),
            out->appellant = q.value(4).toString();
        return true;
    };
    Decision latest;
    if (d.action == QLatin1String("decide")) {
        if (!inForce({}, {}, &latest)) return false;
        if (!latest.appellant.isEmpty()) {
            d.snapshot = latest.snapshot; // under appeal: the lead reviews the appealed decision's evidence
        } else {
            QString why;
            d.snapshot = caseSnapshot(db_, d.caseId, &why);
            if (!why.isEmpty()) return error && (*error = why, true), false;
        }
        return true;
    }
    if (d.action == QLatin1String("appeal")) {
        if (!inForce({}, {}, &latest)) return false;
        if (!latest.appellant.isEmpty())
            return error && (*error = QStringLiteral("case %1 is already under appeal").arg(d.caseId), true),
                   false;
        d.snapshot = latest.snapshot, d.sanction = latest.sanction, d.sanctionUntil = latest.sanctionUntil;
        return true;
    }
    d.snapshot.clear(), d.sanction.clear(), d.sanctionUntil.clear(), d.appellant.clear();
    if (d.action == QLatin1String("undo")) {
        if (!inForce(QStringLiteral(" AND id < ?"), {d.answers}, &latest)) return false;
    } else { // redo: what the row its undo answered put in force
        const auto undone = byId(d.answers, error);
        if (!undone) return false;
        const auto original = byId(undone->answers, error);
        if (!original) return false;
        latest = *original;
    }
    d.snapshot = latest.snapshot, d.sanction = latest.sanction, d.sanctionUntil = latest.sanctionUntil;
    d.appellant = latest.appellant; // an undo of the lead's verdict puts the appeal back in force
    return true;
}

std::optional<Decision> DecisionStore::write(Decision d, QString* error) {
    if (db_.isServer()) return writeOnServer(d, error);
    if (d.moderator.trimmed().isEmpty()) return failed(error, QStringLiteral("no moderator name"));
    if (!db_.beginWrite(error)) return std::nullopt;
    auto fail = [&](const QString& why) {
        db_.rollback();
        return failed(error, why);
    };
    {
        QSqlQuery c(db_.connection());
        c.prepare(QStringLiteral("SELECT 1 FROM cases WHERE id = ?"));
        c.addBindValue(d.caseId);
        if (!c.exec()) return fail(sqlError(c));
        if (!c.next()) return fail(QStringLiteral("case %1 does not exist").arg(d.caseId));
    }
    if (d.flagId != 0) {
        QSqlQuery c(db_.connection());
        c.prepare(QStringLiteral("SELECT 1 FROM case_flags WHERE case_id = ? AND flag_id = ?"));
        c.addBindValue(d.caseId);
        c.addBindValue(d.flagId);
        if (!c.exec()) return fail(sqlError(c));
        if (!c.next())
            return fail(QStringLiteral("flag %1 is not part of case %2").arg(d.flagId).arg(d.caseId));
    }
    QString why;
    const QString current = verdictOf(d.caseId, d.flagId, &why);
    if (current.isEmpty()) return fail(why);
    if (!settlePrevious(d, current, &why)) return fail(why);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    d.at = now.toString(Qt::ISODateWithMs);
    if (d.action == QLatin1String("decide")) {
        const QString problem = sanctionProblem({d.sanction, d.sanctionUntil}, d.flagId, d.verdict,
                                                now.date().toString(QStringLiteral("yyyy-MM-dd")));
        if (!problem.isEmpty()) return fail(problem);
    }
    if (!settleInForce(d, &why)) return fail(why);

    d.osUser = osAccount();
    {
        // Both ids are taken here, inside the write lock, so that the audit row can name the decision and the
        // decision its audit row, and neither is ever written twice. The decision goes in first (its foreign
        // key to the audit row checked at commit) because the audit row attests the stored row, every column.
        QSqlQuery next(db_.connection());
        if (!next.exec(QStringLiteral("SELECT (SELECT COALESCE(MAX(id), 0) + 1 FROM decisions),"
                                      " (SELECT COALESCE(MAX(id), 0) + 1 FROM audit_log)")) ||
            !next.next())
            return fail(sqlError(next));
        d.id = next.value(0).toLongLong();
        d.auditId = next.value(1).toLongLong();
    }
    if (!db_.exec(QStringLiteral("PRAGMA defer_foreign_keys = ON"), &why)) return fail(why);
    const auto none = QVariant(QMetaType(
        QMetaType::LongLong)); // not "QVariant none(QMetaType(...))": clang reads that as a function
    auto text = [](const QString& s) {
        return QVariant(s.isNull() ? QStringLiteral("") : s);
    }; // null binds NULL
    QSqlQuery ins(db_.connection());
    ins.prepare(QStringLiteral(
        "INSERT INTO decisions (id, case_id, flag_id, action, verdict, previous, reason, note,"
        " moderator, created_at, answers, audit_id, os_user, sanction, sanction_until, appellant,"
        " snapshot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    for (const QVariant& v :
         {QVariant(d.id), QVariant(d.caseId), d.flagId ? QVariant(d.flagId) : none, QVariant(d.action),
          QVariant(d.verdict), QVariant(d.previous), text(d.reason), text(d.note), QVariant(d.moderator),
          QVariant(d.at), d.answers ? QVariant(d.answers) : none, QVariant(d.auditId), text(d.osUser),
          text(d.sanction), text(d.sanctionUntil), text(d.appellant), text(d.snapshot)})
        ins.addBindValue(v);
    if (!ins.exec()) return fail(sqlError(ins));

    QJsonObject detail{{QStringLiteral("decision"), d.id},       {QStringLiteral("verdict"), d.verdict},
                       {QStringLiteral("previous"), d.previous}, {QStringLiteral("reason"), d.reason},
                       {QStringLiteral("note"), d.note},         {QStringLiteral("os_user"), d.osUser}};
    if (d.flagId) detail.insert(QStringLiteral("flag"), d.flagId);
    if (d.answers) detail.insert(QStringLiteral("answers"), d.answers);
    if (!d.sanction.isEmpty()) detail.insert(QStringLiteral("sanction"), d.sanction);
    if (!d.sanctionUntil.isEmpty()) detail.insert(QStringLiteral("sanction_until"), d.sanctionUntil);
    if (!d.appellant.isEmpty()) detail.insert(QStringLiteral("appellant"), d.appellant);
    qint64 auditId = 0;
    if (!AuditLog(db_).append(d.moderator, d.action, subjectOf(d.caseId),
                              QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact)), &why,
                              &auditId, {{QStringLiteral("decisions"), d.id, d.id}}))
        return fail(why);
    if (auditId != d.auditId)
        return fail(QStringLiteral("the audit row took id %1, not %2").arg(auditId).arg(d.auditId));

    if (d.flagId == 0 && d.verdict != current) {
        QSqlQuery upd(db_.connection());
        upd.prepare(QStringLiteral("UPDATE cases SET status = ?, updated_at = ? WHERE id = ?"));
        upd.addBindValue(d.verdict);
        upd.addBindValue(d.at);
        upd.addBindValue(d.caseId);
        if (!upd.exec()) return fail(sqlError(upd));
    }
    if (!db_.commit(error)) {
        db_.rollback();
        return std::nullopt;
    }
    return d;
}

QVector<Decision> DecisionStore::decisionsOfCase(qint64 caseId, QString* error) const {
    QVector<Decision> out;
    QSqlQuery q(db_.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT %1 FROM decisions WHERE case_id = ? ORDER BY id")
                  .arg(QLatin1String(kColumns)));
    q.addBindValue(caseId);
    if (!q.exec()) {
        if (error) *error = sqlError(q);
        return out;
    }
    while (q.next()) out.push_back(rowOf(q));
    return out;
}

} // namespace tw::store
