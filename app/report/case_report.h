// A case report: one case with its flags, statistics, evidence games and moves, the players'
// histories, decisions and audit rows, and where it came from, written as PDF, self-contained HTML or
// JSON (shape: docs/report-json.md, docs/case-report.schema.json). Everything is read through a
// tw::models::CaseSource — the desk, so the report shows what the moderator saw, or a CaseReader (the CLI)
// — and each evidence game through its ReviewSession; pictures are drawn by tw_render.
//
// Player ids, notes, reasons and audit details are text from outside: HTML escapes them everywhere,
// file names made from them are sanitised, and the anonymised report carries none of the ids.
#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

#include "case_source.h"
#include "case_view.h"
#include "mahjong_snapshot.h"
#include "review_session.h"
#include "xiangqi_snapshot.h"

namespace tw::report {

enum class Format { Pdf, Html, Json };
std::optional<Format> formatFromName(const QString& name); // "pdf", "html", "json"
QString suffixOf(Format format);                           // "pdf", "html", "json"

struct ReportOptions {
    bool anonymise = false;
    // The key of the pseudonyms (HMAC-SHA256 of the id). Empty: the database's own key, kept in
    // `<database>.report-key` (created on first use, owner-only), so that one player gets the same
    // pseudonym in every report of one database and nobody without the key can match them to ids.
    QByteArray pseudonymKey;
    int maxBoards = 6;     // board pictures of evidence moves; the report says how many were left out
    int maxGames = 4;      // evidence games with their fit chart
    QDateTime generatedAt; // invalid: now
    QString tileset;       // TileRenderer name or path; empty: the default, drawn tiles without it
};

// One evidence move: what both games say of it (`facts`), and the board as the move was made, drawn by
// the game's own painter: a mahjong table (`board`, with the prediction panel's `info`) or a xiangqi board
// (`xq`, move.op being the ply).
struct ReportMove {
    tw::GameKind kind = tw::GameKind::Mahjong;
    tw::models::EvidenceMove move;
    tw::models::ReviewMove facts;
    tw::models::DiscardInfo info;      // mahjong
    tw::models::MahjongSnapshot board; // mahjong
    tw::models::XiangqiSnapshot xq;    // xiangqi
};

struct ReportGame {
    tw::GameKind kind = tw::GameKind::Mahjong;
    QString gameId, ruleset;
    QString match, source; // where it came from (models::GameOriginView); "" when not known
    QList<int> ops;        // the case's marked op positions in it
    QStringList players;   // seat 1 first
    int focusSeat = 0, opCount = 0;
    QList<QList<tw::models::FitPoint>> series; // seat s+1's discards
    QList<double> gameFits;                    // per seat
    QList<int> counted;                        // per seat: the counted moves behind its game fit
    QString error;                             // it could not be opened: only its id and ops are shown
};

struct Provenance {
    QString program, version, generatedAt, database, ruleset, engine, language;
    tw::models::Thresholds thresholds;
    bool anonymised = false;
};

struct CaseReport {
    Q_DECLARE_TR_FUNCTIONS(tw::report::CaseReport)
  public:
    tw::models::CaseView view;
    QList<tw::models::PlayerHistoryView> histories; // one per player of the case
    QList<ReportGame> games;                        // the evidence games shown
    int gamesLeftOut = 0;
    QList<ReportMove> moves; // the evidence moves pictured
    int movesLeftOut = 0;
    QList<tw::models::DecisionView> decisions;
    QList<tw::models::AuditRowView> audit;
    tw::models::AuditCheckView auditCheck; // the chain and every decision checked when the report was made
    QList<tw::models::ModelView> models;   // the decision models the case's flags were tested against
    Provenance provenance;
    QString tileset;

    // False with *error when the case does not exist or the database is not open.
    static std::optional<CaseReport> build(const tw::models::CaseSource& source, qint64 caseId,
                                           const ReportOptions& options, QString* error = nullptr);
    // Replaces every player id, game id, match id and source (in names, lists, subjects, notes, reasons,
    // audit details, board texts) by its pseudonym: a game id, a Tenhou log id or a file's path names
    // its players or its collection as surely as their names do. Whoever holds the database and its key
    // finds a game again by its pseudonym (gamePseudonym of each id).
    // `origins`: where the report's games came from, beside those of `games` (build reads them all).
    void anonymise(const QByteArray& key, const QHash<QString, tw::models::GameOriginView>& origins = {});
    static QString pseudonym(const QString& player, const QByteArray& key); // "player-…"
    // "game-…"; a hand of a match named "<match>-07" is "<match's pseudonym>-07", so hands of one match
    // still read as one. `match` empty: none.
    static QString gamePseudonym(const QString& gameId, const QString& match, const QByteArray& key);
    static QString matchPseudonym(const QString& match, const QByteArray& key);   // "match-…"
    static QString sourcePseudonym(const QString& source, const QByteArray& key); // "source-…"

    QJsonObject toJson() const;
    QString toHtml() const; // self-contained: CSS and PNG pictures inline, no outside reference
    bool writePdf(QIODevice* out, QString* error = nullptr) const; // A4

    // The q-value with what it was corrected for and the line a flag needs, by kind.
    static QString qValueText(const tw::models::FlagView& f, const tw::models::Thresholds& t);
    // One plain sentence on what a statistic of a flag kind means, with its value.
    static QString meaningOf(const tw::models::FlagView& flag, const QString& stat, double value,
                             const tw::models::Thresholds& thresholds);
    QString summary() const;
    static QString rulesetText(const QString& ruleset); // "" is every ruleset

    // The rule that raised each active flag of the case, so a report names the thresholds that mattered
    // and not only the ones in force: the calibrated test (q at most α, against its model), the seed's
    // line (f_u at or above the line over the games), a pair test (q at most α) or a report.
    struct Rule {
        QString kind;     // the flag's kind
        QString rule;     // "q_at_most", "fit_at_least" or "reported"
        double value = 0; // α or the line (0 for a report)
        int minGames = 0; // the seed's line: over at least this many games
        QString model;    // the calibrated test's model
        friend bool operator==(const Rule&, const Rule&) = default;
    };
    QList<Rule> raisedBy() const;
    static QString ruleText(const Rule& r);
};

// The single entry point for the desk and the CLI: builds the report and writes `path` (atomically).
bool writeCaseReport(const tw::models::CaseSource& source, qint64 caseId, Format format, const QString& path,
                     const ReportOptions& options = {}, QString* error = nullptr);

// Replaces whole occurrences of `from` (not inside a longer word when `from` starts or ends with a word
// character: "bo" must not eat "about").
QString replaceWhole(const QString& text, const QString& from, const QString& to);

// Only [A-Za-z0-9._-], runs of anything else as one '_', no leading dot, at most `maxLength` characters.
QString safeFileName(const QString& text, int maxLength = 80);
// "case-12-p005-p010.pdf" from the case's players (pseudonyms when anonymising), made safe.
QString proposedFileName(const tw::models::CaseSource& source, qint64 caseId, Format format,
                         const ReportOptions& options = {});

// The database's pseudonym key (see ReportOptions::pseudonymKey); empty with *error when it can be
// neither read nor created.
QByteArray databasePseudonymKey(const QString& databasePath, QString* error = nullptr);
// The key of `source`'s database: the one a team server keeps, else databasePseudonymKey of its file.
QByteArray pseudonymKeyOf(const models::CaseSource& source, QString* error = nullptr);

} // namespace tw::report
