// What the store keeps of one game: its record and the summary of its replay.
#pragma once

#include <QByteArray>
#include <QString>

#include <string>
#include <vector>

#include "record.h"
#include "replay.h"

namespace tw::store {

struct StoredGame {
    tw::GameRecord record;
    tw::GameSummary summary;
    std::string source;     // where it was read ("dir/games.jsonl:12"); empty when not from a file
    QByteArray fingerprint; // fingerprint.h, when computed beforehand; empty: the store computes it
};

// A record of a batch that was a copy of a stored game, or could not be stored because its id is taken.
struct InsertNote {
    std::string id, source; // the record of the batch
    QString other,
        otherSource;    // the stored record (otherSource empty when it was stored before sources were kept)
    bool stored = true; // a copy: written as a row of its own (false: `other` is this very id)
};

// A record of a batch refused alone, the rest of the batch stored: a field over its limit (text_limits.h),
// or a row the database refused (a constraint, a value it cannot hold); `reason` says which.
struct InsertRejection {
    std::string id, source, reason;
};

struct InsertResult {
    int inserted = 0; // new games written (copies not included)
    int skipped = 0;  // this very record is stored already (same id, content, players and source)
    // Copies of a stored game (fingerprint.h): under another id written, marked as copies of `other`; under
    // the same id, from another source (the same game without an id of its own read twice), not written.
    std::vector<InsertNote> duplicates;
    std::vector<InsertNote> conflicts;     // not written: the id holds other content
    std::vector<InsertRejection> rejected; // not written: the record itself was refused
    // A record whose id is stored already: this very record again (from the same source: skipped; from
    // another: the same game without an id of its own read twice, a copy not written), or other content.
    void noteTaken(bool same, const std::string& id, const std::string& source, const QString& stored,
                   const QString& storedSource) {
        if (same && !storedSource.isEmpty() && !source.empty() &&
            storedSource != QString::fromStdString(source))
            duplicates.push_back({id, source, stored, storedSource, false});
        else if (same)
            ++skipped;
        else
            conflicts.push_back({id, source, stored, storedSource});
    }
    int written() const { // rows written: the new games and the copies stored
        int n = inserted;
        for (const InsertNote& d : duplicates) n += d.stored;
        return n;
    }
};

} // namespace tw::store
