<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>FlagText</name>
    <message>
        <source>In %1&apos;s latest %2 games: %3.</source>
        <translation>%1 最近 %2 局：%3。</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <source>%1&apos;s fit f_u is %2 over %3 games, at or past the seed&apos;s line (the seed&apos;s method; no calibrated error rate).</source>
        <translation>%1 在 %3 局中的吻合度 f_u 为 %2，达到或超过种子方法的标记线（种子方法；没有校准的错误率）。</translation>
    </message>
    <message>
        <source>%1 fed %2 %3 times in %4 shared games, where %5 feeds went to the other players (q %6).</source>
        <translation>%1 在 %4 局同桌对局中喂牌给 %2 %3 次，而喂给其他玩家 %5 次（q %6）。</translation>
    </message>
    <message>
        <source>%1 reports against %2 in %3 games, where %4 were expected at the population&apos;s rate (q %5).</source>
        <translation>%2 在 %3 局中被举报 %1 次，按总体举报率预期为 %4 次（q %5）。</translation>
    </message>
    <message>
        <source>%1 reports against %2.</source>
        <translation>%2 被举报 %1 次。</translation>
    </message>
    <message>
        <source>A ring of %1 players (%2): %3 of its pairs flagged on their own, %4 more linked; %5 feeds among them in %6 opportunities (q %7 for its strongest pair).</source>
        <translation>%1 名玩家组成的团伙（%2）：其中 %3 对单独被标记，另有 %4 对相连；在 %6 次机会中互相喂牌 %5 次（最强的一对 q %7）。</translation>
    </message>
    <message>
        <source>In %1&apos;s latest %2 games: %3 engine matches where %4 ± %5 were expected from the player&apos;s own earlier games (z %6, q %7), over %8 counted decisions.</source>
        <translation>在 %1 最近的 %2 局中：与引擎一致 %3 次，而按该玩家自己以前的对局预期为 %4 ± %5（z %6，q %7），共 %8 个计数决策。</translation>
    </message>
    <message>
        <source>the strongest band of 600 honest simulated players per ruleset at three strengths; an honest player stronger than that band can be flagged</source>
        <translation>每个规则 600 名三种强度的模拟诚实玩家中最强的一档；比这一档更强的诚实玩家可能被标记</translation>
    </message>
    <message>
        <source>the strongest honest band of this scan&apos;s own population</source>
        <translation>本次扫描自身人群中最强的诚实一档</translation>
    </message>
    <message>
        <source>a model read from a file written by calibrate</source>
        <translation>从 calibrate 写出的文件读入的模型</translation>
    </message>
    <message>
        <source>the model fitted on real Phoenix hands, which raises no flag</source>
        <translation>在真实凤凰桌牌局上拟合的模型（不产生标记）</translation>
    </message>
    <message>
        <source>the strongest honest band of a population calibrated in this database (calibrate --store)</source>
        <translation>本数据库中已校准人群（calibrate --store）最强的诚实一档</translation>
    </message>
    <message>
        <source> Tested against %1: %2.</source>
        <translation> 检验所用模型：%1（%2）。</translation>
    </message>
    <message>
        <source>%1&apos;s think times follow the difficulty of the decisions less than the population&apos;s floor allows of an honest player: slope %2 ± %3 against the floor %4 (z %5, q %6), over %7 timed decisions.</source>
        <translation>%1 的思考时间随决策难度的变化低于人群下限对诚实玩家的要求：斜率 %2 ± %3，下限 %4（z %5，q %6），共 %7 个有计时的决策。</translation>
    </message>
    <message>
        <source>%1 took the lookahead engine&apos;s side, where it and the one-step engine disagree, more than any honest player guided by the one-step values could: %2 of a win above the most such a player can expect (z %3, q %4), over %5 such decisions.</source>
        <translation>在前瞻引擎与一步引擎意见不同的决策上，%1 站在前瞻引擎一边的程度超过任何依一步价值行事的诚实玩家所能达到的：比这类玩家最多可预期的高出 %2 个和牌概率（z %3，q %4），共 %5 个这样的决策。</translation>
    </message>
    <message>
        <source>A ring of %1 players (%2): %3 feeds among three of them in %4 opportunities, where %5 were expected from what each gives to and takes from everyone else (q %6); %7 of its pairs flagged on their own.</source>
        <translation>%1 名玩家组成的团伙（%2）：其中三人在 %4 次机会中互相喂牌 %3 次，而按各人给其他所有玩家喂牌和从其他所有玩家接牌的比率预计为 %5 次（q %6）；其中 %7 对单独被标记。</translation>
    </message>
    <message>
        <source>%1 fed %2 %3 times and %2 fed %1 %4 times in %5 shared games, where %6 were expected from what each gives to and takes from everyone else (q %7).</source>
        <translation>%1 在 %5 局同桌对局中喂牌给 %2 %3 次，%2 喂牌给 %1 %4 次，而按各人给其他所有玩家喂牌和从其他所有玩家接牌的比率预计为 %6 次（q %7）。</translation>
    </message>
    <message>
        <source>%1&apos;s games differ in how their think times follow the difficulty of the decisions more than the population&apos;s ceiling allows of an honest player: %2 times the spread of one slope against the ceiling %3 (z %4, q %5), over %6 games.</source>
        <translation>%1 各局思考时间随决策难度变化的方式差异超过了群体为诚实玩家设定的上限：为单一斜率离散度的 %2 倍，上限为 %3（z %4，q %5），共 %6 局。</translation>
    </message>
    <message>
        <source>In %1&apos;s games, how often its choices matched the engine went with how much its think times followed the difficulty of the decisions, beyond what the games&apos; make-up explains (rank correlation %2 over %3 games, z %4, q %5): what a relay switched on in some games and not in others leaves.</source>
        <translation>在 %1 的对局中，选择与引擎一致的频率与思考时间随决策难度变化的程度相关联，超出了对局构成所能解释的范围（%3 局的秩相关 %2，z %4，q %5）：这正是在部分对局中开启、其他对局中关闭中继所留下的痕迹。</translation>
    </message>
    <message>
        <source>The marked moves are in %1 of them, the games the case lists.</source>
        <translation>标记的操作在其中 %1 局里，即案件列出的牌局。</translation>
    </message>
    <message>
        <source>the seed&apos;s line</source>
        <translation>种子方法的线</translation>
    </message>
    <message>
        <source>latest games</source>
        <translation>最近对局</translation>
    </message>
    <message>
        <source>own earlier games</source>
        <translation>自身早期对局</translation>
    </message>
    <message>
        <source>lookahead</source>
        <translation>前瞻引擎</translation>
    </message>
    <message>
        <source>think times</source>
        <translation>思考时间</translation>
    </message>
    <message>
        <source>times by game</source>
        <translation>各局时间</translation>
    </message>
    <message>
        <source>matches against times</source>
        <translation>一致与时间</translation>
    </message>
    <message>
        <source>engine matches</source>
        <translation>引擎一致</translation>
    </message>
    <message>
        <source>feeds in a ring</source>
        <translation>团伙内送牌</translation>
    </message>
    <message>
        <source>feeds</source>
        <translation>送牌</translation>
    </message>
    <message>
        <source>shared tables</source>
        <translation>同桌</translation>
    </message>
    <message>
        <source>%1 and %2 sat at the same table %3 times (the hands of one match once), where %4 were expected if the players of their pool were seated at random (q %5). Sitting together says nothing about play by itself.</source>
        <translation>%1 与 %2 同桌 %3 次（同一场比赛的各局只计一次），而其玩家池中随机入座时预计为 %4 次（q %5）。同桌本身并不说明牌打得如何。</translation>
    </message>
</context>
<context>
    <name>tw::models::CaseHistoryModel</name>
    <message>
        <source>verdict</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Cancelled by a later undo</source>
        <translation>已被之后的撤销取消</translation>
    </message>
    <message>
        <source>flag %1</source>
        <translation>标记 %1</translation>
    </message>
    <message>
        <source>whole case</source>
        <translation>整个案件</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Moderator</source>
        <translation>审查员</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Audit row</source>
        <translation>审计记录</translation>
    </message>
    <message>
        <source>The operating-system account that ran the program</source>
        <translation>运行本程序的操作系统账户</translation>
    </message>
    <message>
        <source>OS account</source>
        <translation>系统账户</translation>
    </message>
    <message>
        <source>Restores the %1 of %2</source>
        <translation>恢复 %2 的%1</translation>
    </message>
    <message>
        <source>Restores a cancelled decision</source>
        <translation>恢复一项已取消的决定</translation>
    </message>
    <message>
        <source>Cancels the %1 of %2</source>
        <translation>取消 %2 的%1</translation>
    </message>
    <message>
        <source>Cancels an earlier decision</source>
        <translation>取消一项先前的决定</translation>
    </message>
    <message>
        <source>The reason given for it: %1</source>
        <translation>当时给出的理由：%1</translation>
    </message>
    <message>
        <source>%1, OS account %2</source>
        <translation>%1，系统账户 %2</translation>
    </message>
    <message>
        <source>Audit row #%1 %2</source>
        <translation>审计记录 #%1 %2</translation>
    </message>
    <message>
        <source>appeal</source>
        <translation>申诉</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Appeal by %1: %2</source>
        <translation>%1 申诉：%2</translation>
    </message>
    <message>
        <source>%1
%2: %3</source>
        <translation>%1
%2：%3</translation>
    </message>
</context>
<context>
    <name>tw::models::CaseQueueModel</name>
    <message>
        <source>Collusion</source>
        <translation>串通</translation>
    </message>
    <message>
        <source>Engine assist</source>
        <translation>引擎辅助</translation>
    </message>
    <message>
        <source>Late onset</source>
        <translation>中途起挂</translation>
    </message>
    <message>
        <source>Reported</source>
        <translation>被举报</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>待处理</translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source>Dismissed</source>
        <translation>已驳回</translation>
    </message>
    <message>
        <source>Escalated</source>
        <translation>已上报</translation>
    </message>
    <message>
        <source>Xinchang</source>
        <translation>新昌</translation>
    </message>
    <message>
        <source>Sichuan blood battle</source>
        <translation>血战到底</translation>
    </message>
    <message>
        <source>Anshan</source>
        <translation>鞍山</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between ruleset names</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>案件</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>局数</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最后更新</translation>
    </message>
    <message>
        <source>all rulesets</source>
        <translation>所有规则</translation>
    </message>
    <message>
        <source>−log10 of the q-value of the case&apos;s strongest flag: 3 is one false alarm in a thousand, 6 one in a million; every kind of case on this one scale.</source>
        <translation>案件最强标记的 q 值的 −log10：3 表示千分之一的误报，6 表示百万分之一；所有类型的案件都在这同一尺度上。</translation>
    </message>
    <message>
        <source>Riichi (Tenhou rules)</source>
        <translation>立直麻将（天凤规则）</translation>
    </message>
    <message>
        <source>Claimed by %1 until %2</source>
        <translation>已由 %1 认领至 %2</translation>
    </message>
    <message>
        <source>Claimed by</source>
        <translation>认领人</translation>
    </message>
    <message>
        <source>Sitting together</source>
        <translation>同桌</translation>
    </message>
    <message numerus="yes">
        <source>Case %1: %2 of %3 · %4 · %n game(s) · %5</source>
        <translation>
            <numerusform>案件 %1：%3 的%2 · %4 · %n 局 · %5</numerusform>
        </translation>
    </message>
    <message>
        <source> and </source>
        <translation>与</translation>
    </message>
    <message>
        <source>The games that hold the case&apos;s evidence, as the Game box lists them; a pair may have sat together in more.</source>
        <translation>包含案件证据的牌局，即“牌局”框中列出的；两人同桌的局数可能更多。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Under appeal by %1: a lead decides it.</source>
        <translation>%1 提出申诉：由组长裁决。</translation>
    </message>
    <message>
        <source>Raised again after dismissed case %1.</source>
        <translation>在已驳回的案件 %1 之后再次提出。</translation>
    </message>
    <message>
        <source>%1 · appeal</source>
        <translation>%1 · 申诉</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n game(s) · %2 · %3</source>
        <translation>
            <numerusform>%1 — %n 局 · %2 · %3</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · claimed by %2</source>
        <translation>%1 · 由 %2 认领</translation>
    </message>
    <message>
        <source>Sanma (Tenhou rules)</source>
        <translation>三人麻将（天凤规则）</translation>
    </message>
</context>
<context>
    <name>tw::models::CaseReader</name>
    <message>
        <source>This reader reads the desk&apos;s database.</source>
        <translation>此读取器读取的是审核台的数据库。</translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation>尚未打开数据库。</translation>
    </message>
    <message>
        <source>Game %1 is not in the database.</source>
        <translation>数据库中没有牌局 %1。</translation>
    </message>
</context>
<context>
    <name>tw::models::Desk</name>
    <message>
        <source>Wait for the running work to finish first.</source>
        <translation>请先等待当前任务完成。</translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation>尚未打开数据库。</translation>
    </message>
    <message>
        <source>%1 flag %2</source>
        <translation>%1标记 %2</translation>
    </message>
    <message>
        <source>%1 case %2</source>
        <translation>%1案件 %2</translation>
    </message>
    <message>
        <source>Note on case %1</source>
        <translation>案件 %1 的备注</translation>
    </message>
    <message>
        <source>Could not undo: %1</source>
        <translation>无法撤销：%1</translation>
    </message>
    <message>
        <source>Could not redo: %1</source>
        <translation>无法重做：%1</translation>
    </message>
    <message>
        <source>%1: model %2, calibrated on %3 players and %4 decisions (%5): %6</source>
        <translation>%1：模型 %2，在 %3 名玩家、%4 个决策上校准（%5）：%6</translation>
    </message>
    <message>
        <source>%1: model %2, calibrated by the last analysis on this database&apos;s %3 players: %4 (each analysis calibrates again)</source>
        <translation>%1：模型 %2，由上次分析在本数据库的 %3 名玩家上校准：%4（每次分析都会重新校准）</translation>
    </message>
    <message>
        <source>%1: the built-in model %2: %3 (an analysis calibrates on this database once 40 players have 200 decisions each)</source>
        <translation>%1：内置模型 %2：%3（当 40 名玩家各有 200 个决策时，分析会在本数据库上校准）</translation>
    </message>
    <message>
        <source>s %1, c %2, dispersion %3</source>
        <translation>s %1，c %2，离散度 %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>model %1, calibrated with tilewatch-cli calibrate --xiangqi on %2 players and %3 moves (%4, %5): %6</source>
        <translation>模型 %1，由 tilewatch-cli calibrate --xiangqi 在 %2 名棋手、%3 步着法上校准（%4，%5）：%6</translation>
    </message>
    <message>
        <source>%1 (%2 engine lines per position): %3</source>
        <translation>%1（每个局面 %2 条引擎变例）：%3</translation>
    </message>
    <message>
        <source>Warning: calibrated at %1, Analyse xiangqi searches at %2: the stated error rate does not hold.</source>
        <translation>警告：在 %1 下校准，而“分析象棋对局”以 %2 搜索：所述错误率不再成立。</translation>
    </message>
    <message>
        <source>%1: statistics only, no flags: measured against the model fitted on the real Phoenix hands (%2); flags need a model calibrated on real data (an analysis calibrates on this database once 40 players have 200 decisions each)</source>
        <translation>%1：仅统计，不标记：以在天凤凤凰桌真实牌局上拟合的模型衡量（%2）；标记需要在真实数据上校准的模型（当本数据库中有 40 名玩家各有 200 个决策时，分析会在其上自行校准）</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Team thresholds live on a team server; this database is a file.</source>
        <translation>团队阈值保存在团队服务器上；此数据库是一个文件。</translation>
    </message>
    <message>
        <source>%1: the seed&apos;s line (f_u ≥ %2 over %3 games) flags, because Analyse xiangqi keeps one engine line per position (Settings) and a move can be tested against a model only with the engine&apos;s other lines. With 2 or more (4 by default; searched only before the moves the fit counts) moves are tested against %4.</source>
        <translation>%1：由种子方法的标记线（%3 局中 f_u ≥ %2）标记，因为“分析象棋对局”每个局面只保留一条引擎变例（见设置），而只有具备引擎的其他变例，着法才能以模型检验。保留 2 条或以上变例时（默认 4 条；只在计入的着法之前搜索），着法以 %4 检验。</translation>
    </message>
    <message>
        <source>the built-in model %1: %2 (fitted on 191 CCPD master games at depth %3, MultiPV %4)</source>
        <translation>内置模型 %1：%2（在 191 局 CCPD 大师对局上拟合，深度 %3，MultiPV %4）</translation>
    </message>
    <message>
        <source>Appeal on case %1</source>
        <translation>案件 %1 的申诉</translation>
    </message>
