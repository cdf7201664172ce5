// MainWindow's case in hand: opening it, its header and its links, the verdicts and notes given on it, its
// report.
#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolTip>
#include <QUrl>

#include "case_history_model.h"
#include "case_queue_model.h"
#include "case_queue_view.h"
#include "case_report.h"
#include "decision_panel.h"
#include "desk.h"
#include "evidence_panel.h"
#include "fit_chart.h"
#include "flag_evidence.h"
#include "flag_evidence_model.h"
#include "flag_text.h"
#include "player_list_view.h"
#include "player_page.h"
#include "settings.h"
#include "standing_banner.h"
#include "verdict_dialog.h"

namespace tw::ui {

using models::CaseQueueModel;
using Key = models::Settings::Key;

bool MainWindow::openCase(qint64 caseId) {
    models::CaseView c = desk_->caseView(caseId);
    if (!c.id) return false;
    if (heldCase_ != caseId) releaseHeld(); // one case at a time: the one left goes back to the queue
    case_ = std::move(c);
    standing_->setCase(case_);
    decision_->setCase(case_);
    decision_->clearInput();
    historyModel_->setHistory(desk_->decisions(case_.id), desk_->auditTrail(case_.id), case_.flags);
    for (QAction* a : caseActions_) a->setEnabled(true);
    showClaim(true); // on a server: taken for this desk, or read-only when another holds it
    queue_->selectCase(caseId);
    games_->clear();
    for (const auto& [game, ops] : case_.evidenceGames)
        games_->addItem(ops.isEmpty() ? game : tr("%1 (marked: %2)").arg(game, QString::number(ops.size())),
                        game);
    historyOf_->clear();
    for (const QString& p : case_.players) historyOf_->addItem(p, p);
    showCaseHeader();
    historyChart_->showHistory(desk_->history(historyPlayer(), case_.historyRuleset()));
    // A case without a game to show (a pair's "sitting together" alone) leaves no game of the case before on
    // the board, with that case's marks in the move list.
    if (games_->count() == 0) {
        closeGame();
        setGameActionsEnabled(false);
    }
    const bool opened = games_->count() == 0 || openGame(games_->itemData(0).toString());
    // The keys step the game from here: focus on the board, never left in a text field where C, D or
    // Ctrl+Z would edit text.
    boards_->currentWidget()->setFocus(Qt::OtherFocusReason);
    return opened;
}

QString MainWindow::historyPlayer() const {
    return historyOf_->currentData().toString().isEmpty() ? case_.players.value(0)
                                                          : historyOf_->currentData().toString();
}

void MainWindow::leaveCase() {
    releaseHeld();
    case_ = {};
    standing_->setCase(case_);
    decision_->setCase(case_);
    historyModel_->clear();
    for (QAction* a : caseActions_) a->setEnabled(false);
}

void MainWindow::showCaseHeader() {
    // Outside text (player ids) is escaped; links carry ids percent-encoded.
    auto playerLink = [](const QString& p) {
        return QStringLiteral("<a href=\"player:%1\">%2</a>")
            .arg(QString::fromLatin1(QUrl::toPercentEncoding(p)), p.toHtmlEscaped());
    };
    if (!case_.id) {
        evidence_->clear();
        if (!session_) {
            caseHeader_->setText(tr("Choose a case in the queue and press Enter."));
            return;
        }
        // A game opened without a case (the Games view, a player page): its players link to their pages, as a
        // case's do.
        QStringList players;
        for (const QString& p : session_->players()) players << playerLink(p);
        caseHeader_->setText(tr("Game %1 · %2 · %3<br>Shown outside any case: verdicts are given on a case.")
                                 .arg(session_->gameId().toHtmlEscaped(),
                                      CaseQueueModel::rulesetText(session_->rulesetName()).toHtmlEscaped(),
                                      players.join(QStringLiteral(", "))));
        return;
    }
    QStringList players;
    for (const QString& p : case_.players) players << playerLink(p);
    QStringList flags;
    QString reportedPlayer;
    for (const auto& f : case_.flags) {
        if (f.kind == tw::FlagKind::Reported && reportedPlayer.isEmpty()) reportedPlayer = f.players.value(0);
        if (!f.active) continue;
        // The flag's line links to its rows in the Evidence tab; hovering it shows them.
        QString line = QStringLiteral("<a href=\"flag:%1\"><b>%2</b></a> %3 · %4")
                           .arg(QString::number(f.id), CaseQueueModel::kindText(f).toHtmlEscaped(),
                                f.players.join(QStringLiteral(" → ")).toHtmlEscaped(),
                                tr("score %1").arg(f.score, 0, 'f', 2));
        if (f.qValue >= 0) line += QStringLiteral(" · q = %1").arg(f.qValue, 0, 'g', 3);
        if (const QString words = models::FlagText::sentence(f); !words.isEmpty())
            line += QStringLiteral("<br>") + words.toHtmlEscaped();
        flags << line;
    }
    // Other open cases of the same players: confirming one case must not leave the other unseen. Each once
    // (a case of both players under the first), the players after the first named shortly.
    QStringList related;
    QList<qint64> listed;
    for (const QString& p : case_.players) {
        QStringList links;
        for (const models::PlayerCaseView& c :
             models::PlayerPageModel::otherOpenCases(desk_->casesOfPlayer(p), case_.id)) {
            if (listed.contains(c.id)) continue;
            listed << c.id;
            links << QStringLiteral("<a href=\"case:%1\">%2</a>")
                         .arg(QString::number(c.id),
                              tr("case %1 (%2)")
                                  .arg(QString::number(c.id), CaseQueueModel::kindText(c.kind))
                                  .toHtmlEscaped());
        }
        if (links.isEmpty()) continue;
        related << (related.isEmpty() ? tr("Also open for %1: %2") : tr("for %1: %2"))
                       .arg(p.toHtmlEscaped(), links.join(QStringLiteral(", ")));
    }
    QString text = tr("Case %1 · %2 · %3 · priority %4<br>%5")
                       .arg(QString::number(case_.id), CaseQueueModel::statusText(case_.status),
                            players.join(QStringLiteral(", ")), QString::number(case_.priority, 'f', 2),
                            flags.join(QStringLiteral("<br>")));
    // One line for all of them: the header must leave the board its room.
    if (!related.isEmpty()) text += QStringLiteral("<br>") + related.join(QStringLiteral(" · "));
    caseHeader_->setText(text);
    // The decision models the flags were tested against, described as the report describes them.
    QList<models::ModelView> modelViews;
    for (const models::FlagView& f : case_.flags)
        if (!f.model.isEmpty() && !models::FlagEvidenceModel::modelOf(f, modelViews))
            if (auto m = desk_->modelView(f.model, f.ruleset)) modelViews << *m;
    evidence_->setFlags(case_.flags, desk_->thresholds(),
                        reportedPlayer.isEmpty() ? QList<models::PlayerReportView>{}
                                                 : desk_->complaintsAgainst(reportedPlayer),
                        modelViews);
}

void MainWindow::headerLinkActivated(const QString& link) {
    const QString kind = link.section(u':', 0, 0), value = link.section(u':', 1);
    if (kind == QLatin1String("case")) {
        openCase(value.toLongLong());
    } else if (kind == QLatin1String("flag")) {
        charts_->setCurrentWidget(evidence_);
        evidence_->showFlag(value.toLongLong());
    } else if (kind == QLatin1String("player")) {
        openPlayerPage(QUrl::fromPercentEncoding(value.toLatin1()));
    }
}

void MainWindow::headerLinkHovered(const QString& link) {
    if (!link.startsWith(QLatin1String("flag:"))) {
        QToolTip::hideText();
        return;
    }
    const qint64 id = link.mid(5).toLongLong();
    for (const models::FlagView& f : case_.flags) {
        if (f.id != id) continue;
        const std::optional<models::ModelView> m =
            f.model.isEmpty() ? std::nullopt : desk_->modelView(f.model, f.ruleset);
        QToolTip::showText(
            QCursor::pos(),
            models::FlagEvidence::richText(f, desk_->thresholds().forKind(f.game), m ? &*m : nullptr),
            caseHeader_);
    }
}

PlayerPage* MainWindow::openPlayerPage(const QString& player) {
    QString who = player.isEmpty()
                      ? (case_.underReview.isEmpty() ? case_.players.value(0) : case_.underReview)
                      : player;
    // Without a case: the player chosen in the Players view, else the game's player at the bottom.
    if (who.isEmpty() && browse_->currentWidget() == playerList_) who = playerList_->currentPlayer();
    if (who.isEmpty() && session_) who = session_->players().value(std::max(session_->focusSeat(), 1) - 1);
    if (who.isEmpty() || !desk_->isOpen()) return nullptr;
    if (!playerPage_) {
        playerPage_ = new PlayerPage(this);
        playerPage_->setAttribute(Qt::WA_DeleteOnClose);
        connect(playerPage_, &PlayerPage::caseActivated, this, [this](qint64 id) {
            openCase(id);
            raise();
            activateWindow();
        });
        // Without a case in hand the game opens on its own, as from the Games view.
        connect(playerPage_, &PlayerPage::gameActivated, this,
                [this](const QString& game) { case_.id ? openGame(game) : openGameWithoutCase(game); });
        // A decision, an analysis or another database: the page shows what the database holds now.
        const auto reload = [this] {
            if (playerPage_ && playerPage_->isVisible())
                playerPage_->setPage(desk_->playerPage(playerPage_->player()));
        };
        connect(desk_, &models::Desk::caseDecided, playerPage_, reload);
        connect(desk_, &models::Desk::casesChanged, playerPage_, reload);
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    playerPage_->setPage(desk_->playerPage(who));
    QApplication::restoreOverrideCursor();
    playerPage_->show();
    playerPage_->raise();
    return playerPage_;
}

bool MainWindow::ensureModerator() {
    if (!desk_->moderator().isEmpty()) return true;
    bool ok = false;
    const QString name =
        QInputDialog::getText(this, tr("Moderator"),
                              tr("Your name as it should appear in the audit trail and the reports:"),
                              QLineEdit::Normal, qEnvironmentVariable("USER"), &ok)
            .trimmed();
    if (!ok || name.isEmpty()) return false;
    models::Settings().setValue(Key::Moderator, name);
    desk_->setModerator(name);
    return true;
}

bool MainWindow::decide(const QString& verdict) {
    if (!case_.id || !ensureModerator()) return false;
    const qint64 caseId = case_.id;
    const qint64 flag = decision_->targetFlag();
    // Nothing is written before the moderator has seen which case (and flag) it applies to and given a
    // reason: a stray key opens this prompt and Esc leaves everything as it was.
    VerdictDialog prompt(case_, flag, verdict, queue_->currentCaseId(), this);
    prompt.setReason(decision_->reason());
    prompt.setNote(decision_->note());
    if (prompt.exec() != QDialog::Accepted) {
        decision_->showStatus(tr("Cancelled: nothing was written."));
        return false;
    }
    QString error;
    // The desk returns after the commit: what is shown as saved is on disk.
    if (!desk_->decide(caseId, flag, verdict, prompt.reason(), decision_->note(), &error, prompt.sanction(),
                       prompt.sanctionUntil())) {
        decision_->showStatus(tr("Not saved: %1").arg(error), true); // the server's words
        showClaim(false); // e.g. another desk took the case after this one's claim lapsed
        return false;
    }
    decision_->clearInput();
    const QString what = flag ? tr("Flag %1 of case %2").arg(flag).arg(caseId) : tr("Case %1").arg(caseId);
    const QString saved = tr("%1: %2, saved.").arg(what, CaseQueueModel::statusText(verdict));
    statusBar()->showMessage(saved, 6000);
    if (flag == 0 && verdict != QLatin1String("open") && autoAdvance_->isChecked()) {
        if (const qint64 next = desk_->nextOpenCase(caseId)) {
            openCase(next);
            decision_->showStatus(saved + QLatin1Char(' ') + tr("Now case %1.").arg(next));
            return true;
        }
    }
    decision_->showStatus(saved);
    return true;
}

bool MainWindow::saveNote() {
    if (!case_.id) return false;
    if (decision_->note().isEmpty()) {
        decision_->showStatus(tr("Write a note first."), true);
        return false;
    }
    if (!ensureModerator()) return false;
    QString error;
    if (!desk_->addNote(case_.id, decision_->targetFlag(), decision_->note(), &error)) {
        decision_->showStatus(tr("Not saved: %1").arg(error), true);
        return false;
    }
    decision_->clearInput();
    decision_->showStatus(tr("Note saved."));
    return true;
}

void MainWindow::refreshCase() {
    models::CaseView c = desk_->caseView(case_.id);
    if (!c.id) return;
    // Keep the evidence games and the game in hand; only verdicts, the standing and the history change.
    auto games = std::move(case_.evidenceGames);
    case_ = std::move(c);
    case_.evidenceGames = std::move(games);
    standing_->setCase(case_);
    showClaim(false); // an appeal recorded here makes the case a lead's
    decision_->setCase(case_);
    historyModel_->setHistory(desk_->decisions(case_.id), desk_->auditTrail(case_.id), case_.flags);
    showCaseHeader();
}

void MainWindow::exportReport(bool anonymise) {
    if (!case_.id) return;
    report::ReportOptions options;
    options.anonymise = anonymise;
    options.tileset = models::Settings().string(Key::Tileset);
    const QString dir = models::Settings().string(Key::ReportDirectory);
    const QString proposed =
        dir + QLatin1Char('/') + report::proposedFileName(*desk_, case_.id, report::Format::Pdf, options);
    // The filters in Format order; the chosen one is found by position, since its text is translated.
    const QStringList filters = {tr("PDF (*.pdf)"), tr("Self-contained HTML (*.html)"), tr("JSON (*.json)")};
    const report::Format formats[] = {report::Format::Pdf, report::Format::Html, report::Format::Json};
    QString filter = filters[0];
    const QString path =
        QFileDialog::getSaveFileName(this, anonymise ? tr("Export anonymised report") : tr("Export report"),
                                     proposed, filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty()) return;
    // The extension typed wins over the filter chosen; without one the filter's is added.
    const QString typed = QFileInfo(path).suffix().toLower();
    const report::Format format =
        report::formatFromName(typed).value_or(formats[std::max<qsizetype>(0, filters.indexOf(filter))]);
    const QString target =
        report::formatFromName(typed) ? path : path + QLatin1Char('.') + report::suffixOf(format);
    models::Settings().setValue(Key::ReportDirectory, QFileInfo(target).absolutePath());
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = report::writeCaseReport(*desk_, case_.id, format, target, options, &error);
    QApplication::restoreOverrideCursor();
    if (!ok) {
        QMessageBox::warning(this, tr("Export report"), tr("The report was not written: %1").arg(error));
        return;
    }
    statusBar()->showMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(target)), 8000);
}

} // namespace tw::ui
