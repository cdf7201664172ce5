// The decision models players are tested against (app/analysis/decision_model.h), kept in the
// database, versioned by id and append-only. A model `tilewatch-cli calibrate --db` wrote is in force for
// its ruleset until a newer one is written; without one, a scan calibrates on the database's own
// population when it is large enough (and records that model with its analysis), else uses the built-in.
#pragma once

#include <QString>
#include <QVector>

#include <optional>

#include "corpus_scan.h"
#include "record.h"
#include "xiangqi_fit.h"
#include "xiangqi_store.h"

namespace tw::store {

class Database;

struct StoredModel {
    qint64 id = 0;
    QString ruleset;
    DecisionModel model;
    QString source; // "calibrate" or "scan"
    qint64 players = 0, trimmed = 0, decisions = 0;
    QString detail = QStringLiteral("{}");
    QString createdAt;
    // How flags name it: "model 3".
    std::string name() const { return "model " + std::to_string(id); }
};

// Flags named kScanCalibrated (the scan's own calibration) take the stored name of their ruleset's row.
void nameCalibratedModels(std::vector<Flag>& flags, const QVector<StoredModel>& models);

// A model row from a calibration (bands and reliability in its detail).
StoredModel modelOf(RulesetId ruleset, const Calibration& cal, std::int64_t decisions, const QString& source);

// Xiangqi's rows sit in the same table under the ruleset "xiangqi" (RulesetId names only mahjong's), each
// with the engine and search its losses were measured with ("engine", "limit" in its detail): a model is
// only meaningful for scores of the same depth and MultiPV. (kXiangqiRuleset: xiangqi_store.h.)
StoredModel xiangqiModelOf(const Calibration& cal, std::int64_t decisions, const QString& engine,
                           const QString& limit);
// The engine and search a xiangqi row was calibrated under ("" when its detail does not say).
QString xiangqiModelEngine(const StoredModel& m);
QString xiangqiModelLimit(const StoredModel& m);

// Which model a xiangqi scan tests against. Only moves that carry the engine's options (MultiPV
// K ≥ 2) can be tested; then, in this order: the model given (XqFitSettings::reference, scan --xq-model),
// the newest stored by `calibrate --xiangqi --store`, else the built-in one (XqBuiltinModel). Without
// MultiPV the seed's line flags, as SPEC says.
struct XqModelChoice {
    enum class Source { SeedLine, Given, Stored, Builtin };
    Source source = Source::SeedLine;
    std::optional<DecisionModel> model;
    std::string
        name;       // as flags name it: "given 0.7,0.5", "model 3", "builtin-xq-1"; empty for the seed's line
    QString limit;  // the search the model was calibrated under ("depth 10 multipv 4"; "" when unknown)
    QString engine; // and its engine
    QString scanLimit, scanEngine; // the search this scan uses
    // The model's losses were measured with another engine or search than this scan's: its error rate is not
    // the one stated for it (said on standard error and at the desk).
    bool mismatch() const {
        return model && ((!limit.isEmpty() && limit != scanLimit) ||
                         (!engine.isEmpty() && !scanEngine.isEmpty() && engine != scanEngine));
    }
};
// `multiPv`: the scan's engine lines; `scanLimit` and `scanEngine`: the search it uses (the engine "" when
// not known yet: not compared).
bool chooseXiangqiModel(Database& db, int multiPv, const XqFitSettings& fit, const QString& scanLimit,
                        const QString& scanEngine, XqModelChoice* out, QString* error);
// The search limit of a xiangqi search at `depth` with `multiPv` lines, as scores and models are keyed
// (engine::EngineSettings::limit).
QString xiangqiDepthLimit(int depth, int multiPv);

class ModelStore {
  public:
    explicit ModelStore(Database& db) : db_(db) {}
    // Inserts the rows inside the caller's transaction and sets their ids; `first`/`last` bound the new
    // rows (0 when none is new). With `reuse`, a row equal to the latest of its ruleset and source (same
    // s, c and counts) takes that row's id instead, so scanning the same games again changes nothing.
    bool insert(QVector<StoredModel>& rows, qint64* first, qint64* last, QString* error, bool reuse = false);
    // `calibrate --db`: the rows and their audit row in one transaction.
    bool saveCalibration(QVector<StoredModel>& rows, const QString& actor, QString* error);
    // The latest `calibrate` model of a ruleset.
    std::optional<StoredModel> inForce(RulesetId ruleset, QString* error = nullptr) const;
    std::optional<StoredModel> byId(qint64 id, QString* error = nullptr) const;
    // The latest model of each ruleset, whatever wrote it (Settings shows these).
    QVector<StoredModel> latest(QString* error = nullptr) const;
    // The built-in model as a row that is not stored (id 0).
    static StoredModel builtin(RulesetId ruleset);

    // Xiangqi: the latest `calibrate --xiangqi --store` model, and the built-in one (XqBuiltinModel, id 0).
    std::optional<StoredModel> xiangqiInForce(QString* error = nullptr) const;
    static StoredModel xiangqiBuiltin();

  private:
    std::optional<StoredModel> inForce(const QString& ruleset, QString* error) const;
    Database& db_;
};

} // namespace tw::store
