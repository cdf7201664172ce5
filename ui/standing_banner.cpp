#include "standing_banner.h"

#include <QDateTime>

#include "sanction_text.h"

namespace tw::ui {

namespace {

QString dayOf(const QString& at) {
    const QDateTime t = QDateTime::fromString(at, Qt::ISODateWithMs);
    return t.isValid() ? t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")) : at;
}

} // namespace

StandingBanner::StandingBanner(QWidget* parent) : QLabel(parent) {
    setObjectName(QStringLiteral("standingBanner"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setStyleSheet(QStringLiteral("QLabel { background: #dbe9f7; color: #1a2b3c; padding: 4px; "
                                 "border: 1px solid #729fcf; border-radius: 3px; }"));
    hide();
}

QString StandingBanner::textOf(const models::CaseView& c, bool full) {
    // One or two lines over the board on a laptop; the tooltip says it in full.
    QStringList parts;
    if (c.underAppeal)
        parts
            << (full ? tr("Under appeal by %1 (recorded by %2, %3): %4. On a team server only a lead decides "
                          "it.")
                           .arg(c.appellant, c.appealBy, dayOf(c.appealAt), c.appealReason)
                     : tr("Under appeal by %1, for a lead: %2.").arg(c.appellant, c.appealReason));
    if (c.evidenceAsOf)
        parts << (full ? tr("The evidence shown is as it was at decision %1 (%2): the verdict rests on it, "
                            "whatever later scans found.")
                             .arg(c.evidenceAsOf)
                             .arg(dayOf(c.evidenceAsOfAt))
                       : tr("Evidence as at decision %1 (%2), not the latest scan.")
                             .arg(c.evidenceAsOf)
                             .arg(dayOf(c.evidenceAsOfAt)));
    if (!c.sanction.isEmpty())
        parts << tr("Sanction in force: %1.").arg(models::SanctionText::text(c.sanction, c.sanctionUntil));
    if (c.follows)
        parts
            << (full
                    ? tr("Raised again after dismissed case %1: a scan found evidence beyond that dismissal.")
                          .arg(c.follows)
                    : tr("Raised again after dismissed case %1.").arg(c.follows));
    return parts.join(QLatin1Char(' '));
}

void StandingBanner::setCase(const models::CaseView& c) {
    const QString text = c.id ? textOf(c, false) : QString();
    setText(text);
    setToolTip(c.id ? textOf(c, true) : QString());
    setVisible(!text.isEmpty());
}

} // namespace tw::ui
