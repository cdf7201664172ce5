#!/usr/bin/env python3
"""script2ops: turns readable mahjong game scripts into ops/1 JSON Lines (SPEC §3).

    python3 tests/tools/script2ops.py tests/data/games/*.script      # writes X.jsonl and X.expect.tsv
    python3 tests/tools/script2ops.py --list FILE.script              # also prints every op, for checking

One script holds any number of games. Lines (S is a seat 1-4; T a tile like 5p, 7z, or 5p#3 for an
explicit copy; `#` at the start of a line or after a space starts a comment):

    game ID RULESET dealer=N seats=a,b,c,d   starts a game (ruleset xinchang | sichuan | anshan)
    deal S 123m456p77z                       one op 10 per tile, to seat S
    lack S p                                 op 30 (Sichuan void suit m|p|s)
    hun T / gun T                            op 31 / op 32 (seat 0); the copy stays in the wall
    S draw T                                 op 10
    S discard T                              op 11 (the copy just drawn if it is that kind, else the
                                             lowest copy index held)
    S dd T                                   S draw T, then S discard T (a tsumogiri)
    S pung | S kong                          op 12 / op 17 of the last discard (held copies + the discard)
    S ckong T | S addkong T                  op 15 / op 16
    S chow 345p                              op 22; copies of the lowest, middle, highest tile in order
    S ron | S tsumo | S rob                  op 13 (the discard) / op 14 (last drawn) / op 20 (kong tile)
    S pass | S passrob                       op 18 / op 21
    draw-game                                op 19
    exhaust S [last=TILES] [until=N] [S2=SUITS]
                                             from seat S, the seats still in play draw in turn and
                                             discard what they drew until the wall is empty (Anshan: the
                                             last four tiles are drawn and kept, 分张), then op 19; with
                                             until=N it stops when N tiles are left, without op 19. The
                                             tiles come in kind order (m p s z, copy 1-4), those listed
                                             with last=TILES last in that order; S2=ps makes seat S2 draw
                                             only 筒 and 条 (a seat that must discard its void suit).
    raw VALUE | raw OP SEAT T|- COPIES       an arbitrary op (no checks, copies not tracked)
    reject PHRASE                            the next op must be rejected (valid=0), its reason containing
                                             PHRASE
    expect KEY=VALUE ...                     an expectation for the test (see README.md)
    expect-xfail KEY: WHY                    a known engine bug makes the check of KEY fail
    expect-reason PHRASE                     one more phrase the rejection reason must contain
    expect-warn PHRASE                       some warning of the game must contain PHRASE
    expect-here points=a,b,c,d               the points after the ops so far (a mid-game check)

The tool tracks the copies each seat holds, so records are consistent unless a `raw` line says
otherwise; anything it cannot do (a copy not held, none left in the wall) stops it with the line number.
"""
import json
import os
import re
import sys

TILE = re.compile(r"^([1-9])([mpsz])(?:#([1-4]))?$")
SUITS = "mpsz"


def enc(op, seat=0, kind=None, copies=()):
    v = op + 100 * seat
    if kind:
        v += 1000 * kind[0] + 10000 * kind[1]
    for i, c in enumerate(copies):
        v += c * 10 ** (5 + i)
    return v


def parse_tile(text):
    m = TILE.match(text)
    if not m:
        raise ValueError(f"bad tile {text!r}")
    return (SUITS.index(m.group(2)) + 1, int(m.group(1))), (int(m.group(3)) if m.group(3) else None)


def parse_tiles(text):
    out, digits = [], ""
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            digits += ch
        elif ch in SUITS and digits:
            out += [(SUITS.index(ch) + 1, int(d)) for d in digits]
            digits = ""
        else:
            raise ValueError(f"bad tiles {text!r}")
    if digits:
        raise ValueError(f"bad tiles {text!r}")
    return out


