// tilewatch-cli run as a process by the tests: its exit status and both outputs, with extra environment.
#pragma once

#include <QByteArray>
#include <QProcess>
#include <QStringList>

namespace tw::test {

struct Run {
    int exit = -1; // -1: did not finish (crashed, or still running after 5 minutes)
    QByteArray out, err;
};

inline Run cli(const QStringList& args, const QStringList& env = {}) {
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString& kv : env) e.insert(kv.section(u'=', 0, 0), kv.section(u'=', 1));
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(TW_CLI), args);
    if (!p.waitForFinished(300000)) return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace tw::test
