#include "model_file.h"

#include <cmath>
#include <cstdio>

#include "json.h"

namespace tw {

bool readDispersionCeiling(const json::Value& v, DecisionModel& m) {
    const json::Value* x = v.find("dispersion_ceiling");
    if (!x) return true;
    if (!x->isNumber() || !(x->number >= 0) || !std::isfinite(x->number)) return false;
    m.dispersionCeiling = x->number;
    return true;
}

void writeModelLine(std::ostream& out, const ModelLine& l, const std::string& name) {
    char buf[384];
    std::snprintf(
        buf, sizeof buf,
        "{\"format\":\"tilewatch-model/1\",\"ruleset\":\"%s\",\"s\":%.17g,\"c\":%.17g,\"dispersion\":%.17g,"
        "\"dispersion_ceiling\":%.17g,\"players\":%lld,\"decisions\":%lld",
        rulesetName(l.ruleset), l.model.s, l.model.c, l.model.dispersion, l.model.dispersionCeiling,
        l.players, l.decisions);
    out << buf;
    if (!name.empty()) out << ",\"name\":" << json::quote(name);
    out << "}\n";
}

bool readModels(std::istream& in, FitSettings& fit, const std::string& name, std::string* error) {
    std::string line;
    int n = 0, read = 0;
    auto fail = [&](const std::string& why) {
        if (error) *error = name + ":" + std::to_string(n) + ": " + why;
        return false;
    };
    while (std::getline(in, line)) {
        ++n;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        json::ParseError pe;
        const auto v = json::parse(line, &pe);
        if (!v || !v->isObject()) return fail("not a JSON object");
        const json::Value *format = v->find("format"), *r = v->find("ruleset"), *s = v->find("s"),
                          *c = v->find("c");
        if (!format || !format->isString() || format->string != "tilewatch-model/1")
            return fail("not a tilewatch-model/1 line");
        RulesetId id;
        if (!r || !r->isString() || !parseRulesetName(r->string, &id)) return fail("unknown ruleset");
        if (!s || !s->isNumber() || !c || !c->isNumber() || !(s->number > 0) || !(c->number > 0) ||
            !std::isfinite(s->number) || !std::isfinite(c->number))
            return fail("s and c must be positive numbers");
        const json::Value* d = v->find("dispersion");
        if (d && (!d->isNumber() || !(d->number >= 1) || !std::isfinite(d->number)))
            return fail("dispersion must be a number of at least 1");
        DecisionModel m{s->number, c->number, d ? d->number : 1.0};
        // A model from before these were measured has none: the tests against the player's own games are off.
        if (!readDispersionCeiling(*v, m)) return fail("dispersion_ceiling must be a number of at least 0");
        const json::Value* own = v->find("name");
        if (own && (!own->isString() || own->string.empty())) return fail("name must be a non-empty string");
        fit.reference[static_cast<int>(id)] = m;
        fit.models[static_cast<int>(id)] = own ? own->string : "file " + name;
        ++read;
    }
    if (!read) return fail("no model in the file");
    return true;
}

} // namespace tw
