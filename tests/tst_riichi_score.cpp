// Riichi scoring (app/rules/riichi_score.h) against Tenhou's own numbers: every AGARI of the 35 real
// Phoenix-room records in peer-data/tenhou-mjx carries the yaku with their han, the yakuman, fu, points,
// limit and the score changes. The win's situation (winds, riichi, ippatsu, haitei, rinshan, chankan,
// dora…) is derived here from the record's events, independently of the scorer, the hand is scored and
// every figure compared; each difference is reported with its file and hand. Hand-made rows then cover
// what the records lack (thirteen orphans, nine gates, four concealed pungs, all green, counted yakuman,
// the fu corner cases), with values from the rules, not from this code, and 360 hands scored by an
// independent implementation of the same rules (tests/data/riichi_majiang_cases.txt) cover every yaku.
#include <QDir>
#include <QFile>
#include <QtTest>

#include <algorithm>
#include <functional>
#include <map>

#include "riichi_score.h"
#include "tenhou/mjlog.h"
#include "tenhou_files.h"

using namespace tw;
using namespace tw::riichi;

namespace {

using twtest::fileText;
using twtest::kDir;
using twtest::mjlogFiles;

Kind kindOfId(int id) {
    return static_cast<Kind>(id / 4);
}

// One win of a record with the situation derived from the events before it.
struct RecordedWin {
    const tenhou::Agari* agari = nullptr;
    WinSituation w;
    WinPayment pay;
    std::vector<Kind> indicatorsShown; // the AGARI's own doraHai, to check our derivation
    int tableHonba = 0;                // Tenhou writes the table's honba in every AGARI of a double ron
};

std::vector<RecordedWin> winsOf(const tenhou::Match& match, const tenhou::Hand& h) {
    std::vector<RecordedWin> out;
    const bool reds = match.type.redFives();
    int draws = 0; // all draws of the hand, kan replacements included: the live wall is empty at 70
    bool anyCall = false;
    std::array<bool, 4> discarded{}, reachDeclared{}, riichi{}, doubleRiichi{}, ippatsu{}, kanPending{};
    std::array<bool, 4> ippatsuBeforeCall{};
    std::array<int, 4> seatDraws{};
    struct LastDraw {
        int who = -1, tile = -1;
        bool rinshan = false, first = false;
    } lastDraw;
    const tenhou::Call* lastAddedKan = nullptr; // the previous event, when it was an added kan
    std::vector<Kind> indicators{kindOfId(h.doraIndicator)};
    int sticks = h.sticks;
    for (const tenhou::Event& e : h.events) {
        const tenhou::Call* addedKanNow = nullptr;
        if (const auto* d = std::get_if<tenhou::Draw>(&e)) {
            ++draws;
            lastDraw = {d->who, d->tile, kanPending[d->who], seatDraws[d->who] == 0 && !anyCall};
            kanPending[d->who] = false;
            ++seatDraws[d->who];
        } else if (const auto* d = std::get_if<tenhou::Discard>(&e)) {
            if (reachDeclared[d->who] && !riichi[d->who]) {
                riichi[d->who] = true;
                doubleRiichi[d->who] = !discarded[d->who] && !anyCall;
                ippatsu[d->who] = true;
            } else {
                ippatsu[d->who] = false;
            }
            discarded[d->who] = true;
        } else if (const auto* c = std::get_if<tenhou::Call>(&e)) {
            anyCall = true;
            ippatsuBeforeCall = ippatsu;
            ippatsu.fill(false); // any call, a closed kan too, ends every ippatsu
            const tenhou::MeldKind k = c->meld.kind;
            if (k == tenhou::MeldKind::AddedKan || k == tenhou::MeldKind::ClosedKan ||
                k == tenhou::MeldKind::OpenKan)
                kanPending[c->who] = true;
            if (k == tenhou::MeldKind::AddedKan) addedKanNow = c;
        } else if (const auto* r = std::get_if<tenhou::Reach>(&e)) {
            if (r->step == 1)
                reachDeclared[r->who] = true;
            else
                ++sticks;
        } else if (const auto* d = std::get_if<tenhou::Dora>(&e)) {
            indicators.push_back(kindOfId(d->indicator));
        } else if (const auto* a = std::get_if<tenhou::Agari>(&e)) {
            RecordedWin rw;
            rw.agari = a;
            WinSituation& w = rw.w;
            const int who = a->who;
            w.tsumo = a->fromWho == who;
            Counts counts{};
            for (int t : a->hai) ++counts[kindOfId(t)];
            w.hand = Hand::fromCounts(counts);
            for (const tenhou::Meld& m : a->melds) {
                Meld meld;
                meld.kind = kindOfId(*std::min_element(m.tiles.begin(), m.tiles.end()));
                switch (m.kind) {
                case tenhou::MeldKind::Chi:
                    meld.type = MeldType::Chow;
                    break;
                case tenhou::MeldKind::Pon:
                    meld.type = MeldType::Pung;
                    break;
                case tenhou::MeldKind::AddedKan:
                    meld.type = MeldType::AddedKong;
                    break;
                case tenhou::MeldKind::ClosedKan:
                    meld.type = MeldType::ConcealedKong;
                    break;
                default:
                    meld.type = MeldType::ExposedKong;
                    break;
                }
                w.hand.addMeld(meld);
            }
            auto red = [&](int t) { return reds && (t == 16 || t == 52 || t == 88); };
            for (int t : a->hai) w.redFives += red(t);
            for (const tenhou::Meld& m : a->melds)
                for (int t : m.tiles) w.redFives += red(t);
            w.seatWind = (who - h.oya + 4) % 4;
            w.roundWind = h.round / 4;
            w.riichi = riichi[who];
            w.doubleRiichi = doubleRiichi[who];
            w.chankan = !w.tsumo && lastAddedKan != nullptr;
            w.ippatsu = w.riichi && (w.chankan ? ippatsuBeforeCall[who] : ippatsu[who]);
            if (w.tsumo) {
                w.winningTile = kindOfId(lastDraw.tile);
                w.rinshan = lastDraw.rinshan;
                w.haitei = draws == 70 && !w.rinshan;
                w.firstDraw = lastDraw.first;
            } else {
                w.winningTile = kindOfId(a->machi); // the discard or the added kan's tile
                w.houtei = !w.chankan && draws == 70;
            }
            w.doraIndicators = indicators;
            for (int t : a->doraHaiUra) w.uraIndicators.push_back(kindOfId(t));
            w.openTanyao = match.type.openTanyao();
            for (int t : a->doraHai) rw.indicatorsShown.push_back(kindOfId(t));
            // Only the first winner counted from the discarder takes the honba and the sticks.
            std::vector<int> winners;
            for (const tenhou::Event& other : h.events)
                if (const auto* o = std::get_if<tenhou::Agari>(&other)) winners.push_back(o->who);
            const bool first = w.tsumo || firstWinnerFrom(a->fromWho, winners) == who;
            rw.pay = {who,      h.oya, w.tsumo ? -1 : a->fromWho, first ? h.honba : 0, first ? sticks : 0,
                      a->paoWho};
            rw.tableHonba = h.honba;
            out.push_back(rw);
        }
        lastAddedKan = addedKanNow;
    }
    return out;
}

std::string yakuText(std::vector<YakuHan> y) {
    std::string s;
    for (const YakuHan& v : y)
        s.append(s.empty() ? "" : " ").append(std::to_string(v.id)).append(":").append(std::to_string(v.han));
    return s.empty() ? "-" : s;
}
std::string idsText(const std::vector<int>& v) {
    std::string s;
    for (int i : v) s.append(s.empty() ? "" : " ").append(std::to_string(i));
    return s.empty() ? "-" : s;
}

struct Tally {
    int wins = 0, matching = 0, sameOrder = 0;
    int agariTags = 0; // "<AGARI" in the texts: every one must be scored
    QStringList mismatches;
    std::map<std::string, int> situations; // how often each derived circumstance occurs in the data
};

// Compares one scored win with its AGARI; returns the differences ("" when all agree).
std::string compare(const RecordedWin& rw, const RiichiScore& s, bool* sameOrder) {
    const tenhou::Agari& a = *rw.agari;
    std::string diff;
    auto add = [&](const std::string& what, const std::string& ours, const std::string& theirs) {
        if (ours != theirs) diff += " " + what + " ours " + ours + " tenhou " + theirs + ";";
    };
    std::vector<YakuHan> theirs;
    for (auto [id, han] : a.yaku) theirs.push_back({id, han});
    // In Tenhou's order: the yaku as the record lists them, not only the same set.
    *sameOrder = s.yaku == theirs;
    add("yaku", yakuText(s.yaku), yakuText(theirs));
    std::vector<int> ym = s.yakuman, tym = a.yakuman;
    std::sort(ym.begin(), ym.end());
    std::sort(tym.begin(), tym.end());
    add("yakuman", idsText(ym), idsText(tym));
    add("fu", std::to_string(s.fu), std::to_string(a.fu));
    add("points", std::to_string(s.points), std::to_string(a.points));
    add("limit", std::to_string(static_cast<int>(s.limit)), std::to_string(a.limit));
    const std::array<long, 4> d = settleWin(s, rw.pay);
    std::string ours, tenhou;
    for (int i = 0; i < 4; ++i) {
        ours.append(i ? "," : "").append(std::to_string(d[i]));
        tenhou.append(i ? "," : "").append(std::to_string(a.deltas[i] * 100L));
    }
    add("deltas", ours, tenhou);
    // In a double ron both AGARI carry the table's honba but only the first is paid them (its deltas show
    // it: 2020052700gm…75a4695c hand 3); the sticks are written for the first winner only.
    add("honba/sticks", std::to_string(rw.tableHonba) + "/" + std::to_string(rw.pay.sticks),
        std::to_string(a.honba) + "/" + std::to_string(a.sticks));
    std::vector<Kind> ind = rw.w.doraIndicators;
    std::string ourInd, theirInd;
    for (Kind k : ind) ourInd += kindName(k);
    for (Kind k : rw.indicatorsShown) theirInd += kindName(k);
    add("dora indicators", ourInd, theirInd);
    add("winning tile", kindName(rw.w.winningTile), kindName(kindOfId(a.machi)));
    if (!s.win) diff += " no win: " + s.why + ";";
    return diff;
}

Tally scoreAllRecords(const std::function<RiichiScore(const WinSituation&)>& scorer) {
    Tally t;
    for (const QString& name : mjlogFiles()) {
        const std::string text = fileText(kDir + "/" + name);
        for (auto at = text.find("<AGARI"); at != std::string::npos; at = text.find("<AGARI", at + 1))
            ++t.agariTags;
        const tenhou::ReadResult r = tenhou::readMjlog(text);
        if (!r.match) {
            t.mismatches << name + ": " + QString::fromStdString(r.error);
            continue;
        }
        for (std::size_t hi = 0; hi < r.match->hands.size(); ++hi) {
            for (const RecordedWin& rw : winsOf(*r.match, r.match->hands[hi])) {
                ++t.wins;
                const WinSituation& w = rw.w;
                const std::pair<const char*, bool> flags[] = {{"tsumo", w.tsumo},
                                                              {"riichi", w.riichi},
                                                              {"double riichi", w.doubleRiichi},
                                                              {"ippatsu", w.ippatsu},
                                                              {"rinshan", w.rinshan},
                                                              {"chankan", w.chankan},
                                                              {"haitei", w.haitei},
                                                              {"houtei", w.houtei},
                                                              {"first draw", w.firstDraw},
                                                              {"pao", rw.pay.pao >= 0},
                                                              {"open", w.hand.meldCount > 0},
                                                              {"kan dora", w.doraIndicators.size() > 1}};
                for (auto [what, on] : flags) t.situations[what] += on;
                const RiichiScore s = scorer(rw.w);
                bool sameOrder = false;
                const std::string diff = compare(rw, s, &sameOrder);
                t.sameOrder += sameOrder;
                if (diff.empty()) {
                    ++t.matching;
                } else {
                    t.mismatches << QStringLiteral("%1 hand %2 (winner %3): %4 [ours: %5]")
                                        .arg(name)
                                        .arg(hi + 1)
                                        .arg(rw.agari->who)
                                        .arg(QString::fromStdString(diff),
                                             QString::fromStdString(describe(s)));
                }
            }
        }
    }
    return t;
}

// ---- Hand-made rows: "123m456p…" concealed tiles (winning tile included), melds, context. ----

Hand parseHand(const QString& concealed, const QString& melds) {
    const auto counts = parseCounts(concealed.toStdString());
    if (!counts) throw std::runtime_error("bad hand " + concealed.toStdString());
    Hand h = Hand::fromCounts(*counts);
    for (const QString& m : melds.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QStringList kv = m.split(QLatin1Char(':'));
        const auto kinds = parseTiles(kv.value(1).toStdString());
        if (kv.size() != 2 || !kinds || kinds->empty())
            throw std::runtime_error("bad meld " + m.toStdString());
        static const std::map<QString, MeldType> kTypes{{"chi", MeldType::Chow},
                                                        {"pon", MeldType::Pung},
                                                        {"kan", MeldType::ExposedKong},
                                                        {"ankan", MeldType::ConcealedKong}};
        h.addMeld({kTypes.at(kv[0]), *std::min_element(kinds->begin(), kinds->end()), 0});
    }
    return h;
}

WinSituation parseSituation(const QString& concealed, const QString& melds, const QString& context) {
    WinSituation w;
    w.hand = parseHand(concealed, melds);
    w.seatWind = 1; // South: a non-dealer unless the row says otherwise
    for (const QString& tok : context.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString key = tok.section(QLatin1Char('='), 0, 0), value = tok.section(QLatin1Char('='), 1);
        auto kinds = [&] { return *parseTiles(value.toStdString()); };
        if (key == "tsumo")
            w.tsumo = true;
        else if (key == "ron")
            w.tsumo = false;
        else if (key == "win")
            w.winningTile = kinds().at(0);
        else if (key == "seat")
            w.seatWind = QStringLiteral("ESWN").indexOf(value);
        else if (key == "round")
            w.roundWind = QStringLiteral("ESWN").indexOf(value);
        else if (key == "riichi")
            w.riichi = true;
        else if (key == "ippatsu")
            w.ippatsu = true;
        else if (key == "haitei")
            w.haitei = true;
        else if (key == "houtei")
            w.houtei = true;
        else if (key == "first")
            w.firstDraw = true;
        else if (key == "double")
            w.riichi = w.doubleRiichi = true;
        else if (key == "rinshan")
            w.rinshan = true;
        else if (key == "chankan")
            w.chankan = true;
        else if (key == "dora")
            w.doraIndicators = kinds();
        else if (key == "ura")
            w.uraIndicators = kinds();
        else if (key == "aka")
            w.redFives = value.toInt();
        else if (key == "seats")
            w.seats = value.toInt();
        else if (key == "kita")
            w.kita = value.toInt();
        else
            throw std::runtime_error("bad context " + tok.toStdString());
    }
    return w;
}

} // namespace

