// Decision models in a file (`tilewatch-cli calibrate -o FILE`, `scan --model FILE`): one JSON object per
// line, {"format":"tilewatch-model/1","ruleset":"xinchang","s":0.1189,"c":0.574,"players":200,
// "decisions":942627}, so a corpus scanned in shards is tested against one model everywhere.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "fit.h"
#include "record.h"

namespace tw {

namespace json {
struct Value;
}

struct ModelLine {
    RulesetId ruleset = RulesetId::Xinchang;
    DecisionModel model;
    long long players = 0, decisions = 0;
};

// `name`: the name flags give the model (scan --merge-stats --calibrate-to writes one scan's own, so that
// shards tested against it flag as that scan does); empty: none, readModels names it by its file.
void writeModelLine(std::ostream& out, const ModelLine& line, const std::string& name = {});
// Sets the reference and name of every ruleset the stream names (name: the line's own, else `name`); false
// with `error`
// ("FILE:3: ...") on a malformed line or a value no calibration gives (s or c not positive and finite).
// The optional "dispersion_ceiling" of a model line or stats file's model entry into `m` (absent: a model
// from before it was measured, the test against a player's own earlier games is off), at least 0.
bool readDispersionCeiling(const json::Value& v, DecisionModel& m);
bool readModels(std::istream& in, FitSettings& fit, const std::string& name, std::string* error);

} // namespace tw
