#include "model_store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>

#include "audit_log.h"
#include "database.h"

namespace tw::store {

namespace {

constexpr const char* kColumns =
    "id, ruleset, s, c, source, players, trimmed, decisions, detail, created_at, dispersion,"
    " dispersion_ceiling";

StoredModel rowOf(const QSqlQuery& q) {
    StoredModel m;
    m.id = q.value(0).toLongLong();
    m.ruleset = q.value(1).toString();
    m.model = {q.value(2).toDouble(), q.value(3).toDouble()};
    m.source = q.value(4).toString();
    m.players = q.value(5).toLongLong(), m.trimmed = q.value(6).toLongLong(),
    m.decisions = q.value(7).toLongLong();
    m.detail = q.value(8).toString();
    m.createdAt = q.value(9).toString();
    m.model.dispersion = q.value(10).toDouble();
    m.model.dispersionCeiling = q.value(11).toDouble();
    return m;
}

bool fail(QString* error, const QString& why) {
    if (error) *error = why;
    return false;
}

} // namespace

void nameCalibratedModels(std::vector<Flag>& flags, const QVector<StoredModel>& models) {
    for (Flag& f : flags)
        for (const StoredModel& m : models)
            if (f.model == kScanCalibrated && QString::fromStdString(f.ruleset) == m.ruleset)
                f.model = m.name();
}

namespace {

QJsonObject detailOf(const Calibration& cal) {
    QJsonArray bands;
    for (const CalibrationBand& b : cal.bands)
        bands << QJsonObject{{"players", b.players},
                             {"decisions", double(b.decisions)},
                             {"s_from", b.sFrom},
                             {"s_to", b.sTo},
                             {"s", b.fit.model.s},
                             {"c", b.fit.model.c},
                             {"expected_match", b.expectedMatch},
                             {"observed_match", b.observedMatch}};
    QJsonArray reliability;
    for (const ReliabilityBin& b : cal.referenceReliability)
        if (b.decisions)
            reliability << QJsonObject{{"from", b.from},
                                       {"to", b.to},
                                       {"decisions", double(b.decisions)},
                                       {"predicted", b.predicted},
                                       {"observed", b.observed}};
    return QJsonObject{
        {"population", QJsonObject{{"s", cal.population.model.s}, {"c", cal.population.model.c}}},
        {"median_log_s", cal.medianLogS},
        {"robust_sd", cal.robustSd},
        {"bands", bands},
        {"reliability", reliability}};
}

StoredModel calibratedRow(const QString& ruleset, const Calibration& cal, std::int64_t decisions,
                          const QString& source, const QJsonObject& detail) {
    StoredModel m;
    m.ruleset = ruleset;
    m.model = cal.reference();
    m.source = source;
    m.players = cal.fitted, m.trimmed = cal.trimmed, m.decisions = decisions;
    m.detail = QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact));
    return m;
}

QString detailText(const StoredModel& m, const char* key) {
    return QJsonDocument::fromJson(m.detail.toUtf8()).object().value(QLatin1String(key)).toString();
}

} // namespace

StoredModel modelOf(RulesetId ruleset, const Calibration& cal, std::int64_t decisions,
                    const QString& source) {
    return calibratedRow(QString::fromLatin1(rulesetName(ruleset)), cal, decisions, source, detailOf(cal));
}

StoredModel xiangqiModelOf(const Calibration& cal, std::int64_t decisions, const QString& engine,
                           const QString& limit) {
    QJsonObject detail = detailOf(cal);
    detail.insert(QStringLiteral("engine"), engine);
    detail.insert(QStringLiteral("limit"), limit);
    return calibratedRow(QString::fromLatin1(kXiangqiRuleset), cal, decisions, QStringLiteral("calibrate"),
                         detail);
}

QString xiangqiModelEngine(const StoredModel& m) {
    return detailText(m, "engine");
}
QString xiangqiModelLimit(const StoredModel& m) {
    return detailText(m, "limit");
}

QString xiangqiDepthLimit(int depth, int multiPv) {
    return multiPv > 1 ? QStringLiteral("depth %1 multipv %2").arg(depth).arg(multiPv)
                       : QStringLiteral("depth %1").arg(depth);
}

bool chooseXiangqiModel(Database& db, int multiPv, const XqFitSettings& fit, const QString& scanLimit,
                        const QString& scanEngine, XqModelChoice* out, QString* error) {
    XqModelChoice c;
    c.scanLimit = scanLimit, c.scanEngine = scanEngine;
    if (multiPv < 2) {
        *out = c; // no options to test: the seed's line
        return true;
    }
    if (fit.reference) {
        c.source = XqModelChoice::Source::Given;
        c.model = fit.reference;
        c.name = fit.model.empty() ? std::string("given") : fit.model;
        *out = c;
        return true;
    }
    QString why;
    const std::optional<StoredModel> stored = ModelStore(db).xiangqiInForce(&why);
    if (!why.isEmpty()) return error && (*error = why, true), false;
    const StoredModel m = stored ? *stored : ModelStore::xiangqiBuiltin();
    c.source = stored ? XqModelChoice::Source::Stored : XqModelChoice::Source::Builtin;
    c.model = m.model;
    c.name = stored ? m.name() : std::string(XqBuiltinModel::kName);
    c.limit = xiangqiModelLimit(m), c.engine = xiangqiModelEngine(m);
    *out = c;
    return true;
}