</context>
<context>
    <name>tw::models::FlagEvidenceModel</name>
    <message>
        <source>Flag and statistic</source>
        <translation>标记与统计量</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>score %1</source>
        <translation>得分 %1</translation>
    </message>
    <message>
        <source>inactive</source>
        <translation>已失效</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Complaint</source>
        <translation>举报</translation>
    </message>
    <message>
        <source>by %1 in %2</source>
        <translation>%1 在牌局 %2 中举报</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>（无内容）</translation>
    </message>
</context>
<context>
    <name>tw::models::GameListModel</name>
    <message>
        <source>Game %1 · %2 · started %3 · %4</source>
        <translation>对局 %1 · %2 · 开始于 %3 · %4</translation>
    </message>
    <message>
        <source>at no recorded time</source>
        <translation>（无记录时间）</translation>
    </message>
    <message>
        <source>no time</source>
        <translation>无时间</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>比赛</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>对局</translation>
    </message>
</context>
<context>
    <name>tw::models::HistoryChart</name>
    <message>
        <source>players&apos; mean %1</source>
        <translation>玩家均值 %1</translation>
    </message>
    <message>
        <source>+2 SD %1</source>
        <translation>+2 标准差 %1</translation>
    </message>
    <message>
        <source>%1 (far from every fit, not drawn)</source>
        <translation>%1（远离所有吻合度，未画出）</translation>
    </message>
</context>
<context>
    <name>tw::models::MahjongMoveListModel</name>
    <message>
        <source>%1  %2</source>
        <translation>%1  %2</translation>
    </message>
    <message>
        <source>  fit %1</source>
        <translation>  吻合度 %1</translation>
    </message>
    <message>
        <source>%1
fit %2, weight %3%4%5</source>
        <translation>%1
吻合度 %2，权重 %3%4%5</translation>
    </message>
    <message>
        <source>, off-prediction</source>
        <translation>，预测外</translation>
    </message>
    <message>
        <source>, in the flag&apos;s evidence</source>
        <translation>，属于标记的证据</translation>
    </message>
    <message>
        <source>deal</source>
        <translation>发牌</translation>
    </message>
    <message>
        <source>Deal</source>
        <translation>发牌</translation>
    </message>
    <message>
        <source>Deal · %1</source>
        <translation>发牌 · %1</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>%1–%2  Deal</source>
        <translation>%1–%2  发牌</translation>
    </message>
    <message>
        <source>passed within the pair under review</source>
        <translation>在受审的两人之间传递</translation>
    </message>
</context>
<context>
    <name>tw::models::MahjongReviewKind</name>
    <message>
        <source>Game %1 is not in the database.</source>
        <translation>数据库中没有牌局 %1。</translation>
    </message>
    <message>
        <source>Fit per discard</source>
        <translation>每张舍牌的吻合度</translation>
    </message>
    <message>
        <source>Op</source>
        <translation>步</translation>
    </message>
    <message>
        <source>Op %1 · %2&apos;s discard #%3</source>
        <translation>第 %1 步 · %2 的第 %3 张舍牌</translation>
    </message>
    <message>
        <source>Outside the predicted set</source>
        <translation>不在预测集合内</translation>
    </message>
    <message>
        <source>Marked ops: %1</source>
        <translation>被标记的步：%1</translation>
    </message>
    <message>
        <source>Fit per discard in game %1</source>
        <translation>牌局 %1 中每张舍牌的吻合度</translation>
    </message>
    <message>
        <source>flag line %1</source>
        <translation>标记线 %1</translation>
    </message>
    <message>
        <source>built into TileWatch: calibrated on simulated honest players (docs/detection.md, Mahjong)</source>
        <translation>TileWatch 内置：在模拟的诚实玩家上校准（见 docs/detection.md 的 Mahjong 部分）</translation>
    </message>
    <message>
        <source>%1 engine matches where %2 ± %3 were expected of the reference model (z %4, q %5), over %6 counted decisions</source>
        <translation>与引擎一致 %1 次，而参考模型预期为 %2 ± %3 次（z %4，q %5），共计 %6 个计入的决策</translation>
    </message>
</context>
<context>
    <name>tw::models::MahjongSession</name>
    <message>
        <source>characters</source>
        <translation>万子</translation>
    </message>
    <message>
        <source>dots</source>
        <translation>筒子</translation>
    </message>
    <message>
        <source>bamboo</source>
        <translation>条子</translation>
    </message>
    <message>
        <source>honours</source>
        <translation>字牌</translation>
    </message>
    <message>
        <source>a winning hand</source>
        <translation>已成胡牌型</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>已听牌</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) from ready</source>
        <translation>
            <numerusform>%n向听</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n improving tile(s)</source>
        <translation>
            <numerusform>进张 %n 张</numerusform>
        </translation>
    </message>
    <message>
        <source>is dealt</source>
        <translation>起牌</translation>
    </message>
    <message>
        <source>draws a replacement</source>
        <translation>补牌</translation>
    </message>
    <message>
        <source>draws</source>
        <translation>摸牌</translation>
    </message>
    <message>
        <source>discards</source>
        <translation>打出</translation>
    </message>
    <message>
        <source>pungs</source>
        <translation>碰</translation>
    </message>
    <message>
        <source>wins on</source>
        <translation>胡</translation>
    </message>
    <message>
        <source>wins by self-draw with</source>
        <translation>自摸</translation>
    </message>
    <message>
        <source>declares a concealed kong of</source>
        <translation>暗杠</translation>
    </message>
    <message>
        <source>adds to a kong</source>
        <translation>补杠</translation>
    </message>
    <message>
        <source>kongs</source>
        <translation>明杠</translation>
    </message>
    <message>
        <source>passes</source>
        <translation>过</translation>
    </message>
    <message>
        <source>exhaustive draw</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>robs the kong of</source>
        <translation>抢杠胡</translation>
    </message>
    <message>
        <source>passes on robbing the kong</source>
        <translation>不抢杠</translation>
    </message>
    <message>
        <source>chows</source>
        <translation>吃</translation>
    </message>
    <message>
        <source>declares void</source>
        <translation>定缺</translation>
    </message>
    <message>
        <source>hun indicator</source>
        <translation>翻混皮</translation>
    </message>
    <message>
        <source>gun indicator</source>
        <translation>翻槍</translation>
    </message>
    <message>
        <source>Exhaustive draw</source>
        <translation>流局</translation>
    </message>
    <message>
        <source>Hun indicator %1 revealed</source>
        <translation>翻出混皮 %1</translation>
    </message>
    <message>
        <source>Gun indicator %1 revealed</source>
        <translation>翻出槍牌 %1</translation>
    </message>
    <message>
        <source>%1 declares %2 void</source>
        <translation>%1 定缺%2</translation>
    </message>
    <message>
        <source>%1 chows %2 (%3)</source>
        <translation>%1 吃 %2（%3）</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 fan</source>
        <translation>%1 番</translation>
    </message>
    <message>
        <source>this discard leaves it %1 with %2.</source>
        <translation>打这张则手牌%1，%2。</translation>
    </message>
    <message>
        <source>%1 won on it.</source>
        <translation>%1 胡了这张。</translation>
    </message>
    <message>
        <source>%1 took it.</source>
        <translation>%1 要走了这张。</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between the patterns of a win</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>The hand still held tiles of its declared void suit, and the rules make those go first.</source>
        <translation>手中还有定缺花色的牌，规则要求先打出这些牌。</translation>
    </message>
    <message>
        <source>A typical player first lets go of lone tiles of the weak suits and lone honour tiles.</source>
        <translation>一般玩家会先打出弱花色的孤张和孤张字牌。</translation>
    </message>
    <message>
        <source>A typical player first breaks up the weakest suit (%1) and lets go of lone tiles of other weak suits and lone honour tiles.</source>
        <translation>一般玩家会先拆最弱的花色（%1），并打出其他弱花色的孤张和孤张字牌。</translation>
    </message>
    <message>
        <source>No suit is weak, so a typical player lets go of a lone tile, one that pairs or runs with nothing.</source>
        <translation>没有弱花色，所以一般玩家会打出孤张，即与其他牌既成不了对子也连不成顺子的牌。</translation>
    </message>
    <message>
        <source>No tile is clearly spare, so a typical player throws what keeps the hand closest to ready with the most tiles that would improve it.</source>
        <translation>没有明显多余的牌，所以一般玩家会打出让手牌最接近听牌、进张最多的那张。</translation>
    </message>
    <message>
        <source>How much each suit is worth to this hand (under 20 is weak): characters %1, dots %2, bamboo %3, honours %4.</source>
        <translation>各花色对这手牌的价值（低于 20 为弱）：万子 %1，筒子 %2，条子 %3，字牌 %4。</translation>
    </message>
    <message>
        <source>%1 was not among those tiles (%2).</source>
        <translation>%1 不在这些牌中（%2）。</translation>
    </message>
    <message>
        <source>%1 was one of those tiles (%2).</source>
        <translation>%1 是这些牌之一（%2）。</translation>
    </message>
    <message>
        <source>The player held one of them and threw another tile instead.</source>
        <translation>该玩家手中有其中的牌，却打出了别的牌。</translation>
    </message>
    <message>
        <source>The engine would throw %1 and keep the rest, leaving the hand %2 with %3;</source>
        <translation>引擎会打出 %1 并留下其余的牌，手牌%2，%3；</translation>
    </message>
    <message>
        <source>this discard is the engine&apos;s choice.</source>
        <translation>这张舍牌正是引擎的选择。</translation>
    </message>
    <message>
        <source>%1 · %2 ops</source>
        <translation>%1 · 共 %2 步</translation>
    </message>
    <message>
        <source>%1 · op %2 · %3 ops</source>
        <translation>%1 · 第 %2 步 · 共 %3 步</translation>
    </message>
    <message>
        <source>declares riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>kan dora indicator</source>
        <translation>杠宝牌指示牌</translation>
    </message>
    <message>
        <source>dora indicator</source>
        <translation>宝牌指示牌</translation>
    </message>
    <message>
        <source>ura dora indicator</source>
        <translation>里宝牌指示牌</translation>
    </message>
    <message>
        <source>abortive draw</source>
        <translation>途中流局</translation>
    </message>
    <message>
        <source>Kan dora indicator %1 turned over</source>
        <translation>翻开杠宝牌指示牌 %1</translation>
    </message>
    <message>
        <source>Dora indicator %1 turned over</source>
        <translation>翻开宝牌指示牌 %1</translation>
    </message>
    <message>
        <source>Ura dora indicator %1 shown</source>
        <translation>亮出里宝牌指示牌 %1</translation>
    </message>
    <message>
        <source>%1 declares %2: abortive draw</source>
        <translation>%1宣告%2：途中流局</translation>
    </message>
    <message>
        <source>Abortive draw: %1</source>
        <translation>途中流局：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a win, then its score</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a player and a score change</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 · score changes: %2</source>
        <translation>%1 · 得失点：%2</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between score changes</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>match %1, hand %2 (%3)</source>
        <translation>对局 %1，第%2局（%3）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>wins on the North set aside,</source>
        <translation>荣和他家拔出的北，</translation>
    </message>
    <message>
        <source>sets aside as a dora</source>
        <translation>拔北（作宝牌）</translation>
    </message>
</context>
<context>
    <name>tw::models::PlayerListModel</name>
    <message numerus="yes">
        <source>%1 · %n game(s)</source>
        <translation>
            <numerusform>%1 · %n 局</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (also %2) · %n game(s)</source>
        <translation>
            <numerusform>%1（又名 %2）· %n 局</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>between a player&apos;s names</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Other names</source>
        <translation>其他名字</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>对局数</translation>
    </message>
    <message>
        <source>Last game</source>
        <translation>最近对局</translation>
    </message>
    <message>
        <source>Open cases</source>
        <translation>待处理案件</translation>
    </message>
</context>
<context>
    <name>tw::models::PlayerPageModel</name>
    <message>
        <source>Case</source>
        <translation>案件</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Last change</source>
        <translation>最后更新</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Moderator</source>
        <translation>审查员</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>牌局</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>座位</translation>
    </message>
    <message>
        <source>As</source>
        <translation>所用名称</translation>
    </message>
    <message>
        <source>Game fit</source>
        <translation>单局吻合度</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>被举报</translation>
    </message>
    <message>
        <source>Reporter</source>
        <translation>举报者</translation>
    </message>
    <message>
        <source>Against</source>
        <translation>被举报者</translation>
    </message>
    <message>
        <source>Complaint</source>
        <translation>举报内容</translation>
    </message>
    <message>
        <source>%1 (account %2)</source>
        <translation>%1（账户 %2）</translation>
    </message>
    <message>
        <source>flag %1</source>
        <translation>标记 %1</translation>
    </message>
    <message>
        <source>whole case</source>
        <translation>整个案件</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>merged</source>
        <translation>已合并</translation>
    </message>
    <message>
        <source>split off</source>
        <translation>已拆分</translation>
    </message>
    <message numerus="yes">
        <source>%n counted move(s) of this player in the game: too few for a game fit (Settings: counted discards for a game to count).</source>
        <translation>
            <numerusform>该玩家在本局中计入的操作有 %n 个：不足以计算整局吻合度（设置：一局计入所需的舍牌数）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not analysed yet: File → Analyse all games.</source>
        <translation>尚未分析：文件 → 分析所有牌局。</translation>
    </message>
    <message>
        <source>too few moves (%1)</source>
        <translation>操作太少（%1）</translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation>未分析</translation>
    </message>
    <message>
        <source>Reporter&apos;s record</source>
        <translation>举报人记录</translation>
    </message>
    <message numerus="yes">
        <source>Of %n complaint(s) by %1: %2 against a player with a confirmed case, %3 against a player whose every case was dismissed; the rest are open or raised no case.</source>
        <translation>
            <numerusform>%1 的 %n 次举报中：%2 次针对有已确认案件的玩家，%3 次针对所有案件均被驳回的玩家；其余尚未结案或未引发案件。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n complaint(s): %1 confirmed, %2 dismissed</source>
        <translation>
            <numerusform>%n 次举报：%1 次确认，%2 次驳回</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 · appeal</source>
        <translation>%1 · 申诉</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>tw::models::RiichiText</name>
    <message>
        <source>East</source>
        <translation>东</translation>
    </message>
    <message>
        <source>South</source>
        <translation>南</translation>
    </message>
    <message>
        <source>West</source>
        <translation>西</translation>
    </message>
    <message>
        <source>North</source>
        <translation>北</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>round wind and hand number: East 2</comment>
        <translation>%1%2局</translation>
    </message>
    <message>
        <source>, %1 honba</source>
        <translation>，%1本场</translation>
    </message>
    <message>
        <source>, sticks %1</source>
        <comment>riichi sticks on the table</comment>
        <translation>，供托 %1</translation>
    </message>
    <message>
        <source>nine terminals</source>
        <translation>九种九牌</translation>
    </message>
    <message>
        <source>four winds</source>
        <translation>四风连打</translation>
    </message>
    <message>
        <source>four riichi</source>
        <translation>四家立直</translation>
    </message>
    <message>
        <source>four kongs</source>
        <translation>四杠散了</translation>
    </message>
    <message>
        <source>triple ron</source>
        <translation>三家和</translation>
    </message>
    <message>
        <source>unknown kind</source>
        <translation>未知种类</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a yaku and its han: Pinfu 1</comment>
        <translation>%1 %2番</translation>
    </message>
    <message>
        <source>%1 han %2 fu</source>
        <translation>%1番%2符</translation>
    </message>
    <message>
        <source>mangan</source>
        <translation>满贯</translation>
    </message>
    <message>
        <source>haneman</source>
        <translation>跳满</translation>
    </message>
    <message>
        <source>baiman</source>
        <translation>倍满</translation>
    </message>
    <message>
        <source>sanbaiman</source>
        <translation>三倍满</translation>
    </message>
    <message>
        <source>yakuman ×%1</source>
        <translation>役满×%1</translation>
    </message>
    <message>
        <source>yakuman</source>
        <translation>役满</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>han and fu, then the limit</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>han and fu (and limit), then the points</comment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>, </source>
        <comment>between yaku</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>no win (%1)</source>
        <translation>未和牌（%1）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>yaku — han, fu and points</comment>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a win&apos;s value, then its yaku</comment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>tw::models::SanctionText</name>
    <message>
        <source>No sanction</source>
        <translation>无处罚</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Mark on the account</source>
        <translation>账户标记</translation>
    </message>
    <message>
        <source>Suspension</source>
        <translation>停赛</translation>
    </message>
    <message>
        <source>Ban</source>
        <translation>封禁</translation>
    </message>
    <message>
        <source>Suspension until %1</source>
        <translation>停赛至 %1</translation>
    </message>
    <message>
        <source>The player is told; nothing else changes</source>
        <translation>通知玩家；其他不变</translation>
    </message>
    <message>
        <source>The account is marked for the platform (e.g. kept from rated play)</source>
        <translation>账户被标记，交由平台处理（例如不得参加排名对局）</translation>
    </message>
    <message>
        <source>The player may not play until the end date</source>
        <translation>玩家在截止日期前不得对局</translation>
    </message>
    <message>
        <source>The account is closed for good</source>
        <translation>账户被永久关闭</translation>
    </message>
    <message>
        <source>The verdict carries no sanction</source>
        <translation>该裁决不附带处罚</translation>
    </message>
