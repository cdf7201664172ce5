#include "decision_command.h"

namespace tw::models {

DecisionCommand::DecisionCommand(qint64 caseId, qint64 decisionId, const QString& text, Write writeUndo,
                                 Write writeRedo)
    : QUndoCommand(text), writeUndo_(std::move(writeUndo)), writeRedo_(std::move(writeRedo)), caseId_(caseId),
      decisionId_(decisionId) {}

void DecisionCommand::undo() {
    // Redo rows answer the undo, so undoing again undoes the redo: the latest row standing for this command.
    const qint64 target = written_ ? decisionId_ : 0;
    qint64 row = 0;
    if (target && writeUndo_(target, &row)) {
        undoId_ = row;
        written_ = false;
    }
}

void DecisionCommand::redo() {
    if (written_) return;
    qint64 row = 0;
    if (writeRedo_(undoId_, &row)) {
        decisionId_ = row;
        written_ = true;
    }
}

} // namespace tw::models
