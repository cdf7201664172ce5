#include "options.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>

#include <QFileInfo>

#include "importer.h"
#include "visible_text.h"

namespace tw::cli {

namespace {

std::string number(double x) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%g", x);
    return buf;
}

std::string rangeText(const Range& r) {
    if (!r.openMin && !r.openMax) return number(r.min) + ".." + number(r.max);
    return std::string("(") + (r.openMin ? "above " : "at least ") + number(r.min) +
           (r.openMax ? " and below " : " and at most ") + number(r.max) + ")";
}

// std::from_chars reads no '+', no space and no base prefix, and whatever it does not read is junk:
// "2x", " 2", "2.0" and "0x10" are not whole numbers. An overflow is out of range, not wrapped around.
template <class T> std::string readWholeAs(const std::string& value, T min, T max, T* out) {
    const std::string range = std::to_string(min) + ".." + std::to_string(max);
    T x{};
    const char* end = value.data() + value.size();
    auto [ptr, ec] = std::from_chars(value.data(), end, x);
    if (std::is_unsigned_v<T> && ec == std::errc::invalid_argument && value.size() > 1 && value[0] == '-') {
        // A negative number for an unsigned value: a number, below the range.
        unsigned long long magnitude = 0;
        auto [p, e] = std::from_chars(value.data() + 1, end, magnitude);
        if (p == end && e != std::errc::invalid_argument)
            return inQuotes(value) + " is out of range " + range;
    }
    if (ec == std::errc::invalid_argument || ptr != end) return inQuotes(value) + " is not a whole number";
    if (ec == std::errc::result_out_of_range || x < min || x > max)
        return inQuotes(value) + " is out of range " + range;
    *out = x;
    return {};
}

Reader wholeReader(auto* to, auto min, auto max) {
    return [to, min, max](const std::string& v) { return readWholeAs(v, min, max, to); };
}

std::string choiceList(const std::vector<std::string>& choices) {
    std::string list;
    for (std::size_t i = 0; i < choices.size(); ++i)
        list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    return list;
}

} // namespace

std::string inQuotes(const std::string& value) {
    // Appended, not "'" + text + "'": GCC 12 warns about that (-Wrestrict) where it is inlined.
    std::string q(1, '\'');
    q += visibleText(value);
    q += '\'';
    return q;
}

std::string readWhole(const std::string& value, long long min, long long max, long long* out) {
    return readWholeAs(value, min, max, out);
}

std::string readReal(const std::string& value, Range range, double* out) {
    double x = 0;
    const char* end = value.data() + value.size();
    auto [ptr, ec] = std::from_chars(value.data(), end, x);
    if (ec == std::errc::invalid_argument || ptr != end) return inQuotes(value) + " is not a number";
    if (ec == std::errc::result_out_of_range) {
        // Too small for a double (1e-400) is as good as 0; too large (1e999) is no setting.
        long double wide = 0;
        if (std::from_chars(value.data(), end, wide).ec != std::errc() || std::fabs(wide) >= 1)
            return inQuotes(value) + " is not a finite number";
        x = static_cast<double>(wide);
    }
    // from_chars reads "nan" and "inf" too; neither is a setting.
    if (std::isnan(x)) return inQuotes(value) + " is not a number";
    if (!std::isfinite(x)) return inQuotes(value) + " is not a finite number";
    const bool below = range.openMin ? !(x > range.min) : x < range.min;
    const bool above = range.openMax ? !(x < range.max) : x > range.max;
    if (below || above) return inQuotes(value) + " is out of range " + rangeText(range);
    *out = x;
    return {};
}

std::string readChoice(const std::string& value, const std::vector<std::string>& choices) {
    for (const std::string& c : choices)
        if (value == c) return {};
    return inQuotes(value) + " is not " + (choices.size() > 2 ? "one of " : "") + choiceList(choices);
}

Option flag(std::vector<std::string> names, bool* to) {
    return {std::move(names), [to](const std::string&) { return *to = true, std::string(); }, false};
}

Option whole(std::vector<std::string> names, int* to, int min, int max) {
    return {std::move(names), wholeReader(to, min, max)};
}

Option whole(std::vector<std::string> names, long long* to, long long min, long long max) {
    return {std::move(names), wholeReader(to, min, max)};
}

Option whole(std::vector<std::string> names, std::uint64_t* to, std::uint64_t min, std::uint64_t max) {
    return {std::move(names), wholeReader(to, min, max)};
}

Option real(std::vector<std::string> names, double* to, Range range) {
    return {std::move(names), [to, range](const std::string& v) { return readReal(v, range, to); }};
}