</context>
<context>
    <name>tw::models::TileNames</name>
    <message>
        <source>1m</source>
        <translation>一万</translation>
    </message>
    <message>
        <source>2m</source>
        <translation>二万</translation>
    </message>
    <message>
        <source>3m</source>
        <translation>三万</translation>
    </message>
    <message>
        <source>4m</source>
        <translation>四万</translation>
    </message>
    <message>
        <source>5m</source>
        <translation>五万</translation>
    </message>
    <message>
        <source>6m</source>
        <translation>六万</translation>
    </message>
    <message>
        <source>7m</source>
        <translation>七万</translation>
    </message>
    <message>
        <source>8m</source>
        <translation>八万</translation>
    </message>
    <message>
        <source>9m</source>
        <translation>九万</translation>
    </message>
    <message>
        <source>1p</source>
        <translation>一筒</translation>
    </message>
    <message>
        <source>2p</source>
        <translation>二筒</translation>
    </message>
    <message>
        <source>3p</source>
        <translation>三筒</translation>
    </message>
    <message>
        <source>4p</source>
        <translation>四筒</translation>
    </message>
    <message>
        <source>5p</source>
        <translation>五筒</translation>
    </message>
    <message>
        <source>6p</source>
        <translation>六筒</translation>
    </message>
    <message>
        <source>7p</source>
        <translation>七筒</translation>
    </message>
    <message>
        <source>8p</source>
        <translation>八筒</translation>
    </message>
    <message>
        <source>9p</source>
        <translation>九筒</translation>
    </message>
    <message>
        <source>1s</source>
        <translation>一条</translation>
    </message>
    <message>
        <source>2s</source>
        <translation>二条</translation>
    </message>
    <message>
        <source>3s</source>
        <translation>三条</translation>
    </message>
    <message>
        <source>4s</source>
        <translation>四条</translation>
    </message>
    <message>
        <source>5s</source>
        <translation>五条</translation>
    </message>
    <message>
        <source>6s</source>
        <translation>六条</translation>
    </message>
    <message>
        <source>7s</source>
        <translation>七条</translation>
    </message>
    <message>
        <source>8s</source>
        <translation>八条</translation>
    </message>
    <message>
        <source>9s</source>
        <translation>九条</translation>
    </message>
    <message>
        <source>東</source>
        <translation>东风</translation>
    </message>
    <message>
        <source>南</source>
        <translation>南风</translation>
    </message>
    <message>
        <source>西</source>
        <translation>西风</translation>
    </message>
    <message>
        <source>北</source>
        <translation>北风</translation>
    </message>
    <message>
        <source>白</source>
        <translation>白板</translation>
    </message>
    <message>
        <source>發</source>
        <translation>发财</translation>
    </message>
    <message>
        <source>中</source>
        <translation>红中</translation>
    </message>
</context>
<context>
    <name>tw::models::XiangqiMoveListModel</name>
    <message>
        <source>Red</source>
        <translation>红方</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>黑方</translation>
    </message>
    <message>
        <source>  fit %1</source>
        <translation>  吻合度 %1</translation>
    </message>
    <message>
        <source>Start position</source>
        <translation>初始局面</translation>
    </message>
</context>
<context>
    <name>tw::models::XiangqiReviewKind</name>
    <message>
        <source>Game %1 is not in the database.</source>
        <translation>数据库中没有牌局 %1。</translation>
    </message>
    <message>
        <source>Xiangqi</source>
        <translation>象棋</translation>
    </message>
    <message>
        <source>Fit per move</source>
        <translation>每步吻合度</translation>
    </message>
    <message>
        <source>Ply</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Ply %1 · %2&apos;s move %3</source>
        <translation>第 %1 步 · %2 的第 %3 着</translation>
    </message>
    <message>
        <source>Not the engine&apos;s move</source>
        <translation>不是引擎的着法</translation>
    </message>
    <message>
        <source>Marked moves (plies): %1</source>
        <translation>标记的着法（半回合）：%1</translation>
    </message>
    <message>
        <source>Fit per move in game %1</source>
        <translation>对局 %1 的每步吻合度</translation>
    </message>
    <message>
        <source>seed&apos;s flag line %1</source>
        <translation>种子方法标记线 %1</translation>
    </message>
    <message>
        <source>built into TileWatch: calibrated on 191 real master games (CCPD) scored at depth 10 with MultiPV 4 (docs/detection.md, Xiangqi)</source>
        <translation>TileWatch 内置：在 191 局真实大师对局（CCPD）上校准，以深度 10、MultiPV 4 评分（见 docs/detection.md 的 Xiangqi 部分）</translation>
    </message>
    <message>
        <source>%1 engine matches where %2 ± %3 were expected of the reference model (z %4, q %5), over %6 counted moves</source>
        <translation>与引擎一致 %1 次，而参考模型预期为 %2 ± %3 次（z %4，q %5），共计 %6 步计入的着法</translation>
    </message>
</context>
<context>
    <name>tw::models::XiangqiSession</name>
    <message>
        <source>ply %1: %2</source>
        <translation>第 %1 步：%2</translation>
    </message>
    <message>
        <source>%1 · move %2 of %3</source>
        <translation>%1 · 第 %2 步，共 %3 步</translation>
    </message>
</context>
<context>
    <name>tw::pipeline::DeskJobs</name>
    <message>
        <source>The demo file %1 is missing from the program.</source>
        <translation>程序中缺少演示文件 %1。</translation>
    </message>
    <message numerus="yes">
        <source>Its %n xiangqi game(s) are not scored yet (%1): analyse them with Analyse xiangqi.</source>
        <translation>
            <numerusform>其中 %n 局象棋尚未评估（%1）：请用“分析象棋”进行分析。</numerusform>
        </translation>
    </message>
    <message>
        <source>their scores are from %1, the engine here is %2</source>
        <translation>其评分来自 %1，本机引擎为 %2</translation>
    </message>
    <message>
        <source>Simulating %1 games</source>
        <translation>正在模拟%1牌局</translation>
    </message>
    <message>
        <source>Storing %1 games</source>
        <translation>正在存入 %1 局</translation>
    </message>
    <message>
        <source>Analysing</source>
        <translation>正在分析</translation>
    </message>
    <message>
        <source>Storing the xiangqi games</source>
        <translation>正在保存象棋对局</translation>
    </message>
    <message>
        <source>Scoring the xiangqi games</source>
        <translation>正在评估象棋对局</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Importing</source>
        <translation>正在导入</translation>
    </message>
    <message>
        <source>Importing: %1 games stored, %2 rejected</source>
        <translation>正在导入：已存入 %1 局，拒收 %2 局</translation>
    </message>
    <message>
        <source>Imported %1 games, %2 duplicates (counted once), rejected %3, already stored %4.</source>
        <translation>已导入 %1 局，重复 %2 局（只计一次），拒收 %3 局，已存在 %4 局。</translation>
    </message>
    <message>
        <source>Cancelled; the batches stored before stay.</source>
        <translation>已取消；此前存入的批次保留。</translation>
    </message>
    <message>
        <source>Analysing: %1 of %2 games</source>
        <translation>正在分析：第 %1 / %2 局</translation>
    </message>
    <message>
        <source>Analysis cancelled; flags and cases are unchanged.</source>
        <translation>分析已取消；标记和案件均未改动。</translation>
    </message>
    <message>
        <source>Analysed %1 games: %2 flags (%3 new), %4 new cases.</source>
        <translation>已分析 %1 局：标记 %2 个（新增 %3 个），新增案件 %4 个。</translation>
    </message>
    <message>
        <source>Scoring xiangqi games</source>
        <translation>引擎评估象棋对局</translation>
    </message>
    <message>
        <source>Scoring xiangqi games with the engine: %1 of %2</source>
        <translation>引擎评估象棋对局：%1 / %2</translation>
    </message>
    <message>
        <source>Xiangqi analysis cancelled; the games scored so far are kept, flags and cases are unchanged.</source>
        <translation>象棋分析已取消；已评估的对局保留，标记与案件不变。</translation>
    </message>
    <message>
        <source>Scored %1 xiangqi games (%2 positions, %3 from the cache): %4 flags (%5 new), %6 new cases.</source>
        <translation>已评估 %1 局象棋（%2 个局面，%3 个来自缓存）：%4 个标记（%5 个新增），%6 个新案件。</translation>
    </message>
    <message>
        <source>Players were tested against %1.</source>
        <translation>棋手均以 %1 检验。</translation>
    </message>
    <message>
        <source>The seed&apos;s line flagged (one engine line per position).</source>
        <translation>由种子方法的标记线标记（每个局面只有一条引擎变例）。</translation>
    </message>
    <message>
        <source>Warning: that model was calibrated at %1, this analysis searched at %2; its error rate does not hold.</source>
        <translation>警告：该模型在 %1 下校准，本次分析以 %2 搜索；其错误率不再成立。</translation>
    </message>
    <message>
        <source>Creating the demo database</source>
        <translation>正在创建演示数据库</translation>
    </message>
    <message>
        <source>Demo database ready.</source>
        <translation>演示数据库已就绪。</translation>
    </message>
    <message>
        <source>Demo database ready. %1</source>
        <translation>演示数据库已就绪。%1</translation>
    </message>
    <message>
        <source>Verifying the audit trail</source>
        <translation>正在核验审计日志</translation>
    </message>
    <message>
        <source>The audit trail could not be read: %1</source>
        <translation>无法读取审计日志：%1</translation>
    </message>
    <message>
        <source>The audit trail is intact: %1 rows checked.</source>
        <translation>审计日志完好：已检查 %1 行。</translation>
    </message>
    <message>
        <source>The audit trail is broken at row %1: %2</source>
        <translation>审计日志已断裂（第 %1 行）：%2</translation>
    </message>
    <message>
        <source>The audit trail is broken: %1</source>
        <translation>审计日志已断裂：%1</translation>
    </message>
</context>
<context>
    <name>tw::render::ChartPainter</name>
    <message>
        <source>Opening</source>
        <translation>开局</translation>
    </message>
    <message>
        <source>Late wall</source>
        <translation>牌墙后段</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 号位</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>吻合度</translation>
    </message>
    <message>
        <source>No counted discards in this game</source>
        <translation>本局没有计入的舍牌</translation>
    </message>
    <message>
        <source>Game fit</source>
        <translation>单局吻合度</translation>
    </message>
    <message>
        <source>f_u</source>
        <translation>f_u</translation>
    </message>
    <message>
        <source>last 10</source>
        <translation>最近 10 局</translation>
    </message>
    <message>
        <source>last 25</source>
        <translation>最近 25 局</translation>
    </message>
    <message>
        <source>last 50</source>
        <translation>最近 50 局</translation>
    </message>
    <message>
        <source>%1 games</source>
        <translation>%1 局</translation>
    </message>
    <message>
        <source>Evidence game</source>
        <translation>证据牌局</translation>
    </message>
    <message>
        <source>History of %1</source>
        <translation>%1 的历史</translation>
    </message>
    <message>
        <source>Qualifying game</source>
        <translation>计入的牌局</translation>
    </message>
    <message>
        <source>No qualifying games</source>
        <translation>没有计入的牌局</translation>
    </message>
    <message>
        <source>Qualifying game, by when it was played</source>
        <translation>计入的牌局（按对局时间）</translation>
    </message>
    <message>
        <source>Within the pair</source>
        <translation>两人之间</translation>
    </message>
</context>
<context>
    <name>tw::render::MahjongPainter</name>
    <message>
        <source>%1 discarded by %2 (op %3)</source>
        <translation>%2 打出的 %1（第 %3 步）</translation>
    </message>
    <message>
        <source>drawn and discarded at once</source>
        <translation>摸切</translation>
    </message>
    <message>
        <source>%1 won on it</source>
        <translation>%1 胡了这张</translation>
    </message>
    <message>
        <source>taken by %1</source>
        <translation>被 %1 要走</translation>
    </message>
    <message>
        <source>off-prediction</source>
        <translation>预测外</translation>
    </message>
    <message>
        <source>flagged for review</source>
        <translation>已标记待审</translation>
    </message>
    <message>
        <source>Void: %1</source>
        <translation>定缺：%1</translation>
    </message>
    <message>
        <source>Won: %1</source>
        <translation>胡牌：%1</translation>
    </message>
    <message>
        <source>To act</source>
        <translation>轮到此家</translation>
    </message>
    <message>
        <source>Under review</source>
        <translation>审查对象</translation>
    </message>
    <message>
        <source>Hand hidden</source>
        <translation>手牌不可见</translation>
    </message>
    <message>
        <source>庄</source>
        <translation>庄</translation>
    </message>
    <message>
        <source>%1, seat %2 (%3)</source>
        <translation>%1，%2 号位（%3）</translation>
    </message>
    <message>
        <source>Wall</source>
        <translation>牌墙</translation>
    </message>
    <message>
        <source>indicator → hun 混</source>
        <translation>混皮 → 混</translation>
    </message>
    <message>
        <source>Before the deal</source>
        <translation>发牌前</translation>
    </message>
    <message>
        <source>%1 ops</source>
        <translation>共 %1 步</translation>
    </message>
    <message>
        <source>op %1 · %2 ops</source>
        <translation>第 %1 步 · 共 %2 步</translation>
    </message>
    <message>
        <source>Exhaustive draw · op %1</source>
        <translation>流局 · 第 %1 步</translation>
    </message>
    <message>
        <source>Game over · op %1</source>
        <translation>本局结束 · 第 %1 步</translation>
    </message>
    <message>
        <source>flagged discard</source>
        <translation>被标记的舍牌</translation>
    </message>
    <message>
        <source>current op</source>
        <translation>当前步</translation>
    </message>
    <message>
        <source>winning tile, or won on</source>
        <translation>胡的牌（或被胡的舍牌）</translation>
    </message>
    <message>
        <source>claimed: arrow to the taker</source>
        <translation>被吃碰杠：箭头指向取牌者</translation>
    </message>
    <message>
        <source>folded corner: discarded as drawn</source>
        <translation>折角：摸切</translation>
    </message>
    <message>
        <source>%1 pts</source>
        <translation>%1 分</translation>
    </message>
    <message>
        <source>passed within the pair under review</source>
        <translation>在受审的两人之间传递</translation>
    </message>
    <message>
        <source>the riichi discard</source>
        <translation>立直宣言牌</translation>
    </message>
    <message>
        <source>a red five (aka dora)</source>
        <translation>赤五（赤宝牌）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a score and its change in the hand</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Double riichi</source>
        <translation>两立直</translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation>立直</translation>
    </message>
    <message>
        <source>Wall %1</source>
        <translation>牌山 %1</translation>
    </message>
    <message>
        <source>sticks %1</source>
        <comment>riichi sticks on the table</comment>
        <translation>供托 %1</translation>
    </message>
    <message>
        <source>Dora</source>
        <translation>宝牌</translation>
    </message>
    <message>
        <source>Ura</source>
        <translation>里宝牌</translation>
    </message>
    <message>
        <source>North set aside ×%1</source>
        <translation>拔北 ×%1</translation>
    </message>
