#include "game_list_view.h"

#include <QComboBox>
#include <QCompleter>
#include <QDateEdit>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QStringListModel>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "case_queue_model.h"
#include "game_list_model.h"
#include "pane_list.h"

namespace tw::ui {

using models::GameListModel;

namespace {

// The earliest day a date box offers stands for "any day" (QDateEdit has no empty state).
const QDate kAnyDay(1990, 1, 1);

QDateEdit* dayBox(const QString& name, const QString& tip) {
    auto* box = new QDateEdit;
    box->setObjectName(name);
    box->setCalendarPopup(true);
    box->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    box->setMinimumDate(kAnyDay);
    box->setSpecialValueText(GameListView::tr("any day"));
    box->setDate(kAnyDay);
    box->setToolTip(tip);
    return box;
}

} // namespace

GameListView::GameListView(GameListModel* model, QWidget* parent)
    : QWidget(parent), model_(model), player_(new QLineEdit), match_(new QLineEdit), ruleset_(new QComboBox),
      from_(dayBox(QStringLiteral("gameFromFilter"), tr("Games started on this day (UTC) or later"))),
      to_(dayBox(QStringLiteral("gameToFilter"), tr("Games started on this day (UTC) or earlier"))),
      table_(new QTableView), count_(new QLabel), open_(new QPushButton(tr("Open game"))),
      playerPage_(new QToolButton), completer_(new QCompleter(this)), offered_(new QStringListModel(this)) {
    player_->setObjectName(QStringLiteral("gamePlayerFilter"));
    match_->setObjectName(QStringLiteral("gameMatchFilter"));
    ruleset_->setObjectName(QStringLiteral("gameRulesetFilter"));
    table_->setObjectName(QStringLiteral("gameTable"));
    count_->setObjectName(QStringLiteral("gameCount"));
    open_->setObjectName(QStringLiteral("openGameButton"));
    playerPage_->setObjectName(QStringLiteral("gamePlayerPageButton"));
    player_->setPlaceholderText(tr("Player (any of their names)"));
    player_->setClearButtonEnabled(true);
    match_->setPlaceholderText(tr("Match"));
    match_->setClearButtonEnabled(true);
    ruleset_->addItem(tr("All rulesets"), QString());
    for (const QString& r : models::CaseQueueModel::rulesetNames())
        ruleset_->addItem(models::CaseQueueModel::rulesetText(r), r);
    playerPage_->setText(tr("Player page"));
    playerPage_->setPopupMode(QToolButton::InstantPopup);
    playerPage_->setMenu(new QMenu(playerPage_));
    playerPage_->setToolTip(tr("The page of one of the selected game's players"));
    open_->setToolTip(tr("Show the selected game on the board (Enter)"));

    table_->setModel(model_);
    table_->setContextMenuPolicy(Qt::CustomContextMenu);
    new PaneList(table_, [this] { emit gameActivated(currentGameId()); });
    sizeColumns();

    auto* filters = new QGridLayout;
    filters->setContentsMargins(0, 0, 0, 0);
    // The player, the search most used, gets the widest box.
    filters->addWidget(player_, 0, 0, 1, 2);
    filters->addWidget(match_, 0, 2);
    filters->addWidget(ruleset_, 1, 0);
    filters->addWidget(from_, 1, 1);
    filters->addWidget(to_, 1, 2);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(count_, 1);
    buttons->addWidget(open_);
    buttons->addWidget(playerPage_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(table_, 1);
    layout->addLayout(buttons);

    offerPlayerNames();

    // Typing waits for a pause: each change is a query over the whole database.
    auto* typing = new QTimer(this);
    typing->setSingleShot(true);
    typing->setInterval(300);
    for (QLineEdit* e : {player_, match_}) {
        connect(e, &QLineEdit::textChanged, typing, qOverload<>(&QTimer::start));
        connect(e, &QLineEdit::returnPressed, this, &GameListView::applyFilter);
    }
    connect(typing, &QTimer::timeout, this, &GameListView::applyFilter);
    connect(ruleset_, &QComboBox::currentIndexChanged, this, &GameListView::applyFilter);
    connect(from_, &QDateEdit::dateChanged, this, &GameListView::applyFilter);
    connect(to_, &QDateEdit::dateChanged, this, &GameListView::applyFilter);
    connect(table_, &QTableView::activated, this, [this] {
        if (const QString id = currentGameId(); !id.isEmpty()) emit gameActivated(id);
    });
    connect(open_, &QPushButton::clicked, this, [this] {
        if (const QString id = currentGameId(); !id.isEmpty()) emit gameActivated(id);
    });
    connect(playerPage_->menu(), &QMenu::aboutToShow, this, &GameListView::fillPlayerMenu);
    connect(table_, &QTableView::customContextMenuRequested, this, [this](const QPoint& at) {
        if (!table_->indexAt(at).isValid()) return;
        QMenu menu;
        menu.addAction(tr("Open game"), this, [this] { emit gameActivated(currentGameId()); });
        menu.addSeparator();
        for (const QString& p : currentPlayers())
            menu.addAction(tr("Player page of %1").arg(p), this, [this, p] { emit playerActivated(p); });
        menu.exec(table_->viewport()->mapToGlobal(at));
    });
    connect(model_, &QAbstractItemModel::modelReset, this, &GameListView::updateCount);
    connect(model_, &QAbstractItemModel::rowsInserted, this, &GameListView::updateCount);
    updateCount();
}

void GameListView::sizeColumns() {
    // Fixed widths from the font, not from the rows: sizing to contents would read every row fetched.
    table_->setColumnWidth(GameListModel::Started,
                           fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00 00:00")) + 16);
    int ruleset = 0;
    for (const QString& r : models::CaseQueueModel::rulesetNames())
        ruleset = std::max(ruleset, fontMetrics().horizontalAdvance(models::CaseQueueModel::rulesetText(r)));
    table_->setColumnWidth(GameListModel::Ruleset, ruleset + 16);
    table_->setColumnWidth(
        GameListModel::Players,
        fontMetrics().horizontalAdvance(QStringLiteral("player00 · player00 · player00 · player00")) + 12);
    table_->setColumnWidth(GameListModel::Match, fontMetrics().horizontalAdvance(QStringLiteral("0")) * 24);
    table_->setColumnWidth(GameListModel::Game, fontMetrics().horizontalAdvance(QStringLiteral("0")) * 24);
    for (int c = 0; c < GameListModel::ColumnCount; ++c)
        table_->setColumnWidth(
            c, std::max(table_->columnWidth(c), table_->horizontalHeader()->sectionSizeHint(c)));
}

void GameListView::offerPlayerNames() {
    // A part of a name offers the players whose names hold it (the filter itself wants a whole name). The
    // list comes from the database, so the completer shows it as it is, not filtered again by prefix.
    completer_->setModel(offered_);
    completer_->setCompletionMode(QCompleter::UnfilteredPopupCompletion);
    completer_->setCaseSensitivity(Qt::CaseInsensitive);
    player_->setCompleter(completer_);
    auto* offering = new QTimer(this);
    offering->setSingleShot(true);
    offering->setInterval(250);
    connect(player_, &QLineEdit::textEdited, offering, qOverload<>(&QTimer::start));
    connect(offering, &QTimer::timeout, this, [this] {
        const QString part = player_->text().trimmed();
        const QStringList names = names_ && !part.isEmpty() ? names_(part) : QStringList();
        offered_->setStringList(names);
        if (!names.isEmpty() && !(names.size() == 1 && names.front() == part)) completer_->complete();
    });
    connect(completer_, qOverload<const QString&>(&QCompleter::activated), this, [this] { applyFilter(); });
}

void GameListView::applyFilter() {
    models::GameQuery q;
    q.player = player_->text().trimmed();
    q.match = match_->text().trimmed();
    q.ruleset = ruleset_->currentData().toString();
    if (from_->date() != kAnyDay) q.from = from_->date();
    if (to_->date() != kAnyDay) q.to = to_->date();
    model_->setQuery(q);
    updateCount();
}

void GameListView::showGamesOf(const QString& player) {
    const QSignalBlocker block(player_);
    player_->setText(player);
    applyFilter();
}

void GameListView::updateCount() {
    const bool some = model_->rowCount() > 0;
    count_->setText(!model_->query().player.isEmpty() && model_->totalCount() == 0
                        ? tr("No games of a player named so")
                        : tr("Games: %1").arg(QLocale().toString(model_->totalCount())));
    open_->setEnabled(some);
    playerPage_->setEnabled(some);
}

QString GameListView::currentGameId() const {
    const QModelIndex i = table_->currentIndex();
    return i.isValid() ? i.data(GameListModel::GameIdRole).toString() : QString();
}

QStringList GameListView::currentPlayers() const {
    const QModelIndex i = table_->currentIndex();
    return i.isValid() ? i.data(GameListModel::PlayersRole).toStringList() : QStringList();
}

void GameListView::fillPlayerMenu() {
    QMenu* menu = playerPage_->menu();
    menu->clear();
    for (const QString& p : currentPlayers())
        menu->addAction(p, this, [this, p] { emit playerActivated(p); });
    if (menu->isEmpty()) menu->addAction(tr("Choose a game first"))->setEnabled(false);
}

} // namespace tw::ui
