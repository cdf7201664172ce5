#include "timestamp.h"

namespace tw::store {

namespace {

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool digits(std::string_view s, std::size_t at, std::size_t n, int* out) {
    if (at + n > s.size()) return false;
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return true;
}

} // namespace

std::optional<std::int64_t> utcMillis(std::string_view s) {
    int year, month, day, hour, minute, second;
    if (!digits(s, 0, 4, &year) || s.size() < 19 || s[4] != '-' || !digits(s, 5, 2, &month) || s[7] != '-' ||
        !digits(s, 8, 2, &day) || (s[10] != 'T' && s[10] != 't' && s[10] != ' ') ||
        !digits(s, 11, 2, &hour) || s[13] != ':' || !digits(s, 14, 2, &minute) || s[16] != ':' ||
        !digits(s, 17, 2, &second))
        return std::nullopt;
    static const int kMonthDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1 || day > kMonthDays[month - 1] || hour > 23 || minute > 59 ||
        second > 60)
        return std::nullopt;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    if (month == 2 && day == 29 && !leap) return std::nullopt;
    std::size_t i = 19;
    int millis = 0;
    if (i < s.size() && s[i] == '.') {
        ++i;
        const std::size_t start = i;
        int scale = 100;
        for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, scale /= 10) millis += (s[i] - '0') * scale;
        if (i == start) return std::nullopt;
    }
    int offsetMinutes = 0;
    if (i < s.size()) {
        if (s[i] == 'Z' || s[i] == 'z') {
            ++i;
        } else if (s[i] == '+' || s[i] == '-') {
            int oh, om;
            if (!digits(s, i + 1, 2, &oh) || i + 3 >= s.size() || s[i + 3] != ':' ||
                !digits(s, i + 4, 2, &om) || oh > 23 || om > 59)
                return std::nullopt;
            offsetMinutes = (s[i] == '-' ? -1 : 1) * (oh * 60 + om);
            i += 6;
        } else {
            return std::nullopt;
        }
    }
    if (i != s.size()) return std::nullopt;
    const std::int64_t days = daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
    const std::int64_t seconds = days * 86400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60;
    return seconds * 1000 + millis;
}

} // namespace tw::store