</context>
<context>
    <name>tw::render::XiangqiPainter</name>
    <message>
        <source>楚河</source>
        <comment>the river, Black&apos;s side</comment>
        <translation>楚河</translation>
    </message>
    <message>
        <source>汉界</source>
        <comment>the river, Red&apos;s side</comment>
        <translation>汉界</translation>
    </message>
</context>
<context>
    <name>tw::report::CaseReport</name>
    <message>
        <source>No database is open.</source>
        <translation>尚未打开数据库。</translation>
    </message>
    <message>
        <source>There is no case %1 in this database.</source>
        <translation>此数据库中没有案件 %1。</translation>
    </message>
    <message>
        <source>%1 and %2 sat at the same table in %3 games.</source>
        <translation>%1 与 %2 同桌 %3 局。</translation>
    </message>
    <message>
        <source>%1 made %2 discards in those games.</source>
        <translation>%1 在这些牌局中共打出 %2 张舍牌。</translation>
    </message>
    <message>
        <source>%1 of those discards were outside the predicted discard set: tiles a player keeping the hand&apos;s shape would hold.</source>
        <translation>其中 %1 张不在预测舍牌集合内：照牌型打的玩家本会留着这些牌。</translation>
    </message>
    <message>
        <source>%1 times %2 took an off-prediction discard of %3 at once (claimed it or won on it): a feed.</source>
        <translation>%2 有 %1 次当即要走 %3 打出的预测外舍牌（吃碰杠或胡牌）：即喂牌。</translation>
    </message>
    <message>
        <source>%1 off-prediction discards of %2 were taken by the other players at the table.</source>
        <translation>%2 的预测外舍牌中有 %1 张被同桌其他玩家要走。</translation>
    </message>
    <message>
        <source>%1 won %2 times on a discard of %3.</source>
        <translation>%1 胡 %3 打出的牌 %2 次。</translation>
    </message>
    <message>
        <source>The chance of %1 getting this large a share of the feeds if %2 fed every opponent alike: %3.</source>
        <translation>假如 %2 对每个对手一样喂牌，%1 得到这么大比例喂牌的概率：%3。</translation>
    </message>
    <message>
        <source>The chance of this many feeds at the feeding rate of the whole population: %1.</source>
        <translation>按全体玩家的喂牌率，出现这么多次喂牌的概率：%1。</translation>
    </message>
    <message>
        <source>%1 reports by other players name %2.</source>
        <translation>其他玩家有 %1 条举报指向 %2。</translation>
    </message>
    <message>
        <source>The reports concern %1 games.</source>
        <translation>举报涉及 %1 局。</translation>
    </message>
    <message>
        <source>%1&apos;s fit lies %2 standard deviations from the mean of all players of the ruleset.</source>
        <translation>%1 的吻合度偏离该规则全体玩家均值 %2 个标准差。</translation>
    </message>
    <message>
        <source>%1 = %2.</source>
        <translation>%1 = %2。</translation>
    </message>
    <message numerus="yes">
        <source>Case %1 (%2) is about %3 in %4: %n game(s), priority %5.</source>
        <translation>
            <numerusform>案件 %1（%2）涉及%4规则下的 %3：共 %n 局，优先级 %5。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2, score %3)</source>
        <translation>%1（%2，得分 %3）</translation>
    </message>
    <message numerus="yes">
        <source>It rests on %n flag(s): %1.</source>
        <translation>
            <numerusform>依据 %n 个标记：%1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Evidence: %n marked move(s), in %1 games.</source>
        <translation>
            <numerusform>证据：%1 局中被标记的 %n 步。</numerusform>
        </translation>
    </message>
    <message>
        <source>Verdict: %1.</source>
        <translation>裁决：%1。</translation>
    </message>
    <message>
        <source>Verdict: %1 (no decision yet).</source>
        <translation>裁决：%1（尚未裁决）。</translation>
    </message>
    <message>
        <source>Cannot read the pseudonym key %1.</source>
        <translation>无法读取化名密钥 %1。</translation>
    </message>
    <message>
        <source>Cannot create the pseudonym key %1: %2</source>
        <translation>无法创建化名密钥 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>Discarded</source>
        <translation>打出</translation>
    </message>
    <message>
        <source>Predicted set</source>
        <translation>预测集合</translation>
    </message>
    <message>
        <source>Engine&apos;s choice</source>
        <translation>引擎选择</translation>
    </message>
    <message>
        <source>Case report: case %1</source>
        <translation>案件报告：案件 %1</translation>
    </message>
    <message>
        <source>Anonymised: player ids are replaced by pseudonyms that stay the same across the reports of this database.</source>
        <translation>已匿名：玩家 ID 已换成化名，同一数据库的各份报告中化名保持一致。</translation>
    </message>
    <message>
        <source>Summary and verdict</source>
        <translation>概要与裁决</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>局数</translation>
    </message>
    <message>
        <source>Players and their history</source>
        <translation>玩家及其历史</translation>
    </message>
    <message>
        <source>f_u is the player&apos;s mean agreement with the engine over qualifying games (1 = always the engine&apos;s choice); the last 10, 25 and 50 show the same over the latest games, so a change of play stands out.</source>
        <translation>f_u 是玩家在计入牌局中与引擎一致的平均程度（1 = 总是引擎的选择）；最近 10、25、50 局是同一指标在最新牌局上的值，打法一变便看得出来。</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>Qualifying</source>
        <translation>计入局数</translation>
    </message>
    <message>
        <source>Last 10</source>
        <translation>最近 10 局</translation>
    </message>
    <message>
        <source>Last 25</source>
        <translation>最近 25 局</translation>
    </message>
    <message>
        <source>Last 50</source>
        <translation>最近 50 局</translation>
    </message>
    <message>
        <source>History of %1</source>
        <translation>%1 的历史</translation>
    </message>
    <message>
        <source>Flags and statistics</source>
        <translation>标记与统计</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>p-value</source>
        <translation>p 值</translation>
    </message>
    <message>
        <source>q-value</source>
        <translation>q 值</translation>
    </message>
    <message>
        <source>%1 (corrected for the number of pairs tested; the flag needs less than %2)</source>
        <translation>%1（已按检验的玩家对数校正；标记要求低于 %2）</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no, the latest analysis no longer raises it</source>
        <translation>否，最近一次分析已不再触发</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message numerus="yes">
        <source>%n marked move(s)</source>
        <translation>
            <numerusform>被标记的 %n 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n game(s)</source>
        <translation>
            <numerusform>%n 局</numerusform>
        </translation>
    </message>
    <message>
        <source>Statistic</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>Evidence games</source>
        <translation>证据牌局</translation>
    </message>
    <message>
        <source>This case has no evidence games.</source>
        <translation>本案件没有证据牌局。</translation>
    </message>
    <message>
        <source>Game %1</source>
        <translation>牌局 %1</translation>
    </message>
    <message>
        <source>match %1</source>
        <translation>对局 %1</translation>
    </message>
    <message>
        <source>read from %1</source>
        <translation>读自 %1</translation>
    </message>
    <message>
        <source>No marked moves: the whole game counts toward the flag.</source>
        <translation>没有被标记的步：整局都计入标记。</translation>
    </message>
    <message>
        <source>The game could not be opened: %1</source>
        <translation>无法打开该牌局：%1</translation>
    </message>
    <message>
        <source>seat %1 %2 (game fit %3)</source>
        <translation>%1 号位 %2（单局吻合度 %3）</translation>
    </message>
    <message>
        <source>Op %1: %2&apos;s discard #%3</source>
        <translation>第 %1 步：%2 的第 %3 张舍牌</translation>
    </message>
    <message>
        <source>Op %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>The board of game %1 at op %2</source>
        <translation>牌局 %1 第 %2 步时的牌桌</translation>
    </message>
    <message>
        <source>Engine rank</source>
        <translation>引擎排名</translation>
    </message>
    <message>
        <source>#%1 of %2 (in the choice set)</source>
        <translation>第 %1 / %2（在引擎选择内）</translation>
    </message>
    <message>
        <source>#%1 of %2</source>
        <translation>第 %1 / %2</translation>
    </message>
    <message>
        <source>Value lost</source>
        <translation>损失价值</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>吻合度</translation>
    </message>
    <message>
        <source>%1 (weight %2)</source>
        <translation>%1（权重 %2）</translation>
    </message>
    <message>
        <source>%1 (not counted)</source>
        <translation>%1（不计入）</translation>
    </message>
    <message>
        <source>Not taken</source>
        <translation>无人要</translation>
    </message>
    <message>
        <source>Dealt in: %1 won on it</source>
        <translation>点炮：%1 胡了这张</translation>
    </message>
    <message>
        <source>Taken by %1</source>
        <translation>被 %1 要走</translation>
    </message>
    <message>
        <source>off-prediction: a feed</source>
        <translation>预测外：喂牌</translation>
    </message>
    <message>
        <source>off-prediction</source>
        <translation>预测外</translation>
    </message>
    <message>
        <source>strong evidence on its own</source>
        <translation>单凭此项即为有力证据</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message numerus="yes">
        <source>%n more marked move(s) are not pictured; the JSON report lists every one.</source>
        <translation>
            <numerusform>另有被标记的 %n 步未配图；JSON 报告列出了全部。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n more evidence game(s) are not shown; the JSON report lists every one.</source>
        <translation>
            <numerusform>另有 %n 局证据牌局未列出；JSON 报告列出了全部。</numerusform>
        </translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>裁决记录</translation>
    </message>
    <message>
        <source>No decision has been recorded on this case.</source>
        <translation>本案件尚无裁决记录。</translation>
    </message>
    <message>
        <source>Moderator</source>
        <translation>审查员</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>flag %1</source>
        <translation>标记 %1</translation>
    </message>
    <message>
        <source>whole case</source>
        <translation>整个案件</translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation>审计日志</translation>
    </message>
    <message>
        <source>Each row of the audit log carries the hash of the row before it, so a changed or removed row breaks the chain.</source>
        <translation>审计日志的每一行都带有上一行的哈希值，任何一行被改动或删除，链条就会断开。</translation>
    </message>
    <message>
        <source>No audit rows concern this case.</source>
        <translation>没有与本案件相关的审计记录。</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>执行者</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Hash</source>
        <translation>哈希</translation>
    </message>
    <message>
        <source>About this report</source>
        <translation>关于本报告</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>程序</translation>
    </message>
    <message>
        <source>Generated (UTC)</source>
        <translation>生成时间（UTC）</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>Engine and method</source>
        <translation>引擎与方法</translation>
    </message>
    <message>
        <source>flag line %1 over at least %2 games; a game counts with %3 counted discards; collusion q below %4</source>
        <translation>标记线 %1，至少 %2 局；一局有 %3 张计入的舍牌才计入；串通 q 值低于 %4</translation>
    </message>
    <message>
        <source>Cannot start the PDF: %1</source>
        <translation>无法生成 PDF：%1</translation>
    </message>
    <message>
        <source>TileWatch case report · case %1</source>
        <translation>TileWatch 案件报告 · 案件 %1</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>第 %1 / %2 页</translation>
    </message>
    <message>
        <source>all rulesets</source>
        <translation>所有规则</translation>
    </message>
    <message>
        <source>The reports come from %1 different players.</source>
        <translation>举报来自 %1 名不同的玩家。</translation>
    </message>
    <message>
        <source>%1 · %2 · generated %3 · TileWatch %4</source>
        <translation>%1 · %2 · 生成于 %3 · TileWatch %4</translation>
    </message>
    <message>
        <source>Move %1: %2</source>
        <translation>第 %1 步：%2</translation>
    </message>
    <message>
        <source>The board of game %1 after move %2</source>
        <translation>对局 %1 第 %2 步后的棋盘</translation>
    </message>
    <message>
        <source>Played</source>
        <translation>实际着法</translation>
    </message>
    <message>
        <source>Engine&apos;s move</source>
        <translation>引擎着法</translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation>未分析</translation>
    </message>
    <message>
        <source>Score before → after</source>
        <translation>走前 → 走后评分</translation>
    </message>
    <message>
        <source>%1 (account %2)</source>
        <translation>%1（账户 %2）</translation>
    </message>
    <message>
        <source>The audit trail verifies.</source>
        <translation>审计记录校验通过。</translation>
    </message>
    <message>
        <source>The audit trail does not verify: %1. What this report shows may have been changed behind the program&apos;s back.</source>
        <translation>审计记录校验未通过：%1。本报告所示内容可能已在程序之外被改动。</translation>
    </message>
    <message>
        <source>Names and ids longer than %1 characters, and texts longer than %2, are cut short here (…); the JSON report has them whole.</source>
        <translation>超过 %1 个字符的名字和 ID、超过 %2 个字符的文字在此截短（…）；JSON 报告保留全文。</translation>
    </message>
    <message>
        <source>%1 (corrected for the number of players; every complaint reaches the queue, ranked by it)</source>
        <translation>%1（已按玩家数校正；每条举报都会进入队列，按此排序）</translation>
    </message>
    <message>
        <source>%1 (corrected for each player&apos;s tests, all games and the latest-games windows, and for the number of players tested; the flag needs at most %2)</source>
        <translation>%1（已按每名玩家的检验次数——全部对局及最近对局窗口——和受检玩家数校正；标记需不超过 %2）</translation>
    </message>
    <message>
        <source>%1 played %2 games.</source>
        <translation>%1 共打了 %2 局。</translation>
    </message>
    <message>
        <source>Reports per player and game in the whole population: %1.</source>
        <translation>全体玩家每人每局的举报率：%1。</translation>
    </message>
    <message>
        <source>Reports a player with as many games would get at that rate: %1.</source>
        <translation>按此举报率，同样局数的玩家预期被举报次数：%1。</translation>
    </message>
    <message>
        <source>log10 of the chance of this many reports at the population&apos;s rate: %1.</source>
        <translation>按总体举报率出现这么多举报的概率的 log10：%1。</translation>
    </message>
    <message>
        <source>The same after the correction for the number of players (Benjamini–Hochberg): %1.</source>
        <translation>按玩家数校正（Benjamini–Hochberg）后的同一数值：%1。</translation>
    </message>
    <message>
        <source>%1 of %2&apos;s discards were counted: every one with a real choice, however forced, weighted by the model.</source>
        <translation>%2 的舍牌中计入 %1 个：凡有真正选择的都计入，接近被迫的由模型赋予很小的权重。</translation>
    </message>
    <message>
        <source>%1 of them were the engine&apos;s own choice.</source>
        <translation>其中 %1 个正是引擎的选择。</translation>
    </message>
    <message>
        <source>Give or take %1 (one standard deviation).</source>
        <translation>上下浮动 %1（一个标准差）。</translation>
    </message>
    <message>
        <source>The matches lie %1 standard deviations above that expectation.</source>
        <translation>一致次数高出预期 %1 个标准差。</translation>
    </message>
    <message>
        <source>Value %1 lost against the engine&apos;s choices, in fit units: %2.</source>
        <translation>%1 相对引擎选择损失的价值（吻合度单位）：%2。</translation>
    </message>
    <message>
        <source>%1 lost %2 standard deviations less than that.</source>
        <translation>%1 的损失比这少 %2 个标准差。</translation>
    </message>
    <message>
        <source>log10 of the player&apos;s p-value after that correction: %1.</source>
        <translation>校正后该玩家 p 值的 log10：%1。</translation>
    </message>
    <message>
        <source>log10 of the q-value, corrected also for every player tested (Benjamini–Hochberg): %1. The flag needs at most %2.</source>
        <translation>再按全部受检玩家校正（Benjamini–Hochberg）后 q 值的 log10：%1。标记需不超过 %2。</translation>
    </message>
    <message>
        <source>The window of latest games that stands out most: %1 games.</source>
        <translation>最突出的最近对局窗口：%1 局。</translation>
    </message>
    <message>
        <source>Counted decisions in that window: %1.</source>
        <translation>该窗口中计入的决策：%1。</translation>
    </message>
    <message>
        <source>Engine matches in that window: %1.</source>
        <translation>该窗口中与引擎一致：%1 次。</translation>
    </message>
    <message>
        <source>Give or take %1 there.</source>
        <translation>在此上下浮动 %1。</translation>
    </message>
    <message>
        <source>The window&apos;s matches lie %1 standard deviations above.</source>
        <translation>该窗口的一致次数高出 %1 个标准差。</translation>
    </message>
    <message>
        <source>log10 of that window&apos;s own p-value: %1.</source>
        <translation>该窗口自身 p 值的 log10：%1。</translation>
    </message>
    <message>
        <source>The model&apos;s sensitivity s = %1: an option losing s is chosen e^−1 times as often as the best.</source>
        <translation>模型的敏感度 s = %1：损失为 s 的选项被选中的频率是最佳选项的 e^−1 倍。</translation>
    </message>
    <message>
        <source>The model&apos;s consistency c = %1: how sharply bigger losses are avoided.</source>
        <translation>模型的一致性 c = %1：越大的损失被避开得越果断。</translation>
    </message>
    <message>
        <source>The seed&apos;s method: %1 games of %2 count toward the fit (at least %3 are needed for an engine-assist flag).</source>
        <translation>种子方法：%2 有 %1 局计入吻合度（引擎辅助标记至少需要 %3 局）。</translation>
    </message>
    <message>
        <source>The seed&apos;s method: f_u = %1: how closely %2&apos;s discards agree with the engine over those games (1 = always the engine&apos;s choice); the flag line is %3.</source>
        <translation>种子方法：f_u = %1：这些对局中 %2 的舍牌与引擎的吻合程度（1 = 总是引擎的选择）；标记线为 %3。</translation>
    </message>
    <message>
        <source>The seed&apos;s method: the same agreement over %1&apos;s latest 10 games: %2.</source>
        <translation>种子方法：%1 最近 10 局的同一吻合度：%2。</translation>
    </message>
    <message>
        <source>The seed&apos;s method: the same agreement over %1&apos;s latest 25 games: %2.</source>
        <translation>种子方法：%1 最近 25 局的同一吻合度：%2。</translation>
    </message>
    <message>
        <source>The seed&apos;s method: the same agreement over %1&apos;s latest 50 games: %2.</source>
        <translation>种子方法：%1 最近 50 局的同一吻合度：%2。</translation>
    </message>
    <message>
        <source>The seed&apos;s method: %1&apos;s fit lies %2 standard deviations from the mean of all players of the ruleset; strong honest players also sit high.</source>
        <translation>种子方法：%1 的吻合度偏离该规则全体玩家均值 %2 个标准差；强的诚实玩家也会偏高。</translation>
    </message>
    <message>
        <source>In words</source>
        <translation>文字说明</translation>
    </message>
    <message>
        <source>%1 (−log10 of the q-value: the queue&apos;s one scale)</source>
        <translation>%1（q 值的 −log10：队列统一的尺度）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 players form the ring.</source>
        <translation>团伙由 %1 名玩家组成。</translation>
    </message>
    <message>
        <source>%1 of its pairs are flagged on their own.</source>
        <translation>其中 %1 对单独被标记。</translation>
    </message>
    <message>
        <source>Its pairs sat together in %1 games, counted per pair.</source>
        <translation>各对同桌的局数（按对累计）：%1。</translation>
    </message>
    <message>
        <source>%1 off-prediction discards could have fed a partner: the giver held a safe alternative and the receiver&apos;s wait did not cover nearly every tile.</source>
        <translation>%1 张预测外舍牌可能构成喂牌：出牌者手中有安全的替代牌，且接牌者的听牌并非几乎听所有牌。</translation>
    </message>
    <message>
        <source>Honest players&apos; games vary %1 times as much as independent decisions would; the test&apos;s variance is widened by it.</source>
        <translation>诚实玩家各局之间的波动是独立决策的 %1 倍；检验的方差按此放大。</translation>
    </message>
    <message>
        <source>predicted chance of a match</source>
        <translation>预测的一致概率</translation>
    </message>
    <message>
        <source>observed</source>
        <translation>实际</translation>
    </message>
    <message>
        <source>Decision model: %1</source>
        <translation>决策模型：%1</translation>
    </message>
    <message>
        <source>Fitted</source>
        <translation>拟合</translation>
    </message>
    <message>
        <source>%1 on %2 players and %3 decisions, %4</source>
        <translation>%1，基于 %2 名玩家、%3 个决策，%4</translation>
    </message>
    <message>
        <source>by the analysis itself</source>
        <translation>由分析自身校准</translation>
    </message>
    <message>
        <source>with tilewatch-cli calibrate</source>
        <translation>用 tilewatch-cli calibrate 校准</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>s %1, c %2, dispersion between games %3</source>
        <translation>s %1，c %2，各局间离散度 %3</translation>
    </message>
    <message>
        <source>Reliability of %1</source>
        <translation>%1 的可靠性</translation>
    </message>
    <message>
        <source>Each point: the strongest honest players&apos; decisions of one difficulty, by the model&apos;s chance of an engine match (across) against how often they matched (up); on the diagonal the model is exact, and the point&apos;s size is its share of decisions.</source>
        <translation>每个点：最强的诚实玩家在某一难度下的决策，横轴为模型给出的与引擎一致的概率，纵轴为实际一致的频率；点落在对角线上表示模型准确，点的大小表示该难度决策所占的比例。</translation>
    </message>
    <message>
        <source>%1 of %2&apos;s moves were counted (past the opening, from positions the mover did not stand to lose), each against the engine&apos;s top lines.</source>
        <translation>%2 的着法中有 %1 步计入（开局之后、走棋方未处于劣势的局面），每步都与引擎的前几条变例比较。</translation>
    </message>
    <message>
        <source>Value %1 lost against the engine&apos;s choices, in pawns: %2.</source>
        <translation>%1 相对引擎选择损失的价值（以兵为单位）：%2。</translation>
    </message>
    <message>
        <source>Counted moves in that window: %1.</source>
        <translation>该窗口中计入的着法：%1。</translation>
    </message>
    <message>
        <source>The seed&apos;s method: f_u = %1: how little %2&apos;s moves lose against the engine&apos;s score over those games (1 = never worse than its expectation); the flag line is %3.</source>
        <translation>种子方法：f_u = %1：在这些对局中 %2 的着法相对引擎评分损失多少（1 = 从不差于引擎的预期）；标记线为 %3。</translation>
    </message>
    <message>
        <source>given on the command line (scan --xq-model)</source>
        <translation>在命令行中给定（scan --xq-model）</translation>
    </message>
    <message>
        <source>The window of latest games that stands out most against %1&apos;s own earlier games: %2 games.</source>
        <translation>相对于 %1 自己以前的对局最突出的最近对局窗口：%2 局。</translation>
    </message>
    <message>
        <source>Expected at the level %1 played at in the earlier games: %2.</source>
        <translation>按 %1 在以前对局中的水平预期：%2。</translation>
    </message>
    <message>
        <source>Give or take %1 there (widened as much as honest players&apos; games vary, and for the earlier level being itself measured).</source>
        <translation>该处上下浮动 %1（按诚实玩家对局的波动放宽，并考虑到以前的水平本身也是估计值）。</translation>
    </message>
    <message>
        <source>The window&apos;s matches lie %1 standard deviations above the player&apos;s own earlier level.</source>
        <translation>该窗口的一致次数高出该玩家自己以前水平 %1 个标准差。</translation>
    </message>
    <message>
        <source>log10 of that comparison&apos;s own p-value: %1.</source>
        <translation>该比较自身 p 值的 log10：%1。</translation>
    </message>
    <message>
        <source>The most an honest player&apos;s games vary at its own level, as a multiple of independent decisions: %1 (the latest games are compared with the earlier ones with it).</source>
        <translation>诚实玩家在其自身水平上对局波动的上限，以独立决策的倍数表示：%1（最近的对局与以前的对局比较时使用）。</translation>
    </message>
    <message>
        <source>Tests made of this player (all games; each window of latest games against the model and against the player&apos;s own earlier games): %1; the p-value is corrected for them.</source>
        <translation>对该玩家所做的检验（全部对局；最近对局的每个窗口分别对照模型和该玩家自己以前的对局）：%1；p 值已按此校正。</translation>
    </message>
    <message>
        <source>%1 (decided on this flag)</source>
        <translation>%1（针对此标记的裁决）</translation>
    </message>
    <message>
        <source>%1 (the case&apos;s verdict; no decision on this flag alone)</source>
        <translation>%1（案件的裁决；未单独对此标记作出裁决）</translation>
    </message>
    <message>
        <source>%1 row %2</source>
        <translation>%1 第 %2 行</translation>
    </message>
    <message>
        <source>%1 rows %2–%3</source>
        <translation>%1 第 %2–%3 行</translation>
    </message>
    <message>
        <source>vouches for %1 (every column hashed)</source>
        <translation>为 %1 作证（每一列都计入哈希）</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Last change (UTC)</source>
        <translation>最后更新（UTC）</translation>
    </message>
    <message>
        <source>Time (UTC)</source>
        <translation>时间（UTC）</translation>
    </message>
    <message>
        <source>The database on the server holds no pseudonym key; ask its owner to open it once with this version.</source>
        <translation>服务器上的数据库没有化名密钥；请其所有者用此版本打开一次。</translation>
    </message>
    <message>
        <source>The reference model (the strongest honest band it was fitted on) would make %1 such matches in the same positions.</source>
        <translation>参考模型（其拟合人群中最强的诚实一档）在相同局面下会有 %1 次这样的一致。</translation>
    </message>
    <message>
        <source>log10 of the chance of at least this many matches under the reference model: %1.</source>
        <translation>参考模型下至少这么多次一致的概率（log10）：%1。</translation>
    </message>
    <message>
        <source>The reference model would lose %1 in the same positions.</source>
        <translation>参考模型在相同局面下会损失 %1。</translation>
    </message>
    <message>
        <source>Expected of the reference model there: %1.</source>
        <translation>参考模型在该窗口的预期：%1。</translation>
    </message>
    <message>
        <source>Counted decisions of %1 whose records carry a think time: %2.</source>
        <translation>%1 的计入决策中带有思考时间的：%2 个。</translation>
    </message>
    <message>
        <source>How much longer %1 takes on harder decisions (the slope of ln think time on difficulty): %2.</source>
        <translation>%1 在更难的决策上多花的时间（ln 思考时间对难度的斜率）：%2。</translation>
    </message>
    <message>
        <source>Give or take %1 (its standard error).</source>
        <translation>误差 %1（标准误）。</translation>
    </message>
    <message>
        <source>The floor an honest player is tested against: a quarter of the population&apos;s median slope, %1.</source>
        <translation>诚实玩家所对照的下限：人群中位斜率的四分之一，%1。</translation>
    </message>
    <message>
        <source>The slope lies %1 standard errors from that floor (negative: below it).</source>
        <translation>斜率距该下限 %1 个标准误（负值：低于下限）。</translation>
    </message>
    <message>
        <source>log10 of the chance of a slope this low at the floor: %1.</source>
        <translation>在下限处出现如此低斜率的概率（log10）：%1。</translation>
    </message>
    <message>
        <source>Counted decisions where the lookahead engine&apos;s best lies outside the one-step engine&apos;s choice: %1.</source>
        <translation>前瞻引擎的最佳打法不在一步引擎选择集内的计入决策：%1 个。</translation>
    </message>
    <message>
        <source>Of them, %1 where %2 played the lookahead&apos;s best.</source>
        <translation>其中 %2 打出前瞻引擎最佳牌的有 %1 个。</translation>
    </message>
    <message>
        <source>The lookahead&apos;s value of %1&apos;s discards there, less the most an honest player guided by the one-step values can expect: %2 of a win.</source>
        <translation>%1 在这些决策上打牌的前瞻价值，减去依一步价值行事的诚实玩家最多可预期的：%2 个和牌概率。</translation>
    </message>
    <message>
        <source>That excess in standard deviations of the bound: %1.</source>
        <translation>该超出量以界的标准差计：%1。</translation>
    </message>
    <message>
        <source>log10 of the chance of such an excess from any such honest player (Freedman&apos;s bound): %1.</source>
        <translation>任何这类诚实玩家出现如此超出量的概率（log10，Freedman 界）：%1。</translation>
    </message>
    <message>
        <source>%1 (corrected for the number of pairs that met; the flag needs less than %2)</source>
        <translation>%1（已按同桌过的玩家对数校正；标记要求低于 %2）</translation>
    </message>
    <message>
        <source>%1 of its pairs pass a looser line on their own (q below 0.05).</source>
        <translation>其中 %1 对单独达到较宽的标准（q 低于 0.05）。</translation>
    </message>
    <message>
        <source>%1 times %2 took an off-prediction discard of %3 at once: feeds the other way.</source>
        <translation>%2 立即拿走 %3 的预测外舍牌 %1 次：反方向的喂牌。</translation>
    </message>
    <message>
        <source>%1 off-prediction discards of %2 could have fed %3.</source>
        <translation>%2 的 %1 张预测外舍牌可能喂给 %3。</translation>
    </message>
    <message>
        <source>Feeds expected among them if each fed them at the rate it feeds everyone else and took from them at the rate it takes from everyone else (the larger of the two): %1.</source>
        <translation>若每人给他们喂牌的比率与给其他所有玩家的相同、从他们接牌的比率与从其他所有玩家的相同，他们之间预计的喂牌次数（取两者中较大者）：%1。</translation>
    </message>
    <message>
        <source>The chance of this many feeds among them if each player fed them no more often than it feeds the other players (exact, given each one&apos;s own feeds): %1.</source>
        <translation>若每名玩家给他们喂牌不比给其他玩家更频繁，出现这么多次喂牌的概率（精确计算，以各人自己的喂牌总数为条件）：%1。</translation>
    </message>
    <message>
        <source>The chance of this many feeds among them if each player took from them no more often than it takes from the other players (exact): %1.</source>
        <translation>若每名玩家从他们接牌不比从其他玩家更频繁，出现这么多次喂牌的概率（精确计算）：%1。</translation>
    </message>
    <message>
        <source>Shared games expected if players were seated at random: %1.</source>
        <translation>随机入座时预计的同桌局数：%1。</translation>
    </message>
    <message>
        <source>The chance of sitting together this often if players were seated at random: %1.</source>
        <translation>随机入座时同桌如此频繁的概率：%1。</translation>
    </message>
    <message>
        <source>Three of them were tested as one group: every feed among the three counts, none as a feed to others.</source>
        <translation>其中三人作为一个团伙检验：三人之间的每次喂牌都计入，不算作喂给他人。</translation>
    </message>
    <message>
        <source>The ring was joined from pairs; no three of them were tested as one group.</source>
        <translation>该团伙由被标记的玩家对连成；没有三人作为一个团伙检验。</translation>
    </message>
    <message>
        <source>%1 feeds among the three tested as a group, every way.</source>
        <translation>作为团伙检验的三人之间各方向共喂牌 %1 次。</translation>
    </message>
    <message>
        <source>%1 off-prediction discards of one of the three could have fed another of them.</source>
        <translation>三人中一人的 %1 张预测外舍牌可能喂给另一人。</translation>
    </message>
    <message>
        <source>%1 (the seed&apos;s z: no calibrated error rate; the queue puts it at %2)</source>
        <translation>%1（种子方法的 z：没有校准的错误率；队列中记为 %2）</translation>
    </message>
    <message>
        <source>Games of %1 whose think times could be set against difficulty: %2.</source>
        <translation>%1 可将思考时间与难度对照的对局：%2。</translation>
    </message>
    <message>
        <source>How far those games differ in how their times follow difficulty, in multiples of what one slope in every game allows: %1.</source>
        <translation>这些对局在时间随难度变化方式上的差异，以每局同一斜率所允许的倍数计：%1。</translation>
    </message>
    <message>
        <source>The most an honest player is allowed: 1.5 times the population&apos;s median player, %1.</source>
        <translation>诚实玩家允许的最大值：群体中位玩家的 1.5 倍，%1。</translation>
    </message>
    <message>
        <source>The spread lies %1 standard errors from that ceiling (positive: beyond it).</source>
        <translation>该离散度距上限 %1 个标准误（正值：超出上限）。</translation>
    </message>
    <message>
        <source>log10 of the chance of a spread this wide at the ceiling: %1.</source>
        <translation>在上限处出现如此大离散度的概率的 log10：%1。</translation>
    </message>
    <message>
        <source>Games of %1 with both think times and engine matches to compare: %2.</source>
        <translation>%1 同时有思考时间和引擎一致可比较的对局：%2。</translation>
    </message>
    <message>
        <source>That correlation in standard errors of a player in whom the two are unrelated: %1.</source>
        <translation>以两者无关的玩家的标准误计的该相关：%1。</translation>
    </message>
    <message>
        <source>%1: reported by another player</source>
        <translation>%1：被其他玩家举报</translation>
    </message>
    <message>
        <source>%1: the seed&apos;s line, f_u at or above %2 over at least %3 games (no calibrated error rate)</source>
        <translation>%1：种子方法的线，至少 %3 局的 f_u 不低于 %2（无校准的误差率）</translation>
    </message>
    <message>
        <source>%1: q at most %2</source>
        <translation>%1：q 不超过 %2</translation>
    </message>
    <message>
        <source>%1: q at most %2, tested against %3</source>
        <translation>%1：q 不超过 %2，对照 %3 检验</translation>
    </message>
    <message>
        <source>Raised by</source>
        <translation>触发依据</translation>
    </message>
    <message>
        <source>Thresholds in force</source>
        <translation>生效的阈值</translation>
    </message>
    <message>
        <source>Rank correlation, over those games and with their make-up taken out, of the share of engine matches with how much the times followed difficulty (either sign: a relay&apos;s choices may match more or less than the player&apos;s own): %1.</source>
        <translation>在这些对局中（已剔除对局构成的影响），引擎一致比例与时间随难度变化程度之间的秩相关（正负皆可：中继的选择可能比玩家自己的更一致或更不一致）：%1。</translation>
    </message>
    <message>
        <source>log10 of the chance of a correlation this far from 0 where the two are unrelated: %1.</source>
        <translation>两者无关时出现离 0 这么远的相关的概率的 log10：%1。</translation>
    </message>
    <message>
        <source>Counted decisions</source>
        <translation>计入的决策数</translation>
    </message>
    <message>
        <source>Discards</source>
        <translation>打出数</translation>
    </message>
    <message>
        <source>Expected feeds</source>
        <translation>预期喂牌数</translation>
    </message>
    <message>
        <source>Expected value lost</source>
        <translation>预期价值损失</translation>
    </message>
    <message>
        <source>Expected engine matches</source>
        <translation>预期引擎吻合数</translation>
    </message>
    <message>
        <source>Expected reports</source>
        <translation>预期举报数</translation>
    </message>
    <message>
        <source>Expected shared games</source>
        <translation>预期同桌局数</translation>
    </message>
    <message>
        <source>Feeds</source>
        <translation>喂牌数</translation>
    </message>
    <message>
        <source>Feeds back</source>
        <translation>反向喂牌数</translation>
    </message>
    <message>
        <source>Feeds to others</source>
        <translation>喂给他人数</translation>
    </message>
    <message>
        <source>Fit, latest 10 games</source>
        <translation>吻合度（最近10局）</translation>
    </message>
    <message>
        <source>Fit, latest 25 games</source>
        <translation>吻合度（最近25局）</translation>
    </message>
    <message>
        <source>Fit, latest 50 games</source>
        <translation>吻合度（最近50局）</translation>
    </message>
    <message>
        <source>Flagged pairs</source>
        <translation>被标记的组合数</translation>
    </message>
    <message>
        <source>Games of the first</source>
        <translation>前者局数</translation>
    </message>
    <message>
        <source>Games played</source>
        <translation>已玩局数</translation>
    </message>
    <message>
        <source>Games of the second</source>
        <translation>后者局数</translation>
    </message>
    <message>
        <source>Feeds within the ring</source>
        <translation>团伙内喂牌数</translation>
    </message>
    <message>
        <source>Chances within the ring</source>
        <translation>团伙内机会数</translation>
    </message>
    <message>
        <source>Linked pairs</source>
        <translation>关联组合数</translation>
    </message>
    <message>
        <source>log10 p</source>
        <translation>log10 p 值</translation>
    </message>
    <message>
        <source>log10 p of the matches</source>
        <translation>吻合的 log10 p</translation>
    </message>
    <message>
        <source>log10 q</source>
        <translation>log10 q 值</translation>
    </message>
    <message>
        <source>Lookahead decisions</source>
        <translation>前瞻决策数</translation>
    </message>
    <message>
        <source>Lookahead excess</source>
        <translation>前瞻超出量</translation>
    </message>
    <message>
        <source>Lookahead log10 p</source>
        <translation>前瞻 log10 p</translation>
    </message>
    <message>
        <source>Lookahead matches</source>
        <translation>前瞻吻合数</translation>
    </message>
    <message>
        <source>Lookahead z</source>
        <translation>前瞻 z</translation>
    </message>
    <message>
        <source>Engine matches</source>
        <translation>引擎吻合数</translation>
    </message>
    <message>
        <source>Members</source>
        <translation>成员数</translation>
    </message>
    <message>
        <source>Model c</source>
        <translation>模型 c</translation>
    </message>
    <message>
        <source>Model dispersion</source>
        <translation>模型离散度</translation>
    </message>
    <message>
        <source>Dispersion ceiling</source>
        <translation>离散度上限</translation>
    </message>
    <message>
        <source>Model s</source>
        <translation>模型 s</translation>
    </message>
    <message>
        <source>Off-prediction discards</source>
        <translation>预测外打出数</translation>
    </message>
    <message>
        <source>Chances to feed</source>
        <translation>喂牌机会数</translation>
    </message>
    <message>
        <source>Chances to feed back</source>
        <translation>反向喂牌机会数</translation>
    </message>
    <message>
        <source>p of the feeder</source>
        <translation>喂牌方 p 值</translation>
    </message>
    <message>
        <source>p against the population</source>
        <translation>对总体的 p 值</translation>
    </message>
    <message>
        <source>p of the receiver</source>
        <translation>接牌方 p 值</translation>
    </message>
    <message>
        <source>p of the seating</source>
        <translation>同桌 p 值</translation>
    </message>
    <message>
        <source>p of the share</source>
        <translation>占比 p 值</translation>
    </message>
    <message>
        <source>Shared games of the pairs</source>
        <translation>各组合同桌局数</translation>
    </message>
    <message>
        <source>Report rate</source>
        <translation>举报率</translation>
    </message>
    <message>
        <source>Reporters</source>
        <translation>举报人数</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>举报数</translation>
    </message>
    <message>
        <source>Spread of the matches</source>
        <translation>吻合数标准差</translation>
    </message>
    <message>
        <source>Shared games</source>
        <translation>同桌局数</translation>
    </message>
    <message>
        <source>Shift: decisions</source>
        <translation>变化：决策数</translation>
    </message>
    <message>
        <source>Shift: expected matches</source>
        <translation>变化：预期吻合数</translation>
    </message>
    <message>
        <source>Shift: games</source>
        <translation>变化：局数</translation>
    </message>
    <message>
        <source>Shift: log10 p</source>
        <translation>变化：log10 p</translation>
    </message>
    <message>
        <source>Shift: matches</source>
        <translation>变化：吻合数</translation>
    </message>
    <message>
        <source>Shift: spread</source>
        <translation>变化：标准差</translation>
    </message>
    <message>
        <source>Shift: z</source>
        <translation>变化：z</translation>
    </message>
    <message>
        <source>Tested as a ring</source>
        <translation>按团伙检验</translation>
    </message>
    <message>
        <source>Tests</source>
        <translation>检验次数</translation>
    </message>
    <message>
        <source>Timed decisions</source>
        <translation>计时决策数</translation>
    </message>
    <message>
        <source>Think-time floor</source>
        <translation>思考时间下限</translation>
    </message>
    <message>
        <source>Think time: log10 p</source>
        <translation>思考时间：log10 p</translation>
    </message>
    <message>
        <source>Time and matches: games</source>
        <translation>时间与吻合：局数</translation>
    </message>
    <message>
        <source>Time and matches: log10 p</source>
        <translation>时间与吻合：log10 p</translation>
    </message>
    <message>
        <source>Time and matches: rho</source>
        <translation>时间与吻合：rho</translation>
    </message>
    <message>
        <source>Time and matches: z</source>
        <translation>时间与吻合：z</translation>
    </message>
    <message>
        <source>Think-time slope error</source>
        <translation>思考时间斜率误差</translation>
    </message>
    <message>
        <source>Think-time slope</source>
        <translation>思考时间斜率</translation>
    </message>
    <message>
        <source>Think-time spread</source>
        <translation>思考时间离散</translation>
    </message>
    <message>
        <source>Think-time spread ceiling</source>
        <translation>思考时间离散上限</translation>
    </message>
    <message>
        <source>Think-time spread: games</source>
        <translation>思考时间离散：局数</translation>
    </message>
    <message>
        <source>Think-time spread: log10 p</source>
        <translation>思考时间离散：log10 p</translation>
    </message>
    <message>
        <source>Think-time spread: z</source>
        <translation>思考时间离散：z</translation>
    </message>
    <message>
        <source>Think time: z</source>
        <translation>思考时间：z</translation>
    </message>
    <message>
        <source>Window: decisions</source>
        <translation>窗口：决策数</translation>
    </message>
    <message>
        <source>Window: expected matches</source>
        <translation>窗口：预期吻合数</translation>
    </message>
    <message>
        <source>Window: games</source>
        <translation>窗口：局数</translation>
    </message>
    <message>
        <source>Window: log10 p</source>
        <translation>窗口：log10 p</translation>
    </message>
    <message>
        <source>Window: matches</source>
        <translation>窗口：吻合数</translation>
    </message>
    <message>
        <source>Window: spread</source>
        <translation>窗口：标准差</translation>
    </message>
    <message>
        <source>Window: z</source>
        <translation>窗口：z</translation>
    </message>
    <message>
        <source>Wins on the pair&apos;s tiles</source>
        <translation>和对方牌次数</translation>
    </message>
    <message>
        <source>z</source>
        <translation>z 值</translation>
    </message>
    <message>
        <source>z of the value lost</source>
        <translation>价值损失 z</translation>
    </message>
    <message>
        <source>z of the matches</source>
        <translation>吻合 z</translation>
    </message>
    <message>
        <source>The player&apos;s fit</source>
        <translation>该玩家的吻合度</translation>
    </message>
    <message>
        <source>seat %1 %2 (no game fit: %3 counted moves, %4 needed)</source>
        <translation>座位 %1 %2（无整局吻合度：计入 %3 步，需要 %4 步）</translation>
    </message>
    <message>
        <source>%1 and %2 sat at the same table %3 times (the hands of one match once).</source>
        <translation>%1 与 %2 同桌 %3 次（同一场比赛的各局只计一次）。</translation>
    </message>
    <message>
        <source>Times at one table expected if every seat of %1&apos;s sittings were filled at random from the sittings of the other players of their pool (those they could meet): %2.</source>
        <translation>若 %1 每次入座的其余座位都从其玩家池（可能相遇的玩家）中其他玩家的入座里随机填充，预计同桌次数：%2。</translation>
    </message>
    <message>
        <source>%1 sat at a table %2 times.</source>
        <translation>%1 入座 %2 次。</translation>
    </message>
    <message>
        <source>Sanction in force: %1.</source>
        <translation>生效的处罚：%1。</translation>
    </message>
    <message>
        <source>Under appeal by %1 (recorded by %2, %3): %4. Only a lead decides it.</source>
        <translation>%1 提出申诉（由 %2 于 %3 记录）：%4。只有组长可以裁决。</translation>
    </message>
    <message>
        <source>The flags and evidence in this report are as they were at decision %1 (%2): the verdict rests on them, whatever later scans found.</source>
        <translation>本报告中的标记和证据为裁决 %1（%2）当时的样子：裁决以此为依据，与之后扫描的结果无关。</translation>
    </message>
    <message>
        <source>This case was opened after dismissed case %1: a scan found evidence beyond that dismissal.</source>
        <translation>此案件在已驳回的案件 %1 之后开立：扫描发现了超出该驳回所依据的证据。</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Appeal by %1: %2</source>
        <translation>%1 申诉：%2</translation>
    </message>
