// The words tenhou.net/6 writes and reads in Japanese, and its two-digit tile numbers: shared by the
// reader (tenhou6.cpp) and the writer (tenhou6_write.cpp), so the two cannot drift apart.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "tenhou/hand_builder.h"

namespace tw::tenhou::tenhou6 {

// Tenhou's own names (tenhou.net's viewer script): yaku by id, limits by `ten`'s third value, dan by UN's.
inline constexpr const char* kYaku[55] = {
    "門前清自摸和", "立直",    "一発",       "槍槓",     "嶺上開花",     "海底摸月",   "河底撈魚",
    "平和",         "断幺九",  "一盃口",     "自風 東",  "自風 南",      "自風 西",    "自風 北",
    "場風 東",      "場風 南", "場風 西",    "場風 北",  "役牌 白",      "役牌 發",    "役牌 中",
    "両立直",       "七対子",  "混全帯幺九", "一気通貫", "三色同順",     "三色同刻",   "三槓子",
    "対々和",       "三暗刻",  "小三元",     "混老頭",   "二盃口",       "純全帯幺九", "混一色",
    "清一色",       "人和",    "天和",       "地和",     "大三元",       "四暗刻",     "四暗刻単騎",
    "字一色",       "緑一色",  "清老頭",     "九蓮宝燈", "純正九蓮宝燈", "国士無双",   "国士無双１３面",
    "大四喜",       "小四喜",  "四槓子",     "ドラ",     "裏ドラ",       "赤ドラ"};
inline constexpr const char* kLimit[6] = {"", "満貫", "跳満", "倍満", "三倍満", "役満"};
inline constexpr const char* kDan[21] = {"新人", "９級", "８級", "７級", "６級", "５級", "４級",
                                         "３級", "２級", "１級", "初段", "二段", "三段", "四段",
                                         "五段", "六段", "七段", "八段", "九段", "十段", "天鳳"};
// RYUUKYOKU type ↔ the result's first string (an exhaustive draw has three names, by who is tenpai).
inline constexpr std::pair<const char*, const char*> kDraws[] = {
    {"yao9", "九種九牌"}, {"reach4", "四家立直"}, {"ron3", "三家和了"},
    {"kan4", "四槓散了"}, {"kaze4", "四風連打"},  {"nm", "流し満貫"}};
inline constexpr std::string_view kAgari = "和了", kDraw = "流局", kAllTenpai = "全員聴牌",
                                  kNoTenpai = "全員不聴";

// ---- tiles: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honours, 51-53 red fives ----

inline int numberOf(Face f) {
    if (f.red) return 51 + f.kind / 9;
    if (f.kind >= 27) return 41 + f.kind - 27;
    return (f.kind / 9 + 1) * 10 + f.kind % 9 + 1;
}

inline std::optional<Face> faceOfNumber(int n) {
    if (n >= 51 && n <= 53) return Face{(n - 51) * 9 + 4, true};
    if (n >= 41 && n <= 47) return Face{27 + n - 41, false};
    if (n >= 11 && n <= 39 && n % 10 != 0) return Face{(n / 10 - 1) * 9 + n % 10 - 1, false};
    return std::nullopt;
}

inline std::string two(Face f) {
    return std::to_string(numberOf(f));
}

} // namespace tw::tenhou::tenhou6
