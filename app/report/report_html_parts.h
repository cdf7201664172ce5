// The pieces of the HTML report that each game kind's move section is written with (report_kind.h): text
// escaped for it, numbers in the report's locale, tiles by name, a picture and a row of facts. Internal to
// tw_report.
#pragma once

#include <QImage>
#include <QList>
#include <QString>

#include <functional>

#include "mahjong_snapshot.h"

namespace tw::report::html {

// Text for the HTML: escaped, outside text's isolate marks as <bdi>, control characters made visible.
QString esc(const QString& s);
// The same for an attribute, which takes no markup.
QString attr(const QString& s);
QString num(double v, int decimals = 2);
QString tileText(const QList<tw::models::TileFace>& tiles); // "(empty)" for none

// Where a picture goes: a data: URI in the HTML file, a resource name in the PDF's document.
using ImageSink = std::function<QString(const QImage&)>;

// Both sizes given: QTextDocument then lays the picture out exactly as it draws it. A picture on its own
// ("picture") shrinks to a narrow window; a board beside its facts ("board") keeps its size, since a
// browser resolves max-width: 100% in a table cell against the cell it is sizing and makes it 0 wide.
QString img(const ImageSink& sink, const QImage& image, int width, const QString& alt,
            const QString& cls = QStringLiteral("picture"));
QString row(const QString& caption, const QString& value);

} // namespace tw::report::html
