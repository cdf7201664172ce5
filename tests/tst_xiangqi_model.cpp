// Which model a calibrated xiangqi scan tests against: the built-in one when nothing is stored, a
// model `calibrate --xiangqi --store` wrote (audited) in its place, `--xq-model` over both, and the seed's
// line when the scores carry no MultiPV. No engine search runs: the games' scores are written into the cache
// beforehand (an "engine user" who always plays the first of the engine's four lines, and honest players who
// play its second), under the installed engine's version so the scan finds them there.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "audit_log.h"
#include "case_report.h"
#include "case_store.h"
#include "database.h"
#include "desk.h"
#include "engine_pool.h"
#include "flag_text.h"
#include "model_store.h"
#include "score_file.h"
#include "xiangqi/notation.h"
#include "xiangqi/pgn.h"
#include "xiangqi_scan.h"
#include "xiangqi_store.h"

using namespace tw;

namespace {

struct Cli {
    int code = -1;
    QString out, err;
};

Cli cli(const QStringList& args) {
    QProcess p;
    p.start(TW_CLI, args);
    Cli r;
    if (!p.waitForFinished(120000)) return r;
    r.code = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// One JSON object per line.
QList<QJsonObject> lines(const QString& text) {
    QList<QJsonObject> out;
    for (const QString& l : text.split(u'\n', Qt::SkipEmptyParts))
        out << QJsonDocument::fromJson(l.toUtf8()).object();
    return out;
}

const QJsonObject* flagOf(const QList<QJsonObject>& flags, const QString& kind, const QString& player) {
    for (const QJsonObject& f : flags)
        if (f["kind"].toString() == kind && f["players"].toArray().first().toString() == player) return &f;
    return nullptr;
}

double statOf(const QJsonObject& flag, const char* name) {
    return flag["stats"].toObject()[QLatin1String(name)].toDouble(-1);
}

} // namespace

class TestXiangqiModel : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString version_;
    std::vector<xq::Game> games_;

    // Every position scores +100 for the side to move (so every move from ply 9 counts); its four lines lose
    // 0, 0.4, 0.6 and 0.8 pawns.
    pipeline::ScoreFile scores(bool multiPv) const {
        pipeline::ScoreFile file;
        file.key = {version_, multiPv ? QStringLiteral("depth 10 multipv 4") : QStringLiteral("depth 10")};
        for (std::size_t n = 0; n < games_.size(); ++n) {
            const xq::Game& g = games_[n];
            pipeline::GameScores gs;
            gs.gameId = QString::fromStdString(g.id);
            for (std::size_t i = 0; i <= g.moves.size(); ++i) {
                engine::PositionScore p;
                p.score = 100, p.depth = 10;
                const QString played =
                    i < g.moves.size() ? QString::fromStdString(xq::iccs(g.moves[i])) : QString();
                // Red moves from positions 0, 2, ...: the engine user plays the first line but at one move in
                // ten; an honest player the first line at one move in three, else the second or third.
                const int move = int(i / 2);
                const bool engineUser = i % 2 == 0 && g.red == "engineuser";
                const int line =
                    engineUser ? (move % 10 == 5 ? 1 : 0) : ((move + int(n)) % 3 == 0 ? 0 : 1 + move % 2);
                // Three other moves, named apart from the played one (the cache does not check them).
                QStringList lines{QStringLiteral("a0a1"), QStringLiteral("i0i1"), QStringLiteral("a9a8"),
                                  QStringLiteral("i9i8")};
                lines.removeAll(played);
                while (lines.size() > (played.isEmpty() ? 4 : 3)) lines.removeLast();
                if (!played.isEmpty()) lines.insert(line, played);
                p.bestMove = lines.front();
                if (multiPv)
                    for (int k = 0; k < 4; ++k)
                        p.options.push_back({lines[k], 100 - (k == 0 ? 0 : 20 + 20 * k)});
                gs.scores.push_back(p);
            }
            file.games.push_back(gs);
        }
        return file;
    }