class TestRiichiScore : public QObject {
    Q_OBJECT
  private slots:
    void everyRecordedWin();
    void aBrokenScorerFails();
    void handMade_data();
    void handMade();
    void independentImplementation();
    void settlement();
    void description();
};

// Every AGARI of every file (the two truncated copies too: their wins are real wins), scored and compared.
void TestRiichiScore::everyRecordedWin() {
    const Tally t = scoreAllRecords(scoreRiichi);
    for (const QString& m : t.mismatches) qWarning().noquote() << m;
    qInfo().noquote() << QStringLiteral(
                             "%1 wins checked, %2 match Tenhou in every figure; %3 list the yaku in "
                             "Tenhou's order")
                             .arg(t.wins)
                             .arg(t.matching)
                             .arg(t.sameOrder);
    QCOMPARE(mjlogFiles().size(), 35);
    QString seen;
    for (const auto& [what, n] : t.situations)
        seen += QStringLiteral(" %1 %2,").arg(QString::fromStdString(what)).arg(n);
    qInfo().noquote() << "circumstances among them:" << seen;
    QCOMPARE(t.wins, t.agariTags); // 288: 274 distinct wins, the two truncated copies repeat 14
    QCOMPARE(t.mismatches.size(), 0);
    QCOMPARE(t.matching, t.wins);
}