StoredModel ModelStore::xiangqiBuiltin() {
    StoredModel m;
    m.ruleset = QString::fromLatin1(kXiangqiRuleset);
    m.model = XqBuiltinModel::model();
    m.source = QStringLiteral("builtin");
    const QJsonObject detail{{"engine", QString::fromLatin1(XqBuiltinModel::kEngine)},
                             {"limit", xiangqiDepthLimit(XqBuiltinModel::kDepth, XqBuiltinModel::kMultiPv)},
                             {"fitted_on", QString::fromLatin1(XqBuiltinModel::kSource)}};
    m.detail = QString::fromUtf8(QJsonDocument(detail).toJson(QJsonDocument::Compact));
    return m;
}

StoredModel ModelStore::builtin(RulesetId ruleset) {
    StoredModel m;
    m.ruleset = QString::fromLatin1(rulesetName(ruleset));
    m.model = FitSettings::builtinReference()[static_cast<int>(ruleset)];
    m.source = QStringLiteral("builtin");
    return m;
}

bool ModelStore::insert(QVector<StoredModel>& rows, qint64* first, qint64* last, QString* error, bool reuse) {
    QSqlQuery same(db_.connection());
    same.prepare(
        QStringLiteral("SELECT id, s, c, players, trimmed, decisions, detail, dispersion, dispersion_ceiling"
                       " FROM decision_models"
                       " WHERE ruleset = ? AND source = ? ORDER BY id DESC LIMIT 1"));
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral(
        "INSERT INTO decision_models (ruleset, s, c, dispersion, dispersion_ceiling, source, players,"
        " trimmed, decisions, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"));
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
    if (first) *first = 0;
    if (last) *last = 0;
    for (StoredModel& m : rows) {
        if (reuse) {
            same.addBindValue(m.ruleset), same.addBindValue(m.source);
            if (!same.exec()) return fail(error, sqlError(same));
            if (same.next() && same.value(1).toDouble() == m.model.s &&
                same.value(2).toDouble() == m.model.c && same.value(3).toLongLong() == m.players &&
                same.value(4).toLongLong() == m.trimmed && same.value(5).toLongLong() == m.decisions &&
                same.value(6).toString() == m.detail && same.value(7).toDouble() == m.model.dispersion &&
                same.value(8).toDouble() == m.model.dispersionCeiling) {
                m.id = same.value(0).toLongLong();
                continue;
            }
        }
        m.createdAt = now;
        for (const QVariant& v :
             QVariantList{m.ruleset, m.model.s, m.model.c, m.model.dispersion, m.model.dispersionCeiling,
                          m.source, m.players, m.trimmed, m.decisions, m.detail, m.createdAt})
            q.addBindValue(v);
        if (!q.exec()) return fail(error, sqlError(q));
        m.id = q.next() ? q.value(0).toLongLong() : 0;
        q.finish();
        if (first && !*first) *first = m.id;
        if (last) *last = m.id;
    }
    return true;
}

bool ModelStore::saveCalibration(QVector<StoredModel>& rows, const QString& actor, QString* error) {
    if (rows.isEmpty()) return true;
    if (!db_.beginWrite(error)) return false;
    qint64 first = 0, last = 0;
    QJsonArray models;
    QString why;
    if (!insert(rows, &first, &last, &why)) {
        db_.rollback();
        return fail(error, why);
    }
    for (const StoredModel& m : rows)
        models << QJsonObject{{"id", double(m.id)},
                              {"ruleset", m.ruleset},
                              {"s", m.model.s},
                              {"c", m.model.c},
                              {"dispersion", m.model.dispersion},
                              {"dispersion_ceiling", m.model.dispersionCeiling},
                              {"players", double(m.players)},
                              {"decisions", double(m.decisions)}};
    const QString detail =
        QString::fromUtf8(QJsonDocument(QJsonObject{{"models", models}}).toJson(QJsonDocument::Compact));
    if (!AuditLog(db_).append(actor, QStringLiteral("calibration"), QStringLiteral("decision_models"), detail,
                              &why, nullptr, {{QStringLiteral("decision_models"), first, last}})) {
        db_.rollback();
        return fail(error, why);
    }
    return db_.commit(error);
}

std::optional<StoredModel> ModelStore::inForce(RulesetId ruleset, QString* error) const {
    return inForce(QString::fromLatin1(rulesetName(ruleset)), error);
}

std::optional<StoredModel> ModelStore::xiangqiInForce(QString* error) const {
    return inForce(QString::fromLatin1(kXiangqiRuleset), error);
}

std::optional<StoredModel> ModelStore::inForce(const QString& ruleset, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT %1 FROM decision_models WHERE ruleset = ? AND source = 'calibrate'"
                             " ORDER BY id DESC LIMIT 1")
                  .arg(QLatin1String(kColumns)));
    q.addBindValue(ruleset);
    if (!q.exec()) return fail(error, sqlError(q)), std::nullopt;
    if (!q.next()) return std::nullopt;
    return rowOf(q);
}

std::optional<StoredModel> ModelStore::byId(qint64 id, QString* error) const {
    QSqlQuery q(db_.connection());
    q.prepare(QStringLiteral("SELECT %1 FROM decision_models WHERE id = ?").arg(QLatin1String(kColumns)));
    q.addBindValue(id);
    if (!q.exec()) return fail(error, sqlError(q)), std::nullopt;
    if (!q.next()) return std::nullopt;
    return rowOf(q);
}

QVector<StoredModel> ModelStore::latest(QString* error) const {
    QSqlQuery q(db_.connection());
    QVector<StoredModel> out;
    if (!q.exec(QStringLiteral(
                    "SELECT %1 FROM decision_models WHERE id IN (SELECT max(id) FROM decision_models GROUP BY"
                    " ruleset) ORDER BY ruleset")
                    .arg(QLatin1String(kColumns)))) {
        fail(error, sqlError(q));
        return out;
    }
    while (q.next()) out.push_back(rowOf(q));
    return out;
}

} // namespace tw::store
