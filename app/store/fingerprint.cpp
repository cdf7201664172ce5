#include "fingerprint.h"

#include <openssl/evp.h>

#include <bit>
#include <cstring>
#include <string>

#include "xiangqi/notation.h"

namespace tw::store {

namespace {

// SHA-256 by OpenSSL, which uses the processor's SHA instructions where it has them: every game imported or
// scanned is hashed whole (~2 KB), and Qt's portable SHA-256 was 6× slower. The digest is fetched once;
// a fetched digest may be shared by threads.
QByteArray sha256(const std::string& text) {
    static EVP_MD* const md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (!md || !EVP_Digest(text.data(), text.size(), digest, &size, md, nullptr) || size != 32)
        qFatal("fingerprint: OpenSSL's SHA-256 is not available");
    return QByteArray(reinterpret_cast<const char*>(digest), 32);
}

// 128 bits: a chance collision needs ~2^64 games, a forged one ~2^64 hashes; half of SHA-256's width keeps
// the unique look-up index small, which a bulk import updates at random places.
QByteArray finish(const std::string& text) {
    return sha256(text).left(16);
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
    const QByteArray hash = sha256(text);
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
    const std::size_t head = bytes.size();
    bytes.resize(head + 8 * g.ops.size());
    if constexpr (std::endian::native == std::endian::little) { // each op's 8 bytes, least significant first
        if (!g.ops.empty()) std::memcpy(bytes.data() + head, g.ops.data(), 8 * g.ops.size());
    } else {
        char* at = bytes.data() + head;
        for (const std::int64_t op : g.ops)
            for (int shift = 0; shift < 64; shift += 8) *at++ = char((std::uint64_t(op) >> shift) & 0xff);
    }
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