</context>
<context>
    <name>tw::ui::AppealDialog</name>
    <message>
        <source>Appeal against case %1</source>
        <translation>对案件 %1 的申诉</translation>
    </message>
    <message>
        <source>Case &lt;b&gt;%1&lt;/b&gt; (%2) is &lt;b&gt;%3&lt;/b&gt;.</source>
        <translation>案件 &lt;b&gt;%1&lt;/b&gt;（%2）当前为&lt;b&gt;%3&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>Sanction: %1.</source>
        <translation>处罚：%1。</translation>
    </message>
    <message>
        <source>The appeal opens the case again for a lead, who sees the evidence as it was at the decision; the sanction stays in force until the lead decides.</source>
        <translation>申诉将案件重新打开交由组长处理，组长看到的是裁决当时的证据；在组长裁决之前，处罚仍然有效。</translation>
    </message>
    <message>
        <source>Who appeals (the player, or who speaks for them)</source>
        <translation>申诉人（玩家本人或其代理人）</translation>
    </message>
    <message>
        <source>On what grounds</source>
        <translation>申诉理由</translation>
    </message>
    <message>
        <source>Record the appeal</source>
        <translation>记录申诉</translation>
    </message>
    <message>
        <source>Appellant:</source>
        <translation>申诉人：</translation>
    </message>
    <message>
        <source>Grounds:</source>
        <translation>理由：</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation>已取消：未写入任何内容。</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Appeal by %1 recorded: case %2 is open again for a lead.</source>
        <translation>已记录 %1 的申诉：案件 %2 已重新打开，交由组长处理。</translation>
    </message>
