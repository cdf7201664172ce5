// The op integers (op.h) and the ops/1 record codec (ops_codec.h): decoding, rejections with line numbers
// and reasons, canonical writing and byte-stable round trips, and long-line handling.
#include <QtTest>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "op.h"
#include "ops_codec.h"
#include "record.h"

using namespace tw;

namespace {

QByteArray bytes(const std::string& s) {
    return QByteArray(s.data(), static_cast<qsizetype>(s.size()));
}
std::string str(const QByteArray& b) {
    return std::string(b.constData(), static_cast<std::size_t>(b.size()));
}

// --- An independent statement of SPEC §3's op table, for the exhaustive check. ---
struct RefOp {
    int code;
    int copies;
    bool seat;     // seat 1-4 (else seat digit 0)
    char tile;     // 't': a tile (type 1-4, number 1-9, honours 1-7); '-': none (0, 0); 'l': lack (type 1-3,
                   // number 0); 'a': abortive draw kind (type 0, number 1-5)
    bool distinct; // copies of one kind must differ
};
const RefOp kRef[] = {
    {10, 1, true, 't', false},  {11, 1, true, 't', false},  {12, 3, true, 't', true},
    {13, 1, true, 't', false},  {14, 1, true, 't', false},  {15, 4, true, 't', true},
    {16, 1, true, 't', false},  {17, 4, true, 't', true},   {18, 0, true, '-', false},
    {19, 0, false, '-', false}, {20, 1, true, 't', false},  {21, 0, true, '-', false},
    {22, 3, true, 't', false},  {30, 0, true, 'l', false},  {31, 1, false, 't', false},
    {32, 1, false, 't', false}, {23, 0, true, '-', false},  {24, 1, false, 't', false},
    {25, 1, false, 't', false}, {26, 0, false, 'a', false}, {27, 1, true, 't', false},
};

struct Digits {
    int code = 0, seat = 0, type = 0, number = 0;
    std::string copies; // in record order (lowest digit first)
};

Digits split(std::int64_t v) {
    std::string d = std::to_string(v);
    while (d.size() < 5) d.insert(d.begin(), '0');
    const std::size_t n = d.size();
    Digits out;
    out.code = (d[n - 2] - '0') * 10 + (d[n - 1] - '0');
    out.seat = d[n - 3] - '0';
    out.type = d[n - 4] - '0';
    out.number = d[n - 5] - '0';
    out.copies.assign(d.rbegin() + 5, d.rend());
    return out;
}

bool referenceValid(std::int64_t v) {
    if (v < 0) return false;
    const Digits d = split(v);
    const RefOp* r = nullptr;
    for (const RefOp& x : kRef)
        if (x.code == d.code) r = &x;
    if (!r) return false;
    if (r->tile == 'a') // abortive draw: kind 1-5 in the number digit, a seat only for nine terminals (1)
        return d.type == 0 && d.number >= 1 && d.number <= 5 && d.copies.empty() &&
               (d.number == 1 ? d.seat >= 1 && d.seat <= 4 : d.seat == 0);
    if (r->seat ? (d.seat < 1 || d.seat > 4) : d.seat != 0) return false;
    if (r->tile == 't' && (d.type < 1 || d.type > 4 || d.number < 1 || (d.type == 4 && d.number > 7)))
        return false;
    if (r->tile == '-' && (d.type != 0 || d.number != 0)) return false;
    if (r->tile == 'l' && (d.type < 1 || d.type > 3 || d.number != 0)) return false;
    if (static_cast<int>(d.copies.size()) != r->copies) return false;
    for (std::size_t i = 0; i < d.copies.size(); ++i) {
        if (d.copies[i] < '1' || d.copies[i] > '4') return false;
        if (r->distinct && d.copies.find(d.copies[i]) != i) return false;
    }
    return true;
}

void checkAgainstReference(std::int64_t v) {
    std::string why;
    const auto op = decodeOp(v, &why);
    const bool expected = referenceValid(v);
    QVERIFY2(op.has_value() == expected,
             qPrintable(QString("value %1: decodeOp says %2").arg(v).arg(op ? "valid" : why.c_str())));
    if (!op) {
        QVERIFY2(!why.empty(), qPrintable(QString("value %1 has no reason").arg(v)));
        return;
    }
    const Digits d = split(v);
    QCOMPARE(int(op->code), d.code);
    QCOMPARE(int(op->seat), d.seat);
    QCOMPARE(int(op->type), d.type);
    QCOMPARE(int(op->number), d.number);
    QCOMPARE(int(op->copyCount), int(d.copies.size()));
    for (int i = 0; i < op->copyCount; ++i) QCOMPARE(int(op->copies[i]), d.copies[i] - '0');
    QCOMPARE(encodeOp(*op), v);
}

// --- ops/1 lines built from fields, so a row can change or drop one field. ---
using Fields = std::vector<std::pair<std::string, std::string>>; // key, raw JSON value text

Fields baseFields(const std::string& id) {
    return {{"format", "\"ops/1\""},
            {"id", "\"" + id + "\""},
            {"ruleset", "\"sichuan\""},
            {"seats", "[\"p1\",\"p2\",\"p3\",\"p4\"]"},
            {"dealer", "2"},
            {"ops", "[111110,121210,353211]"}};
}

std::string line(const Fields& fields) {
    std::string out = "{";
    for (const auto& [k, v] : fields) {
        if (out.size() > 1) out += ",";
        out += "\"" + k + "\":" + v;
    }
    return out + "}";
}

// The base record with one field replaced (or added), or removed when value is nullptr.
std::string with(const std::string& key, const char* value, const std::string& id = "bad") {
    Fields f = baseFields(id);
    bool found = false;
    for (auto it = f.begin(); it != f.end(); ++it)
        if (it->first == key) {
            found = true;
            if (value)
                it->second = value;
            else
                f.erase(it);
            break;
        }
    if (!found && value) f.emplace_back(key, value);
    return line(f);
}

std::string good(const std::string& id) {
    return line(baseFields(id));
}

std::string manyOps(int n) {
    std::string out = "[";
    for (int i = 0; i < n; ++i) out += i ? ",111110" : "111110";
    return out + "]";
}

struct BadRow {
    const char* name;
    std::string text;
    std::string reason; // must appear in the rejection reason
    std::string id;     // the game id the rejection must name ("" when it cannot be read)
    int op = -1;
};

std::vector<BadRow> badRows() {
    const std::string base = good("cut");
    return {
        {"not json", "hello", "not valid JSON at byte 0", ""},
        {"cut off", base.substr(0, base.size() - 8), "not valid JSON at byte", "cut"},
        {"array", "[1,2]", "the line is not a JSON object (found an array)", ""},
        {"string", "\"ops/1\"", "not a JSON object (found a string)", ""},
        {"trailing garbage", good("tg") + " x", "trailing characters", "tg"},
        {"two objects", good("two") + good("two"), "trailing characters", "two"},
        {"duplicate key", good("dk").substr(0, good("dk").size() - 1) + ",\"dealer\":3}",
         "duplicate key \"dealer\"", "dk"},
        {"format missing", with("format", nullptr), "field 'format' is missing", "bad"},
        {"format ops/2", with("format", "\"ops/2\""), "field 'format' must be \"ops/1\", found \"ops/2\"",
         "bad"},
        {"format number", with("format", "1"), "field 'format' must be \"ops/1\", found 1", "bad"},
        {"id missing", with("id", nullptr), "field 'id' is missing", ""},
        {"id number", with("id", "5"), "field 'id' must be a non-empty string, found 5", ""},
        {"id empty", with("id", "\"\""), "field 'id' must be a non-empty string, found \"\"", ""},
        {"ruleset unknown", with("ruleset", "\"mahjongg\""),
         "field 'ruleset' must be \"xinchang\", \"sichuan\", \"anshan\", \"riichi\" or \"sanma\", found "
         "\"mahjongg\"",
         "bad"},
        // Three-player riichi seats three: four players, or a fourth dealer, are refused once the ruleset is
        // known.
        {"sanma four seats", with("ruleset", "\"sanma\""),
         "field 'seats' must hold exactly 3 player ids, found 4", "bad"},
        {"ruleset case", with("ruleset", "\"Sichuan\""), "found \"Sichuan\"", "bad"},
        {"ruleset missing", with("ruleset", nullptr), "field 'ruleset' is missing", "bad"},
        {"seats string", with("seats", "\"p1\""),
         "field 'seats' must be an array of 4 player ids, found \"p1\"", "bad"},
        {"seats 3", with("seats", "[\"p1\",\"p2\",\"p3\"]"),
         "field 'seats' must hold exactly 4 player ids, found 3", "bad"},
        {"seats 5", with("seats", "[\"p1\",\"p2\",\"p3\",\"p4\",\"p5\"]"), "exactly 4 player ids, found 5",
         "bad"},
        {"seat empty", with("seats", "[\"p1\",\"\",\"p3\",\"p4\"]"),
         "seat 2 (field 'seats' element 1) must be a non-empty player id string, found \"\"", "bad"},
        {"seat number", with("seats", "[\"p1\",\"p2\",\"p3\",7]"), "seat 4 (field 'seats' element 3)", "bad"},
        {"seat null", with("seats", "[null,\"p2\",\"p3\",\"p4\"]"),
         "seat 1 (field 'seats' element 0) must be a non-empty player id string, found null", "bad"},
        {"same player 1 and 3", with("seats", "[\"p1\",\"p2\",\"p1\",\"p4\"]"),
         "player p1 sits in seats 1 and 3", "bad"},
        {"same player 2 and 4", with("seats", "[\"a\",\"b\",\"c\",\"b\"]"), "player b sits in seats 2 and 4",
         "bad"},
        {"dealer string", with("dealer", "\"2\""), "field 'dealer' must be an integer 1-4, found \"2\"",
         "bad"},
        {"dealer 0", with("dealer", "0"), "field 'dealer' must be an integer 1-4, found 0", "bad"},
        {"dealer 5", with("dealer", "5"), "field 'dealer' must be an integer 1-4, found 5", "bad"},
        {"dealer -1", with("dealer", "-1"), "found -1", "bad"},
        {"dealer 2.0", with("dealer", "2.0"), "field 'dealer' must be an integer 1-4, found 2.0", "bad"},
        {"dealer true", with("dealer", "true"), "field 'dealer' must be an integer 1-4, found true", "bad"},
        {"dealer missing", with("dealer", nullptr), "field 'dealer' is missing", "bad"},
        {"match number", with("match", "3"), "field 'match' must be a string, found 3", "bad"},
        {"started_at words", with("started_at", "\"yesterday\""),
         "field 'started_at' must be an RFC 3339 time", "bad"},
        {"started_at 30 Feb", with("started_at", "\"2024-02-30T10:00:00Z\""),
         "found \"2024-02-30T10:00:00Z\"", "bad"},
        {"started_at 29 Feb 2023", with("started_at", "\"2023-02-29T10:00:00Z\""), "field 'started_at'",
         "bad"},
        {"started_at no offset", with("started_at", "\"2024-05-01T20:15:00\""), "field 'started_at'", "bad"},
        {"started_at hour 24", with("started_at", "\"2024-05-01T24:00:00Z\""), "field 'started_at'", "bad"},
        {"started_at number", with("started_at", "1714594500"), "field 'started_at' must be an RFC 3339 time",
         "bad"},
        {"reports object", with("reports", "{}"), "field 'reports' must be an array of objects, found {}",
         "bad"},
        {"reports number item", with("reports", "[1]"), "field 'reports' element 0 must be an object", "bad"},
        {"report without reason", with("reports", "[{\"reporter\":\"p1\",\"accused\":\"p2\"}]"),
         "field 'reports' element 0: 'reason' is missing", "bad"},
        {"report reporter number",
         with("reports", "[{\"reporter\":\"p1\",\"accused\":\"p2\",\"reason\":\"x\"},{\"reporter\":5,"
                         "\"accused\":\"p2\",\"reason\":\"y\"}]"),
         "field 'reports' element 1: 'reporter' must be a string, found 5", "bad"},
        {"think_ms object", with("think_ms", "{}"),
         "field 'think_ms' must be an array of milliseconds (one per op, null where unknown), found {}",
         "bad"},
        {"think_ms negative", with("think_ms", "[1200,-5,null]"),
         "field 'think_ms' element 1 (op 1) is negative (-5 ms): a time cannot be", "bad"},
        {"think_ms absurd", with("think_ms", "[1200,null,600001]"),
         "field 'think_ms' element 2 (op 2) is 600001 ms, more than the 10 minutes a decision may take",
         "bad"},
        {"think_ms fraction", with("think_ms", "[1200.5,null,null]"),
         "field 'think_ms' element 0 (op 0) must be a whole number of milliseconds or null, found 1200.5",
         "bad"},
        {"think_ms string", with("think_ms", "[\"1s\",null,null]"),
         "field 'think_ms' element 0 (op 0) must be a whole number of milliseconds or null, found \"1s\"",
         "bad"},
        {"think_ms short", with("think_ms", "[1200,800]"),
         "field 'think_ms' has 2 entries where 'ops' has 3: it needs one per op (null where unknown)", "bad"},
        {"think_ms long", with("think_ms", "[1200,800,0,5]"),
         "field 'think_ms' has 4 entries where 'ops' has 3", "bad"},
        {"ops missing", with("ops", nullptr), "field 'ops' is missing", "bad"},
        {"ops string", with("ops", "\"111110,121210\""), "field 'ops' must be an array of integers", "bad"},
        {"ops empty", with("ops", "[]"), "field 'ops' is empty: the record holds no deal", "bad"},
        {"op fraction", with("ops", "[111110,1.5]"), "op 1 must be an integer, found 1.5", "bad", 1},
        {"op exponent", with("ops", "[1e5]"), "op 0 must be an integer, found 100000.0", "bad", 0},
        {"op string", with("ops", "[111110,\"353211\"]"), "op 1 must be an integer, found \"353211\"", "bad",
         1},
        {"op null", with("ops", "[null]"), "op 0 must be an integer, found null", "bad", 0},
        {"op beyond int64", with("ops", "[12345678901234567890]"), "op 0 must be an integer", "bad", 0},
        {"op unknown", with("ops", "[111110,121210,131310,28]"), "op 3 (value 28): unknown operation 28",
         "bad", 3},
        {"op seat 5", with("ops", "[353511]"), "op 0 (value 353511): seat 5 does not exist", "bad", 0},
        {"op number 0", with("ops", "[111110,303211]"),
         "op 1 (value 303211): tile number 0 where a tile is needed", "bad", 1},
        {"op copy 7", with("ops", "[753211]"), "op 0 (value 753211): copy index 7 (copies are 1-4)", "bad",
         0},
        {"op pung 2 digits", with("ops", "[2192312]"),
         "op 0 (value 2192312): a pung needs 3 copy digits, found 2", "bad", 0},
        {"op negative", with("ops", "[-353211]"), "op 0 (value -353211): negative value", "bad", 0},
        {"ops over limit", with("ops", manyOps(4097).c_str()),
         "field 'ops' has 4097 ops, more than the limit of 4096", "bad"},
        // The ops are read straight into the record, not through the DOM and its 100,000-element limit.
        {"ops over json limit", with("ops", manyOps(100001).c_str()), "field 'ops' has 100001 ops", "bad"},
        {"bad UTF-8 in a seat", with("seats", "[\"p1\",\"p\xff\",\"p3\",\"p4\"]"), "invalid UTF-8", "bad"},
        {"overlong in match", with("match", "\"m\xc0\xaf\""), "overlong", "bad"},
        {"surrogate in UTF-8", with("match", "\"\xed\xa0\x80\""), "surrogate", "bad"},
        {"lone surrogate escape", with("match", "\"\\ud83d\""), "unpaired surrogate", "bad"},
        {"deep extra field", with("extra", (std::string(70, '[') + std::string(70, ']')).c_str()),
         "nesting deeper than 64", "bad"},
        {"raw tab in id", with("id", "\"a\tb\""), "control character 0x09", ""},
        // What the on-demand reader checks itself, or reads past: duplicates of the read fields and of
        // others, numbers beyond a double, escapes, and a JSON defect after a field's own problem (which
        // still wins, as when the whole line was parsed first).
        {"duplicate ops", good("dops").substr(0, good("dops").size() - 1) + ",\"ops\":[111110]}",
         "duplicate key \"ops\"", "dops"},
        {"duplicate other key", good("dx").substr(0, good("dx").size() - 1) + ",\"x\":1,\"x\":2}",
         "duplicate key \"x\"", "dx"},
        {"op beyond a double", with("ops", "[111110,1e400]"), "number 1e400 is out of range", "bad"},
        {"bad escape in match", with("match", "\"a\\x\""), "bad escape \\x", "bad"},
        {"bad op then bad UTF-8", with("ops", "[1.5],\"z\":\"\xff\""), "invalid UTF-8", "bad"},
        {"bad op then trailing", with("ops", "[23]") + "]", "trailing characters", "bad"},
    };
}

// A file in a temporary directory, written byte for byte.
struct TempFile {
    QTemporaryDir dir;
    std::string path;
    explicit TempFile(const std::string& content) {
        path = dir.filePath("games.jsonl").toStdString();
        std::ofstream out(path, std::ios::binary);
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
    }
};

struct Expect {
    std::size_t line;
    bool ok;
    std::string idOrReason; // ok: the game id; rejected: a part of the reason
    std::string rejectedId = {};
};

void checkItems(OpsReader& reader, const std::vector<Expect>& expected) {
    OpsItem item;
    for (const Expect& e : expected) {
        QVERIFY2(reader.next(item), qPrintable(QString("missing the item of line %1").arg(e.line)));
        QCOMPARE(item.line, e.line);
        QVERIFY2(item.ok == e.ok,
                 qPrintable(QString("line %1: %2")
                                .arg(e.line)
                                .arg(item.ok ? "accepted" : item.rejection.message().c_str())));
        if (e.ok) {
            QCOMPARE(item.game.id, e.idOrReason);
        } else {
            QCOMPARE(item.rejection.line, e.line);
            QVERIFY2(item.rejection.reason.find(e.idOrReason) != std::string::npos,
                     item.rejection.reason.c_str());
            QCOMPARE(item.rejection.gameId, e.rejectedId);
        }
    }
    QVERIFY(!reader.next(item));
    QVERIFY(!reader.next(item)); // stays at the end
}

GameRecord sampleGame(int which) {
    GameRecord g;
    g.id = "g" + std::to_string(which);
    g.seats = {"alice", "bob", "carol", "dave"};
    switch (which) {
    case 0: // minimal: one op, as a record must hold at least one
        g.ops = {111110};
        break;
    case 1:
        g.ruleset = RulesetId::Anshan;
        g.dealer = 4;
        g.match = "m-2024-05-01/7";
        g.startedAt = "2024-05-01T20:15:00.250+08:00";
        g.reports = {
            {"bob", "alice", "she always \"knows\" my tiles\nreally"},
            {"carol", "dave", "\xe5\x96\x82\xe7\x89\x8c \xf0\x9f\x80\x84 tab\there \x01\x1f back\\slash"}};
        g.ops = {111110, 121210, 3430, 171031, 324032};
        break;
    case 2: // every op code, then the op limit
        g.ruleset = RulesetId::Sichuan;
        g.dealer = 3;
        g.ops = {111110, 353211, 42192312, 274413, 412114,   123493215, 454316, 432131417,
                 218,    19,     454120,   321,    41232222, 3430,      171031, 324032};
        while (g.ops.size() < 4096) g.ops.push_back(353211);
        break;
    case 4: // think times, some unknown, at both limits
        g.ops = {111110, 121210, 353211, 19};
        g.thinkMs = {kUnknownThinkMs, 0, kMaxThinkMs, 1234};
        break;
    case 3: // awkward strings
        g.id = "a/b\\c \"quoted\" \xe4\xb8\xad";
        g.seats = {"\xe7\x8e\xa9\xe5\xae\xb6\xe4\xb8\x80", "p 2", "p\t3",
                   "p\x7f"
                   "4"};
        g.match = "{\"not\":\"json\"}";
        g.reports = {{"", "", ""}};
        g.ops = {111110};
        break;
    }
    return g;
}

bool readLine(const std::string& text, GameRecord& g, OpsRejection* rejection = nullptr) {
    OpsRejection why;
    const bool ok = readOpsLine(text, g, why);
    if (rejection) *rejection = why;
    return ok;
}

// /proc/self/status VmHWM (peak resident memory) in KiB, -1 where unavailable.
long peakRssKiB() {
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        if (key == "VmHWM:") {
            long v = -1;
            in >> v;
            return v;
        }
        in.ignore(1 << 20, '\n');
    }
    return -1;
}

