#include "case_report.h"

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
#include <QSet>
#include <QTranslator>

#include <algorithm>
#include <memory>

#include "case_queue_model.h"
#include "flag_evidence.h"
#include "report_kind.h"
#include "review_session.h"

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

namespace {

// One evidence game, read through its review session whatever its kind: its fit series and its marked
// moves in order until the pictures run out (the rest counted as left out).
void addEvidenceGame(CaseReport& r, const CaseSource& source, const QString& gameId, const QList<int>& ops,
                     const ReportOptions& options) {
    const CaseView& c = r.view;
    ReportGame g;
    g.gameId = gameId;
    g.ops = ops;
    QString why;
    std::unique_ptr<ReviewSession> s(source.openReview(gameId, nullptr, &why));
    if (!s) {
        g.error = why;
        r.movesLeftOut += int(ops.size());
        r.games << g;
        return;
    }
    g.kind = s->kind();
    g.ruleset = s->rulesetName();
    g.players = s->players();
    g.opCount = s->opCount();
    g.focusSeat = s->seatOf(c.underReview);
    s->setFocusSeat(g.focusSeat);
    s->setPartnerSeat(s->seatOf(c.partner));
    s->setMarks(ops);
    for (int seat = 1; seat <= g.players.size(); ++seat) {
        g.series << s->fitSeries(seat), g.gameFits << s->gameFit(seat);
        g.counted << int(std::count_if(g.series.last().cbegin(), g.series.last().cend(),
                                       [](const models::FitPoint& p) { return p.weight > 0; }));
    }
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
        reportKind(g.kind).keepBoard(*s, m); // the picture: each game's own board
        r.moves << m;
    }
    r.games << g;
}

// What produced the report: program, time, database, ruleset, thresholds, the analysis methods stored
// with the evidence games, language.
Provenance provenanceOf(const CaseSource& source, const CaseView& c, const ReportOptions& options) {
    Provenance p;
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
    return p;
}

} // namespace

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
        addEvidenceGame(r, source, gameId, ops, options);
    }
    // Where the games shown came from: provenance, and what an anonymised report must not name.
    QStringList shown;
    for (const ReportGame& g : r.games) shown << g.gameId;
    const QHash<QString, GameOriginView> origins = source.gameOrigins(shown);
    for (ReportGame& g : r.games)
        if (const auto it = origins.constFind(g.gameId); it != origins.constEnd())
            g.match = it->match, g.source = it->source;
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

    r.provenance = provenanceOf(source, c, options);
    if (options.anonymise) {
        QByteArray key = options.pseudonymKey;
        if (key.isEmpty()) key = pseudonymKeyOf(source, error);
        if (key.isEmpty()) return std::nullopt;
        // Every game the report names, shown or not (flags, histories): their matches and sources go too.
        QStringList named;
        for (const auto& [game, ops] : c.evidenceGames) named << game;
        for (const FlagView& f : c.flags) {
            named << f.games;
            for (const EvidenceMove& e : f.evidence) named << e.gameId;
        }
        for (const PlayerHistoryView& h : r.histories)
            for (const HistoryPointView& pt : h.points) named << pt.gameId;
        named.removeDuplicates();
        r.anonymise(key, source.gameOrigins(named));
    }
    return r;
}

