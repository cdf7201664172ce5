// A case's flags with their evidence as a tree for the desk's Evidence tab: one top row
// per flag (its title, score and q, its sentence), under it the facts and the statistics in FlagEvidence's
// words (the report's), and under a reported flag the complaints themselves.
#pragma once

#include <QStandardItemModel>

#include "case_view.h"
#include "player_page_model.h"
#include "settings.h"

namespace tw::models {

class FlagEvidenceModel : public QStandardItemModel {
    Q_OBJECT
  public:
    enum Column { Label, Value, Explanation, ColumnCount };
    enum Role { FlagIdRole = Qt::UserRole + 1, StatRole };

    explicit FlagEvidenceModel(QObject* parent = nullptr);

    // `complaints`: the complaints against the player of a reported flag, listed under it; `models`: the
    // decision models the flags name, each described under the flags tested against it.
    void setFlags(const QList<FlagView>& flags, const Thresholds& thresholds,
                  const QList<PlayerReportView>& complaints = {}, const QList<ModelView>& models = {});
    // The model of `flag` among `models`, or nullptr.
    static const ModelView* modelOf(const FlagView& flag, const QList<ModelView>& models);
    // The top row of flag `flagId`; invalid when the case has no such flag.
    QModelIndex indexOfFlag(qint64 flagId) const;
};

} // namespace tw::models
