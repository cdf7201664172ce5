// Case reports: a simulated corpus whose colluding pair are named `<img src=x onerror=alert(1)>` and
// 王小明, analysed, with a decision carrying hostile text; then each format is written and read back.
// The PDF must have pages whose text (pdftotext) names the case and its players, the HTML must show the
// evidence, escape every outside string and fetch nothing, the JSON must match the documented schema
// both ways, an anonymised report must carry no player id, and the CLI must write and refuse like SPEC §6.
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPainter>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <QSqlDatabase>
#include <QSqlQuery>

#include <pwd.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <numeric>

#include "case_queue_model.h"
#include "case_reader.h"
#include "case_report.h"
#include "desk.h"
#include "desk_work.h"
#include "language.h"
#include "mahjong_painter.h"
#include "ops_codec.h"
#include "sanction_text.h"
#include "simulator.h"
#include "tile_renderer.h"

using namespace tw;
using models::Desk;
using report::CaseReport;
using report::Format;

namespace {

const QString kHostile = QStringLiteral("<img src=x onerror=alert(1)>");
const QString kChinese = QStringLiteral("王小明");

// A JSON Schema subset (type, enum, required, properties, additionalProperties: false, items): enough for
// docs/case-report.schema.json, and strict: a key the schema does not name is an error.
void validate(const QJsonValue& v, const QJsonObject& schema, const QString& path, QStringList* errors) {
    QStringList types;
    if (schema.value("type").isString()) types << schema.value("type").toString();
    for (const QJsonValue& t : schema.value("type").toArray()) types << t.toString();
    auto is = [&](const QString& type) {
        if (type == "object") return v.isObject();
        if (type == "array") return v.isArray();
        if (type == "string") return v.isString();
        if (type == "boolean") return v.isBool();
        if (type == "null") return v.isNull();
        if (type == "number") return v.isDouble();
        if (type == "integer") return v.isDouble() && std::floor(v.toDouble()) == v.toDouble();
        return false;
    };
    if (!types.isEmpty() && std::none_of(types.begin(), types.end(), is)) {
        *errors << path + ": not " + types.join('|');
        return;
    }
    if (schema.contains("enum") && !schema.value("enum").toArray().contains(v))
        *errors << path + ": not in enum";
    if (v.isObject()) {
        const QJsonObject o = v.toObject(), props = schema.value("properties").toObject();
        for (const QJsonValue& r : schema.value("required").toArray())
            if (!o.contains(r.toString())) *errors << path + "." + r.toString() + ": missing";
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (props.contains(it.key()))
                validate(it.value(), props.value(it.key()).toObject(), path + "." + it.key(), errors);
            else if (schema.value("additionalProperties") == QJsonValue(false))
                *errors << path + "." + it.key() + ": undocumented";
        }
    }
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        for (int i = 0; i < a.size(); ++i)
            validate(a[i], schema.value("items").toObject(), QStringLiteral("%1[%2]").arg(path).arg(i),
                     errors);
    }
}

QStringList schemaErrors(const QJsonObject& doc) {
    QFile f(QStringLiteral(TW_REPORT_SCHEMA));
    if (!f.open(QIODevice::ReadOnly)) return {QStringLiteral("cannot read the schema ") + f.fileName()};
    QStringList errors;
    validate(doc, QJsonDocument::fromJson(f.readAll()).object(), QStringLiteral("$"), &errors);
    return errors;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The HTML without its pictures: base64 can hold any short string by chance.
QString withoutPictures(const QString& html) {
    static const QRegularExpression data(QStringLiteral("data:image/png;base64,[A-Za-z0-9+/=]+"));
    return QString(html).replace(data, QStringLiteral("data:"));
}

QString pdfText(const QString& path) {
    QProcess p;
    p.start(QStringLiteral("pdftotext"),
            {QStringLiteral("-enc"), QStringLiteral("UTF-8"), path, QStringLiteral("-")});
    if (!p.waitForStarted(10000)) {
        qWarning("pdftotext (poppler-utils) is not installed");
        return {};
    }
    p.waitForFinished(60000);
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning("pdftotext failed: %s", p.readAllStandardError().constData());
        return {};
    }
    // NFKC: the PDF maps a glyph shared by two code points (小 and the radical ⼩, fi and ﬁ) to one of them.
    return QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
}

int pdfPages(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?!s)"));
    return int(QString::fromLatin1(pdf).count(page));
}

// `unset`: environment variables the command runs without.
int runCli(const QStringList& args, QByteArray* err = nullptr, QByteArray* out = nullptr,
           const QStringList& unset = {}) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString& name : unset) env.remove(name);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(TW_CLI), args);
    if (!p.waitForStarted(10000) || !p.waitForFinished(120000)) return -1;
    if (err) *err = p.readAllStandardError();
    if (out) *out = p.readAllStandardOutput();
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
}

// The report as if the database named a player `to` instead of `from`, and, when given, called a game
// `toGame` instead of `fromGame`. Notes and reasons keep the old name: they are isolated whole.
void rename(report::CaseReport& r, const QString& from, const QString& to, const QString& fromGame = {},
            const QString& toGame = {}) {
    auto text = [&](QString& s) { s.replace(from, to); };
    auto list = [&](QStringList& l) {
        for (QString& s : l) text(s);
    };
    auto game = [&](QString& id) {
        if (!fromGame.isEmpty() && id == fromGame) id = toGame;
    };
    list(r.view.players);
    text(r.view.subject);
    for (models::FlagView& f : r.view.flags)
        list(f.players), std::for_each(f.games.begin(), f.games.end(), game);
    for (auto& e : r.view.evidenceGames) game(e.first);
    for (models::PlayerHistoryView& h : r.histories) text(h.player);
    for (report::ReportGame& g : r.games) list(g.players), game(g.gameId);
    for (report::ReportMove& m : r.moves) {
        for (models::SeatView& seat : m.board.seats) text(seat.player);
        text(m.info.player), text(m.info.takenByPlayer), text(m.info.explanation), game(m.move.gameId);
        text(m.board.current.player), text(m.board.current.text);
    }
}

// Characters that must never reach an HTML file raw: C0 (but tab and line ends), DEL and C1.
bool hasRawControl(const QString& html) {
    return std::any_of(html.begin(), html.end(), [](QChar c) {
        return (c < u' ' && c != u'\n' && c != u'\r' && c != u'\t') || (c >= QChar(0x7f) && c <= QChar(0x9f));
    });
}

} // namespace

