#include "case_report.h"

#include "xiangqi_session.h"

#include <cmath>

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QMessageAuthenticationCode>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTranslator>

#include <algorithm>
#include <memory>

#include "case_queue_model.h"
#include "flag_evidence.h"
#include "game_session.h"

namespace tw::report {

using namespace tw::models;

std::optional<Format> formatFromName(const QString& name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("pdf")) return Format::Pdf;
    if (n == QLatin1String("html") || n == QLatin1String("htm")) return Format::Html;
    if (n == QLatin1String("json")) return Format::Json;
    return std::nullopt;
}

QString suffixOf(Format format) {
    switch (format) {
    case Format::Pdf:
        return QStringLiteral("pdf");
    case Format::Html:
        return QStringLiteral("html");
    case Format::Json:
        return QStringLiteral("json");
    }
    return {};
}

namespace {

bool isWordChar(QChar c) {
    return c.isLetterOrNumber() || c == u'_';
}

QString jsonEscaped(const QString& s) {
    const QByteArray a = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(a.mid(2, a.size() - 4)); // strip [" and "]
}

// The language the report is written in: the translation installLanguage() (language.cpp) loads for the
// locale, or English, which it falls back to when TileWatch ships none (the "C" locale of a bare shell).
QString writtenLanguage() {
    QTranslator t;
    if (t.load(QLocale(), QStringLiteral("tilewatch"), QStringLiteral("_"), QStringLiteral(":/i18n")) &&
        !t.language().isEmpty())
        return t.language();
    return QStringLiteral("en");
}

} // namespace

QString replaceWhole(const QString& text, const QString& from, const QString& to) {
    if (from.isEmpty() || !text.contains(from)) return text;
    QString out;
    qsizetype at = 0;
    for (qsizetype i = text.indexOf(from); i >= 0; i = text.indexOf(from, i)) {
        const qsizetype end = i + from.size();
        const bool leftOk = !isWordChar(from.front()) || i == 0 || !isWordChar(text.at(i - 1));
        const bool rightOk = !isWordChar(from.back()) || end == text.size() || !isWordChar(text.at(end));
        if (leftOk && rightOk) {
            out += QStringView(text).mid(at, i - at);
            out += to;
            at = i = end;
        } else {
            ++i;
        }
    }
    out += QStringView(text).mid(at);
    return out;
}

