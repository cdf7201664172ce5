#pragma once

#include <QString>

namespace tw::models {

// Installs TileWatch's translation (embedded under :/i18n) and Qt's own qtbase_<lang>.qm for `code`
// ("" = the system locale, "en", "zh_CN"), replacing what an earlier call installed. A language we do
// not ship falls back to English, which still supplies the plural forms of "%n" strings. Returns false
// in that case. Widgets built before the call keep their texts (the settings say "after restart").
bool installLanguage(const QString& code = {});

} // namespace tw::models
