#include "player_page.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace tw::ui {

using models::PlayerPageModel;
using Section = PlayerPageModel::Section;

PlayerPage::PlayerPage(QWidget* parent) : QDialog(parent), summary_(new QLabel), tabs_(new QTabWidget) {
    setObjectName(QStringLiteral("playerPage"));
    summary_->setObjectName(QStringLiteral("playerSummary"));
    summary_->setWordWrap(true);
    summary_->setTextFormat(Qt::PlainText);
    tabs_->setObjectName(QStringLiteral("playerPageTabs"));
    const struct {
        Section section;
        const char* name;
        QString title;
    } tabs[] = {{Section::Cases, "playerCases", tr("Cases")},
                {Section::Decisions, "playerDecisions", tr("Decisions")},
                {Section::Aliases, "playerAliases", tr("Names")},
                {Section::Games, "playerGames", tr("Games")},
                {Section::Reports, "playerReports", tr("Complaints")}};
    for (const auto& t : tabs) {
        auto* model = new PlayerPageModel(t.section, this);
        auto* view = new QTableView;
        view->setObjectName(QString::fromLatin1(t.name));
        view->setModel(model);
        view->setEditTriggers(QAbstractItemView::NoEditTriggers);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setSelectionMode(QAbstractItemView::SingleSelection);
        view->verticalHeader()->hide();
        // One line of text a row: a player's games run to hundreds.
        view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
        view->horizontalHeader()->setStretchLastSection(true);
        view->setWordWrap(false);
        connect(view, &QAbstractItemView::activated, this, [this, t](const QModelIndex& i) {
            const QVariant caseId = i.data(PlayerPageModel::CaseIdRole);
            if (caseId.isValid() && caseId.toLongLong() > 0) {
                emit caseActivated(caseId.toLongLong());
                return;
            }
            const QVariant game = i.data(PlayerPageModel::GameIdRole);
            if (game.isValid() && !game.toString().isEmpty()) emit gameActivated(game.toString());
        });
        tabs_->addTab(view, t.title);
        models_ << model;
        views_ << view;
    }
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* l = new QVBoxLayout(this);
    l->addWidget(summary_);
    l->addWidget(new QLabel(tr("Double-click a case to open it in the desk, a game to replay it.")));
    l->addWidget(tabs_, 1);
    l->addWidget(buttons);
    resize(900, 520);
}

QTableView* PlayerPage::view(Section section) const {
    return views_.value(int(section));
}

QString PlayerPage::player() const {
    return models_.isEmpty() ? QString() : models_.first()->page().player;
}

void PlayerPage::setPage(const models::PlayerPageView& page) {
    for (PlayerPageModel* m : models_) m->setPage(page);
    for (QTableView* v : views_) v->resizeColumnsToContents();
    setWindowTitle(tr("Player %1").arg(page.player));
    int open = 0;
    for (const auto& c : page.cases) open += c.status == QLatin1String("open");
    QString text = tr("%1: %n case(s), %2 open; %3 decisions; %4 games; %5 complaints against them.", nullptr,
                      int(page.cases.size()))
                       .arg(page.player, QLocale().toString(open), QLocale().toString(page.decisions.size()),
                            QLocale().toString(page.gameCount), QLocale().toString(page.reports.size()));
    if (!page.otherNames.isEmpty())
        text += u' ' + tr("Also recorded as: %1.").arg(page.otherNames.join(QStringLiteral(", ")));
    if (page.gameCount > page.games.size())
        text += u' ' + tr("The Games tab lists the latest %1.").arg(QLocale().toString(page.games.size()));
    summary_->setText(text);
    const auto count = [](qsizetype n) { return QStringLiteral(" (%1)").arg(n); };
    tabs_->setTabText(0, tr("Cases") + count(page.cases.size()));
    tabs_->setTabText(1, tr("Decisions") + count(page.decisions.size()));
    tabs_->setTabText(2, tr("Names") + count(page.aliases.size()));
    tabs_->setTabText(3, tr("Games") + count(page.gameCount));
    tabs_->setTabText(4, tr("Complaints") + count(page.reports.size()));
    // A player no case names (one found in the Players view) opens on their games, not on an empty list.
    if (page.cases.isEmpty() && page.gameCount > 0) tabs_->setCurrentIndex(3);
}

} // namespace tw::ui