</context>
<context>
    <name>tw::ui::CaseQueueView</name>
    <message>
        <source>All statuses</source>
        <translation>全部状态</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>全部类型</translation>
    </message>
    <message>
        <source>Player id</source>
        <translation>玩家 ID</translation>
    </message>
    <message>
        <source>Cases: %1</source>
        <translation>案件：%1</translation>
    </message>
</context>
<context>
    <name>tw::ui::ChoiceBars</name>
    <message>
        <source>ready</source>
        <translation>已听牌</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>差 %n 步</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n tile(s)</source>
        <translation>
            <numerusform>%1 · %n 张进张</numerusform>
        </translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>played</source>
        <translation>打出</translation>
    </message>
</context>
<context>
    <name>tw::ui::DecisionPanel</name>
    <message>
        <source>What the verdict applies to: the whole case or one of its flags</source>
        <translation>裁决的对象：整个案件，或其中一个标记</translation>
    </message>
    <message>
        <source>Reason (choose or type)</source>
        <translation>理由（可选择或输入）</translation>
    </message>
    <message>
        <source>Note for the record (Ctrl+Enter saves it alone)</source>
        <translation>记录备注（Ctrl+Enter 单独保存备注）</translation>
    </message>
    <message>
        <source>Applies to:</source>
        <translation>对象：</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>理由：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decision&lt;/b&gt;</source>
        <translation>&lt;b&gt;裁决&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Engine agreement far above the player&apos;s level</source>
        <translation>与引擎的一致程度远超该玩家的水平</translation>
    </message>
    <message>
        <source>Feeding pattern between the pair confirmed</source>
        <translation>确认二人之间存在喂牌规律</translation>
    </message>
    <message>
        <source>Play matches the players&apos; reports</source>
        <translation>打法与玩家举报相符</translation>
    </message>
    <message>
        <source>Strong honest player: fit explained by skill</source>
        <translation>牌技好的正常玩家：吻合度来自实力</translation>
    </message>
    <message>
        <source>Too few games to judge</source>
        <translation>牌局太少，无法判断</translation>
    </message>
    <message>
        <source>Nothing beyond chance in the evidence</source>
        <translation>证据未超出偶然范围</translation>
    </message>
    <message>
        <source>Needs a second opinion</source>
        <translation>需要他人复核</translation>
    </message>
    <message>
        <source>Needs platform logs (chat, devices, addresses)</source>
        <translation>需要平台日志（聊天、设备、地址）</translation>
    </message>
    <message>
        <source>Whole case (%1)</source>
        <translation>整个案件（%1）</translation>
    </message>
    <message>
        <source>%1 %2 · score %3 (%4)%5</source>
        <translation>%1 %2 · 得分 %3（%4）%5</translation>
    </message>
    <message>
        <source>, retired</source>
        <translation>，已失效</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Decision on case %1&lt;/b&gt;</source>
        <translation>&lt;b&gt;案件 %1 的裁决&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>tw::ui::EvidencePanel</name>
    <message>
        <source>Complaints</source>
        <translation>举报</translation>
    </message>
    <message>
        <source>by %1 in %2</source>
        <translation>%1 在牌局 %2 中举报</translation>
    </message>
    <message>
        <source>(no text)</source>
        <translation>（无内容）</translation>
    </message>
