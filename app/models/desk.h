// The desk's one door to the database: the case queue, a case with its flags and evidence, a game to
// review, a player's history, and the long work (import, analysis, the demo database) run on a worker
// thread with progress and cancel. Ring 3 talks to this and to the models it hands out, never to SQL.
#pragma once

#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

#include "case_view.h"

namespace tw::models {

class CaseQueueModel;
class GameSession;

struct Thresholds {  // SPEC §5 defaults
    double flagLine = 0.75;     // engine_assist: f_u at or above this
    int minGames = 100;         // over at least this many qualifying games
    int minCountedDiscards = 9; // a game qualifies with this many counted discards
    double collusionQ = 0.001;  // BH-corrected p-value below which a pair is flagged
};

class Desk : public QObject {
    Q_OBJECT
public:
    explicit Desk(QObject* parent = nullptr);
    ~Desk() override;

    // Opens (creating if needed) a database; the queue reloads. False with *error, the old one kept open.
    bool openDatabase(const QString& path, QString* error = nullptr);
    bool isOpen() const;
    QString databasePath() const;
    qint64 gameCount() const;

    CaseQueueModel* queue() const;
    CaseView caseView(qint64 caseId) const;
    // A stored game ready to review (the caller owns it); nullptr with *error when it cannot be read.
    GameSession* openGame(const QString& gameId, QObject* parent, QString* error = nullptr) const;
    PlayerHistoryView history(const QString& player, const QString& ruleset = {}) const;

    Thresholds thresholds() const;
    void setThresholds(const Thresholds& t);

    // Long work, one at a time, on a worker thread with its own connection. Signals arrive on this
    // object's thread.
    bool isBusy() const;
    bool startImport(const QStringList& files);
    bool startAnalysis();
    bool startDemo(const QString& path);  // simulates, imports and analyses a demo database at `path`
    void cancel();
    void waitForWork();  // blocks until the worker is done (tests, quitting)

    // The demo: a few hundred games of each ruleset with colluders, engine users, a late starter and
    // complaints, analysed. Runs on the calling thread; `progress(done, total, what)` may return false.
    static bool createDemoDatabase(const QString& path, QString* error = nullptr,
                                   const std::function<bool(int, int, const QString&)>& progress = {});

signals:
    void workProgress(qint64 done, qint64 total, const QString& what);
    void workFinished(bool ok, const QString& summary, const QStringList& problems);
    void casesChanged();

private:
    void runWork(const QString& what, std::function<bool(QString* summary, QStringList* problems)> job);

    struct Private;
    std::unique_ptr<Private> d;
};

}  // namespace tw::models