    QString makeDb(const QString& name) {
        const QString path = dir_.filePath(name);
        store::Database db;
        if (!db.open(path)) return {};
        QString error;
        pipeline::ScoreImport imported;
        if (!store::XiangqiStore(db).insertGames(games_, nullptr, &error) ||
            !pipeline::importScores(db, scores(true), &imported, &error) ||
            !pipeline::importScores(db, scores(false), nullptr, &error)) {
            qWarning("%s", qPrintable(error));
            return {};
        }
        if (imported.games != int(games_.size())) return {};
        return path;
    }

    Cli scan(const QString& db, const QStringList& more = {}) {
        return cli(QStringList{"scan", "--db", db, "--xiangqi", "--depth", "10", "--engines", "1"} + more);
    }

  private slots:
    void initTestCase() {
        QString error;
        version_ = engine::Engine::versionOf(engine::EngineSettings{}, &error);
        QVERIFY2(!version_.isEmpty(), qPrintable(error));
        // Games that share no position past the opening with another (the cache holds one score per position,
        // and the engine user and the honest players are given different choices).
        QSet<QString> seen;
        for (const char* file : {"/xiangqi/bulk_games_uci.pgn", "/xiangqi/trad.pgn"})
            for (const xq::Game& g : xq::readGameFile(std::string(TW_PEER_DATA) + file).games) {
                if (g.moves.size() <= 40 || !g.fen.empty() || games_.size() >= 12) continue;
                const QStringList fens = engine::gamePositions(g);
                bool shared = false;
                for (int i = 8; i < fens.size(); ++i) shared = shared || seen.contains(fens[i]);
                if (shared) continue;
                for (int i = 8; i < fens.size(); ++i) seen.insert(fens[i]);
                games_.push_back(g);
            }
        QCOMPARE(int(games_.size()), 12);
        // The engine user plays Red in the first four games; every other side is one of 10 honest players,
        // two games each (never against themselves), so that a calibration on the database sees one player
        // far above a tight honest spread.
        int side = 0;
        for (std::size_t i = 0; i < games_.size(); ++i) {
            games_[i].id = "m" + std::to_string(100 + i);
            games_[i].red = i < 4 ? std::string("engineuser") : "honest" + std::to_string(side++ % 10);
            games_[i].black = "honest" + std::to_string(side++ % 10);
            games_[i].startedAt = "2026-02-" + std::to_string(10 + i) + "T10:00:00Z";
        }
    }