// The comparison catches a scorer that is wrong in any one place.
void TestRiichiScore::aBrokenScorerFails() {
    struct Mutation {
        const char* what;
        std::function<void(RiichiScore&)> apply;
    };
    const std::vector<Mutation> mutations{
        {"fu not rounded (one less)", [](RiichiScore& s) { s.fu -= 1; }},
        {"riichi worth 2",
         [](RiichiScore& s) {
             for (YakuHan& y : s.yaku)
                 if (y.id == Riichi) y.han = 2;
         }},
        {"no ura entry",
         [](RiichiScore& s) { std::erase_if(s.yaku, [](const YakuHan& y) { return y.id == UraDora; }); }},
        {"ron rounded down", [](RiichiScore& s) { s.points -= s.points % 1000 ? 100 : 0; }},
        {"yaku listed by number",
         [](RiichiScore& s) {
             std::sort(s.yaku.begin(), s.yaku.end(),
                       [](const YakuHan& a, const YakuHan& b) { return a.id < b.id; });
         }},
        {"kiriage mangan",
         [](RiichiScore& s) {
             if ((s.han == 4 && s.fu == 30) || (s.han == 3 && s.fu == 60))
                 s.basePoints = 2000, s.points = 8000;
         }},
    };
    for (const Mutation& m : mutations) {
        const Tally t = scoreAllRecords([&](const WinSituation& w) {
            RiichiScore s = scoreRiichi(w);
            m.apply(s);
            return s;
        });
        QVERIFY2(t.matching < t.wins, m.what);
        qInfo() << m.what << ":" << t.wins - t.matching << "wins now differ";
    }
}

