#include "sql_script.h"

namespace tw::store {

namespace {

bool isWordChar(QChar c) {
    return c.isLetterOrNumber() || c == u'_';
}

} // namespace

QStringList splitSqlScript(const QString& script) {
    QStringList statements;
    QString current;
    QStringList words;      // the current statement's leading words, upper-cased, to spot CREATE … TRIGGER
    bool inTrigger = false; // the current statement creates a trigger
    int depth = 0;          // open BEGIN / CASE blocks inside a trigger
    auto finish = [&] {
        const QString s = current.trimmed();
        if (!s.isEmpty()) statements << s;
        current.clear();
        words.clear();
        inTrigger = false;
        depth = 0;
    };
    const int n = int(script.size());
    for (int i = 0; i < n;) {
        const QChar c = script[i];
        if (c == u'-' && i + 1 < n && script[i + 1] == u'-') { // comment to the end of the line
            while (i < n && script[i] != u'\n') ++i;
            continue;
        }
        if (c == u'/' && i + 1 < n && script[i + 1] == u'*') {
            const int end = script.indexOf(QStringLiteral("*/"), i + 2);
            i = end < 0 ? n : end + 2;
            current += u' ';
            continue;
        }
        if (c == u'$' && i + 1 < n && script[i + 1] == u'$') { // PostgreSQL's dollar quote: a function body
            const int end = script.indexOf(QStringLiteral("$$"), i + 2);
            const int stop = end < 0 ? n : end + 2;
            current += QStringView(script).mid(i, stop - i);
            i = stop;
            continue;
        }
        if (c == u'\'' || c == u'"' || c == u'`' || c == u'[') {
            const QChar close = c == u'[' ? QChar(u']') : c;
            int j = i + 1;
            for (; j < n; ++j) {
                if (script[j] == close) {
                    if (close != u']' && j + 1 < n && script[j + 1] == close) { // doubled quote
                        ++j;
                        continue;
                    }
                    break;
                }
            }
            current += QStringView(script).mid(i, std::min(j + 1, n) - i);
            i = j + 1;
            continue;
        }
        if (isWordChar(c)) {
            int j = i;
            while (j < n && isWordChar(script[j])) ++j;
            const QString word = script.mid(i, j - i).toUpper();
            if (words.size() < 4) {
                words << word;
                if (words.size() >= 2 && words[0] == u"CREATE" && word == u"TRIGGER") inTrigger = true;
            }
            if (inTrigger) {
                if (word == u"BEGIN" || word == u"CASE")
                    ++depth;
                else if (word == u"END" && depth > 0)
                    --depth;
            }
            current += QStringView(script).mid(i, j - i);
            i = j;
            continue;
        }
        if (c == u';' && (!inTrigger || depth == 0)) {
            finish();
            ++i;
            continue;
        }
        current += c;
        ++i;
    }
    finish();
    return statements;
}

} // namespace tw::store