std::optional<CaseReport> CaseReport::build(const CaseSource& source, qint64 caseId,
                                            const ReportOptions& options, QString* error) {
    if (!source.isOpen()) {
        if (error) *error = tr("No database is open.");
        return std::nullopt;
    }
    CaseReport r;
    r.view = source.caseView(caseId);
    if (r.view.id != caseId || caseId <= 0) {
        if (error) *error = tr("There is no case %1 in this database.").arg(caseId);
        return std::nullopt;
    }
    const CaseView& c = r.view;
    r.tileset = options.tileset;
    QStringList named;
    for (const FlagView& f : c.flags)
        if (!f.model.isEmpty() && !named.contains(f.model + u'\x1f' + f.ruleset)) {
            named << f.model + u'\x1f' + f.ruleset;
            if (auto m = source.modelView(f.model, f.ruleset)) r.models << *m;
        }
    for (const QString& player : c.players) r.histories << source.history(player, c.historyRuleset());

    // The evidence games, most marks first (as caseView orders them), and their marked moves in order
    // until the pictures run out. Each game is read through its review session, whatever its kind.
    int shownGames = 0;
    for (const auto& [gameId, ops] : c.evidenceGames) {
        if (shownGames >= options.maxGames) {
            ++r.gamesLeftOut;
            r.movesLeftOut += int(ops.size());
            continue;
        }
        ++shownGames;
        ReportGame g;
        g.gameId = gameId;
        g.ops = ops;
        QString why;
        std::unique_ptr<ReviewSession> s(source.openReview(gameId, nullptr, &why));
        if (!s) {
            g.error = why;
            r.movesLeftOut += int(ops.size());
            r.games << g;
            continue;
        }
        g.kind = s->kind();
        g.ruleset = s->rulesetName();
        g.players = s->players();
        g.opCount = s->opCount();
        g.focusSeat = s->seatOf(c.underReview);
        s->setFocusSeat(g.focusSeat);
        s->setPartnerSeat(s->seatOf(c.partner));
        s->setMarks(ops);
        for (int seat = 1; seat <= g.players.size(); ++seat)
            g.series << s->fitSeries(seat), g.gameFits << s->gameFit(seat);
        for (int op : ops) {
            const int at = s->positionAfter(op);
            if (r.moves.size() >= options.maxBoards || op < 0 || at < 1 || at > g.opCount) {
                ++r.movesLeftOut;
                continue;
            }
            s->showMove(op);
            ReportMove m;
            m.kind = g.kind;
            m.move.gameId = gameId;
            m.move.op = op;
            for (const FlagView& f : c.flags)
                for (const EvidenceMove& e : f.evidence)
                    if (e.gameId == gameId && e.op == op && e.strong) m.move.strong = true;
            m.facts = s->currentMoveFacts();
            // The picture: each game's own board.
            if (const auto* mahjong = qobject_cast<const GameSession*>(s.get()))
                m.board = mahjong->snapshot(), m.info = mahjong->discardInfo();
            else if (const auto* xiangqi = qobject_cast<const XiangqiSession*>(s.get()))
                m.xq = xiangqi->snapshot();
            r.moves << m;
        }
        r.games << g;
    }
    // A pair's case may have no ruleset of its own: name those of its flags (none: every ruleset).
    if (r.view.ruleset.isEmpty()) {
        QStringList rulesets;
        for (const FlagView& f : c.flags) rulesets << f.ruleset;
        rulesets.removeAll(QString());
        rulesets.removeDuplicates();
        r.view.ruleset = rulesets.join(u',');
        r.view.rulesets = rulesets;
    }
    r.decisions = source.decisions(caseId);
    r.audit = source.auditTrail(caseId);
    // The whole chain and every decision, not only this case's: a forged decision must not be printed as if
    // it stood. (The games' attestation is `audit verify`'s: seconds on a large database.)
    r.auditCheck = source.verifyDecisions();

    Provenance& p = r.provenance;
    p.program = QStringLiteral("TileWatch");
    p.version = QStringLiteral(TILEWATCH_VERSION);
    const QDateTime at =
        options.generatedAt.isValid() ? options.generatedAt : QDateTime::currentDateTimeUtc();
    p.generatedAt = at.toUTC().toString(Qt::ISODate);
    p.database = QFileInfo(source.databasePath()).fileName();
    p.ruleset = c.ruleset;
    p.thresholds = source.thresholds().forKind(c.game);
    // The methods stored beside the fits of the evidence games: what produced the numbers shown.
    QStringList games;
    for (const auto& [game, ops] : c.evidenceGames) games << game;
    p.engine = source.analysisMethods(games).join(QStringLiteral("; "));
    if (p.engine.isEmpty()) p.engine = QStringLiteral("none stored");
    p.language = writtenLanguage();
    if (options.anonymise) {
        QByteArray key = options.pseudonymKey;
        if (key.isEmpty()) key = pseudonymKeyOf(source, error);
        if (key.isEmpty()) return std::nullopt;
        r.anonymise(key);
    }
    return r;
}

QString CaseReport::pseudonym(const QString& player, const QByteArray& key) {
    const QByteArray mac = QMessageAuthenticationCode::hash(player.toUtf8(), key, QCryptographicHash::Sha256);
    return QStringLiteral("player-") + QString::fromLatin1(mac.toHex().left(10));
}

