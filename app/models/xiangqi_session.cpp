#include "xiangqi_session.h"

#include <QHash>

#include <algorithm>
#include <vector>

#include "record.h"
#include "xiangqi/game.h"
#include "xiangqi/notation.h"

namespace tw::models {

namespace {

QChar glyphOf(xq::Piece p) {
    // Simplified characters as printed on most sets; Red's general, advisor, elephant and soldier differ.
    static const char16_t red[] = u" 帅仕相马车炮兵";
    static const char16_t black[] = u" 将士象马车炮卒";
    const int t = static_cast<int>(xq::typeOf(p));
    return QChar(xq::sideOf(p) == xq::Side::Red ? red[t] : black[t]);
}

} // namespace

struct XiangqiSession::Private {
    xq::Game game;
    std::vector<xq::Board> boards; // boards[k]: after k moves
    QString error;
    int position = 0;
    int focusSeat = 0;
    QHash<int, XiangqiMoveFit> fits; // by ply
    QList<int> marks;                // sorted, unique
};

XiangqiSession::XiangqiSession(const xq::Game& game, QObject* parent)
    : ReviewSession(parent), d(std::make_unique<Private>()) {
    d->game = game;
    std::string why;
    const auto start = xq::startBoard(game, &why);
    if (!start) {
        d->error = QString::fromStdString(why);
        return;
    }
    d->boards.reserve(game.moves.size() + 1);
    d->boards.push_back(*start);
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        xq::Board next = d->boards.back();
        if (!next.isLegal(game.moves[i])) {
            d->error =
                tr("ply %1: %2").arg(i + 1).arg(QString::fromStdString(xq::whyIllegal(next, game.moves[i])));
            break; // the positions before it still show
        }
        next.make(game.moves[i]);
        d->boards.push_back(next);
    }
}

XiangqiSession::~XiangqiSession() = default;

bool XiangqiSession::isValid() const {
    return d->error.isEmpty() && !d->boards.empty();
}
QString XiangqiSession::errorText() const {
    return d->error;
}
QString XiangqiSession::rulesetName() const {
    return QString::fromLatin1(xiangqiRulesetName());
}
QString XiangqiSession::positionText() const {
    return tr("%1 · move %2 of %3").arg(gameId(), QString::number(position()), QString::number(plies()));
}
QString XiangqiSession::gameId() const {
    return QString::fromStdString(d->game.id);
}
QString XiangqiSession::red() const {
    return QString::fromStdString(d->game.red);
}
QString XiangqiSession::black() const {
    return QString::fromStdString(d->game.black);
}
QString XiangqiSession::result() const {
    return QString::fromLatin1(xq::resultText(d->game.result));
}
int XiangqiSession::plies() const {
    return std::max(0, int(d->boards.size()) - 1);
}
int XiangqiSession::position() const {
    return d->position;
}

void XiangqiSession::seek(int position) {
    position = std::clamp(position, 0, plies());
    if (position == d->position) return;
    d->position = position;
    emit positionChanged(position);
}

int XiangqiSession::focusSeat() const {
    return d->focusSeat;
}
void XiangqiSession::setFocusSeat(int seat) {
    seat = seat == 1 || seat == 2 ? seat : 0;
    if (seat == d->focusSeat) return;
    d->focusSeat = seat;
    emit viewChanged();
}
bool XiangqiSession::flipped() const {
    return d->focusSeat == 2;
}
QList<int> XiangqiSession::marks() const {
    return d->marks;
}
void XiangqiSession::setMarks(const QList<int>& plies) {
    QList<int> m;
    for (int ply : plies)
        if (ply >= 1 && ply <= this->plies()) m << ply;
    std::sort(m.begin(), m.end());
    m.erase(std::unique(m.begin(), m.end()), m.end());
    if (m == d->marks) return;
    d->marks = m;
    emit viewChanged();
}

int XiangqiSession::nextOwnMove() const {
    const bool red = d->focusSeat != 2;
    for (int ply = d->position + 1; ply <= plies(); ++ply)
        if (isRedMove(ply) == red) return ply;
    return -1;
}
int XiangqiSession::prevOwnMove() const {
    const bool red = d->focusSeat != 2;
    for (int ply = d->position - 1; ply >= 1; --ply)
        if (isRedMove(ply) == red) return ply;
    return -1;
}

QList<FitPoint> XiangqiSession::fitSeries(int seat) const {
    QList<FitPoint> out;
    int number = 0;
    for (int ply = 1; ply <= plies(); ++ply) {
        if ((seat == 1) != isRedMove(ply)) continue;
        ++number;
        const XiangqiMoveFit f = fitOf(ply);
        if (!f.ply || !f.counted) continue;
        FitPoint p;
        p.op = ply, p.number = number, p.fit = f.fit, p.weight = f.weight, p.flagged = f.flagged;
        out << p;
    }
    return out;
}