</context>
<context>
    <name>tw::ui::FitChart</name>
    <message>
        <source>Open a case to see the fit</source>
        <translation>打开一个案件即可查看吻合度</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>吻合度</translation>
    </message>
    <message>
        <source>Opening</source>
        <translation>开局</translation>
    </message>
    <message>
        <source>Late wall</source>
        <translation>牌墙后段</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>%1 号位</translation>
    </message>
    <message>
        <source>Qualifying game</source>
        <translation>计入的牌局</translation>
    </message>
    <message>
        <source>Game fit</source>
        <translation>单局吻合度</translation>
    </message>
    <message>
        <source>f_u</source>
        <translation>f_u</translation>
    </message>
    <message>
        <source>last 10</source>
        <translation>最近 10 局</translation>
    </message>
    <message>
        <source>last 25</source>
        <translation>最近 25 局</translation>
    </message>
    <message>
        <source>last 50</source>
        <translation>最近 50 局</translation>
    </message>
    <message>
        <source>%1 games</source>
        <translation>%1 局</translation>
    </message>
    <message>
        <source>History of %1 (also recorded as %2)</source>
        <translation>%1 的历史（另记作 %2）</translation>
    </message>
    <message>
        <source>opening</source>
        <translation>开局</translation>
    </message>
    <message>
        <source>late wall</source>
        <translation>牌墙后段</translation>
    </message>
    <message>
        <source>middle game</source>
        <translation>中盘</translation>
    </message>
    <message>
        <source>Played: %1</source>
        <translation>实际：%1</translation>
    </message>
    <message>
        <source>Fit %1 · weight %2 · %3</source>
        <translation>吻合度 %1 · 权重 %2 · %3</translation>
    </message>
    <message>
        <source>Qualifying game, by when it was played</source>
        <translation>计入的牌局（按对局时间）</translation>
    </message>
    <message>
        <source>Evidence game</source>
        <translation>证据牌局</translation>
    </message>
    <message>
        <source>%1 · %2
game fit %3 · f_u so far %4</source>
        <translation>%1 · %2
单局吻合度 %3 · 截至此局 f_u %4</translation>
    </message>
    <message>
        <source>Evidence game of this case</source>
        <translation>本案件的证据牌局</translation>
    </message>
    <message>
        <source>Within the pair</source>
        <translation>两人之间</translation>
    </message>
    <message>
        <source>Passed within the pair under review</source>
        <translation>在受审的两人之间传递</translation>
    </message>
    <message>
        <source>%1 (grey: opening, orange: late wall)</source>
        <translation>%1（灰色：开局，橙色：牌墙后段）</translation>
    </message>
</context>
<context>
    <name>tw::ui::GameListView</name>
    <message>
        <source>any day</source>
        <translation>任意日期</translation>
    </message>
    <message>
        <source>Games started on this day (UTC) or later</source>
        <translation>在这一天（UTC）或之后开始的对局</translation>
    </message>
    <message>
        <source>Games started on this day (UTC) or earlier</source>
        <translation>在这一天（UTC）或之前开始的对局</translation>
    </message>
    <message>
        <source>Open game</source>
        <translation>打开对局</translation>
    </message>
    <message>
        <source>Player (any of their names)</source>
        <translation>玩家（任一名字）</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>比赛</translation>
    </message>
    <message>
        <source>All rulesets</source>
        <translation>所有规则</translation>
    </message>
    <message>
        <source>Player page</source>
        <translation>玩家页面</translation>
    </message>
    <message>
        <source>The page of one of the selected game&apos;s players</source>
        <translation>所选对局中某位玩家的页面</translation>
    </message>
    <message>
        <source>Show the selected game on the board (Enter)</source>
        <translation>在牌桌上显示所选对局（回车）</translation>
    </message>
    <message>
        <source>Player page of %1</source>
        <translation>%1 的玩家页面</translation>
    </message>
    <message>
        <source>No games of a player named so</source>
        <translation>没有叫这个名字的玩家的对局</translation>
    </message>
    <message>
        <source>Games: %1</source>
        <translation>对局：%1</translation>
    </message>
    <message>
        <source>Choose a game first</source>
        <translation>请先选择一局</translation>
    </message>
</context>
<context>
    <name>tw::ui::HandbookViewer</name>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>TileWatch handbook: %1</source>
        <translation>TileWatch 手册：%1</translation>
    </message>
</context>
<context>
    <name>tw::ui::MahjongBoardView</name>
    <message>
        <source>No game open</source>
        <translation>未打开牌局</translation>
    </message>
</context>
<context>
    <name>tw::ui::MahjongPredictionPanel</name>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message>
        <source>Discarded</source>
        <translation>打出</translation>
    </message>
    <message>
        <source>Predicted set</source>
        <translation>预测集合</translation>
    </message>
    <message>
        <source>Engine&apos;s choice</source>
        <translation>引擎选择</translation>
    </message>
    <message>
        <source>Engine rank</source>
        <translation>引擎排名</translation>
    </message>
    <message>
        <source>Value lost</source>
        <translation>损失价值</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>吻合度</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>No discard yet</source>
        <translation>尚无舍牌</translation>
    </message>
    <message>
        <source>Step to a discard to compare it with the prediction and the engine.</source>
        <translation>走到一张舍牌，即可与预测和引擎对比。</translation>
    </message>
    <message>
        <source>%1&apos;s discard #%2 · op %3</source>
        <translation>%1 的第 %2 张舍牌 · 第 %3 步</translation>
    </message>
    <message numerus="yes">
        <source>The current op · %n tile(s) left in the wall</source>
        <translation>
            <numerusform>当前步 · 牌墙剩余 %n 张</numerusform>
        </translation>
    </message>
    <message>
        <source>The last discard before the current op</source>
        <translation>当前步之前的最后一张舍牌</translation>
    </message>
    <message>
        <source>Off-prediction, and it fed %1</source>
        <translation>预测外，且喂牌给 %1</translation>
    </message>
    <message>
        <source>Off-prediction</source>
        <translation>预测外</translation>
    </message>
    <message>
        <source>In the predicted set</source>
        <translation>在预测集合内</translation>
    </message>
    <message>
        <source>#%1 of %2 (in the choice set)</source>
        <translation>第 %1 / %2（在引擎选择内）</translation>
    </message>
    <message>
        <source>#%1 of %2</source>
        <translation>第 %1 / %2</translation>
    </message>
    <message>
        <source>%1 (weight %2)</source>
        <translation>%1（权重 %2）</translation>
    </message>
    <message>
        <source>%1 (not counted)</source>
        <translation>%1（不计入）</translation>
    </message>
    <message>
        <source>Not taken</source>
        <translation>无人要</translation>
    </message>
    <message>
        <source>Dealt in: %1 won on it</source>
        <translation>点炮：%1 胡了这张</translation>
    </message>
    <message>
        <source>Taken by %1</source>
        <translation>被 %1 要走</translation>
    </message>
    <message>
        <source>Off-prediction: the engine&apos;s choice</source>
        <translation>预测外：引擎的选择</translation>
    </message>
    <message>
        <source>The engine&apos;s view</source>
        <translation>引擎视角</translation>
    </message>
    <message>
        <source>Each discard the hand could make, best first: how many steps from ready it leaves the hand and how many tiles would improve it, and the chance the reference model gives a player of choosing it (blue: the engine&apos;s choice set). The discard played is framed.</source>
        <translation>这手牌可打出的每张牌，最好的在前：打出后离听牌还差几步、有几张牌能改进，以及参考模型给出的玩家选择它的概率（蓝色：引擎的选择集）。实际打出的牌加框标出。</translation>
    </message>
    <message>
        <source>Not counted in the engine test (a forced or near-forced discard, or too early).</source>
        <translation>不计入引擎检验（被迫或近乎被迫的打牌，或过早）。</translation>
    </message>
    <message>
        <source>The engine&apos;s choice, where %1 expects one %2% of the time: %3 to the engine test&apos;s matches over expected.</source>
        <translation>引擎的选择，%1 预期此处有 %2% 的时候会如此：为引擎检验的“超出预期的吻合”贡献 %3。</translation>
    </message>
    <message>
        <source>Not the engine&apos;s choice, where %1 expects one %2% of the time: %3 to the engine test&apos;s matches over expected.</source>
        <translation>不是引擎的选择，%1 预期此处有 %2% 的时候会选引擎的牌：为引擎检验的“超出预期的吻合”贡献 %3。</translation>
    </message>
