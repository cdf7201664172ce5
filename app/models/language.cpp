#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace tw::models {

namespace {

std::unique_ptr<QTranslator> loaded(const QLocale& locale, const QString& base, const QString& dir) {
    auto t = std::make_unique<QTranslator>();
    return t->load(locale, base, QStringLiteral("_"), dir) ? std::move(t) : nullptr;
}

} // namespace

bool installLanguage(const QString& code) {
    static std::unique_ptr<QTranslator> ours, qt;
    ours.reset(), qt.reset(); // a QTranslator uninstalls itself when deleted

    const QLocale locale = code.isEmpty() ? QLocale::system() : QLocale(code);
    if (!code.isEmpty()) QLocale::setDefault(locale);
    const QString embedded = QStringLiteral(":/i18n");
    ours = loaded(locale, QStringLiteral("tilewatch"), embedded);
    const bool found = ours != nullptr;
    if (!found) ours = loaded(QLocale(QLocale::English), QStringLiteral("tilewatch"), embedded);
    qt = found ? loaded(locale, QStringLiteral("qtbase"), QLibraryInfo::path(QLibraryInfo::TranslationsPath))
               : nullptr;
    for (auto* t : {&ours, &qt})
        if (*t) QCoreApplication::installTranslator(t->get());
    return found;
}

} // namespace tw::models
