// One decision or note on the desk's undo stack. The row is written before the command is pushed (a
// decision is shown only once it is on disk), so the first redo() does nothing; undo() and later redo()
// write the undo and redo rows through the callbacks the desk gives it (the command knows no desk). When the
// store refuses (another decision came in between) the desk reports it and clears the stack, since the stack
// no longer describes the database.
#pragma once

#include <QUndoCommand>

#include <functional>

namespace tw::models {

class DecisionCommand : public QUndoCommand {
  public:
    // Writes the row that undoes (or redoes) row `answered` and sets *row to its id; false when refused.
    using Write = std::function<bool(qint64 answered, qint64* row)>;
    DecisionCommand(qint64 caseId, qint64 decisionId, const QString& text, Write writeUndo, Write writeRedo);

    void undo() override;
    void redo() override;

    qint64 caseId() const { return caseId_; }

  private:
    Write writeUndo_, writeRedo_;
    qint64 caseId_, decisionId_;
    qint64 undoId_ = 0; // the latest undo row written for it
    bool written_ = true;
};

} // namespace tw::models
