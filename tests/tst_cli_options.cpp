// Every command-line value checked: for every option of every tilewatch-cli command, a
// value that is not of its kind (not a number, trailing junk, empty, NaN or infinity for a rate), out of its
// range (negative, too large, overflowing), not one of its names, missing at the end of the line, or the
// option given twice, unknown options too, end the command with exit status 2, nothing on standard output
// and one line naming the option and the value. Both `--opt value` and `--opt=value` are read. The desk,
// tilewatch, answers --help, --version and a mistake without a display.
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_run.h"

namespace {

using tw::test::cli;
using tw::test::Run;

// The kinds of value an option takes, and what a test can give it that it must refuse.
enum class Kind { Flag, Whole, Real, Enum, Text, Custom };

struct Spec {
    QStringList before; // the command and what it needs ahead of the option
    QString option;
    Kind kind;
    QString low, high;    // Whole, Real: the least and the most it takes (empty: no bound to test)
    QString below, above; // Whole, Real: values just outside (empty: none)
    QString bad;          // Enum, Custom: a value it refuses
    bool repeatable = false;
};

Spec whole(QStringList before, QString option, QString low, QString high, QString below, QString above) {
    return {std::move(before), std::move(option), Kind::Whole, low, high, below, above, {}};
}
Spec real(QStringList before, QString option, QString below, QString above) {
    return {std::move(before), std::move(option), Kind::Real, {}, {}, below, above, {}};
}
Spec probability(QStringList before, QString option) {
    return real(std::move(before), std::move(option), "-0.1", "1.5");
}
Spec oneOf(QStringList before, QString option, QString bad) {
    return {std::move(before), std::move(option), Kind::Enum, {}, {}, {}, {}, bad};
}
Spec text(QStringList before, QString option) {
    return {std::move(before), std::move(option), Kind::Text, {}, {}, {}, {}, {}};
}
Spec flag(QStringList before, QString option) {
    return {std::move(before), std::move(option), Kind::Flag, {}, {}, {}, {}, {}};
}
Spec custom(QStringList before, QString option, QString bad, bool repeatable = false) {
    return {std::move(before), std::move(option), Kind::Custom, {}, {}, {}, {}, bad, repeatable};
}

// Every option of every command (docs/cli.md, SPEC §6, each command's --help).
QList<Spec> specs() {
    const QStringList mj{"simulate", "--ruleset", "xinchang"}, xq{"simulate", "--ruleset", "xiangqi"};
    const QString u64max = "18446744073709551615";
    QList<Spec> s{
        oneOf({"simulate"}, "--ruleset", "mahjongg"),
        whole(mj, "--games", "0", "100000000", "-1", "100000001"),
        whole(mj, "--seed", "0", u64max, "-1", "18446744073709551616"),
        text(mj, "-o"),
        text(mj, "--output"),
        text(mj, "--truth"),
        whole(mj, "--players", "4", "100000", "3", "100001"),
        whole(mj, "--colluding-pairs", "0", "100000", "-1", "100001"),
        whole(mj, "--colluding-rings", "0", "100000", "-1", "100001"),
        probability(mj, "--feed-rate"),
        whole(mj, "--assisted", "0", "100000", "-1", "100001"),
        whole(mj, "--late-onset", "0", "100000", "-1", "100001"),
        whole(mj, "--onset-game", "0", "100000000", "-1", "100000001"),
        text(mj, "--id-prefix"),
        probability(mj, "--report-rate"),
        probability(mj, "--honest-report-rate"),
        real(mj, "--skill-scale", "0", "10.5"),
        real(mj, "--strong-share", "-0.1", "0.6"),
        real(mj, "--perfect-share", "-0.1", "0.6"),
        whole(mj, "--assisted-topk", "0", "100000", "-1", "100001"),
        whole(mj, "--top-k", "2", "5", "1", "6"),
        whole(mj, "--assisted-hard", "0", "100000", "-1", "100001"),
        whole(mj, "--assisted-share", "0", "100000", "-1", "100001"),
        real(mj, "--share-games", "0", "1.5"),
        text(mj, "--roster"),
        whole(xq, "--games", "0", "100000000", "-1", "100000001"),
        whole(xq, "--seed", "0", u64max, "-1", "18446744073709551616"),
        text(xq, "-o"),
        text(xq, "--truth"),
        whole(xq, "--players", "2", "100000", "1", "100001"),
        whole(xq, "--assisted", "0", "100000", "-1", "100001"),
        probability(xq, "--assist-share"),
        whole(xq, "--late-onset", "0", "100000", "-1", "100001"),
        whole(xq, "--onset-game", "0", "100000000", "-1", "100000001"),
        whole(xq, "--deep-depth", "1", "99", "0", "100"),
        whole(xq, "--max-plies", "1", "10000", "0", "10001"),
        text(xq, "--id-prefix"),
        text(xq, "--player-prefix"),
        probability(xq, "--report-rate"),
        probability(xq, "--honest-report-rate"),
        text(xq, "--engine"),
        whole(xq, "--engines", "0", "1024", "-1", "1025"),

        flag({"scan"}, "--players"),
        flag({"scan"}, "--emit-stats"),
        flag({"scan"}, "--merge-stats"),
        flag({"scan"}, "--quiet"),
        flag({"scan"}, "--xiangqi"),
        whole({"scan"}, "--threads", "1", "1024", "0", "1025"),
        text({"scan"}, "--db"),
        text({"scan"}, "--model"),
        real({"scan"}, "--alpha", "0", "1"),
        real({"scan"}, "--flag-q", "0", "1"),
        whole({"scan"}, "--depth", "1", "99", "0", "100"),
        custom({"scan"}, "--xq-model", "0.5,0.6,0.5"),
        custom({"scan"}, "--xq-model", "0.5"),
        custom({"scan"}, "--xq-model", "0.5,0.6junk"),
        custom({"scan"}, "--xq-model", "0.5,nan"),
        whole({"scan"}, "--multipv", "1", "500", "0", "501"),
        whole({"scan"}, "--engines", "1", "1024", "0", "1025"),
        text({"scan"}, "--engine"),
        real({"scan"}, "--flag-line", "", ""),
        whole({"scan"}, "--min-games", "1", "100000", "0", "100001"),

        flag({"calibrate"}, "--json"),
        flag({"calibrate"}, "--xiangqi"),
        flag({"calibrate"}, "--store"),
        flag({"calibrate"}, "--by-dan"),
        oneOf({"calibrate"}, "--ruleset", "xiangqi"),
        custom({"calibrate"}, "--exclude", "/nonexistent/truth.jsonl", true),
        whole({"calibrate"}, "--bands", "1", "100", "0", "101"),
        whole({"calibrate"}, "--min-decisions", "1", "1000000000", "0", "1000000001"),
        real({"calibrate"}, "--trim", "-1", "101"),
        text({"calibrate"}, "-o"),
        text({"calibrate"}, "--db"),
        {{"calibrate"}, "--test", Kind::Text, {}, {}, {}, {}, {}, true},
        whole({"calibrate"}, "--depth", "1", "99", "0", "100"),
        whole({"calibrate"}, "--multipv", "2", "500", "1", "501"),
        text({"calibrate"}, "--engine"),
        text({"calibrate"}, "--engine-version"),
        real({"calibrate"}, "--alpha", "0", "1"),
        real({"calibrate"}, "--flag-q", "0", "1"),
        whole({"calibrate"}, "--threads", "1", "1024", "0", "1025"),
        whole({"calibrate"}, "--folds", "2", "100", "1", "101"),

        text({"import", "games.jsonl"}, "--db"),
        text({"import", "games.jsonl"}, "--root"),
        whole({"import", "games.jsonl"}, "--batch", "1", "1000000", "0", "1000001"),
        flag({"import", "games.jsonl"}, "--quiet"),

        text({"show", "g1"}, "--db"),
        flag({"show", "g1"}, "--hands"),
        flag({"show", "g1"}, "--traditional"),

        text({"audit", "list"}, "--db"),
        text({"audit", "list"}, "--subject"),

        text({"report", "1"}, "--db"),
        text({"report", "1"}, "-o"),
        text({"report", "1"}, "--output"),
        oneOf({"report", "1"}, "--format", "xml"),
        flag({"report", "1"}, "--anonymise"),
        flag({"report", "1"}, "--anonymize"),
        oneOf({"report", "1"}, "--language", "klingon"),
        text({"report", "1"}, "--tileset"),
        whole({"report", "1"}, "--boards", "0", "1000", "-1", "1001"),

        text({"scores", "export"}, "--db"),
        text({"scores", "export"}, "-o"),
        text({"scores", "export"}, "--output"),
        text({"scores", "export"}, "--engine"),
        whole({"scores", "export"}, "--depth", "1", "99", "0", "100"),
        whole({"scores", "export"}, "--multipv", "1", "500", "0", "501"),
        whole({"scores", "export"}, "--nodes", "1", "1000000000000000", "0", "1000000000000001"),

        text({"players", "list"}, "--db"),
        text({"players", "merge", "a"}, "--into"),
        text({"players", "merge", "a"}, "--reason"),
        text({"players", "merge", "a"}, "--moderator"),
        flag({"players", "list"}, "--suggest"),

        text({"cases", "list"}, "--db"),
        oneOf({"cases", "list"}, "--status", "pending"),
        oneOf({"cases", "list"}, "--kind", "cheating"),
        oneOf({"cases", "decide", "1"}, "--verdict", "maybe"),
        text({"cases", "decide", "1"}, "--reason"),
        text({"cases", "decide", "1"}, "--note"),
        text({"cases", "decide", "1"}, "--moderator"),
        oneOf({"cases", "decide", "1"}, "--sanction", "exile"),
        text({"cases", "decide", "1"}, "--until"),
        text({"cases", "appeal", "1"}, "--appellant"),
        real({"cases", "claim"}, "--minutes", "0", "1441"),

        flag({"hand"}, "--json"),
        oneOf({"hand"}, "--ruleset", "xiangqi"),
        oneOf({"hand"}, "--void", "z"),
        oneOf({"hand"}, "--seat-wind", "east"),
        oneOf({"hand"}, "--round-wind", "X"),
        whole({"hand"}, "--aka", "0", "4", "-1", "5"),
        custom({"hand"}, "--dora", "9z"),
        custom({"hand"}, "--ura", "3q"),
        custom({"hand"}, "--meld", "12m", true),
        custom({"hand"}, "--meld", "135m", true),
        custom({"hand"}, "--kan", "111m", true),
        custom({"hand"}, "--wild", "5z6z"),
        custom({"hand"}, "--visible", "12x"),
    };
    for (const char* f : {"--tsumo", "--riichi", "--double-riichi", "--ippatsu", "--haitei", "--houtei",
                          "--rinshan", "--chankan", "--first-draw"})
        s << flag({"hand"}, f);
    return s;
}

struct Row {
    QStringList args;
    QString message; // what standard error must say
};

QString where(const QStringList& before, const QString& option) {
    return QStringLiteral("tilewatch-cli %1: %2: ").arg(before[0], option);
}

// The rows refused for one option: each bad value in both forms, the missing value, the option twice.
QList<QPair<QString, Row>> refusals(const Spec& s) {
    QList<QPair<QString, Row>> rows;
    const QString at = where(s.before, s.option);
    const QString name = s.before[0] + u' ' + s.option;
    // `--opt value` for the first of each, `--opt=value` for the next, and so on: both forms are read alike.
    bool spaced = true;
    auto refused = [&](const QString& value, const QString& message) {
        const QStringList form = spaced || !s.option.startsWith("--") ? QStringList{s.option, value}
                                                                      : QStringList{s.option + u'=' + value};
        spaced = !spaced;
        rows.append({QStringLiteral("%1 '%2'").arg(name, value), {s.before + form, at + message}});
    };
    auto bad = [&](const QString& value, const QString& why) { refused(value, "'" + value + "' " + why); };
    switch (s.kind) {
    case Kind::Flag:
        if (s.option.startsWith("--"))
            rows.append({name + "=1", {s.before + QStringList{s.option + "=1"}, at + "takes no value"}});
        break;
    case Kind::Whole:
        for (const char* v : {"abc", "2x", "1.5", "1e3", " 3", "+3", "0x10", ""})
            bad(v, "is not a whole number");
        for (const QString& v :
             {s.below, s.above, QString("99999999999999999999999"), QString("-99999999999999999999999")})
            if (!v.isEmpty()) bad(v, "is out of range " + s.low + ".." + s.high);
        break;
    case Kind::Real:
        for (const char* v : {"abc", "0.5x", "", "nan", "NaN", "0,5"}) bad(v, "is not a number");
        for (const char* v : {"inf", "-inf", "infinity", "1e999"}) bad(v, "is not a finite number");
        for (const QString& v : {s.below, s.above})
            if (!v.isEmpty()) bad(v, "is out of range");
        break;
    case Kind::Enum:
        bad(s.bad, "is not");
        bad("", "is not");
        break;
    case Kind::Text:
        refused("", "the value is empty");
        break;
    case Kind::Custom:
        refused(s.bad, "'" + s.bad + "'");
        break;
    }
    if (s.kind != Kind::Flag)
        rows.append({name + " at the end", {s.before + QStringList{s.option}, at + "needs a value"}});
    if (s.kind != Kind::Flag && s.option.startsWith("--")) {
        // -h where the value should be: the help, which is what was asked for.
        rows.append({name + " followed by -h", {s.before + QStringList{s.option, "-h"}, {}}});
    }
    if (!s.repeatable) {
        const QString v = s.kind == Kind::Whole  ? s.low
                          : s.kind == Kind::Real ? QString("0.5")
                          : s.kind == Kind::Enum ? QString()
                                                 : QString("x");
        if (s.kind == Kind::Flag)
            rows.append({name + " twice", {s.before + QStringList{s.option, s.option}, at + "given twice"}});
        else if (!v.isEmpty() && s.kind != Kind::Custom)
            rows.append({name + " twice",
                         {s.before + QStringList{s.option, v} +
                              (s.option.startsWith("--") ? QStringList{s.option + "=" + v}
                                                         : QStringList{s.option, v}),
                          at + "given twice"}});
    }
    return rows;
}

} // namespace