// Generates one line of `size` bytes (a JSON prefix with an id, then "1," forever) and a good line after it,
// without ever holding the long line in memory.
class LongLineBuf : public std::streambuf {
  public:
    LongLineBuf(std::size_t size, std::string after) : size_(size), after_(std::move(after)) {}

  protected:
    int_type underflow() override {
        const std::string prefix = "{\"format\":\"ops/1\",\"id\":\"generated\",\"ops\":[";
        std::size_t n = 0;
        while (n < sizeof chunk_ && (pos_ < size_ || pos_ - size_ < 1 + after_.size())) {
            char c;
            if (pos_ < prefix.size())
                c = prefix[pos_];
            else if (pos_ < size_)
                c = (pos_ - prefix.size()) % 2 ? ',' : '1';
            else if (pos_ == size_)
                c = '\n';
            else
                c = after_[pos_ - size_ - 1];
            chunk_[n++] = c;
            ++pos_;
        }
        if (!n) return traits_type::eof();
        setg(chunk_, chunk_, chunk_ + n);
        return traits_type::to_int_type(chunk_[0]);
    }

  private:
    std::size_t size_, pos_ = 0;
    std::string after_;
    char chunk_[1 << 16];
};

} // namespace

class TestOpsCodec : public QObject {
    Q_OBJECT
  private slots:
    // Every op code: decode gives the fields, encode gives the value back, the copy count and name fit.
    void opCodes_data() {
        QTest::addColumn<qint64>("value");
        QTest::addColumn<int>("code");
        QTest::addColumn<int>("seat");
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("copies");
        QTest::addColumn<QString>("name");
        QTest::newRow("10 deal") << qint64(111110) << 10 << 1 << 1 << 1 << "1"
                                 << "deal";
        QTest::newRow("11 discard (SPEC: seat 2, 3rd copy of 5s)")
            << qint64(353211) << 11 << 2 << 3 << 5 << "3"
            << "discard";
        QTest::newRow("12 pung") << qint64(42192312) << 12 << 3 << 2 << 9 << "124"
                                 << "pung";
        QTest::newRow("13 ron") << qint64(274413) << 13 << 4 << 4 << 7 << "2"
                                << "ron";
        QTest::newRow("14 self-draw") << qint64(412114) << 14 << 1 << 2 << 1 << "4"
                                      << "self-draw";
        QTest::newRow("15 concealed kong") << qint64(123493215) << 15 << 2 << 3 << 9 << "4321"
                                           << "concealed kong";
        QTest::newRow("16 added kong") << qint64(454316) << 16 << 3 << 4 << 5 << "4"
                                       << "added kong";
        QTest::newRow("17 exposed kong") << qint64(432131417) << 17 << 4 << 1 << 3 << "1234"
                                         << "exposed kong";
        QTest::newRow("18 pass") << qint64(218) << 18 << 2 << 0 << 0 << ""
                                 << "pass";
        QTest::newRow("19 exhaustive draw") << qint64(19) << 19 << 0 << 0 << 0 << ""
                                            << "exhaustive draw";
        QTest::newRow("20 robbing the kong") << qint64(454120) << 20 << 1 << 4 << 5 << "4"
                                             << "robbing the kong";
        QTest::newRow("21 pass on robbing") << qint64(321) << 21 << 3 << 0 << 0 << ""
                                            << "pass on robbing the kong";
        QTest::newRow("22 chow") << qint64(41232222) << 22 << 2 << 2 << 3 << "214"
                                 << "chow";
        QTest::newRow("30 lack") << qint64(3430) << 30 << 4 << 3 << 0 << ""
                                 << "lack declaration";
        QTest::newRow("31 hun indicator") << qint64(171031) << 31 << 0 << 1 << 7 << "1"
                                          << "hun indicator";
        QTest::newRow("32 gun indicator") << qint64(324032) << 32 << 0 << 4 << 2 << "3"
                                          << "gun indicator";
        QTest::newRow("pung copies 3,1,2 keep their order") << qint64(21311112) << 12 << 1 << 1 << 1 << "312"
                                                            << "pung";
    }
    void opCodes() {
        QFETCH(qint64, value);
        QFETCH(int, code);
        QFETCH(int, seat);
        QFETCH(int, type);
        QFETCH(int, number);
        QFETCH(QString, copies);
        QFETCH(QString, name);
        std::string why;
        const auto op = decodeOp(value, &why);
        QVERIFY2(op, why.c_str());
        QCOMPARE(int(op->code), code);
        QCOMPARE(int(op->seat), seat);
        QCOMPARE(int(op->type), type);
        QCOMPARE(int(op->number), number);
        QCOMPARE(int(op->copyCount), int(copies.size()));
        for (int i = 0; i < copies.size(); ++i) QCOMPARE(int(op->copies[i]), copies[i].digitValue());
        QCOMPARE(copiesFor(op->code), int(copies.size()));
        QCOMPARE(QString(opName(op->code)), name);
        QCOMPARE(qint64(encodeOp(*op)), value);
        // Building the op from its fields gives the same integer.
        Op built;
        built.code = static_cast<OpCode>(code);
        built.seat = static_cast<std::uint8_t>(seat);
        built.type = static_cast<std::uint8_t>(type);
        built.number = static_cast<std::uint8_t>(number);
        for (QChar c : copies) built.copies[built.copyCount++] = static_cast<std::uint8_t>(c.digitValue());
        QCOMPARE(qint64(encodeOp(built)), value);
        QVERIFY(built == *op);
        if (type && number) QCOMPARE(int(op->kind()), int(kindOf(static_cast<Suit>(type - 1), number)));
    }

