#include "decision_snapshot.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QVariant>

#include "database.h"

namespace tw::store {

QString caseSnapshot(Database& db, qint64 caseId, QString* error) {
    QSqlQuery q(db.connection());
    if (!runQuery(q,
                  QStringLiteral(
                      "SELECT f.id, f.kind, f.ruleset, f.players, f.score, f.games, f.evidence, f.active,"
                      " (SELECT d.verdict FROM decisions d WHERE d.case_id = cf.case_id AND d.flag_id = f.id"
                      "  ORDER BY d.id DESC LIMIT 1)"
                      " FROM case_flags cf JOIN flags f ON f.id = cf.flag_id WHERE cf.case_id = ?"
                      " ORDER BY f.active DESC, f.score DESC, f.id"),
                  {caseId}, error))
        return {};
    QJsonArray flags;
    while (q.next()) {
        auto json = [&](int column) { return QJsonDocument::fromJson(q.value(column).toString().toUtf8()); };
        flags.append(QJsonObject{
            {QStringLiteral("id"), q.value(0).toLongLong()},
            {QStringLiteral("kind"), q.value(1).toString()},
            {QStringLiteral("ruleset"), q.value(2).toString()},
            {QStringLiteral("players"), json(3).array()},
            {QStringLiteral("score"), q.value(4).toDouble()},
            {QStringLiteral("games"), json(5).array()},
            {QStringLiteral("evidence"), json(6).object()},
            {QStringLiteral("active"), q.value(7).toBool()},
            {QStringLiteral("verdict"), q.value(8).isNull() ? QStringLiteral("open") : q.value(8).toString()},
        });
    }
    return QString::fromUtf8(QJsonDocument(flags).toJson(QJsonDocument::Compact));
}

QVector<StoredFlag> flagsOfSnapshot(const QString& snapshot) {
    QVector<StoredFlag> out;
    if (snapshot.isEmpty()) return out;
    for (const QJsonValue& v : QJsonDocument::fromJson(snapshot.toUtf8()).array()) {
        const QJsonObject o = v.toObject();
        StoredFlag f;
        f.id = o.value(QStringLiteral("id")).toInteger();
        f.kind = o.value(QStringLiteral("kind")).toString();
        f.ruleset = o.value(QStringLiteral("ruleset")).toString();
        for (const QJsonValue& p : o.value(QStringLiteral("players")).toArray()) f.players << p.toString();
        f.score = o.value(QStringLiteral("score")).toDouble();
        for (const QJsonValue& g : o.value(QStringLiteral("games")).toArray()) f.games << g.toString();
        f.evidence = flagEvidenceFrom(o.value(QStringLiteral("evidence")).toObject());
        f.active = o.value(QStringLiteral("active")).toBool(true);
        f.verdict = o.value(QStringLiteral("verdict")).toString(QStringLiteral("open"));
        out.push_back(f);
    }
    return out;
}

} // namespace tw::store
