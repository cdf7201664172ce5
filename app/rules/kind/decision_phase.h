// Where in a game a decision falls, as the fit weighs it (SPEC §5.3): the opening (the first discards,
// left out or weighed low), the middle, and the late wall (weighed `lateWeight`). An explicit field of each
// analysed decision and chart point, so that no chart guesses the phase back from a weight.
#pragma once

namespace tw {

enum class DecisionPhase : int { Opening, Middle, LateWall };

} // namespace tw