    void specExample() {
        // SPEC §3: seat 2 discards the 3rd copy of 5条 (5s).
        Op op;
        op.code = OpCode::Discard;
        op.seat = 2;
        op.type = static_cast<std::uint8_t>(patentType(kindOf(Suit::Sou, 5)));
        op.number = 5;
        op.copies[0] = 3;
        op.copyCount = 1;
        QCOMPARE(encodeOp(op), std::int64_t(353211));
        const auto back = decodeOp(353211);
        QVERIFY(back);
        QCOMPARE(back->copy(0), (TileCopy{kindOf(Suit::Sou, 5), 3}));
    }

    void copiesTable_data() {
        QTest::addColumn<int>("code");
        QTest::addColumn<int>("copies");
        const int table[][2] = {{10, 1}, {11, 1},  {12, 3},  {13, 1},  {14, 1}, {15, 4}, {16, 1},
                                {17, 4}, {18, 0},  {19, 0},  {20, 1},  {21, 0}, {22, 3}, {23, 0},
                                {24, 1}, {25, 1},  {26, 0},  {30, 0},  {31, 1}, {32, 1}, {0, -1},
                                {27, 1}, {28, -1}, {29, -1}, {33, -1}, {99, -1}};
        for (const auto& row : table) QTest::addRow("op %d", row[0]) << row[0] << row[1];
    }
    void copiesTable() {
        QFETCH(int, code);
        QFETCH(int, copies);
        QCOMPARE(copiesFor(static_cast<OpCode>(code)), copies);
        if (copies < 0) QCOMPARE(QString(opName(static_cast<OpCode>(code))), QString("unknown operation"));
    }

