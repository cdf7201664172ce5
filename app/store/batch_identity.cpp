#include "batch_identity.h"

namespace tw::store {

BatchIdentity::Seats BatchIdentity::canonical(const Seats& seats) const {
    Seats out = seats;
    if (canonical_.empty()) return out;
    for (auto& [seat, player] : out)
        if (const auto it = canonical_.find(player); it != canonical_.end()) player = it->second;
    return out;
}

std::optional<BatchIdentity::Taken> BatchIdentity::taken(const QString& id, const QByteArray& print,
                                                         const Seats& seats) const {
    const auto it = byId_.constFind(id);
    if (it == byId_.constEnd()) return std::nullopt;
    return Taken{it->print == print && it->seats == seats, it->source};
}

std::pair<QString, QString> BatchIdentity::copyOf(const QByteArray& print, const Seats& seats) const {
    const auto it = byPrint_.constFind(print);
    if (it == byPrint_.constEnd()) return {}; // the usual case
    const Seats mine = canonical(seats);
    for (const Stored& s : *it)
        if (s.seats == mine) return {s.id, s.source};
    return {};
}

void BatchIdentity::add(const QString& id, const QByteArray& print, const QString& source, const Seats& seats,
                        bool counted) {
    // As the database will give them back: text through QString, as every look-up reads it.
    Seats stored;
    stored.reserve(seats.size());
    for (const auto& [seat, player] : seats)
        stored.emplace_back(seat, QString::fromStdString(player).toStdString());
    if (counted) byPrint_[print].push_back({id, source, print, canonical(stored)});
    byId_.insert(id, {id, source, print, std::move(stored)});
}

} // namespace tw::store
