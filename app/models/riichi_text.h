// What the desk says about a riichi hand, translated: the round ("East 2, 1 honba, 2 sticks"), a win's
// score ("Riichi 1, Pinfu 1, Dora 2 — 4 han 30 fu, 7,700"), an abortive draw's kind and a seat's score
// change. The rules name yaku by their Japanese (romaji) names, as Tenhou's players read them.
#pragma once

#include <QCoreApplication>
#include <QString>

#include <cstdint>

// Forward declarations only: ring 2's painter includes this without the rules headers. (An `enum class X :
// type;` declaration here hides the class below from lupdate, hence the abortive kind as its number.)
namespace tw {
struct TableStart;
namespace riichi {
struct RiichiScore;
}
} // namespace tw

namespace tw::models {

class RiichiText {
    Q_DECLARE_TR_FUNCTIONS(tw::models::RiichiText)
  public:
    static QString round(const tw::TableStart& start);        // "East 2, 1 honba, 2 sticks"
    static QString roundWind(int wind);                       // 0 East … 3 North
    static QString win(const tw::riichi::RiichiScore& score); // "Riichi 1, Pinfu 1 — 2 han 30 fu, 2,000"
    static QString winShort(const tw::riichi::RiichiScore& score); // "2 han 30 fu, 2,000 (Riichi 1, Pinfu 1)"
    static QString abortive(int kind);                             // AbortiveKind: "four riichi"
    static QString points(qint64 p);                               // "7,700"
    static QString change(qint64 p);                               // "+7,700", "−1,000", "±0"
};

} // namespace tw::models