class TestReport : public QObject {
    Q_OBJECT
    QTemporaryDir dir_;
    QString db_;
    qint64 case_ = 0;
    QStringList everyPlayer_; // every id of the corpus

    QString file(const QString& name) const { return dir_.filePath(name); }

    QString write(Desk& desk, Format format, const QString& name, const report::ReportOptions& options = {}) {
        QString error;
        const bool ok = report::writeCaseReport(desk, case_, format, file(name), options, &error);
        if (!ok) qWarning("writeCaseReport: %s", qPrintable(error));
        return ok ? file(name) : QString();
    }

    QJsonObject json(const QString& path) { return QJsonDocument::fromJson(readAll(path)).object(); }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        sim::SimOptions o;
        o.ruleset = RulesetId::Xinchang;
        o.games = 300;
        o.seed = 3;
        o.players = 12;
        o.colludingPairs = 1;
        o.assisted = 0;
        sim::Simulator s(o);
        std::map<std::string, std::string> rename;
        for (std::size_t i = 0; i < s.players().size(); ++i)
            if (s.truth()[i].kind == "collusion")
                rename[s.players()[i].player] =
                    rename.empty() ? kHostile.toStdString() : kChinese.toStdString();
        QCOMPARE(int(rename.size()), 2);
        const QString corpus = file("games.jsonl");
        std::ofstream out(corpus.toStdString());
        int played = 0;
        s.run([&](const GameRecord& g) {
            GameRecord r = g;
            // A match a game, named as Tenhou names its logs: an id anonymised reports must not name. (One
            // game a match: the pair's case keeps its co_seating flag beside the collusion one, and the tests
            // below decide one flag of a case; the hands of one match would be one sitting.)
            char match[64];
            std::snprintf(match, sizeof match, "2019010100gm-00a9-0000-%08x", 0x5eed0000 + played++);
            r.match = match;
            auto named = [&](std::string& id) {
                if (auto it = rename.find(id); it != rename.end()) id = it->second;
            };
            for (std::string& seat : r.seats) named(seat);
            for (PlayerReport& rep : r.reports) named(rep.reporter), named(rep.accused);
            out << writeOpsLine(r) << '\n';
        });
        out.close();
        for (const auto& p : s.players()) {
            const auto it = rename.find(p.player);
            everyPlayer_ << QString::fromStdString(it == rename.end() ? p.player : it->second);
        }

        db_ = file("r.db");
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        QSignalSpy finished(&desk, &Desk::workFinished);
        QVERIFY(ui::startImport(desk, {corpus}));
        QVERIFY(finished.wait(120000) || finished.count() > 0);
        QVERIFY(finished.at(0).at(0).toBool());
        QVERIFY(ui::startAnalysis(desk));
        QVERIFY(finished.wait(120000) || finished.count() > 1);
        QVERIFY2(finished.at(1).at(0).toBool(), qPrintable(finished.at(1).at(1).toString()));

        for (int row = 0; row < desk.queue()->rowCount() && !case_; ++row) {
            const models::CaseView c = desk.caseView(desk.queue()->caseAt(row).id);
            if (c.players.contains(kHostile) && c.players.contains(kChinese) && !c.evidenceGames.isEmpty())
                case_ = c.id;
        }
        QVERIFY2(case_, "no case about the renamed colluding pair");