namespace {

// Ten hex digits of the HMAC-SHA256 of `text` under `key`, the part of a pseudonym that stands for it.
QString macOf(const QString& text, const QByteArray& key) {
    const QByteArray mac = QMessageAuthenticationCode::hash(text.toUtf8(), key, QCryptographicHash::Sha256);
    return QString::fromLatin1(mac.toHex().left(10));
}

// Whole occurrences of many strings replaced in one pass, the longest that fits first: a pseudonym written
// is never read again (a player named "game" does not eat "game-…"), and an id inside a longer one (a
// player in a path, a match in its hands' ids) gives way to it. Boundaries as replaceWhole's.
class Replacer {
  public:
    // The first pair given for a string holds.
    void add(const QString& from, const QString& to) {
        if (from.isEmpty() || from == to || seen_.contains(from)) return;
        seen_.insert(from);
        byFirst_[from.front()] << qMakePair(from, to);
    }
    // After the last add: each list longest first.
    void ready() {
        for (auto& list : byFirst_)
            std::stable_sort(list.begin(), list.end(),
                             [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
    }
    QString operator()(const QString& text) const {
        if (byFirst_.isEmpty() || text.isEmpty()) return text;
        QString out;
        qsizetype at = 0;
        for (qsizetype i = 0; i < text.size();) {
            const auto list = byFirst_.constFind(text.at(i));
            bool replaced = false;
            if (list != byFirst_.constEnd())
                for (const auto& [from, to] : *list) {
                    const qsizetype end = i + from.size();
                    if (end > text.size() || QStringView(text).mid(i, from.size()) != from) continue;
                    const bool leftOk = !isWordChar(from.front()) || i == 0 || !isWordChar(text.at(i - 1));
                    const bool rightOk =
                        !isWordChar(from.back()) || end == text.size() || !isWordChar(text.at(end));
                    if (!leftOk || !rightOk) continue;
                    out += QStringView(text).mid(at, i - at);
                    out += to;
                    at = i = end;
                    replaced = true;
                    break;
                }
            if (!replaced) ++i;
        }
        if (at == 0) return text;
        out += QStringView(text).mid(at);
        return out;
    }

  private:
    QHash<QChar, QList<QPair<QString, QString>>> byFirst_;
    QSet<QString> seen_;
};

} // namespace

QString CaseReport::pseudonym(const QString& player, const QByteArray& key) {
    return QStringLiteral("player-") + macOf(player, key);
}

QString CaseReport::matchPseudonym(const QString& match, const QByteArray& key) {
    return QStringLiteral("match-") + macOf(QStringLiteral("match\x1f") + match, key);
}

QString CaseReport::gamePseudonym(const QString& gameId, const QString& match, const QByteArray& key) {
    if (!match.isEmpty() && gameId.size() > match.size() + 1 && gameId.startsWith(match + u'-'))
        return matchPseudonym(match, key) + gameId.mid(match.size());
    return QStringLiteral("game-") + macOf(QStringLiteral("game\x1f") + gameId, key);
}

QString CaseReport::sourcePseudonym(const QString& source, const QByteArray& key) {
    // The file stands for itself; its place in it ("#2", ":12") is no secret and says which record.
    static const QRegularExpression place(QStringLiteral("(#|:)[0-9]+$"));
    const QRegularExpressionMatch m = place.match(source);
    const QString file = m.hasMatch() ? source.left(m.capturedStart()) : source;
    return QStringLiteral("source-") + macOf(QStringLiteral("source\x1f") + file, key) +
           (m.hasMatch() ? m.captured() : QString());
}

void CaseReport::anonymise(const QByteArray& key, const QHash<QString, GameOriginView>& known) {
    QHash<QString, GameOriginView> origins = known;
    for (const ReportGame& g : games)
        if (!origins.contains(g.gameId)) origins.insert(g.gameId, {g.match, g.source});

    // Every id the report knows: players, games, their matches and sources.
    QStringList players = view.players;
    for (const FlagView& f : view.flags) players << f.players;
    for (const PlayerHistoryView& h : histories) players << h.player << h.otherNames;
    for (const ReportGame& g : games) players << g.players;
    for (const ReportMove& m : moves) players << reportKind(m.kind).players(m);
    QStringList gameIds;
    for (const auto& [game, ops] : view.evidenceGames) gameIds << game;
    for (const FlagView& f : view.flags) {
        gameIds << f.games;
        for (const EvidenceMove& e : f.evidence) gameIds << e.gameId;
    }
    for (const PlayerHistoryView& h : histories)
        for (const HistoryPointView& pt : h.points) gameIds << pt.gameId;
    for (const ReportGame& g : games) gameIds << g.gameId;
    for (const ReportMove& m : moves) gameIds << m.move.gameId;
    gameIds.removeDuplicates();

    Replacer replace;
    QHash<QString, QString> gameAlias;
    auto add = [&](const QString& from, const QString& to) {
        replace.add(from, to);
        if (const QString esc = jsonEscaped(from); esc != from) replace.add(esc, to); // inside JSON details
    };
    for (const QString& id : gameIds) {
        if (id.isEmpty()) continue;
        const GameOriginView origin = origins.value(id);
        const QString alias = gamePseudonym(id, origin.match, key);
        gameAlias.insert(id, alias);
        add(id, alias);
        if (!origin.match.isEmpty()) add(origin.match, matchPseudonym(origin.match, key));
        if (!origin.source.isEmpty()) {
            // The record ("…/00000001.pgn#1") and its file alone, as a note may name it.
            static const QRegularExpression place(QStringLiteral("(#|:)[0-9]+$"));
            const QString sourceAlias = sourcePseudonym(origin.source, key);
            add(origin.source, sourceAlias);
            add(QString(origin.source).remove(place), QString(sourceAlias).remove(place));
        }
    }
    for (const QString& id : players)
        if (!id.isEmpty()) add(id, pseudonym(id, key));
    replace.ready();

    auto text = [&](QString& s) { s = replace(s); };
    auto list = [&](QStringList& l) {
        for (QString& s : l) text(s);
    };
    auto game = [&](QString& id) { id = gameAlias.value(id, replace(id)); };
    auto games_ = [&](QStringList& l) {
        for (QString& s : l) game(s);
    };

    text(view.subject);
    list(view.players);
    for (auto& [id, ops] : view.evidenceGames) game(id);
    for (FlagView& f : view.flags) {
        list(f.players);
        games_(f.games);
        for (EvidenceMove& e : f.evidence) game(e.gameId);
    }
    for (PlayerHistoryView& h : histories) {
        text(h.player);
        list(h.otherNames);
        for (HistoryPointView& pt : h.points) game(pt.gameId);
    }
    for (ReportGame& g : games) {
        game(g.gameId), list(g.players), text(g.error);
        if (!g.match.isEmpty()) g.match = matchPseudonym(g.match, key);
        if (!g.source.isEmpty()) g.source = sourcePseudonym(g.source, key);
    }
    for (ReportMove& m : moves) {
        game(m.move.gameId);
        text(m.facts.player);
        reportKind(m.kind).anonymise(m, text, game);
    }
    for (DecisionView& d : decisions) text(d.reason), text(d.note), text(d.appellant);
    text(view.appellant), text(view.appealReason);
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

QList<CaseReport::Rule> CaseReport::raisedBy() const {
    const Thresholds& t = provenance.thresholds;
    QList<Rule> out;
    for (const FlagView& f : view.flags) {
        if (!f.active) continue;
        Rule r;
        r.kind = f.kindWord();
        if (f.kind == tw::FlagKind::Reported) {
            r.rule = QStringLiteral("reported");
        } else if (f.qValue >= 0) {
            // One α for every calibrated test and every pair test (Thresholds::flagQ).
            r.rule = QStringLiteral("q_at_most"), r.value = t.flagQ, r.model = f.model;
        } else {
            r.rule = QStringLiteral("fit_at_least"), r.value = t.flagLine, r.minGames = t.minGames;
        }
        if (!out.contains(r)) out << r;
    }
    return out;
}

QString CaseReport::ruleText(const Rule& r) {
    const QString kind = CaseQueueModel::kindText(r.kind);
    if (r.rule == QLatin1String("reported")) return tr("%1: reported by another player").arg(kind);
    if (r.rule == QLatin1String("fit_at_least"))
        return tr("%1: the seed's line, f_u at or above %2 over at least %3 games (no calibrated error rate)")
            .arg(kind, QLocale().toString(r.value, 'f', 2))
            .arg(r.minGames);
    const QString alpha = QLocale().toString(r.value, 'g', 3);
    return r.model.isEmpty() ? tr("%1: q at most %2").arg(kind, alpha)
                             : tr("%1: q at most %2, tested against %3").arg(kind, alpha, r.model);
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
                     .arg(CaseQueueModel::kindText(f), f.players.join(QStringLiteral(" → ")),
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