void CaseReport::anonymise(const QByteArray& key) {
    // Every id the report knows, longest first so that an id inside a longer one is not replaced first.
    QStringList ids = view.players;
    for (const FlagView& f : view.flags) ids << f.players;
    for (const PlayerHistoryView& h : histories) ids << h.player;
    for (const ReportGame& g : games) ids << g.players;
    for (const ReportMove& m : moves)
        for (const SeatView& s : m.board.seats) ids << s.player;
    ids.removeAll(QString());
    ids.removeDuplicates();
    std::sort(ids.begin(), ids.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
    QList<QPair<QString, QString>> table;
    for (const QString& id : ids) {
        const QString alias = pseudonym(id, key);
        table << qMakePair(id, alias);
        if (const QString esc = jsonEscaped(id); esc != id)
            table << qMakePair(esc, alias); // inside JSON details
    }
    auto text = [&](QString& s) {
        for (const auto& [from, to] : table) s = replaceWhole(s, from, to);
    };
    auto list = [&](QStringList& l) {
        for (QString& s : l) text(s);
    };

    text(view.subject);
    list(view.players);
    for (FlagView& f : view.flags) list(f.players);
    for (PlayerHistoryView& h : histories) text(h.player);
    for (ReportGame& g : games) list(g.players), text(g.error);
    for (ReportMove& m : moves) {
        for (SeatView& s : m.board.seats) text(s.player), text(s.winText);
        text(m.board.current.player);
        text(m.board.current.text);
        text(m.info.player);
        text(m.facts.player);
        text(m.info.takenByPlayer);
        text(m.info.explanation);
        text(m.info.stepText);
    }
    for (DecisionView& d : decisions) text(d.reason), text(d.note);
    for (AuditRowView& a : audit) text(a.subject), text(a.detail);
    text(auditCheck.reason);
    provenance.anonymised = true;
}

QString CaseReport::qValueText(const FlagView& f, const Thresholds& t) {
    return FlagEvidence::qValueText(f, t);
}

QString CaseReport::meaningOf(const FlagView& f, const QString& stat, double v, const Thresholds& t) {
    return FlagEvidence::meaningOf(f, stat, v, t);
}

QString CaseReport::rulesetText(const QString& ruleset) {
    return ruleset.isEmpty() ? tr("all rulesets") : CaseQueueModel::rulesetText(ruleset);
}

QString CaseReport::summary() const {
    const CaseView& c = view;
    QStringList s;
    s << tr("Case %1 (%2) is about %3 in %4: %n game(s), priority %5.", nullptr, c.games)
             .arg(c.id)
             .arg(CaseQueueModel::kindText(c.kind), c.players.join(QStringLiteral(", ")),
                  rulesetText(c.ruleset), QLocale().toString(c.priority, 'f', 2));
    QStringList kinds;
    for (const FlagView& f : c.flags)
        kinds << tr("%1 (%2, score %3)")
                     .arg(CaseQueueModel::kindText(f.kind), f.players.join(QStringLiteral(" → ")),
                          QLocale().toString(f.score, 'f', 2));
    if (!kinds.isEmpty())
        s << tr("It rests on %n flag(s): %1.", nullptr, int(kinds.size()))
                 .arg(kinds.join(QStringLiteral("; ")));
    int moves = 0;
    for (const auto& g : c.evidenceGames) moves += int(g.second.size());
    if (moves)
        s << tr("Evidence: %n marked move(s), in %1 games.", nullptr, moves).arg(c.evidenceGames.size());
    const bool decided = std::any_of(decisions.begin(), decisions.end(),
                                     [](const DecisionView& d) { return d.action != QLatin1String("note"); });
    s << (decided ? tr("Verdict: %1.").arg(CaseQueueModel::statusText(c.status))
                  : tr("Verdict: %1 (no decision yet).").arg(CaseQueueModel::statusText(c.status)));
    return s.join(QLatin1Char(' '));
}

QByteArray pseudonymKeyOf(const models::CaseSource& source, QString* error) {
    if (const std::optional<QByteArray> stored = source.storedPseudonymKey()) {
        if (stored->isEmpty() && error)
            *error =
                CaseReport::tr("The database on the server holds no pseudonym key; ask its owner to open it "
                               "once with this version.");
        return *stored;
    }
    return databasePseudonymKey(source.databasePath(), error);
}

QByteArray databasePseudonymKey(const QString& databasePath, QString* error) {
    if (databasePath.isEmpty()) {
        if (error) *error = CaseReport::tr("No database is open.");
        return {};
    }
    const QString path = databasePath + QStringLiteral(".report-key");
    QFile f(path);
    if (f.exists()) {
        if (f.open(QIODevice::ReadOnly)) {
            const QByteArray key = QByteArray::fromHex(f.readAll().trimmed());
            if (key.size() >= 16) return key;
        }
        if (error) *error = CaseReport::tr("Cannot read the pseudonym key %1.").arg(path);
        return {};
    }
    QByteArray key(32, Qt::Uninitialized);
    QRandomGenerator::system()->fillRange(reinterpret_cast<quint32*>(key.data()), key.size() / 4);
    // Owner-only before the key goes in; NewOnly: two reports started at once keep the first key.
    if (!f.open(QIODevice::WriteOnly | QIODevice::NewOnly) ||
        !f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner) ||
        f.write(key.toHex() + '\n') < 0 || !f.flush()) {
        if (error)
            *error = CaseReport::tr("Cannot create the pseudonym key %1: %2").arg(path, f.errorString());
        return {};
    }
    return key;
}

