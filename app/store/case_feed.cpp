#include "case_feed.h"

#include <QSqlDriver>
#include <QSqlError>

#include "database.h"

namespace tw::store {

CaseFeed::~CaseFeed() {
    stop();
}

bool CaseFeed::start(QString* error) {
    if (listening_) return true;
    if (!db_.isServer()) {
        if (error) *error = QStringLiteral("live updates need a PostgreSQL server; a file has none");
        return false;
    }
    QSqlDriver* driver = db_.connection().driver();
    if (!driver->subscribeToNotification(QString::fromLatin1(channel()))) {
        if (error)
            *error = QStringLiteral("cannot listen for case changes: %1").arg(sqlError(driver->lastError()));
        return false;
    }
    connect(driver, &QSqlDriver::notification, this,
            [this](const QString& name, QSqlDriver::NotificationSource, const QVariant& payload) {
                if (name == QLatin1String(channel())) emit caseChanged(payload.toLongLong());
            });
    listening_ = true;
    return true;
}

void CaseFeed::stop() {
    if (!listening_) return;
    listening_ = false;
    if (db_.isOpen()) {
        QSqlDriver* driver = db_.connection().driver();
        disconnect(driver, nullptr, this, nullptr);
        driver->unsubscribeFromNotification(QString::fromLatin1(channel()));
    }
}

} // namespace tw::store
