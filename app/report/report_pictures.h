// The report's pictures, drawn at print resolution with tw_render: a board at an evidence move with its
// discard against the predicted and engine sets, a xiangqi board, a game's fit chart, a player's history,
// a model's reliability plot. Shared by the HTML and the PDF (report_html.cpp).
#pragma once

#include <QFont>
#include <QImage>
#include <QStringList>

#include "case_history_model.h"
#include "case_report.h"

namespace tw::render {
class TileRenderer;
}

namespace tw::report {

// Latin and CJK both (report_pictures.cpp says why); `pointSize` 0 keeps the default size.
QFont reportFont(qreal pointSize = 0);

QImage mahjongPicture(const ReportMove& m, render::TileRenderer& tiles);
QImage xiangqiPicture(const ReportMove& m);
QImage gamePicture(const ReportGame& g);
QImage historyPicture(const models::PlayerHistoryView& h, const QStringList& marked);
QImage reliabilityPicture(const models::ModelView& m);

} // namespace tw::report
