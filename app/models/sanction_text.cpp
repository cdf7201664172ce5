#include "sanction_text.h"

namespace tw::models {

QStringList SanctionText::kinds() {
    return {QStringLiteral("warning"), QStringLiteral("mark"), QStringLiteral("suspension"),
            QStringLiteral("ban")};
}

QString SanctionText::kindText(const QString& kind) {
    if (kind.isEmpty()) return tr("No sanction");
    if (kind == QLatin1String("warning")) return tr("Warning");
    if (kind == QLatin1String("mark")) return tr("Mark on the account");
    if (kind == QLatin1String("suspension")) return tr("Suspension");
    if (kind == QLatin1String("ban")) return tr("Ban");
    return kind;
}

QString SanctionText::text(const QString& kind, const QString& until) {
    if (kind == QLatin1String("suspension") && !until.isEmpty()) return tr("Suspension until %1").arg(until);
    return kindText(kind);
}

QString SanctionText::meaning(const QString& kind) {
    if (kind == QLatin1String("warning")) return tr("The player is told; nothing else changes");
    if (kind == QLatin1String("mark"))
        return tr("The account is marked for the platform (e.g. kept from rated play)");
    if (kind == QLatin1String("suspension")) return tr("The player may not play until the end date");
    if (kind == QLatin1String("ban")) return tr("The account is closed for good");
    return tr("The verdict carries no sanction");
}

} // namespace tw::models
