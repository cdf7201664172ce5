// What the store keeps of one game: its record and the summary of its replay.
#pragma once

#include "record.h"
#include "replay.h"

namespace tw::store {

struct StoredGame {
    tw::GameRecord record;
    tw::GameSummary summary;
};

struct InsertResult {
    int inserted = 0;  // new games written
    int skipped = 0;   // games whose id was already stored (or came earlier in the same batch)
};

}  // namespace tw::store
