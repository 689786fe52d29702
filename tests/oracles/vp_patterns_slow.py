"""A plain, slow hold-pattern classifier: the canonical text of one hold, from the naming rules alone.

Written apart from holdwise's patterns.py (no shared code): plain Python over card tuples, sets and
Counters, trying straight windows one by one. Cards are rank * 4 + suit (rank 0 = deuce ... 12 = ace),
card 52 is the joker, or in the extra-ace deck an ace of a fifth suit (4, the stars). The 5-card hand's pay class comes from the brute-force oracle's evaluator.
"""

from __future__ import annotations

from collections import Counter

from tests.oracles.video_poker_bruteforce import Oracle

RANKS = "23456789TJQKA"
WORDS = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
         "kings", "aces"]
# straight windows as rank sets: A2345, then 23456 ... TJQKA
WINDOWS = [{12, 0, 1, 2, 3}] + [set(range(low, low + 5)) for low in range(9)]
ROYAL_RANKS = {8, 9, 10, 11, 12}
MADE = {
    "royal_flush": "royal flush", "four_deuces": "four deuces and a kicker", "wild_royal_flush": "wild royal flush",
    "five_of_a_kind": "five of a kind", "straight_flush": "straight flush",
    "four_aces_with_2_3_4": "four aces with 2-4", "four_2s_4s_with_a_2_3_4": "four 2s-4s with A-4",
    "four_aces": "four aces and a kicker", "four_2s_4s": "four 2s-4s and a kicker",
    "four_5s_ks": "four 5s-Ks and a kicker", "four_of_a_kind": "four of a kind and a kicker",
    "full_house": "full house", "flush": "flush", "straight": "straight",
    "three_of_a_kind": "three of a kind and 2 kickers", "two_pairs": "two pair and a kicker",
    "jacks_or_better": "high pair and 3 kickers", "kings_or_better": "high pair and 3 kickers",
    "aces_or_better": "high pair and 3 kickers", "five_aces": "five aces",
    "nothing": "5 cards that pay nothing",
}


