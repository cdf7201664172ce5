// Eight moderators on one PostgreSQL server: each a process of its own, logged in as its own
// moderator role, taking the next free case (CaseClaims::claimNext), giving a verdict (DecisionStore, the
// desk's path, synchronous commit as at the desk) and releasing it, for a fixed time. Afterwards the parent
// checks what the team must never see: a case claimed by two, a verdict reported but not stored (or stored
// twice), a broken audit chain; and that the server refuses a moderator's change of a threshold.
//
//   bench/team_queue.sh [MODERATORS] [SECONDS]        (starts a private server, the roles, runs this)
//   build/bin/bench_team --db postgresql:///NAME --logins a,b,… --seconds 60 [--cases N]
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSet>
#include <QStringList>
#include <QVariant>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "audit_log.h"
#include "case_claims.h"
#include "database.h"
#include "decision_store.h"
#include "team_thresholds.h"

using namespace tw::store;

namespace {

QString argAfter(const QStringList& args, const QString& name, const QString& fallback = {}) {
    const int i = args.indexOf(name);
    return i >= 0 && i + 1 < args.size() ? args[i + 1] : fallback;
}

QString as(const QString& address, const QString& login) {
    return QString(address).replace(QLatin1String("postgresql:///"),
                                    QStringLiteral("postgresql://%1@/").arg(login));
}

// One moderator: prints "claim ID", "verdict MICROSECONDS" and "cycle MICROSECONDS" per case, "error …".
int worker(const QString& address, const QString& login, int seconds) {
    Database db;
    Database::Options options;
    options.syncEveryCommit = true;
    QString why;
    if (!db.open(as(address, login), options, &why)) return std::printf("error %s\n", qPrintable(why)), 1;
    CaseClaims claims(db);
    DecisionStore decisions(db);
    QElapsedTimer clock;
    clock.start();
    int n = 0;
    while (clock.elapsed() < seconds * 1000LL) {
        const qint64 t0 = clock.nsecsElapsed();
        const auto c = claims.claimNext(QString(), 60000, {}, &why);
        if (!c) {
            if (!why.isEmpty()) std::printf("error claim: %s\n", qPrintable(why));
            break;
        }
        std::printf("claim %lld\n", c->caseId);
        const qint64 t1 = clock.nsecsElapsed();
        const auto d =
            decisions.decide(c->caseId, 0, n % 2 ? QStringLiteral("dismissed") : QStringLiteral("confirmed"),
                             QStringLiteral("bench"), {}, {}, &why);
        const qint64 t2 = clock.nsecsElapsed();
        if (!d) {
            std::printf("error decide %lld: %s\n", c->caseId, qPrintable(why));
            continue;
        }
        std::printf("verdict %lld %lld\n", c->caseId, (t2 - t1) / 1000);
        if (!claims.release(c->caseId, QString(), &why)) std::printf("error release: %s\n", qPrintable(why));
        std::printf("cycle %lld\n", (clock.nsecsElapsed() - t0) / 1000);
        ++n;
    }
    std::fflush(stdout);
    return 0;
}

double percentile(std::vector<qint64> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return double(v[std::min(v.size() - 1, size_t(p * double(v.size())))]) / 1000.0;
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const QString address = argAfter(args, QStringLiteral("--db"));
    const int seconds = argAfter(args, QStringLiteral("--seconds"), QStringLiteral("60")).toInt();
    if (args.contains(QStringLiteral("--worker")))
        return worker(address, argAfter(args, QStringLiteral("--worker")), seconds);
    const QStringList logins = argAfter(args, QStringLiteral("--logins")).split(u',', Qt::SkipEmptyParts);
    const int cases = argAfter(args, QStringLiteral("--cases"), QStringLiteral("200000")).toInt();
    if (!Database::isServerAddress(address) || logins.isEmpty() || seconds <= 0) {
        std::fprintf(
            stderr,
            "usage: bench_team --db postgresql:///NAME --logins a,b,... [--seconds 60] [--cases N]\n");
        return 2;
    }
    Database owner;
    QString why;
    if (!owner.open(address, &why)) return std::fprintf(stderr, "%s\n", qPrintable(why)), 1;
    // Enough open cases that nobody runs out: the queue's own columns, priorities spread.
    if (!owner.exec(QStringLiteral(
                        "INSERT INTO cases (kind, subject, priority, status, created_at, updated_at, players)"
                        " SELECT 'engine_assist', 'player:bench' || g, (g * 7919 % 100000) / 1000.0, 'open',"
                        " 't', 't', '[\"bench' || g || '\"]' FROM generate_series(1, %1) g")
                        .arg(cases),
                    &why))
        return std::fprintf(stderr, "%s\n", qPrintable(why)), 1;

    std::vector<QProcess*> procs;
    QElapsedTimer wall;
    wall.start();
    for (const QString& login : logins) {
        auto* p = new QProcess;
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(QCoreApplication::applicationFilePath(),
                 {QStringLiteral("--worker"), login, QStringLiteral("--db"), address,
                  QStringLiteral("--seconds"), QString::number(seconds)});
        procs.push_back(p);
    }
    std::vector<qint64> verdictUs, cycleUs;
    QSet<qint64> claimed, reported;
    qint64 doubleClaims = 0, errors = 0, verdicts = 0;
    for (QProcess* p : procs) {
        p->waitForFinished(-1);
        for (const QByteArray& line : p->readAllStandardOutput().split('\n')) {
            const QList<QByteArray> f = line.split(' ');
            if (f[0] == "claim") {
                if (claimed.contains(f.value(1).toLongLong())) ++doubleClaims;
                claimed.insert(f.value(1).toLongLong());
            } else if (f[0] == "verdict") {
                ++verdicts;
                reported.insert(f.value(1).toLongLong());
                verdictUs.push_back(f.value(2).toLongLong());
            } else if (f[0] == "cycle") {
                cycleUs.push_back(f.value(1).toLongLong());
            } else if (f[0] == "error") {
                ++errors;
                std::fprintf(stderr, "%s\n", line.constData());
            }
        }
        delete p;
    }
    const double elapsed = wall.elapsed() / 1000.0;
    // Stored: one decide row per reported verdict, by the login that reported it.
    const qint64 stored =
        owner.scalar(QStringLiteral("SELECT count(*) FROM decisions WHERE reason = 'bench'")).toLongLong();
    const qint64 storedCases =
        owner.scalar(QStringLiteral("SELECT count(DISTINCT case_id) FROM decisions WHERE reason = 'bench'"))
            .toLongLong();
    const qint64 byOthers =
        owner
            .scalar(QStringLiteral("SELECT count(*) FROM decisions WHERE reason = 'bench' AND"
                                   " moderator NOT IN ('%1')")
                        .arg(logins.join(QStringLiteral("','"))))
            .toLongLong();
    QElapsedTimer verifyClock;
    verifyClock.start();
    const AuditCheck check = AuditLog(owner).verify(&why);
    const double verifySeconds = verifyClock.elapsed() / 1000.0;
    Database moderator;
    QString refusal;
    const bool opened = moderator.open(as(address, logins[0]), &why);
    const bool changed =
        opened && TeamThresholds(moderator).set(QStringLiteral("flagLine"), 0.5, {}, &refusal);

    std::printf("moderators %lld, %d s each, wall %.1f s\n", qlonglong(logins.size()), seconds, elapsed);
    std::printf(
        "verdicts %lld (%.1f per second), stored %lld on %lld cases, by other logins %lld, errors %lld\n",
        verdicts, verdicts / elapsed, stored, storedCases, byOthers, errors);
    std::printf(
        "verdict latency ms: p50 %.2f, p99 %.2f, max %.2f; claim+verdict+release p50 %.2f, p99 %.2f\n",
        percentile(verdictUs, 0.5), percentile(verdictUs, 0.99), percentile(verdictUs, 1.0),
        percentile(cycleUs, 0.5), percentile(cycleUs, 0.99));
    std::printf("cases claimed twice %lld; decisions lost %lld, duplicated %lld\n", doubleClaims,
                qlonglong(reported.size()) - storedCases, stored - storedCases);
    std::printf("audit verify: %s (%lld rows, %.1f s)\n",
                check.ok ? "intact" : qPrintable(check.reason + why), check.rows, verifySeconds);
    std::printf("threshold change by moderator %s: %s\n", qPrintable(logins[0]),
                changed ? "ACCEPTED (wrong)" : qPrintable(QStringLiteral("refused: ") + refusal));
    const bool ok = doubleClaims == 0 && errors == 0 && stored == verdicts && storedCases == verdicts &&
                    byOthers == 0 && check.ok && !changed && verdicts > 0;
    std::printf("%s\n", ok ? "OK" : "FAILED");
    return ok ? 0 : 1;
}
