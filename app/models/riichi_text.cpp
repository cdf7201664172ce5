#include "riichi_text.h"

#include <QLocale>
#include <QStringList>

#include "op.h"
#include "record.h"
#include "riichi_score.h"

namespace tw::models {

QString RiichiText::roundWind(int wind) {
    switch (wind & 3) {
    case 0:
        return tr("East");
    case 1:
        return tr("South");
    case 2:
        return tr("West");
    default:
        return tr("North");
    }
}

QString RiichiText::round(const TableStart& start) {
    QString out = tr("%1 %2", "round wind and hand number: East 2")
                      .arg(roundWind(start.round / 4))
                      .arg(start.round % 4 + 1);
    // No plural forms: "1 honba" is the players' own word for any count, and sticks go as a count.
    out += tr(", %1 honba").arg(start.honba);
    if (start.sticks > 0) out += tr(", sticks %1", "riichi sticks on the table").arg(start.sticks);
    return out;
}

QString RiichiText::points(qint64 p) {
    return QLocale().toString(p);
}

QString RiichiText::change(qint64 p) {
    if (p == 0) return QStringLiteral("±0");
    return p > 0 ? QLatin1Char('+') + points(p) : QChar(0x2212) + points(-p);
}

QString RiichiText::abortive(int number) {
    const auto kind = static_cast<AbortiveKind>(number);
    switch (kind) {
    case AbortiveKind::NineTerminals:
        return tr("nine terminals");
    case AbortiveKind::FourWinds:
        return tr("four winds");
    case AbortiveKind::FourRiichi:
        return tr("four riichi");
    case AbortiveKind::FourKongs:
        return tr("four kongs");
    case AbortiveKind::TripleRon:
        return tr("triple ron");
    }
    return tr("unknown kind");
}

namespace {

// A win's yaku ("Riichi 1, Pinfu 1") and its value ("2 han 30 fu, 2,000"), told apart so that each form
// can put them in its own order.
struct WinParts {
    QString yaku, value;
};

WinParts partsOf(const riichi::RiichiScore& s) {
    QStringList yaku;
    for (int id : s.yakuman) yaku << QString::fromLatin1(riichi::yakuName(id));
    for (const riichi::YakuHan& y : s.yaku)
        if (y.han > 0) // Tenhou lists "Ura dora 0" after every riichi win: nothing to read there
            yaku << RiichiText::tr("%1 %2", "a yaku and its han: Pinfu 1")
                        .arg(QString::fromLatin1(riichi::yakuName(y.id)))
                        .arg(y.han);
    QString value;
    if (s.yakuman.empty()) value = RiichiText::tr("%1 han %2 fu").arg(s.han).arg(s.fu);
    QString limit;
    switch (s.limit) {
    case riichi::Limit::None:
        break;
    case riichi::Limit::Mangan:
        limit = RiichiText::tr("mangan");
        break;
    case riichi::Limit::Haneman:
        limit = RiichiText::tr("haneman");
        break;
    case riichi::Limit::Baiman:
        limit = RiichiText::tr("baiman");
        break;
    case riichi::Limit::Sanbaiman:
        limit = RiichiText::tr("sanbaiman");
        break;
    case riichi::Limit::Yakuman:
        limit = s.yakuman.size() > 1 ? RiichiText::tr("yakuman ×%1").arg(s.yakuman.size())
                                     : RiichiText::tr("yakuman");
        break;
    }
    if (!limit.isEmpty())
        value = value.isEmpty() ? limit
                                : RiichiText::tr("%1, %2", "han and fu, then the limit").arg(value, limit);
    value = RiichiText::tr("%1, %2", "han and fu (and limit), then the points")
                .arg(value, RiichiText::points(s.points));
    return {yaku.join(RiichiText::tr(", ", "between yaku")), value};
}

} // namespace

QString RiichiText::win(const riichi::RiichiScore& s) {
    if (!s.win) return tr("no win (%1)").arg(QString::fromStdString(s.why));
    const WinParts w = partsOf(s);
    return tr("%1 — %2", "yaku — han, fu and points").arg(w.yaku, w.value);
}

QString RiichiText::winShort(const riichi::RiichiScore& s) {
    // The value first: a name plate cuts a long line at its end.
    if (!s.win) return tr("no win (%1)").arg(QString::fromStdString(s.why));
    const WinParts w = partsOf(s);
    return tr("%1 (%2)", "a win's value, then its yaku").arg(w.value, w.yaku);
}

} // namespace tw::models