def count(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def letters(ranks) -> str:
    return "".join(RANKS[r] for r in sorted(ranks, reverse=True))


class SlowPatterns:
    """Canonical pattern texts of one game's holds."""

    def __init__(self, table):
        self.hands = tuple(table.hands)
        self.wild = table.wild
        self.star = table.extra_ace
        self.evaluate = Oracle(table.hands, "ace" if self.star else table.wild)
        paying = [r for hand, r in (("jacks_or_better", 9), ("kings_or_better", 11), ("aces_or_better", 12))
                  if hand in self.hands]
        self.high = min(paying) if paying else None
        self.aces_apart = any(h in self.hands for h in ("four_aces", "four_aces_with_2_3_4"))
        self.low_apart = any(h in self.hands for h in ("four_2s_4s", "four_2s_4s_with_a_2_3_4"))

    def is_wild(self, card: int) -> bool:
        if self.wild == "joker":
            return card == 52
        if self.wild == "deuces":
            return card // 4 == 0
        return False

    def rank(self, card: int) -> int:
        return 12 if self.star and card == 52 else card // 4

    def suit(self, card: int) -> int:
        return 4 if self.star and card == 52 else card % 4

    def wild_words(self, w: int) -> list[str]:
        if self.wild == "deuces":
            return ["no deuces" if w == 0 else count(w, "deuce")]
        if self.wild == "joker":
            return ["no joker" if w == 0 else "joker" if w == 1 else count(w, "joker")]
        return []

    def kind_name(self, rank: int) -> str | None:
        """The rank group of quads and trips in games that pay quads by rank (None: all ranks one group)."""
        if not (self.aces_apart or self.low_apart):
            return None
        if rank == 12 and self.aces_apart:
            return "aces"
        if rank <= 2 and self.low_apart:
            return "2s-4s"
        rest = [r for r in range(13) if not (r == 12 and self.aces_apart) and not (r <= 2 and self.low_apart)]
        return f"{RANKS[rest[0]]}s-{RANKS[rest[-1]]}s"

    def text(self, cards, mask: int) -> str:
        """The canonical text of holding the cards at the bits of `mask` (bit j = j-th card of sorted cards)."""
        cards = sorted(cards)
        held = [cards[j] for j in range(5) if mask >> j & 1]
        dropped = [cards[j] for j in range(5) if not mask >> j & 1]
        if not held:
            return "discard everything"
        wilds = [c for c in held if self.is_wild(c)]
        naturals = [c for c in held if not self.is_wild(c)]
        w, n = len(wilds), len(held)
        wild_words = self.wild_words(w)
        if n == 5:
            return ", ".join([MADE[self.hands[self.evaluate(cards)]]] + wild_words)
        if not naturals:
            if self.wild == "joker":
                return "joker alone"
            return f"{count(w, 'deuce')} alone"
        ranks = [self.rank(c) for c in naturals]
        by_rank = Counter(ranks)
        most = max(by_rank.values())
        if most >= 2:
            rank = max(r for r, k in by_rank.items() if k == most)
            total = most + w
            if total >= 4:
                group = self.kind_name(rank)
                return ", ".join([f"four {group}" if group else "four of a kind"] + wild_words)
            if total == 3:
                group = self.kind_name(rank)
                base = f"three {group}" if group else "three of a kind"
                if n == 4:
                    base += " and 1 kicker"
                return ", ".join([base] + wild_words)
            if sum(1 for k in by_rank.values() if k == 2) == 2:
                return ", ".join(["two pair"] + wild_words)
            if n == 2:
                return ", ".join([f"pair of {WORDS[rank]}"] + wild_words)
            if self.high is None:
                kind = "pair"
            else:
                kind = "high pair" if rank >= self.high else "low pair"
            return ", ".join([f"{kind} and {count(n - 2, 'kicker')}"] + wild_words)
        rank_set = set(ranks)
        suits = {self.suit(c) for c in naturals}
        suited = len(suits) == 1
        highs = 0 if self.high is None else sum(1 for r in ranks if r >= self.high)
        high_words = [] if self.high is None else [count(highs, "high card")]
        in_window = any(rank_set <= win for win in WINDOWS)

        # penalties
        flush_penalty = straight_penalty = False
        if w == 0 and n <= 3:
            for card in dropped:
                if self.is_wild(card):
                    continue
                r = self.rank(card)
                if suited and self.suit(card) in suits:
                    flush_penalty = True
                if r not in rank_set and any(rank_set | {r} <= win for win in WINDOWS):
                    straight_penalty = True

        def penalty_words(with_flush: bool) -> list[str]:
            out = []
            if with_flush and flush_penalty:
                out.append("flush penalty")
            if straight_penalty:
                out.append("straight penalty")
            if with_flush and len(out) == 1:
                return [out[0] + " only"]
            return out or ["no penalty"]

        if len(naturals) == 1:
            r = ranks[0]
            if self.high is not None and r >= self.high:
                return ", ".join([RANKS[r]] + wild_words + (penalty_words(True) if w == 0 else []))
            base = "single low card" if self.high is not None else "single card"
            return ", ".join([base] + wild_words + ([RANKS[r]] if w > 0 else []))

        if 12 in rank_set and all(r <= 3 for r in rank_set - {12}):
            span_ranks = [-1 if r == 12 else r for r in rank_set]
        else:
            span_ranks = list(rank_set)
        gaps = max(span_ranks) - min(span_ranks) - (len(naturals) - 1)

        if suited and rank_set <= ROYAL_RANKS:
            if w == 0 and n == 2:
                return ", ".join([f"{letters(rank_set)} suited"] + wild_words + penalty_words(True))
            if w > 0 or n == 3:
                return ", ".join([f"{n} to a royal flush"] + wild_words + [letters(rank_set)]
                                 + (penalty_words(True) if w == 0 else []))
            return ", ".join([f"{n} to a royal flush"] + wild_words)
        if suited and in_window:
            ways = sum(1 for win in WINDOWS if rank_set <= win)
            words = [f"{n} to a straight flush"] + wild_words + [count(gaps, "gap")] + high_words
            words.append(count(ways, "way"))
            if w > 0:
                words.append(letters(rank_set))
            if w == 0 and n == 3:
                words += penalty_words(True)
            return ", ".join(words)
        if suited:
            return ", ".join([f"{n} to a flush"] + wild_words + high_words)
        if w == 0 and n <= 3 and self.high is not None and highs == len(naturals):
            return ", ".join([f"{letters(rank_set)} unsuited"] + wild_words + penalty_words(False))
        if in_window:
            if n < 4:
                return ", ".join([f"{n} to a straight"] + wild_words + [count(gaps, "gap")] + high_words)
            completing = 0
            for r in range(13):
                if r in rank_set or (self.wild == "deuces" and r == 0):
                    continue
                if any(rank_set | {r} <= win for win in WINDOWS):
                    completing += 1
            inside = completing < 2
            words = ["4 to an inside straight" if inside else "4 to an outside straight"] + wild_words + high_words
            if self.wild != "none":
                words.append(count(completing, "completing rank"))
            return ", ".join(words)
        return ", ".join([count(len(naturals), "unrelated card")] + wild_words + high_words)
