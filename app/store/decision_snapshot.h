// What a decision rested on: the case's flags, with their statistics and evidence, as they stood when the
// row was written (decisions.snapshot). A rescan rewrites flags in place (case_store.h); the snapshot does
// not move with them, so a verdict, an appeal's review and a report read the evidence the verdict was
// given on. A JSON array, one object a flag: id, kind, ruleset, players, score, games, evidence (the flag's
// stored evidence object), active, verdict. On a file DecisionStore writes it; on a server tw_decide does
// (migrations.cpp, step 17), from the same columns under the same keys.
#pragma once

#include <QString>
#include <QVector>

#include "case_store.h"

namespace tw::store {

class Database;

// The case's flags now, in the desk's order (active first, then by score), as snapshot text; empty with
// *error when the read fails.
QString caseSnapshot(Database& db, qint64 caseId, QString* error = nullptr);

// The flags a snapshot holds, in its order; empty for "" (a row from before snapshots, or one that had none).
QVector<StoredFlag> flagsOfSnapshot(const QString& snapshot);

} // namespace tw::store
