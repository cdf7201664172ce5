// Renders the board and the prediction panel for simulated games into PNGs, to look at after a change
// to the desk's drawing (no display needed):
//   QT_QPA_PLATFORM=offscreen build/tests/desk_shots [OUT_DIR] [TILESET]
// OUT_DIR defaults to /tmp/desk-shots; TILESET is a name, a path, or "none" for the drawn fallback.
#include <QApplication>
#include <QDir>
#include <QHBoxLayout>
#include <QWidget>

#include <cstdio>
#include <cstdlib>

#include "board_view.h"
#include "desk_games.h"
#include "game_session.h"
#include "prediction_panel.h"
#include "tile_renderer.h"

using namespace tw;

namespace {

// A position worth a look: the last discard that was taken before three quarters of the game, else the
// discard nearest the middle.
int interestingOp(const models::GameSession& s) {
    int best = -1, middle = -1;
    for (int seat = 1; seat <= 4; ++seat)
        for (const models::FitPoint& f : s.fitSeries(seat)) {
            if (f.op < s.opCount() * 3 / 4 && f.op > best && s.discardInfoAt(f.op).takenBy) best = f.op;
            if (middle < 0 || std::abs(f.op - s.opCount() / 2) < std::abs(middle - s.opCount() / 2)) middle = f.op;
        }
    return best >= 0 ? best : middle;
}

bool shoot(models::GameSession& session, ui::TileRenderer& tiles, const QString& file, QSize size) {
    QWidget desk;
    desk.setObjectName("deskShot");
    auto* layout = new QHBoxLayout(&desk);
    auto* board = new ui::BoardView;
    board->setRenderer(&tiles);
    board->setSession(&session);
    auto* panel = new ui::PredictionPanel;
    panel->setRenderer(&tiles);
    panel->setSession(&session);
    panel->setFixedWidth(330);
    layout->addWidget(board, 1);
    layout->addWidget(panel);
    desk.resize(size);
    desk.show();
    QApplication::processEvents();
    const bool ok = desk.grab().save(file);
    std::printf("%s %s\n", ok ? "wrote" : "FAILED", qPrintable(file));
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const QString out = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/tmp/desk-shots");
    const QString tileset = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QString();
    QDir().mkpath(out);
    ui::TileRenderer tiles;
    if (tileset == QLatin1String("none")) tiles.load(QStringLiteral("/nonexistent/none.desktop"));
    else if (!tileset.isEmpty() && !tiles.load(tileset)) std::fprintf(stderr, "tileset %s not found, drawing tiles\n", argv[2]);
    bool ok = true;
    for (RulesetId r : {RulesetId::Xinchang, RulesetId::Anshan, RulesetId::Sichuan}) {
        models::GameSession session(twtest::deskGame(r));
        const QString name = QString::fromLatin1(rulesetName(r));
        session.setFocusSeat(1);
        session.showOp(interestingOp(session));
        ok &= shoot(session, tiles, out + "/" + name + "-mid.png", {1400, 900});
        session.setView(models::GameSession::View::FocusSeat);
        ok &= shoot(session, tiles, out + "/" + name + "-hidden.png", {1100, 760});
        session.setView(models::GameSession::View::AllFaceUp);
        session.toEnd();
        ok &= shoot(session, tiles, out + "/" + name + "-end.png", {1400, 900});
    }
    return ok ? 0 : 1;
}
