#include "fingerprint.h"

#include <QCryptographicHash>

#include <string>

#include "xiangqi/notation.h"

namespace tw::store {

namespace {

// 128 bits: a chance collision needs ~2^64 games, a forged one ~2^64 hashes; half of SHA-256's width keeps
// the unique look-up index small, which a bulk import updates at random places.
QByteArray finish(const std::string& text) {
    return QCryptographicHash::hash(QByteArrayView(text.data(), qsizetype(text.size())),
                                    QCryptographicHash::Sha256)
        .left(16);
}

// A name's bytes with their length first: no name can run into the next.
void appendField(std::string& out, const std::string& field) {
    const std::uint64_t n = field.size();
    for (int shift = 0; shift < 64; shift += 8) out += char((n >> shift) & 0xff);
    out += field;
}

std::string idOf(const char* prefix, const std::string& text) {
    static const char* const kHex = "0123456789abcdef";
    std::string out = prefix;
    const QByteArray hash = QCryptographicHash::hash(QByteArrayView(text.data(), qsizetype(text.size())),
                                                     QCryptographicHash::Sha256);
    for (int i = 0; i < 12; ++i) {
        const auto b = static_cast<unsigned char>(hash[i]);
        out += kHex[b >> 4];
        out += kHex[b & 15];
    }
    return out;
}

} // namespace

std::string contentId(const xq::Game& g, const QByteArray& print) {
    std::string text = "xiangqi-id/1 ";
    appendField(text, (print.isEmpty() ? fingerprint(g) : print).toStdString());
    appendField(text, g.red);
    appendField(text, g.black);
    return idOf("xq-", text);
}

std::string matchContentId(const std::vector<GameRecord>& hands) {
    std::string text = "riichi-match-id/1 ";
    if (!hands.empty())
        for (const std::string& player : hands.front().seats) appendField(text, player);
    for (const GameRecord& hand : hands) appendField(text, fingerprint(hand).toStdString());
    return idOf("riichi-", text);
}

QByteArray fingerprint(const GameRecord& g) {
    // Fixed-width binary, not text: this runs once per imported hand (~250 ops).
    std::string bytes = "mahjong/1 ";
    bytes += rulesetName(g.ruleset);
    bytes += char(g.dealer);
    bytes.reserve(bytes.size() + 8 * g.ops.size());
    for (const std::int64_t op : g.ops)
        for (int shift = 0; shift < 64; shift += 8) bytes += char((std::uint64_t(op) >> shift) & 0xff);
    return finish(bytes);
}

QByteArray fingerprint(const xq::Game& g) {
    std::string text = "xiangqi/1 ";
    // A start position we cannot read keeps its text: such a game is never stored, but the hash stays total.
    const auto board = xq::startBoard(g);
    const std::string fen = board ? board->fen() : g.fen;
    text += fen == xq::kStartFen ? std::string() : fen;
    for (const xq::Move& m : g.moves) text += ' ' + xq::iccs(m);
    return finish(text);
}

} // namespace tw::store
