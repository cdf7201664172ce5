// The options of every tilewatch-cli command, as one typed table per command read by one function.
// A row names the option, the kind of value it takes (a flag, a whole number or a real
// one in a range, one of a few names, a path or other text) and the variable the value goes to; that
// variable's initial value is the default. A value that is not of its kind or not in its range, a missing
// value, an unknown option and an option given twice end the command with exit status 2 and one line
// naming the option and the value: `tilewatch-cli simulate: --games: '2x' is not a whole number`.
// Each form is accepted: `--games 2` and `--games=2`. What depends on several options at once (--xq-model
// needs --multipv 2 or more) stays with the command.
#pragma once

#include <QString>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tw::cli {

// Why a value was refused ("'2x' is not a whole number"), or empty when it was taken.
using Reader = std::function<std::string(const std::string& value)>;

struct Option {
    std::vector<std::string> names; // "--output", "-o": the first is the one messages name
    Reader read;                    // takes the value (a flag's is called with "")
    bool takesValue = true;         // false: a flag
    bool repeatable = false;        // each time adds (--meld, --test); else a second time is refused
};

// A range of real numbers; an open end excludes its bound (--alpha lies above 0 and below 1).
struct Range {
    double min, max;
    bool openMin = false, openMax = false;
};

Option flag(std::vector<std::string> names, bool* to);
// Digits, with a leading '-' only where the range allows negative numbers.
Option whole(std::vector<std::string> names, int* to, int min, int max);
Option whole(std::vector<std::string> names, long long* to, long long min, long long max);
Option whole(std::vector<std::string> names, std::uint64_t* to, std::uint64_t min, std::uint64_t max);
// A finite number in the range: no NaN or infinity.
Option real(std::vector<std::string> names, double* to, Range range);
Option probability(std::vector<std::string> names, double* to); // 0..1
// One of a list of names, exactly as written.
Option oneOf(std::vector<std::string> names, std::string* to, std::vector<std::string> choices);
Option oneOf(std::vector<std::string> names, QString* to, std::vector<std::string> choices);
// A path or other text, never empty: an option given says something (leave out an optional one instead).
// QString targets take the local 8-bit encoding.
Option text(std::vector<std::string> names, std::string* to);
Option text(std::vector<std::string> names, QString* to);
// A value of the command's own kind (tiles, S,C[,PHI], a ruleset).
Option custom(std::vector<std::string> names, Reader read, bool repeatable = false);

// A value as messages quote it, 'like this', its control and bidi characters shown escaped.
std::string inQuotes(const std::string& value);

// The readers behind the rows, for positional arguments (a case id) and the commands' own kinds.
std::string readWhole(const std::string& value, long long min, long long max, long long* out);
std::string readReal(const std::string& value, Range range, double* out);
std::string readChoice(const std::string& value, const std::vector<std::string>& choices);

// Reads argv[1..argc) (argv[0] is the command's name) against `table`; everything that is not an option or
// an option's value goes to `positionals`, in order ("--" ends the options; "-" alone is positional).
// --help or -h anywhere prints `help`. Returns the exit status to end with (0 after the help, 2 after a bad
// option or value, named on standard error), or nothing: the command goes on. `given`, when asked for, gets
// the first name of each option given, for the options that exclude one another.
std::optional<int> parseOptions(const char* command, const char* help, const std::vector<Option>& table,
                                int argc, char** argv, std::vector<std::string>* positionals,
                                std::vector<std::string>* given = nullptr);

// "tilewatch-cli COMMAND: MESSAGE" and where to read more, on standard error; returns 2 (bad usage).
int usageError(const char* command, const std::string& message);

// The files below each folder named on the command line, in import's order (every file under it, sorted), in
// its place; other paths are kept as they are, for the command to open or refuse.
std::vector<std::string> filesBelowFolders(const std::vector<std::string>& paths);
bool isFolder(const std::string& path);

} // namespace tw::cli