    // Every kind of malformed op, with the words a moderator will read.
    void malformedOps_data() {
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QString>("reason");
        QTest::newRow("negative") << qint64(-353211) << "negative value -353211";
        QTest::newRow("int64 min") << qint64(std::numeric_limits<qint64>::min()) << "negative value";
        QTest::newRow("unknown 28") << qint64(28) << "unknown operation 28";
        QTest::newRow("unknown 0") << qint64(0) << "unknown operation 0";
        QTest::newRow("unknown 9") << qint64(353209) << "unknown operation 9";
        QTest::newRow("unknown 99") << qint64(99) << "unknown operation 99";
        QTest::newRow("unknown 33") << qint64(353233) << "unknown operation 33";
        QTest::newRow("int64 max (op 7)")
            << qint64(std::numeric_limits<qint64>::max()) << "unknown operation 7";
        QTest::newRow("seat 5") << qint64(353511) << "seat 5 does not exist";
        QTest::newRow("seat 9") << qint64(353911) << "seat 9 does not exist";
        QTest::newRow("seat 0 on a discard") << qint64(353011) << "a discard needs a seat 1-4, found seat 0";
        QTest::newRow("seat 0 on a pass") << qint64(18) << "a pass needs a seat 1-4";
        QTest::newRow("seat on exhaustive draw") << qint64(219) << "an exhaustive draw has no seat";
        QTest::newRow("seat on hun indicator") << qint64(171131) << "a hun indicator has no seat";
        QTest::newRow("seat on gun indicator") << qint64(324432) << "a gun indicator has no seat";
        QTest::newRow("type 0") << qint64(350211) << "tile type 0 where a tile is needed";
        QTest::newRow("type 5") << qint64(355211) << "tile type 5 does not exist";
        QTest::newRow("type 9") << qint64(359211) << "tile type 9 does not exist";
        QTest::newRow("number 0") << qint64(303211) << "tile number 0 where a tile is needed";
        QTest::newRow("number 0 on a deal") << qint64(104110) << "tile number 0 where a tile is needed";
        QTest::newRow("honour 8") << qint64(384211) << "honour number 8 does not exist (honours are 1-7)";
        QTest::newRow("honour 9") << qint64(394211) << "honour number 9";
        QTest::newRow("tile on a pass") << qint64(53218) << "a pass carries no tile";
        QTest::newRow("type on a draw") << qint64(1019) << "an exhaustive draw carries no tile";
        QTest::newRow("number on pass-rob") << qint64(10321) << "carries no tile";
        QTest::newRow("copy on a pass") << qint64(100218) << "a pass carries no copy digits, found 1";
        QTest::newRow("copy on a draw") << qint64(300019) << "carries no copy digits, found 1";
        QTest::newRow("lack type 0") << qint64(430) << "void suit";
        QTest::newRow("lack honours")
            << qint64(4430) << "honours (tile type 4) cannot be declared as the void suit";
        QTest::newRow("lack type 6") << qint64(6430) << "tile type 6 does not exist";
        QTest::newRow("lack number") << qint64(13430) << "a lack declaration has tile number 0, found 1";
        QTest::newRow("lack copy") << qint64(103430) << "a lack declaration carries no copy digits, found 1";
        QTest::newRow("copy index 7") << qint64(753211) << "copy index 7 (copies are 1-4)";
        QTest::newRow("copy index 5") << qint64(553211) << "copy index 5 (copies are 1-4)";
        QTest::newRow("copy index 0 in a pung") << qint64(42092312) << "copy index 0 (copies are 1-4)";
        QTest::newRow("copy index 9 in a chow") << qint64(91232222) << "copy index 9";
        QTest::newRow("discard without copy") << qint64(53211) << "a discard needs 1 copy digit, found 0";
        QTest::newRow("discard with 2 copies") << qint64(1353211) << "a discard needs 1 copy digit, found 2";
        QTest::newRow("pung with 2 copies") << qint64(2192312) << "a pung needs 3 copy digits, found 2";
        QTest::newRow("pung with 4 copies") << qint64(312192312) << "a pung needs 3 copy digits, found 4";
        QTest::newRow("kong with 3 copies")
            << qint64(32111115) << "a concealed kong needs 4 copy digits, found 3";
        QTest::newRow("kong with 5 copies")
            << qint64(1432111115) << "a concealed kong needs 4 copy digits, found 5";
        QTest::newRow("added kong with 2") << qint64(1454316) << "an added kong needs 1 copy digit, found 2";
        QTest::newRow("chow with 4") << qint64(141232222) << "a chow needs 3 copy digits, found 4";
        QTest::newRow("too many digits")
            << qint64(1000000000000353211LL) << "a discard needs 1 copy digit, found 14";
        QTest::newRow("same copy twice in a pung")
            << qint64(32211112) << "copy index 2 appears twice in a pung";
        QTest::newRow("same copy twice in a kong")
            << qint64(332111117) << "copy index 3 appears twice in an exposed kong";
    }
    void malformedOps() {
        QFETCH(qint64, value);
        QFETCH(QString, reason);
        std::string why;
        QVERIFY2(!decodeOp(value, &why), "accepted");
        QVERIFY2(QString::fromStdString(why).contains(reason), why.c_str());
        QVERIFY(!decodeOp(value)); // no error sink: no crash
        QVERIFY(!referenceValid(value));
    }