</context>
<context>
    <name>tw::ui::MainWindow</name>
    <message>
        <source>TileWatch</source>
        <translation>TileWatch 麻将审查台</translation>
    </message>
    <message>
        <source>Choose a case in the queue and press Enter.</source>
        <translation>在案件队列中选一个案件，按回车打开。</translation>
    </message>
    <message>
        <source>The games of this case, most evidence first</source>
        <translation>本案件的牌局，证据多的在前</translation>
    </message>
    <message>
        <source>Game:</source>
        <translation>牌局：</translation>
    </message>
    <message>
        <source>This game</source>
        <translation>本局</translation>
    </message>
    <message>
        <source>Player history</source>
        <translation>玩家历史</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open database…</source>
        <translation>打开数据库(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Import games…</source>
        <translation>导入牌局(&amp;I)…</translation>
    </message>
    <message>
        <source>Ctrl+I</source>
        <translation>Ctrl+I</translation>
    </message>
    <message>
        <source>&amp;Analyse all games</source>
        <translation>分析全部牌局(&amp;A)</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>跳转(&amp;G)</translation>
    </message>
    <message>
        <source>Next op</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Previous op</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next discard of the flagged player</source>
        <translation>被标记玩家的下一张舍牌</translation>
    </message>
    <message>
        <source>Previous discard of the flagged player</source>
        <translation>被标记玩家的上一张舍牌</translation>
    </message>
    <message>
        <source>Start of the game</source>
        <translation>牌局开头</translation>
    </message>
    <message>
        <source>End of the game</source>
        <translation>牌局结尾</translation>
    </message>
    <message>
        <source>Next flagged discard</source>
        <translation>下一张被标记的舍牌</translation>
    </message>
    <message>
        <source>Previous flagged discard</source>
        <translation>上一张被标记的舍牌</translation>
    </message>
    <message>
        <source>Next open case</source>
        <translation>下一个待处理案件</translation>
    </message>
    <message>
        <source>Case queue</source>
        <translation>案件队列</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Show every hand face up</source>
        <translation>亮出所有手牌</translation>
    </message>
    <message>
        <source>Cannot open the database</source>
        <translation>无法打开数据库</translation>
    </message>
    <message>
        <source>TileWatch — %1</source>
        <translation>TileWatch — %1</translation>
    </message>
    <message>
        <source>%1 · games: %2</source>
        <translation>%1 · 牌局数：%2</translation>
    </message>
    <message>
        <source>Open database</source>
        <translation>打开数据库</translation>
    </message>
    <message>
        <source>TileWatch databases (*.db *.sqlite);;All files (*)</source>
        <translation>TileWatch 数据库 (*.db *.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import games</source>
        <translation>导入牌局</translation>
    </message>
    <message>
        <source>Busy: wait for the running work to finish.</source>
        <translation>正忙：请等待当前任务完成。</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>处理中…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Demo database</source>
        <translation>演示数据库</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Rejected records: %1. The rest went in.</source>
        <translation>拒收记录 %1 条，其余均已导入。</translation>
    </message>
    <message>
        <source>%1 (marked: %2)</source>
        <translation>%1（标记：%2）</translation>
    </message>
    <message>
        <source>Cannot open the game</source>
        <translation>无法打开牌局</translation>
    </message>
    <message>
        <source>score %1</source>
        <translation>得分 %1</translation>
    </message>
    <message>
        <source>Case %1 · %2 · %3 · priority %4&lt;br&gt;%5</source>
        <translation>案件 %1 · %2 · %3 · 优先级 %4&lt;br&gt;%5</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Case history</source>
        <translation>案件历史</translation>
    </message>
    <message>
        <source>&amp;Verify the audit trail</source>
        <translation>校验审计日志(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Case</source>
        <translation>案件(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Confirm</source>
        <translation>确认(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Dismiss</source>
        <translation>驳回(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Escalate</source>
        <translation>上报(&amp;E)</translation>
    </message>
    <message>
        <source>Re&amp;open</source>
        <translation>重新打开(&amp;O)</translation>
    </message>
    <message>
        <source>Save &amp;note</source>
        <translation>保存备注(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Advance to the next open case after a verdict</source>
        <translation>裁决后转到下一个待处理案件(&amp;A)</translation>
    </message>
    <message>
        <source>Moderator</source>
        <translation>审查员</translation>
    </message>
    <message>
        <source>Your name as it should appear in the audit trail and the reports:</source>
        <translation>你在审计日志和报告中显示的名字：</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Flag %1 of case %2</source>
        <translation>案件 %2 的标记 %1</translation>
    </message>
    <message>
        <source>Case %1</source>
        <translation>案件 %1</translation>
    </message>
    <message>
        <source>%1: %2, saved.</source>
        <translation>%1：%2，已保存。</translation>
    </message>
    <message>
        <source>Now case %1.</source>
        <translation>现在是案件 %1。</translation>
    </message>
    <message>
        <source>Write a note first.</source>
        <translation>请先写备注。</translation>
    </message>
    <message>
        <source>Note saved.</source>
        <translation>备注已保存。</translation>
    </message>
    <message>
        <source>Audit trail</source>
        <translation>审计日志</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Export &amp;anonymised report…</source>
        <translation>导出匿名报告(&amp;A)…</translation>
    </message>
    <message>
        <source>Export anonymised report</source>
        <translation>导出匿名报告</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>The report was not written: %1</source>
        <translation>报告未写入：%1</translation>
    </message>
    <message>
        <source>Report written to %1</source>
        <translation>报告已写入 %1</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Self-contained HTML (*.html)</source>
        <translation>独立 HTML 网页 (*.html)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON 数据 (*.json)</translation>
    </message>
    <message>
        <source>Analyse &amp;xiangqi games with the engine</source>
        <translation>用引擎分析象棋对局(&amp;X)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>Game records (*.jsonl *.json *.pgn *.txt);;All files (*)</source>
        <translation>对局记录 (*.jsonl *.json *.pgn *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The database is not fully usable</source>
        <translation>数据库无法完全使用</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Redone: %1</source>
        <translation>已重做：%1</translation>
    </message>
    <message>
        <source>Undone: %1</source>
        <translation>已撤销：%1</translation>
    </message>
    <message>
        <source>&amp;Undo: %1</source>
        <translation>撤销(&amp;U)：%1</translation>
    </message>
    <message>
        <source>&amp;Redo: %1</source>
        <translation>重做(&amp;R)：%1</translation>
    </message>
    <message>
        <source>&amp;Player page</source>
        <translation>玩家页面(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Configure TileWatch…</source>
        <translation>配置 TileWatch(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About TileWatch</source>
        <translation>关于 TileWatch(&amp;A)</translation>
    </message>
    <message>
        <source>About TileWatch</source>
        <translation>关于 TileWatch</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>%1 (from history)</source>
        <translation>%1（来自历史）</translation>
    </message>
    <message>
        <source>case %1 (%2)</source>
        <translation>案件 %1（%2）</translation>
    </message>
    <message>
        <source>Also open for %1: %2</source>
        <translation>%1 另有待处理案件：%2</translation>
    </message>
    <message>
        <source>for %1: %2</source>
        <translation>%1 另有：%2</translation>
    </message>
    <message>
        <source>Cancelled: nothing was written.</source>
        <translation>已取消：未写入任何内容。</translation>
    </message>
    <message>
        <source>Only the moves &amp;within the pair</source>
        <translation>只看两人之间的操作(&amp;W)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;TileWatch %1&lt;/h3&gt;&lt;p&gt;A review desk for the fair-play moderators of online mahjong (Xinchang, Sichuan, Anshan and riichi rules) and xiangqi: flagged cases, the games behind them, and verdicts with an audit trail.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;TileWatch %1&lt;/h3&gt;&lt;p&gt;供网络麻将（新昌、血战到底、鞍山和立直规则）与象棋的公平竞技审查员使用的审查台：被标记的案件、案件背后的牌局，以及附带审计日志的裁决。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Connect to &amp;team server…</source>
        <translation>连接团队服务器(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Take next case</source>
        <translation>领取下一个案件(&amp;T)</translation>
    </message>
    <message>
        <source>Signed in to %1 as %2 (%3)</source>
        <translation>已以 %2（%3）身份登录 %1</translation>
    </message>
    <message>
        <source>lead</source>
        <translation>组长</translation>
    </message>
    <message>
        <source>moderator</source>
        <translation>审核员</translation>
    </message>
    <message>
        <source>Claimed by %1 until %2: you can read this case; verdicts and notes are theirs to give.</source>
        <translation>已由 %1 认领至 %2：你可以查看此案件；裁定和备注由其给出。</translation>
    </message>
    <message>
        <source>Not claimed: %1</source>
        <translation>未能认领：%1</translation>
    </message>
    <message>
        <source>No free case in the queue.</source>
        <translation>队列中没有未被认领的案件。</translation>
    </message>
    <message>
        <source>Could not take a case: %1</source>
        <translation>无法领取案件：%1</translation>
    </message>
    <message>
        <source>Case %1 is yours until %2.</source>
        <translation>案件 %1 由你负责至 %2。</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>案件</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>对局</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>玩家</translation>
    </message>
    <message>
        <source>&amp;Games</source>
        <translation>对局(&amp;G)</translation>
    </message>
    <message>
        <source>P&amp;layers</source>
        <translation>玩家(&amp;L)</translation>
    </message>
    <message>
        <source>Choose a player in the Players view, or open a game, first.</source>
        <translation>请先在“玩家”视图中选择一位玩家，或打开一局。</translation>
    </message>
    <message>
        <source>Game %1 · %2 · %3&lt;br&gt;Shown outside any case: verdicts are given on a case.</source>
        <translation>对局 %1 · %2 · %3&lt;br&gt;不在任何案件中显示：裁决只能针对案件作出。</translation>
    </message>
    <message>
        <source>Record an &amp;appeal…</source>
        <translation>记录申诉(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Handbook</source>
        <translation>手册(&amp;H)</translation>
    </message>
</context>
<context>
    <name>tw::ui::PlayerListView</name>
    <message>
        <source>Player page</source>
        <translation>玩家页面</translation>
    </message>
    <message>
        <source>Their games</source>
        <translation>其对局</translation>
    </message>
    <message>
        <source>Any part of any of their names</source>
        <translation>任一名字中的任一部分</translation>
    </message>
    <message>
        <source>The selected player&apos;s page: cases, decisions, names, games, complaints (Enter)</source>
        <translation>所选玩家的页面：案件、裁决、名字、对局、投诉（回车）</translation>
    </message>
    <message>
        <source>The selected player&apos;s games, in the Games view</source>
        <translation>在“对局”视图中列出所选玩家的对局</translation>
    </message>
    <message>
        <source>Players: %1</source>
        <translation>玩家：%1</translation>
    </message>
</context>
<context>
    <name>tw::ui::PlayerPage</name>
    <message>
        <source>Cases</source>
        <translation>案件</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>牌局</translation>
    </message>
    <message>
        <source>Complaints</source>
        <translation>举报</translation>
    </message>
    <message>
        <source>Double-click a case to open it in the desk, a game to replay it.</source>
        <translation>双击案件可在审查台中打开，双击牌局可回放。</translation>
    </message>
    <message>
        <source>Player %1</source>
        <translation>玩家 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n case(s), %2 open; %3 decisions; %4 games; %5 complaints against them.</source>
        <translation>
            <numerusform>%1：%n 个案件，其中 %2 个待处理；%3 条裁决；%4 局；被举报 %5 次。</numerusform>
        </translation>
    </message>
    <message>
        <source>Also recorded as: %1.</source>
        <translation>另记作：%1。</translation>
    </message>
    <message>
        <source>The Games tab lists the latest %1.</source>
        <translation>“牌局”页列出最近的 %1 局。</translation>
    </message>
</context>
<context>
    <name>tw::ui::ServerDialog</name>
    <message>
        <source>Connect to team server</source>
        <translation>连接团队服务器</translation>
    </message>
    <message>
        <source>The address of your team&apos;s database, postgresql://LOGIN@HOST/DATABASE, or the name of a service in your pg_service.conf. No password here: put it in your pgpass file (~/.pgpass, or the file PGPASSFILE names), where the server&apos;s client library reads it.</source>
        <translation>团队数据库的地址 postgresql://登录名@主机/数据库，或 pg_service.conf 中的服务名。此处不要填写密码：请写入 pgpass 文件（~/.pgpass，或 PGPASSFILE 指定的文件），由服务器客户端库读取。</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Server address or service name:</source>
        <translation>服务器地址或服务名：</translation>
    </message>
    <message>
        <source>Not a server address: it starts with postgresql://, or is a service name.</source>
        <translation>不是服务器地址：地址以 postgresql:// 开头，或为服务名。</translation>
    </message>
    <message>
        <source>No password in the address: put it in your pgpass file.</source>
        <translation>地址中不能含密码：请写入 pgpass 文件。</translation>
    </message>
</context>
<context>
    <name>tw::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Drawn tiles (no tileset)</source>
        <translation>绘制的牌面（不用牌面主题）</translation>
    </message>
    <message>
        <source>System language</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Tileset:</source>
        <translation>牌面主题：</translation>
    </message>
    <message>
        <source>Language (after restart):</source>
        <translation>语言（重启后生效）：</translation>
    </message>
    <message>
        <source>Counted discards for a game to count:</source>
        <translation>一局计入所需的有效舍牌数：</translation>
    </message>
    <message>
        <source>Your name for the audit trail</source>
        <translation>你在审计日志中的名字</translation>
    </message>
    <message>
        <source>After a verdict, open the next open case</source>
        <translation>裁决后打开下一个待处理案件</translation>
    </message>
    <message>
        <source>Moderator:</source>
        <translation>审查员：</translation>
    </message>
    <message>
        <source>Xiangqi engine-assist line (f_u ≥):</source>
        <translation>象棋引擎辅助标记线（f_u ≥）：</translation>
    </message>
    <message>
        <source>Xiangqi games before a player can be flagged:</source>
        <translation>象棋玩家可被标记前的最少局数：</translation>
    </message>
    <message>
        <source>Flag at q-value (false discovery rate) at most:</source>
        <translation>标记所需的 q 值（错误发现率）上限：</translation>
    </message>
    <message>
        <source>No database is open.</source>
        <translation>尚未打开数据库。</translation>
    </message>
    <message>
        <source>Decision models in force:</source>
        <translation>当前生效的决策模型：</translation>
    </message>
    <message>
        <source>The seed&apos;s mahjong fit line, shown beside (f_u ≥):</source>
        <translation>种子方法的麻将吻合度标记线，仅作对照显示（f_u ≥）：</translation>
    </message>
    <message>
        <source>The seed&apos;s mahjong games for its line:</source>
        <translation>种子方法标记线所需的麻将局数：</translation>
    </message>
    <message>
        <source>Xiangqi engine lines per position (MultiPV; 2 or more: the calibrated test):</source>
        <translation>象棋每个局面的引擎变例数（MultiPV；2 或以上：校准检验）：</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>Detection</source>
        <translation>检测</translation>
    </message>
    <message>
        <source>Default thresholds</source>
        <translation>恢复默认阈值</translation>
    </message>
    <message>
        <source>The detection thresholds back to their defaults</source>
        <translation>将检测阈值恢复为默认值</translation>
    </message>
    <message>
        <source>On a team server your name is your server login: the server writes it into every decision.</source>
        <translation>在团队服务器上，你的名字就是服务器登录名：服务器将其写入每一条裁定。</translation>
    </message>
    <message>
        <source>Shared by your team: as a lead, your changes apply at every desk and are audited.</source>
        <translation>团队共享：作为组长，你的修改对所有审核台生效并记入审计。</translation>
    </message>
    <message>
        <source>Set by your team&apos;s leads on the server: only a lead can change them.</source>
        <translation>由团队组长在服务器上设定：只有组长可以修改。</translation>
    </message>
    <message>
        <source>Team thresholds</source>
        <translation>团队阈值</translation>
    </message>
    <message>
        <source>The server did not take the thresholds: %1</source>
        <translation>服务器未接受阈值：%1</translation>
    </message>
    <message>
        <source>1: the seed&apos;s line flags. 2 or more (4 by default): every counted move is tested against the xiangqi model in force (the built-in one was fitted with 4 lines), its loss read from one search; the lines are searched only before the moves the fit counts, and positions are scored again under a new setting.</source>
        <translation>1：由种子方法的标记线标记。2 或以上（默认 4）：每步计入的着法都以当前生效的象棋模型检验（内置模型以 4 条变例拟合），其损失取自同一次搜索；变例只在计入的着法之前搜索，且各局面会在新设置下重新评分。</translation>
    </message>
</context>
<context>
    <name>tw::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>tw::ui::StandingBanner</name>
    <message>
        <source>Under appeal by %1 (recorded by %2, %3): %4. On a team server only a lead decides it.</source>
        <translation>%1 提出申诉（由 %2 于 %3 记录）：%4。在团队服务器上只有组长可以裁决。</translation>
    </message>
    <message>
        <source>The evidence shown is as it was at decision %1 (%2): the verdict rests on it, whatever later scans found.</source>
        <translation>所示证据为裁决 %1（%2）当时的样子：裁决以此为依据，与之后扫描的结果无关。</translation>
    </message>
    <message>
        <source>Sanction in force: %1.</source>
        <translation>生效的处罚：%1。</translation>
    </message>
    <message>
        <source>Raised again after dismissed case %1: a scan found evidence beyond that dismissal.</source>
        <translation>在已驳回的案件 %1 之后再次提出：扫描发现了超出该驳回所依据的证据。</translation>
    </message>
    <message>
        <source>Under appeal by %1, for a lead: %2.</source>
        <translation>%1 提出申诉，由组长裁决：%2。</translation>
    </message>
    <message>
        <source>Evidence as at decision %1 (%2), not the latest scan.</source>
        <translation>证据为裁决 %1（%2）当时的样子，而非最新扫描。</translation>
    </message>
    <message>
        <source>Raised again after dismissed case %1.</source>
        <translation>在已驳回的案件 %1 之后再次提出。</translation>
    </message>
</context>
<context>
    <name>tw::ui::VerdictDialog</name>
    <message>
        <source>%1 case %2?</source>
        <translation>%1案件 %2？</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; case &lt;b&gt;%2&lt;/b&gt; (%3)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;案件 &lt;b&gt;%2&lt;/b&gt;（%3）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; flag %2 of case &lt;b&gt;%3&lt;/b&gt;: %4 %5 (%6)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;案件 &lt;b&gt;%3&lt;/b&gt; 的标记 %2：%4 %5（%6）</translation>
    </message>
    <message>
        <source>The whole case, now %1.</source>
        <translation>整个案件，当前状态：%1。</translation>
    </message>
    <message>
        <source>The queue highlights case %1, but this verdict applies to the open case %2.</source>
        <translation>队列中高亮的是案件 %1，但此裁决作用于当前打开的案件 %2。</translation>
    </message>
    <message>
        <source>Choose a reason or type one</source>
        <translation>选择或输入理由</translation>
    </message>
    <message>
        <source>Reason:</source>
        <translation>理由：</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>Enter writes the verdict once a reason is given; Esc writes nothing.</source>
        <translation>填写理由后按回车即写入裁决；按 Esc 不写入任何内容。</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>驳回</translation>
    </message>
    <message>
        <source>Escalate</source>
        <translation>上报</translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation>重新打开</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>What the verdict imposes on the player; it is named in the reports</source>
        <translation>裁决对玩家施加的处罚；报告中会写明</translation>
    </message>
    <message>
        <source>The suspension&apos;s last day</source>
        <translation>停赛的最后一天</translation>
    </message>
    <message>
        <source>Sanction:</source>
        <translation>处罚：</translation>
    </message>
    <message>
        <source>Suspended until:</source>
        <translation>停赛至：</translation>
    </message>
</context>
<context>
    <name>tw::ui::XiangqiMovePanel</name>
    <message>
        <source>Played:</source>
        <translation>实际着法：</translation>
    </message>
    <message>
        <source>Engine&apos;s move:</source>
        <translation>引擎着法：</translation>
    </message>
    <message>
        <source>Start position</source>
        <translation>初始局面</translation>
    </message>
    <message>
        <source>Move %1 · %2 (%3)</source>
        <translation>第 %1 步 · %2（%3）</translation>
    </message>
    <message>
        <source>Red</source>
        <translation>红方</translation>
    </message>
    <message>
        <source>Black</source>
        <translation>黑方</translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation>未分析</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 (the same)</source>
        <translation>%1（相同）</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 (weight %2)</source>
        <translation>%1（权重 %2）</translation>
    </message>
    <message>
        <source>not counted (outside the score window or in the opening)</source>
        <translation>不计入（评分超出计算区间或处于开局阶段）</translation>
    </message>
    <message>
        <source>The engine scored the mover&apos;s position at %1 centipawns before this move and %2 after it.</source>
        <translation>引擎对走棋方局面的评分：此着之前为 %1 分，之后为 %2 分（1 分为百分之一个兵）。</translation>
    </message>
    <message>
        <source>The fit says how well the move kept that lead: 1 when the lead held (to within 25 centipawns) or grew, 0 when about 25 centipawns more were lost, below 0 for larger losses; the bigger the lead, the more a loss is forgiven. Honest strong players average well below 1, and a player is judged on many moves, never on one.</source>
        <translation>吻合度表示这步棋保住优势的程度：优势保持（相差 25 分以内）或扩大时为 1，多损失约 25 分时为 0，损失更大时低于 0；优势越大，对损失越宽容。诚实的强手平均值也远低于 1，而且评判一名棋手要看许多步，绝不只看一步。</translation>
    </message>
    <message>
        <source>This was the engine&apos;s own move and still scores under 1: the search after the move looks one move further and usually finds the lead a little smaller.</source>
        <translation>这正是引擎自己的着法，吻合度却仍低于 1：走棋之后的搜索多看了一步，通常会发现优势略小一些。</translation>
    </message>
    <message>
        <source>Moves of the first rounds and moves from positions that are nearly level or already won are not counted: they say little about engine help.</source>
        <translation>开局头几个回合的着法，以及在接近均势或已经胜定的局面下走出的着法不计入：它们很难说明是否借助了引擎。</translation>
    </message>
    <message>
        <source>Score before → after (the seed&apos;s):</source>
        <translation>前后评分（种子方法）：</translation>
    </message>
    <message>
        <source>Fit (the seed&apos;s):</source>
        <translation>拟合度（种子方法）：</translation>
    </message>
    <message>
        <source>Loss (one search):</source>
        <translation>损失（同一次搜索）：</translation>
    </message>
    <message>
        <source>no engine lines at this move</source>
        <translation>此着没有引擎变例</translation>
    </message>
    <message>
        <source>The loss compares the move with the engine&apos;s move, both valued in one search of the position before it (the engine&apos;s four best lines, and any move outside them searched alone), so the engine&apos;s own move loses nothing; it is what the calibrated test weighs, while the seed&apos;s fit above reads two searches.</source>
        <translation>损失将该着与引擎着法比较，两者都在着法之前局面的同一次搜索中评估（引擎的四条最佳变例，以及其外的着法单独搜索），因此引擎自己的着法损失为零；校准检验衡量的正是它，而上面种子方法的拟合度读取的是两次搜索。</translation>
    </message>
    <message>
        <source>%1 pawns</source>
        <translation>%1 兵</translation>
    </message>
</context>
</TS>
