// The Evidence tab: every flag of the open case with its facts and statistics in the
// report's words (models::FlagEvidenceModel), so the moderator needs no exported report to see them; beside
// the tree, the current row's flag in full (FlagEvidence::richText), wrapped.
#pragma once

#include <QWidget>

#include "case_view.h"
#include "player_page_model.h"
#include "settings.h"

class QTextBrowser;
class QTreeView;

namespace tw::models {
class FlagEvidenceModel;
}

namespace tw::ui {

class EvidencePanel : public QWidget {
    Q_OBJECT
  public:
    explicit EvidencePanel(QWidget* parent = nullptr);

    void setFlags(const QList<tw::models::FlagView>& flags, const tw::models::Thresholds& thresholds,
                  const QList<tw::models::PlayerReportView>& complaints = {},
                  const QList<tw::models::ModelView>& models = {});
    void clear();
    // Opens flag `flagId`'s rows and scrolls to them.
    void showFlag(qint64 flagId);

    QTreeView* tree() const { return tree_; }
    tw::models::FlagEvidenceModel* model() const { return model_; }

  private:
    void showDetails(const QModelIndex& current);

    tw::models::FlagEvidenceModel* model_;
    QTreeView* tree_;
    // The current row's flag in full, wrapped: a tree row holds one line, the explanations are sentences.
    QTextBrowser* details_;
    QList<tw::models::FlagView> flags_;
    QList<tw::models::ModelView> models_;
    QList<tw::models::PlayerReportView> complaints_;
    tw::models::Thresholds thresholds_;
};

} // namespace tw::ui
