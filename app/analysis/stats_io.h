// The scan's mergeable statistics as JSON Lines, so a corpus can be scanned in shards (one process per
// shard, on any machine) and the shards merged into the same flags as one run.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "corpus_scan.h"

namespace tw {

// One object per line: {"type":"population",...}, {"type":"pair",...}, {"type":"player",...},
// {"type":"reported",...}, {"type":"report",...}. Fits are written with 17 significant digits, so they
// read back exactly.
void writeStats(std::ostream& out, const ScanStats& stats);

// Merges a stats stream into `stats`; false with `error` ("line 12: ...") on a defect.
bool readStats(std::istream& in, ScanStats& stats, std::string* error);

}  // namespace tw