QString safeFileName(const QString& text, int maxLength) {
    QString out;
    for (const QChar c : text) {
        const bool ok = (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') ||
                        c == u'.' || c == u'_' || c == u'-';
        if (ok)
            out += c;
        else if (!out.endsWith(u'_'))
            out += u'_';
    }
    while (out.startsWith(u'.') || out.startsWith(u'_')) out.remove(0, 1);
    out.truncate(std::max(1, maxLength));
    while (out.endsWith(u'_') || out.endsWith(u'.')) out.chop(1); // "case-1_" reads badly before a suffix
    return out.isEmpty() ? QStringLiteral("report") : out;
}

QString proposedFileName(const CaseSource& source, qint64 caseId, Format format,
                         const ReportOptions& options) {
    QStringList players = source.caseView(caseId).players;
    if (options.anonymise) {
        const QByteArray key = options.pseudonymKey.isEmpty() ? pseudonymKeyOf(source) : options.pseudonymKey;
        for (QString& p : players) p = key.isEmpty() ? QString() : CaseReport::pseudonym(p, key);
    }
    players.removeAll(QString());
    const QString base = safeFileName(QStringLiteral("case-%1-").arg(caseId) + players.join(u'-'), 80);
    return base + u'.' + suffixOf(format);
}

bool writeCaseReport(const CaseSource& source, qint64 caseId, Format format, const QString& path,
                     const ReportOptions& options, QString* error) {
    const std::optional<CaseReport> r = CaseReport::build(source, caseId, options, error);
    if (!r) return false;
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly)) {
        if (error) *error = CaseReport::tr("Cannot write %1: %2").arg(path, out.errorString());
        return false;
    }
    bool ok = true;
    switch (format) {
    case Format::Json:
        ok = out.write(QJsonDocument(r->toJson()).toJson(QJsonDocument::Indented)) >= 0;
        break;
    case Format::Html:
        ok = out.write(r->toHtml().toUtf8()) >= 0;
        break;
    case Format::Pdf:
        ok = r->writePdf(&out, error);
        break;
    }
    if (!ok || !out.commit()) {
        if (error && (ok || error->isEmpty()))
            *error = CaseReport::tr("Cannot write %1: %2").arg(path, out.errorString());
        out.cancelWriting();
        return false;
    }
    return true;
}

} // namespace tw::report