class TestCliOptions : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;

  private slots:
    void refused_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        for (const Spec& s : specs())
            for (const auto& [title, row] : refusals(s))
                QTest::newRow(qPrintable(title)) << row.args << row.message;
        // Three mistakes as a user types them.
        QTest::newRow("typed: --feed-rate abc")
            << QStringList{"simulate", "--ruleset",   "xinchang", "--games", "2", "--seed",
                           "1",        "--feed-rate", "abc",      "-o",      "f"}
            << "tilewatch-cli simulate: --feed-rate: 'abc' is not a number";
        QTest::newRow("typed: --games 2x")
            << QStringList{"simulate", "--ruleset", "xinchang", "--games", "2x"}
            << "tilewatch-cli simulate: --games: '2x' is not a whole number";
        QTest::newRow("typed: --feed-rate 1.5")
            << QStringList{"simulate", "--ruleset", "sichuan", "--feed-rate=1.5"}
            << "tilewatch-cli simulate: --feed-rate: '1.5' is out of range 0..1";
        // Unknown options, per command.
        for (const QStringList& before : {QStringList{"simulate", "--ruleset", "xinchang"},
                                          {"simulate", "--ruleset", "xiangqi"},
                                          {"scan"},
                                          {"calibrate"},
                                          {"import", "a.jsonl"},
                                          {"show", "g"},
                                          {"audit", "verify"},
                                          {"report", "1"},
                                          {"scores", "export"},
                                          {"players", "list"},
                                          {"cases", "list"},
                                          {"hand", "11z"}})
            for (const QString unknown : {"--bogus", "--bogus=1", "-x", "--Games"})
                QTest::newRow(qPrintable(before.join(u' ') + u' ' + unknown))
                    << before + QStringList{unknown}
                    << QStringLiteral("tilewatch-cli %1: unknown option %2")
                           .arg(before[0], unknown.section(u'=', 0, 0));
        // An option of the other game.
        QTest::newRow("xiangqi --feed-rate")
            << QStringList{"simulate", "--ruleset", "xiangqi", "--feed-rate", "0.5"}
            << "unknown option --feed-rate";
        QTest::newRow("mahjong --engine")
            << QStringList{"simulate", "--ruleset", "sichuan", "--engine", "x"} << "unknown option --engine";
        // Positional arguments read as numbers or names.
        QTest::newRow("report CASE 2x")
            << QStringList{"report", "2x", "--db", "x.db", "-o", "x.json"} << "'2x'";
        QTest::newRow("report CASE 0")
            << QStringList{"report", "0", "--db", "x.db", "-o", "x.json"} << "not '0'";
        QTest::newRow("report CASE huge")
            << QStringList{"report", "99999999999999999999", "--db", "x.db", "-o", "x.json"}
            << "not '99999999999999999999'";
        QTest::newRow("cases decide CASE -1")
            << QStringList{"cases",   "decide",   "--db", "x.db", "--verdict",
                           "confirm", "--reason", "r",    "--",   "-1"}
            << "not '-1'";
        QTest::newRow("cases claim CASE 1x")
            << QStringList{"cases", "claim", "1x", "--db", "x.db"} << "not '1x'";
        QTest::newRow("cases mode") << QStringList{"cases", "lists", "--db", "x.db"} << "'lists'";
        QTest::newRow("players mode") << QStringList{"players", "merges", "--db", "x.db"} << "'merges'";
        QTest::newRow("audit mode") << QStringList{"audit", "check", "--db", "x.db"} << "'check'";
        QTest::newRow("scores mode") << QStringList{"scores", "exports", "--db", "x.db"} << "'exports'";
        // Options that exclude or need one another.
        QTest::newRow("scores --depth and --nodes")
            << QStringList{"scores", "export", "--db", "x.db", "-o", "s", "--depth", "8", "--nodes", "1000"}
            << "--depth and --nodes";
        QTest::newRow("xiangqi cheaters over players")
            << QStringList{"simulate",   "--ruleset", "xiangqi",      "--players", "2",
                           "--assisted", "2",         "--late-onset", "1"}
            << "--players";
        // Control characters in a value are shown escaped, not sent to the terminal.
        QTest::newRow("escape in a value")
            << QStringList{"simulate", "--ruleset", "xinchang", "--games", "1\x1b[2J"}
            << "'1\\x1b[2J' is not a whole number";
    }
    void refused() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args, {"QT_QPA_PLATFORM=offscreen"});
        if (message.isEmpty()) { // the help, asked for where a value was expected
            QCOMPARE(r.exit, 0);
            QVERIFY2(r.out.contains("usage"), r.out.constData());
            return;
        }
        QVERIFY2(r.exit == 2,
                 qPrintable(QStringLiteral("exit %1; stderr: %2").arg(r.exit).arg(QString::fromUtf8(r.err))));
        QVERIFY2(QString::fromUtf8(r.err).contains(message),
                 qPrintable(QStringLiteral("wanted \"%1\" in: %2").arg(message, QString::fromUtf8(r.err))));
        QVERIFY2(!r.err.contains('\x1b'), r.err.constData());
        QVERIFY2(r.out.isEmpty(), r.out.constData()); // nothing half-done on standard output
    }

    // The values at the ends of each range are taken, in both forms: nothing above refuses a good value.
    void taken_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("lines");
        const QStringList mj{"simulate", "--ruleset", "sichuan", "--games", "1"};
        QTest::newRow("--games=2 --seed=7")
            << QStringList{"simulate", "--ruleset=xinchang", "--games=2", "--seed=7"} << 2;
        QTest::newRow("--games 0") << QStringList{"simulate", "--ruleset", "anshan", "--games", "0"} << 0;
        QTest::newRow("--seed max") << mj + QStringList{"--seed", "18446744073709551615"} << 1;
        QTest::newRow("rates at 0 and 1")
            << mj + QStringList{"--feed-rate", "1", "--report-rate=0", "--honest-report-rate", "1e-4"} << 1;
        QTest::newRow("--skill-scale 10") << mj + QStringList{"--skill-scale", "10", "--players", "4"} << 1;
        QTest::newRow("shares at their ends")
            << mj + QStringList{"--strong-share", "0.5", "--perfect-share=0", "--share-games", "1"} << 1;
        QTest::newRow("evasive engine users")
            << mj + QStringList{"--assisted-topk", "3",   "--top-k=5",
                                "--assisted-hard", "1",   "--assisted-share=1",
                                "--share-games",   "0.25"}
            << 1;
        QTest::newRow("counts at 0")
            << mj + QStringList{"--colluding-pairs", "0", "--colluding-rings=0", "--assisted", "0",
                                "--late-onset",      "0", "--onset-game",        "0"}
            << 1;
        QTest::newRow("-- ends the options") << QStringList{"hand", "--json", "--", "11z"} << 1;
        QTest::newRow("hand --aka=0, --meld twice")
            << QStringList{"hand", "--ruleset=riichi", "--aka=0", "--meld",
                           "555z", "--meld=666z",      "--json",  "123m456p11z"}
            << 1;
        QTest::newRow("hand winds and dora")
            << QStringList{"hand", "--ruleset", "riichi", "--seat-wind=S", "--round-wind",
                           "E",    "--dora",    "3m",     "--json",        "123m456p789s11z"}
            << 1;
    }
    void taken() {
        QFETCH(QStringList, args);
        QFETCH(int, lines);
        const Run r = cli(args);
        QVERIFY2(r.exit == 0, r.err.constData());
        QCOMPARE(r.out.count('\n'), lines);
    }

    // Every command's help, and the program's.
    void help_data() {
        QTest::addColumn<QStringList>("args");
        for (const char* c : {"hand", "import", "show", "simulate", "scan", "audit", "report", "scores",
                              "players", "cases", "calibrate"}) {
            QTest::newRow(c) << QStringList{c, "--help"};
            QTest::newRow(qPrintable(QString(c) + " -h after a mistake")) << QStringList{c, "--bogus", "-h"};
        }
        QTest::newRow("simulate xiangqi") << QStringList{"simulate", "--ruleset", "xiangqi", "--help"};
        QTest::newRow("tilewatch-cli --help") << QStringList{"--help"};
    }
    void help() {
        QFETCH(QStringList, args);
        const Run r = cli(args);
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.startsWith("usage: tilewatch-cli"), r.out.constData());
        QVERIFY2(r.err.isEmpty(), r.err.constData());
    }

    // The desk reads its command line before it opens a window: --help, --version and a mistake need no
    // display (without one, QApplication would abort).
    void desk_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exit");
        QTest::addColumn<QString>("out");
        QTest::addColumn<QString>("err");
        QTest::newRow("--help") << QStringList{"--help"} << 0 << "usage: tilewatch"
                                << "";
        QTest::newRow("-h") << QStringList{"-h"} << 0 << "usage: tilewatch"
                            << "";
        QTest::newRow("--help after a mistake") << QStringList{"--bogus", "--help"} << 0 << "usage: tilewatch"
                                                << "";
        QTest::newRow("--version") << QStringList{"--version"} << 0 << "tilewatch 0."
                                   << "";
        QTest::newRow("unknown option") << QStringList{"--bogus"} << 2 << ""
                                        << "bogus";
        QTest::newRow("unknown short option") << QStringList{"-x"} << 2 << ""
                                              << "'x'";
        QTest::newRow("--db at the end") << QStringList{"--db"} << 2 << ""
                                         << "db";
        QTest::newRow("--db empty") << QStringList{"--db="} << 2 << ""
                                    << "empty";
        QTest::newRow("--db twice") << QStringList{"--db", "a.db", "--db", "b.db"} << 2 << ""
                                    << "'a.db' and 'b.db'";
        QTest::newRow("--db and DATABASE") << QStringList{"--db=a.db", "b.db"} << 2 << ""
                                           << "'a.db' and 'b.db'";
        QTest::newRow("two databases") << QStringList{"a.db", "b.db"} << 2 << ""
                                       << "'a.db' and 'b.db'";
        QTest::newRow("--version with a value") << QStringList{"--version=2"} << 2 << ""
                                                << "version";
    }
    void desk() {
        QFETCH(QStringList, args);
        QFETCH(int, exit);
        QFETCH(QString, out);
        QFETCH(QString, err);
        QProcess p;
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.remove("DISPLAY");
        e.remove("WAYLAND_DISPLAY");
        e.insert("QT_QPA_PLATFORM", ""); // the default platform, which needs a display
        e.insert("HOME", dir_.path());   // nothing the desk might write lands in the real home
        e.insert("XDG_CONFIG_HOME", dir_.path());
        p.setProcessEnvironment(e);
        p.start(QStringLiteral(TW_DESK), args);
        QVERIFY(p.waitForFinished(60000));
        const QString o = QString::fromUtf8(p.readAllStandardOutput()),
                      r = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == exit,
                 qPrintable(QStringLiteral("exit %1; stderr: %2").arg(p.exitCode()).arg(r)));
        QVERIFY2(out.isEmpty() ? o.isEmpty() : o.startsWith(out), qPrintable(o));
        QVERIFY2(err.isEmpty() ? r.isEmpty() : r.contains(err), qPrintable(r));
        QVERIFY2(!r.contains("display"), qPrintable(r)); // never tried to open one
    }
};

QTEST_GUILESS_MAIN(TestCliOptions)
#include "tst_cli_options.moc"