// Expected values from the rules (standard score tables; Tenhou: open tanyao, no kiriage, a double-wind pair
// 4 fu, yakuman stack but no single yakuman is double — "tenhou does not support double yakuman for a single
// yaku", MahjongRepository/mahjong hand_config.py), worked by hand.
void TestRiichiScore::handMade_data() {
    QTest::addColumn<QString>("hand");
    QTest::addColumn<QString>("melds");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("yaku");    // id:han sorted by id, "-" none
    QTest::addColumn<QString>("yakuman"); // ids sorted
    QTest::addColumn<int>("fu");          // -1: not checked
    QTest::addColumn<long>("points");
    // Menzen tsumo + pinfu, 2 han 20 fu: 400/700.
    QTest::newRow("pinfu tsumo 20 fu") << "123456m234p678s55s"
                                       << ""
                                       << "tsumo win=4m"
                                       << "0:1 7:1"
                                       << "-" << 20 << 1500L;
    // Riichi + pinfu ron, 2 han 30 fu = 2,000; ura shown at 0.
    QTest::newRow("pinfu ron 30 fu") << "123456m234p678s55s"
                                     << ""
                                     << "ron riichi win=4m"
                                     << "1:1 7:1 53:0"
                                     << "-" << 30 << 2000L;
    // Open tanyao, pinfu shape, ron: 20 fu becomes 30; 1 han 30 fu = 1,000.
    QTest::newRow("open pinfu shape 30 fu") << "567p345678s22p"
                                            << "chi:234m"
                                            << "ron win=5p"
                                            << "8:1"
                                            << "-" << 30 << 1000L;
    // Riichi + chiitoitsu, 3 han 25 fu = 3,200.
    QTest::newRow("chiitoitsu 25 fu") << "1122m5577p99s1133z"
                                      << ""
                                      << "ron riichi win=3z"
                                      << "1:1 22:2 53:0"
                                      << "-" << 25 << 3200L;
    // Dealer, East round, pair of East: 20 + 10 closed ron + 8 concealed 111p + 4 double wind = 42 → 50 fu;
    // dealer 1 han 50 fu = 2,400 (with a 2-fu pair it would be 40 fu, 2,000).
    QTest::newRow("double wind pair 4 fu") << "111p456m234789s11z"
                                           << ""
                                           << "ron riichi seat=E round=E win=9s"
                                           << "1:1 53:0"
                                           << "-" << 50 << 2400L;
    // Riichi pinfu tanyao dora 1 = 4 han 30 fu: 7,700, no kiriage mangan.
    QTest::newRow("4 han 30 fu no kiriage") << "234567m234p678s55s"
                                            << ""
                                            << "ron riichi win=7m dora=1p"
                                            << "1:1 7:1 8:1 52:1 53:0"
                                            << "-" << 30 << 7700L;
    // Closed kan of 1m (32) + closed ron (10) + kanchan (2) + 20 = 64 → 70 fu; riichi + dora 2 = 3 han 70 fu:
    // over 2,000 base, mangan.
    QTest::newRow("3 han 70 fu mangan") << "234567p789s55s"
                                        << "ankan:1111m"
                                        << "ron riichi win=8s dora=4s"
                                        << "1:1 52:2 53:0"
                                        << "-" << 70 << 8000L;
    // Riichi tsumo pinfu iipeikou ittsu 2 chinitsu 6 dora 3 = 15 han: counted yakuman 8,000/16,000.
    QTest::newRow("kazoe yakuman") << "11223345678955m"
                                   << ""
                                   << "tsumo riichi win=6m dora=4m"
                                   << "0:1 1:1 7:1 9:1 24:2 35:6 52:3 53:0"
                                   << "-" << 20 << 32000L;
    // Pinfu iipeikou ittsu 2 chinitsu 6 dora 1 = 11 han ron: sanbaiman 24,000.
    QTest::newRow("sanbaiman") << "11223345678955m"
                               << ""
                               << "ron win=6m dora=8m"
                               << "7:1 9:1 24:2 35:6 52:1"
                               << "-" << 30 << 24000L;
    // Three players (sanma). Seat 1 of tests/data/sanma: a North set aside, menzen tsumo on its replacement
    // (rinshan) with pinfu, 20 fu; the North one dora: 4 han 20 fu, 2,600 + 1,300 (tsumo loss: 3,900).
    QTest::newRow("sanma kita rinshan pinfu") << "234567p345678s99s"
                                              << ""
                                              << "tsumo rinshan win=8s dora=1z seats=3 kita=1"
                                              << "0:1 4:1 7:1 52:1"
                                              << "-" << 20 << 3900L;
    // A West indicator points at North: each North set aside counts twice. 7 han, haneman 6,000 + 3,000.
    QTest::newRow("sanma kita on a North dora") << "234567p345678s99s"
                                                << ""
                                                << "tsumo rinshan win=8s dora=3z seats=3 kita=2"
                                                << "0:1 4:1 7:1 52:4"
                                                << "-" << 20 << 9000L;
    // Dealer haneman self-draw: 6,000 from each of the two others, 12,000 (four players: 18,000).
    QTest::newRow("sanma dealer haneman tsumo") << "234567p234678s55s"
                                                << ""
                                                << "tsumo riichi seat=E win=8s dora=4s seats=3"
                                                << "0:1 1:1 7:1 8:1 52:2 53:0"
                                                << "-" << 20 << 12000L;
    // A 1m indicator points at 9m with three players (2m-8m are out of the set): pinfu dora 2, 3,900.
    QTest::newRow("sanma 1m points at 9m") << "234567p345678s99m"
                                           << ""
                                           << "ron win=8s dora=1m seats=3"
                                           << "7:1 52:2"
                                           << "-" << 30 << 3900L;
    QTest::newRow("sanma 9m points at 1m") << "234567p345678s11m"
                                           << ""
                                           << "ron win=8s dora=9m seats=3"
                                           << "7:1 52:2"
                                           << "-" << 30 << 3900L;
    // Four players: the same 1m indicator points at 2m; pinfu alone.
    QTest::newRow("1m points at 2m") << "234567p345678s99m"
                                     << ""
                                     << "ron win=8s dora=1m"
                                     << "7:1"
                                     << "-" << 30 << 1000L;
    // Open ittsu 1 han, 30 fu: 1,000.
    QTest::newRow("open ittsu 1 han") << "456789s234m55p"
                                      << "chi:123s"
                                      << "ron win=4m"
                                      << "24:1"
                                      << "-" << 30 << 1000L;
    // Open chanta 1 + open honitsu 2 + chun 1 + round wind East 1 = 5 han: mangan 8,000.
    QTest::newRow("open reductions") << "789p99p111z"
                                     << "chi:123p pon:777z"
                                     << "ron win=9p"
                                     << "14:1 20:1 23:1 34:2"
                                     << "-" << -1 << 8000L;
    // Ron on the shanpon wait: the 5z pung counts as open: toitoi sanankou haku = 5 han, not suuankou;
    // fu 20 + 10 + 8 (111m) + 4 + 4 + 4 (open haku pung) = 50.
    QTest::newRow("ron pung is open") << "111m222p333s44555z"
                                      << ""
                                      << "ron win=5z"
                                      << "18:1 28:2 29:2"
                                      << "-" << 50 << 8000L;
    QTest::newRow("suuankou tsumo") << "111m222p333s44555z"
                                    << ""
                                    << "tsumo win=5z"
                                    << "-"
                                    << "40" << -1 << 32000L;
    QTest::newRow("suuankou tanki single") << "111m222p333s44455z"
                                           << ""
                                           << "ron win=5z"
                                           << "-"
                                           << "41" << -1 << 32000L;
    QTest::newRow("kokushi") << "119m19p19s1234567z"
                             << ""
                             << "ron win=9m"
                             << "-"
                             << "47" << -1 << 32000L;
    QTest::newRow("kokushi 13-sided single") << "119m19p19s1234567z"
                                             << ""
                                             << "ron win=1m"
                                             << "-"
                                             << "48" << -1 << 32000L;
    QTest::newRow("junsei chuuren single") << "11123455678999m"
                                           << ""
                                           << "ron win=5m"
                                           << "-"
                                           << "46" << -1 << 32000L;
    QTest::newRow("chuuren") << "11122345678999m"
                             << ""
                             << "tsumo win=3m"
                             << "-"
                             << "45" << -1 << 32000L;
    QTest::newRow("ryuuiisou") << "234234666888s66z"
                               << ""
                               << "ron win=8s"
                               << "-"
                               << "43" << -1 << 32000L;
    QTest::newRow("daisangen + tsuuiisou stack") << "555666777z22z"
                                                 << "pon:111z"
                                                 << "ron win=2z"
                                                 << "-"
                                                 << "39 42" << -1 << 64000L;
    QTest::newRow("daisuushii single") << "222333444z55m"
                                       << "pon:111z"
                                       << "ron win=5m"
                                       << "-"
                                       << "49" << -1 << 32000L;
    QTest::newRow("dealer yakuman 48,000") << "111m222p333s44455z"
                                           << ""
                                           << "ron seat=E win=5z"
                                           << "-"
                                           << "41" << -1 << 48000L;
    // Ryanpeikou 3 + pinfu 1 (4 han 30 fu, 7,700) beats the same tiles read as seven pairs (2 han 25 fu).
    QTest::newRow("ryanpeikou over chiitoitsu") << "223344m556677p99s"
                                                << ""
                                                << "ron win=4m"
                                                << "7:1 32:3"
                                                << "-" << 30 << 7700L;
    // Menzen tsumo + junchan 3, penchan: 20 + 2 + 2 = 24 → 30 fu; 4 han 30 fu tsumo 2,000/3,900.
    QTest::newRow("junchan penchan tsumo") << "123789m123p789s11s"
                                           << ""
                                           << "tsumo win=3m"
                                           << "0:1 33:3"
                                           << "-" << 30 << 7900L;
    // Toitoi sanankou honroutou = 6 han, haneman; fu 20 + 3 × 8 + 4 (open 999s) + 2 (seat-wind pair) + 2
    // (tanki) = 52 → 60.
    QTest::newRow("honroutou toitoi") << "111999m111p22z"
                                      << "pon:999s"
                                      << "ron win=2z"
                                      << "28:2 29:2 31:2"
                                      << "-" << 60 << 12000L;
    // Sankantsu + chun = 3 han; fu 20 + 32 (closed 1p kan) + 8 (open 5s kan) + 16 (open chun kan) + 2 (tanki)
    // = 78 → 80: 3 han 80 fu is over 2,000 base, mangan.
    QTest::newRow("sankantsu 80 fu") << "234m55p"
                                     << "ankan:1111p kan:5555s kan:7777z"
                                     << "ron win=5p"
                                     << "20:1 27:2"
                                     << "-" << 80 << 8000L;
    // Haitei tsumo with pinfu: 3 han 20 fu tsumo 700/1,300; houtei ron: 2 han 30 fu.
    QTest::newRow("haitei") << "123456m234p678s55s"
                            << ""
                            << "tsumo haitei win=4m"
                            << "0:1 5:1 7:1"
                            << "-" << 20 << 2700L;
    QTest::newRow("houtei") << "123456m234p678s55s"
                            << ""
                            << "ron houtei win=4m"
                            << "6:1 7:1"
                            << "-" << 30 << 2000L;
    QTest::newRow("chiihou") << "123456m234p678s55s"
                             << ""
                             << "tsumo first win=4m"
                             << "-"
                             << "38" << -1 << 32000L;
    QTest::newRow("tenhou dealer") << "123456m234p678s55s"
                                   << ""
                                   << "tsumo first seat=E win=4m"
                                   << "-"
                                   << "37" << -1 << 48000L;
    QTest::newRow("tsuuiisou seven pairs") << "11223344556677z"
                                           << ""
                                           << "ron win=7z"
                                           << "-"
                                           << "42" << -1 << 32000L;
    QTest::newRow("chinroutou") << "999m111p999s11s"
                                << "pon:111m"
                                << "ron win=1s"
                                << "-"
                                << "44" << -1 << 32000L;
    QTest::newRow("shousuushii") << "222333z44z123m"
                                 << "pon:111z"
                                 << "ron win=3m"
                                 << "-"
                                 << "50" << -1 << 32000L;
    QTest::newRow("suukantsu") << "55z"
                               << "ankan:1111m kan:2222p kan:3333s kan:4444z"
                               << "ron win=5z"
                               << "-"
                               << "51" << -1 << 32000L;
    // No yaku at all: an open hand without yaku is no win.
    QTest::newRow("no yaku") << "567p345678s22p"
                             << "chi:123m"
                             << "ron win=5p"
                             << ""
                             << "" << -1 << 0L;
}

