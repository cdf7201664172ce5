// UTF-8 text re-encoded with glibc's iconv (GB18030, BIG5, ...), for the xiangqi readers' encoding tests.
#pragma once

#include <QString>

#include <iconv.h>
#include <string>
#include <utility>

namespace twtest {

inline std::string iconvTo(const std::string& utf8, const char* to, QString* error) {
    const iconv_t cd = iconv_open(to, "UTF-8");
    if (cd == reinterpret_cast<iconv_t>(-1)) {
        *error = QString("iconv cannot convert to ") + to;
        return {};
    }
    std::string out(utf8.size() * 2 + 16, '\0');
    char* in = const_cast<char*>(utf8.data());
    std::size_t inLeft = utf8.size(), outLeft = out.size();
    char* o = out.data();
    if (iconv(cd, &in, &inLeft, &o, &outLeft) == static_cast<std::size_t>(-1))
        *error = QString("iconv to %1 stopped at byte %2").arg(to).arg(utf8.size() - inLeft);
    iconv_close(cd);
    out.resize(out.size() - outLeft);
    return out;
}

// The sample's simplified piece and move characters in their traditional forms, so Big5 can encode it.
inline std::string traditional(const std::string& utf8) {
    QString text = QString::fromUtf8(utf8);
    const std::pair<const char*, const char*> forms[] = {{"马", "馬"}, {"车", "車"}, {"进", "進"},
                                                         {"后", "後"}, {"帅", "帥"}, {"将", "將"}};
    for (const auto& [s, t] : forms) text.replace(QString::fromUtf8(s), QString::fromUtf8(t));
    return text.toStdString();
}

} // namespace twtest