    // Nothing stored, MultiPV 4: the built-in model, named in the flags, the analysis' audit row, Settings,
    // the flag's sentence (in moves) and the reports.
    void builtinWhenNothingStored() {
        const QString path = makeDb("builtin.db");
        QVERIFY(!path.isEmpty());
        store::Database db;
        QVERIFY(db.open(path));
        pipeline::XqScanOptions o;
        o.engine.multiPv = 4;
        o.engines = 1;
        pipeline::XqScanResult r;
        QString error;
        QVERIFY2(pipeline::scanXiangqi(db, o, &r, &error), qPrintable(error));
        QCOMPARE(r.searched, 0); // every score from the cache written above
        QCOMPARE(int(r.model.source), int(pipeline::XqModelChoice::Source::Builtin));
        QCOMPARE(r.model.name, std::string(XqBuiltinModel::kName));
        QVERIFY(r.model.model && *r.model.model == XqBuiltinModel::model());
        QVERIFY(!r.model.mismatch());
        // Another search than the built-in model's (MultiPV 8): still chosen, but said not to hold its error
        // rate.
        pipeline::XqScanOptions eight = o;
        eight.engine.multiPv = 8;
        pipeline::XqModelChoice other;
        QVERIFY(pipeline::chooseXiangqiModel(db, eight, version_, &other, &error));
        QCOMPARE(other.name, std::string(XqBuiltinModel::kName));
        QVERIFY(other.mismatch());
        eight.engine.multiPv = 1; // and one line: no model at all
        QVERIFY(pipeline::chooseXiangqiModel(db, eight, version_, &other, &error));
        QVERIFY(!other.model && other.name.empty());
        int engineUser = 0;
        for (const Flag& f : r.flagList) {
            if (f.kind == tw::FlagKind::Reported) continue;
            QCOMPARE(f.players.front(), std::string("engineuser")); // the honest players are not flagged
            QCOMPARE(f.model, std::string(XqBuiltinModel::kName));
            ++engineUser;
        }
        QCOMPARE(engineUser, 1);
        QVERIFY(db.scalar("SELECT detail FROM audit_log WHERE action = 'analysis' ORDER BY id DESC LIMIT 1")
                    .toString()
                    .contains(XqBuiltinModel::kName));

        models::Desk desk;
        QVERIFY(desk.openDatabase(path));
        models::Thresholds t = desk.thresholds();
        t.of(GameKind::Xiangqi).multiPv = 4;
        desk.setThresholds(t);
        QStringList inForce = desk.modelsInForce();
        QCOMPARE(inForce.size(), kRulesetCount + 1); // the mahjong rulesets, then xiangqi
        QVERIFY2(inForce.last().contains(XqBuiltinModel::kName), qPrintable(inForce.last()));
        QVERIFY2(inForce.last().contains(QLocale().toString(XqBuiltinModel::model().s, 'f', 4)),
                 qPrintable(inForce.last()));
        const auto view = desk.modelView(XqBuiltinModel::kName, "xiangqi");
        QVERIFY(view);
        QCOMPARE(view->s, XqBuiltinModel::model().s);
        QCOMPARE(view->source, QStringLiteral("builtin"));

        const qint64 caseId =
            db.scalar("SELECT id FROM cases WHERE subject = 'player:engineuser'").toLongLong();
        QVERIFY(caseId > 0);
        const models::CaseView c = desk.caseView(caseId);
        const auto flag = std::find_if(c.flags.begin(), c.flags.end(), [](const models::FlagView& f) {
            return f.kind == tw::FlagKind::EngineAssist;
        });
        QVERIFY(flag != c.flags.end());
        QCOMPARE(flag->model, QString::fromLatin1(XqBuiltinModel::kName));
        const QString sentence = models::FlagText::sentence(*flag);
        QVERIFY2(sentence.contains("counted moves") && !sentence.contains("decisions"), qPrintable(sentence));
        QVERIFY2(sentence.contains(QLocale().toString(qint64(models::FlagText::stat(*flag, "decisions")))),
                 qPrintable(sentence));

        const auto report = report::CaseReport::build(desk, caseId, {}, &error);
        QVERIFY2(report, qPrintable(error));
        QCOMPARE(report->models.size(), 1);
        QCOMPARE(report->models.first().name, QString::fromLatin1(XqBuiltinModel::kName));
        const QJsonObject json = report->toJson();
        QCOMPARE(json["models"].toArray().first()["name"].toString(),
                 QString::fromLatin1(XqBuiltinModel::kName));
        bool named = false;
        for (const QJsonValue& f : json["flags"].toArray())
            named = named || (f["kind"].toString() == "engine_assist" &&
                              f["model"].toString() == XqBuiltinModel::kName &&
                              f["explanation"].toString().contains("counted moves"));
        QVERIFY(named);
        const QString html = report->toHtml();
        QVERIFY(html.contains(QStringLiteral("Decision model: %1").arg(XqBuiltinModel::kName)));

        // With one engine line the desk says the seed's line flags, and names the model four lines would use.
        t.of(GameKind::Xiangqi).multiPv = 1;
        desk.setThresholds(t);
        inForce = desk.modelsInForce();
        QVERIFY2(inForce.last().contains("seed's line") && inForce.last().contains(XqBuiltinModel::kName),
                 qPrintable(inForce.last()));
    }

