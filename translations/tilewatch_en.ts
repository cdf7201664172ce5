<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>FlagText</name>
    <message>
        <source>In %1&apos;s latest %2 games: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s fit f_u is %2 over %3 games, at or past the seed&apos;s line (the seed&apos;s method; no calibrated error rate).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 fed %2 %3 times in %4 shared games, where %5 feeds went to the other players (q %6).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reports against %2 in %3 games, where %4 were expected at the population&apos;s rate (q %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reports against %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A ring of %1 players (%2): %3 of its pairs flagged on their own, %4 more linked; %5 feeds among them in %6 opportunities (q %7 for its strongest pair).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In %1&apos;s latest %2 games: %3 engine matches where %4 ± %5 were expected from the player&apos;s own earlier games (z %6, q %7), over %8 counted decisions.</source>
        <translation></translation>
    </message>
    <message>
        <source>the strongest band of 600 honest simulated players per ruleset at three strengths; an honest player stronger than that band can be flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the strongest honest band of this scan&apos;s own population</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a model read from a file written by calibrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model fitted on real Phoenix hands, which raises no flag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the strongest honest band of a population calibrated in this database (calibrate --store)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> Tested against %1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s think times follow the difficulty of the decisions less than the population&apos;s floor allows of an honest player: slope %2 ± %3 against the floor %4 (z %5, q %6), over %7 timed decisions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 took the lookahead engine&apos;s side, where it and the one-step engine disagree, more than any honest player guided by the one-step values could: %2 of a win above the most such a player can expect (z %3, q %4), over %5 such decisions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A ring of %1 players (%2): %3 feeds among three of them in %4 opportunities, where %5 were expected from what each gives to and takes from everyone else (q %6); %7 of its pairs flagged on their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 fed %2 %3 times and %2 fed %1 %4 times in %5 shared games, where %6 were expected from what each gives to and takes from everyone else (q %7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s games differ in how their think times follow the difficulty of the decisions more than the population&apos;s ceiling allows of an honest player: %2 times the spread of one slope against the ceiling %3 (z %4, q %5), over %6 games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In %1&apos;s games, how often its choices matched the engine went with how much its think times followed the difficulty of the decisions, beyond what the games&apos; make-up explains (rank correlation %2 over %3 games, z %4, q %5): what a relay switched on in some games and not in others leaves.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The marked moves are in %1 of them, the games the case lists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the seed&apos;s line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latest games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>own earlier games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lookahead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>think times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>times by game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>matches against times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>engine matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feeds in a ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>feeds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shared tables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 sat at the same table %3 times (the hands of one match once), where %4 were expected if the players of their pool were seated at random (q %5). Sitting together says nothing about play by itself.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::CaseHistoryModel</name>
    <message>
        <source>verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled by a later undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flag %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operating-system account that ran the program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OS account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restores the %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restores a cancelled decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancels the %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancels an earlier decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reason given for it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, OS account %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit row #%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>appeal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appeal by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::CaseQueueModel</name>
    <message>
        <source>Collusion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine assist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Late onset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismissed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Escalated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xinchang</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sichuan blood battle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anshan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>between ruleset names</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all rulesets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−log10 of the q-value of the case&apos;s strongest flag: 3 is one false alarm in a thousand, 6 one in a million; every kind of case on this one scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Riichi (Tenhou rules)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claimed by %1 until %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claimed by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sitting together</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Case %1: %2 of %3 · %4 · %n game(s) · %5</source>
        <translation>
            <numerusform>Case %1: %2 of %3 · %4 · %n game · %5</numerusform>
            <numerusform>Case %1: %2 of %3 · %4 · %n games · %5</numerusform>
        </translation>
    </message>
    <message>
        <source> and </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The games that hold the case&apos;s evidence, as the Game box lists them; a pair may have sat together in more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under appeal by %1: a lead decides it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raised again after dismissed case %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · appeal</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n game(s) · %2 · %3</source>
        <translation>
            <numerusform>%1 — %n game · %2 · %3</numerusform>
            <numerusform>%1 — %n games · %2 · %3</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · claimed by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sanma (Tenhou rules)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::CaseReader</name>
    <message>
        <source>This reader reads the desk&apos;s database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game %1 is not in the database.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::Desk</name>
    <message>
        <source>Wait for the running work to finish first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 flag %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 case %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note on case %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not undo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not redo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: model %2, calibrated on %3 players and %4 decisions (%5): %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: model %2, calibrated by the last analysis on this database&apos;s %3 players: %4 (each analysis calibrates again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the built-in model %2: %3 (an analysis calibrates on this database once 40 players have 200 decisions each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s %1, c %2, dispersion %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model %1, calibrated with tilewatch-cli calibrate --xiangqi on %2 players and %3 moves (%4, %5): %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 engine lines per position): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: calibrated at %1, Analyse xiangqi searches at %2: the stated error rate does not hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: statistics only, no flags: measured against the model fitted on the real Phoenix hands (%2); flags need a model calibrated on real data (an analysis calibrates on this database once 40 players have 200 decisions each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team thresholds live on a team server; this database is a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the seed&apos;s line (f_u ≥ %2 over %3 games) flags, because Analyse xiangqi keeps one engine line per position (Settings) and a move can be tested against a model only with the engine&apos;s other lines. With 2 or more (4 by default; searched only before the moves the fit counts) moves are tested against %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the built-in model %1: %2 (fitted on 191 CCPD master games at depth %3, MultiPV %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appeal on case %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::FlagEvidenceModel</name>
    <message>
        <source>Flag and statistic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it means</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inactive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complaint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::GameListModel</name>
    <message>
        <source>Game %1 · %2 · started %3 · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at no recorded time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::HistoryChart</name>
    <message>
        <source>players&apos; mean %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+2 SD %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (far from every fit, not drawn)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::MahjongMoveListModel</name>
    <message>
        <source>%1  %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  fit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
fit %2, weight %3%4%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, off-prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, in the flag&apos;s evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deal · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1–%2  Deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passed within the pair under review</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::MahjongReviewKind</name>
    <message>
        <source>Game %1 is not in the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit per discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op %1 · %2&apos;s discard #%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outside the predicted set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marked ops: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit per discard in game %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flag line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built into TileWatch: calibrated on simulated honest players (docs/detection.md, Mahjong)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 engine matches where %2 ± %3 were expected of the reference model (z %4, q %5), over %6 counted decisions</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::MahjongSession</name>
    <message>
        <source>characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bamboo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>honours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a winning hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) from ready</source>
        <translation>
            <numerusform>%n step from ready</numerusform>
            <numerusform>%n steps from ready</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n improving tile(s)</source>
        <translation>
            <numerusform>%n improving tile</numerusform>
            <numerusform>%n improving tiles</numerusform>
        </translation>
    </message>
    <message>
        <source>is dealt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>draws a replacement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>draws</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>discards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pungs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wins on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wins by self-draw with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declares a concealed kong of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adds to a kong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kongs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exhaustive draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>robs the kong of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passes on robbing the kong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>chows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declares void</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hun indicator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gun indicator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exhaustive draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hun indicator %1 revealed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gun indicator %1 revealed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 declares %2 void</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 chows %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 fan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this discard leaves it %1 with %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 won on it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 took it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the patterns of a win</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hand still held tiles of its declared void suit, and the rules make those go first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A typical player first lets go of lone tiles of the weak suits and lone honour tiles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A typical player first breaks up the weakest suit (%1) and lets go of lone tiles of other weak suits and lone honour tiles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No suit is weak, so a typical player lets go of a lone tile, one that pairs or runs with nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No tile is clearly spare, so a typical player throws what keeps the hand closest to ready with the most tiles that would improve it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much each suit is worth to this hand (under 20 is weak): characters %1, dots %2, bamboo %3, honours %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not among those tiles (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was one of those tiles (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The player held one of them and threw another tile instead.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine would throw %1 and keep the rest, leaving the hand %2 with %3;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this discard is the engine&apos;s choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · op %2 · %3 ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declares riichi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kan dora indicator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dora indicator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ura dora indicator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>abortive draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kan dora indicator %1 turned over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dora indicator %1 turned over</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ura dora indicator %1 shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 declares %2: abortive draw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abortive draw: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a win, then its score</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a player and a score change</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · score changes: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>between score changes</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match %1, hand %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wins on the North set aside,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sets aside as a dora</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::PlayerListModel</name>
    <message numerus="yes">
        <source>%1 · %n game(s)</source>
        <translation>
            <numerusform>%1 · %n game</numerusform>
            <numerusform>%1 · %n games</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (also %2) · %n game(s)</source>
        <translation>
            <numerusform>%1 (also %2) · %n game</numerusform>
            <numerusform>%1 (also %2) · %n games</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>between a player&apos;s names</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open cases</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::PlayerPageModel</name>
    <message>
        <source>Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reporter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Against</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complaint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (account %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flag %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>split off</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n counted move(s) of this player in the game: too few for a game fit (Settings: counted discards for a game to count).</source>
        <translation>
            <numerusform>%n counted move of this player in the game: too few for a game fit (Settings: counted discards for a game to count).</numerusform>
            <numerusform>%n counted moves of this player in the game: too few for a game fit (Settings: counted discards for a game to count).</numerusform>
        </translation>
    </message>
    <message>
        <source>Not analysed yet: File → Analyse all games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>too few moves (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reporter&apos;s record</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Of %n complaint(s) by %1: %2 against a player with a confirmed case, %3 against a player whose every case was dismissed; the rest are open or raised no case.</source>
        <translation>
            <numerusform>Of %n complaint by %1: %2 against a player with a confirmed case, %3 against a player whose every case was dismissed; the rest are open or raised no case.</numerusform>
            <numerusform>Of %n complaints by %1: %2 against a player with a confirmed case, %3 against a player whose every case was dismissed; the rest are open or raised no case.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n complaint(s): %1 confirmed, %2 dismissed</source>
        <translation>
            <numerusform>%n complaint: %1 confirmed, %2 dismissed</numerusform>
            <numerusform>%n complaints: %1 confirmed, %2 dismissed</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · appeal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::RiichiText</name>
    <message>
        <source>East</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>South</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>West</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>North</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>round wind and hand number: East 2</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 honba</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, sticks %1</source>
        <comment>riichi sticks on the table</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nine terminals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>four winds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>four riichi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>four kongs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>triple ron</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a yaku and its han: Pinfu 1</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 han %2 fu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mangan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>haneman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>baiman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sanbaiman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yakuman ×%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yakuman</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>han and fu, then the limit</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>han and fu (and limit), then the points</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, </source>
        <comment>between yaku</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no win (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>yaku — han, fu and points</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a win&apos;s value, then its yaku</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::SanctionText</name>
    <message>
        <source>No sanction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark on the account</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ban</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspension until %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The player is told; nothing else changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account is marked for the platform (e.g. kept from rated play)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The player may not play until the end date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The account is closed for good</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The verdict carries no sanction</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::TileNames</name>
    <message>
        <source>1m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>6m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>9m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>6p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>9p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>3s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>6s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>7s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>9s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>東</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>南</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>西</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>北</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>白</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>發</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>中</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::XiangqiMoveListModel</name>
    <message>
        <source>Red</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>  fit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start position</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::XiangqiReviewKind</name>
    <message>
        <source>Game %1 is not in the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xiangqi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit per move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ply %1 · %2&apos;s move %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not the engine&apos;s move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marked moves (plies): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit per move in game %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed&apos;s flag line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built into TileWatch: calibrated on 191 real master games (CCPD) scored at depth 10 with MultiPV 4 (docs/detection.md, Xiangqi)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 engine matches where %2 ± %3 were expected of the reference model (z %4, q %5), over %6 counted moves</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::models::XiangqiSession</name>
    <message>
        <source>ply %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · move %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::pipeline::DeskJobs</name>
    <message>
        <source>The demo file %1 is missing from the program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Its %n xiangqi game(s) are not scored yet (%1): analyse them with Analyse xiangqi.</source>
        <translation>
            <numerusform>Its %n xiangqi game is not scored yet (%1): analyse it with Analyse xiangqi.</numerusform>
            <numerusform>Its %n xiangqi games are not scored yet (%1): analyse them with Analyse xiangqi.</numerusform>
        </translation>
    </message>
    <message>
        <source>their scores are from %1, the engine here is %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulating %1 games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storing %1 games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Storing the xiangqi games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoring the xiangqi games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing: %1 games stored, %2 rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1 games, %2 duplicates (counted once), rejected %3, already stored %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; the batches stored before stay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysing: %1 of %2 games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysis cancelled; flags and cases are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysed %1 games: %2 flags (%3 new), %4 new cases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoring xiangqi games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoring xiangqi games with the engine: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xiangqi analysis cancelled; the games scored so far are kept, flags and cases are unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scored %1 xiangqi games (%2 positions, %3 from the cache): %4 flags (%5 new), %6 new cases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players were tested against %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s line flagged (one engine line per position).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Warning: that model was calibrated at %1, this analysis searched at %2; its error rate does not hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Creating the demo database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo database ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo database ready. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verifying the audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit trail could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit trail is intact: %1 rows checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit trail is broken at row %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit trail is broken: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::render::ChartPainter</name>
    <message>
        <source>Opening</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Late wall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No counted discards in this game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f_u</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 25</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qualifying game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No qualifying games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qualifying game, by when it was played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Within the pair</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::render::MahjongPainter</name>
    <message>
        <source>%1 discarded by %2 (op %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>drawn and discarded at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 won on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>taken by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off-prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flagged for review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Void: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Won: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>To act</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hand hidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>庄</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, seat %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>indicator → hun 混</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before the deal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>op %1 · %2 ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exhaustive draw · op %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game over · op %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flagged discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>winning tile, or won on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>claimed: arrow to the taker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folded corner: discarded as drawn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passed within the pair under review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the riichi discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a red five (aka dora)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a score and its change in the hand</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double riichi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sticks %1</source>
        <comment>riichi sticks on the table</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dora</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ura</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>North set aside ×%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::render::XiangqiPainter</name>
    <message>
        <source>楚河</source>
        <comment>the river, Black&apos;s side</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>汉界</source>
        <comment>the river, Red&apos;s side</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::report::CaseReport</name>
    <message>
        <source>No database is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no case %1 in this database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 sat at the same table in %3 games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 made %2 discards in those games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of those discards were outside the predicted discard set: tiles a player keeping the hand&apos;s shape would hold.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 times %2 took an off-prediction discard of %3 at once (claimed it or won on it): a feed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 off-prediction discards of %2 were taken by the other players at the table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 won %2 times on a discard of %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance of %1 getting this large a share of the feeds if %2 fed every opponent alike: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance of this many feeds at the feeding rate of the whole population: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 reports by other players name %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reports concern %1 games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s fit lies %2 standard deviations from the mean of all players of the ruleset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Case %1 (%2) is about %3 in %4: %n game(s), priority %5.</source>
        <translation>
            <numerusform>Case %1 (%2) is about %3 in %4: %n game, priority %5.</numerusform>
            <numerusform>Case %1 (%2) is about %3 in %4: %n games, priority %5.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2, score %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>It rests on %n flag(s): %1.</source>
        <translation>
            <numerusform>It rests on %n flag: %1.</numerusform>
            <numerusform>It rests on %n flags: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Evidence: %n marked move(s), in %1 games.</source>
        <translation>
            <numerusform>Evidence: %n marked move, in %1 games.</numerusform>
            <numerusform>Evidence: %n marked moves, in %1 games.</numerusform>
        </translation>
    </message>
    <message>
        <source>Verdict: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict: %1 (no decision yet).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the pseudonym key %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the pseudonym key %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discarded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine&apos;s choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case report: case %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Anonymised: player ids are replaced by pseudonyms that stay the same across the reports of this database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary and verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priority</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players and their history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f_u is the player&apos;s mean agreement with the engine over qualifying games (1 = always the engine&apos;s choice); the last 10, 25 and 50 show the same over the latest games, so a change of play stands out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qualifying</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 25</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last 50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flags and statistics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p-value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q-value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (corrected for the number of pairs tested; the flag needs less than %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no, the latest analysis no longer raises it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n marked move(s)</source>
        <translation>
            <numerusform>%n marked move</numerusform>
            <numerusform>%n marked moves</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n game(s)</source>
        <translation>
            <numerusform>%n game</numerusform>
            <numerusform>%n games</numerusform>
        </translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What it means</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This case has no evidence games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No marked moves: the whole game counts toward the flag.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The game could not be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1 %2 (game fit %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op %1: %2&apos;s discard #%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board of game %1 at op %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 of %2 (in the choice set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (weight %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dealt in: %1 won on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off-prediction: a feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off-prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strong evidence on its own</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n more marked move(s) are not pictured; the JSON report lists every one.</source>
        <translation>
            <numerusform>%n more marked move is not pictured; the JSON report lists every one.</numerusform>
            <numerusform>%n more marked moves are not pictured; the JSON report lists every one.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more evidence game(s) are not shown; the JSON report lists every one.</source>
        <translation>
            <numerusform>%n more evidence game is not shown; the JSON report lists every one.</numerusform>
            <numerusform>%n more evidence games are not shown; the JSON report lists every one.</numerusform>
        </translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No decision has been recorded on this case.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flag %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>whole case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each row of the audit log carries the hash of the row before it, so a changed or removed row breaks the chain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No audit rows concern this case.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About this report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine and method</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flag line %1 over at least %2 games; a game counts with %3 counted discards; collusion q below %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot start the PDF: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TileWatch case report · case %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all rulesets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reports come from %1 different players.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · generated %3 · TileWatch %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The board of game %1 after move %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine&apos;s move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score before → after</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (account %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit trail verifies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The audit trail does not verify: %1. What this report shows may have been changed behind the program&apos;s back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Names and ids longer than %1 characters, and texts longer than %2, are cut short here (…); the JSON report has them whole.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (corrected for the number of players; every complaint reaches the queue, ranked by it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (corrected for each player&apos;s tests, all games and the latest-games windows, and for the number of players tested; the flag needs at most %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 played %2 games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reports per player and game in the whole population: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reports a player with as many games would get at that rate: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of the chance of this many reports at the population&apos;s rate: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same after the correction for the number of players (Benjamini–Hochberg): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2&apos;s discards were counted: every one with a real choice, however forced, weighted by the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of them were the engine&apos;s own choice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give or take %1 (one standard deviation).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The matches lie %1 standard deviations above that expectation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value %1 lost against the engine&apos;s choices, in fit units: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 lost %2 standard deviations less than that.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of the player&apos;s p-value after that correction: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of the q-value, corrected also for every player tested (Benjamini–Hochberg): %1. The flag needs at most %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window of latest games that stands out most: %1 games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted decisions in that window: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine matches in that window: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give or take %1 there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window&apos;s matches lie %1 standard deviations above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of that window&apos;s own p-value: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s sensitivity s = %1: an option losing s is chosen e^−1 times as often as the best.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s consistency c = %1: how sharply bigger losses are avoided.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s method: %1 games of %2 count toward the fit (at least %3 are needed for an engine-assist flag).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s method: f_u = %1: how closely %2&apos;s discards agree with the engine over those games (1 = always the engine&apos;s choice); the flag line is %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s method: the same agreement over %1&apos;s latest 10 games: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s method: the same agreement over %1&apos;s latest 25 games: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s method: the same agreement over %1&apos;s latest 50 games: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s method: %1&apos;s fit lies %2 standard deviations from the mean of all players of the ruleset; strong honest players also sit high.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (−log10 of the q-value: the queue&apos;s one scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 players form the ring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of its pairs are flagged on their own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its pairs sat together in %1 games, counted per pair.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 off-prediction discards could have fed a partner: the giver held a safe alternative and the receiver&apos;s wait did not cover nearly every tile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Honest players&apos; games vary %1 times as much as independent decisions would; the test&apos;s variance is widened by it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>predicted chance of a match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>observed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decision model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2 players and %3 decisions, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by the analysis itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with tilewatch-cli calibrate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>s %1, c %2, dispersion between games %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reliability of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each point: the strongest honest players&apos; decisions of one difficulty, by the model&apos;s chance of an engine match (across) against how often they matched (up); on the diagonal the model is exact, and the point&apos;s size is its share of decisions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2&apos;s moves were counted (past the opening, from positions the mover did not stand to lose), each against the engine&apos;s top lines.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value %1 lost against the engine&apos;s choices, in pawns: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted moves in that window: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s method: f_u = %1: how little %2&apos;s moves lose against the engine&apos;s score over those games (1 = never worse than its expectation); the flag line is %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>given on the command line (scan --xq-model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window of latest games that stands out most against %1&apos;s own earlier games: %2 games.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected at the level %1 played at in the earlier games: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give or take %1 there (widened as much as honest players&apos; games vary, and for the earlier level being itself measured).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window&apos;s matches lie %1 standard deviations above the player&apos;s own earlier level.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of that comparison&apos;s own p-value: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most an honest player&apos;s games vary at its own level, as a multiple of independent decisions: %1 (the latest games are compared with the earlier ones with it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tests made of this player (all games; each window of latest games against the model and against the player&apos;s own earlier games): %1; the p-value is corrected for them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (decided on this flag)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the case&apos;s verdict; no decision on this flag alone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 row %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rows %2–%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vouches for %1 (every column hashed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last change (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database on the server holds no pseudonym key; ask its owner to open it once with this version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reference model (the strongest honest band it was fitted on) would make %1 such matches in the same positions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of the chance of at least this many matches under the reference model: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The reference model would lose %1 in the same positions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected of the reference model there: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted decisions of %1 whose records carry a think time: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much longer %1 takes on harder decisions (the slope of ln think time on difficulty): %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give or take %1 (its standard error).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The floor an honest player is tested against: a quarter of the population&apos;s median slope, %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The slope lies %1 standard errors from that floor (negative: below it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of the chance of a slope this low at the floor: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted decisions where the lookahead engine&apos;s best lies outside the one-step engine&apos;s choice: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Of them, %1 where %2 played the lookahead&apos;s best.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lookahead&apos;s value of %1&apos;s discards there, less the most an honest player guided by the one-step values can expect: %2 of a win.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That excess in standard deviations of the bound: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of the chance of such an excess from any such honest player (Freedman&apos;s bound): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (corrected for the number of pairs that met; the flag needs less than %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of its pairs pass a looser line on their own (q below 0.05).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 times %2 took an off-prediction discard of %3 at once: feeds the other way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 off-prediction discards of %2 could have fed %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feeds expected among them if each fed them at the rate it feeds everyone else and took from them at the rate it takes from everyone else (the larger of the two): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance of this many feeds among them if each player fed them no more often than it feeds the other players (exact, given each one&apos;s own feeds): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance of this many feeds among them if each player took from them no more often than it takes from the other players (exact): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared games expected if players were seated at random: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The chance of sitting together this often if players were seated at random: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Three of them were tested as one group: every feed among the three counts, none as a feed to others.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The ring was joined from pairs; no three of them were tested as one group.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 feeds among the three tested as a group, every way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 off-prediction discards of one of the three could have fed another of them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the seed&apos;s z: no calibrated error rate; the queue puts it at %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games of %1 whose think times could be set against difficulty: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How far those games differ in how their times follow difficulty, in multiples of what one slope in every game allows: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The most an honest player is allowed: 1.5 times the population&apos;s median player, %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The spread lies %1 standard errors from that ceiling (positive: beyond it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of the chance of a spread this wide at the ceiling: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games of %1 with both think times and engine matches to compare: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That correlation in standard errors of a player in whom the two are unrelated: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: reported by another player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the seed&apos;s line, f_u at or above %2 over at least %3 games (no calibrated error rate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: q at most %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: q at most %2, tested against %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raised by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thresholds in force</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank correlation, over those games and with their make-up taken out, of the share of engine matches with how much the times followed difficulty (either sign: a relay&apos;s choices may match more or less than the player&apos;s own): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 of the chance of a correlation this far from 0 where the two are unrelated: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected feeds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected value lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected engine matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected shared games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feeds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feeds back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feeds to others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit, latest 10 games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit, latest 25 games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit, latest 50 games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flagged pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games of the first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games of the second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feeds within the ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chances within the ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linked pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 p of the matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log10 q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookahead decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookahead excess</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookahead log10 p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookahead matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookahead z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Members</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model c</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model dispersion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dispersion ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off-prediction discards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chances to feed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chances to feed back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p of the feeder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p against the population</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p of the receiver</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p of the seating</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p of the share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared games of the pairs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report rate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reporters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread of the matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift: decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift: expected matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift: games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift: log10 p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift: matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift: spread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shift: z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tested as a ring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timed decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think-time floor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think time: log10 p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time and matches: games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time and matches: log10 p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time and matches: rho</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time and matches: z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think-time slope error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think-time slope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think-time spread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think-time spread ceiling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think-time spread: games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think-time spread: log10 p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think-time spread: z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Think time: z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: expected matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: log10 p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: spread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window: z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wins on the pair&apos;s tiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>z</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>z of the value lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>z of the matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The player&apos;s fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seat %1 %2 (no game fit: %3 counted moves, %4 needed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 sat at the same table %3 times (the hands of one match once).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Times at one table expected if every seat of %1&apos;s sittings were filled at random from the sittings of the other players of their pool (those they could meet): %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 sat at a table %2 times.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sanction in force: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under appeal by %1 (recorded by %2, %3): %4. Only a lead decides it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The flags and evidence in this report are as they were at decision %1 (%2): the verdict rests on them, whatever later scans found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This case was opened after dismissed case %1: a scan found evidence beyond that dismissal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appeal by %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::AppealDialog</name>
    <message>
        <source>Appeal against case %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case &lt;b&gt;%1&lt;/b&gt; (%2) is &lt;b&gt;%3&lt;/b&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sanction: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The appeal opens the case again for a lead, who sees the evidence as it was at the decision; the sanction stays in force until the lead decides.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who appeals (the player, or who speaks for them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On what grounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record the appeal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appellant:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grounds:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appeal by %1 recorded: case %2 is open again for a lead.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::CaseQueueView</name>
    <message>
        <source>All statuses</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cases: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::ChoiceBars</name>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n tile(s)</source>
        <translation>
            <numerusform>%1 · %n tile</numerusform>
            <numerusform>%1 · %n tiles</numerusform>
        </translation>
    </message>
    <message>
        <source>%1%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>played</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::DecisionPanel</name>
    <message>
        <source>What the verdict applies to: the whole case or one of its flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason (choose or type)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note for the record (Ctrl+Enter saves it alone)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Applies to:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Decision&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine agreement far above the player&apos;s level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Feeding pattern between the pair confirmed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play matches the players&apos; reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strong honest player: fit explained by skill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Too few games to judge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing beyond chance in the evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs a second opinion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs platform logs (chat, devices, addresses)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole case (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 · score %3 (%4)%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, retired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Decision on case %1&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::EvidencePanel</name>
    <message>
        <source>Complaints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by %1 in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::FitChart</name>
    <message>
        <source>Open a case to see the fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Late wall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qualifying game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>f_u</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 25</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last 50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>History of %1 (also recorded as %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opening</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>late wall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>middle game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Played: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit %1 · weight %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Qualifying game, by when it was played</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2
game fit %3 · f_u so far %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence game of this case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Within the pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passed within the pair under review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (grey: opening, orange: late wall)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::GameListView</name>
    <message>
        <source>any day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games started on this day (UTC) or later</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games started on this day (UTC) or earlier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player (any of their names)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All rulesets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The page of one of the selected game&apos;s players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the selected game on the board (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player page of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No games of a player named so</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a game first</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::HandbookViewer</name>
    <message>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TileWatch handbook: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::MahjongBoardView</name>
    <message>
        <source>No game open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::MahjongPredictionPanel</name>
    <message>
        <source>(empty)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discarded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine&apos;s choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No discard yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step to a discard to compare it with the prediction and the engine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1&apos;s discard #%2 · op %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The current op · %n tile(s) left in the wall</source>
        <translation>
            <numerusform>The current op · %n tile left in the wall</numerusform>
            <numerusform>The current op · %n tiles left in the wall</numerusform>
        </translation>
    </message>
    <message>
        <source>The last discard before the current op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off-prediction, and it fed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off-prediction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the predicted set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 of %2 (in the choice set)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (weight %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (not counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not taken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dealt in: %1 won on it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Taken by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off-prediction: the engine&apos;s choice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine&apos;s view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each discard the hand could make, best first: how many steps from ready it leaves the hand and how many tiles would improve it, and the chance the reference model gives a player of choosing it (blue: the engine&apos;s choice set). The discard played is framed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not counted in the engine test (a forced or near-forced discard, or too early).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine&apos;s choice, where %1 expects one %2% of the time: %3 to the engine test&apos;s matches over expected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not the engine&apos;s choice, where %1 expects one %2% of the time: %3 to the engine test&apos;s matches over expected.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::MainWindow</name>
    <message>
        <source>TileWatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a case in the queue and press Enter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The games of this case, most evidence first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open database…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import games…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Analyse all games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next discard of the flagged player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous discard of the flagged player</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start of the game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End of the game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next flagged discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous flagged discard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next open case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every hand face up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TileWatch — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · games: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TileWatch databases (*.db *.sqlite);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy: wait for the running work to finish.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Demo database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rejected records: %1. The rest went in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (marked: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the game</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>score %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case %1 · %2 · %3 · priority %4&lt;br&gt;%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case history</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Verify the audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Escalate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Advance to the next open case after a verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your name as it should appear in the audit trail and the reports:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flag %1 of case %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2, saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now case %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a note first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;anonymised report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export anonymised report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Self-contained HTML (*.html)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analyse &amp;xiangqi games with the engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game records (*.jsonl *.json *.pgn *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database is not fully usable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redone: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undone: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Player page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Configure TileWatch…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About TileWatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About TileWatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (from history)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>case %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also open for %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the moves &amp;within the pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;TileWatch %1&lt;/h3&gt;&lt;p&gt;A review desk for the fair-play moderators of online mahjong (Xinchang, Sichuan, Anshan and riichi rules) and xiangqi: flagged cases, the games behind them, and verdicts with an audit trail.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect to &amp;team server…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Take next case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signed in to %1 as %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>moderator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claimed by %1 until %2: you can read this case; verdicts and notes are theirs to give.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not claimed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No free case in the queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not take a case: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Case %1 is yours until %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a player in the Players view, or open a game, first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Game %1 · %2 · %3&lt;br&gt;Shown outside any case: verdicts are given on a case.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Record an &amp;appeal…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Handbook</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::PlayerListView</name>
    <message>
        <source>Player page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Their games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any part of any of their names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected player&apos;s page: cases, decisions, names, games, complaints (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The selected player&apos;s games, in the Games view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Players: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::PlayerPage</name>
    <message>
        <source>Cases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Games</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Complaints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click a case to open it in the desk, a game to replay it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1: %n case(s), %2 open; %3 decisions; %4 games; %5 complaints against them.</source>
        <translation>
            <numerusform>%1: %n case, %2 open; %3 decisions; %4 games; %5 complaints against them.</numerusform>
            <numerusform>%1: %n cases, %2 open; %3 decisions; %4 games; %5 complaints against them.</numerusform>
        </translation>
    </message>
    <message>
        <source>Also recorded as: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Games tab lists the latest %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::ServerDialog</name>
    <message>
        <source>Connect to team server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The address of your team&apos;s database, postgresql://LOGIN@HOST/DATABASE, or the name of a service in your pg_service.conf. No password here: put it in your pgpass file (~/.pgpass, or the file PGPASSFILE names), where the server&apos;s client library reads it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server address or service name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not a server address: it starts with postgresql://, or is a service name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No password in the address: put it in your pgpass file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drawn tiles (no tileset)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tileset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language (after restart):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counted discards for a game to count:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your name for the audit trail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After a verdict, open the next open case</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moderator:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xiangqi engine-assist line (f_u ≥):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xiangqi games before a player can be flagged:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flag at q-value (false discovery rate) at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decision models in force:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s mahjong fit line, shown beside (f_u ≥):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The seed&apos;s mahjong games for its line:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Xiangqi engine lines per position (MultiPV; 2 or more: the calibrated test):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default thresholds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The detection thresholds back to their defaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On a team server your name is your server login: the server writes it into every decision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared by your team: as a lead, your changes apply at every desk and are audited.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set by your team&apos;s leads on the server: only a lead can change them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Team thresholds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The server did not take the thresholds: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1: the seed&apos;s line flags. 2 or more (4 by default): every counted move is tested against the xiangqi model in force (the built-in one was fitted with 4 lines), its loss read from one search; the lines are searched only before the moves the fit counts, and positions are scored again under a new setting.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::StandingBanner</name>
    <message>
        <source>Under appeal by %1 (recorded by %2, %3): %4. On a team server only a lead decides it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The evidence shown is as it was at decision %1 (%2): the verdict rests on it, whatever later scans found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sanction in force: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raised again after dismissed case %1: a scan found evidence beyond that dismissal.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Under appeal by %1, for a lead: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Evidence as at decision %1 (%2), not the latest scan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raised again after dismissed case %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::VerdictDialog</name>
    <message>
        <source>%1 case %2?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; case &lt;b&gt;%2&lt;/b&gt; (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; flag %2 of case &lt;b&gt;%3&lt;/b&gt;: %4 %5 (%6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The whole case, now %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queue highlights case %1, but this verdict applies to the open case %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a reason or type one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter writes the verdict once a reason is given; Esc writes nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Escalate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the verdict imposes on the player; it is named in the reports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The suspension&apos;s last day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sanction:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suspended until:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>tw::ui::XiangqiMovePanel</name>
    <message>
        <source>Played:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine&apos;s move:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move %1 · %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Red</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Black</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (the same)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (weight %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not counted (outside the score window or in the opening)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine scored the mover&apos;s position at %1 centipawns before this move and %2 after it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fit says how well the move kept that lead: 1 when the lead held (to within 25 centipawns) or grew, 0 when about 25 centipawns more were lost, below 0 for larger losses; the bigger the lead, the more a loss is forgiven. Honest strong players average well below 1, and a player is judged on many moves, never on one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This was the engine&apos;s own move and still scores under 1: the search after the move looks one move further and usually finds the lead a little smaller.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Moves of the first rounds and moves from positions that are nearly level or already won are not counted: they say little about engine help.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score before → after (the seed&apos;s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit (the seed&apos;s):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss (one search):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no engine lines at this move</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss compares the move with the engine&apos;s move, both valued in one search of the position before it (the engine&apos;s four best lines, and any move outside them searched alone), so the engine&apos;s own move loses nothing; it is what the calibrated test weighs, while the seed&apos;s fit above reads two searches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 pawns</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
