#include "player_list_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "pane_list.h"
#include "player_list_model.h"

namespace tw::ui {

using models::PlayerListModel;

PlayerListView::PlayerListView(PlayerListModel* model, QWidget* parent)
    : QWidget(parent), model_(model), search_(new QLineEdit), table_(new QTableView), count_(new QLabel),
      page_(new QPushButton(tr("Player page"))), games_(new QPushButton(tr("Their games"))) {
    search_->setObjectName(QStringLiteral("playerListSearch"));
    table_->setObjectName(QStringLiteral("playerTable"));
    count_->setObjectName(QStringLiteral("playerCount"));
    page_->setObjectName(QStringLiteral("openPlayerButton"));
    games_->setObjectName(QStringLiteral("playerGamesButton"));
    search_->setPlaceholderText(tr("Any part of any of their names"));
    search_->setClearButtonEnabled(true);
    page_->setToolTip(tr("The selected player's page: cases, decisions, names, games, complaints (Enter)"));
    games_->setToolTip(tr("The selected player's games, in the Games view"));

    table_->setModel(model_);
    new PaneList(table_, [this] { emit playerActivated(currentPlayer()); });
    const int digit = fontMetrics().horizontalAdvance(QStringLiteral("0"));
    table_->setColumnWidth(PlayerListModel::Player, digit * 16);
    table_->setColumnWidth(PlayerListModel::OtherNames, digit * 20);
    table_->setColumnWidth(PlayerListModel::Games, digit * 7 + 12);
    table_->setColumnWidth(PlayerListModel::OpenCases, digit * 4 + 12);
    table_->setColumnWidth(PlayerListModel::LastGame,
                           fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00")) + 16);
    for (int c = 0; c < PlayerListModel::ColumnCount; ++c)
        table_->setColumnWidth(
            c, std::max(table_->columnWidth(c), table_->horizontalHeader()->sectionSizeHint(c)));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(count_, 1);
    buttons->addWidget(page_);
    buttons->addWidget(games_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(search_);
    layout->addWidget(table_, 1);
    layout->addLayout(buttons);

    auto* typing = new QTimer(this);
    typing->setSingleShot(true);
    typing->setInterval(300);
    const auto apply = [this] { model_->setSearch(search_->text().trimmed()); };
    connect(search_, &QLineEdit::textChanged, typing, qOverload<>(&QTimer::start));
    connect(typing, &QTimer::timeout, this, apply);
    connect(search_, &QLineEdit::returnPressed, this, apply);
    connect(table_, &QTableView::activated, this, [this] {
        if (const QString p = currentPlayer(); !p.isEmpty()) emit playerActivated(p);
    });
    connect(page_, &QPushButton::clicked, this, [this] {
        if (const QString p = currentPlayer(); !p.isEmpty()) emit playerActivated(p);
    });
    connect(games_, &QPushButton::clicked, this, [this] {
        if (const QString p = currentPlayer(); !p.isEmpty()) emit gamesRequested(p);
    });
    connect(model_, &QAbstractItemModel::modelReset, this, &PlayerListView::updateCount);
    connect(model_, &QAbstractItemModel::rowsInserted, this, &PlayerListView::updateCount);
    updateCount();
}

void PlayerListView::updateCount() {
    count_->setText(tr("Players: %1").arg(QLocale().toString(model_->totalCount())));
    const bool some = model_->rowCount() > 0;
    page_->setEnabled(some);
    games_->setEnabled(some);
}

QString PlayerListView::currentPlayer() const {
    const QModelIndex i = table_->currentIndex();
    return i.isValid() ? i.data(PlayerListModel::PlayerRole).toString() : QString();
}

} // namespace tw::ui
