#include "importer.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <fstream>

#include "game_store.h"
#include "ops_codec.h"
#include "replay.h"

namespace tw::store {

QString ImportRejection::message() const {
    QString out = file + ":" + QString::number(line) + ": ";
    if (!gameId.empty()) out += "game " + QString::fromStdString(gameId) + ", ";
    if (op >= 0) out += "op " + QString::number(op) + " (value " + QString::number(value) + "): ";
    return out + QString::fromStdString(reason);
}

ImportResult Importer::importFiles(const QStringList& files) {
    ImportResult result;
    ImportProgress progress;
    QElapsedTimer clock;
    clock.start();
    for (const QString& f : files) progress.bytesTotal += QFileInfo(f).size();

    std::vector<StoredGame> batch;
    batch.reserve(batchSize);
    qint64 lastReport = -1000;
    bool stop = false;
    auto report = [&](bool force) {
        if (!onProgress) return;
        if (!force && clock.elapsed() - lastReport < 50) return;
        lastReport = clock.elapsed();
        progress.imported = result.imported, progress.skipped = result.skipped;
        progress.rejected = result.rejected, progress.unfinished = result.unfinished;
        progress.seconds = clock.elapsed() / 1000.0;
        if (!onProgress(progress)) stop = true;
    };
    auto flush = [&]() -> bool {
        if (batch.empty()) return true;
        InsertResult ins;
        QString error;
        if (!store_.insertGames(batch, &ins, &error)) {
            result.error = error;
            return false;
        }
        result.imported += ins.inserted;
        result.skipped += ins.skipped;
        for (const auto& g : batch) result.unfinished += g.summary.valid && !g.summary.finished;
        batch.clear();
        report(true);
        return true;
    };
    auto reject = [&](ImportRejection r) {
        ++result.rejected;
        if (onRejected) onRejected(r);
    };

    qint64 doneBefore = 0;
    for (const QString& file : files) {
        std::ifstream in(file.toStdString(), std::ios::binary);
        if (!in) {
            result.error = "cannot open " + file;
            break;
        }
        OpsReader reader(in);
        OpsItem item;
        while (!stop && reader.next(item)) {
            ++progress.read;
            if (!item.ok) {
                const OpsRejection& r = item.rejection;
                reject({file, r.line, r.gameId, r.op, r.value, r.reason});
            } else {
                Replay replay(item.game);
                if (!replay.runToEnd()) {
                    const ReplayError& e = *replay.error();
                    reject({file, item.line, item.game.id, e.op, e.value, e.reason});
                } else {
                    batch.push_back({std::move(item.game), summarize(replay)});
                }
            }
            if (static_cast<int>(batch.size()) >= batchSize && !flush()) stop = true;
            if (!stop) {
                const auto at = static_cast<qint64>(in.rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in));
                progress.bytesDone = doneBefore + std::max<qint64>(0, at);
                report(false);
            }
        }
        doneBefore += QFileInfo(file).size();
        if (stop) break;
    }
    if (result.error.isEmpty() && !flush()) stop = true;
    result.cancelled = stop && result.error.isEmpty();
    result.seconds = clock.elapsed() / 1000.0;
    return result;
}

}  // namespace tw::store