    // `calibrate --xiangqi --store` writes an audited model, which the next scan tests against in place of
    // the built-in one; `--xq-model` wins over both; without MultiPV the seed's line flags whatever is
    // stored.
    void storedThenGivenThenSeed() {
        const QString path = makeDb("stored.db");
        QVERIFY(!path.isEmpty());
        const Cli cal = cli({"calibrate", "--xiangqi", "--db", path, "--store", "--depth", "10", "--multipv",
                             "4", "--engine-version", version_, "--min-decisions", "30"});
        QVERIFY2(cal.code == 0, qPrintable(cal.err));
        qint64 id = 0;
        double s = 0, c = 0;
        {
            store::Database db;
            QVERIFY(db.open(path));
            QString error;
            const auto stored = store::ModelStore(db).xiangqiInForce(&error);
            QVERIFY2(stored, qPrintable(error));
            id = stored->id, s = stored->model.s, c = stored->model.c;
            QCOMPARE(stored->ruleset, QStringLiteral("xiangqi"));
            QCOMPARE(stored->source, QStringLiteral("calibrate"));
            QVERIFY(s > 0 && c > 0 && s != XqBuiltinModel::model().s);
            QCOMPARE(store::xiangqiModelLimit(*stored), QStringLiteral("depth 10 multipv 4"));
            QCOMPARE(store::xiangqiModelEngine(*stored), version_);
            QVERIFY(cal.err.contains(QStringLiteral("stored model %1 for xiangqi").arg(id)));
            // Audited: a calibration row naming it, and the chain verifies.
            const QString audit =
                db.scalar(
                      "SELECT detail FROM audit_log WHERE action = 'calibration' ORDER BY id DESC LIMIT 1")
                    .toString();
            const QJsonObject first =
                QJsonDocument::fromJson(audit.toUtf8()).object()["models"].toArray().first().toObject();
            QCOMPARE(first["ruleset"].toString(), QStringLiteral("xiangqi"));
            QCOMPARE(qint64(first["id"].toDouble()), id);
            QVERIFY(store::AuditLog(db).verify().ok);
            // The mahjong rulesets still have nothing in force.
            QVERIFY(!store::ModelStore(db).inForce(RulesetId::Xinchang));
        }
        const QString name = QStringLiteral("model %1").arg(id);

        Cli r = scan(path, {"--multipv", "4"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("xiangqi model: " + name) && !r.err.contains("warning"), qPrintable(r.err));
        QList<QJsonObject> flags = lines(r.out);
        const QJsonObject* f = flagOf(flags, "engine_assist", "engineuser");
        QVERIFY2(f, qPrintable(cal.out + r.out));
        QCOMPARE((*f)["model"].toString(), name);
        // The scan's JSON keeps six digits.
        QVERIFY2(std::abs(statOf(*f, "model_s") - s) < 1e-5 * s, qPrintable(r.out));
        QVERIFY2(std::abs(statOf(*f, "model_c") - c) < 1e-5 * c, qPrintable(r.out));

        models::Desk desk;
        QVERIFY(desk.openDatabase(path));
        models::Thresholds t = desk.thresholds();
        t.of(GameKind::Xiangqi).multiPv = 4;
        desk.setThresholds(t);
        const QString line = desk.modelsInForce().last();
        QVERIFY2(line.contains(name) && !line.contains(XqBuiltinModel::kName), qPrintable(line));
        const auto view = desk.modelView(name, "xiangqi");
        QVERIFY(view && view->s == s && view->source == "calibrate");
        desk.closeCase();

        // --xq-model over the stored model.
        r = scan(path, {"--multipv", "4", "--xq-model", "0.5,0.6,1.2"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("xiangqi model: given 0.5,0.6,1.2"), qPrintable(r.err));
        flags = lines(r.out);
        f = flagOf(flags, "engine_assist", "engineuser");
        QVERIFY2(f, qPrintable(r.out));
        QCOMPARE((*f)["model"].toString(), QStringLiteral("given 0.5,0.6,1.2"));
        QCOMPARE(statOf(*f, "model_s"), 0.5);

        // One line: the seed's line (lowered here so that it flags), no model, and the scan says so.
        r = scan(path, {"--multipv", "1", "--flag-line", "-5", "--min-games", "1"});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY2(r.err.contains("seed's line"), qPrintable(r.err));
        QVERIFY2(!r.err.contains("xiangqi model:"), qPrintable(r.err));
        flags = lines(r.out);
        f = flagOf(flags, "engine_assist", "engineuser");
        QVERIFY2(f, qPrintable(r.out));
        QVERIFY(!f->contains("model"));
        QVERIFY(
            flagOf(flags, "engine_assist", "honest0")); // the seed's line at -5 flags everyone: it flagged
    }
};

QTEST_MAIN(TestXiangqiModel)
#include "tst_xiangqi_model.moc"