        desk.setModerator(QStringLiteral("mod <b>ann</b>"));
        QString error;
        // The note names an evidence game by its id and by its file, as a moderator may.
        const QString evidence = desk.caseView(case_).evidenceGames.value(0).first;
        QVERIFY2(desk.decide(case_, 0, QStringLiteral("escalated"),
                             QStringLiteral("fed ") + kHostile + QStringLiteral(" at once"),
                             QStringLiteral("<script>alert(2)</script> ask ") + kChinese +
                                 QStringLiteral(" & co; see ") + evidence + QStringLiteral(" in ") +
                                 QFileInfo(corpus).canonicalFilePath(),
                             &error),
                 qPrintable(error));
        QVERIFY(!desk.decisions(case_).isEmpty());
        QVERIFY(!desk.auditTrail(case_).isEmpty());
    }

    // A report names the rule that raised each active flag, not only the thresholds in force: a calibrated
    // flag by its α and model, the seed's line by its line and games (xiangqi's own), a report as a report;
    // a flag a moderator set aside raised nothing the report stands on.
    void raisedByNamesTheRuleOfEachFlag() {
        const QLocale before;
        const auto restore = qScopeGuard([&] { QLocale::setDefault(before); });
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        CaseReport r;
        r.provenance.thresholds.flagQ = 1e-3;
        r.provenance.thresholds.of(tw::GameKind::Xiangqi) = {-0.3, 60, 4};
        r.provenance.thresholds = r.provenance.thresholds.forKind(tw::GameKind::Xiangqi);
        models::FlagView calibrated, seed, reported, setAside;
        calibrated.kind = tw::FlagKind::EngineAssist, calibrated.qValue = 2e-6;
        calibrated.model = QStringLiteral("builtin-xq-1");
        seed.kind = tw::FlagKind::LateOnset; // no q: the seed's line
        reported.kind = tw::FlagKind::Reported, reported.qValue = 0.4;
        setAside.kind = tw::FlagKind::Collusion, setAside.qValue = 1e-9, setAside.active = false;
        r.view.flags = {calibrated, seed, reported, setAside, calibrated};
        const QList<CaseReport::Rule> rules = r.raisedBy();
        QCOMPARE(rules.size(), 3);
        QCOMPARE(rules[0].rule, QStringLiteral("q_at_most"));
        QCOMPARE(rules[0].value, 1e-3);
        QCOMPARE(rules[0].model, QStringLiteral("builtin-xq-1"));
        QCOMPARE(rules[1].rule, QStringLiteral("fit_at_least"));
        QCOMPARE(rules[1].value, -0.3);
        QCOMPARE(rules[1].minGames, 60);
        QCOMPARE(rules[2].rule, QStringLiteral("reported"));
        QVERIFY2(CaseReport::ruleText(rules[0]).contains(
                     QStringLiteral("q at most 0.001, tested against builtin-xq-1")),
                 qPrintable(CaseReport::ruleText(rules[0])));
        QVERIFY2(CaseReport::ruleText(rules[1]).contains(
                     QStringLiteral("at or above -0.30 over at least 60 games")),
                 qPrintable(CaseReport::ruleText(rules[1])));
        const QJsonArray json = r.toJson().value(QStringLiteral("raised_by")).toArray();
        QCOMPARE(json.size(), 3);
        QCOMPARE(json[1].toObject()[QStringLiteral("rule")].toString(), QStringLiteral("fit_at_least"));
        QCOMPARE(json[1].toObject()[QStringLiteral("min_games")].toInt(), 60);
        QVERIFY(r.toHtml().contains(CaseReport::ruleText(rules[0]).toHtmlEscaped()));
    }

    void jsonMatchesTheDocumentedShape() {
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        const QString path = write(desk, Format::Json, "case.json");
        QVERIFY(!path.isEmpty());
        const QJsonObject doc = json(path);
        const QStringList errors = schemaErrors(doc);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        // Every array the schema describes holds items here, so their shape was checked too.
        for (const char* key :
             {"flags", "raised_by", "evidence_games", "moves", "games", "players", "decisions", "audit"})
            QVERIFY2(!doc.value(key).toArray().isEmpty(), key);
        QVERIFY(!doc["flags"].toArray()[0].toObject()["statistics"].toArray().isEmpty());

        const models::CaseView c = desk.caseView(case_);
        QCOMPARE(doc["case"].toObject()["id"].toInteger(), case_);
        QCOMPARE(doc["evidence_games"].toArray().size(), c.evidenceGames.size());
        const QJsonObject first = doc["evidence_games"].toArray()[0].toObject();
        QCOMPARE(first["game"].toString(), c.evidenceGames[0].first);
        QCOMPARE(first["ops"].toArray().size(), c.evidenceGames[0].second.size());
        QCOMPARE(first["ops"].toArray()[0].toInt(), c.evidenceGames[0].second[0]);
        QCOMPARE(doc["decisions"].toArray().last().toObject()["verdict"].toString(),
                 QStringLiteral("escalated"));
        QVERIFY(doc["decisions"].toArray().last().toObject()["reason"].toString().contains(kHostile));
        const QJsonObject prov = doc["provenance"].toObject();
        QCOMPARE(prov["version"].toString(), QStringLiteral(TW_VERSION));
        QVERIFY(!prov["engine"].toString().isEmpty());
        QVERIFY(QDateTime::fromString(prov["generated_at"].toString(), Qt::ISODate).isValid());
        QCOMPARE(prov["thresholds"].toObject()["flag_line"].toDouble(), desk.thresholds().flagLine);
        QCOMPARE(prov["anonymised"].toBool(), false);
        QCOMPARE(doc["moves"].toArray().size() + doc["moves_left_out"].toInt(),
                 std::accumulate(c.evidenceGames.begin(), c.evidenceGames.end(), qsizetype(0),
                                 [](qsizetype n, const auto& g) { return n + g.second.size(); }));

        // The validator can fail: a missing key, an undocumented one, a wrong type.
        QJsonObject broken = doc;
        broken.remove("audit");
        QVERIFY(schemaErrors(broken).join(' ').contains("audit: missing"));
        broken = doc;
        broken["extra"] = 1;
        QVERIFY(schemaErrors(broken).join(' ').contains("extra: undocumented"));
        broken = doc;
        QJsonObject kase = broken["case"].toObject();
        kase["id"] = "1";
        broken["case"] = kase;
        QVERIFY(schemaErrors(broken).join(' ').contains("$.case.id: not integer"));
    }

    // The CLI's report reads through a CaseReader, without a desk: the very report the desk's File → Export
    // writes, byte for byte, and its JSON names the kind of each move's game the same way.
    void readerWritesTheDesksReport() {
        report::ReportOptions o;
        o.generatedAt = QDateTime::fromString(QStringLiteral("2025-01-02T03:04:05Z"), Qt::ISODate);
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        const QString fromDesk = write(desk, Format::Json, "desk.json", o);
        models::CaseReader reader;
        QString error;
        QVERIFY2(reader.open(db_, &error), qPrintable(error));
        QVERIFY(reader.isOpen());
        QVERIFY2(report::writeCaseReport(reader, case_, Format::Json, file("reader.json"), o, &error),
                 qPrintable(error));
        QVERIFY(!fromDesk.isEmpty());
        QCOMPARE(readAll(file("reader.json")), readAll(fromDesk));
        const auto r = report::CaseReport::build(reader, case_, o, &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(!r->moves.isEmpty());
        for (const report::ReportMove& m : r->moves) {
            QCOMPARE(m.kind, GameKind::Mahjong);
            QCOMPARE(m.facts.move, m.info.op); // the neutral facts and the prediction panel's agree
            QCOMPARE(m.facts.player, m.info.player);
            QCOMPARE(m.facts.actual, m.info.actual.text);
        }
        for (const report::ReportGame& g : r->games) QCOMPARE(g.kind, GameKind::Mahjong);
        // A reader on no database refuses, as the desk does.
        models::CaseReader closed;
        QVERIFY(!report::CaseReport::build(closed, case_, o, &error));
    }

    void htmlShowsTheEvidenceEscapedAndSelfContained() {
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        const QString path = write(desk, Format::Html, "case.html");
        QVERIFY(!path.isEmpty());
        const QString full = QString::fromUtf8(readAll(path));
        QVERIFY(full.startsWith("<!DOCTYPE html>"));
        const QString html = withoutPictures(full);
        const QJsonObject doc = json(write(desk, Format::Json, "for-html.json"));

        // The evidence: every game shown with its marked ops, every pictured move by its op.
        for (const QJsonValue& g : doc["games"].toArray()) {
            const QString id = g.toObject()["game"].toString();
            QVERIFY2(html.contains(id.toHtmlEscaped()), qPrintable(id));
            QStringList ops;
            for (const QJsonValue& e : doc["evidence_games"].toArray())
                if (e.toObject()["game"].toString() == id)
                    for (const QJsonValue& op : e.toObject()["ops"].toArray())
                        ops << QString::number(op.toInt());
            if (!ops.isEmpty()) QVERIFY2(html.contains("Marked ops: " + ops.join(", ")), qPrintable(id));
        }
        QVERIFY(!doc["moves"].toArray().isEmpty());
        for (const QJsonValue& m : doc["moves"].toArray())
            QVERIFY2(html.contains(QStringLiteral("Op %1:").arg(m.toObject()["op"].toInt())),
                     qPrintable(m.toObject()["game"].toString()));

        // Outside strings are escaped, in text and in attributes.
        QVERIFY(!full.contains("<img src=x"));
        QVERIFY(!full.contains("<script>"));
        QVERIFY(!full.contains("<b>ann</b>"));
        QVERIFY(html.contains(kHostile.toHtmlEscaped()));
        QVERIFY(html.contains(kChinese));
        QVERIFY(html.contains("&lt;script&gt;alert(2)&lt;/script&gt;"));

        // Self-contained: no URL but inlined pictures, and those are PNGs that load.
        QVERIFY(!html.contains("http://") && !html.contains("https://") && !html.contains("url("));
        static const QRegularExpression ref(QStringLiteral("(src|href)\\s*=\\s*\"([^\"]*)\""));
        int pictures = 0;
        for (const auto& m : ref.globalMatch(full)) {
            QVERIFY2(m.captured(2).startsWith("data:image/png;base64,"), qPrintable(m.captured(2).left(60)));
            const QByteArray png = QByteArray::fromBase64(m.captured(2).mid(22).toLatin1());
            QVERIFY(!QImage::fromData(png, "PNG").isNull());
            ++pictures;
        }
        // A history chart per player, a fit chart per game shown and a board per pictured move.
        QCOMPARE(pictures, doc["players"].toArray().size() + doc["games"].toArray().size() +
                               doc["moves"].toArray().size());
    }

    // Outside text is shown as written, in HTML (and in the PDF, made from the same body): "%1" in a player
    // or game name is not filled in by a later argument; control characters are shown as \xNN, never
    // written raw; every piece of it sits in its own <bdi>, so a right-to-left override stays inside.
    void outsideTextShownAsWritten_data() {
        QTest::addColumn<QString>("name");  // the player kHostile was, and a game named "<name> game"
        QTest::addColumn<QString>("shown"); // how the HTML shows it
        QTest::newRow("%2") << "%2"
                            << "%2";
        QTest::newRow("%1%2%3") << "x%1%2%3"
                                << "x%1%2%3";
        QTest::newRow("terminal escapes") << "t\x1b]0;pwn\x07\x1b[2J"
                                          << "t\\x1b]0;pwn\\x07\\x1b[2J";
        QTest::newRow("NUL, 0x01, DEL, C1") << QString("a") + QChar(0) + "\x01\x7f" + QChar(0x9b) + "b"
                                            << "a\\x00\\x01\\x7f\\u{9b}b";
        QTest::newRow("RTL override") << QString(QChar(0x202e)) + "lave"
                                      << "\\u{202e}lave";
        QTest::newRow("right-to-left letters") << QStringLiteral("שלום") << QStringLiteral("שלום");
    }
    void outsideTextShownAsWritten() {
        QFETCH(QString, name);
        QFETCH(QString, shown);
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        QString error;
        auto r = report::CaseReport::build(desk, case_, {}, &error);
        QVERIFY2(r, qPrintable(error));
        const QString game = r->games.value(0).gameId;
        rename(*r, kHostile, name, game, name + " game");
        QVERIFY(!r->audit.isEmpty());
        r->audit.first().at = QString("2024\x1b[2J\x07") + QChar(0x9b); // edited behind the program's back
        const QString html = withoutPictures(r->toHtml());
        QVERIFY(!hasRawControl(html));
        const QString isolated = "<bdi>" + shown + "</bdi>";
        QVERIFY2(html.contains("<td>" + isolated + "</td>"), "the players' table");
        QVERIFY2(html.contains("<bdi>" + shown + " game</bdi>"), "the game's heading");
        int headings = 0;
        for (const report::ReportMove& m : r->moves)
            if (m.info.valid && m.info.player == name) {
                const QString heading = "Op " + QString::number(m.move.op) + ": " + isolated +
                                        "'s discard #" + QString::number(m.info.number);
                QVERIFY2(html.contains(heading), qPrintable(heading));
                ++headings;
            }
        QVERIFY(headings > 0);
        // Nowhere outside a <bdi> but in attributes (alt texts, which show no markup).
        static const QRegularExpression tags(QStringLiteral("<img [^>]*>"));
        const QString text = QString(html).remove(tags);
        for (qsizetype i = text.indexOf(shown); i >= 0; i = text.indexOf(shown, i + 1))
            QVERIFY2(text.mid(i - 5, 5) == "<bdi>", qPrintable(text.mid(i - 80, 160)));
        QVERIFY(text.count(isolated) >= 4);
        QVERIFY2(html.contains("alt=\"The board of game " + shown + " game at op "), "an alt text");
        // The JSON report keeps the text exactly.
        QVERIFY(r->toJson()["case"].toObject()["players"].toVariant().toStringList().contains(name));
    }

    // A very long name or id is shortened in the HTML and PDF layout (its time grew faster than the
    // length), with a note; the JSON report keeps it whole.
    void longTextShortenedInLayout() {
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        QString error;
        auto r = report::CaseReport::build(desk, case_, {}, &error);
        QVERIFY2(r, qPrintable(error));
        const QString name = QString(20000, u'n');
        rename(*r, kHostile, name, r->games.value(0).gameId, QString(20000, u'g'));
        const QString html = withoutPictures(r->toHtml());
        QVERIFY(!html.contains(QString(201, u'n')) && !html.contains(QString(201, u'g')));
        QVERIFY(html.contains("<bdi>" + QString(200, u'n') + QChar(0x2026) + "</bdi>"));
        QVERIFY(html.contains(QString(200, u'g') + QChar(0x2026)));
        QVERIFY(html.contains("the JSON report has them whole"));
        QVERIFY(r->toJson()["case"].toObject()["players"].toVariant().toStringList().contains(name));
        QFile pdf(file("long.pdf"));
        QVERIFY(pdf.open(QIODevice::WriteOnly));
        QVERIFY(r->writePdf(&pdf));
        pdf.close();
        const QString text = pdfText(pdf.fileName()).remove(QRegularExpression(QStringLiteral("\\s")));
        QVERIFY(text.contains(QString(150, u'n')) && !text.contains(QString(201, u'n')));
    }

    void pdfHasPagesWithTheCase() {
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        const QString path = write(desk, Format::Pdf, "case.pdf");
        QVERIFY(!path.isEmpty());
        const QByteArray pdf = readAll(path);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY2(pdfPages(pdf) >= 2, qPrintable(QString::number(pdfPages(pdf))));
        const QString text = pdfText(path);
        QVERIFY2(!text.isEmpty(), "pdftotext gave nothing (is poppler-utils installed?)");
        QVERIFY2(text.contains(QStringLiteral("case %1").arg(case_)), qPrintable(text.left(300)));
        QVERIFY(text.contains(kHostile)); // plain text in a PDF: nothing to escape
        QVERIFY(text.contains(kChinese)); // the CJK font made it in
        QVERIFY(text.contains("Evidence games"));
        QVERIFY(text.contains("Decisions"));
    }

    void anonymisedReportsNameNoPlayer() {
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        report::ReportOptions o;
        o.anonymise = true;
        const QString jsonPath = write(desk, Format::Json, "anon.json", o);
        const QString htmlPath = write(desk, Format::Html, "anon.html", o);
        const QString pdfPath = write(desk, Format::Pdf, "anon.pdf", o);
        QVERIFY(!jsonPath.isEmpty() && !htmlPath.isEmpty() && !pdfPath.isEmpty());
        const QString outputs[] = {QString::fromUtf8(readAll(jsonPath)),
                                   withoutPictures(QString::fromUtf8(readAll(htmlPath))), pdfText(pdfPath)};
        for (const QString& out : outputs) {
            QVERIFY(out.size() > 1000);
            for (const QString& id : everyPlayer_)
                QVERIFY2(!out.contains(id) && !out.contains(id.toHtmlEscaped()), qPrintable(id));
        }
        // The pictures' texts too: the name plates and the op line on the boards, the charts' legends.
        report::ReportOptions fixed = o;
        fixed.pseudonymKey = "k";
        QString error;
        const auto r = report::CaseReport::build(desk, case_, fixed, &error);
        QVERIFY2(r, qPrintable(error));
        QVERIFY(!r->moves.isEmpty());
        auto clean = [&](const QString& text) {
            for (const QString& id : everyPlayer_)
                if (text.contains(id)) return false;
            return true;
        };
        for (const report::ReportMove& m : r->moves) {
            for (const models::SeatView& seat : m.board.seats)
                QVERIFY2(clean(seat.player) && !seat.player.isEmpty(), qPrintable(seat.player));
            QVERIFY(clean(m.board.current.text) && clean(m.info.player) && clean(m.info.takenByPlayer) &&
                    clean(m.info.explanation));
        }
        for (const report::ReportGame& g : r->games) QVERIFY(clean(g.players.join(' ')));
        for (const models::PlayerHistoryView& h : r->histories) QVERIFY(clean(h.player));

        // Stable: the database keeps its key (owner-only), so a second report gives the same names.
        const QFileInfo key(db_ + ".report-key");
        QVERIFY(key.exists());
        QVERIFY(!(key.permissions() &
                  (QFile::ReadGroup | QFile::ReadOther | QFile::WriteGroup | QFile::WriteOther)));
        const QJsonObject a = json(jsonPath), b = json(write(desk, Format::Json, "anon2.json", o));
        QCOMPARE(a["case"].toObject()["players"], b["case"].toObject()["players"]);
        QVERIFY(a["provenance"].toObject()["anonymised"].toBool());
        const QStringList names = a["case"].toObject()["players"].toVariant().toStringList();
        QCOMPARE(names.size(), 2);
        QVERIFY(names[0].startsWith("player-") && names[0] != names[1]);
        // Nor any game id, match id or source: a game id, a Tenhou log id and a file's path
        // name the players or their collection. The report without --anonymise names them all.
        const QJsonObject plain = json(file("case.json"));
        const QString folder = QFileInfo(dir_.path()).canonicalFilePath();
        QStringList gameIds;
        for (const QJsonValue& g : plain["evidence_games"].toArray())
            gameIds << g.toObject()["game"].toString();
        for (const QJsonValue& f : plain["flags"].toArray())
            for (const QJsonValue& g : f.toObject()["games"].toArray()) gameIds << g.toString();
        gameIds.removeDuplicates();
        QVERIFY(!gameIds.isEmpty());
        static const QRegularExpression anyGameId(QStringLiteral("xinchang-[0-9]+"));
        for (const QString& out : outputs) {
            QVERIFY2(!out.contains(anyGameId), qPrintable(anyGameId.match(out).captured()));
            QVERIFY(!out.contains("gm-00a9"));
            QVERIFY(!out.contains(folder) && !out.contains(dir_.path()) && !out.contains("games.jsonl"));
        }
        const QJsonObject shownGame = plain["games"].toArray().at(0).toObject();
        QVERIFY2(shownGame["source"].toString().startsWith(folder + "/games.jsonl:"),
                 qPrintable(shownGame["source"].toString()));
        QVERIFY2(shownGame["match"].toString().startsWith("2019010100gm-00a9-0000-5eed"),
                 qPrintable(shownGame["match"].toString()));
        QVERIFY(QString::fromUtf8(readAll(file("case.json"))).contains(folder));
        // Pseudonyms stand in: the same ones wherever a game is named, so the evidence still reads as one.
        const QJsonArray games = a["games"].toArray();
        QVERIFY(!games.isEmpty());
        for (const QJsonValue& g : games) {
            const QJsonObject o = g.toObject();
            QVERIFY2(o["game"].toString().startsWith("game-"), qPrintable(o["game"].toString()));
            QVERIFY2(o["match"].toString().startsWith("match-"), qPrintable(o["match"].toString()));
            QVERIFY2(o["source"].toString().startsWith("source-") && o["source"].toString().contains(':'),
                     qPrintable(o["source"].toString()));
        }
        QCOMPARE(a["evidence_games"].toArray().size(), plain["evidence_games"].toArray().size());
        QCOMPARE(a["evidence_games"].toArray()[0].toObject()["game"], games[0].toObject()["game"]);
        QCOMPARE(a["evidence_games"], b["evidence_games"]);
        // A hand of a match keeps its place under the match's pseudonym; a file keeps the record's place.
        const QString log = QStringLiteral("2010081709gm-00a9-0000-fe3371ad");
        const QString hand = report::CaseReport::gamePseudonym(log + "-03", log, "k");
        QCOMPARE(hand, report::CaseReport::matchPseudonym(log, "k") + "-03");
        QVERIFY(!hand.contains("fe3371ad"));
        QCOMPARE(report::CaseReport::sourcePseudonym("/data/吳貴臨/00000001.pgn#2", "k"),
                 report::CaseReport::sourcePseudonym("/data/吳貴臨/00000001.pgn", "k") + "#2");
        // Another key, other names.
        o.pseudonymKey = "another key";
        const QJsonObject c = json(write(desk, Format::Json, "anon3.json", o));
        QVERIFY(c["case"].toObject()["players"] != a["case"].toObject()["players"]);
    }

    void fileNamesAreSafe() {
        static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_-][A-Za-z0-9._-]*$"));
        for (const QString& s :
             {QStringLiteral("../../etc/passwd"), kHostile, kChinese, QStringLiteral(".hidden"),
              QStringLiteral("a b\tc\nd"), QString(), QString(300, u'x')}) {
            const QString name = report::safeFileName(s);
            QVERIFY2(safe.match(name).hasMatch(), qPrintable(name));
            QVERIFY(name.size() <= 80);
            QVERIFY(!name.contains(".."));
        }
        QCOMPARE(report::safeFileName("case-12-p005-p010"), QStringLiteral("case-12-p005-p010"));
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        const QString proposed = report::proposedFileName(desk, case_, Format::Pdf);
        QVERIFY2(proposed.startsWith(QStringLiteral("case-%1").arg(case_)) && proposed.endsWith(".pdf"),
                 qPrintable(proposed));
        QVERIFY2(safe.match(proposed).hasMatch(), qPrintable(proposed));
        report::ReportOptions o;
        o.anonymise = true;
        const QString anon = report::proposedFileName(desk, case_, Format::Html, o);
        QVERIFY2(anon.contains("player-") && anon.endsWith(".html"), qPrintable(anon));
        QString error;
        QVERIFY(!report::writeCaseReport(desk, 999999, Format::Json, file("none.json"), {}, &error));
        QVERIFY(error.contains("999999"));
        QVERIFY(!QFile::exists(file("none.json")));
    }

    void cliWritesAndRefuses() {
        const QString id = QString::number(case_);
        for (const char* format : {"json", "html", "pdf"}) {
            const QString out = file(QStringLiteral("cli.%1").arg(format));
            QByteArray err;
            QCOMPARE(runCli({"report", id, "--db", db_, "--format", format, "-o", out}, &err), 0);
            QVERIFY2(QFileInfo(out).size() > 1000, err.constData());
        }
        QVERIFY(readAll(file("cli.pdf")).startsWith("%PDF-"));
        QVERIFY(json(file("cli.json"))["case"].toObject()["id"].toInteger() == case_);
        QCOMPARE(runCli({"report", "--help"}), 0);
        QCOMPARE(runCli({"report"}), 2);
        QCOMPARE(runCli({"report", id, "--db", db_, "--format", "xml", "-o", file("x")}), 2);
        QCOMPARE(runCli({"report", id, "--db", db_, "--format", "json"}), 2);
        QCOMPARE(runCli({"report", "abc", "--db", db_, "--format", "json", "-o", file("x")}), 2);
        QCOMPARE(runCli({"report", id, "--db", db_, "--format", "json", "-o", file("x"), "--bogus"}), 2);
        QByteArray err;
        QCOMPARE(runCli({"report", "999999", "--db", db_, "--format", "json", "-o", file("x")}, &err), 1);
        QVERIFY(err.contains("999999"));
        QCOMPARE(runCli({"report", id, "--db", file("missing.db"), "--format", "json", "-o", file("x")}), 1);
        QVERIFY(!QFile::exists(file("missing.db")));
    }

    // The extension of -o names the format; --format is needed only where it names none, and may not
    // contradict it.
    void cliTellsTheFormatByTheExtension() {
        const QString id = QString::number(case_);
        const QList<QPair<QString, QByteArray>> kinds{
            {"pdf", "%PDF-"}, {"html", "<!DOCTYPE html>"}, {"htm", "<!DOCTYPE html>"}, {"json", "{"}};
        for (const auto& [suffix, start] : kinds) {
            const QString out = file(QStringLiteral("by-extension.%1").arg(suffix));
            QByteArray err;
            QCOMPARE(runCli({"report", id, "--db", db_, "-o", out}, &err), 0);
            QVERIFY2(readAll(out).startsWith(start), qPrintable(suffix + u' ' + QString::fromUtf8(err)));
        }
        QByteArray err;
        QCOMPARE(runCli({"report", id, "--db", db_, "--format", "pdf", "-o", file("both.json")}, &err), 2);
        QVERIFY2(err.contains("--format pdf contradicts the extension of"), err.constData());
        QVERIFY(!QFile::exists(file("both.json")));
        QCOMPARE(runCli({"report", id, "--db", db_, "--format", "json", "-o", file("same.json")}), 0);
        QCOMPARE(runCli({"report", id, "--db", db_, "-o", file("no-extension")}, &err), 2);
        QVERIFY2(err.contains("--format is missing"), err.constData());
        QCOMPARE(runCli({"report", id, "--db", db_, "--format", "json", "-o", file("report.txt")}), 0);
        QVERIFY(json(file("report.txt"))["case"].toObject()["id"].toInteger() == case_);
    }

    // Help is clean: `report --help` starts no platform that warns about XDG_RUNTIME_DIR, and the top-level
    // help names every record format `import` reads.
    void cliHelpIsCleanAndTrue() {
        QByteArray err, out;
        const QStringList bare{"XDG_RUNTIME_DIR", "QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"};
        QCOMPARE(runCli({"report", "--help"}, &err, &out, bare), 0);
        QVERIFY2(err.isEmpty(), err.constData());
        QVERIFY(out.contains("usage: tilewatch-cli report"));
        QVERIFY(out.contains(".pdf"));
        // Nor does a report written from a bare root shell (cron, a container), nor a refusal.
        const QString id = QString::number(case_);
        QCOMPARE(runCli({"report", id, "--db", db_, "-o", file("bare.json")}, &err, &out, bare), 0);
        QVERIFY2(err.isEmpty(), err.constData());
        QCOMPARE(runCli({"report", id, "--db", db_, "-o", file("bare")}, &err, &out, bare), 2);
        QVERIFY2(err.startsWith("tilewatch-cli report: --format is missing"), err.constData());
        QCOMPARE(runCli({"--help"}, &err, &out, bare), 0);
        QVERIFY2(err.isEmpty(), err.constData());
        const QString importLine =
            QString::fromUtf8(out).section(QStringLiteral("\n  import"), 1).section(u'\n', 0, 0);
        for (const char* format : {"ops/1", "xq/1", "PGN"})
            QVERIFY2(importLine.contains(QLatin1String(format)), qPrintable(importLine));
    }

    // What a reader of the report reads: each flag's verdict is the case's when no
    // decision was taken on the flag alone, and says so; times are short (no wrap in a narrow column); audit
    // details are words, not JSON; the provenance names the language the report is written in.
    void verdictTimesAuditAndLanguageReadable() {
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        const QString html = QString::fromUtf8(readAll(write(desk, Format::Html, "readable.html")));
        QVERIFY(!html.isEmpty());
        const QString section = html.section(QStringLiteral("Flags and statistics"), 1)
                                    .section(QStringLiteral("Evidence games"), 0, 0);
        QVERIFY(section.contains(
            QStringLiteral("Escalated (the case's verdict; no decision on this flag alone)")));
        QVERIFY2(!section.contains(QStringLiteral("<td>Open")), qPrintable(section.left(2000)));
        // The decision's time: date and minute, a no-break space between, in a column headed UTC.
        const models::DecisionView last = desk.decisions(case_).last();
        const QString shortAt =
            QDateTime::fromString(last.at, Qt::ISODateWithMs).toUTC().toString("yyyy-MM-dd") + QChar(0x00A0) +
            QDateTime::fromString(last.at, Qt::ISODateWithMs).toUTC().toString("HH:mm");
        QVERIFY(html.contains(QStringLiteral("<td>") + shortAt + QStringLiteral("</td>")));
        QVERIFY(html.contains(QStringLiteral("Time (UTC)")));
        QVERIFY2(!html.contains(last.at), qPrintable(last.at));
        // Audit details in words: the decision's row says its verdict, no JSON braces or quotes.
        const QString audit =
            html.section(QStringLiteral("Audit trail"), 1).section(QStringLiteral("About this report"), 0, 0);
        QVERIFY2(audit.contains(QStringLiteral("verdict: escalated")), qPrintable(audit.left(3000)));
        QVERIFY2(!audit.contains(QStringLiteral("{&quot;")) && !audit.contains(QStringLiteral("&quot;:")),
                 qPrintable(audit.left(3000)));
        // Under LC_ALL=C.UTF-8 (ctest) the report is English, not "C".
        const QJsonObject doc = json(write(desk, Format::Json, "language.json"));
        QCOMPARE(doc["provenance"].toObject()["language"].toString(), QStringLiteral("en"));
        QVERIFY(html.contains(QStringLiteral("<html lang=\"en\">")));
        // The PDF says the same.
        const QString pdf = pdfText(write(desk, Format::Pdf, "readable.pdf")).simplified();
        QVERIFY2(pdf.contains(QStringLiteral("no decision on this flag alone")), qPrintable(pdf.left(3000)));
        QVERIFY(!pdf.contains(QStringLiteral("Verdict Open")));

        // A decision on one flag (on a copy of the database): that flag shows its own verdict, the others
        // still the case's.
        const QString copy = file("flag-decided.db");
        QVERIFY(QFile::copy(db_, copy));
        Desk other;
        QVERIFY(other.openDatabase(copy));
        other.setModerator(QStringLiteral("bo"));
        const QList<models::FlagView> flags = other.caseView(case_).flags;
        QVERIFY(flags.size() >= 2);
        QString error;
        QVERIFY2(other.decide(case_, flags[0].id, QStringLiteral("dismissed"), QStringLiteral("chance"), {},
                              &error),
                 qPrintable(error));
        QString error2;
        QVERIFY(report::writeCaseReport(other, case_, Format::Html, file("flag-decided.html"), {}, &error2));
        const QString flagged = QString::fromUtf8(readAll(file("flag-decided.html")))
                                    .section(QStringLiteral("Flags and statistics"), 1)
                                    .section(QStringLiteral("Evidence games"), 0, 0);
        QCOMPARE(flagged.count(QStringLiteral("Dismissed (decided on this flag)")), 1);
        QCOMPARE(flagged.count(QStringLiteral("(the case's verdict; no decision on this flag alone)")),
                 flags.size() - 1);
    }

    // A report prints a board some 9 cm wide: its labels are drawn larger than the desk's.
    // The name plates, sized from their text, are the measure: twice the text, the plate over 1.5 times as
    // tall (its padding stays).
    // A Chinese report names its tiles as players say them (八筒), as the desk does; English keeps the codes.
    void chineseReportNamesTiles() {
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        QVERIFY(models::installLanguage(QStringLiteral("zh_CN")));
        const QString zh = QString::fromUtf8(readAll(write(desk, Format::Html, "zh.html")));
        QVERIFY(models::installLanguage(QStringLiteral("en")));
        const QString en = QString::fromUtf8(readAll(write(desk, Format::Html, "en.html")));
        const QRegularExpression code(QStringLiteral("\\b[1-9][mps]\\b"));
        const QRegularExpression cell(QStringLiteral("预测集合</th><td>([^<]*)"));
        const QRegularExpressionMatch m = cell.match(zh);
        QVERIFY2(m.hasMatch(), "no predicted set in the Chinese report");
        QVERIFY2(
            QRegularExpression(QStringLiteral("[一二三四五六七八九][万筒条]|[东南西北]风|白板|发财|红中"))
                .match(m.captured(1))
                .hasMatch(),
            qPrintable(m.captured(1)));
        QVERIFY2(!code.match(m.captured(1)).hasMatch(), qPrintable(m.captured(1)));
        const QRegularExpressionMatch e =
            QRegularExpression(QStringLiteral("Predicted set</th><td>([^<]*)")).match(en);
        QVERIFY2(e.hasMatch() && code.match(e.captured(1)).hasMatch(), qPrintable(e.captured(1)));
    }

    void boardLabelsScaleForPrint() {
        Desk desk;
        QVERIFY(desk.openDatabase(db_));
        QString error;
        const auto r = report::CaseReport::build(desk, case_, {}, &error);
        QVERIFY2(r && !r->moves.isEmpty(), qPrintable(error));
        render::TileRenderer tiles;
        auto plates = [&](qreal scale) {
            QImage image(900, 900, QImage::Format_ARGB32_Premultiplied);
            QPainter p(&image);
            render::MahjongPainter painter(tiles);
            painter.setLabelScale(scale);
            QList<QRectF> out;
            for (const render::BoardHit& hit :
                 painter.paint(p, QRectF(0, 0, 900, 900), r->moves.first().board))
                if (hit.op == -1) out << hit.rect;
            return out;
        };
        const QList<QRectF> desk1 = plates(1), print = plates(2);
        QCOMPARE(desk1.size(), 4);
        QCOMPARE(print.size(), 4);
        for (int i = 0; i < 4; ++i)
            QVERIFY2(
                print[i].height() > 1.5 * desk1[i].height(),
                qPrintable(QStringLiteral("%1 against %2").arg(print[i].height()).arg(desk1[i].height())));
    }

    // Who decided: the OS account beside the moderator's name; and a forged moderator (the audit no longer
    // verifies) is not printed silently: the report says the audit trail does not verify.
    void whoDecidedAndWhetherTheAuditVerifies() {
        const passwd* pw = ::getpwuid(::geteuid());
        const QString account = pw ? QString::fromLocal8Bit(pw->pw_name) : QString::number(::geteuid());
        {
            Desk desk;
            QVERIFY(desk.openDatabase(db_));
            const QJsonObject doc = json(write(desk, Format::Json, "who.json"));
            const QJsonObject last = doc["decisions"].toArray().last().toObject();
            QCOMPARE(last["moderator"].toString(), QStringLiteral("mod <b>ann</b>"));
            QCOMPARE(last["os_user"].toString(), account);
            QCOMPARE(doc["audit_check"].toObject()["ok"].toBool(), true);
            QVERIFY(readAll(write(desk, Format::Html, "who.html")).contains(account.toUtf8()));
        }
        const QString forged = file("forged.db");
        QVERIFY(QFile::copy(db_, forged));
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("forge"));
            raw.setDatabaseName(forged);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            QVERIFY(q.exec(QStringLiteral("DROP TRIGGER decisions_no_update")));
            QVERIFY(q.exec(QStringLiteral("UPDATE decisions SET moderator = 'mallory'")));
            q = QSqlQuery();
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("forge"));
        Desk desk;
        QVERIFY(desk.openDatabase(forged));
        const QJsonObject doc = json(write(desk, Format::Json, "forged.json"));
        QCOMPARE(doc["audit_check"].toObject()["ok"].toBool(), false);
        QVERIFY2(
            doc["audit_check"].toObject()["reason"].toString().contains(QLatin1String("column moderator")),
            qPrintable(doc["audit_check"].toObject()["reason"].toString()));
        const QByteArray html = readAll(write(desk, Format::Html, "forged.html"));
        QVERIFY(html.contains("mallory"));
        QVERIFY(html.contains("does not verify"));
    }

    // Due process in every format: the sanction a verdict carried and the appeal in force are named in the
    // JSON (to its schema), the HTML and the PDF's text; the flags shown are the decision's snapshot after
    // the flags changed behind it; an anonymised report does not name the appellant when it is a player.
    void sanctionAndAppealInEveryFormat() {
        const QString copy = file("due.db");
        QVERIFY(QFile::copy(db_, copy));
        Desk desk;
        QVERIFY(desk.openDatabase(copy));
        desk.setModerator(QStringLiteral("lead"));
        QString error;
        QList<double> scores;
        for (const models::FlagView& f : desk.caseView(case_).flags) scores << f.score;
        QVERIFY2(desk.decide(case_, 0, QStringLiteral("confirmed"), QStringLiteral("fed at once"), {}, &error,
                             QStringLiteral("ban")),
                 qPrintable(error));
        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("rescan"));
            raw.setDatabaseName(copy);
            QVERIFY(raw.open());
            QSqlQuery q(raw);
            QVERIFY(q.exec(QStringLiteral("UPDATE flags SET score = score + 10")));
            q = QSqlQuery();
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("rescan"));
        QVERIFY2(desk.appeal(case_, kHostile, QStringLiteral("never met ") + kChinese, {}, &error),
                 qPrintable(error));
        const QJsonObject doc = json(write(desk, Format::Json, "due.json"));
        const QStringList errors = schemaErrors(doc);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        const QJsonObject kase = doc["case"].toObject();
        QCOMPARE(kase["sanction"].toString(), QStringLiteral("ban"));
        QCOMPARE(kase["appeal"].toObject()["appellant"].toString(), kHostile);
        QVERIFY(kase["evidence_as_of"].toInteger() > 0);
        QList<double> shown;
        for (const QJsonValue& f : doc["flags"].toArray()) shown << f.toObject()["score"].toDouble();
        QCOMPARE(shown, scores);
        const QJsonArray decisions = doc["decisions"].toArray();
        QCOMPARE(decisions.at(decisions.size() - 2).toObject()["sanction"].toString(), QStringLiteral("ban"));
        QCOMPARE(decisions.last().toObject()["action"].toString(), QStringLiteral("appeal"));
        const QByteArray html = readAll(write(desk, Format::Html, "due.html"));
        QVERIFY(html.contains(models::SanctionText::text(QStringLiteral("ban"), {}).toUtf8()));
        QVERIFY(html.contains("Under appeal by"));
        const QString pdf = write(desk, Format::Pdf, "due.pdf");
        QVERIFY(!pdf.isEmpty());
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(30000) && text.exitCode() == 0);
        const QString words = QString::fromUtf8(text.readAllStandardOutput()).simplified();
        QVERIFY2(words.contains(QLatin1String("Sanction in force: Ban")), qPrintable(words.right(2000)));
        report::ReportOptions anonymous;
        anonymous.anonymise = true;
        const QJsonObject hidden = json(write(desk, Format::Json, "due-anon.json", anonymous));
        QVERIFY(!QJsonDocument(hidden).toJson().contains(kHostile.toUtf8()));
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
