// The demo database the desk opens on its first run: a few hundred games of each ruleset with colluders,
// engine users, a late starter and complaints, analysed; and simulated xiangqi games (resources/demo)
// scored from the engine scores that come with them, when the installed fairy-stockfish is the one that
// computed them (else *note says they wait for Analyse xiangqi).
#pragma once

#include <QString>

#include <functional>

namespace tw::pipeline {

// Runs on the calling thread; `progress(done, total, what)` may return false to stop. `rulesetText` names a
// ruleset ("xinchang") in the progress lines; without it the name itself is shown.
bool createDemoDatabase(const QString& path, QString* error = nullptr,
                        const std::function<bool(int, int, const QString&)>& progress = {},
                        QString* note = nullptr,
                        const std::function<QString(const QString&)>& rulesetText = {});

} // namespace tw::pipeline