double XiangqiSession::gameFit(int seat) const {
    double sum = 0, weight = 0;
    for (const FitPoint& p : fitSeries(seat)) sum += p.fit * p.weight, weight += p.weight;
    return weight > 0 ? sum / weight : 0.0;
}

ReviewMove XiangqiSession::moveAt(int ply) const {
    const XiangqiMoveFit f = fitOf(ply);
    if (!f.ply) return {};
    ReviewMove m;
    m.valid = true;
    m.current = ply == d->position;
    m.move = ply;
    m.seat = isRedMove(ply) ? 1 : 2;
    m.player = m.seat == 1 ? red() : black();
    for (int p = 1; p <= ply; ++p) m.number += isRedMove(p) == (m.seat == 1);
    m.actual = moveText(ply);
    m.actualText = m.actual;
    const xq::Board& before = d->boards[ply - 1];
    if (const auto best = xq::parseIccs(f.best.toStdString()); best && before.isLegal(*best)) {
        m.engine << QString::fromStdString(xq::chinese(before, *best));
        m.offPrediction = *best != d->game.moves[ply - 1];
    }
    m.counted = f.counted;
    m.fit = f.fit;
    m.weight = f.counted ? f.weight : 0;
    m.valueLost = f.scoreBefore - f.scoreAfter;
    m.marked = d->marks.contains(ply);
    m.flagged = f.flagged;
    return m;
}

void XiangqiSession::setFits(const QList<XiangqiMoveFit>& fits) {
    d->fits.clear();
    for (const XiangqiMoveFit& f : fits)
        if (f.ply >= 1 && f.ply <= plies()) d->fits.insert(f.ply, f);
    emit fitsChanged();
}

XiangqiMoveFit XiangqiSession::fitOf(int ply) const {
    XiangqiMoveFit f = d->fits.value(ply);
    if (d->marks.contains(ply)) f.ply = ply, f.flagged = true; // marked plies without stored fits show too
    return f;
}

QList<int> XiangqiSession::flaggedPlies() const {
    QList<int> out = d->marks;
    for (auto it = d->fits.cbegin(); it != d->fits.cend(); ++it)
        if (it->flagged) out << it.key();
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

int XiangqiSession::nextFlagged() const {
    for (int ply : flaggedPlies())
        if (ply > d->position) return ply;
    return -1;
}

int XiangqiSession::prevFlagged() const {
    const QList<int> plies = flaggedPlies();
    for (auto it = plies.crbegin(); it != plies.crend(); ++it)
        if (*it < d->position) return *it;
    return -1;
}

QString XiangqiSession::moveText(int ply, Notation n) const {
    if (ply < 1 || ply > plies()) return {};
    const xq::Board& before = d->boards[ply - 1];
    const xq::Move m = d->game.moves[ply - 1];
    switch (n) {
    case Notation::Chinese:
        return QString::fromStdString(xq::chinese(before, m));
    case Notation::Iccs:
        return QString::fromStdString(xq::iccs(m));
    case Notation::Wxf:
        return QString::fromStdString(xq::wxf(before, m));
    }
    return {};
}

bool XiangqiSession::isRedMove(int ply) const {
    return ply >= 1 && ply <= plies() && d->boards[ply - 1].toMove() == xq::Side::Red;
}

QString XiangqiSession::fenAt(int position) const {
    if (position < 0 || position > plies()) return {};
    return QString::fromStdString(d->boards[position].fen());
}

XiangqiSnapshot XiangqiSession::snapshot() const {
    XiangqiSnapshot s;
    if (d->boards.empty()) return s;
    const xq::Board& b = d->boards[d->position];
    for (int sq = 0; sq < xq::kSquares; ++sq) {
        const xq::Piece p = b.at(xq::Square(sq));
        if (!p) continue;
        s.pieces.push_back({xq::fileOf(xq::Square(sq)), xq::rankOf(xq::Square(sq)),
                            xq::sideOf(p) == xq::Side::Red, glyphOf(p), QChar::fromLatin1(xq::fenLetter(p))});
    }
    if (d->position > 0) {
        const xq::Move m = d->game.moves[d->position - 1];
        s.lastFrom = m.from, s.lastTo = m.to;
        s.lastMove = moveText(d->position);
    }
    s.redToMove = b.toMove() == xq::Side::Red;
    s.inCheck = b.inCheck();
    s.ply = d->position;
    s.plies = plies();
    s.red = red();
    s.black = black();
    s.flipped = flipped();
    s.fit = fitOf(d->position);
    if (d->position > 0 && !s.fit.best.isEmpty()) {
        const xq::Board& before = d->boards[d->position - 1];
        if (const auto best = xq::parseIccs(s.fit.best.toStdString()); best && before.isLegal(*best)) {
            s.bestMove = QString::fromStdString(xq::chinese(before, *best));
            s.bestFrom = best->from, s.bestTo = best->to;
        }
    }
    return s;
}

} // namespace tw::models