def name(kind, copy=None):
    return f"{kind[1]}{SUITS[kind[0] - 1]}" + (f"#{copy}" if copy else "")


class Game:
    def __init__(self, words):
        self.id, self.ruleset = words[1], words[2]
        opts = dict(w.split("=", 1) for w in words[3:])
        self.dealer = int(opts.get("dealer", 1))
        self.seats = opts.get("seats", "p1,p2,p3,p4").split(",")
        self.total = 108 if self.ruleset == "sichuan" else 136
        self.ops, self.notes, self.expect = [], [], []
        self.used = set()        # copies that left the wall
        self.held = {s: {} for s in range(1, 5)}  # seat -> kind -> [copy indices]
        self.drawn = {}          # seat -> (kind, copy) of its last draw
        self.discard = None      # (seat, kind, copy)
        self.kongtile = None     # (seat, kind, copy) of the last added kong
        self.won = set()
        self.ops_checked = False

    def wall(self):
        return self.total - len(self.used)

    def emit(self, value, note):
        self.ops.append(value)
        self.notes.append(f"{len(self.ops) - 1:4d} {value:>11d}  wall {self.wall():3d}  {note}")

    def take_from_wall(self, kind, copy):
        if copy is None:
            free = [c for c in range(1, 5) if (kind, c) not in self.used]
            if not free:
                raise ValueError(f"no copy of {name(kind)} left in the wall")
            copy = free[0]
        elif (kind, copy) in self.used:
            raise ValueError(f"{name(kind, copy)} already left the wall (use raw)")
        self.used.add((kind, copy))
        return copy

    def give(self, seat, kind, copy):
        self.held[seat].setdefault(kind, []).append(copy)

    def take(self, seat, kind, copy=None, prefer=None):
        have = sorted(self.held[seat].get(kind, []))
        if copy is None:
            copy = prefer if prefer in have else (have[0] if have else None)
        if copy not in have:
            raise ValueError(f"seat {seat} holds no {name(kind, copy)}")
        self.held[seat][kind].remove(copy)
        return copy

    def draw(self, seat, tile):
        kind, copy = parse_tile(tile)
        copy = self.take_from_wall(kind, copy)
        self.give(seat, kind, copy)
        self.drawn[seat] = (kind, copy)
        self.emit(enc(10, seat, kind, [copy]), f"seat {seat} draws {name(kind, copy)}")

    def do_discard(self, seat, tile):
        kind, copy = parse_tile(tile)
        last = self.drawn.get(seat)
        copy = self.take(seat, kind, copy, prefer=last[1] if last and last[0] == kind else None)
        self.drawn.pop(seat, None)
        self.discard = (seat, kind, copy)
        self.emit(enc(11, seat, kind, [copy]), f"seat {seat} discards {name(kind, copy)}")

    def seat_cmd(self, seat, cmd, args):
        if cmd == "draw":
            self.draw(seat, args[0])
        elif cmd == "discard":
            self.do_discard(seat, args[0])
        elif cmd == "dd":
            self.draw(seat, args[0])
            k, c = self.drawn[seat]
            self.do_discard(seat, name(k, c))
        elif cmd in ("pung", "kong"):
            _, kind, dcopy = self.discard
            need = 2 if cmd == "pung" else 3
            copies = [self.take(seat, kind) for _ in range(need)] + [dcopy]
            self.emit(enc(12 if cmd == "pung" else 17, seat, kind, copies), f"seat {seat} {cmd}s {name(kind)}")
        elif cmd == "ckong":
            kind, _ = parse_tile(args[0])
            copies = [self.take(seat, kind) for _ in range(4)]
            self.emit(enc(15, seat, kind, copies), f"seat {seat} concealed kong {name(kind)}")
        elif cmd == "addkong":
            kind, copy = parse_tile(args[0])
            copy = self.take(seat, kind, copy)
            self.kongtile = (seat, kind, copy)
            self.emit(enc(16, seat, kind, [copy]), f"seat {seat} adds {name(kind, copy)} to its pung")
        elif cmd == "chow":
            low = parse_tiles(args[0])[0]
            _, dkind, dcopy = self.discard
            copies = []
            for i in range(3):
                kind = (low[0], low[1] + i)
                copies.append(dcopy if kind == dkind else self.take(seat, kind))
            self.emit(enc(22, seat, low, copies), f"seat {seat} chows {args[0]}")
        elif cmd == "ron":
            _, kind, copy = self.discard
            self.give(seat, kind, copy)
            self.won.add(seat)
            self.emit(enc(13, seat, kind, [copy]), f"seat {seat} wins on {name(kind, copy)}")
        elif cmd == "rob":
            _, kind, copy = self.kongtile
            self.give(seat, kind, copy)
            self.won.add(seat)
            self.emit(enc(20, seat, kind, [copy]), f"seat {seat} robs the kong of {name(kind, copy)}")
        elif cmd == "tsumo":
            kind, copy = self.drawn[seat]
            self.won.add(seat)
            self.emit(enc(14, seat, kind, [copy]), f"seat {seat} wins by self-draw on {name(kind, copy)}")
        elif cmd == "pass":
            self.emit(enc(18, seat), f"seat {seat} passes")
        elif cmd == "passrob":
            self.emit(enc(21, seat), f"seat {seat} passes on robbing the kong")
        else:
            raise ValueError(f"unknown command {cmd!r}")

    def exhaust(self, seat, opts):
        tail = []
        for t in parse_tiles(opts.get("last", "")) if opts.get("last") else []:
            c = self.take_from_wall(t, None)
            self.used.discard((t, c))
            tail.append((t, c))
        kinds = [(t, n) for t in range(1, 5 if self.total == 136 else 4) for n in range(1, 10 if t < 4 else 8)]
        rest = [(k, c) for k in kinds for c in range(1, 5) if (k, c) not in self.used and (k, c) not in tail]
        only = {int(k): [SUITS.index(x) + 1 for x in v] for k, v in opts.items() if k.isdigit()}
        reserved = {t for v in only.values() for t in v}
        until = int(opts.get("until", 0))
        active = [s for s in range(1, 5) if s not in self.won]
        s = seat
        while self.wall() > until:
            if rest:  # a seat with a suit list draws only those suits; the others leave them to it
                ok = [x for x in rest if x[0][0] in only[s]] if s in only else \
                     [x for x in rest if x[0][0] not in reserved] or rest
                if not ok:
                    raise ValueError(f"exhaust: no tile left for seat {s}")
                pick = ok[0]
                rest.remove(pick)
            else:
                pick = tail.pop(0)
            split = self.ruleset == "anshan" and self.wall() <= 4
            self.draw(s, name(*pick))
            if not split:
                self.do_discard(s, name(*pick))
            s = active[(active.index(s) + 1) % len(active)]
        if not until:
            self.emit(enc(19), "exhaustive draw")

    def line(self, words):
        w0 = words[0]
        if w0 != "deal" and not self.ops_checked and self.ops:
            self.ops_checked = True  # a hint only: rejection games deal wrongly on purpose
            n = [len([o for o in self.ops if o % 100 == 10 and o // 100 % 10 == s]) for s in range(1, 5)]
            if n != [14 if s == self.dealer else 13 for s in range(1, 5)]:
                print(f"note: {self.id}: initial deal {n}", file=sys.stderr)
        if w0 == "deal":
            seat = int(words[1])
            for kind in parse_tiles("".join(words[2:])):
                copy = self.take_from_wall(kind, None)
                self.give(seat, kind, copy)
                self.drawn[seat] = (kind, copy)
                self.emit(enc(10, seat, kind, [copy]), f"deal {name(kind, copy)} to seat {seat}")
        elif w0 == "lack":
            self.emit(enc(30, int(words[1]), (SUITS.index(words[2]) + 1, 0)), f"seat {words[1]} voids {words[2]}")
        elif w0 in ("hun", "gun"):
            kind, copy = parse_tile(words[1])
            if copy is None:
                copy = next(c for c in range(1, 5) if (kind, c) not in self.used)
            self.emit(enc(31 if w0 == "hun" else 32, 0, kind, [copy]), f"{w0} indicator {name(kind, copy)}")
        elif w0 == "draw-game":
            self.emit(enc(19), "exhaustive draw")
        elif w0 == "exhaust":
            self.exhaust(int(words[1]), dict(w.split("=", 1) for w in words[2:]))
        elif w0 == "raw":
            if len(words) == 2:
                value = int(words[1])
            else:
                kind = None if words[3] == "-" else parse_tile(words[3])[0]
                value = enc(int(words[1]), int(words[2]), kind, [int(c) for c in words[4:]])
            self.emit(value, "raw " + " ".join(words[1:]))
        elif w0 == "reject":
            self.expect.append(("valid", "0"))
            self.expect.append(("error_op", str(len(self.ops))))
            self.expect.append(("reason", " ".join(words[1:])))
        elif w0 == "expect-xfail":
            self.expect.append(("xfail", " ".join(words[1:])))
        elif w0 == "expect-reason":
            self.expect.append(("reason", " ".join(words[1:])))
        elif w0 == "expect-warn":
            self.expect.append(("warn", " ".join(words[1:])))
        elif w0 == "expect-here":
            for w in words[1:]:
                k, v = w.split("=", 1)
                self.expect.append((f"{k}@{len(self.ops)}", v))
        elif w0 == "expect":
            for w in words[1:]:
                k, v = w.split("=", 1)
                self.expect.append((k, v))
        elif w0.isdigit():
            self.seat_cmd(int(w0), words[1], words[2:])
        else:
            raise ValueError(f"unknown line {w0!r}")

    def record(self):
        return {"format": "ops/1", "id": self.id, "ruleset": self.ruleset, "seats": self.seats,
                "dealer": self.dealer, "ops": self.ops}


def convert(path, listing):
    games, game = [], None
    with open(path, encoding="utf-8") as f:
        for no, text in enumerate(f, 1):
            words = re.split(r"(?:^|\s)#", text, 1)[0].split()  # 5p#3 is a copy, " # ..." a comment
            if not words:
                continue
            try:
                if words[0] == "game":
                    game = Game(words)
                    games.append(game)
                else:
                    game.line(words)
            except (ValueError, KeyError, IndexError, AttributeError, TypeError) as e:
                sys.exit(f"{path}:{no}: {e}")
    stem = os.path.splitext(path)[0]
    with open(stem + ".jsonl", "w", encoding="utf-8") as out:
        for g in games:
            out.write(json.dumps(g.record(), ensure_ascii=False) + "\n")
    with open(stem + ".expect.tsv", "w", encoding="utf-8") as out:
        out.write("# generated by tests/tools/script2ops.py from " + os.path.basename(path) + "\n")
        for g in games:
            for k, v in g.expect:
                out.write(f"{g.id}\t{k}\t{v}\n")
    if listing:
        for g in games:
            print(f"== {g.id} ({g.ruleset}, dealer {g.dealer})")
            print("\n".join(g.notes))
            for seat in range(1, 5):  # concealed tiles at the end (melds not shown)
                tiles = sorted((k[0], k[1]) for k, cs in g.held[seat].items() for _ in cs)
                text = "".join(f"{n}{SUITS[t - 1]}" for t, n in tiles)
                print(f"     seat {seat} holds {text}")
    print(f"{path}: {len(games)} games", file=sys.stderr)


if __name__ == "__main__":
    args = sys.argv[1:]
    listing = "--list" in args
    for p in [a for a in args if a != "--list"]:
        convert(p, listing)
