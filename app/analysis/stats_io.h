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

// Merges a stats stream into `stats`; false with `error` ("FILE:12: ..." or "line 12: ..." without a file) on
// a defect: a malformed line, counts no scan could have written, or a sum past 2^63 - 1.
bool readStats(std::istream& in, ScanStats& stats, std::string* error, const std::string& file = {});

} // namespace tw