Option probability(std::vector<std::string> names, double* to) {
    return real(std::move(names), to, {0, 1});
}

Option oneOf(std::vector<std::string> names, std::string* to, std::vector<std::string> choices) {
    return {std::move(names), [to, choices](const std::string& v) {
                std::string why = readChoice(v, choices);
                if (why.empty()) *to = v;
                return why;
            }};
}

Option oneOf(std::vector<std::string> names, QString* to, std::vector<std::string> choices) {
    return {std::move(names), [to, choices](const std::string& v) {
                std::string why = readChoice(v, choices);
                if (why.empty()) *to = QString::fromStdString(v);
                return why;
            }};
}

Option text(std::vector<std::string> names, std::string* to) {
    return {std::move(names), [to](const std::string& v) {
                if (v.empty()) return std::string("the value is empty");
                *to = v;
                return std::string();
            }};
}

Option text(std::vector<std::string> names, QString* to) {
    return {std::move(names), [to](const std::string& v) {
                if (v.empty()) return std::string("the value is empty");
                *to = QString::fromLocal8Bit(v.data(), qsizetype(v.size()));
                return std::string();
            }};
}

Option custom(std::vector<std::string> names, Reader read, bool repeatable) {
    return {std::move(names), std::move(read), true, repeatable};
}

int usageError(const char* command, const std::string& message) {
    std::fprintf(stderr, "tilewatch-cli %s: %s\n(see 'tilewatch-cli %s --help')\n", command, message.c_str(),
                 command);
    return 2;
}

std::optional<int> parseOptions(const char* command, const char* help, const std::vector<Option>& table,
                                int argc, char** argv, std::vector<std::string>* positionals,
                                std::vector<std::string>* givenNames) {
    auto find = [&](const std::string& name) -> const Option* {
        for (const Option& o : table)
            for (const std::string& n : o.names)
                if (n == name) return &o;
        return nullptr;
    };
    // --help wins over everything else on the line, a mistake included: it is what was asked for.
    for (int i = 1; i < argc && std::string(argv[i]) != "--"; ++i)
        if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h") {
            std::fputs(help, stdout);
            return 0;
        }
    auto isOption = [&](const std::string& word) {
        return word.rfind("--", 0) == 0 && find(word.substr(0, word.find('=')));
    };
    std::vector<std::pair<const Option*, std::string>> given; // each option given, and how it was written
    bool optionsEnd = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (optionsEnd || a.size() < 2 || a[0] != '-') {
            positionals->push_back(a);
            continue;
        }
        if (a == "--") {
            optionsEnd = true;
            continue;
        }
        std::string name = a, written = a;
        std::optional<std::string> value;
        if (const auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos)
            name = a.substr(0, eq), value = a.substr(eq + 1);
        const Option* o = find(name);
        if (!o) return usageError(command, "unknown option " + visibleText(name));
        const std::string& shown = name; // as written: --output, not -o
        if (!o->takesValue && value)
            return usageError(command, shown + ": takes no value, not " + inQuotes(*value));
        if (o->takesValue && !value) {
            // The next word is the value, unless it is one of this command's options: `--db --quiet` lacks
            // the path rather than names a file "--quiet". A negative number (-5) is a value.
            if (i + 1 >= argc || isOption(argv[i + 1])) return usageError(command, shown + ": needs a value");
            value = argv[++i];
            written += " " + *value;
        }
        // Given twice, one of the two values would be dropped without a word: refused instead.
        for (const auto& [before, as] : given)
            if (before == o && !o->repeatable)
                return usageError(command, shown + ": given twice (" + visibleText(as) + ", then " +
                                               visibleText(written) + ")");
        given.emplace_back(o, written);
        if (givenNames) givenNames->push_back(o->names.front());
        if (const std::string why = o->read(value.value_or(std::string())); !why.empty())
            return usageError(command, shown + ": " + why);
    }
    return std::nullopt;
}

bool isFolder(const std::string& path) {
    return QFileInfo(QString::fromStdString(path)).isDir();
}

std::vector<std::string> filesBelowFolders(const std::vector<std::string>& paths) {
    std::vector<std::string> out;
    for (const std::string& path : paths) {
        const QString p = QString::fromStdString(path);
        QStringList files, names;
        if (!QFileInfo(p).isDir() || !pipeline::Importer::gameFiles({p}, p, &files, &names, nullptr) ||
            files.isEmpty()) { // an empty folder stays, for the command to name as one it cannot read
            out.push_back(path);
            continue;
        }
        for (const QString& f : files) out.push_back(f.toStdString());
    }
    return out;
}

} // namespace tw::cli