    // Every value below 10^6, and the multi-copy ops across their digit space, against the reference table.
    void exhaustive() {
        for (std::int64_t v = 0; v < 1000000; ++v) {
            checkAgainstReference(v);
            if (QTest::currentTestFailed()) return;
        }
        int valid = 0;
        for (int code : {12, 15, 17, 22}) {
            for (int seat : {0, 1, 4, 5})
                for (int type : {0, 1, 4, 5})
                    for (int number : {0, 1, 7, 8})
                        for (int len = 2; len <= 5; ++len) {
                            int combos = 1;
                            for (int i = 0; i < len; ++i) combos *= 6;
                            for (int c = 0; c < combos; ++c) {
                                std::int64_t v = code + 100 * seat + 1000 * type + 10000 * number,
                                             scale = 100000;
                                for (int i = 0, x = c; i < len; ++i, x /= 6, scale *= 10)
                                    v += scale * (x % 6);
                                checkAgainstReference(v);
                                if (QTest::currentTestFailed()) return;
                                valid += referenceValid(v);
                            }
                        }
        }
        QVERIFY(valid > 1000); // the enumeration reaches valid ops, not just malformed ones
    }

    void rulesetNames() {
        for (RulesetId id : {RulesetId::Xinchang, RulesetId::Sichuan, RulesetId::Anshan, RulesetId::Riichi}) {
            RulesetId back = id == RulesetId::Anshan ? RulesetId::Xinchang : RulesetId::Anshan;
            QVERIFY(parseRulesetName(rulesetName(id), &back));
            QVERIFY(back == id);
        }
        QCOMPARE(QString(rulesetName(RulesetId::Sichuan)), QString("sichuan"));
        RulesetId out = RulesetId::Sichuan;
        QCOMPARE(QString(rulesetName(RulesetId::Riichi)), QString("riichi"));
        QVERIFY(!parseRulesetName("mahjongg", &out));
        QVERIFY(!parseRulesetName("Xinchang", &out));
        QVERIFY(!parseRulesetName("", &out));
        QVERIFY(out == RulesetId::Sichuan); // untouched on failure
    }