void TestRiichiScore::handMade() {
    QFETCH(QString, hand);
    QFETCH(QString, melds);
    QFETCH(QString, context);
    QFETCH(QString, yaku);
    QFETCH(QString, yakuman);
    QFETCH(int, fu);
    QFETCH(long, points);
    const RiichiScore s = scoreRiichi(parseSituation(hand, melds, context));
    if (points == 0) {
        QVERIFY2(!s.win, describe(s).c_str());
        QCOMPARE(QString::fromStdString(s.why), QStringLiteral("no yaku"));
        return;
    }
    QVERIFY2(s.win, s.why.c_str());
    std::vector<YakuHan> y = s.yaku;
    std::sort(y.begin(), y.end(), [](const YakuHan& a, const YakuHan& b) { return a.id < b.id; });
    std::vector<int> ym = s.yakuman;
    std::sort(ym.begin(), ym.end());
    QCOMPARE(QString::fromStdString(yakuText(y)), yaku);
    QCOMPARE(QString::fromStdString(idsText(ym)), yakuman);
    if (fu >= 0) QCOMPARE(s.fu, fu);
    QCOMPARE(s.points, points);
}

// 360 hands scored by another implementation with Tenhou's rules (tests/data/riichi_majiang_cases.txt, its
// header says how): han, fu, points and the number of yakuman must agree (majiang names its yaku in
// Japanese and leaves out a zero ura dora, so the lists are not compared).
void TestRiichiScore::independentImplementation() {
    QFile f(QStringLiteral(TW_TEST_DATA "/riichi_majiang_cases.txt"));
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    int rows = 0, lineNo = 0;
    QStringList differ;
    std::map<QString, int> seen; // yaku names met, to be sure the table covers them
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        ++lineNo;
        if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
        const QStringList c = line.split(QLatin1Char('|'));
        QVERIFY2(c.size() == 4 || c.size() == 8, qPrintable(line));
        ++rows;
        const RiichiScore s = scoreRiichi(parseSituation(c[0], c[1], c[2]));
        QString ours = QStringLiteral("none"), theirs = c[3];
        if (s.win) {
            int han = 0;
            for (const YakuHan& y : s.yaku) han += y.han;
            const bool ym = !s.yakuman.empty();
            ours = QStringLiteral("%1|%2|%3|%4")
                       .arg(ym ? 0 : han)
                       .arg(ym ? 0 : s.fu)
                       .arg(s.points)
                       .arg(s.yakuman.size());
        }
        if (c.size() == 8) {
            theirs = QStringList(c.mid(3, 4)).join(QLatin1Char('|'));
            static const QRegularExpression kName(QStringLiteral("\\s*([^0-9*]+)[0-9*]+")); // "場風 東1"
            for (auto it = kName.globalMatch(c[7]); it.hasNext();) ++seen[it.next().captured(1)];
        }
        if (ours != theirs)
            differ << QStringLiteral("line %1: %2 — ours %3 (%4), theirs %5")
                          .arg(lineNo)
                          .arg(line, ours, QString::fromStdString(describe(s)), theirs);
    }
    for (const QString& d : differ) qWarning().noquote() << d;
    QCOMPARE(rows, 360);
    QCOMPARE(differ.size(), 0);
    // 49 of Tenhou's 55 entries appear: all but renhou, tenhou, chiihou, aka dora (no red fives here) and the
    // West and North round winds.
    QCOMPARE(seen.size(), std::size_t(49));
}

