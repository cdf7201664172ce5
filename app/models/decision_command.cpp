#include "decision_command.h"

#include "desk.h"

namespace tw::models {

DecisionCommand::DecisionCommand(Desk* desk, qint64 caseId, qint64 decisionId, const QString& text)
    : QUndoCommand(text), desk_(desk), caseId_(caseId), decisionId_(decisionId) {}

void DecisionCommand::undo() {
    // Redo rows answer the undo, so undoing again undoes the redo: the latest row standing for this command.
    const qint64 target = written_ ? decisionId_ : 0;
    qint64 row = 0;
    if (target && desk_->writeUndo(caseId_, target, &row)) {
        undoId_ = row;
        written_ = false;
    }
}

void DecisionCommand::redo() {
    if (written_) return;
    qint64 row = 0;
    if (desk_->writeRedo(caseId_, undoId_, &row)) {
        decisionId_ = row;
        written_ = true;
    }
}

} // namespace tw::models
