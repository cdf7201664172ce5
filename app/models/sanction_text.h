// A sanction in the moderator's words (the desk, the reports): "Suspension until 2027-01-31", "Ban", and the
// kinds a verdict may carry, in rising weight. The store's names (warning, mark, suspension, ban) stay in the
// database and the JSON export; these are what people read.
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tw::models {

class SanctionText {
    Q_DECLARE_TR_FUNCTIONS(tw::models::SanctionText)
  public:
    static QStringList kinds();                                     // warning, mark, suspension, ban
    static QString kindText(const QString& kind);                   // "Warning", … ; "No sanction" for ""
    static QString text(const QString& kind, const QString& until); // with a suspension's last day
    // What each kind means for the player, for a tooltip.
    static QString meaning(const QString& kind);
};

} // namespace tw::models
