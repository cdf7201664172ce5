#include "op.h"

namespace tw {

int copiesFor(OpCode code) {
    switch (code) {
    case OpCode::Deal:
    case OpCode::Discard:
    case OpCode::Ron:
    case OpCode::SelfDraw:
    case OpCode::AddedKong:
    case OpCode::RobKong:
    case OpCode::HunIndicator:
    case OpCode::GunIndicator:
    case OpCode::DoraIndicator:
    case OpCode::UraIndicator:
    case OpCode::Nukidora:
        return 1;
    case OpCode::Pung:
    case OpCode::Chow:
        return 3;
    case OpCode::ConcealedKong:
    case OpCode::ExposedKong:
        return 4;
    case OpCode::Pass:
    case OpCode::ExhaustiveDraw:
    case OpCode::PassRobKong:
    case OpCode::Lack:
    case OpCode::Riichi:
    case OpCode::AbortiveDraw:
        return 0;
    }
    return -1;
}

const char* opName(OpCode code) {
    switch (code) {
    case OpCode::Deal:
        return "deal";
    case OpCode::Discard:
        return "discard";
    case OpCode::Pung:
        return "pung";
    case OpCode::Ron:
        return "ron";
    case OpCode::SelfDraw:
        return "self-draw";
    case OpCode::ConcealedKong:
        return "concealed kong";
    case OpCode::AddedKong:
        return "added kong";
    case OpCode::ExposedKong:
        return "exposed kong";
    case OpCode::Pass:
        return "pass";
    case OpCode::ExhaustiveDraw:
        return "exhaustive draw";
    case OpCode::RobKong:
        return "robbing the kong";
    case OpCode::PassRobKong:
        return "pass on robbing the kong";
    case OpCode::Chow:
        return "chow";
    case OpCode::Lack:
        return "lack declaration";
    case OpCode::HunIndicator:
        return "hun indicator";
    case OpCode::GunIndicator:
        return "gun indicator";
    case OpCode::Riichi:
        return "riichi";
    case OpCode::DoraIndicator:
        return "dora indicator";
    case OpCode::UraIndicator:
        return "ura dora indicator";
    case OpCode::AbortiveDraw:
        return "abortive draw";
    case OpCode::Nukidora:
        return "nukidora";
    }
    return "unknown operation";
}

const char* abortiveName(AbortiveKind k) {
    switch (k) {
    case AbortiveKind::NineTerminals:
        return "nine terminals";
    case AbortiveKind::FourWinds:
        return "four winds";
    case AbortiveKind::FourRiichi:
        return "four riichi";
    case AbortiveKind::FourKongs:
        return "four kongs";
    case AbortiveKind::TripleRon:
        return "triple ron";
    }
    return "unknown abortive draw";
}

namespace {

// "a pung", "an exhaustive draw"
std::string withArticle(OpCode code) {
    const std::string name = opName(code);
    const bool vowel = name.find_first_of("aeiou") == 0;
    return (vowel ? "an " : "a ") + name;
}

bool hasNoSeat(OpCode code) {
    return code == OpCode::ExhaustiveDraw || code == OpCode::HunIndicator || code == OpCode::GunIndicator ||
           code == OpCode::DoraIndicator || code == OpCode::UraIndicator;
}

// Ops whose copies are all of the one kind named by type and number (a chow's are three kinds).
bool copiesOfOneKind(OpCode code) {
    return code == OpCode::Pung || code == OpCode::ConcealedKong || code == OpCode::ExposedKong;
}

std::optional<Op> fail(std::string* error, std::string why) {
    if (error) *error = std::move(why);
    return std::nullopt;
}

} // namespace

std::optional<Op> decodeOpChecked(std::int64_t value, std::string* error) {
    if (value < 0)
        return fail(error, "negative value " + std::to_string(value) + " (an op is a non-negative integer)");
    Op op;
    const int codeDigits = static_cast<int>(value % 100);
    op.code = static_cast<OpCode>(codeDigits);
    const int need = copiesFor(op.code);
    if (need < 0) return fail(error, "unknown operation " + std::to_string(codeDigits));

    const int seat = static_cast<int>(value / 100 % 10);
    const int type = static_cast<int>(value / 1000 % 10);
    const int number = static_cast<int>(value / 10000 % 10);
    std::int64_t rest = value / 100000;

    if (op.code == OpCode::AbortiveDraw) {
        if (seat > 4) return fail(error, "seat " + std::to_string(seat) + " does not exist (seats are 1-4)");
    } else if (hasNoSeat(op.code)) {
        if (seat != 0)
            return fail(error, withArticle(op.code) + " has no seat (seat digit 0), found seat " +
                                   std::to_string(seat));
    } else if (seat == 0) {
        return fail(error, withArticle(op.code) + " needs a seat 1-4, found seat 0");
    } else if (seat > 4) {
        return fail(error, "seat " + std::to_string(seat) + " does not exist (seats are 1-4)");
    }

    if (op.code == OpCode::Lack) {
        if (type == 0)
            return fail(error, "a lack declaration needs the void suit as its tile type (1-3), found 0");
        if (type == 4)
            return fail(error, "honours (tile type 4) cannot be declared as the void suit (types 1-3)");
        if (type > 4)
            return fail(error, "tile type " + std::to_string(type) + " does not exist (types are 1-4)");
        if (number != 0)
            return fail(error, "a lack declaration has tile number 0, found " + std::to_string(number));
    } else if (op.code == OpCode::AbortiveDraw) {
        if (type != 0) return fail(error, "an abortive draw has tile type 0, found " + std::to_string(type));
        if (number < 1 || number > 5)
            return fail(error,
                        "abortive draw kind " + std::to_string(number) +
                            " does not exist (1 nine terminals, 2 four winds, 3 four riichi, 4 four kongs, "
                            "5 triple ron)");
        if ((number == 1) != (seat != 0))
            return fail(error, number == 1 ? "nine terminals needs the seat that declares it"
                                           : "only nine terminals names a seat (seat digit 0)");
    } else if (need == 0) {
        if (type != 0 || number != 0)
            return fail(error, withArticle(op.code) + " carries no tile (type and number 0), found type " +
                                   std::to_string(type) + " number " + std::to_string(number));
    } else {
        if (type == 0) return fail(error, "tile type 0 where a tile is needed");
        if (type > 4)
            return fail(error, "tile type " + std::to_string(type) + " does not exist (types are 1-4)");
        if (number == 0) return fail(error, "tile number 0 where a tile is needed");
        if (type == 4 && number > 7)
            return fail(error,
                        "honour number " + std::to_string(number) + " does not exist (honours are 1-7)");
    }

    int found = 0;
    for (std::int64_t r = rest; r > 0; r /= 10) ++found;
    if (found != need) {
        if (need == 0)
            return fail(error,
                        withArticle(op.code) + " carries no copy digits, found " + std::to_string(found));
        return fail(error, withArticle(op.code) + " needs " + std::to_string(need) + " copy digit" +
                               (need == 1 ? "" : "s") + ", found " + std::to_string(found));
    }
    for (int i = 0; i < need; ++i, rest /= 10) {
        const int index = static_cast<int>(rest % 10);
        if (index < 1 || index > 4)
            return fail(error, "copy index " + std::to_string(index) + " (copies are 1-4)");
        if (copiesOfOneKind(op.code))
            for (int j = 0; j < i; ++j)
                if (op.copies[j] == index)
                    return fail(error, "copy index " + std::to_string(index) + " appears twice in " +
                                           withArticle(op.code) + " (its copies are different tiles)");
        op.copies[i] = static_cast<std::uint8_t>(index);
    }
    op.copyCount = static_cast<std::uint8_t>(need);
    op.seat = static_cast<std::uint8_t>(seat);
    op.type = static_cast<std::uint8_t>(type);
    op.number = static_cast<std::uint8_t>(number);
    return op;
}

std::int64_t encodeOp(const Op& op) {
    std::int64_t v = static_cast<std::int64_t>(op.code) + 100 * std::int64_t(op.seat) +
                     1000 * std::int64_t(op.type) + 10000 * std::int64_t(op.number);
    std::int64_t scale = 100000;
    for (int i = 0; i < op.copyCount && i < 4; ++i, scale *= 10) v += scale * op.copies[i];
    return v;
}

} // namespace tw
