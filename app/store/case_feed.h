// Live news of the queue from a server: every insert or update of a case is announced by the
// server on channel tilewatch_cases (schema step 13's trigger, payload the case id, sent at commit), and a
// CaseFeed turns each into caseChanged(id), so a desk redraws its queue the moment another desk claims or
// decides. It listens on the connection of the Database it is given, which must belong to this thread and
// be served by its event loop. On a file there is nothing to listen to: start() says so and returns false.
#pragma once

#include <QObject>
#include <QString>
#include <QVariant>

namespace tw::store {

class Database;

class CaseFeed : public QObject {
    Q_OBJECT
  public:
    explicit CaseFeed(Database& db, QObject* parent = nullptr) : QObject(parent), db_(db) {}
    ~CaseFeed() override;
    bool start(QString* error = nullptr);
    void stop();

    static const char* channel() { return "tilewatch_cases"; }

  signals:
    void caseChanged(qint64 caseId);

  private:
    Database& db_;
    bool listening_ = false;
};

} // namespace tw::store