    // Lines that are read as games, with the fields they give.
    void goodLines_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("ruleset");
        QTest::addColumn<int>("dealer");
        QTest::addColumn<QString>("match");
        QTest::addColumn<QString>("startedAt");
        QTest::addColumn<int>("reports");
        QTest::addColumn<int>("ops");
        const int S = int(RulesetId::Sichuan);
        QTest::newRow("base") << bytes(good("g1")) << "g1" << S << 2 << ""
                              << "" << 0 << 3;
        QTest::newRow("xinchang") << bytes(with("ruleset", "\"xinchang\"", "x")) << "x"
                                  << int(RulesetId::Xinchang) << 2 << ""
                                  << "" << 0 << 3;
        QTest::newRow("anshan") << bytes(with("ruleset", "\"anshan\"", "a")) << "a" << int(RulesetId::Anshan)
                                << 2 << ""
                                << "" << 0 << 3;
        QTest::newRow("unknown fields ignored")
            << bytes(with("engine", "{\"name\":\"x\",\"depth\":[1,2,{\"id\":7}]}", "u")) << "u" << S << 2
            << ""
            << "" << 0 << 3;
        QTest::newRow("all optional fields")
            << QByteArray("{\"format\":\"ops/"
                          "1\",\"id\":\"full\",\"ruleset\":\"sichuan\",\"seats\":[\"p1\",\"p2\",\"p3\","
                          "\"p4\"],\"dealer\":4,"
                          "\"match\":\"m1\",\"started_at\":\"2024-05-01T20:15:00+08:00\",\"reports\":[{"
                          "\"reporter\":\"p2\",\"accused\":\"p1\","
                          "\"reason\":\"fed\",\"extra\":1}],\"ops\":[19]}")
            << "full" << S << 4 << "m1"
            << "2024-05-01T20:15:00+08:00" << 1 << 1;
        QTest::newRow("null optionals") << bytes(line({{"format", "\"ops/1\""},
                                                       {"id", "\"n\""},
                                                       {"ruleset", "\"sichuan\""},
                                                       {"seats", "[\"a\",\"b\",\"c\",\"d\"]"},
                                                       {"dealer", "1"},
                                                       {"match", "null"},
                                                       {"started_at", "null"},
                                                       {"reports", "null"},
                                                       {"ops", "[19]"}}))
                                        << "n" << S << 1 << ""
                                        << "" << 0 << 1;
        QTest::newRow("empty optionals") << bytes(line({{"format", "\"ops/1\""},
                                                        {"id", "\"e\""},
                                                        {"ruleset", "\"sichuan\""},
                                                        {"seats", "[\"a\",\"b\",\"c\",\"d\"]"},
                                                        {"dealer", "1"},
                                                        {"match", "\"\""},
                                                        {"started_at", "\"\""},
                                                        {"reports", "[]"},
                                                        {"ops", "[19]"}}))
                                         << "e" << S << 1 << ""
                                         << "" << 0 << 1;
        QTest::newRow("keys reordered, spaces")
            << QByteArray(" { \"ops\" : [ 19 ] , \"dealer\" : 3 , \"seats\" : [\"a\" , \"b\",\"c\",\"d\"] "
                          ",\"ruleset\":\"anshan\","
                          " \"id\" : \"r\", \"format\" : \"ops/1\" }\t\r")
            << "r" << int(RulesetId::Anshan) << 3 << ""
            << "" << 0 << 1;
        QTest::newRow("escaped id") << bytes(with("id", "\"g\\u00e9\\/1\"")) << "g\xc3\xa9/1" << S << 2 << ""
                                    << "" << 0 << 3;
        QTest::newRow("lowercase t and z, fraction")
            << bytes(with("started_at", "\"2024-05-01t20:15:00.123456z\"", "t")) << "t" << S << 2 << ""
            << "2024-05-01t20:15:00.123456z" << 0 << 3;
        QTest::newRow("space separator, leap day, leap second")
            << bytes(with("started_at", "\"2024-02-29 23:59:60-05:30\"", "l")) << "l" << S << 2 << ""
            << "2024-02-29 23:59:60-05:30" << 0 << 3;
        QTest::newRow("4096 ops") << bytes(with("ops", manyOps(4096).c_str(), "big")) << "big" << S << 2 << ""
                                  << "" << 0 << 4096;
    }
    void goodLines() {
        QFETCH(QByteArray, text);
        QFETCH(QString, id);
        QFETCH(int, ruleset);
        QFETCH(int, dealer);
        QFETCH(QString, match);
        QFETCH(QString, startedAt);
        QFETCH(int, reports);
        QFETCH(int, ops);
        GameRecord g;
        OpsRejection why;
        QVERIFY2(readLine(str(text), g, &why), why.reason.c_str());
        QCOMPARE(QString::fromStdString(g.id), id);
        QCOMPARE(int(g.ruleset), ruleset);
        QCOMPARE(g.dealer, dealer);
        QCOMPARE(QString::fromStdString(g.match), match);
        QCOMPARE(QString::fromStdString(g.startedAt), startedAt);
        QCOMPARE(int(g.reports.size()), reports);
        QCOMPARE(int(g.ops.size()), ops);
        QVERIFY(!g.seats[0].empty() && !g.seats[3].empty());
        // A record read into a reused GameRecord carries nothing over from the previous one.
        GameRecord reused = sampleGame(1);
        QVERIFY(readLine(str(text), reused));
        QVERIFY(reused == g);
    }

    void fieldValues() {
        GameRecord g;
        QVERIFY(
            readLine(
                "{\"format\":\"ops/"
                "1\",\"id\":\"g\",\"ruleset\":\"anshan\",\"seats\":[\"w\",\"x\",\"y\",\"z\"],\"dealer\":3,"
                "\"reports\":[{\"reporter\":\"x\",\"accused\":\"w\",\"reason\":\"r1\"},{\"reporter\":\"y\","
                "\"accused\":\"z\",\"reason\":\"\"}],"
                "\"ops\":[111110,3430,-0]}",
                g) == false); // -0 is the integer 0: unknown operation 0
        OpsRejection why;
        QVERIFY(!readLine("{\"format\":\"ops/"
                          "1\",\"id\":\"g\",\"ruleset\":\"anshan\",\"seats\":[\"w\",\"x\",\"y\",\"z\"],"
                          "\"dealer\":3,\"ops\":[111110,-0]}",
                          g, &why));
        QCOMPARE(why.reason, std::string("op 1 (value 0): unknown operation 0"));
        QCOMPARE(why.op, 1);
        QCOMPARE(why.value, std::int64_t(0));
        QVERIFY(readLine(
            "{\"format\":\"ops/"
            "1\",\"id\":\"g\",\"ruleset\":\"anshan\",\"seats\":[\"w\",\"x\",\"y\",\"z\"],\"dealer\":3,"
            "\"reports\":[{\"reporter\":\"x\",\"accused\":\"w\",\"reason\":\"r1\"},{\"reporter\":\"y\","
            "\"accused\":\"z\",\"reason\":\"\"}],"
            "\"ops\":[111110,3430]}",
            g));
        QCOMPARE(g.seats[0], std::string("w"));
        QCOMPARE(g.seats[3], std::string("z"));
        QCOMPARE(g.ops, (std::vector<std::int64_t>{111110, 3430}));
        QCOMPARE(g.reports.size(), std::size_t(2));
        QVERIFY((g.reports[0] == PlayerReport{"x", "w", "r1"}));
        QVERIFY((g.reports[1] == PlayerReport{"y", "z", ""}));
    }

    // Each bad line, between two good ones and after a blank line: rejected with its line number, its game
    // id where it can be read, and a reason naming the defect; the games around it are still read.
    void badLine_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("id");
        QTest::addColumn<int>("op");
        for (const BadRow& r : badRows())
            QTest::newRow(r.name) << bytes(r.text) << QString::fromStdString(r.reason)
                                  << QString::fromStdString(r.id) << r.op;
    }
    void badLine() {
        QFETCH(QByteArray, text);
        QFETCH(QString, reason);
        QFETCH(QString, id);
        QFETCH(int, op);
        TempFile file(good("before") + "\n\n" + str(text) + "\n" + good("after") + "\n");
        std::ifstream in(file.path, std::ios::binary);
        QVERIFY(in);
        OpsReader reader(in);
        checkItems(
            reader,
            {{1, true, "before"}, {3, false, reason.toStdString(), id.toStdString()}, {4, true, "after"}});
        QCOMPARE(reader.gamesRead(), std::size_t(2));
        QCOMPARE(reader.rejectedLines(), std::size_t(1));
        QCOMPARE(reader.linesRead(), std::size_t(4));
        // The same verdict from readOpsLine, with the bad op's position.
        GameRecord g;
        OpsRejection why;
        QVERIFY(!readLine(str(text), g, &why));
        QCOMPARE(why.op, op);
        QCOMPARE(QString::fromStdString(why.gameId), id);
        const std::string message = why.message();
        QVERIFY2(message.find(reason.toStdString()) != std::string::npos, message.c_str());
    }

    // All bad lines in one file, mixed with good ones, blank lines, CRLF ends and a last line without a line
    // end.
    void mixedFile() {
        std::string content = "\xef\xbb\xbf" + good("first") + "\r\n";
        std::vector<Expect> expected = {{1, true, "first"}};
        std::size_t lineNo = 1;
        int i = 0;
        for (const BadRow& r : badRows()) {
            content += r.text + (i % 2 ? "\r\n" : "\n");
            expected.push_back({++lineNo, false, r.reason, r.id});
            if (i % 3 == 0) {
                content += "   \t\r\n"; // blank
                ++lineNo;
            }
            const std::string id = "ok" + std::to_string(i);
            content += good(id) + "\n";
            expected.push_back({++lineNo, true, id});
            ++i;
        }
        content += "\n\n" + good("last"); // no line end
        lineNo += 3;
        expected.push_back({lineNo, true, "last"});
        TempFile file(content);
        std::ifstream in(file.path, std::ios::binary);
        OpsReader reader(in);
        checkItems(reader, expected);
        QCOMPARE(reader.rejectedLines(), badRows().size());
        QCOMPARE(reader.gamesRead(), badRows().size() + 2);
        QCOMPARE(reader.linesRead(), lineNo);
    }

    void rejectionMessage() {
        std::istringstream in(with("dealer", "\"2\"", "g7") + "\n[]\n");
        OpsReader reader(in);
        auto a = reader.next();
        QVERIFY(a && !a->ok);
        QCOMPARE(a->rejection.message(),
                 std::string("line 1, game g7: field 'dealer' must be an integer 1-4, found \"2\""));
        auto b = reader.next();
        QVERIFY(b && !b->ok);
        QCOMPARE(b->rejection.message(),
                 std::string("line 2: the line is not a JSON object (found an array)"));
        QVERIFY(!reader.next());
    }

    void emptyInputs_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("empty") << QByteArray("");
        QTest::newRow("newlines") << QByteArray("\n\n\r\n");
        QTest::newRow("spaces") << QByteArray("  \t \n \n ");
        QTest::newRow("bom only") << QByteArray("\xef\xbb\xbf");
    }
    void emptyInputs() {
        QFETCH(QByteArray, content);
        std::istringstream in(str(content));
        OpsReader reader(in);
        OpsItem item;
        QVERIFY(!reader.next(item));
        QCOMPARE(reader.gamesRead() + reader.rejectedLines(), std::size_t(0));
    }

    void missingFile() {
        std::ifstream in("/nonexistent/tilewatch/none.jsonl");
        OpsReader reader(in);
        QVERIFY(!reader.next());
    }

    // write -> read gives an equal record, and writing that again gives the same bytes.
    void roundTrip_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("minimal") << 0;
        QTest::newRow("all fields, escapes") << 1;
        QTest::newRow("every op code, 4096 ops") << 2;
        QTest::newRow("awkward strings") << 3;
        QTest::newRow("think times") << 4;
    }
    void roundTrip() {
        QFETCH(int, which);
        const GameRecord g = sampleGame(which);
        const std::string text = writeOpsLine(g);
        QVERIFY(text.find('\n') == std::string::npos);
        QVERIFY(text.find('\r') == std::string::npos);
        GameRecord back;
        OpsRejection why;
        QVERIFY2(readLine(text, back, &why), why.reason.c_str());
        QVERIFY(back == g);
        QCOMPARE(writeOpsLine(back), text);
        // And through a file with the reader.
        TempFile file(text + "\n" + text + "\n");
        std::ifstream in(file.path, std::ios::binary);
        OpsReader reader(in);
        for (int i = 0; i < 2; ++i) {
            auto item = reader.next();
            QVERIFY(item && item->ok);
            QVERIFY(item->game == g);
        }
        QVERIFY(!reader.next());
    }

    void canonicalText() {
        GameRecord g = sampleGame(1);
        g.reports.resize(1);
        g.ops = {111110, 353211};
        QCOMPARE(writeOpsLine(g),
                 std::string("{\"format\":\"ops/"
                             "1\",\"id\":\"g1\",\"ruleset\":\"anshan\",\"seats\":[\"alice\",\"bob\","
                             "\"carol\",\"dave\"],\"dealer\":4,"
                             "\"match\":\"m-2024-05-01/7\",\"started_at\":\"2024-05-01T20:15:00.250+08:00\","
                             "\"reports\":[{\"reporter\":\"bob\",\"accused\":\"alice\",\"reason\":\"she "
                             "always \\\"knows\\\" my tiles\\u000areally\"}],"
                             "\"ops\":[111110,353211]}"));
        QCOMPARE(writeOpsLine(sampleGame(0)),
                 std::string("{\"format\":\"ops/"
                             "1\",\"id\":\"g0\",\"ruleset\":\"xinchang\",\"seats\":[\"alice\",\"bob\","
                             "\"carol\",\"dave\"],\"dealer\":1,\"ops\":[111110]}"));
    }

    // Times follow the ops, null where unknown; a record without times is written as before they existed,
    // and a list of nulls only is no times (it reads back as none and writes without the field).
    void thinkTimesText() {
        QCOMPARE(
            writeOpsLine(sampleGame(4)),
            std::string("{\"format\":\"ops/1\",\"id\":\"g4\",\"ruleset\":\"xinchang\",\"seats\":[\"alice\","
                        "\"bob\",\"carol\",\"dave\"],\"dealer\":1,\"ops\":[111110,121210,353211,19],"
                        "\"think_ms\":[null,0,600000,1234]}"));
        GameRecord g;
        QVERIFY(readLine(with("think_ms", "[null,null,null]", "n"), g));
        QVERIFY(g.thinkMs.empty());
        QCOMPARE(writeOpsLine(g), good("n"));
        QVERIFY(readLine(with("think_ms", "null", "n"), g));
        QVERIFY(g.thinkMs.empty());
        QVERIFY(readLine(with("think_ms", "[5,null,7]", "t"), g));
        QCOMPARE(g.thinkMs, (std::vector<std::int32_t>{5, kUnknownThinkMs, 7}));
        // A reused record forgets the last line's times.
        QVERIFY(readLine(good("plain"), g));
        QVERIFY(g.thinkMs.empty());
    }

    // A non-canonical line (spaces, other key order, extra fields, nulls, escapes) becomes the canonical one,
    // and that one is stable.
    void canonicalize_data() {
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<QByteArray>("canonical");
        QTest::newRow("reordered") << QByteArray(
                                          " {\"ops\": [ 19 ], \"x\": {\"y\": [1, 2]}, \"dealer\": 1, "
                                          "\"match\": null, \"seats\": [\"\\u0061\", \"b\", \"c\", \"d\"],"
                                          " \"ruleset\": \"sichuan\", \"reports\": [], \"id\": \"g\\/1\", "
                                          "\"format\": \"ops/1\", \"started_at\": \"\"} ")
                                   << QByteArray("{\"format\":\"ops/1\",\"id\":\"g/"
                                                 "1\",\"ruleset\":\"sichuan\",\"seats\":[\"a\",\"b\",\"c\","
                                                 "\"d\"],\"dealer\":1,\"ops\":[19]}");
        QTest::newRow("report extras dropped")
            << QByteArray("{\"format\":\"ops/"
                          "1\",\"id\":\"r\",\"ruleset\":\"xinchang\",\"seats\":[\"a\",\"b\",\"c\",\"d\"],"
                          "\"dealer\":2,"
                          "\"reports\":[{\"when\":1,\"reason\":\"\\t\",\"accused\":\"b\",\"reporter\":\"a\"}]"
                          ",\"ops\":[111110]}")
            << QByteArray("{\"format\":\"ops/"
                          "1\",\"id\":\"r\",\"ruleset\":\"xinchang\",\"seats\":[\"a\",\"b\",\"c\",\"d\"],"
                          "\"dealer\":2,"
                          "\"reports\":[{\"reporter\":\"a\",\"accused\":\"b\",\"reason\":\"\\u0009\"}],"
                          "\"ops\":[111110]}");
    }
    void canonicalize() {
        QFETCH(QByteArray, input);
        QFETCH(QByteArray, canonical);
        GameRecord g, again;
        OpsRejection why;
        QVERIFY2(readLine(str(input), g, &why), why.reason.c_str());
        QCOMPARE(bytes(writeOpsLine(g)), canonical);
        QVERIFY(readLine(writeOpsLine(g), again));
        QVERIFY(again == g);
        QCOMPARE(writeOpsLine(again), writeOpsLine(g));
    }

    void nonUtf8Record() {
        // A record built in code with bytes that are not UTF-8 is written as valid JSON (U+FFFD), stably.
        GameRecord g = sampleGame(0);
        g.match = "caf\xe9";
        const std::string once = writeOpsLine(g);
        GameRecord back;
        QVERIFY(readLine(once, back));
        QCOMPARE(back.match, std::string("caf\xef\xbf\xbd"));
        QCOMPARE(writeOpsLine(back), once);
    }

    // A 10 MB line is rejected whole (naming its game when the id comes first) and the next lines are read.
    void longLines() {
        std::string huge = "{\"format\":\"ops/"
                           "1\",\"id\":\"huge\",\"ruleset\":\"xinchang\",\"seats\":[\"a\",\"b\",\"c\",\"d\"],"
                           "\"dealer\":1,\"ops\":[";
        while (huge.size() < 10'000'000) huge += "111110,";
        huge += "19]}";
        const std::string junk(10'000'000, 'x');
        TempFile file(good("one") + "\n" + huge + "\n" + good("two") + "\r\n" + junk + "\n" + good("three") +
                      "\n" + huge);
        std::ifstream in(file.path, std::ios::binary);
        OpsReader reader(in);
        checkItems(
            reader,
            {{1, true, "one"},
             {2, false, "the line is longer than 4 MiB (the limit for one game); it was skipped", "huge"},
             {3, true, "two"},
             {4, false, "longer than 4 MiB", ""},
             {5, true, "three"},
             {6, false, "longer than 4 MiB", "huge"}});
    }

    void lineLimitBoundary() {
        const std::string a = good("a"), b = good("b");
        OpsReaderOptions options;
        options.maxLineBytes = a.size();
        {
            std::istringstream in(a + "\n" + b + "x\n" + b +
                                  "\r\n"); // b+"x" is one byte too long; CR not counted
            OpsReader reader(in, options);
            checkItems(reader, {{1, true, "a"},
                                {2, false, "longer than " + std::to_string(a.size()) + " bytes", "b"},
                                {3, true, "b"}});
        }
        options.maxLineBytes = a.size() - 1;
        std::istringstream in(a + "\n" + a);
        OpsReader reader(in, options);
        checkItems(reader, {{1, false, "longer than", "a"}, {2, false, "longer than", "a"}});
    }

    void opLimitOption() {
        OpsReaderOptions options;
        options.maxOps = 2;
        std::istringstream in(with("ops", "[111110,121210]", "two") + "\n" + good("three"));
        OpsReader reader(in, options);
        checkItems(reader, {{1, true, "two"},
                            {2, false, "field 'ops' has 3 ops, more than the limit of 2 per game", "three"}});
    }

    // A 256 MiB line from a generated stream: skipped without being held in memory.
    void longLineMemory() {
        const long before = peakRssKiB();
        if (before < 0) QSKIP("no /proc/self/status");
        LongLineBuf buf(std::size_t(256) << 20, good("after") + "\n");
        std::istream in(&buf);
        OpsReader reader(in);
        checkItems(reader, {{1, false, "longer than 4 MiB", "generated"}, {2, true, "after"}});
        const long grown = peakRssKiB() - before;
        QVERIFY2(grown < 64 * 1024, qPrintable(QString("peak memory grew by %1 KiB").arg(grown)));
    }

    void rfc3339_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::newRow("Z") << "2024-05-01T20:15:00Z" << true;
        QTest::newRow("offset") << "2024-05-01T20:15:00+08:00" << true;
        QTest::newRow("negative offset") << "1999-12-31T23:59:59-12:00" << true;
        QTest::newRow("fraction") << "2024-05-01T20:15:00.5Z" << true;
        QTest::newRow("leap day 2000") << "2000-02-29T00:00:00Z" << true;
        QTest::newRow("no leap day 1900") << "1900-02-29T00:00:00Z" << false;
        QTest::newRow("month 13") << "2024-13-01T00:00:00Z" << false;
        QTest::newRow("day 0") << "2024-01-00T00:00:00Z" << false;
        QTest::newRow("31 April") << "2024-04-31T00:00:00Z" << false;
        QTest::newRow("minute 60") << "2024-04-30T00:60:00Z" << false;
        QTest::newRow("second 61") << "2024-04-30T00:00:61Z" << false;
        QTest::newRow("empty fraction") << "2024-04-30T00:00:00.Z" << false;
        QTest::newRow("offset without colon") << "2024-04-30T00:00:00+0800" << false;
        QTest::newRow("offset hour 24") << "2024-04-30T00:00:00+24:00" << false;
        QTest::newRow("trailing") << "2024-04-30T00:00:00Zx" << false;
        QTest::newRow("date only") << "2024-04-30" << false;
        QTest::newRow("short year") << "24-04-30T00:00:00Z" << false;
        QTest::newRow("empty") << "" << false;
    }
    void rfc3339() {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QCOMPARE(isRfc3339(text.toStdString()), valid);
    }
};

QTEST_APPLESS_MAIN(TestOpsCodec)
#include "tst_opscodec.moc"
