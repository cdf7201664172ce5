// The real Tenhou Phoenix records of ../shared/peer-data/tenhou-mjx, shared by the riichi tests.
#pragma once

#include <QDir>
#include <QFile>
#include <QString>
#include <QStringList>

#include <stdexcept>
#include <string>

namespace twtest {

inline const QString kDir = QStringLiteral(TW_PEER_DATA "/tenhou-mjx");

inline std::string fileText(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw std::runtime_error("cannot read " + path.toStdString());
    return f.readAll().toStdString();
}

// The file names (not paths) of the mjlog files, in name order.
inline QStringList mjlogFiles() {
    return QDir(kDir).entryList({QStringLiteral("*.mjlog")}, QDir::Files, QDir::Name);
}

} // namespace twtest