// Payments on hand-worked cases: honba, sticks, dealer shares, pao.
void TestRiichiScore::settlement() {
    RiichiScore mangan;
    mangan.win = true;
    mangan.basePoints = 2000;
    // Non-dealer ron on seat 3, 2 honba, 1 stick: 8,000 + 600 + 1,000.
    QCOMPARE(settleWin(mangan, {1, 0, 3, 2, 1, -1}), (std::array<long, 4>{0, 9600, 0, -8600}));
    // Non-dealer tsumo, 1 honba: dealer 4,000 + 100, others 2,000 + 100.
    QCOMPARE(settleWin(mangan, {2, 0, -1, 1, 0, -1}), (std::array<long, 4>{-4100, -2100, 8300, -2100}));
    // Dealer tsumo: 4,000 all.
    QCOMPARE(settleWin(mangan, {0, 0, -1, 0, 0, -1}), (std::array<long, 4>{12000, -4000, -4000, -4000}));
    RiichiScore yakuman;
    yakuman.win = true;
    yakuman.basePoints = 8000;
    yakuman.yakuman = {Daisangen};
    // Pao on a tsumo: the responsible seat pays all (pao-tsumo.mjlog: 32,000 from seat 0), honba too.
    QCOMPARE(settleWin(yakuman, {2, 1, -1, 0, 0, 0}), (std::array<long, 4>{-32000, 0, 32000, 0}));
    QCOMPARE(settleWin(yakuman, {2, 1, -1, 1, 0, 0}), (std::array<long, 4>{-32300, 0, 32300, 0}));
    // Without a pao yakuman the pao seat is nobody's business: a plain tsumo.
    RiichiScore suuankou = yakuman;
    suuankou.yakuman = {Suuankou};
    QCOMPARE(settleWin(suuankou, {2, 1, -1, 0, 0, 0}), (std::array<long, 4>{-8000, -16000, 32000, -8000}));
    // Stacked: daisangen + tsuuiisou. Ron from seat 3: pao pays half of one yakuman (16,000), the discarder
    // the other 48,000 and the honba; tsumo: pao pays one yakuman (32,000), the other is a plain tsumo.
    RiichiScore stacked = yakuman;
    stacked.yakuman = {Daisangen, Tsuuiisou};
    stacked.basePoints = 16000;
    QCOMPARE(settleWin(stacked, {2, 1, 3, 1, 0, 0}), (std::array<long, 4>{-16000, 0, 64300, -48300}));
    QCOMPARE(settleWin(stacked, {2, 1, -1, 0, 0, 0}), (std::array<long, 4>{-40000, -16000, 64000, -8000}));
    // Three players (Tenhou's sanma records): 100 a honba from each other seat, the empty seat 3 pays
    // nothing. Non-dealer ron, 2 honba: 8,000 + 400.
    QCOMPARE(settleWin(mangan, {1, 0, 2, 2, 0, -1, 3}), (std::array<long, 4>{0, 8400, -8400, 0}));
    // Non-dealer mangan tsumo, 3 honba, 1 stick: 4,300 and 2,300 (the record's hand: −43 / +76 / −23).
    QCOMPARE(settleWin(mangan, {1, 0, -1, 3, 1, -1, 3}), (std::array<long, 4>{-4300, 7600, -2300, 0}));
    // Dealer 4 han 20 fu tsumo, 2 honba, 1 stick: 2,600 + 200 from each.
    RiichiScore dealer20 = mangan;
    dealer20.basePoints = 1280;
    QCOMPARE(settleWin(dealer20, {0, 0, -1, 2, 1, -1, 3}), (std::array<long, 4>{6600, -2800, -2800, 0}));
    // A double ron on seat 3's discard by seats 2 and 0: seat 0 sits first after seat 3.
    QCOMPARE(firstWinnerFrom(3, {2, 0}), 0);
    QCOMPARE(firstWinnerFrom(1, {0, 3}), 3);
    // Pao on a ron by another: half each, the honba from the discarder; by the pao seat itself: all from it.
    QCOMPARE(settleWin(yakuman, {2, 1, 3, 0, 0, 0}), (std::array<long, 4>{-16000, 0, 32000, -16000}));
    QCOMPARE(settleWin(yakuman, {2, 1, 3, 2, 0, 0}), (std::array<long, 4>{-16000, 0, 32600, -16600}));
    QCOMPARE(settleWin(yakuman, {2, 1, 0, 0, 0, 0}), (std::array<long, 4>{-32000, 0, 32000, 0}));
}

void TestRiichiScore::description() {
    const RiichiScore s = scoreRiichi(parseSituation("234567m234p678s55s", "", "ron riichi win=7m dora=1p"));
    QCOMPARE(QString::fromStdString(describe(s)),
             QStringLiteral("Riichi 1, Pinfu 1, Tanyao 1, Dora 1, Ura dora 0 \u2014 4 han 30 fu 7700"));
    const RiichiScore y = scoreRiichi(parseSituation("555666777z22z", "pon:111z", "ron win=2z"));
    QCOMPARE(QString::fromStdString(describe(y)),
             QStringLiteral("Daisangen, Tsuuiisou \u2014 2\u00d7 yakuman 64000"));
    QCOMPARE(QString::fromStdString(
                 describe(scoreRiichi(parseSituation("567p345678s22p", "chi:123m", "ron win=5p")))),
             QStringLiteral("no win: no yaku"));
}

QTEST_GUILESS_MAIN(TestRiichiScore)
#include "tst_riichi_score.moc"
